"""Where the play records are reached from: the buttons the results screens, a game's History
page and the records screen add (each screen calls one function: its layout stays its own)."""

from __future__ import annotations

from kivy.app import App

from companion.store import GameRecord
from .i18n import _


def record_buttons(record: GameRecord, finished: bool) -> list:
    """The records screen's own buttons for this game: its export once it is finished."""
    from kivy.factory import Factory
    buttons = []
    if finished:
        export = Factory.QuietButton(text=_("Export for BG Stats"))
        export.bind(on_release=lambda *_: export_play(record.id))
        buttons.append(export)
    return buttons


def export_play(game_id: int) -> None:
    """The finished game as BG Stats' JSON and as CSV, in the exports folder (on the USB stick
    when one is plugged in); a notice says where."""
    from .widgets import Question
    try:
        path = write_play(game_id)
        text = _("Saved for BG Stats and as a spreadsheet in {folder}").format(folder=path)
    except (OSError, ValueError) as error:
        text = _("The game could not be exported: {error}").format(error=error)
    Question(text, _("OK"), lambda: None, None).open(animation=False)


def write_play(game_id: int):
    """play-N.bgstats.json and play-N.csv; the folder they went to."""
    import json
    from pathlib import Path
    from companion.records import bgstats
    from .unreadable import EXPORTS
    store = App.get_running_app().store
    folder = Path(store.path).parent / EXPORTS
    folder.mkdir(parents=True, exist_ok=True)
    play = bgstats.play_json(store, game_id)
    (folder / f"play-{game_id}.bgstats.json").write_text(
        json.dumps(play, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (folder / f"play-{game_id}.csv").write_text(bgstats.csv_text(store, [game_id]),
                                                encoding="utf-8")
    return folder


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
