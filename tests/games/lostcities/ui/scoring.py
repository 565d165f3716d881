"""Lost Cities' results: the shared column, and beside it each player's expeditions."""

from __future__ import annotations

from companion.app.i18n import _
from companion.app.results_screen import ResultsScreen, sheet_rows

from .. import GAME
from ..engine import COLOURS
from .game import RGBA
from .words import card_colour, card_value


def verdict(sheet, players) -> tuple[str, str]:
    if len(sheet.winners) > 1:
        return _("A tie"), ""
    return _("{player} wins!").format(player=players[sheet.winners[0]]), ""


class LostCitiesScoringScreen(ResultsScreen):
    game_kind = GAME.game_kind

    def show(self, table) -> None:
        sheet = table.score()
        players = table.header.players
        columns = [(c, lambda c=c: card_colour(c)) for c in COLOURS]
        colours = table.header.options.get("colours") or GAME.colours
        self.show_results(table, sheet, sheet_rows(sheet, columns, len(players)),
                          [RGBA.get(c) for c in colours], verdict)
        self.ids.expeditions.text = "\n\n".join(
            "{}\n{}".format(name, "\n".join(
                "{}: {}".format(card_colour(c), " ".join(card_value(v) for v in row))
                for c, row in table.state.expeditions[seat].items() if row) or "–")
            for seat, name in enumerate(players))
