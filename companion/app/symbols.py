"""Symbols for colour-blind players: a small shape that goes with a colour wherever the colour
alone would have to say something (a route's colour, a city's demand, a goods cube).

    disc ●  triangle ▲  square ■  plus ✚  diamond ◆  dots ● ●  bar ▬

`draw(shapes, kind, cx, cy, along, size, ink)` draws one into anything with `disc(rgba, cx, cy,
r, segments)` and `quad(rgba, corners)` (a map's batched shapes, or `Now`, which draws at
once on the current canvas), `size` from its middle to its tips, turned with `along`.
"""

from __future__ import annotations

import math


def draw(shapes, kind: str, cx: float, cy: float, along, size: float, ink) -> None:
    ux, uy = along
    nx, ny = -uy, ux

    def at(p: float, q: float) -> tuple[float, float]:
        return cx + (ux * p + nx * q) * size, cy + (uy * p + ny * q) * size

    if kind == "disc":
        shapes.disc(ink, cx, cy, size * 0.8, segments=12)
    elif kind == "dots":
        for p in (-0.55, 0.55):
            x, y = at(p, 0)
            shapes.disc(ink, x, y, size * 0.42, segments=10)
    elif kind == "square":
        shapes.quad(ink, [at(-0.7, -0.7), at(0.7, -0.7), at(0.7, 0.7), at(-0.7, 0.7)])
    elif kind == "diamond":
        shapes.quad(ink, [at(-1, 0), at(0, -1), at(1, 0), at(0, 1)])
    elif kind == "bar":
        shapes.quad(ink, [at(-1, -0.32), at(1, -0.32), at(1, 0.32), at(-1, 0.32)])
    elif kind == "plus":
        shapes.quad(ink, [at(-1, -0.28), at(1, -0.28), at(1, 0.28), at(-1, 0.28)])
        shapes.quad(ink, [at(-0.28, -1), at(0.28, -1), at(0.28, 1), at(-0.28, 1)])
    elif kind == "triangle":
        corners = [at(math.cos(a), math.sin(a)) for a in (math.pi / 2, math.pi * 7 / 6,
                                                          math.pi * 11 / 6)]
        shapes.quad(ink, corners + [corners[-1]])


class Now:
    """Draws each shape at once on the canvas being built (`with widget.canvas:`)."""

    @staticmethod
    def disc(rgba, cx: float, cy: float, r: float, segments: int = 16) -> None:
        from kivy.graphics import Color, Ellipse
        Color(*rgba)
        Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r), segments=segments)

    @staticmethod
    def quad(rgba, corners) -> None:
        from kivy.graphics import Color, Quad
        Color(*rgba)
        Quad(points=[c for corner in corners for c in corner])
