"""What the network draws on and under each city besides its disc: the free connection points
on its rim and the goods cubes in a row under it (and the room that row takes, which the
labels keep clear of)."""

from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp

from companion.app import symbols
from companion.app.label_placer import Box

from ..engine import GOODS
from ..engine.box import ANY_GOODS_VALUE
from .colours import GOODS_RGBA

RAIL_RGBA = {
    "purple": (0.58, 0.32, 0.80, 1),
    "light_green": (0.56, 0.86, 0.36, 1),
    "brown": (0.58, 0.36, 0.18, 1),
    "orange": (0.98, 0.55, 0.10, 1),
    "white": (0.95, 0.95, 0.95, 1),
}
GOODS_INK = {"blue": (1, 1, 1, 1), "red": (1, 1, 1, 1), "black": (1, 1, 1, 1),
             "yellow": (0.1, 0.1, 0.1, 1)}
DEMAND_ANGLE = math.radians(160)
GOODS_SYMBOL = {"blue": "disc", "red": "diamond", "black": "square", "yellow": "bar"}  # for
# colour-blind players: on each cube and on each city's rim (companion.app.symbols)


START_RGBA = (0.30, 0.33, 0.40, 1)


def draw_start(x: float, y: float, r: float, lit: bool) -> None:
    """The start board: a hexagon a little larger than a city (ringed white when tapped)."""
    size = r * 1.25
    if lit:
        Color(1, 1, 1, 1)
        Ellipse(pos=(x - size - dp(4), y - size - dp(4)), size=(2 * size + dp(8),) * 2)
    Color(*START_RGBA)
    Ellipse(pos=(x - size, y - size), size=(2 * size, 2 * size), segments=6)
    Color(1, 1, 1, 1)  # the start board takes rails of any colour: a plain white hexagon
    Line(circle=(x, y, size * 0.55), segments=6, width=dp(2))


def cube_side(r: float) -> float:
    return max(dp(7), r * 0.5)


def cubes_box(city, x: float, y: float, r: float) -> Box | None:
    """The row of cubes under a city (None: no cubes), which the labels avoid."""
    count = sum(city.goods)
    if not count:
        return None
    side = cube_side(r)
    row = count * (side + dp(2))
    return Box(x - row / 2 - 1, y - r - side - dp(3) - 1, row + 2, side + 2)


def draw_points(city, x: float, y: float, r: float) -> None:
    """The free connection points: dots of their rail colour on the rim."""
    free = list(city.points)
    for colour in city.used:
        if colour in free:
            free.remove(colour)
    dot = max(dp(3), r * 0.22)
    badge = city.demand in GOODS_SYMBOL and city.value != ANY_GOODS_VALUE
    for i, colour in enumerate(free):
        if badge:  # evenly round the rim, the demand symbol's place left free
            angle = DEMAND_ANGLE + 2 * math.pi * (i + 1) / (len(free) + 1)
        else:
            angle = math.pi / 2 + 2 * math.pi * i / max(len(free), 1)
        px, py = x + r * math.cos(angle), y + r * math.sin(angle)
        Color(0, 0, 0, 1)
        Ellipse(pos=(px - dot - 1, py - dot - 1), size=(2 * dot + 2,) * 2)
        Color(*RAIL_RGBA[colour])
        Ellipse(pos=(px - dot, py - dot), size=(2 * dot, 2 * dot))


def draw_goods(city, x: float, y: float, r: float) -> None:
    """The cubes on the city, in a row under it."""
    cubes = [goods for goods, count in zip(GOODS, city.goods) for _ in range(count)]
    side = cube_side(r)
    left = x - (len(cubes) * (side + dp(2))) / 2
    for i, goods in enumerate(cubes):
        px, py = left + i * (side + dp(2)), y - r - side - dp(3)
        Color(0.9, 0.9, 0.9, 1)
        Rectangle(pos=(px - 1, py - 1), size=(side + 2, side + 2))
        Color(*GOODS_RGBA[goods])
        Rectangle(pos=(px, py), size=(side, side))
        symbols.draw(symbols.Now, GOODS_SYMBOL[goods], px + side / 2, py + side / 2, (1, 0),
                     side * 0.34, GOODS_INK[goods])


def demand_spot(centre, r: float) -> tuple[float, float]:
    """Where a city's demand symbol sits: on its rim, left of its value (the free points
    share the rim with it, evenly)."""
    return centre[0] + r * math.cos(DEMAND_ANGLE), centre[1] + r * math.sin(DEMAND_ANGLE)


def demand_radius(r: float) -> float:
    return max(dp(6), r * 0.42)
