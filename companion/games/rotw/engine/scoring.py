"""End-game scoring: the score track, city majorities, locomotives and goods sets; tie-breaks."""

from __future__ import annotations

from companion.core.rules import ScoreSheet, TieBreak
from .box import START
from .goods import best_split
from .state import RotwState

CATEGORIES = ("track", "cities", "locomotives", "goods_sets")


def city_winners(s: RotwState) -> dict[str, tuple[int, ...]]:
    """For each city, the seats whose links into it add up to the most (all of them on a tie)."""
    totals: dict[str, list[int]] = {city: [0] * len(s.players) for city in s.cities}
    for link in s.links.values():
        for end in (link.a, link.b):
            if end != START:
                totals[end][link.owner] += link.value
    winners = {}
    for city, per_seat in totals.items():
        best = max(per_seat)
        winners[city] = tuple(seat for seat, v in enumerate(per_seat) if v == best) if best else ()
    return winners


def city_points(s: RotwState) -> list[int]:
    points = [0] * len(s.players)
    for city, seats in city_winners(s).items():
        for seat in seats:
            points[seat] += s.cities[city].value
    return points


def score_sheet(s: RotwState, final: bool) -> ScoreSheet:
    """Most points wins; then most connections; then most goods delivered; then shared."""
    cities = city_points(s)
    rows = [(p.track, cities[seat], p.locomotives, best_split(p.delivered))
            for seat, p in enumerate(s.seats)]
    tiebreaks = [
        TieBreak("most_connections", "most connections", tuple(len(p.links) for p in s.seats)),
        TieBreak("most_goods", "most goods delivered", tuple(sum(p.delivered) for p in s.seats)),
    ]
    return ScoreSheet.build(s.players, CATEGORIES, rows, tiebreaks, final)
