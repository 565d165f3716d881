"""Competing ("konkurrieren") from a vehicle: who is weaker on its streets and what they lose."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .city import Direction, Point, Tiles, streets_through
from .state import Standing


@dataclass(frozen=True, slots=True)
class StreetResult:
    """One street through the point: each seat's strength there and the vehicles it loses."""

    direction: Direction
    points: tuple[Point, ...]
    strength: Mapping[int, int]  # seat -> vans 2 + taxis 1 on this street (seats with any)
    removed: tuple[tuple[Point, Standing], ...]


@dataclass(frozen=True, slots=True)
class Competition:
    """What competing from `point` would do: the one or two streets, and every vehicle that
    goes back to its owner's supply."""

    seat: int
    point: Point
    streets: tuple[StreetResult, ...]

    @property
    def removed(self) -> tuple[tuple[Point, Standing], ...]:
        return tuple(item for street in self.streets for item in street.removed)


def strengths(vehicles: Mapping[Point, Standing], points: tuple[Point, ...]) -> dict[int, int]:
    """Per player, only their own vehicles: a van 2, a taxi 1."""
    total: dict[int, int] = {}
    for p in points:
        standing = vehicles.get(p)
        if standing is not None:
            total[standing.seat] = total.get(standing.seat, 0) + standing.vehicle.points
    return total


def compete(tiles: Tiles, vehicles: Mapping[Point, Standing], seat: int,
            point: Point) -> Competition:
    """The outcome of `seat` competing from its vehicle at `point` (nothing is changed).

    On each street through the point, every other player weaker than `seat` there loses all
    their vehicles on that street; a tie removes nothing. The streets through one point share
    only that point, which holds the active player's vehicle, so their order does not matter.
    """
    results = []
    for direction, points in streets_through(tiles, point):
        strength = strengths(vehicles, points)
        mine = strength.get(seat, 0)
        losers = {other for other, value in strength.items() if other != seat and value < mine}
        removed = tuple((p, vehicles[p]) for p in points
                        if p in vehicles and vehicles[p].seat in losers)
        results.append(StreetResult(direction, points, strength, removed))
    return Competition(seat, point, tuple(results))
