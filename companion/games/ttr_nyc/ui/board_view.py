"""The New York map: locations, attraction coins and every route, drawn from the board data.

The board is portrait; a landscape box draws it turned a quarter turn (uptown on the left), a
tall narrow one (the results beside a wide table) upright, whichever draws it larger. A tap
picks the nearest route within reach of a finger.
"""

from __future__ import annotations

import math

from kivy.core.text import Label as CoreLabel
from kivy.graphics import ClearBuffers, ClearColor, Color, Fbo, Mesh, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import (DictProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.widget import Widget

from ..engine import Board, Route
from companion.app.footprints import Footprint, Footprints
from companion.app.label_placer import Box, Label, around, place, within
from companion.app.marks import ink_on, mark_texture
from companion.app.theme import CARD_RGBA, TAXI_RGBA

from .symbols import route_symbol

FREE_ACROSS = 0.72  # a free route's spaces, as a share of a claimed route's taxis' width
DOUBLE_OFFSET = 0.62  # how far apart the two routes of a double are, in route widths
MARGIN_WIDE, MARGIN_TALL = 75, 40  # board px round the outer locations: names are wide,
# coins tall
BIG_ENOUGH = 0.6  # px a board px: the play map's scale at 800x480 (0.65) holds every name and
# badge clear of the others
MIN_SIDE = 120  # px: a map box smaller than this is not laid out yet (Kivy's 100x100 default)
LABEL_PX = 15  # the map's names: readable at arm's length on the Pi's 7" screen
NAME_GAPS = (1.0, 4.0, 7.0)  # px from a dot's rim to its name's box: the nearer first
BADGE_AT = {0: (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78, 0.45, 0.55, 0.35, 0.65, 0.15, 0.85),
            1: (0.36, 0.26, 0.5, 0.2, 0.62, 0.3, 0.42, 0.15, 0.7, 0.8),
            -1: (0.64, 0.74, 0.5, 0.8, 0.38, 0.7, 0.58, 0.85, 0.3, 0.2)}  # along a
# route: where its owner's badge may go, nearest the middle first (the two routes of a double
# prefer different places); the later ones leave room for a crowded corner's names


def map_extent(board: Board, turned: bool) -> tuple[float, float]:
    """The map's width and height in board px, turned (uptown on the left) or upright, with
    room round the outer locations for their names (wide) and coins (tall)."""
    xs = [loc.xy[0] for loc in board.locations.values()]
    ys = [loc.xy[1] for loc in board.locations.values()]
    across, up = max(ys) - min(ys), max(xs) - min(xs)
    if not turned:
        across, up = up, across
    return across + 2 * MARGIN_WIDE, up + 2 * MARGIN_TALL


def map_fit(board: Board, width: float, height: float) -> tuple[bool, float]:
    """Whether the map is turned in a width×height box (the way that draws it larger; turned
    on a tie) and its scale."""
    fits = []
    for turned in (True, False):
        span_u, span_v = map_extent(board, turned)
        fits.append((min(width / span_u, height / span_v), turned))
    scale, turned = max(fits)
    return turned, scale


def map_height(board: Board, width: float, most: float) -> float:
    """The height a map `width` px wide takes, at most `most`: turned where that is large
    enough for its labels (BIG_ENOUGH), else drawn as large as it can be (upright in a narrow
    column), so that what lies below it keeps the rest."""
    span_u, span_v = map_extent(board, True)
    scale = min(width / span_u, most / span_v)
    if scale < BIG_ENOUGH:
        turned, scale = map_fit(board, width, most)
        span_v = map_extent(board, turned)[1]
    return span_v * scale


def map_transform(board: Board, size, origin):
    """Board (x, y down) to coordinates from `origin` in a box of `size`, and the scale:
    turned a quarter turn anticlockwise (uptown on the left) where that draws the map larger,
    else upright as the board lies on the table (uptown at the top: a tall narrow box)."""
    (width, height), (ox, oy) = size, origin
    turned, scale = map_fit(board, width, height)
    span_u, span_v = map_extent(board, turned)
    left = ox + (width - span_u * scale) / 2
    bottom = oy + (height - span_v * scale) / 2
    xs = [loc.xy[0] for loc in board.locations.values()]
    ys = [loc.xy[1] for loc in board.locations.values()]
    if turned:  # board y runs left to right on screen, board x bottom to top
        u0, v0 = min(ys) - MARGIN_WIDE, min(xs) - MARGIN_TALL

        def to_widget(x: float, y: float) -> tuple[float, float]:
            return left + (y - u0) * scale, bottom + (x - v0) * scale
    else:  # board x left to right, board y top to bottom
        u0, v1 = min(xs) - MARGIN_WIDE, max(ys) + MARGIN_TALL

        def to_widget(x: float, y: float) -> tuple[float, float]:
            return left + (x - u0) * scale, bottom + (v1 - y) * scale

    return to_widget, scale


class MapHolder(Widget):
    """Where a screen shows the map: the one BoardView of the app moves in when it opens.
    `reserve_top`: px at the top covered by a bar (the final round's banner), kept off the map
    (as TraffIQ's map does): the map fits below it."""

    reserve_top = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._fit, size=self._fit, reserve_top=self._fit)

    def hold(self, board_view: "BoardView") -> None:
        if board_view.parent is not self:
            if board_view.parent is not None:
                board_view.parent.remove_widget(board_view)
            self.add_widget(board_view)
        self._fit()

    def _fit(self, *_args) -> None:
        height = max(self.height - self.reserve_top, self.height / 2)
        for child in self.children:
            child.pos, child.size = self.pos, (self.width, height)


class BoardView(Widget):
    """Draws the map; `owners` maps route ids to seats, `colours` seats to taxi colours and
    `marks` seats to the players' letters (companion.app.marks), shown on their routes."""

    board: Board = ObjectProperty(None, allownone=True)
    owners = DictProperty({})
    colours = ListProperty([])
    marks = ListProperty([])
    highlight = ListProperty([])  # route ids drawn brighter (a ticket's path)
    selected = StringProperty("")  # the route the player tapped
    marked = ListProperty([])  # locations to ring (a ticket's two ends)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_tap = None  # what the screen showing the map does with a tapped route (none:
        # a tap shows the map over the whole window, companion.app.map_zoom)
        self.zoomed = None  # that window, while it is open
        self._segments: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
        self._labels: dict[str, object] = {}
        self._texture = None  # the map as last drawn, and for which size and claims
        self._drawn: tuple = ()
        self.footprints = Footprints()  # the names, badges and dots as last drawn (map's own
        # coordinates, from its lower left corner)
        self.bind(pos=self.redraw, size=self.redraw, board=self._new_board, owners=self.redraw,
                  colours=self.redraw, marks=self.redraw, highlight=self.redraw,
                  selected=self.redraw, marked=self.redraw)

    def _zoom(self) -> None:
        """The map over the whole window, and back to its screen's holder."""
        from companion.app.map_zoom import open_zoom
        if self.zoomed is not None:
            self.zoomed.close()
            return
        holder = self.parent
        if holder is not None:
            holder.remove_widget(self)
        open_zoom(self, on_close=lambda: holder.hold(self) if holder is not None else None)

    def _new_board(self, *_args) -> None:
        self._texture = None
        self.redraw()

    # ---- geometry ----------------------------------------------------------------------

    def _transform(self, origin: tuple[float, float] | None = None):
        """Board (x, y down) to window coordinates (or relative to `origin`), see
        map_transform."""
        return map_transform(self.board, self.size, origin if origin is not None else self.pos)

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
        if self.zoomed is not None or self.on_tap is None:  # the results: zoom in or out
            self._zoom()
            return True
        route_id = self.route_at(*touch.pos)
        if route_id is not None:
            if self.on_tap is not None:
                self.on_tap(route_id)
            return True
        return super().on_touch_down(touch)

    # ---- drawing -----------------------------------------------------------------------

    def redraw(self, *_args) -> None:
        """The map (routes, taxis, locations, names) is drawn into one texture, again only
        after a claim or a new size; a selected route or a ticket's path is drawn over it."""
        self.canvas.clear()
        self._segments.clear()
        if self.board is None or self.width < MIN_SIDE or self.height < MIN_SIDE:
            return  # (a size on the way to its place in a layout: placing labels costs a second)
        size = (int(self.width), int(self.height))
        taxis = (tuple(sorted(self.owners.items())), tuple(self.colours), tuple(self.marks),
                 self._corner())
        if self._texture is None or self._drawn != (size, taxis):
            self._texture = self._draw_map(size)
            self._drawn = (size, taxis)
        to_widget, scale = self._transform()
        width = self._route_width(scale)
        for route in self.board.routes.values():
            self._segments[route.id] = self._route_segment(route, to_widget, width)
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(texture=self._texture, pos=self.pos, size=size)
            lit = _Shapes()
            for route_id in {self.selected, *self.highlight} - {""}:
                (ax, ay), (bx, by) = self._segments[route_id]
                route = self.board.routes[route_id]
                _spaces(lit, ax, ay, bx, by, route.length, width, self._fill(route), lit=True)
            for location_id in self.marked:
                x, y = to_widget(*self.board.locations[location_id].xy)
                r = self._dot_radius(scale)
                lit.ring((1, 0.9, 0.2, 1), x, y, r + dp(2), r + dp(5))
            lit.draw()
        if self._corner():  # a tap enlarges it
            from companion.app.map_zoom import magnifier
            self.canvas.add(magnifier(self.right, self.top))

    def _corner(self) -> bool:
        """The magnifier in the top right corner: a tap on the map enlarges it."""
        return self.on_tap is None and self.zoomed is None

    @staticmethod
    def _route_width(scale: float) -> float:
        return max(dp(5), 16 * scale)

    @staticmethod
    def _dot_radius(scale: float) -> float:
        return max(dp(7), 13 * scale)

    def _draw_map(self, size: tuple[int, int]):
        """Routes with their taxis and their owners' badges, then the locations and names on
        top, in a texture. The badges (along their routes) and the names (round their dots)
        are placed together where none covers another, a dot or a coin
        (companion.app.label_placer), and only then drawn."""
        fbo = Fbo(size=size)
        to_local, scale = self._transform(origin=(0, 0))
        width = self._route_width(scale)
        r = self._dot_radius(scale)
        room = Footprints()  # what is drawn where, in the order it is drawn
        for loc in self.board.locations.values():
            room.shape(f"location {loc.id}", *to_local(*loc.xy), r + dp(1.5))
        if self._corner():  # the labels keep clear of the magnifier
            room.shape("magnifier", size[0] - dp(22), size[1] - dp(20), dp(18))
        places, coins = self._places(to_local, r, room)
        routes = _Shapes()
        badges, labels, forms = [], [], {}
        for route in self.board.routes.values():
            (ax, ay), (bx, by) = self._route_segment(route, to_local, width)
            claimed = route.id in self.owners
            _spaces(routes, ax, ay, bx, by, route.length, width, self._fill(route),
                    edge=(1, 1, 1, 1) if claimed else (0, 0, 0, 1),
                    symbol=None if claimed else route.colour,
                    across=1 if claimed else FREE_ACROSS)
            if claimed:
                badges.append(self._badge(route, (ax, ay), (bx, by), labels, size))
        for loc in self.board.locations.values():
            labels.append(self._name(loc, *to_local(*loc.xy), r + dp(1.5), size, forms))
        fixed = [Box(f.x, f.y, f.w, f.h) for f in room.drawn]
        placed = place(labels, fixed)
        for route, _texture in badges:
            box = placed[f"badge {route.id}"]
            room.drawn.append(Footprint("shape", f"badge {route.id}", box.x, box.y, box.w, box.h))
        names = coins + [(forms[(loc.id, box.w, box.h)], *box.centre, LABEL_PX, (1, 1, 1, 1),
                          True) for loc in self.board.locations.values()
                         for box in [placed[f"name {loc.id}"]]]
        self._record(badges, room, names)
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            routes.draw()
            for route, texture in badges:
                self._draw_badge(*room.find(f"badge {route.id}").centre, _badge_radius(texture),
                                 self._fill(route), texture)
            places.draw()
            for name in names:
                self._text(*name)
        fbo.draw()
        texture = fbo.texture
        fbo.clear()
        return texture

    def _places(self, to_local, r: float, room: Footprints) -> tuple["_Shapes", list]:
        """The locations' dots and the attractions' coins, and the coins' "1"s."""
        places, coins = _Shapes(), []
        for loc in self.board.locations.values():
            x, y = to_local(*loc.xy)
            places.disc((0.15, 0.15, 0.18, 1), x, y, r + dp(1.5))
            places.disc((0.95, 0.95, 0.92, 1), x, y, r)
            if loc.attraction:  # the "1" coin of a tourist attraction, big enough for its 1
                c = max(r * 0.62, sp(8))
                places.disc((0.95, 0.75, 0.15, 1), x + r * 0.3 + c, y + r * 0.3 + c, c)
                room.shape(f"location {loc.id} coin", x + r * 0.3 + c, y + r * 0.3 + c,
                           c + dp(2))
                # Its "1" as drawn (taller than the coin): the names keep clear of it too.
                one = self._name_texture("1", LABEL_PX, False).size
                room.text(f"coin {loc.id}", x + r * 0.3 + c, y + r * 0.3 + c, *one, LABEL_PX)
                coins.append(("1", x + r * 0.3 + c, y + r * 0.3 + c, LABEL_PX,
                              (0.2, 0.15, 0, 1), False))
        return places, coins

    def _record(self, badges: list, room: Footprints, names: list) -> None:
        """What was drawn, in drawing order: badges, dots, then the names."""
        prints = self.footprints
        prints.clear()
        for route, texture in badges:
            badge = room.find(f"badge {route.id}")
            prints.drawn.append(badge)
            prints.text(f"mark {self._mark(route)}", *badge.centre, *texture.size, LABEL_PX)
        prints.drawn.extend(f for f in room.drawn if f.name.startswith("location "))
        for text, cx, cy, px, _rgba, outline in names:
            w, h = self._name_texture(text, px, outline).size
            prints.text(text, cx, cy, w, h, px)

    def _mark(self, route: Route) -> str:
        seat = self.owners[route.id]
        return self.marks[seat] if seat < len(self.marks) else "?"

    def _badge(self, route: Route, a, b, labels: list, size) -> tuple:
        """The owner's badge on a claimed route: its letter in their colour, ringed white (a
        player's route never reads as a board colour, and colour-blind players read the
        letter), to be placed along the route (a double's two routes prefer different places),
        else just beside it."""
        texture = mark_texture(self._mark(route), LABEL_PX)
        side = 0 if not route.sibling else (1 if route.id < route.sibling else -1)
        spots = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in BADGE_AT[side]]
        across = 2 * _badge_radius(texture) + dp(3)
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1  # else half off the route's side
        nx, ny = (a[1] - b[1]) / length * across / 2, (b[0] - a[0]) / length * across / 2
        beside = [(x + k * (side or 1) * nx, y + k * (side or 1) * ny) for k in (1, -1, 2, -2)
                  for x, y in spots]  # just beside the route, then a badge's width off
        boxes = [Box.centred(x, y, across, across) for x, y in spots + beside]
        labels.append(Label(f"badge {route.id}", tuple(within(boxes, *size))))
        return route, texture

    @staticmethod
    def _draw_badge(x, y, radius, fill, texture) -> None:
        shapes = _Shapes()
        shapes.disc((1, 1, 1, 1), x, y, radius + dp(1.5))
        shapes.disc(fill, x, y, radius)
        shapes.draw()
        Color(*ink_on(fill))
        w, h = texture.size
        Rectangle(texture=texture, pos=(x - w / 2, y - h / 2), size=(w, h))

    def _name(self, loc, x: float, y: float, r: float, size, forms: dict) -> Label:
        """A location's name round its dot (r: the dot's radius with its rim), on one line,
        else (a long name that finds no clear place on one line) on two, else, as a last
        resort (a small map), by its initials; places inside the map first. `forms` learns
        each form's text by its size."""
        full, short = [], []
        for n, text in enumerate(name_forms(loc.name)):
            w, h = self._name_texture(text, LABEL_PX, True).size
            forms[(loc.id, w, h)] = text
            (full if n < 2 else short).extend(around(x, y, r, w, h, gaps=NAME_GAPS))
        full = within(full, *size)
        return Label(f"name {loc.id}", tuple(full + within(short, *size)),
                     own=Box.centred(x, y, 2 * r, 2 * r),  # (as its dot's footprint)
                     last_resort=len(full) if short else None)

    def _fill(self, route: Route):
        """The owner's taxi colour on a claimed route, else the route's own colour."""
        owner = self.owners.get(route.id)
        if owner is not None and owner < len(self.colours):
            return TAXI_RGBA[self.colours[owner]]
        return CARD_RGBA["gray" if route.colour is None else route.colour.key]

    def _name_texture(self, text: str, size: float, outline: bool):
        key = (text, size, outline)
        texture = self._labels.get(key)
        if texture is None:
            label = CoreLabel(text=text, font_size=size, bold=True, halign="center",
                              outline_width=1 if outline else None, outline_color=(0, 0, 0))
            label.refresh()
            texture = self._labels[key] = label.texture
        return texture

    def _text(self, text: str, cx: float, cy: float, size: float, rgba, outline: bool):
        """A name in one texture (outlined, so it reads over any route)."""
        texture = self._name_texture(text, size, outline)
        w, h = texture.size
        Color(*rgba)
        Rectangle(texture=texture, pos=(cx - w / 2, cy - h / 2), size=(w, h))


def name_forms(name: str) -> list[str]:
    """A location's name as the map may draw it, best first: on one line, on two, by its
    initials ("Empire State Building": "ESB"; the last two for names of several words)."""
    if " " not in name:
        return [name]
    return [name, _two_lines(name), "".join(word[0] for word in name.split())]


def _two_lines(name: str) -> str:
    """A name broken at the space that makes its longer line shortest."""
    spaces = [i for i, c in enumerate(name) if c == " "]
    cut = min(spaces, key=lambda i: max(i, len(name) - i - 1))
    return name[:cut] + "\n" + name[cut + 1:]


def _badge_radius(texture) -> float:
    """A badge round its mark: one letter or two ("An", "At": names that share an initial)."""
    return max(texture.height * 0.55, texture.width * 0.6)


class _Shapes:
    """Triangles gathered by colour and drawn as one mesh per colour: a few draw calls for
    the whole map instead of hundreds (cheaper to draw, and lighter on a software renderer)."""

    def __init__(self):
        self.groups: dict[tuple, tuple[list[float], list[int]]] = {}

    def _group(self, rgba) -> tuple[list[float], list[int]]:
        return self.groups.setdefault(tuple(rgba), ([], []))

    def quad(self, rgba, corners) -> None:
        vertices, indices = self._group(rgba)
        first = len(vertices) // 4
        for x, y in corners:
            vertices.extend((x, y, 0, 0))
        indices.extend((first, first + 1, first + 2, first, first + 2, first + 3))

    def disc(self, rgba, cx, cy, r, segments: int = 28) -> None:
        vertices, indices = self._group(rgba)
        centre = len(vertices) // 4
        vertices.extend((cx, cy, 0, 0))
        for i in range(segments):
            a = 2 * math.pi * i / segments
            vertices.extend((cx + r * math.cos(a), cy + r * math.sin(a), 0, 0))
            indices.extend((centre, centre + 1 + i, centre + 1 + (i + 1) % segments))

    def ring(self, rgba, cx, cy, inner, outer, segments: int = 28) -> None:
        for i in range(segments):
            a0, a1 = 2 * math.pi * i / segments, 2 * math.pi * (i + 1) / segments
            self.quad(rgba, [(cx + inner * math.cos(a0), cy + inner * math.sin(a0)),
                             (cx + outer * math.cos(a0), cy + outer * math.sin(a0)),
                             (cx + outer * math.cos(a1), cy + outer * math.sin(a1)),
                             (cx + inner * math.cos(a1), cy + inner * math.sin(a1))])

    def draw(self) -> None:
        for rgba, (vertices, indices) in self.groups.items():
            Color(*rgba)
            Mesh(vertices=vertices, indices=indices, mode="triangles")


def _spaces(shapes: _Shapes, ax, ay, bx, by, spaces: int, width: float, fill, lit=False,
            edge=(0, 0, 0, 1), symbol=None, across: float = 1.0):
    """A route's spaces between its two ends, each with a border. A claimed space holds a
    taxi, drawn in the owner's colour with a white border and wider than a free space
    (`across`: the free spaces' share of the width), so it stands out from the free routes
    by its shape too (a white taxi never reads as a gray route, a blue one on a blue route
    still reads as claimed). A free route's spaces carry its colour's symbol (`symbol`: its
    card colour), for colour-blind players."""
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    inset = min(length * 0.2, width * 1.4)  # room for the location dots at both ends
    space = (length - 2 * inset) / spaces
    gap = min(space * 0.12, dp(3))
    layers = [((1, 1, 1, 1), dp(3.5))] if lit else []
    layers += [(edge, dp(1.2)), (fill, 0)]
    for rgba, grow in layers:
        half = width * across / 2 + grow
        for i in range(spaces):
            s0 = inset + i * space + gap / 2 - grow
            s1 = inset + (i + 1) * space - gap / 2 + grow
            x0, y0 = ax + ux * s0, ay + uy * s0
            x1, y1 = ax + ux * s1, ay + uy * s1
            shapes.quad(rgba, [(x0 + nx * half, y0 + ny * half), (x1 + nx * half, y1 + ny * half),
                               (x1 - nx * half, y1 - ny * half), (x0 - nx * half, y0 - ny * half)])
    if symbol is not None and not lit:
        for i in range(spaces):
            middle = inset + (i + 0.5) * space
            route_symbol(shapes, symbol, ax + ux * middle, ay + uy * middle, (ux, uy),
                         width * 0.36 * min(1.0, across / 0.85))


def _distance_to_segment(px, py, ax, ay, bx, by) -> float:
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))
