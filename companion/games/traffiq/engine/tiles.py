"""District tiles: four edges, each of one kind, and turning a tile on the table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Iterable

from companion.core.rules import RuleViolation


class Edge(Enum):
    """What a tile shows along one side. Neighbouring tiles must show the same kind.

    Red and beige are the two kinds of city block: a border between two of them is a street.
    Green park and blue water are not: a street ends where one lies.
    """

    RED = "red"
    BEIGE = "beige"
    PARK = "park"
    WATER = "water"

    @property
    def street(self) -> bool:
        return self is Edge.RED or self is Edge.BEIGE


STREET_KINDS = (Edge.RED, Edge.BEIGE)


class Side(Enum):
    """The sides of a tile, clockwise from the top; their values index `Tile.edges`."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3


SIDES = (Side.NORTH, Side.EAST, Side.SOUTH, Side.WEST)


@dataclass(frozen=True, slots=True)
class Tile:
    """A district tile as it lies: its edges north, east, south, west."""

    edges: tuple[Edge, Edge, Edge, Edge]

    def edge(self, side: Side) -> Edge:
        return self.edges[side.value]

    def rotated(self, quarter_turns: int) -> "Tile":
        """The tile turned clockwise by this many quarter turns (negative: anticlockwise).

        A clockwise quarter turn brings the west edge to the north.
        """
        k = quarter_turns % 4
        return Tile(self.edges[4 - k:] + self.edges[:4 - k]) if k else self

    def rotations(self) -> tuple["Tile", ...]:
        """Each different way the tile can lie, turned 0, 1, 2, 3 quarter turns (repeats left out)."""
        return _rotations(self)

    def same_tile(self, other: "Tile") -> bool:
        """Whether `other` is this tile, perhaps turned."""
        return other in self.rotations()

    def names(self) -> tuple[str, ...]:
        return tuple(edge.value for edge in self.edges)

    @classmethod
    def parse(cls, names: Iterable[str]) -> "Tile":
        """A tile from four edge names, north first, clockwise."""
        names = tuple(names)
        if len(names) != 4:
            raise RuleViolation("tile_edges", "A tile has 4 edges (north, east, south, west), "
                                "not {count}.", count=len(names))
        return cls(tuple(parse_edge(name) for name in names))  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _rotations(tile: Tile) -> tuple[Tile, ...]:
    seen: list[Tile] = []
    for k in range(4):
        turned = tile.rotated(k)
        if turned not in seen:
            seen.append(turned)
    return tuple(seen)


_BY_NAME = {edge.value: edge for edge in Edge}


def parse_edge(name: object) -> Edge:
    try:
        return _BY_NAME[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise RuleViolation("unknown_edge", "Unknown tile edge {edge!r}: use red, beige, park "
                            "or water.", edge=name) from None
