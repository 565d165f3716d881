"""The base of every game's score-only screen: entering a finished game's final position.

The shared part: it draws only its own game's table, opens the results once the position is
scored (the game is over), and keeps whose part is being entered (`seat`, chosen by tapping
their tab) with a line of prompt and one of summary. The game draws the rest in `show(table)`.
"""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from .screens import BaseScreen


class ScoreOnlyBase(BaseScreen):
    seat = NumericProperty(0)  # whose part of the final position is being entered
    prompt = StringProperty("")
    summary = StringProperty("")

    def refresh(self) -> None:
        table = self.own_table()
        if table is None or self.results_once(table):
            return
        self.show(table)

    def show(self, table) -> None:
        """Draw the final position entered so far, for the live game at `table`."""
        raise NotImplementedError

    def choose(self, seat: int) -> None:
        self.seat = seat
        self.refresh()
