"""What a map drew where: its texts and the shapes drawn over them, in drawing order.

A map paints its labels on its own canvas, where no widget audit can see them. Each map keeps
a `Footprints` of what it drew (in window-independent widget coordinates), so that it can place
a label where nothing is yet, and a test can tell a label that something covers or that is
smaller than 15 px (the results maps stay readable with the largest game).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SLACK = 2.0  # px two rectangles may share before one covers the other
PUSH_TRIES = 16  # a label's first places where it may push others aside
CELL = 40.0  # px: the grid that finds what lies near a label


@dataclass(frozen=True)
class Footprint:
    """One thing drawn: a text (with its font size in px) or an opaque shape."""

    kind: str  # "text" or "shape"
    name: str  # the text ("mark B": a player's mark), or what the shape is ("city c4")
    x: float
    y: float
    w: float
    h: float
    px: float = 0.0  # a text's font size
    spots: tuple = ()  # where else it may go (centres): a label placed later may push it there

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def at(self, cx: float, cy: float) -> "Footprint":
        return Footprint(self.kind, self.name, cx - self.w / 2, cy - self.h / 2, self.w, self.h,
                         self.px, self.spots)

    def overlaps(self, other: "Footprint", slack: float = SLACK) -> bool:
        """They share more than `slack` px both across and up (written out: a map places
        labels among a hundred others on every move)."""
        ax, ay, bx, by = self.x, self.y, other.x, other.y
        return (ax + self.w - bx > slack and bx + other.w - ax > slack and
                self.w > slack and other.w > slack and
                ay + self.h - by > slack and by + other.h - ay > slack and
                self.h > slack and other.h > slack)


@dataclass
class Footprints:
    """Everything a map drew since it last cleared, in order; placing a label looks only at
    what lies near it (a grid of cells), since a map places a hundred labels on every move."""

    drawn: list[Footprint] = field(default_factory=list)
    origin: tuple[float, float] = (0.0, 0.0)  # the map's lower left corner, as drawn
    _grid: dict = field(default_factory=dict, repr=False)  # cell -> footprints over it
    _indexed: int = 0  # how many of `drawn` the grid holds (the rest came since)

    def clear(self) -> None:
        self.drawn.clear()
        self._forget()

    def _forget(self) -> None:
        self._grid, self._indexed = {}, 0

    def text(self, name: str, cx: float, cy: float, w: float, h: float, px: float) -> None:
        self.drawn.append(Footprint("text", name, cx - w / 2, cy - h / 2, w, h, px))

    def shape(self, name: str, cx: float, cy: float, r: float) -> None:
        """A round (or square) shape of radius r around a point."""
        self.drawn.append(Footprint("shape", name, cx - r, cy - r, 2 * r, 2 * r))

    def find(self, name: str) -> Footprint | None:
        return next((f for f in reversed(self.drawn) if f.name == name), None)

    def put(self, name: str, spots, w: float, h: float, kind: str = "text",
            px: float = 0.0) -> Footprint:
        """A label (or badge) at the first of its spots that is clear; where none is, at the
        first spot whose blockers can all move to another of their own clear spots (they are
        moved). Its own spots are kept, so that a later label may move it in turn."""
        spots = tuple(spots)
        boxes = [Footprint(kind, name, cx - w / 2, cy - h / 2, w, h, px, spots)
                 for cx, cy in spots]
        chosen = next((b for b in boxes if self._clear(b)), None)
        if chosen is None:  # (pushing is dearer: only at the first few places)
            chosen = next((b for b in boxes[:PUSH_TRIES] if self._push_aside(b)), boxes[0])
        self.drawn.append(chosen)
        return chosen

    def put_form(self, name: str, forms: list[tuple], px: float = 0.0,
                 kind: str = "text") -> int:
        """A label that has several forms (a long name on one line or two), each `(spots, w,
        h)`, best first: the first form with a clear spot, else the first whose blockers can
        move aside, else wherever it covers least. Returns the form's index."""
        boxes = [[Footprint(kind, name, cx - w / 2, cy - h / 2, w, h, px, tuple(spots))
                  for cx, cy in spots] for spots, w, h in forms]
        for test in (self._clear, self._push_aside):
            for index, form in enumerate(boxes):
                limit = len(form) if test == self._clear else PUSH_TRIES
                chosen = next((b for b in form[:limit] if test(b)), None)
                if chosen is not None:
                    self.drawn.append(chosen)
                    return index
        least, index, chosen = float("inf"), 0, boxes[0][0]
        for i, form in enumerate(boxes):
            for box in form:
                area = self._covering(box, least)
                if area < least:
                    least, index, chosen = area, i, box
        self.drawn.append(chosen)
        return index

    def _covering(self, box: Footprint, enough: float) -> float:
        """How much of `box` what was drawn covers (px²; a text counts four times: two
        texts over each other read as neither), counted up to `enough` (a worse place than
        one already found: a map places a hundred labels on every move)."""
        area, seen = 0.0, set()
        x0, y0, x1, y1 = box.x, box.y, box.x + box.w, box.y + box.h
        for f in self._near(box):
            dx = min(x1, f.x + f.w) - max(x0, f.x)
            dy = min(y1, f.y + f.h) - max(y0, f.y)
            if dx > 0 and dy > 0 and id(f) not in seen:  # (a footprint once)
                seen.add(id(f))
                area += dx * dy * (4 if f.kind == "text" else 1)
                if area >= enough:
                    break
        return area

    @staticmethod
    def _cells(f: Footprint) -> list[tuple[int, int]]:
        i0, i1 = int(f.x // CELL), int((f.x + f.w) // CELL)
        j0, j1 = int(f.y // CELL), int((f.y + f.h) // CELL)
        return [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]

    def _index(self) -> dict:
        """The grid, brought up to date with what was drawn since."""
        if self._indexed > len(self.drawn):
            self._forget()
        grid = self._grid
        for f in self.drawn[self._indexed:]:
            for cell in self._cells(f):
                grid.setdefault(cell, []).append(f)
        self._indexed = len(self.drawn)
        return grid

    def _near(self, box: Footprint) -> list[Footprint]:
        """What was drawn over the cells `box` touches (one may come twice)."""
        grid = self._index()
        return [f for cell in self._cells(box) for f in grid.get(cell, ())]

    def _clear(self, box: Footprint) -> bool:
        return not any(box.overlaps(f) for f in self._near(box) if f is not box)

    def _push_aside(self, box: Footprint) -> bool:
        """Move what stands where `box` would go, if each of them has a clear spot of its own
        elsewhere (clear of `box` too); nothing moves otherwise."""
        blockers = []
        for f in self._near(box):
            if box.overlaps(f) and f not in blockers:
                if not f.spots:
                    return False  # something that cannot move
                blockers.append(f)
        if not blockers:
            return False
        away, moved = {id(f) for f in blockers}, {}
        for blocker in blockers:
            spot = next((s for s in blocker.spots
                         if self._clear_of(blocker.at(*s), away, [box, *moved.values()])), None)
            if spot is None:
                return False
            moved[id(blocker)] = blocker.at(*spot)
        self.drawn = [moved.get(id(f), f) for f in self.drawn]
        self._forget()
        return True

    def _clear_of(self, box: Footprint, away: set, extra: list) -> bool:
        """Clear of what was drawn (but the footprints in `away`) and of `extra`."""
        return not any(box.overlaps(f) for f in self._near(box) if id(f) not in away) and \
            not any(box.overlaps(f) for f in extra)

    def texts(self) -> list[Footprint]:
        return [f for f in self.drawn if f.kind == "text"]

    def covered(self) -> list[tuple[Footprint, Footprint]]:
        """(text, what covers it): anything drawn after a text over it, and texts drawn over
        each other."""
        found = []
        for i, first in enumerate(self.drawn):
            if first.kind != "text":
                continue
            for later in self.drawn[i + 1:]:
                if first.overlaps(later):
                    found.append((first, later))
        return found

    def too_small(self, least_px: float = 15) -> list[Footprint]:
        return [f for f in self.texts() if f.px < least_px - 0.01]
