"""Railways of the World results: the table and chart per player, who took each city, the goods sets."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.uix.label import Label

from ..engine import Rotw
from ..engine.scoring import city_winners
from companion.app.games import player_colours
from companion.app.i18n import _
from companion.app.results_screen import ResultsScreen, sheet_rows
from ..engine.goods import best_sets
from .network import PLAYER_RGBA
from .words import city_name, goods_name, verdict

COLUMNS = (("track", lambda: _("Connections and deliveries")),
           ("cities", lambda: _("City majorities")),
           ("locomotives", lambda: _("Locomotives")),
           ("goods_sets", lambda: _("Goods sets")))


class RotwScoringScreen(ResultsScreen):
    game_kind = Rotw.game_kind

    def show(self, table) -> None:
        s = table.state
        sheet = table.score()
        players = table.header.players
        colours = player_colours(table)
        self.show_results(table, sheet, sheet_rows(sheet, COLUMNS, len(players)),
                          [PLAYER_RGBA.get(c) for c in colours], verdict)
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
