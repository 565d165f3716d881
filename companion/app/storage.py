"""What the screens say when the database was damaged at start, or is full or read-only now."""

from __future__ import annotations

from pathlib import Path

from companion.recovery import MovedAside
from companion.store import StoreError, Trouble
from .i18n import _


def refused(error: StoreError) -> str:
    """Why a move (an undo, a new game) was refused: nothing changed, the game is safe."""
    if error.trouble is Trouble.FULL:
        return _("The storage is full: this was not done, as it could not be saved. Your game "
                 "is saved up to the last move.")
    if error.trouble is Trouble.READ_ONLY:
        return _("The storage is read-only: this was not done, as it could not be saved. Your "
                 "game is saved up to the last move.")
    return _("The move could not be saved. Nothing was changed.")


def moved_aside(moved: MovedAside) -> str:
    """The start-up notice after a damaged database was set aside for a fresh one."""
    # The folder and the file's name apart: a long path as one word would be broken
    # mid-word by the line wrap at 800x480 (issue 17).
    kept = Path(moved.kept)
    return _("The saved games were damaged, so the app started with an empty database. "
             "The old file is kept in the folder {folder} as {name}.").format(
        folder=f"{kept.parent}/", name=kept.name)


def unopened(error: StoreError) -> str:
    """The start-up notice when the database could not be opened, or only read: nothing will
    be saved."""
    if error.trouble is Trouble.READ_ONLY:  # and the way the games get off the card
        return _("The storage is read-only: every saved game can be looked at, but nothing new "
                 "can be saved.") + " " + _(
            "To copy them off the card, plug in a USB stick and tap Settings, then “Back up to "
            "a USB stick”.")
    return _("The saved games could not be opened ({reason}). Nothing can be saved until the "
             "storage is fixed and the app is started again.").format(
        reason=str(error.__cause__ or error))


def alert(error: StoreError):
    """Why the move was refused, over the screen and any question open; one tap closes it."""
    from .widgets import Question  # Kivy's window: not before the app configured its size
    notice = Question(refused(error), _("OK"), lambda: None, None)
    notice.open(animation=False)
    return notice
