"""Refusals that play and score-only entry share: a seat, a city and a city value that exist."""

from __future__ import annotations

from typing import Any

from companion.core.rules import RuleViolation
from .state import RotwState


def check_seat(s: RotwState, seat: int) -> int:
    if not 0 <= seat < len(s.players):
        raise RuleViolation("no_such_seat", "There is no seat {seat} in a game of {count}.",
                            seat=seat, count=len(s.players))
    return seat


def unknown_city(city: str, start_ok: bool) -> RuleViolation:
    also = ' (or "start")' if start_ok else ""
    return RuleViolation("unknown_city", "There is no city {city!r} on the table; cities are "
                         "c1, c2, …{also}.", city=city, also=also)


def bad_city_value(value: Any) -> RuleViolation:
    return RuleViolation("bad_city_value", "City cards have values 2 to 5, not {value}.",
                         value=value)
