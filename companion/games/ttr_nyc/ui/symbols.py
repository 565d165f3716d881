"""The route colours' symbols: a shape per card colour on every free route's spaces, so that
colour-blind players tell a red route from a green one. Gray routes (any one
colour) stay plain.

    blue ●  green ▲  black ■  pink ✚  red ◆  orange ● ● (two dots)
"""

from __future__ import annotations

from companion.app import symbols
from companion.app.theme import CARD_TEXT

from ..engine.board import Card

SYMBOLS = {Card.BLUE: "disc", Card.GREEN: "triangle", Card.BLACK: "square", Card.PINK: "plus",
           Card.RED: "diamond", Card.ORANGE: "dots"}


def route_symbol(shapes, card: Card, cx: float, cy: float, along, size: float) -> None:
    """The colour's symbol, `size` from its middle to its tips, in the ink that reads on the
    colour, turned with the route (`along`: the route's unit direction)."""
    kind = SYMBOLS.get(card)
    if kind is not None:
        symbols.draw(shapes, kind, cx, cy, along, size, CARD_TEXT[card.key])
