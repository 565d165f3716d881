"""Manhattan TraffIQ's table options: the rulebook's open readings, as the table chose them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Forfeit(Enum):
    """When a player may let one or both of a turn's actions go ("lässt … verfallen")."""

    ANY_TIME = "any_time"  # "darf 2 … ausführen" (may): fewer at any time
    LAST_ROUND = "last_round"  # only once the supply is empty, where the rulebook says it


@dataclass(frozen=True, slots=True)
class TraffiqTable:
    """Each field's default is the reading the engine followed before the option existed."""

    forfeit: Forfeit = Forfeit.ANY_TIME
