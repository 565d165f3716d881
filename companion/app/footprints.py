"""What a map drew where: its texts and the shapes drawn over them, in drawing order.

A map paints its labels on its own canvas, where no widget audit can see them. Each map keeps
a `Footprints` of what it drew (in window-independent widget coordinates), so that it can place
a label where nothing is yet, and a test can tell a label that something covers or that is
smaller than 15 px (issue 17: the results maps stay readable with the largest game).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

SLACK = 2.0  # px two rectangles may share before one covers the other


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
        return replace(self, x=cx - self.w / 2, y=cy - self.h / 2)

    def overlaps(self, other: "Footprint", slack: float = SLACK) -> bool:
        return (min(self.x + self.w, other.x + other.w) - max(self.x, other.x) > slack and
                min(self.y + self.h, other.y + other.h) - max(self.y, other.y) > slack)


@dataclass
class Footprints:
    """Everything a map drew since it last cleared, in order."""

    drawn: list[Footprint] = field(default_factory=list)
    origin: tuple[float, float] = (0.0, 0.0)  # the map's lower left corner, as drawn

    def clear(self) -> None:
        self.drawn.clear()

    def text(self, name: str, cx: float, cy: float, w: float, h: float, px: float) -> None:
        self.drawn.append(Footprint("text", name, cx - w / 2, cy - h / 2, w, h, px))

    def shape(self, name: str, cx: float, cy: float, r: float) -> None:
        """A round (or square) shape of radius r around a point."""
        self.drawn.append(Footprint("shape", name, cx - r, cy - r, 2 * r, 2 * r))

    def free(self, cx: float, cy: float, w: float, h: float, avoid=("text", "shape")) -> bool:
        """Nothing drawn yet lies where a w×h box centred on (cx, cy) would go."""
        box = Footprint("text", "", cx - w / 2, cy - h / 2, w, h)
        return not any(f.kind in avoid and box.overlaps(f) for f in self.drawn)

    def place(self, spots, w: float, h: float, avoid=("text", "shape")):
        """The first of the candidate centres where a w×h label is clear of everything drawn
        so far (the first candidate when none is)."""
        spots = list(spots)
        for cx, cy in spots:
            if self.free(cx, cy, w, h, avoid):
                return cx, cy
        return spots[0]

    def find(self, name: str) -> Footprint | None:
        return next((f for f in self.drawn if f.name == name), None)

    def put(self, name: str, spots, w: float, h: float, kind: str = "text",
            px: float = 0.0) -> Footprint:
        """A label (or badge) at the first of its spots that is clear; where none is, at the
        first spot whose blockers can all move to another of their own clear spots (they are
        moved). Its own spots are kept, so that a later label may move it in turn."""
        spots = tuple(spots)
        boxes = [Footprint(kind, name, cx - w / 2, cy - h / 2, w, h, px, spots)
                 for cx, cy in spots]
        chosen = next((b for b in boxes if self._clear(b)), None)
        if chosen is None:
            chosen = next((b for b in boxes if self._push_aside(b)), boxes[0])
        self.drawn.append(chosen)
        return chosen

    def _clear(self, box: Footprint, ignore=()) -> bool:
        return not any(f is not box and f not in ignore and box.overlaps(f) for f in self.drawn)

    def _push_aside(self, box: Footprint) -> bool:
        """Move what stands where `box` would go, if each of them has a clear spot of its own
        elsewhere (clear of `box` too); nothing moves otherwise."""
        blockers = [f for f in self.drawn if box.overlaps(f)]
        if not blockers or any(not f.spots for f in blockers):
            return False
        moved = {}
        for blocker in blockers:
            others = [f for f in self.drawn if f not in blockers] + [box] + list(moved.values())
            spot = next((s for s in blocker.spots
                         if not any(blocker.at(*s).overlaps(o) for o in others)), None)
            if spot is None:
                return False
            moved[id(blocker)] = blocker.at(*spot)
        self.drawn = [moved.get(id(f), f) for f in self.drawn]
        return True

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
