"""The words every game shares in the player's language: the phases and the engine's reasons.

Each game names its own pieces (cards, colours, vehicles) in its `ui/words.py` and gives
`explain` a `name(key, value)` for the blanks only it knows how to fill.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.core.rules import RuleViolation

from .i18n import _
from .why import Refusal

PHASE_NAMES = {
    "setup": lambda: _("setup"),
    "play": lambda: _("play"),
    "final_round": lambda: _("the final round"),
    "scoring": lambda: _("scoring"),
    "over": lambda: _("the end of the game"),
}

Namer = Callable[[str, Any], Any]  # (a reason's blank, its value) -> the value in words


def _param(key: str, value, name: Namer | None):
    if key == "phase" and value in PHASE_NAMES:
        return PHASE_NAMES[value]()
    return name(key, value) if name is not None else value


def explain(violation: RuleViolation, name: Namer | None = None,
            game: str | None = None) -> str:
    """The engine's reason, translated; its blanks filled in the language (the game's `name`
    says what its own pieces are called; `game`, its id, finds the rule card)."""
    params = {key: _param(key, value, name) for key, value in violation.params.items()}
    try:
        text = _(violation.template).format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with a broken blank
        text = violation.message
    return Refusal(text, violation.code, game)  # its code opens the rule card (Why?)
