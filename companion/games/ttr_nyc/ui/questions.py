"""The panels of Ticket to Ride's questions: which cards (turned up, dealt, drawn), tickets kept."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app.dialogs import Dialog
from companion.app.i18n import _
from companion.app.widgets import CardButton
from .words import card_name
from ..engine import Card

CARD_KEYS = tuple(card.key for card in Card)


class TtrDialog(Dialog):
    """A Ticket to Ride question: the map and cards stay in sight where possible."""

    SIZES = {"turn_up": ((0.56, 0.96), {"right": 0.99, "center_y": 0.5}),
             "which_card": ((0.56, 0.96), {"right": 0.99, "center_y": 0.5}),
             "keep_setup": ((0.56, 0.6), {"right": 0.99, "center_y": 0.5}),
             "keep_draw": ((0.56, 0.6), {"right": 0.99, "center_y": 0.5}),
             "claim": ((0.62, 0.96), {"right": 0.99, "center_y": 0.5})}


class CardQuestion(TtrDialog):
    """Which card(s) the table turned face up, or (every card scanned) which cards a player
    was dealt or drew: one tap (or scan) per card, with a way back."""

    def __init__(self, on_card, on_back, kind: str = "turn_up"):
        super().__init__(kind)
        self.heading = self.title("")
        self.chosen = BoxLayout(size_hint_y=None, height=dp(36), spacing=dp(4))
        self.chips = [CardButton(size=(dp(90), dp(34)), font_size=sp(15), disabled=True)
                      for _ in range(5)]
        self.box.add_widget(self.chosen)
        grid = GridLayout(cols=2, spacing=dp(8))
        self.cards = {}
        for key in CARD_KEYS:
            button = CardButton(card=key, size_hint=(1, 1))
            button.bind(on_release=lambda _b, key=key: on_card(key))
            self.cards[key] = button
            grid.add_widget(button)
        # Undo and Home share a card's cell: in the play panel's quieter 16 sp ("Rückgängig")
        self.back = self.button("", on_back, font_size=sp(16))
        self.back.size_hint = (1, 1)
        # The question covers the screen's Home: the way back is here too (asked again on Resume)
        ways = BoxLayout(spacing=dp(8))
        self.home = self.button(_("Home"), App.get_running_app().go_home, font_size=sp(16))
        self.home.size_hint = (1, 1)
        ways.add_widget(self.back)
        ways.add_widget(self.home)
        grid.add_widget(ways)
        self.box.add_widget(grid)

    def show(self, heading: str, collected: list[str], allowed: set[str],
             back: str | None = None) -> None:
        """Bring the question up to date: the cards tapped so far, the cards the engine allows."""
        self.heading.text = heading
        self.chosen.clear_widgets()
        for chip, key in zip(self.chips, collected):
            chip.card, chip.text = key, card_name(key)
            self.chosen.add_widget(chip)
        for key, button in self.cards.items():
            button.text = card_name(key)
            button.closed = key not in allowed  # greyed; a tap says why (CardReports)
        # built once, asked in whatever language is chosen now: every word is set here
        self.back.text = back or _("Undo")
        self.home.text = _("Home")


def keep_question(player: str, choices: list[int], setup: bool, on_kept, on_back) -> TtrDialog:
    """How many tickets a player kept: one big button per count the engine allows."""
    dialog = TtrDialog("keep_setup" if setup else "keep_draw")
    if setup:
        dialog.title(_("{player}: you were dealt 2 tickets. How many did you keep?")
                     .format(player=player))
    elif choices == [1]:
        dialog.title(_("{player}: only one ticket was left. You keep it.").format(player=player))
    else:
        dialog.title(_("{player}: draw 2 tickets. How many did you keep?").format(player=player))
    row = BoxLayout(spacing=dp(12))
    for kept in choices:
        button = dialog.button(str(kept), lambda k=kept: on_kept(k), accent=True,
                               font_size=sp(40))
        button.size_hint_y = 1
        row.add_widget(button)
    dialog.box.add_widget(row)
    dialog.box.add_widget(dialog.button(_("Undo") if setup else _("Cancel"), on_back))
    return dialog
