"""Lost Cities' play screen: lay a card (on an expedition or a discard pile), then draw."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.i18n import _
from companion.app.play_screen import PlayScreen

from .. import GAME
from ..engine import COLOURS, VALUES, Discard, DrawDeck, DrawDiscard, PlayCard
from .words import card_colour, card_value


class LostCitiesPlayScreen(PlayScreen):
    """A grid of the box's cards (a colour a row) to lay, and the deck and piles to draw from."""

    game_kind = GAME.game_kind
    summary = StringProperty("")
    laying = StringProperty("play")  # "play": on the expedition; "discard": on the pile

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.card_buttons = {}
        self.row_names = {}
        for colour in COLOURS:  # a row a colour, its name first
            self.row_names[colour] = Factory.Note(text=card_colour(colour))
            self.ids.cards.add_widget(self.row_names[colour])
            for value in VALUES:
                button = Factory.BigButton()
                button.bind(on_release=lambda _b, c=colour, v=value: self.lay(c, v))
                self.ids.cards.add_widget(button)
                self.card_buttons[colour, value] = button
        self.draw_buttons = {None: self.ids.deck}
        for colour in COLOURS:
            button = Factory.BigButton()
            button.bind(on_release=lambda _b, c=colour: self.draw(c))
            self.ids.draws.add_widget(button)
            self.draw_buttons[colour] = button

    def refresh(self) -> None:
        table = self.own_table()
        if table is None or self.results_once(table):
            return
        s = table.state
        seat = table.status.seat
        self.read_moves(seat)
        for (colour, value), button in self.card_buttons.items():
            button.text = card_value(value)
        for colour, label in self.row_names.items():
            label.text = card_colour(colour)
        for colour, button in self.draw_buttons.items():
            if colour is not None:
                pile = s.discards[colour]
                button.text = "{}: {}".format(card_colour(colour),
                                              card_value(pile[-1]) if pile else "–")
        self.ids.deck.text = _("Deck: {count}").format(count=s.deck)
        self.summary = _("{player}: lay a card, then draw.").format(
            player=table.header.players[seat]) if not s.drawing else _(
            "{player}: draw a card.").format(player=table.header.players[seat])

    def lay(self, colour: str, value: int) -> None:
        seat = self.table.status.seat
        action = (PlayCard if self.laying == "play" else Discard)(seat, colour, value)
        App.get_running_app().submit(action, self.message_at)

    def draw(self, colour: str | None) -> None:
        seat = self.table.status.seat
        action = DrawDeck(seat) if colour is None else DrawDiscard(seat, colour)
        App.get_running_app().submit(action, self.message_at)
