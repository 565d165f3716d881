"""What every screen has: a way to show a message, and a redraw when the game or language changes."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen


def player_colours(table) -> list[str]:
    """Each seat's taxi colour as chosen in New game (the box's order if none was)."""
    return list(table.header.options.get("colours") or ["blue", "purple", "white", "yellow"])


class BaseScreen(Screen):
    """A screen redraws itself (`refresh`) on entering, after every move and on a new language."""

    def on_kv_post(self, base_widget) -> None:
        App.get_running_app().bind(on_table_change=self._on_table_change)

    def on_pre_enter(self, *args) -> None:
        holder = self.ids.get("map_holder")
        if holder is not None:  # the app's one map comes to this screen
            board_view = self.map
            board_view.selected, board_view.highlight, board_view.marked = "", [], []
            board_view.on_tap = getattr(self, "route_tapped", None)
            holder.hold(board_view)
        self.refresh()

    @property
    def table(self):
        """The live game (None when there is none)."""
        return App.get_running_app().table

    def show_game_map(self, table) -> list[str]:
        """Put this game on the map (board, the players' taxi colours, the claims); returns
        the colours."""
        colours = player_colours(table)
        board_view = self.map
        board_view.board = table.rules.board
        board_view.colours = colours
        board_view.owners = dict(table.state.owners)
        return colours

    @property
    def map(self):
        """The map (one BoardView for the whole app: its drawing is cached and costly)."""
        return App.get_running_app().board_view

    def _on_table_change(self, _app, _action) -> None:
        if self.manager is not None and self.manager.current_screen is self:
            self.refresh()

    def refresh(self) -> None:
        """Bring every text and button up to date."""

    def show_message(self, text: str, where=None, good: bool = False) -> None:
        """Show a message near `where` (a Message widget's id), or the screen's main one."""
        target = self.ids.get(where) if where else None
        target = target or self.ids.get("message")
        if target is not None:
            target.show(text, good=good)
