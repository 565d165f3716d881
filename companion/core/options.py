"""The options every engine reads alike from a game's header: the mode, and true-or-false ones.

New game writes `mode` into every header (companion.games.APP_OPTIONS): "play" while the whole
game is tracked, "score_only" when only a finished game's final position is entered.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Mapping

from .rules import RuleViolation


class Mode(Enum):
    PLAY = "play"  # the whole game is tracked
    SCORE_ONLY = "score_only"  # only the finished position is entered and scored


def read_mode(options: Mapping[str, Any]) -> Mode:
    """The header's mode ("play" when it names none), or the refusal of one it can't be."""
    try:
        return Mode(options.get("mode", Mode.PLAY.value))
    except ValueError:
        raise RuleViolation("bad_option", "Unknown mode {mode!r}: use 'play' or 'score_only'.",
                            mode=options.get("mode")) from None


def read_bool(options: Mapping[str, Any], key: str) -> bool:
    """A true-or-false option (false when the header has none), or the refusal of another value."""
    value = options.get(key, False)
    if not isinstance(value, bool):
        raise RuleViolation("bad_option", "The option {key} must be true or false.", key=key)
    return value
