"""The city map's geometry: tiles on a grid, the points where four tiles meet, streets and rides.

Cells are (x, y) with y growing southwards. A point is the corner shared by up to four cells;
point (x, y) is the north-west corner of cell (x, y), so its four cells are (x-1, y-1),
(x, y-1), (x-1, y) and (x, y). A point is *complete* (a crossing or street corner a vehicle can
stand on or pass) only once all four are placed.

Streets run along the borders between tiles. The border between two neighbouring points is a
street segment when the tiles on both sides are placed (no half streets at the rim) and their
common edge is a street kind, not park or water.
"""

from __future__ import annotations

from enum import Enum
from typing import Iterable, Mapping

from .tiles import SIDES, Edge, Side, Tile

Cell = tuple[int, int]
Point = tuple[int, int]
Tiles = Mapping[Cell, Tile]

_POINT_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Direction(Enum):
    HORIZONTAL = "horizontal"
    VERTICAL = "vertical"


def corners(cell: Cell) -> tuple[Point, Point, Point, Point]:
    """A cell's corner points: north-west, north-east, south-west, south-east."""
    x, y = cell
    return (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)


def is_complete(tiles: Tiles, point: Point) -> bool:
    x, y = point
    return ((x - 1, y - 1) in tiles and (x, y - 1) in tiles and (x - 1, y) in tiles
            and (x, y) in tiles)


def complete_points(tiles: Tiles) -> list[Point]:
    """Every crossing and street corner on the map, in reading order (row by row)."""
    found = {p for cell in tiles for p in corners(cell) if is_complete(tiles, p)}
    return sorted(found, key=lambda p: (p[1], p[0]))


def completed_by(tiles: Tiles, cell: Cell) -> list[Point]:
    """The points a tile at `cell` completes (the tile counted as placed), in reading order."""
    with_cell = _Plus(tiles, cell)
    return [p for p in corners(cell) if is_complete(with_cell, p)]


def border(tiles: Tiles, a: Point, b: Point) -> Edge | None:
    """The kind of the border between two neighbouring points; None if a side is not placed."""
    (ax, ay), (bx, by) = a, b
    if ay == by:  # horizontal: between the cell above and the cell below
        x = min(ax, bx)
        above, below = tiles.get((x, ay - 1)), tiles.get((x, ay))
        return below.edges[0] if above is not None and below is not None else None
    y = min(ay, by)  # vertical: between the cell to the left and the cell to the right
    left, right = tiles.get((ax - 1, y)), tiles.get((ax, y))
    return right.edges[3] if left is not None and right is not None else None


def drivable(tiles: Tiles, a: Point, b: Point) -> bool:
    edge = border(tiles, a, b)
    return edge is not None and edge.street


def street(tiles: Tiles, point: Point, direction: Direction) -> tuple[Point, ...]:
    """The street through `point` in one direction: the points from one end to the other.

    A street runs straight until the rim (a border with a side not placed) or park or water.
    Empty when no street segment in that direction touches the point.
    """
    dx, dy = (1, 0) if direction is Direction.HORIZONTAL else (0, 1)
    start = point
    while drivable(tiles, (start[0] - dx, start[1] - dy), start):
        start = (start[0] - dx, start[1] - dy)
    end = point
    while drivable(tiles, end, (end[0] + dx, end[1] + dy)):
        end = (end[0] + dx, end[1] + dy)
    if start == end:
        return ()
    length = (end[0] - start[0]) + (end[1] - start[1])
    return tuple((start[0] + i * dx, start[1] + i * dy) for i in range(length + 1))


def streets_through(tiles: Tiles, point: Point) -> list[tuple[Direction, tuple[Point, ...]]]:
    """The one or two streets crossing or touching at a point (none if park or water all round)."""
    found = []
    for direction in Direction:
        points = street(tiles, point, direction)
        if points:
            found.append((direction, points))
    return found


def next_points(tiles: Tiles, point: Point) -> Iterable[Point]:
    """Complete points one street segment away."""
    x, y = point
    for dx, dy in _POINT_STEPS:
        q = (x + dx, y + dy)
        if is_complete(tiles, q) and drivable(tiles, point, q):
            yield q


def taxi_reach(tiles: Tiles, occupied: Mapping[Point, object] | set, start: Point) -> set[Point]:
    """Every point a taxi at `start` can ride to: along complete streets, through and onto empty
    complete points only (its own starting point aside)."""
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in next_points(tiles, here):
            if there not in seen and there not in occupied:
                seen.add(there)
                todo.append(there)
    seen.discard(start)
    return seen


def van_reach(tiles: Tiles, occupied: Mapping[Point, object] | set, start: Point) -> set[Point]:
    """The neighbouring points a van at `start` can ride to: complete, empty, one segment away."""
    return {q for q in next_points(tiles, start) if q not in occupied}


# Each side of a cell, north, east, south, west: the step to the neighbour and the index of
# the neighbour's edge that meets this side (plain tuples: Enum lookups are slow here).
_NEIGHBOURS = ((0, -1, 2), (1, 0, 3), (0, 1, 0), (-1, 0, 1))


def touches(tiles: Tiles, cell: Cell) -> bool:
    x, y = cell
    return any((x + dx, y + dy) in tiles for dx, dy, _ in _NEIGHBOURS)


def implied_edges(tiles: Tiles, cell: Cell) -> tuple[Edge | None, ...]:
    """The edges a tile at `cell` must show (north, east, south, west): each side touching a
    placed tile must match it; None where the side is free."""
    x, y = cell
    implied = []
    for dx, dy, facing in _NEIGHBOURS:
        neighbour = tiles.get((x + dx, y + dy))
        implied.append(None if neighbour is None else neighbour.edges[facing])
    return tuple(implied)


def mismatches(tiles: Tiles, cell: Cell, tile: Tile) -> list[Side]:
    """The sides where `tile` at `cell` would not match its neighbour."""
    return [side for side, need, edge in zip(SIDES, implied_edges(tiles, cell), tile.edges)
            if need is not None and edge is not need]


def matches(implied: tuple[Edge | None, ...], tile: Tile) -> bool:
    """Whether a tile shows every implied edge (see `implied_edges`)."""
    north, east, south, west = implied
    n, e, s, w = tile.edges
    return ((north is None or north is n) and (east is None or east is e)
            and (south is None or south is s) and (west is None or west is w))


def open_cells(tiles: Tiles) -> list[Cell]:
    """The empty cells touching the map, in reading order: where a tile could go."""
    found = set()
    for x, y in tiles:
        for dx, dy, _ in _NEIGHBOURS:
            cell = (x + dx, y + dy)
            if cell not in tiles:
                found.add(cell)
    return sorted(found, key=lambda c: (c[1], c[0]))


class _Plus(Mapping):
    """The tiles with one more cell counted as placed (only membership is asked)."""

    def __init__(self, tiles: Tiles, cell: Cell):
        self.tiles, self.cell = tiles, cell

    def __contains__(self, cell: object) -> bool:
        return cell == self.cell or cell in self.tiles

    def __getitem__(self, cell):
        return self.tiles[cell]

    def __iter__(self):
        yield from self.tiles
        yield self.cell

    def __len__(self) -> int:
        return len(self.tiles) + 1
