"""Which way a player most likely lays a tile seen going into the hand: the ways it fits a cell,
ranked by what each gives the player to move (the screens lay the first at a tap on the cell; a
tap on the tile turns it to the next).

The touching sides are fixed by the matching rule, so the ways a tile fits differ only in its
free sides. Those face empty cells: they decide what can be laid beside the tile and where
streets will run. A way ranks higher for, in this order:

1. the crossings the player's other known tiles could then complete beside it (each lets a new
   vehicle onto the map, the game's goal), counted only while the player has a vehicle to put;
2. the player's own streets kept open: a free street side (red or beige) in line with a point
   one step beyond its corner where a vehicle of the player stands counts for it, park or water
   there against it (the player's own tile ending their street);

then the tile as it was held (the order `tile_spots` found the turns in). Only a likelihood: the
table alone knows how the tile lies.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import city
from .city import Cell, Point
from .tiles import Tile

if TYPE_CHECKING:
    from .moves import TileSpot
    from .state import TraffiqState

# north, east, south, west: the step to the neighbouring cell
_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def ranked(s: TraffiqState, seat: int, spot: TileSpot) -> TileSpot:
    """The spot with its turns in the order the player most likely lays them."""
    if len(spot.turns) < 2:
        return spot
    free = [side for side, edge in enumerate(city.implied_edges(s.tiles, spot.cell))
            if edge is None]
    mine = {p for p, standing in s.vehicles.items() if standing.seat == seat}
    others = _rest_of_hand(s, seat)

    def key(at: int) -> tuple[int, int, int]:
        turn = spot.turns[at]
        return (-_crossings_beside(s, spot.cell, turn, free, others),
                -_own_streets(spot.cell, turn, free, mine), at)

    order = sorted(range(len(spot.turns)), key=key)
    return replace(spot, turns=tuple(spot.turns[at] for at in order))


def _rest_of_hand(s: TraffiqState, seat: int) -> list[Tile]:
    """The known tiles of the hand, each that could be laid after another one (none while the
    player has no vehicle left to put on a crossing)."""
    player = s.seats[seat]
    if not player.supply:
        return []
    return [tile for tile in player.hand if tile is not None]


def _crossings_beside(s: TraffiqState, cell: Cell, turn: Tile, free: list[int],
                      hand: list[Tile]) -> int:
    """The crossings another known tile of the hand could complete on the empty cells beside
    `turn` laid on `cell` (the tile itself, once, left out of the hand)."""
    rest = list(hand)
    laid = next((i for i, tile in enumerate(rest) if tile.same_tile(turn)), None)
    if laid is not None:
        del rest[laid]
    if not rest:
        return 0
    tiles = dict(s.tiles)
    tiles[cell] = turn
    found = 0
    for side in free:
        beside = (cell[0] + _STEPS[side][0], cell[1] + _STEPS[side][1])
        completed = city.completed_by(tiles, beside)
        implied = city.implied_edges(tiles, beside)
        if completed and any(city.matches(implied, way) for tile in rest
                             for way in tile.rotations()):
            found += len(completed)
    return found


def _side_ends(cell: Cell, side: int) -> tuple[Point, Point, tuple[int, int]]:
    """A side's two corner points, in the direction the side runs, and that direction."""
    north_west, north_east, south_west, south_east = city.corners(cell)
    return ((north_west, north_east, (1, 0)), (north_east, south_east, (0, 1)),
            (south_west, south_east, (1, 0)), (north_west, south_west, (0, 1)))[side]


def _own_streets(cell: Cell, turn: Tile, free: list[int], mine: set[Point]) -> int:
    """Free street sides continuing a line where the player's vehicle stands one step beyond
    the side's end, less the park or water sides ending such a line."""
    score = 0
    for side in free:
        start, end, (dx, dy) = _side_ends(cell, side)
        if (start[0] - dx, start[1] - dy) in mine or (end[0] + dx, end[1] + dy) in mine:
            score += 1 if turn.edges[side].street else -1
    return score
