"""What the screens say when the database was damaged at start, or is full or read-only now."""

from __future__ import annotations

from pathlib import Path

from companion.recovery import MovedAside
from companion.store import CannotRead, StoreError, Trouble
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
    # mid-word by the line wrap at 800x480.
    kept = Path(moved.kept)
    return _("The saved games were damaged, so the app started with an empty database. "
             "The old file is kept in the folder {folder} as {name}.").format(
        folder=f"{kept.parent}/", name=kept.name)


def unopened(error: StoreError) -> str:
    """The start-up notice when the database could not be opened, or only read: nothing will
    be saved."""
    backup = _("To copy them off the card, plug in a USB stick and tap Settings, then “Back "
               "up to a USB stick”.")
    if isinstance(error, CannotRead):  # nothing was read: no promise of games to look at
        pass
    elif error.trouble is Trouble.READ_ONLY:  # and the way the games get off the card
        return _("The storage is read-only: every saved game can be looked at, but nothing new "
                 "can be saved.") + " " + backup
    elif error.trouble is Trouble.FULL:
        return _("The storage is full: every saved game can be looked at, but nothing new can "
                 "be saved until there is room again.") + " " + backup
    return _("The saved games could not be opened ({reason}). Nothing can be saved until the "
             "storage is fixed and the app is started again.").format(
        reason=str(error.__cause__ or error))


def alert(error: StoreError):
    """Why the move was refused, over the screen and any question open; one tap closes it."""
    from .widgets import Question  # Kivy's window: not before the app configured its size
    notice = Question(refused(error), _("OK"), lambda: None, None)
    notice.open(animation=False)
    return notice


def unread(error: StoreError) -> str:
    """The saved games could not be read now (a damaged page): what was stored is left as it
    is on the card."""
    return _("The saved games could not be read ({reason}). Nothing on the card was "
             "changed.").format(reason=str(error.__cause__ or error))


def start_notices(app, trouble: StoreError | None) -> list[str]:
    """What Home says about the start: the database (set aside, not opened, read-only, not
    readable now), a translation that could not be read, a config file that could not."""
    from .i18n import LANGUAGES, unreadable
    notices = []
    if app.moved_aside is not None:
        notices.append(moved_aside(app.moved_aside))
    elif app.unopened is not None:
        notices.append(unopened(app.unopened))
    if trouble is not None:
        notices.append(unread(trouble))
    for language in sorted(unreadable):
        notices.append(_("The {language} translation could not be read, so the app speaks "
                         "English.").format(language=LANGUAGES.get(language, language)))
    if app.config_problem is not None:
        notices.append(_("The rig's config file could not be read, so its defaults are used "
                         "({reason}).").format(reason=app.config_problem))
    return notices
