"""A stored game that can't be opened: its reason said, and its rows exported as stored.

The other games are never held up by it (the store reads them apart). Export writes what the
database holds for that game, untouched, to a file beside the database (on read-only storage:
on the USB stick), where `companion replay` names the line it stops at and a person can mend
it.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App

from companion.gamelog import raw_lines
from companion.store import StoreError, UnreadableGame, writable

from . import storage
from .i18n import _
from .widgets import Question

EXPORTS = "exports"  # the folder beside the database


def export_folder(store) -> Path | None:
    """Beside the database; on read-only storage, on the plugged-in USB stick (None: none)."""
    if writable(Path(store.path)):
        return Path(store.path).parent / EXPORTS
    from companion.records.backup import usb_sticks
    sticks = usb_sticks()
    return sticks[0] / "companion-exports" if sticks else None


def export_rows(store, game_id: int, folder: Path) -> Path:
    """The game's stored rows as a log file in `folder`; its path."""
    rows = store.rows(game_id)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"game-{game_id}.jsonl"
    text = "".join(line + "\n" for line in raw_lines(rows.game, rows.players, rows.options,
                                                       rows.actions))
    target.write_text(text, encoding="utf-8")
    return target


def offer(screen, error: UnreadableGame) -> Question:
    """Say why the game can't be opened, and offer to export its rows."""
    text = _("This game can't be opened: {reason}").format(reason=error.reason)
    question = Question(text, _("Export it"), lambda: _export(screen, error.game_id),
                        _("Back"))
    question.open(animation=False)
    return question


def _export(screen, game_id: int) -> None:
    app = App.get_running_app()
    folder = export_folder(app.store)
    if folder is None:  # read-only storage and no stick: the one way out is a stick
        screen.show_message(_("No USB stick found: plug one in, wait a moment, then tap again."))
        return
    try:
        path = export_rows(app.store, game_id, folder)
    except StoreError as error:  # a full or read-only disk: said where it can't be missed
        storage.alert(error)
        return
    except (OSError, KeyError) as error:
        screen.show_message(_("The game could not be exported: {error}").format(error=error))
        return
    screen.show_message(_("Exported to {path}").format(path=path), good=True)
