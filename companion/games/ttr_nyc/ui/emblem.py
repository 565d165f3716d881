"""Ticket to Ride: New York's emblem on Home: a yellow cab before the skyline, on a route of
coloured spaces (companion.app.emblems)."""

from __future__ import annotations

from kivy.graphics import Ellipse, Rectangle, RoundedRectangle

from companion.app.emblems import Pen
from companion.app.theme import CARD_RGBA

YELLOW = (1.0, 0.82, 0.10, 1)
SKYLINE = (0.36, 0.40, 0.48, 1)
GLASS = (0.16, 0.26, 0.40, 1)
TYRE = (0.08, 0.08, 0.10, 1)


def draw(group, x: float, y: float, s: float) -> None:
    pen = Pen(group, x, y, s)
    for bx, bh in ((0.06, 0.52), (0.2, 0.72), (0.36, 0.6), (0.56, 0.8), (0.74, 0.56)):
        pen.shape(SKYLINE, Rectangle, bx, 0.2, 0.15, bh)  # the skyline behind
    for i, colour in enumerate(("blue", "red", "green", "orange", "pink")):
        pen.shape(CARD_RGBA[colour], Rectangle, 0.02 + i * 0.197, 0.06, 0.17, 0.08)  # a route
    pen.shape(YELLOW, RoundedRectangle, 0.26, 0.42, 0.46, 0.2, radius=[0.06, 0.06, 0, 0])
    pen.shape(GLASS, Rectangle, 0.3, 0.45, 0.18, 0.13)
    pen.shape(GLASS, Rectangle, 0.51, 0.45, 0.17, 0.13)
    pen.shape((1, 1, 1, 1), Rectangle, 0.42, 0.62, 0.14, 0.06)  # the roof sign
    pen.shape(YELLOW, RoundedRectangle, 0.08, 0.22, 0.84, 0.22, radius=[0.05])
    for i in range(9):  # the checker stripe
        pen.shape((0.1, 0.1, 0.1, 1) if i % 2 else (1, 1, 1, 1), Rectangle, 0.14 + i * 0.08,
                  0.31, 0.08, 0.05)
    for cx in (0.27, 0.73):
        pen.shape(TYRE, Ellipse, cx - 0.09, 0.13, 0.18, 0.18)
        pen.shape((0.7, 0.7, 0.72, 1), Ellipse, cx - 0.04, 0.18, 0.08, 0.08)
