"""Goods sets at the end: the split of one player's delivered cubes into sets that scores most.

Each cube counts in one set only: 3 of one colour → 2 points, 4 of one colour → 3 points,
one of each of the 4 colours → 5 points. [decision] The companion picks the best split.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .box import GOODS

THREE_ALIKE = 2
FOUR_ALIKE = 3
FOUR_DIFFERENT = 5


@lru_cache(maxsize=None)
def best_alike(count: int) -> int:
    """Most points from `count` cubes of one colour in sets of 3 and 4 alike."""
    return max(FOUR_ALIKE * fours + THREE_ALIKE * ((count - 4 * fours) // 3)
               for fours in range(count // 4 + 1))


def best_split(cubes: Sequence[int]) -> int:
    """Most points from cubes counted per colour (one count per goods colour).

    A set of four different colours takes one cube of every colour, so trying every number of
    such sets, and splitting what is left of each colour on its own, tries every split.
    """
    best = 0
    for rainbows in range(min(cubes) + 1):
        points = FOUR_DIFFERENT * rainbows + sum(best_alike(c - rainbows) for c in cubes)
        best = max(best, points)
    return best


@dataclass(frozen=True)
class GoodsSet:
    """One scoring set of delivered cubes."""

    colours: tuple[str, ...]  # the cubes that form it
    points: int


def best_sets(cubes: Sequence[int]) -> list[GoodsSet]:
    """The sets of the best split (`best_split`'s points), for showing who scored what."""
    best, rainbows_best = -1, 0
    for rainbows in range(min(cubes) + 1):
        points = FOUR_DIFFERENT * rainbows + sum(best_alike(c - rainbows) for c in cubes)
        if points > best:
            best, rainbows_best = points, rainbows
    sets = [GoodsSet(GOODS, FOUR_DIFFERENT) for _ in range(rainbows_best)]
    for goods, count in zip(GOODS, cubes):
        sets.extend(_alike(goods, count - rainbows_best))
    return sets


def _alike(goods: str, count: int) -> list[GoodsSet]:
    for fours in range(count // 4 + 1):
        threes = (count - 4 * fours) // 3
        if FOUR_ALIKE * fours + THREE_ALIKE * threes == best_alike(count):
            return ([GoodsSet((goods,) * 4, FOUR_ALIKE)] * fours
                    + [GoodsSet((goods,) * 3, THREE_ALIKE)] * threes)
    return []
