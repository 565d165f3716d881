"""Which kinds of move a seat may make now, each with the engine's reason when it may not: what the
screens offer, light or grey. Each kind is open exactly when `apply` accepts some move of it."""

from __future__ import annotations

from typing import Callable

from companion.core.rules import Move, RuleViolation
from .box import Box
from .building import check_can_build
from .delivering import check_can_deliver, check_can_play_locomotive
from .discarding import check_can_discard_draw, check_can_restock
from .reports import check_can_show_card, check_goods_expected, check_turn_up_expected
from .score_only import check_score_only
from .state import Mode, RotwState, Step
from .taking import (check_can_stop_taking, check_can_take_deck, check_can_take_discard,
    check_can_take_display)
from .turn import check_turn, delivery_step

Check = Callable[[Box, RotwState, int], object]

PLAY: dict[str, Check] = {
    "turn_up": lambda box, s, seat: check_turn_up_expected(s),
    "draw_goods": lambda box, s, seat: check_goods_expected(s),
    "show_card": lambda box, s, seat: check_can_show_card(s, seat),
    "build": check_can_build,
    "play_locomotive": check_can_play_locomotive,
    "deliver": lambda box, s, seat: check_can_deliver(s, seat),
    "discard_draw": lambda box, s, seat: check_can_discard_draw(s, seat),
    "discard_restock": lambda box, s, seat: check_can_restock(s, seat),
    "pass": lambda box, s, seat: check_turn(s, seat, delivery_step(s)),
    "take_deck": lambda box, s, seat: check_can_take_deck(s, seat),
    "take_display": lambda box, s, seat: check_can_take_display(s, seat),
    "take_discard": lambda box, s, seat: check_can_take_discard(s, seat),
    "stop_taking": lambda box, s, seat: check_can_stop_taking(s, seat),
    "discard_excess": lambda box, s, seat: check_turn(s, seat, Step.HAND_LIMIT),
}
SCORE_ONLY = ("place_city", "place_link", "set_locomotives", "set_delivered", "set_track",
              "finish_scoring")


def moves(box: Box, s: RotwState, seat: int | None) -> list[Move]:
    """Every kind of move of the game's mode, open or with its reason; `seat` None (no one's
    turn) asks for the seat whose turn it was."""
    if s.mode is Mode.SCORE_ONLY:
        return [Move(kind, reason_of(lambda: check_score_only(s))) for kind in SCORE_ONLY]
    seat = s.current if seat is None else seat
    return [Move(kind, reason_of(lambda: check(box, s, seat))) for kind, check in PLAY.items()]


def reason_of(check: Callable[[], object]) -> RuleViolation | None:
    """The reason a check gives, None if it passes."""
    try:
        check()
    except RuleViolation as violation:
        return violation
    return None
