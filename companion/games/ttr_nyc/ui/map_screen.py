"""The New York map on Ticket to Ride's screens: one BoardView for the whole app, moved into the
screen that shows it (its drawing is cached and costly to make again)."""

from __future__ import annotations

from functools import lru_cache

from companion.app.games import player_colours
from companion.app.marks import table_marks
from companion.app.screens import BaseScreen

from .board_view import BoardView

@lru_cache(maxsize=1)
def the_map() -> BoardView:
    return BoardView()


class TtrScreen(BaseScreen):
    """A Ticket to Ride screen with the map in its `map_holder`."""

    def on_pre_enter(self, *args) -> None:
        holder = self.ids.get("map_holder")
        if holder is not None:  # the app's one map comes to this screen
            board_view = self.map
            board_view.selected, board_view.highlight, board_view.marked = "", [], []
            board_view.on_tap = getattr(self, "route_tapped", None)
            holder.hold(board_view)
            board_view.redraw()  # with the magnifier where a tap enlarges the map
        super().on_pre_enter(*args)

    @property
    def map(self) -> BoardView:
        return the_map()

    def show_game_map(self, table) -> list[str]:
        """Put this game on the map (board, the players' taxi colours and letters, the claims);
        returns the colours."""
        colours = player_colours(table)
        board_view = self.map
        board_view.board = table.rules.board
        board_view.colours = colours
        board_view.marks = table_marks(table)
        board_view.owners = dict(table.state.owners)
        return colours
