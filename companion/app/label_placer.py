"""Where a map's labels go: each at one of its candidate places (round its dot, along its
route), so that no two labels overlap and none covers a fixed mark (a dot, a coin), as near
its first choice as that allows. Pure geometry, no Kivy: the same labels give the same places.

The search is small and deterministic: every label is placed in turn at its cheapest place
given those placed before (greedy), then each label in turn moves to its cheapest place given
all the others, until a pass moves nothing (or a few passes have run). A place costs its rank
among the label's candidates, plus a large price for each label or mark it overlaps (and a
smaller one if it is a last resort: a shortened name). Where a label still overlaps or is on a
last resort, it may take a place whose few labels in the way move elsewhere, if the whole map's
cost falls (then the passes run again).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SLACK = 2.0  # px two boxes may share before they overlap (anti-aliased edges)
COVER = 1000  # what one overlap costs, in ranks: any place clear of others beats it
FALLBACK = 500  # what a last-resort place (a shortened name) costs, in ranks, beyond its
# rank: it beats any overlap and loses to any other clear place
PASSES = 8  # improvement passes at most (each moves labels only to strictly cheaper places)
TRIES = 400  # repairs tried at most (each costs a look at the whole map)
# Round a dot: below, above, right, left, then the four corners (names read best level with
# or under their dot).
DIRECTIONS = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))


@dataclass(frozen=True)
class Box:
    """A rectangle from its lower left corner."""

    x: float
    y: float
    w: float
    h: float

    @classmethod
    def centred(cls, cx: float, cy: float, w: float, h: float) -> "Box":
        return cls(cx - w / 2, cy - h / 2, w, h)

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def overlaps(self, other: "Box", slack: float = SLACK) -> bool:
        """They share more than `slack` px both across and up (for boxes wider and taller
        than `slack`; written out: the search asks this a million times on a crowded map)."""
        ax, ay, bx, by = self.x, self.y, other.x, other.y
        return (ax + self.w - bx > slack and bx + other.w - ax > slack and
                ay + self.h - by > slack and by + other.h - ay > slack)

    def inside(self, width: float, height: float) -> bool:
        return self.x >= 0 and self.y >= 0 and self.x + self.w <= width and \
            self.y + self.h <= height

    def gap_to(self, cx: float, cy: float) -> float:
        """How far the box is from a point (0 if the point is in it)."""
        dx = max(self.x - cx, 0.0, cx - (self.x + self.w))
        dy = max(self.y - cy, 0.0, cy - (self.y + self.h))
        return math.hypot(dx, dy)


@dataclass(frozen=True)
class Label:
    """A label and the places it may take, best first (all of the same size or not: a long
    name may have a one-line and a two-line form)."""

    key: str
    places: tuple[Box, ...]
    own: Box | tuple[Box, ...] | None = None  # its own dot (or the boxes that stand for
    # it): round, so a place at its corner may touch its box
    last_resort: int | None = None  # its places from this index on are a last resort (a
    # shortened form): each costs FALLBACK more, taken only where no other place is clear


def around(cx: float, cy: float, r: float, w: float, h: float,
           gaps: tuple[float, ...] = (1.0, 5.0)) -> list[Box]:
    """A w×h label's places round a dot of radius r: in the eight directions, its nearest
    edge (or corner) `gap` px from the dot's edge, then below and above shifted to either
    side; the nearer gap first."""
    places = []
    for gap in gaps:
        d = r + gap
        for ux, uy in DIRECTIONS:
            if ux and uy:  # a corner of the box on the diagonal, d from the centre
                k = d / math.sqrt(2)
                px, py = cx + ux * (k + w / 2), cy + uy * (k + h / 2)
            else:
                px, py = cx + ux * (d + w / 2), cy + uy * (d + h / 2)
            places.append(Box.centred(px, py, w, h))
        for uy in (-1, 1):  # below and above, the box's side edge level with the dot's
            for ux in (1, -1):
                places.append(Box.centred(cx + ux * (w / 2 - r), cy + uy * (d + h / 2), w, h))
    return places


def within(places, width: float, height: float) -> list[Box]:
    """The places inside a width×height map (all of them, if none is)."""
    kept = [box for box in places if box.inside(width, height)]
    return kept or list(places)


class _Search:
    """The labels' current places and what each costs."""

    def __init__(self, labels: list[Label], fixed: list[Box]):
        self.labels = labels
        reach = [_extent(label.places) for label in labels]  # only these can ever meet
        marks = [[mark for mark in fixed if not _own(label, mark) and spread.overlaps(mark)]
                 for label, spread in zip(labels, reach)]
        self.clash = [[sum(1 for mark in near if box.overlaps(mark)) for box in label.places]
                      for label, near in zip(labels, marks)]
        self.extra = [[FALLBACK if label.last_resort is not None and j >= label.last_resort
                       else 0 for j in range(len(label.places))] for label in labels]
        self.picks: list[int] = []
        self.tries = 0
        self.chosen: list[Box | None] = [None] * len(labels)
        self.near = [[k for k, other in enumerate(reach) if k != i and spread.overlaps(other)]
                     for i, spread in enumerate(reach)]

    def hits(self, i: int, box: Box) -> list[int]:
        chosen = self.chosen
        return [k for k in self.near[i] if chosen[k] is not None and box.overlaps(chosen[k])]

    def cost(self, i: int, j: int) -> int:
        box, chosen = self.labels[i].places[j], self.chosen
        hits = self.clash[i][j]
        for k in self.near[i]:
            if chosen[k] is not None and box.overlaps(chosen[k]):
                hits += 1
        return hits * COVER + self.extra[i][j] + j

    def best(self, i: int) -> int:
        """The cheapest place (the first of equals). A place costs at least its rank and its
        last-resort price, which only grow along the list: the look stops where they reach
        the cheapest found (most labels have a clear place among their first)."""
        extra, found, least = self.extra[i], 0, None
        for j in range(len(self.labels[i].places)):
            if least is not None and extra[j] + j >= least:
                break
            cost = self.cost(i, j)
            if least is None or cost < least:
                found, least = j, cost
        return found

    def put(self, i: int, j: int) -> None:
        self.picks[i], self.chosen[i] = j, self.labels[i].places[j]

    def settle(self) -> None:
        """Each label to its cheapest place given the others, until none moves."""
        for _ in range(PASSES):
            moved = False
            for i in range(len(self.labels)):
                j = self.best(i)
                if self.cost(i, j) < self.cost(i, self.picks[i]):
                    self.put(i, j)
                    moved = True
            if not moved:
                return

    def repair(self) -> bool:
        """A label that still overlaps (or is on a last resort) takes a place clear of the
        marks whose few labels in the way move to their own cheapest places, if that lowers
        what those labels cost together (a map too small for its labels stops after TRIES such
        trials)."""
        for i in range(len(self.labels)):
            if self.cost(i, self.picks[i]) < FALLBACK:
                continue
            for j, box in enumerate(self.labels[i].places):
                blockers = self.hits(i, box)
                if self.clash[i][j] or not blockers or len(blockers) > 3:
                    continue
                self.tries += 1
                if self.tries > TRIES:
                    return False
                moved = [i, *blockers]
                saved = [self.picks[k] for k in moved]
                before = sum(self.cost(k, self.picks[k]) for k in moved)
                self.put(i, j)
                for k in blockers:
                    self.put(k, self.best(k))
                if sum(self.cost(k, self.picks[k]) for k in moved) < before:
                    return True
                for k, pick in zip(moved, saved):
                    self.put(k, pick)
        return False


def _own(label: Label, mark: Box) -> bool:
    own = label.own
    return mark in own if isinstance(own, tuple) else mark == own


def _extent(places) -> Box:
    """The box round all of a label's places."""
    x0, y0 = min(b.x for b in places), min(b.y for b in places)
    x1, y1 = max(b.x + b.w for b in places), max(b.y + b.h for b in places)
    return Box(x0, y0, x1 - x0, y1 - y0)


def place(labels: list[Label], fixed: list[Box]) -> dict[str, Box]:
    """Each label's place (see the module's docstring)."""
    search = _Search(labels, fixed)
    search.picks = [0] * len(labels)
    for i in range(len(labels)):  # greedy, in the order given
        search.put(i, search.best(i))
    search.settle()
    for _ in range(PASSES * 4):
        if not search.repair():
            break
        search.settle()
    return {label.key: box for label, box in zip(labels, search.chosen)}


def overlapping(placed: dict[str, Box], fixed: list[Box]) -> list[tuple[str, str]]:
    """The labels that overlap another label or a fixed mark (for tests and logs)."""
    keys = sorted(placed)
    found = [(a, b) for n, a in enumerate(keys) for b in keys[n + 1:]
             if placed[a].overlaps(placed[b])]
    found += [(key, f"fixed {n}") for key in keys for n, mark in enumerate(fixed)
              if placed[key].overlaps(mark)]
    return found
