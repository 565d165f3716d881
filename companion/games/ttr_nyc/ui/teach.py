"""Teaching the scanner Ticket to Ride: New York's cards and tickets: one tap on what a tag is."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.app.i18n import _
from companion.app.theme import touch
from companion.app.widgets import CardButton
from .words import card_name, ticket_label
from companion.store import TaggedComponent

from .. import board
from ..engine import Card


def component_name(component: TaggedComponent) -> str:
    """A Ticket to Ride component a tag stands for, in the player's language."""
    if component.kind == "card":
        return _("{card} card").format(card=card_name(component.value))
    return _("ticket {ticket}").format(ticket=ticket_label(board(), component.value))


class TtrTeachPanel(BoxLayout):
    """Ticket to Ride: New York's components to tap when teaching a tag: cards and tickets."""

    def __init__(self, teach, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(8), **kwargs)
        cards = GridLayout(cols=7, spacing=dp(6), size_hint_y=None, height=touch(8))
        for card in Card:
            button = CardButton(card=card.key, size_hint=(1, 1))
            button.bind(on_release=lambda _b, key=card.key: teach("card", key))
            cards.add_widget(button)
        self.add_widget(cards)
        # every ticket, scrolled: at 800×480 the last rows are below the window's edge
        tickets = GridLayout(cols=3, spacing=dp(6), size_hint_y=None)
        tickets.bind(minimum_height=tickets.setter("height"))
        for ticket_id in board().tickets:
            button = Factory.QuietButton(font_size=sp(15))
            button.ticket_id = ticket_id
            button.bind(on_release=lambda b: teach("ticket", b.ticket_id))
            tickets.add_widget(button)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(tickets)
        self.add_widget(scroll)
        self._cards, self._tickets = cards, tickets

    def refresh(self) -> None:
        for button in self._cards.children:
            button.text = card_name(button.card)
        ttr_board = board()
        for button in self._tickets.children:
            button.text = ticket_label(ttr_board, button.ticket_id)
