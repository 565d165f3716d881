"""What every screen has: a way to show a message, and a redraw when the game or language changes."""

from __future__ import annotations

from typing import Callable

from kivy.app import App
from kivy.uix.screenmanager import Screen, ScreenManager

from companion.core.rules import Phase


class BaseScreen(Screen):
    """A screen redraws itself (`refresh`) on entering, after every move and on a new language."""

    game_kind = ""  # the kind of game a game's screen belongs to ("" for the app's own screens)

    def on_kv_post(self, base_widget) -> None:
        App.get_running_app().bind(on_table_change=self._on_table_change)

    def on_pre_enter(self, *args) -> None:
        self.refresh()

    def on_leave(self, *args) -> None:
        """A message belongs to its moment: it doesn't wait for the screen's next visit."""
        from .widgets import Message
        for widget in self.ids.values():
            if isinstance(widget, Message):
                widget.hide()

    @property
    def table(self):
        """The live game (None when there is none)."""
        return App.get_running_app().table

    def own_table(self):
        """The live game when it is this screen's kind of game; None when there is no game or
        it is another game's (a screen of one game never draws another's table)."""
        table = self.table
        return table if table is not None and table.header.game == self.game_kind else None

    def results_once(self, table, *phases) -> bool:
        """The game's results screen instead of this one once the game is in one of `phases`
        (over, when none are named), any open question closed first: True when it went."""
        if table.status.phase not in (phases or (Phase.OVER,)):
            return False
        close = getattr(self, "close_dialog", None)
        if close is not None:
            close()
        from .games import game_ui
        App.get_running_app().go(game_ui(self.game_kind).scoring)
        return True

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


class LazyScreens(ScreenManager):
    """A screen manager whose screens are made the first time they are asked for (`current`,
    `get_screen`): the app starts with Home alone, as Kivy's showcase and Electrum's Kivy GUI
    do, and pays for a screen's layout only when somebody opens it."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._makers: dict[str, Callable[[], None]] = {}

    def promise(self, names, make: Callable[[], None]) -> None:
        """`make()` adds the screens `names` (a maker may add more than one: a game's screens
        come together; it is called again for each name, so it must do nothing the 2nd time).
        A name already promised or made is refused: two screens of one name would be one."""
        for name in names:
            if self.has_screen(name):
                raise ValueError(f"a screen named {name!r} is already promised or made")
            self._makers[name] = make

    def get_screen(self, name):
        make = self._makers.pop(name, None)
        if make is not None:
            make()
        return super().get_screen(name)

    def has_screen(self, name) -> bool:
        return name in self._makers or super().has_screen(name)
