"""The results screen every game shares: who won and why, the results table and bar chart,
Undo / History / Chart & times / Home, and "To a phone" (the play as a QR code for BG Stats)
(its layout: kv/app/results.kv); a game adds its own part beside them (its map, the cities,
the tickets) and fills the rows.

A game's results screen subclasses `ResultsScreen`, sets `game_kind`, lays out its own part as a
widget with the id `beside` in its kv rule (moved into the slot beside the results column),
and implements `show(table)`, which calls `show_results` with the game's rows and colours."""

from __future__ import annotations

import logging
from typing import Callable, Sequence

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.core.rules import Phase
from companion.records.clocks import seconds_text

from .i18n import _
from .results_table import fill_results, results_width
from .screens import BaseScreen

Row = tuple[str, Sequence[object]]  # a category's name, its value per seat
log = logging.getLogger(__name__)


class ResultsScreen(BaseScreen):
    """A game's results: shown while the game is over (`shows`); any other phase opens the
    game's own screen."""

    winner_text = StringProperty("")
    reason_text = StringProperty("")
    score_only = BooleanProperty(False)
    results_width = NumericProperty(0)  # the results table's side: room for every name
    results_share = NumericProperty(0.5)  # the results column's least share of the width

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        beside = self.ids.get("beside")  # the game's own part, laid out in its kv rule
        if beside is not None and beside.parent is self:
            self.remove_widget(beside)
            self.ids.results_box.add_widget(beside)

    def shows(self, phase: Phase) -> bool:
        """Whether this screen is the one for `phase` (the game's own screen otherwise)."""
        return phase is Phase.OVER

    def refresh(self) -> None:
        table = self.own_table()  # `game_kind`: the game this screen shows (set by a subclass)
        if table is None:
            return
        self.score_only = table.header.options.get("mode") == "score_only"
        if not self.shows(table.status.phase):
            App.get_running_app().open_current_game()
            return
        self.show(table)

    def show(self, table) -> None:
        """The game's results (and its own part) for the finished game at `table`."""
        raise NotImplementedError

    def show_results(self, table, sheet, rows: list[Row], colours, verdict: Callable,
                     padding: float = 0) -> None:
        """The shared column: the table and chart from `rows` and the sheet's totals, its
        width, and the game's `verdict(sheet, players)` -> (who won, why)."""
        players = table.header.players
        fill_results(self.ids.results, self.ids.chart, players, colours, rows, sheet.totals,
                     after=clock_rows(table))
        self.results_width = results_width(players, padding=padding)
        self.winner_text, self.reason_text = verdict(sheet, players)

    def to_phone(self) -> None:
        """The finished game's BG Stats link as a QR code over the results."""
        from .phone_qr import open_phone_code
        if self.table is not None:
            open_phone_code(self.table.game_id)

    def undo(self) -> None:
        """Take back the last move; once the game is no longer over, its own screen opens
        again. A refused undo (nothing to take back, a write that failed) stays here, its
        reason shown."""
        app = App.get_running_app()
        if app.undo() and not self.shows(self.table.status.phase):
            app.open_current_game()


def clock_rows(table) -> list[Row]:
    """Each player's whole time on the clock, under the totals (large on the results
    screen; the average and longest turn are on Chart & times). None where nothing was timed:
    a score-only game, a log stored without times."""
    try:
        times = [player.total for player in table.clocks.all()]
    except Exception:  # a clock that cannot be read never stops the results
        log.warning("the clocks of game %s cannot be read", table.game_id, exc_info=True)
        return []
    if not any(times):
        return []
    return [(_("Time on the clock"), [seconds_text(seconds) for seconds in times])]


def sheet_rows(sheet, columns, players: int) -> list[Row]:
    """The rows of a score sheet: `columns` are (the sheet's key, a function giving its name)."""
    return [(title(), [sheet.of(seat, key) for seat in range(players)]) for key, title in columns]
