"""The map moved so that what a question asks about lies in the part a dialog leaves free, and
put back as it was once the question is answered."""

from __future__ import annotations

from kivy.metrics import dp


class Framing:
    """Pans (and zooms in, if the map is small) the city view for a dialog on the right."""

    def __init__(self, city):
        self.city = city
        self._before = None  # where the map was before a question moved it

    def beside(self, spots, free: float) -> None:
        """These map spots into the window's left part (`free`: its share of the width)."""
        from kivy.core.window import Window
        city = self.city
        self._before = self._before or (city.centre, city.scale_px)
        width = min(Window.width * free, city.width)
        height = city.height - city.reserve_top - city.reserve_bottom
        xs, ys = [x for x, _y in spots], [y for _x, y in spots]
        span_x, span_y = max(xs) - min(xs) + 2, max(ys) - min(ys) + 2
        city.scale_px = max(city.scale_px, min(dp(80), width / span_x, height / span_y))
        s = city.scale_px
        middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        target = (city.x + width / 2, city.y + city.reserve_bottom + height / 2)
        city.centre = (middle[0] - (target[0] - city.center_x) / s,
                       middle[1] - (target[1] - city.center_y) / s)
        city.place_view()

    def restore(self) -> None:
        """The map as it was before a question moved it."""
        if self._before is not None:
            self.city.centre, self.city.scale_px = self._before
            self._before = None
            self.city.place_view()


def cell_spot(cell) -> tuple[float, float]:
    """The middle of a cell, in map units."""
    return cell[0] + 0.5, -cell[1] - 0.5


def point_spot(point) -> tuple[float, float]:
    return point[0], -point[1]
