"""The end of Manhattan TraffIQ: a van on the map scores 2, a taxi 1; most points wins."""

from __future__ import annotations

from companion.core.rules import ScoreSheet
from .box import Allotment

CATEGORIES = ("vans", "taxis")
ALL_VEHICLES = "all_vehicles_placed"  # the ScoreSheet's decided_by for the instant win


def score_sheet(players: tuple[str, ...], allotment: Allotment, supplies: list[tuple[int, int]],
                winner: int | None, final: bool) -> ScoreSheet:
    """`supplies` holds each seat's (taxis, vans) still in its supply; the rest are on the map.

    [decision] Ties on points are shared: the rulebook names no tie-breaker. A player who put
    their last vehicle on the map wins whatever the points say.
    """
    points = [((allotment.vans - vans) * 2, allotment.taxis - taxis) for taxis, vans in supplies]
    sheet = ScoreSheet.build(players, CATEGORIES, points, final=final)
    if winner is None:
        return sheet
    return ScoreSheet(sheet.players, sheet.categories, sheet.points, (winner,), ALL_VEHICLES,
                      False, final)
