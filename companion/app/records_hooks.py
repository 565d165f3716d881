"""Where the play records are reached from: the buttons the results screens, a game's History
page and the records screen add (each screen calls one function: its layout stays its own)."""

from __future__ import annotations

from kivy.app import App

from companion.store import GameRecord
from .i18n import _


def record_buttons(record: GameRecord, finished: bool) -> list:
    """The records screen's own buttons for this game."""
    return []


def open_live_record(back: str) -> None:
    """The results screens' "Chart & times": the live game's record, Back to the results."""
    from .records_screen import open_record
    table = App.get_running_app().table
    if table is not None:
        open_record(table.game_id, back)


def open_record(game_id: int, back: str) -> None:
    """A stored game's record (History's "Chart & times")."""
    from .records_screen import open_record as show
    show(game_id, back)
