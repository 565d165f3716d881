"""The Railways of the World network on screen: cities and links around the start board, laid out
as a tree that grows outwards from the middle, redrawn only when the game or the size changes.

The network is a tree (every link brings a new city), so each branch gets a slice of the circle
as wide as the number of cities at its tips, and each step from the start board a ring further
out: branches never cross, and the rings stretch to fill the landscape screen.
"""

from __future__ import annotations

import math

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from companion.app import symbols
from companion.app.footprints import Footprint, Footprints
from companion.app.marks import player_marks

from . import network_labels as labels
from .colours import GOODS_RGBA, PLAYER_RGBA

from ..engine import GOODS, START
from ..engine.box import ANY_GOODS_VALUE

RAIL_RGBA = {
    "purple": (0.58, 0.32, 0.80, 1),
    "light_green": (0.56, 0.86, 0.36, 1),
    "brown": (0.58, 0.36, 0.18, 1),
    "orange": (0.98, 0.55, 0.10, 1),
    "white": (0.95, 0.95, 0.95, 1),
}
GOODS_INK = {"blue": (1, 1, 1, 1), "red": (1, 1, 1, 1), "black": (1, 1, 1, 1),
             "yellow": (0.1, 0.1, 0.1, 1)}
DEMAND_ANGLE = math.radians(160)
GOODS_SYMBOL = {"blue": "disc", "red": "diamond", "black": "square", "yellow": "bar"}  # for
# colour-blind players: on each cube and on each city's rim (companion.app.symbols)
ANY_RGBA = (0.90, 0.88, 0.80, 1)  # a value-5 city: any goods
UNKNOWN_RGBA = (0.45, 0.47, 0.52, 1)  # a city entered in score-only mode
START_RGBA = (0.30, 0.33, 0.40, 1)
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
           rounds: int = 40) -> dict[str, tuple[float, float]]:
    """Push cities that crowd each other apart (the start board stays in the middle), inside
    `bounds`: a few rounds of halving each pair's shortfall, cheap for 25 cities."""
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
        for k, (x, y) in enumerate(xy):
            xy[k] = [min(max(x, x0), x1), min(max(y, y0), y1)]
        if not moved:
            break
    return {n: (x, y) for n, (x, y) in zip(names, xy)}


def demand_spot(centre, r: float) -> tuple[float, float]:
    """Where a city's demand symbol sits: on its rim, left of its value (the free points
    share the rim with it, evenly)."""
    return centre[0] + r * math.cos(DEMAND_ANGLE), centre[1] + r * math.sin(DEMAND_ANGLE)


def demand_radius(r: float) -> float:
    return max(dp(6), r * 0.42)


class NetworkView(Widget):
    """Draws one position; `on_city(city_id)` is called when a finger lands on a city."""

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
        self._places: dict[str, tuple[float, float]] = {}
        self._drawn: tuple = ()
        self._textures: dict = {}
        self.bind(pos=self.redraw, size=self.redraw, selected=self.redraw, marked=self.redraw,
                  highlight=self.redraw, reserve_top=self.redraw)

    def show(self, state, colours: list[str], majority: dict | None = None) -> None:
        """A position; with `majority` (the results), each city ringed in its takers' colours,
        without its goods left and free points."""
        self.state, self.colours, self.majority = state, list(colours), dict(majority or {})
        self.final = majority is not None
        self.redraw()

    # ---- geometry ----------------------------------------------------------------------

    def radius(self) -> float:
        """Cities as large as the closest two allow (between a finger's and a fingertip's)."""
        places = list(self._places.values())
        closest = min((math.hypot(ax - bx, ay - by) for i, (ax, ay) in enumerate(places)
                       for bx, by in places[i + 1:]), default=dp(60))
        return max(dp(10), min(dp(21), closest * 0.34))

    def _unit(self) -> dict[str, tuple[float, float]]:
        s = self.state
        cities = list(s.cities) if s is not None else []
        links = [(link.a, link.b) for link in s.links.values()] if s is not None else []
        return layout(cities, links)

    def tap_targets(self) -> list[tuple[str, float]]:
        """Each city a finger may tap, with the width of the round patch that reaches it (its
        reach, shrunk where another city's is nearer): what the screenshot audit measures."""
        if self.on_city is None or self.state is None:
            return []  # the whole network is one target (it opens over the window)
        reach = max(dp(26), self.radius() * 1.3)
        found = []
        for city, (x, y) in self._places.items():
            if city == START:
                continue
            nearest = min((math.hypot(x - ox, y - oy) for other, (ox, oy)
                           in self._places.items() if other != city), default=2 * reach)
            # where reaches overlap, a tap there asks which city (on_choose): the whole reach
            found.append((city, 2 * (reach if self.on_choose else min(reach, nearest / 2))))
        return found

    def cities_at(self, x: float, y: float) -> list[str]:
        """The cities a finger here may mean: the one under it, else every one in reach."""
        reach = max(dp(26), self.radius() * 1.3)
        near = sorted((math.hypot(x - cx, y - cy), city) for city, (cx, cy)
                      in self._places.items() if city != START)
        if near and near[0][0] <= self.radius():
            return [near[0][1]]
        return [city for d, city in near if d <= reach]

    def city_pos(self, city_id: str) -> tuple[float, float]:
        return self._places[city_id]

    def city_at(self, x: float, y: float) -> str | None:
        reach = max(dp(26), self.radius() * 1.3)
        best, best_d = None, reach
        for city, (cx, cy) in self._places.items():
            d = math.hypot(x - cx, y - cy)
            if d <= best_d:
                best, best_d = city, d
        return best

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos) or self.state is None:
            return super().on_touch_down(touch)
        if self.zoomed is not None:
            self.zoomed.close()
            return True
        if self.on_city is None:  # the results: the network over the whole window
            from companion.app.map_zoom import open_zoom
            view = NetworkView()
            view.show(self.state, self.colours, self.majority if self.final else None)
            open_zoom(view)
            return True
        cities = self.cities_at(*touch.pos)
        if len(cities) > 1 and self.on_choose is not None:  # crowded: a list to choose from
            self.on_choose(cities)
            return True
        city = self.city_at(*touch.pos)
        if city is not None and self.on_city is not None:
            self.on_city(city)
            return True
        return super().on_touch_down(touch)

    # ---- drawing -----------------------------------------------------------------------

    def _signature(self, s) -> tuple:
        cities = tuple((c.id, c.value, c.demand, c.points, tuple(c.used), tuple(c.goods))
                       for c in s.cities.values())
        links = tuple((l.id, l.a, l.b, l.colour, l.value, l.owner) for l in s.links.values())
        return (cities, links, tuple(self.pos), tuple(self.size), self.selected,
                tuple(self.marked), tuple(self.highlight), tuple(self.colours),
                tuple(sorted(self.majority.items())), self.final, self.reserve_top)

    def redraw(self, *_args) -> None:
        s = self.state
        if s is None:
            self.canvas.clear()
            return
        signature = self._signature(s)
        if signature == self._drawn:
            return  # nothing changed: the drawing stays
        self._drawn = signature
        # Room at the edges for the cubes under a city and the points on its rim (and its id
        # above it), and at the top for a banner over the network.
        half_w = max(self.width / 2 - dp(42), 1)
        half_h = max((self.height - self.reserve_top) / 2 - dp(46), 1)
        cx, cy = self.center_x, self.y + dp(40) + half_h
        self._places = spread({city: (cx + x * half_w, cy + y * half_h)
                               for city, (x, y) in self._unit().items()},
                              (cx - half_w, cy - half_h, cx + half_w, cy + half_h),
                              dp(64) if self.final else dp(56))
        r = self.radius()
        marks = player_marks(s.players)
        self.footprints.clear()
        self.footprints.origin = tuple(self.pos)
        room = Footprints()  # what is placed where, so that the ids and tags avoid it
        for city in s.cities.values():
            room.shape(f"city {city.id}", *self._places[city.id], r + dp(2))
            room.text(f"value {city.id}", *self._places[city.id], r, r, TAG_PX)  # (a label
            # with no clear place rather covers another label's edge than a city's value)
            if city.demand in GOODS_SYMBOL and city.value != ANY_GOODS_VALUE:
                room.shape(f"demand {city.id}", *demand_spot(self._places[city.id], r),
                           demand_radius(r) + dp(1.5))
        room.shape("start", *self._places[START], r * 1.25)
        if self.reserve_top:  # the labels keep clear of the banner
            room.drawn.append(Footprint("shape", "banner", self.x, self.top - self.reserve_top,
                                        self.width, self.reserve_top))
        if self.on_city is None and self.zoomed is None:  # the labels keep clear of it
            room.shape("magnifier", self.right - dp(22), self.top - dp(20), dp(18))
        if not self.final:
            for city in s.cities.values():
                self._goods_room(city, r, room)
        cities, links = list(s.cities.values()), list(s.links.values())
        labels.place_tags(self, links, marks, room)
        labels.place_ids(self, cities, r, room)
        self.canvas.clear()
        with self.canvas:
            for link in links:
                self._draw_link(link, r)
            self._draw_start(r)
            for city in cities:
                self._draw_city(city, r)
            labels.paint_ids(self, cities, room, self.footprints)
            labels.paint_tags(self, links, marks, room, self.footprints)
        if room.find("magnifier") is not None:  # a tap enlarges it
            from companion.app.map_zoom import magnifier
            self.canvas.add(magnifier(self.right, self.top))

    def _draw_link(self, link, r: float) -> None:
        (ax, ay), (bx, by) = self._places[link.a], self._places[link.b]
        width = max(dp(2.5), r * 0.22)
        if link.id in self.highlight:
            Color(*LIT)
            Line(points=[ax, ay, bx, by], width=width + dp(3))
        Color(*RAIL_RGBA.get(link.colour, (0.6, 0.6, 0.62, 1)))
        Line(points=[ax, ay, bx, by], width=width)

    def _draw_start(self, r: float) -> None:
        x, y = self._places[START]
        size = r * 1.25
        if self.selected == START:
            Color(*LIT)
            Ellipse(pos=(x - size - dp(4), y - size - dp(4)), size=(2 * size + dp(8),) * 2)
        Color(*START_RGBA)
        Ellipse(pos=(x - size, y - size), size=(2 * size, 2 * size), segments=6)
        Color(1, 1, 1, 1)  # the start board takes rails of any colour: a plain white hexagon
        Line(circle=(x, y, size * 0.55), segments=6, width=dp(2))

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
            self._draw_points(city, x, y, r)
            self._draw_goods(city, x, y, r)

    def _draw_points(self, city, x: float, y: float, r: float) -> None:
        """The free connection points: dots of their rail colour on the rim."""
        free = list(city.points)
        for colour in city.used:
            if colour in free:
                free.remove(colour)
        dot = max(dp(3), r * 0.22)
        badge = city.demand in GOODS_SYMBOL and city.value != ANY_GOODS_VALUE
        for i, colour in enumerate(free):
            if badge:  # evenly round the rim, the demand symbol's place left free
                angle = DEMAND_ANGLE + 2 * math.pi * (i + 1) / (len(free) + 1)
            else:
                angle = math.pi / 2 + 2 * math.pi * i / max(len(free), 1)
            px, py = x + r * math.cos(angle), y + r * math.sin(angle)
            Color(0, 0, 0, 1)
            Ellipse(pos=(px - dot - 1, py - dot - 1), size=(2 * dot + 2,) * 2)
            Color(*RAIL_RGBA[colour])
            Ellipse(pos=(px - dot, py - dot), size=(2 * dot, 2 * dot))

    @staticmethod
    def _goods_room(city, r: float, room: Footprints) -> None:
        """The row of cubes under a city, which the labels avoid."""
        count = sum(city.goods)
        if count:
            side = max(dp(7), r * 0.5)
            row = count * (side + dp(2))
            x, y = room.find(f"city {city.id}").centre
            room.drawn.append(Footprint("shape", f"cubes {city.id}", x - row / 2 - 1,
                                        y - r - side - dp(3) - 1, row + 2, side + 2))

    def _draw_goods(self, city, x: float, y: float, r: float) -> None:
        """The cubes on the city, in a row under it."""
        cubes = [goods for goods, count in zip(GOODS, city.goods) for _ in range(count)]
        side = max(dp(7), r * 0.5)
        left = x - (len(cubes) * (side + dp(2))) / 2
        for i, goods in enumerate(cubes):
            px, py = left + i * (side + dp(2)), y - r - side - dp(3)
            Color(0.9, 0.9, 0.9, 1)
            Rectangle(pos=(px - 1, py - 1), size=(side + 2, side + 2))
            Color(*GOODS_RGBA[goods])
            Rectangle(pos=(px, py), size=(side, side))
            symbols.draw(symbols.Now, GOODS_SYMBOL[goods], px + side / 2, py + side / 2, (1, 0),
                         side * 0.34, GOODS_INK[goods])

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
