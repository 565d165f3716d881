"""Each game's emblem on Home: a small drawing (Kivy canvas instructions, no picture file) in
the game's box, above its name where the box is tall, beside it where it is short.

A game draws its own emblem in `<its package>.ui.emblem.draw(group, x, y, side)`: canvas
instructions added to `group` for a square of `side` px whose lower left corner is (x, y). A
game without one gets its initials on a plain tile.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.widget import Widget

from companion.games import game as registered

ABOVE_LEAST = 44  # dp of room above the centred name that an emblem needs to go there
SIDE_MOST = 56  # dp: the emblem beside the name, in a short box
GAP = 10  # dp between the emblem and the name


@lru_cache(maxsize=None)
def drawer(game_kind: str):
    """The game's own `draw`, or the plain tile with its initials."""
    try:
        module = importlib.import_module(f"{registered(game_kind).package}.ui.emblem")
    except ImportError:
        return lambda group, x, y, side: initials(group, x, y, side, game_kind)
    return module.draw


def initials(group: InstructionGroup, x: float, y: float, side: float, game_kind: str) -> None:
    from kivy.core.text import Label as CoreLabel
    title = registered(game_kind).title
    letters = "".join(word[0] for word in title.split() if word[:1].isalnum())[:3]
    label = CoreLabel(text=letters.upper(), font_size=side * 0.36, bold=True)
    label.refresh()
    group.add(Color(0.35, 0.39, 0.46, 1))
    group.add(RoundedRectangle(pos=(x, y), size=(side, side), radius=[side * 0.16]))
    w, h = label.texture.size
    group.add(Color(1, 1, 1, 1))
    group.add(Rectangle(texture=label.texture, pos=(x + (side - w) / 2, y + (side - h) / 2),
                        size=(w, h)))


class Pen:
    """Draws into a group in the emblem's own units: (0, 0) its lower left, 1 its side."""

    def __init__(self, group: InstructionGroup, x: float, y: float, side: float):
        self.group, self.x, self.y, self.s = group, x, y, side

    def shape(self, rgba, kind, ax: float, ay: float, aw: float, ah: float, **extra) -> None:
        """`kind`: a Kivy graphics instruction taking pos and size (Rectangle, Ellipse,
        RoundedRectangle with `radius` given in the emblem's units)."""
        if "radius" in extra:
            extra["radius"] = [r * self.s for r in extra["radius"]]
        self.group.add(Color(*rgba))
        self.group.add(kind(pos=(self.x + ax * self.s, self.y + ay * self.s),
                            size=(aw * self.s, ah * self.s), **extra))

    def triangle(self, rgba, *corners: float) -> None:
        from kivy.graphics import Triangle
        points = [self.x + c * self.s if i % 2 == 0 else self.y + c * self.s
                  for i, c in enumerate(corners)]
        self.group.add(Color(*rgba))
        self.group.add(Triangle(points=points))


class Emblem(Widget):
    """A game's emblem, drawn to fill its (square) size."""

    game_kind = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.size_hint = (None, None)
        self._group = InstructionGroup()
        self.canvas.add(self._group)
        # Drawn once per frame, before it, however often the layout moved it meanwhile (Home's
        # first layout moves each emblem a dozen times: the start-up budget, docs/benchmarks.md)
        self._trigger = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self._trigger, size=self._trigger, game_kind=self._trigger)

    def _draw(self, *_args) -> None:
        self._group.clear()
        side = min(self.width, self.height)
        if not self.game_kind or side < 4:
            return
        x = self.x + (self.width - side) / 2
        y = self.y + (self.height - side) / 2
        drawer(self.game_kind)(self._group, x, y, side)


def decorate(box, game_kind: str) -> Emblem:
    """Put the game's emblem into its box on Home (a button showing the game's name): above
    the name when the box has the room, else beside it (the name moves over)."""
    emblem = Emblem(game_kind=game_kind)
    box.add_widget(emblem)

    def fit(*_args) -> None:
        text_h = box.texture_size[1] - box.padding[1] - box.padding[3]
        above = (box.height - text_h) / 2 - dp(GAP)
        if above >= dp(ABOVE_LEAST):
            side = min(above - dp(GAP), box.width * 0.6, dp(150))
            emblem.size = (side, side)
            emblem.center_x = box.center_x
            emblem.y = box.center_y + text_h / 2 + dp(GAP) + (above - dp(GAP) - side) / 2
            padding = [0, 0, 0, 0]
        else:
            side = min(box.height - dp(12), dp(SIDE_MOST))
            emblem.size = (side, side)
            emblem.x, emblem.center_y = box.x + dp(GAP), box.center_y
            padding = [side + dp(GAP), 0, 0, 0]
        if list(box.padding) != padding:
            box.padding = padding

    box.bind(pos=fit, size=fit, texture_size=fit)
    fit()
    return emblem
