"""The route colours' symbols: a shape per card colour on every free route's spaces, so that
colour-blind players tell a red route from a green one (issue 11 req. 6). Gray routes (any one
colour) stay plain.

    blue ●  green ▲  black ■  pink ✚  red ◆  orange ● ● (two dots)
"""

from __future__ import annotations

import math

from companion.app.theme import CARD_TEXT

from ..engine.board import Card

SYMBOLS = {Card.BLUE: "disc", Card.GREEN: "triangle", Card.BLACK: "square", Card.PINK: "plus",
           Card.RED: "diamond", Card.ORANGE: "dots"}


def route_symbol(shapes, card: Card, cx: float, cy: float, along, size: float) -> None:
    """The colour's symbol, `size` from its middle to its tips, in the ink that reads on the
    colour, turned with the route (`along`: the route's unit direction)."""
    kind = SYMBOLS.get(card)
    if kind is None:
        return
    ink = CARD_TEXT[card.key]
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
    elif kind == "plus":
        shapes.quad(ink, [at(-1, -0.28), at(1, -0.28), at(1, 0.28), at(-1, 0.28)])
        shapes.quad(ink, [at(-0.28, -1), at(0.28, -1), at(0.28, 1), at(-0.28, 1)])
    elif kind == "triangle":
        corners = [at(math.cos(a), math.sin(a)) for a in (math.pi / 2, math.pi * 7 / 6,
                                                          math.pi * 11 / 6)]
        shapes.quad(ink, corners + [corners[-1]])
