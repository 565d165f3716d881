"""Railways of the World's emblem on Home: a steam locomotive on its rails, with the goods
cubes behind it (companion.app.emblems)."""

from __future__ import annotations

from kivy.graphics import Ellipse, Rectangle, RoundedRectangle

from companion.app.emblems import Pen

from .colours import GOODS_RGBA

BOILER = (0.62, 0.14, 0.12, 1)
CAB = (0.46, 0.10, 0.10, 1)
IRON = (0.10, 0.10, 0.12, 1)
BRASS = (0.92, 0.72, 0.25, 1)
RAIL = (0.62, 0.62, 0.66, 1)
SLEEPER = (0.45, 0.30, 0.18, 1)


def draw(group, x: float, y: float, s: float) -> None:
    pen = Pen(group, x, y, s)
    for i in range(7):
        pen.shape(SLEEPER, Rectangle, 0.03 + i * 0.14, 0.08, 0.08, 0.06)
    pen.shape(RAIL, Rectangle, 0.0, 0.12, 1.0, 0.03)
    for i, goods in enumerate(("red", "blue", "yellow", "black")):  # the cubes to deliver
        cx, cy = 0.6 + (i % 2) * 0.17, 0.8 - (i // 2) * 0.15
        pen.shape((0.9, 0.9, 0.9, 1), Rectangle, cx - 0.01, cy - 0.01, 0.14, 0.14)
        pen.shape(GOODS_RGBA[goods], Rectangle, cx, cy, 0.12, 0.12)
    pen.shape(BOILER, RoundedRectangle, 0.1, 0.3, 0.5, 0.22, radius=[0.08, 0, 0, 0.08])
    pen.shape(CAB, Rectangle, 0.56, 0.3, 0.26, 0.36)
    pen.shape((0.95, 0.88, 0.6, 1), Rectangle, 0.62, 0.5, 0.13, 0.1)  # the cab's window
    pen.shape(IRON, Rectangle, 0.53, 0.66, 0.32, 0.05)  # its roof
    pen.shape(IRON, Rectangle, 0.17, 0.52, 0.08, 0.14)  # the chimney
    pen.shape(IRON, Rectangle, 0.14, 0.64, 0.14, 0.04)
    pen.shape(BRASS, Ellipse, 0.34, 0.48, 0.1, 0.1)  # the dome
    pen.shape(BRASS, Rectangle, 0.1, 0.36, 0.5, 0.025)  # a band round the boiler
    pen.triangle(IRON, 0.02, 0.15, 0.12, 0.15, 0.12, 0.32)  # the cowcatcher
    for cx, r in ((0.2, 0.06), (0.43, 0.1), (0.68, 0.1)):
        pen.shape(IRON, Ellipse, cx - r, 0.15, 2 * r, 2 * r)
        pen.shape(RAIL, Ellipse, cx - r * 0.45, 0.15 + r * 0.55, r * 0.9, r * 0.9)
