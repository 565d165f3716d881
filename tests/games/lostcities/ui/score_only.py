"""Lost Cities score-only: each player's finished expeditions, tapped card by card."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory

from companion.app.i18n import _
from companion.app.score_only_screen import ScoreOnlyBase
from companion.app.widgets import PlayerTab

from .. import GAME
from ..engine import COLOURS, VALUES, WAGER, WAGERS, EnterExpedition, FinishScoring
from .words import card_colour, card_value


class LostCitiesScoreOnlyScreen(ScoreOnlyBase):
    """A tap on a number adds it to (or takes it from) the expedition of the chosen player;
    a tap on a wager adds one more (after three: none)."""

    game_kind = GAME.game_kind

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.card_buttons = {}
        self.row_names = {}
        for colour in COLOURS:  # a row a colour, its name first
            self.row_names[colour] = Factory.Note(text=card_colour(colour))
            self.ids.cards.add_widget(self.row_names[colour])
            for value in VALUES:
                button = Factory.BigButton(text=card_value(value))
                button.bind(on_release=lambda _b, c=colour, v=value: self.tap(c, v))
                self.ids.cards.add_widget(button)
                self.card_buttons[colour, value] = button

    def show(self, table) -> None:
        tabs = self.ids.tabs
        tabs.clear_widgets()
        for seat, name in enumerate(table.header.players):
            tab = PlayerTab(text=name, group="lostcities_seat", allow_no_selection=False,
                            state="down" if seat == self.seat else "normal")
            tab.bind(on_release=lambda _b, seat=seat: self.choose(seat))
            tabs.add_widget(tab)
        for colour, label in self.row_names.items():
            label.text = card_colour(colour)
        rows = table.state.expeditions[self.seat]
        self.prompt = _("Tap each card of {player}'s expeditions.").format(
            player=table.header.players[self.seat])
        self.summary = "\n".join(
            "{}: {}".format(card_colour(c), " ".join(card_value(v) for v in rows[c]))
            for c in COLOURS if rows[c])

    def tap(self, colour: str, value: int) -> None:
        row = self.own_table().state.expeditions[self.seat][colour]
        wagers = row.count(WAGER)
        numbers = [v for v in row if v != WAGER]
        if value == WAGER:
            wagers = (wagers + 1) % (WAGERS + 1)
        elif value in numbers:
            numbers.remove(value)
        else:
            numbers = sorted(numbers + [value])
        App.get_running_app().submit(
            EnterExpedition(self.seat, colour, wagers, tuple(numbers)), "message")

    def finish(self) -> None:
        App.get_running_app().submit(FinishScoring(), "message")
