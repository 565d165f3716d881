"""Manhattan TraffIQ's emblem on Home: four city tiles with their streets, a crossing, a taxi
and a van, drawn as the map draws them (companion.app.emblems)."""

from __future__ import annotations

from kivy.graphics import PopMatrix, PushMatrix, Scale, Translate

from ..engine import Edge, Vehicle
from .map import CROSSING_RGBA, ROAD, ROAD_RGBA, Shapes, draw_tile, vehicle_shape

R, B, P, W = Edge.RED, Edge.BEIGE, Edge.PARK, Edge.WATER
TILES = {(0, 1): (P, B, R, W), (1, 1): (R, P, B, B), (0, 0): (B, R, R, B), (1, 0): (B, W, P, R)}
TAXI_RGBA = (0.98, 0.80, 0.10, 1)
VAN_RGBA = (0.25, 0.55, 1.0, 1)


def draw(group, x: float, y: float, s: float) -> None:
    """In map units (a tile is 1; the two by two tiles fill the square), scaled to `s`."""
    shapes = Shapes()
    for (cx, cy), edges in TILES.items():
        draw_tile(shapes, cx, cy, 1, edges)
    h = ROAD / 2
    shapes.rect(ROAD_RGBA, 1 - h, 0, 1 + h, 2)  # the streets between the tiles
    shapes.rect(ROAD_RGBA, 0, 1 - h, 2, 1 + h)
    shapes.rect(CROSSING_RGBA, 1 - h * 1.3, 1 - h * 1.3, 1 + h * 1.3, 1 + h * 1.3)
    vehicle_shape(shapes, 1, 1.5, Vehicle.TAXI, TAXI_RGBA)
    vehicle_shape(shapes, 0.5, 1, Vehicle.VAN, VAN_RGBA)
    group.add(PushMatrix())
    group.add(Translate(x, y))
    group.add(Scale(s / 2, s / 2, 1))
    shapes.into(group)
    group.add(PopMatrix())
