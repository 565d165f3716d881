"""A district tile as a taught scanner tag remembers it: its four edges, north first, clockwise."""

from __future__ import annotations

from companion.core.rules import RuleViolation
from ..engine import Tile


def tile_value(tile: Tile) -> str:
    return ",".join(tile.names())


def tile_from_value(value: str) -> Tile | None:
    try:
        return Tile.parse(value.split(","))
    except RuleViolation:
        return None
