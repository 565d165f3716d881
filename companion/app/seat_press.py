"""What each seat's button does in the app right now, decided in one place: the rig does it
(`Rig.pressed`) and the seat strip says it beside the lamp (`seat_words`), so the words can never
promise what the press does not do."""

from __future__ import annotations

import logging
from enum import Enum

from companion.games import N_

from .i18n import _

log = logging.getLogger(__name__)


class Press(Enum):
    """What a press does on a play screen."""

    NOTHING = "nothing"
    WHOSE_TURN = "whose_turn"  # an empty seat: a message names who is to play
    NOT_YOUR_TURN = "not_your_turn"  # another player's seat: the same, as a refusal (Why?)
    MOVE = "move"  # the seat to move: the screen's single obvious move (`seat_button`)
    CONFIRM = "confirm"  # the seat to move while the screen asks it something (`seat_button`)
    UNDO = "undo"  # a long press: asks to take back the last move
    PAUSE = "pause"  # another seat's long press: a break, every clock stops
    GO_ON = "go_on"  # any seat's long press during a break: the clocks run again


# The words beside a lamp; MOVE and CONFIRM are the screen's own (`button_hint`).
WORDS = {Press.WHOSE_TURN: N_("show whose turn"), Press.NOT_YOUR_TURN: N_("show whose turn"),
         Press.UNDO: N_("undo"), Press.PAUSE: N_("pause"), Press.GO_ON: N_("go on")}


def press_of(table, player: int | None, long: bool) -> Press:
    """What a short or long press from `player`'s seat (None: a seat nobody sits at) does now
    in the live game `table`."""
    from companion.hardware.seats import PressKind, SeatAction, seat_action
    status, paused = table.status, is_paused(table)
    if long and not status.over and (paused or player != status.seat):
        return Press.GO_ON if paused else Press.PAUSE  # a break for everyone
    if player is None:
        return Press.WHOSE_TURN if status.seat is not None and not status.over else Press.NOTHING
    action = seat_action(status, player, PressKind.LONG if long else PressKind.SHORT)
    if action is SeatAction.NOT_YOUR_TURN:
        return Press.NOT_YOUR_TURN
    if action is SeatAction.UNDO_REQUEST:
        return Press.UNDO if table.actions else Press.NOTHING
    if action is SeatAction.END_TURN:
        return Press.MOVE
    if action is SeatAction.CONFIRM:
        return Press.CONFIRM
    return Press.NOTHING


def is_paused(table) -> bool:
    """Whether the game is in a break; a clock that cannot be read never stops the buttons."""
    try:
        return table.paused
    except Exception:  # the clock's own screen says so (records_clock)
        log.warning("the clocks of game %s cannot be read", table.game_id, exc_info=True)
        return False


def seat_words(screen, table, player: int) -> str:
    """What `player`'s button does now, short press then long ("draw a tile; hold: undo",
    "show whose turn; hold: pause"), from `press_of`: the same decision the rig acts on."""
    press, hold = press_of(table, player, False), press_of(table, player, True)
    if press in (Press.MOVE, Press.CONFIRM):
        said = screen.button_hint(player)
        press_words = said if said not in ("", "—") else _("nothing now")
    else:
        press_words = _(WORDS[press]) if press in WORDS else ""
    if hold is Press.NOTHING:
        return press_words
    if not press_words:
        return _("hold: {hold}").format(hold=_(WORDS[hold]))
    return _("{press}; hold: {hold}").format(press=press_words, hold=_(WORDS[hold]))
