"""The New York map: locations, attraction coins and every route, drawn from the board data.

The board is portrait; the screen is landscape, so the map is turned a quarter turn (uptown
on the left). A tap picks the nearest route within reach of a finger.
"""

from __future__ import annotations

import math

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import DictProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from ..engine.ttr_nyc import Board, Route
from .theme import CARD_RGBA, TAXI_RGBA

DOUBLE_OFFSET = 0.62  # how far apart the two routes of a double are, in route widths


class BoardView(Widget):
    """Draws the map; `owners` maps route ids to seats, `colours` seats to taxi colours."""

    board: Board = ObjectProperty(None, allownone=True)
    owners = DictProperty({})
    colours = ListProperty([])
    highlight = ListProperty([])  # route ids drawn brighter (a ticket's path)
    selected = StringProperty("")  # the route the player tapped
    marked = ListProperty([])  # locations to ring (a ticket's two ends)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._segments: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
        self._labels: dict[str, object] = {}
        self.register_event_type("on_route")
        self.bind(pos=self.redraw, size=self.redraw, board=self.redraw, owners=self.redraw,
                  colours=self.redraw, highlight=self.redraw, selected=self.redraw,
                  marked=self.redraw)

    def on_route(self, route_id: str) -> None:
        """A route was tapped."""

    # ---- geometry ----------------------------------------------------------------------

    def _transform(self):
        """Board (x, y down) to widget coordinates, a quarter turn anticlockwise."""
        xs = [loc.xy[0] for loc in self.board.locations.values()]
        ys = [loc.xy[1] for loc in self.board.locations.values()]
        # Room around the outer locations for their names (wide) and coins (tall).
        margin_u, margin_v = 75, 40
        span_u = max(ys) - min(ys) + 2 * margin_u  # board y runs left to right on screen
        span_v = max(xs) - min(xs) + 2 * margin_v  # board x runs bottom to top
        scale = min(self.width / span_u, self.height / span_v)
        left = self.x + (self.width - span_u * scale) / 2
        bottom = self.y + (self.height - span_v * scale) / 2
        u0, v0 = min(ys) - margin_u, min(xs) - margin_v

        def to_widget(x: float, y: float) -> tuple[float, float]:
            return left + (y - u0) * scale, bottom + (x - v0) * scale

        return to_widget, scale

    def location_pos(self, location_id: str) -> tuple[float, float]:
        to_widget, _ = self._transform()
        return to_widget(*self.board.locations[location_id].xy)

    def _route_segment(self, route: Route, to_widget, width: float):
        (ax, ay), (bx, by) = to_widget(*self.board.locations[route.a].xy), \
            to_widget(*self.board.locations[route.b].xy)
        if route.sibling:
            dx, dy = bx - ax, by - ay
            norm = math.hypot(dx, dy) or 1
            side = 1 if route.id < route.sibling else -1
            ox, oy = -dy / norm * width * DOUBLE_OFFSET * side, dx / norm * width * DOUBLE_OFFSET * side
            ax, ay, bx, by = ax + ox, ay + oy, bx + ox, by + oy
        return (ax, ay), (bx, by)

    def route_at(self, x: float, y: float, reach: float | None = None) -> str | None:
        """The route nearest to a point, if one lies within a finger's reach."""
        reach = reach if reach is not None else dp(24)
        best, best_d = None, reach
        for route_id, ((ax, ay), (bx, by)) in self._segments.items():
            d = _distance_to_segment(x, y, ax, ay, bx, by)
            if d < best_d:
                best, best_d = route_id, d
        return best

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos) or self.board is None:
            return super().on_touch_down(touch)
        route_id = self.route_at(*touch.pos)
        if route_id is not None:
            self.dispatch("on_route", route_id)
            return True
        return super().on_touch_down(touch)

    # ---- drawing -----------------------------------------------------------------------

    def redraw(self, *_args) -> None:
        self.canvas.clear()
        self._segments.clear()
        if self.board is None or self.width < 10 or self.height < 10:
            return
        to_widget, scale = self._transform()
        width = max(dp(5), 16 * scale)  # a route's thickness
        with self.canvas:
            for route in self.board.routes.values():
                self._draw_route(route, to_widget, width)
            for loc in self.board.locations.values():
                self._draw_location(loc, to_widget, scale)

    def _draw_route(self, route: Route, to_widget, width: float) -> None:
        (ax, ay), (bx, by) = self._route_segment(route, to_widget, width)
        self._segments[route.id] = ((ax, ay), (bx, by))
        length = math.hypot(bx - ax, by - ay)
        if length < 1:
            return
        ux, uy = (bx - ax) / length, (by - ay) / length
        # Leave room for the location dots at both ends.
        inset = min(length * 0.2, width * 1.4)
        start, usable = inset, length - 2 * inset
        owner = self.owners.get(route.id)
        colour = CARD_RGBA["gray" if route.colour is None else route.colour.key]
        fill = TAXI_RGBA[self.colours[owner]] if owner is not None and owner < len(self.colours) \
            else colour
        space = usable / route.length
        gap = min(space * 0.12, dp(3))
        lit = route.id == self.selected or route.id in self.highlight
        for i in range(route.length):
            s0 = start + i * space + gap / 2
            s1 = start + (i + 1) * space - gap / 2
            points = [ax + ux * s0, ay + uy * s0, ax + ux * s1, ay + uy * s1]
            if lit:
                Color(1, 1, 1, 1)
                Line(points=points, width=width / 2 + dp(3.5), cap="none")
            Color(0, 0, 0, 1)
            Line(points=points, width=width / 2 + dp(1.2), cap="none")
            # A claimed space holds a taxi in the owner's colour, as on the real board.
            Color(*fill)
            Line(points=points, width=width / 2, cap="none")

    def _draw_location(self, loc, to_widget, scale: float) -> None:
        x, y = to_widget(*loc.xy)
        r = max(dp(7), 13 * scale)
        ringed = loc.id in self.marked
        Color(*((1, 0.9, 0.2, 1) if ringed else (0.95, 0.95, 0.92, 1)))
        Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
        Color(0.15, 0.15, 0.18, 1)
        Line(circle=(x, y, r), width=dp(1.5 if not ringed else 3))
        if loc.attraction:  # the "1" coin of a tourist attraction
            c = r * 0.62
            Color(0.95, 0.75, 0.15, 1)
            Ellipse(pos=(x + r * 0.3, y + r * 0.3), size=(2 * c, 2 * c))
            self._text("1", x + r * 0.3 + c, y + r * 0.3 + c, sp(9), (0.2, 0.15, 0, 1))
        self._text(loc.name, x, y - r - sp(7), sp(10), (1, 1, 1, 1), shadow=True)

    def _text(self, text: str, cx: float, cy: float, size: float, rgba, shadow: bool = False):
        key = (text, size)
        texture = self._labels.get(key)
        if texture is None:
            label = CoreLabel(text=text, font_size=size, bold=True)
            label.refresh()
            texture = self._labels[key] = label.texture
        w, h = texture.size
        if shadow:
            Color(0, 0, 0, 0.75)
            Rectangle(texture=texture, pos=(cx - w / 2 + 1, cy - h / 2 - 1), size=(w, h))
        Color(*rgba)
        Rectangle(texture=texture, pos=(cx - w / 2, cy - h / 2), size=(w, h))


def _distance_to_segment(px, py, ax, ay, bx, by) -> float:
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))
