"""The players' train colours of Railways of the World as drawn: light enough to import for Home's
list of games (the map's module brings the engine and Kivy's drawing)."""

from __future__ import annotations

PLAYER_RGBA = {  # the trains in the box
    "purple": (0.66, 0.40, 0.92, 1),
    "light_blue": (0.45, 0.78, 1.0, 1),
    "grey": (0.72, 0.72, 0.74, 1),
    "green": (0.22, 0.74, 0.32, 1),
}
