"""Railways of the World results: the table and chart per player, who took each city, the goods sets."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.label import Label

from companion.core.rules import Phase
from ..engine import Rotw
from ..engine.scoring import city_winners
from companion.app.games import player_colours
from companion.app.i18n import _
from companion.app.results_table import fill_results, results_width
from ..engine.goods import best_sets
from .network import PLAYER_RGBA
from .words import city_name, goods_name, verdict
from companion.app.screens import BaseScreen

COLUMNS = (("track", lambda: _("Connections and deliveries")),
           ("cities", lambda: _("City majorities")),
           ("locomotives", lambda: _("Locomotives")),
           ("goods_sets", lambda: _("Goods sets")))


class RotwScoringScreen(BaseScreen):
    winner_text = StringProperty("")
    reason_text = StringProperty("")
    score_only = BooleanProperty(False)
    entering = BooleanProperty(False)  # never: the results are all this screen shows
    results_width = NumericProperty(0)  # the results table's side: room for every name

    def refresh(self) -> None:
        table = self.table
        if table is None or table.header.game != Rotw.game_id:
            return
        self.score_only = table.header.options.get("mode") == "score_only"
        if table.status.phase is not Phase.OVER:
            App.get_running_app().open_current_game()
            return
        self._show_results()

    def _show_results(self) -> None:
        table = self.table
        s = table.state
        sheet = table.score()
        players = table.header.players
        colours = player_colours(table)
        rows = [(title(), [sheet.of(seat, key) for seat in range(len(players))])
                for key, title in COLUMNS]
        fill_results(self.ids.results, self.ids.chart, players,
                     [PLAYER_RGBA.get(c) for c in colours], rows, sheet.totals)
        self.results_width = results_width(players)
        self.winner_text, self.reason_text = verdict(sheet, players)
        majority = city_winners(s)
        self.ids.network.show(s, colours, majority)
        self._fill_details(table, majority, colours)

    def _fill_details(self, table, majority, colours) -> None:
        """Who took each city, and which cubes form which set."""
        s = table.state
        players = table.header.players
        box = self.ids.details
        box.clear_widgets()
        box.add_widget(self._line(_("Cities"), bold=True))
        for city_id, seats in majority.items():
            who = " & ".join(players[seat] for seat in seats) or _("nobody")
            box.add_widget(self._line(_("{city}: {players} +{value}").format(
                city=city_name(city_id, s), players=who, value=s.cities[city_id].value)))
        box.add_widget(self._line(_("Goods sets"), bold=True))
        for seat, name in enumerate(players):
            sets = best_sets(s.seats[seat].delivered)
            text = ", ".join(_("{cubes} ({points})").format(
                cubes=" + ".join(goods_name(g) for g in found.colours), points=found.points)
                for found in sets) or _("none")
            box.add_widget(self._line(f"{name}: {text}",
                                      colour=PLAYER_RGBA.get(colours[seat])))

    @staticmethod
    def _line(text: str, bold: bool = False, colour=None) -> Label:
        label = Label(text=text, bold=bold, font_size=sp(15), size_hint_y=None,
                      color=colour or (1, 1, 1, 1), halign="left", valign="middle")
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                   texture_size=lambda w, size: setattr(w, "height", max(dp(20), size[1])))
        return label

    def undo(self) -> None:
        App.get_running_app().undo()
        App.get_running_app().open_current_game()

    def back_to_entry(self) -> None:
        self.undo()
