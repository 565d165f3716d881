"""Manhattan TraffIQ's score worked out apart from the engine: from the vehicles on the map.

The conformance test (tests/games/test_conformance.py) compares every registered game's score
with its recount; the registry's `recount` loads `totals`. The engine scores each seat's
allotment less its supply; this counts what stands on the map (a van 2 points, a taxi 1, as the
rulebook says), so that a vehicle lost or counted twice between the two cannot hide in the check.
"""

from __future__ import annotations

from .engine import Vehicle

POINTS = {Vehicle.VAN: 2, Vehicle.TAXI: 1}


def totals(playout) -> tuple[int, ...]:
    """Each seat's total in a finished random game (a `TraffiqPlayout`)."""
    s = playout.state
    points = [0] * len(s.players)
    for standing in s.vehicles.values():
        points[standing.seat] += POINTS[standing.vehicle]
    return tuple(points)
