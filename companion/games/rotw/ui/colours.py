"""Railways of the World's colours as drawn, the players' trains and the goods: light enough to
import for Home's list of games and its emblem (the map's module brings the engine)."""

from __future__ import annotations

PLAYER_RGBA = {  # the trains in the box
    "purple": (0.66, 0.40, 0.92, 1),
    "light_blue": (0.45, 0.78, 1.0, 1),
    "grey": (0.72, 0.72, 0.74, 1),
    "green": (0.22, 0.74, 0.32, 1),
}
GOODS_RGBA = {
    "blue": (0.16, 0.42, 0.92, 1),
    "red": (0.86, 0.16, 0.16, 1),
    "black": (0.05, 0.05, 0.06, 1),
    "yellow": (1.0, 0.85, 0.10, 1),
}
