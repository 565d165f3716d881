"""The Railways of the World network on screen: cities and links around the start board, laid out
as a tree that grows outwards from the middle, redrawn only when the game or the size changes.

The network is a tree (every link brings a new city), so each branch gets a slice of the circle
as wide as the number of cities at its tips, and each step from the start board a ring further
out: branches never cross, and the rings stretch to fill the landscape screen.
"""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.graphics import Canvas, Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.stencilview import StencilView

from companion.app import symbols
from companion.app.footprints import Footprint, Footprints
from companion.app.i18n import _
from companion.app.marks import player_marks
from companion.app.pan_zoom import PanZoom
from companion.app.theme import touch as finger

from . import network_labels as labels
from .colours import GOODS_RGBA, PLAYER_RGBA
from .network_pieces import (GOODS_INK, GOODS_SYMBOL, RAIL_RGBA, cubes_box, demand_radius,
                             demand_spot, draw_goods, draw_points, draw_start)

from ..engine import START
from ..engine.box import ANY_GOODS_VALUE

__all__ = ["GOODS_INK", "GOODS_RGBA", "PLAYER_RGBA", "RAIL_RGBA", "NetworkView", "layout",
           "spread"]

ANY_RGBA = (0.90, 0.88, 0.80, 1)  # a value-5 city: any goods
UNKNOWN_RGBA = (0.45, 0.47, 0.52, 1)  # a city entered in score-only mode
LIT = (1, 1, 1, 1)
MARK = (1.0, 0.85, 0.2, 1)
TAG_PX = labels.TAG_PX


def layout(cities: list[str], links: list[tuple[str, str]]) -> dict[str, tuple[float, float]]:
    """Positions in [-1, 1]²: the start board in the middle, each city one ring further out
    than the city it joined (the rings closer together outwards, where there is more room);
    cities joined to nothing (yet) on an outer ring."""
    neighbours: dict[str, list[str]] = {START: []}
    for city in cities:
        neighbours.setdefault(city, [])
    for a, b in links:
        if a in neighbours and b in neighbours:
            neighbours[a].append(b)
            neighbours[b].append(a)
    children: dict[str, list[str]] = {START: []}
    depth = {START: 0}
    frontier = [START]
    while frontier:
        nxt = []
        for here in frontier:
            for there in neighbours[here]:
                if there not in depth:
                    depth[there] = depth[here] + 1
                    children.setdefault(here, []).append(there)
                    children.setdefault(there, [])
                    nxt.append(there)
        frontier = nxt
    tips: dict[str, int] = {}

    def count(node: str) -> int:
        tips[node] = max(1, sum(count(c) for c in children.get(node, [])))
        return tips[node]

    count(START)
    loose = [c for c in cities if c not in depth]
    rings = max([*depth.values(), 1]) + (1 if loose else 0)
    places = {START: (0.0, 0.0)}

    def place(node: str, start: float, span: float) -> None:
        at = start
        for child in children.get(node, []):
            share = span * tips[child] / tips[node]
            angle = at + share / 2
            r = (depth[child] / rings) ** 0.75  # inner rings hold many cities: more room
            places[child] = (r * math.cos(angle), r * math.sin(angle))
            place(child, at, share)
            at += share

    place(START, math.pi / 2, 2 * math.pi)
    for i, city in enumerate(loose):
        angle = math.pi / 2 + 2 * math.pi * i / len(loose)
        places[city] = (math.cos(angle), math.sin(angle))
    return places


def spread(places: dict[str, tuple[float, float]], bounds, apart: float,
           rounds: int = 40, links=()) -> dict[str, tuple[float, float]]:
    """Push cities that crowd each other apart (the start board stays in the middle), inside
    `bounds`: a few rounds of halving each pair's shortfall, cheap for 25 cities; and a city
    off a rail (of `links`) that runs across it between two others (its tag would find no
    room there)."""
    names = list(places)
    xy = [list(places[n]) for n in names]
    fixed = [n == START for n in names]
    x0, y0, x1, y1 = bounds
    for _round in range(rounds):
        moved = False
        for i in range(len(xy)):
            for j in range(i + 1, len(xy)):
                dx, dy = xy[j][0] - xy[i][0], xy[j][1] - xy[i][1]
                d = math.hypot(dx, dy)
                if d >= apart:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (apart - d) / 2
                ux, uy = dx / d * push, dy / d * push
                if not fixed[i]:
                    xy[i][0], xy[i][1] = xy[i][0] - ux, xy[i][1] - uy
                if not fixed[j]:
                    xy[j][0], xy[j][1] = xy[j][0] + ux, xy[j][1] + uy
                moved = True
        moved = off_rails(xy, fixed, [(names.index(a), names.index(b)) for a, b in links
                                      if a in places and b in places], apart / 2) or moved
        for k, (x, y) in enumerate(xy):
            xy[k] = [min(max(x, x0), x1), min(max(y, y0), y1)]
        if not moved:
            break
    return {n: (x, y) for n, (x, y) in zip(names, xy)}


def off_rails(xy, fixed, links, clear: float) -> bool:
    """Each city nearer than `clear` to a rail between two other cities moved off it, across
    the rail; True when one moved."""
    moved = False
    for a, b in links:
        (ax, ay), (bx, by) = xy[a], xy[b]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        if length2 < 1e-6:
            continue
        for k, (x, y) in enumerate(xy):
            if k in (a, b) or fixed[k]:
                continue
            t = ((x - ax) * dx + (y - ay) * dy) / length2
            if not 0 < t < 1:
                continue
            px, py = ax + dx * t, ay + dy * t
            d = math.hypot(x - px, y - py)
            if d >= clear:
                continue
            if d < 1e-6:
                ux, uy = -dy / math.sqrt(length2), dx / math.sqrt(length2)
            else:
                ux, uy = (x - px) / d, (y - py) / d
            xy[k] = [x + ux * (clear - d), y + uy * (clear - d)]
            moved = True
    return moved


class NetworkView(PanZoom, StencilView):
    """Draws one position, fitted to its panel; one finger drags it, two pinch it (Show all
    fits it again); `on_city(city_id)` is called when a finger taps a city."""

    selected = StringProperty("")  # the city tapped (a cube's origin)
    marked = ListProperty([])  # cities to ring (where a cube may go)
    highlight = ListProperty([])  # link ids drawn lit (a route)
    reserve_top = NumericProperty(0)  # px covered by a bar over the network (the final
    # round's banner): the cities and labels keep below it (as TraffIQ's map does)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_city = None  # none: a tap shows the network over the whole window
        self.on_choose = None  # given: a tap between crowded cities lists them to choose
        self.zoomed = None  # that window, when this is the network in it
        self.state = None
        self.colours: list[str] = []  # seat -> player colour
        self.majority: dict[str, tuple[int, ...]] = {}  # city -> seats that take it (scoring)
        self.final = False  # the results: who takes each city, without goods and free points
        self.footprints = Footprints()  # what was drawn where (a test reads it)
        self.fit_button = None  # "Show all", while the network is dragged or pinched
        self._base: dict[str, tuple[float, float]] = {}  # fitted, in px from the middle
        self._fitted_to: tuple = ()
        self._places: dict[str, tuple[float, float]] = {}  # as drawn now
        self._drawn: tuple = ()
        self._labelled: tuple = ((), {}, None)  # what the labels' places were worked out for
        self._textures: dict = {}
        self._later = Clock.create_trigger(self.redraw)  # a pinch: once a frame at most
        self._drawing = Canvas()  # under the Show all button
        self.canvas.add(self._drawing)
        self.bind(pos=self.redraw, size=self.redraw, selected=self.redraw, marked=self.redraw,
                  highlight=self.redraw, reserve_top=self.redraw)

    def show(self, state, colours: list[str], majority: dict | None = None) -> None:
        """A position; with `majority` (the results), each city ringed in its takers' colours,
        without its goods left and free points."""
        self.state, self.colours, self.majority = state, list(colours), dict(majority or {})
        self.final = majority is not None
        self.redraw()

    # ---- where the network is: fitted, or dragged and pinched ----------------------------

    def scale_limits(self) -> tuple[float, float]:
        return 1.0, 4.0  # fitted is the farthest out

    def view_changed(self) -> None:
        self._fit_button()
        self._later()

    def fit(self, *_args) -> None:
        """Every city built in the panel again."""
        self.scale_px, self.centre = 1.0, (0.0, 0.0)
        self.view_changed()

    def _fit_button(self) -> None:
        moved = self.scale_px != 1.0 or self.centre != (0.0, 0.0)
        if moved and self.fit_button is None:
            button = self.fit_button = Factory.QuietButton(
                text=_("Show all"), size_hint=(None, None), height=finger())
            button.bind(on_release=self.fit)
            words = CoreLabel(text=button.text, font_size=button.font_size, bold=button.bold)
            words.refresh()
            button.width = max(finger(), words.texture.width + dp(28))
            self.add_widget(button)
        elif not moved and self.fit_button is not None:
            self.remove_widget(self.fit_button)
            self.fit_button = None
        self._place_fit_button()

    def _place_fit_button(self, *_args) -> None:
        if self.fit_button is not None:
            self.fit_button.pos = (self.x + dp(4), self.y + dp(4))

    def _fit_layout(self, s) -> None:
        """The cities spread over the panel (room at the edges for the cubes under a city,
        the points on its rim and its id, and at the top for a banner): worked out again,
        and the view fitted to it, when the network or the panel changes."""
        cities = list(s.cities)
        links = [(link.a, link.b) for link in s.links.values()]
        key = (tuple(cities), tuple(links), tuple(self.size), self.reserve_top, self.final)
        if key == self._fitted_to:
            return
        self._fitted_to = key
        half_w = max(self.width / 2 - dp(42), 1)
        half_h = max((self.height - self.reserve_top) / 2 - dp(46), 1)
        cy = dp(40) + half_h - self.height / 2
        self._base = spread({city: (x * half_w, cy + y * half_h)
                             for city, (x, y) in layout(cities, links).items()},
                            (-half_w, cy - half_h, half_w, cy + half_h),
                            dp(64) if self.final else dp(56), links=links)
        self.scale_px, self.centre = 1.0, (0.0, 0.0)
        self._fit_button()

    # ---- geometry ----------------------------------------------------------------------

    def radius(self) -> float:
        """Cities as large as the closest two allow (up to a finger's width)."""
        places = list(self._places.values())
        closest = min((math.hypot(ax - bx, ay - by) for i, (ax, ay) in enumerate(places)
                       for bx, by in places[i + 1:]), default=dp(60))
        return max(dp(10), min(dp(24), closest * 0.34))

    def reach(self) -> float:
        """How far from a city's middle a finger still taps it."""
        return max(dp(26), self.radius() * 1.3)

    def _in_sight(self, x: float, y: float) -> bool:
        return self.x <= x <= self.right and self.y <= y <= self.top - self.reserve_top

    def tap_targets(self) -> list[tuple[str, float]]:
        """Each city a finger may tap (in sight), with the width of the round patch that
        reaches it (its reach, shrunk where another city's is nearer), and its cubes, reached
        through it (a tap on the city takes its cube, or lists its kinds): what the
        screenshot audit measures."""
        if self.on_city is None or self.state is None:
            return []  # the whole network is one target (it opens over the window)
        reach = self.reach()
        found = []
        for city, (x, y) in self._places.items():
            if city == START or not self._in_sight(x, y):
                continue
            nearest = min((math.hypot(x - ox, y - oy) for other, (ox, oy)
                           in self._places.items() if other != city), default=2 * reach)
            # where reaches overlap, a tap there asks which city (on_choose): the whole reach
            width = 2 * (reach if self.on_choose else min(reach, nearest / 2))
            found.append((city, width))
            if any(self.state.cities[city].goods):
                found.append((f"cubes of {city}", width))
        return found

    def cities_at(self, x: float, y: float) -> list[str]:
        """The cities a finger here may mean: the one under it, else every one in reach."""
        reach = self.reach()
        near = sorted((math.hypot(x - cx, y - cy), city) for city, (cx, cy)
                      in self._places.items() if city != START)
        if near and near[0][0] <= self.radius():
            return [near[0][1]]
        return [city for d, city in near if d <= reach]

    def city_pos(self, city_id: str) -> tuple[float, float]:
        return self._places[city_id]

    def city_at(self, x: float, y: float) -> str | None:
        best, best_d = None, self.reach()
        for city, (cx, cy) in self._places.items():
            d = math.hypot(x - cx, y - cy)
            if d <= best_d:
                best, best_d = city, d
        return best

    def tapped(self, touch) -> None:
        if self.state is None:
            return
        if self.zoomed is not None:
            self.zoomed.close()
            return
        if self.on_city is None:  # the results: the network over the whole window
            from companion.app.map_zoom import open_zoom
            view = NetworkView()
            view.show(self.state, self.colours, self.majority if self.final else None)
            open_zoom(view)
            return
        cities = self.cities_at(*touch.pos)
        if len(cities) > 1 and self.on_choose is not None:  # crowded: a list to choose from
            self.on_choose(cities)
            return
        city = self.city_at(*touch.pos)
        if city is not None:
            self.on_city(city)

    # ---- drawing -----------------------------------------------------------------------

    def _signature(self, s) -> tuple:
        cities = tuple((c.id, c.value, c.demand, c.points, tuple(c.used), tuple(c.goods))
                       for c in s.cities.values())
        links = tuple((l.id, l.a, l.b, l.colour, l.value, l.owner) for l in s.links.values())
        return (cities, links, tuple(self.pos), tuple(self.size), self.selected,
                tuple(self.marked), tuple(self.highlight), tuple(self.colours),
                tuple(sorted(self.majority.items())), self.final, self.reserve_top,
                self.scale_px, self.centre, bool(getattr(self, "_pan_touches", None)))

    def redraw(self, *_args) -> None:
        s = self.state
        if s is None:
            self._drawing.clear()
            return
        self._fit_layout(s)
        signature = self._signature(s)
        if signature == self._drawn:
            return  # nothing changed: the drawing stays
        self._drawn = signature
        self._places = {city: self.to_view(x, y)
                        for city, (x, y) in self._base.items()}
        r = self.radius()
        cities, links = list(s.cities.values()), list(s.links.values())
        placed = self._labels(s, cities, links, r)
        self.footprints.clear()
        self.footprints.origin = tuple(self.pos)
        self._drawing.clear()
        with self._drawing:
            for link in links:
                self._draw_link(link, r)
            draw_start(*self._places[START], r, self.selected == START)
            for city in cities:
                self._draw_city(city, r)
            labels.paint(self, cities, links, player_marks(s.players), placed)
        if self.on_city is None and self.zoomed is None:  # a tap enlarges it
            from companion.app.map_zoom import magnifier
            self._drawing.add(magnifier(self.right, self.top))

    def _labels(self, s, cities, links, r: float) -> dict:
        """The labels' places: worked out again only when what they avoid moved (a city
        tapped or ringed leaves them where they are)."""
        button = self.fit_button
        key = (tuple(sorted(self._places.items())), r, self.final, self.reserve_top,
               tuple((c.id, tuple(c.goods), c.demand, c.value) for c in cities),
               tuple((l.id, l.owner, l.value) for l in links), self.on_city is None,
               self.zoomed is None, None if button is None else tuple(button.size))
        if key == self._labelled[0]:
            return self._labelled[1]
        if getattr(self, "_pan_touches", None) and self._labelled[1]:
            return labels.carried(self, *self._labelled[1:])  # fingers on it: placed again once they lift
        self._labelled = (key, labels.place_all(self, cities, links, player_marks(s.players),
                                                r), (self.scale_px, self.centre))
        return self._labelled[1]

    def _draw_link(self, link, r: float) -> None:
        (ax, ay), (bx, by) = self._places[link.a], self._places[link.b]
        width = max(dp(2.5), r * 0.22)
        if link.id in self.highlight:
            Color(*LIT)
            Line(points=[ax, ay, bx, by], width=width + dp(3))
        Color(*RAIL_RGBA.get(link.colour, (0.6, 0.6, 0.62, 1)))
        Line(points=[ax, ay, bx, by], width=width)

    def _draw_city(self, city, r: float) -> None:
        x, y = self._places[city.id]
        if city.id in self.marked:
            Color(*MARK)
            Ellipse(pos=(x - r - dp(6), y - r - dp(6)), size=(2 * r + dp(12),) * 2)
        if city.id == self.selected:
            Color(*LIT)
            Ellipse(pos=(x - r - dp(5), y - r - dp(5)), size=(2 * r + dp(10),) * 2)
        seats = self.majority.get(city.id, ())
        if seats:  # who takes the city at the end: a ring in their colour(s)
            step = 360 / len(seats)
            for i, seat in enumerate(seats):
                Color(*PLAYER_RGBA.get(self._colour(seat), (0.6, 0.6, 0.6, 1)))
                Line(circle=(x, y, r + dp(4), i * step, (i + 1) * step), width=dp(3))
        any_goods = city.value == ANY_GOODS_VALUE
        fill = (ANY_RGBA if any_goods else GOODS_RGBA.get(city.demand, UNKNOWN_RGBA)
                if city.demand else UNKNOWN_RGBA)
        Color(0.85, 0.85, 0.85, 1)  # a light rim: black cities show on the dark table too
        Ellipse(pos=(x - r - dp(1.5), y - r - dp(1.5)), size=(2 * r + dp(3),) * 2)
        Color(*fill)
        Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
        self.footprints.shape(f"city {city.id}", x, y, r + dp(1.5))
        ink = (0.1,) * 3 + (1,) if any_goods else GOODS_INK.get(city.demand, (0.1, 0.1, 0.1, 1))
        value = self.texture(str(city.value), max(TAG_PX, r * 1.15))
        self.paint(value, x, y, ink)
        self.footprints.text(f"{city.id} value", x, y, *value.size, max(TAG_PX, r * 1.15))
        if city.demand in GOODS_SYMBOL and not any_goods:  # the demand's symbol, on the rim
            bx, by = demand_spot((x, y), r)
            br = demand_radius(r)
            symbols.Now.disc((0.85, 0.85, 0.85, 1), bx, by, br + dp(1.5))
            symbols.Now.disc(fill, bx, by, br)
            symbols.draw(symbols.Now, GOODS_SYMBOL[city.demand], bx, by, (1, 0), br * 0.6, ink)
            self.footprints.shape(f"demand {city.id}", bx, by, br + dp(1.5))
        if not self.final:  # at the end, the goods left and the free points no longer count
            draw_points(city, x, y, r)
            draw_goods(city, x, y, r)
            cubes = cubes_box(city, x, y, r)
            if cubes is not None:
                self.footprints.drawn.append(Footprint("shape", f"cubes {city.id}", cubes.x,
                                                       cubes.y, cubes.w, cubes.h))

    def _colour(self, seat: int) -> str:
        return self.colours[seat] if 0 <= seat < len(self.colours) else ""

    def player_rgba(self, seat: int):
        return PLAYER_RGBA.get(self._colour(seat), (0.6, 0.6, 0.6, 1))

    def texture(self, text: str, size: float, bold: bool = True):
        key = (text, round(size), bold)
        texture = self._textures.get(key)
        if texture is None:
            label = CoreLabel(text=text, font_size=max(sp(15), size), bold=bold)
            label.refresh()
            texture = self._textures[key] = label.texture
        return texture

    @staticmethod
    def paint(texture, x: float, y: float, rgba) -> None:
        Color(*rgba)
        w, h = texture.size
        Rectangle(texture=texture, pos=(x - w / 2, y - h / 2), size=(w, h))
