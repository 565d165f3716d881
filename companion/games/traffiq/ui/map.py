"""The Manhattan TraffIQ city map: tiles on a grid that grows every way, panned and zoomed by touch.

Everything is drawn once in map units (one tile = 1) into a few meshes, under one translate and
scale: panning and zooming change two numbers, never the drawing, which is redone only when a
tile or vehicle changes (cheap on a Raspberry Pi). Highlights (cells where a tile may go,
points a vehicle can reach, vehicles competing would remove) are a second, small layer.

Map units: cell (x, y) covers x..x+1 across and -(y+1)..-y up (the engine's y grows south);
point (x, y), the north-west corner of cell (x, y), lies at (x, -y).
"""

from __future__ import annotations

import math

from kivy.graphics import (Color, InstructionGroup, Mesh, PopMatrix, PushMatrix,
                           Rectangle, Scale, Translate)
from kivy.metrics import dp
from kivy.properties import DictProperty, ListProperty, NumericProperty, ObjectProperty
from kivy.uix.stencilview import StencilView

from companion.app.footprints import Footprints
from companion.app.marks import ink_on, mark_texture
from companion.app.pan_zoom import PanZoom

from ..engine import Edge, Vehicle
from ..engine import city

EDGE_RGBA = {
    Edge.RED: (0.80, 0.27, 0.22, 1),
    Edge.BEIGE: (0.90, 0.82, 0.62, 1),
    Edge.PARK: (0.30, 0.64, 0.30, 1),
    Edge.WATER: (0.20, 0.50, 0.88, 1),
}
UNSET_RGBA = (0.45, 0.47, 0.52, 1)
ROAD_RGBA = (0.20, 0.21, 0.24, 1)
CROSSING_RGBA = (0.33, 0.35, 0.40, 1)
ROAD = 0.16  # the street's width, in tiles
TAXI_R = 0.21
VAN = (0.54, 0.36)
MIN_CELL, MAX_CELL = 22, 220  # px per tile, zoomed out and in (before dp)
MARK_PX = 15  # the players' letters on their vehicles (never smaller, however far zoomed out)
PATTERN_RGBA = {Edge.PARK: (0.16, 0.40, 0.16, 1), Edge.WATER: (0.70, 0.85, 1.0, 1)}


class Shapes:
    """Triangles gathered per colour, then drawn as one Mesh each."""

    def __init__(self):
        self.meshes: dict[tuple, tuple[list[float], list[int]]] = {}

    def triangle(self, rgba, a, b, c) -> None:
        vertices, indices = self.meshes.setdefault(tuple(rgba), ([], []))
        n = len(vertices) // 4
        for x, y in (a, b, c):
            vertices.extend((x, y, 0, 0))
        indices.extend((n, n + 1, n + 2))

    def rect(self, rgba, x0, y0, x1, y1) -> None:
        self.triangle(rgba, (x0, y0), (x1, y0), (x1, y1))
        self.triangle(rgba, (x0, y0), (x1, y1), (x0, y1))

    def frame(self, rgba, x0, y0, x1, y1, t) -> None:
        self.rect(rgba, x0, y0, x1, y0 + t)
        self.rect(rgba, x0, y1 - t, x1, y1)
        self.rect(rgba, x0, y0 + t, x0 + t, y1 - t)
        self.rect(rgba, x1 - t, y0 + t, x1, y1 - t)

    def disc(self, rgba, cx, cy, r, steps: int = 20) -> None:
        for i in range(steps):
            a0, a1 = 2 * math.pi * i / steps, 2 * math.pi * (i + 1) / steps
            self.triangle(rgba, (cx, cy), (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                          (cx + r * math.cos(a1), cy + r * math.sin(a1)))

    def ring(self, rgba, cx, cy, r, t, steps: int = 24) -> None:
        for i in range(steps):
            a0, a1 = 2 * math.pi * i / steps, 2 * math.pi * (i + 1) / steps
            p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
            p1 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
            q0 = (cx + (r - t) * math.cos(a0), cy + (r - t) * math.sin(a0))
            q1 = (cx + (r - t) * math.cos(a1), cy + (r - t) * math.sin(a1))
            self.triangle(rgba, p0, p1, q1)
            self.triangle(rgba, p0, q1, q0)

    def into(self, group: InstructionGroup) -> None:
        for rgba, (vertices, indices) in self.meshes.items():
            group.add(Color(*rgba))
            group.add(Mesh(vertices=vertices, indices=indices, mode="triangles"))


def draw_tile(shapes: Shapes, x0: float, y0: float, size: float, edges, alpha: float = 1) -> None:
    """A tile as four triangles, one per side in its edge's colour (None: not chosen yet)."""
    x1, y1 = x0 + size, y0 + size
    c = (x0 + size / 2, y0 + size / 2)
    corners = (((x0, y1), (x1, y1)), ((x1, y1), (x1, y0)), ((x1, y0), (x0, y0)),
               ((x0, y0), (x0, y1)))  # north, east, south, west
    for edge, (a, b) in zip(edges, corners):
        rgba = EDGE_RGBA[edge] if edge is not None else UNSET_RGBA
        shapes.triangle(rgba[:3] + (alpha,), a, b, c)
        if edge in PATTERN_RGBA:
            pattern(shapes, edge, a, b, c, size, alpha)


def pattern(shapes: Shapes, edge: Edge, a, b, c, size: float, alpha: float) -> None:
    """Park and water carry a pattern besides their colour (colour-blind players tell a park
    from a red block by it): trees as three dots, water as two waves along the side."""
    rgba = PATTERN_RGBA[edge][:3] + (alpha,)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    ix, iy = (c[0] - mx) / (size / 2), (c[1] - my) / (size / 2)  # a unit step inwards
    sx, sy = (b[0] - a[0]) / size, (b[1] - a[1]) / size  # a unit step along the side
    if edge is Edge.PARK:
        for along, inwards in ((-0.16, 0.14), (0.16, 0.14), (0, 0.28)):
            shapes.disc(rgba, mx + sx * along * size + ix * inwards * size,
                        my + sy * along * size + iy * inwards * size, 0.05 * size, steps=8)
        return
    t = 0.03 * size
    for inwards, half in ((0.1, 0.26), (0.22, 0.14)):
        x0 = mx - sx * half * size + ix * inwards * size
        y0 = my - sy * half * size + iy * inwards * size
        x1 = mx + sx * half * size + ix * inwards * size
        y1 = my + sy * half * size + iy * inwards * size
        shapes.triangle(rgba, (x0 - ix * t, y0 - iy * t), (x1 - ix * t, y1 - iy * t),
                        (x1 + ix * t, y1 + iy * t))
        shapes.triangle(rgba, (x0 - ix * t, y0 - iy * t), (x1 + ix * t, y1 + iy * t),
                        (x0 + ix * t, y0 + iy * t))


def vehicle_shape(shapes: Shapes, cx: float, cy: float, vehicle: Vehicle, rgba,
                  scale: float = 1, window: bool = False) -> None:
    """A taxi is a round marker, a van a wide box, both ringed white inside a black edge (no
    tile is ringed: a red taxi never reads as a red block). `window`: the van's window (left
    out where the player's letter goes on it)."""
    o = 0.035 * scale
    if vehicle is Vehicle.TAXI:
        shapes.disc((0, 0, 0, 1), cx, cy, TAXI_R * scale + 2 * o)
        shapes.disc((1, 1, 1, 1), cx, cy, TAXI_R * scale + o)
        shapes.disc(rgba, cx, cy, TAXI_R * scale)
        return
    w, h = VAN[0] * scale / 2, VAN[1] * scale / 2
    shapes.rect((0, 0, 0, 1), cx - w - 2 * o, cy - h - 2 * o, cx + w + 2 * o, cy + h + 2 * o)
    shapes.rect((1, 1, 1, 1), cx - w - o, cy - h - o, cx + w + o, cy + h + o)
    shapes.rect(rgba, cx - w, cy - h, cx + w, cy + h)
    if window:
        shapes.rect((0, 0, 0, 0.55), cx - w * 0.55, cy + h * 0.1, cx + w * 0.1, cy + h * 0.7)


class CityView(PanZoom, StencilView):
    """The map. `on_tap(cell, point)` gets the cell under a tap and the nearest point; one
    finger pans it, two pinch it (companion.app.pan_zoom)."""

    tiles = DictProperty({})
    vehicles = DictProperty({})
    colours = ListProperty([])  # RGBA per seat
    marks = ListProperty([])  # the players' letters per seat (companion.app.marks)
    cells_lit = ListProperty([])  # where a tile may go
    points_lit = ListProperty([])  # where a vehicle may go (or be put)
    chosen = ObjectProperty(None, allownone=True)  # a point: the vehicle chosen to ride
    doomed = ListProperty([])  # points whose vehicles competing would remove
    ghost = ObjectProperty(None, allownone=True)  # (cell, edges) of a tile being placed
    laid = ObjectProperty(None, allownone=True)  # the cell of the tile just laid (tappable)
    reserve_top = NumericProperty(0)  # px covered by a bar over the map, kept clear by fit()
    reserve_bottom = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_tap = None  # none: a tap shows the map over the whole window
        self.zoomed = None  # that window, when this is the map in it
        self.scale_px = dp(70)  # px per tile
        self.centre = (1.0, -1.0)  # the map point at the middle of the view
        self._fitted_to: tuple = ()
        with self.canvas:  # the map in map units; the vehicles in window units (their
            # letters keep their size); the highlights over both, in map units again
            PushMatrix()
            self._translate = Translate(0, 0)
            self._scale = Scale(1, 1, 1)
            self._static = InstructionGroup()
            PopMatrix()
            self._vehicles = InstructionGroup()
            PushMatrix()
            self._translate_over = Translate(0, 0)
            self._scale_over = Scale(1, 1, 1)
            self._overlay = InstructionGroup()
            PopMatrix()
            self._corner = InstructionGroup()  # the magnifier, where a tap enlarges the map
        self.footprints = Footprints()  # the vehicles and their letters as last drawn
        with self.canvas.before:
            Color(0.09, 0.10, 0.12, 1)
            self._backdrop = Rectangle()
        self.bind(pos=self.place_view, size=self._on_size, tiles=self._redraw_static,
                  vehicles=self._redraw_static, colours=self._redraw_static,
                  marks=self._draw_vehicles,
                  cells_lit=self._redraw_overlay, points_lit=self._redraw_overlay,
                  chosen=self._redraw_overlay, doomed=self._redraw_overlay,
                  ghost=self._redraw_overlay, laid=self._redraw_overlay)

    # ---- where the map is ----------------------------------------------------------------

    def _on_size(self, *_args) -> None:
        self._fitted_to = ()
        self._keep_in_view()
        self.place_view()

    def place_view(self, *_args) -> None:
        self._backdrop.pos, self._backdrop.size = self.pos, self.size
        s = self.scale_px
        for translate, scale in ((self._translate, self._scale),
                                 (self._translate_over, self._scale_over)):
            translate.xy = (self.center_x - s * self.centre[0], self.center_y - s * self.centre[1])
            scale.x = scale.y = s
        self._draw_vehicles()
        self._corner.clear()
        if self.on_tap is None and self.zoomed is None:
            from companion.app.map_zoom import magnifier
            self._corner.add(magnifier(self.right, self.top))

    def bounds(self) -> tuple[float, float, float, float]:
        """The map with a tile's room around it (where the next tiles go), in map units."""
        if not self.tiles:
            return (-1, -3, 3, 1)
        xs = [x for x, _y in self.tiles]
        ys = [y for _x, y in self.tiles]
        return (min(xs) - 1, -(max(ys) + 2), max(xs) + 2, -(min(ys) - 1))

    def fit(self) -> None:
        """Zoom and pan to show the whole map."""
        if self.width < 10 or self.height < 10:
            return
        x0, y0, x1, y1 = self.bounds()
        free = max(self.height - self.reserve_top - self.reserve_bottom, self.height / 2)
        self.scale_px = max(dp(MIN_CELL), min(dp(MAX_CELL), self.width / (x1 - x0),
                                             free / (y1 - y0)))
        # the map's middle at the middle of the part no bar covers
        shift = (self.reserve_bottom - self.reserve_top) / 2 / self.scale_px
        self.centre = ((x0 + x1) / 2, (y0 + y1) / 2 - shift)
        self._fitted_to = (self.size[:], self.bounds())
        self.place_view()

    def _keep_in_view(self) -> None:
        """After the map grew (or at first sight): the whole map if part of it is out of view."""
        if self._fitted_to and self._fitted_to[1] == self.bounds():
            return
        x0, y0, x1, y1 = self.bounds()
        (ax, ay), (bx, by) = (self.to_map(self.x, self.y + self.reserve_bottom),
                              self.to_map(self.right, self.top - self.reserve_top))
        if not self._fitted_to or x0 < ax or x1 > bx or y0 < ay or y1 > by:
            self.fit()

    def cell_pos(self, cell) -> tuple[float, float]:
        """The middle of a cell, in this widget's parent's coordinates."""
        return self.to_view(cell[0] + 0.5, -cell[1] - 0.5)

    def point_pos(self, point) -> tuple[float, float]:
        return self.to_view(point[0], -point[1])

    def scale_limits(self) -> tuple[float, float]:
        return dp(MIN_CELL), dp(MAX_CELL)

    def view_changed(self) -> None:
        self.place_view()

    def tapped(self, touch) -> None:
        """A tap: the cell under it and the nearest point (within reach), or, on a map that
        asks nothing, the map over the whole window."""
        if self.on_tap is None:
            self._zoom()
            return
        mx, my = self.to_map(*touch.pos)
        cell = (math.floor(mx), math.floor(-my))
        point = (round(mx), round(-my))
        near = math.dist((mx, my), (point[0], -point[1])) * self.scale_px < dp(30)
        self.on_tap(cell, point if near else None)

    # ---- drawing -------------------------------------------------------------------------

    def _redraw_static(self, *_args) -> None:
        """Tiles, streets, crossings and vehicles: only when the map or a vehicle changes."""
        self._keep_in_view()
        shapes = Shapes()
        tiles = self.tiles
        for (x, y), tile in tiles.items():
            draw_tile(shapes, x, -y - 1, 1, tile.edges)
        h = ROAD / 2
        for (x, y), tile in tiles.items():  # streets: each border once, from its east/south side
            if (x - 1, y) in tiles and tile.edges[3].street:
                shapes.rect(ROAD_RGBA, x - h, -y - 1, x + h, -y)
            if (x, y - 1) in tiles and tile.edges[0].street:
                shapes.rect(ROAD_RGBA, x, -y - h, x + 1, -y + h)
        for px, py in city.complete_points(tiles):
            shapes.rect(CROSSING_RGBA, px - h * 1.3, -py - h * 1.3, px + h * 1.3, -py + h * 1.3)
        self._static.clear()
        shapes.into(self._static)
        self._draw_vehicles()

    def _draw_vehicles(self, *_args) -> None:
        """The vehicles in window units, each with its owner's letter: drawn again when the
        view pans or zooms (a few dozen shapes), never smaller than their letter."""
        shapes = Shapes()
        letters = []
        self.footprints.clear()
        self.footprints.origin = tuple(self.pos)
        textures = {seat: mark_texture(mark, MARK_PX) for seat, mark in enumerate(self.marks)}
        widest = max((t.width for t in textures.values()), default=0)  # two letters: "An"
        scale = max(self.scale_px, dp(MARK_PX) / TAXI_R * 0.62, widest / TAXI_R * 0.62)
        for (px, py), standing in self.vehicles.items():
            seat = standing.seat
            rgba = self.colours[seat] if seat < len(self.colours) else (1, 1, 1, 1)
            x, y = self.to_view(px, -py)
            vehicle_shape(shapes, x, y, standing.vehicle, rgba, scale)
            self.footprints.shape(f"{standing.vehicle.name.lower()} {px},{py}", x, y,
                                  TAXI_R * scale)
            mark = self.marks[seat] if seat < len(self.marks) else "?"
            letters.append((textures.get(seat) or mark_texture(mark, MARK_PX), x, y, ink_on(rgba)))
            self.footprints.text(f"mark {mark}", x, y, *letters[-1][0].size, MARK_PX)
        group = self._vehicles
        group.clear()
        shapes.into(group)
        for texture, x, y, ink in letters:
            w, h = texture.size
            group.add(Color(*ink))
            group.add(Rectangle(texture=texture, pos=(x - w / 2, y - h / 2), size=(w, h)))

    def _redraw_overlay(self, *_args) -> None:
        shapes = Shapes()
        for x, y in self.cells_lit:
            shapes.rect((1, 1, 1, 0.16), x + 0.06, -y - 0.94, x + 0.94, -y - 0.06)
            shapes.frame((1, 1, 1, 0.9), x + 0.06, -y - 0.94, x + 0.94, -y - 0.06, 0.05)
        if self.laid is not None:  # a tap on it turns it or asks its sides
            x, y = self.laid
            shapes.frame((1, 0.85, 0.1, 1), x + 0.02, -y - 0.98, x + 0.98, -y - 0.02, 0.05)
        if self.ghost is not None:
            (x, y), edges = self.ghost
            draw_tile(shapes, x, -y - 1, 1, edges, alpha=0.9)
            shapes.frame((1, 1, 1, 1), x, -y - 1, x + 1, -y, 0.06)
        for px, py in self.points_lit:
            shapes.disc((1, 1, 1, 0.35), px, -py, 0.3)
            shapes.ring((1, 1, 1, 1), px, -py, 0.3, 0.06)
        if self.chosen is not None:
            px, py = self.chosen
            shapes.ring((1, 0.85, 0.1, 1), px, -py, 0.36, 0.08)
        for px, py in self.doomed:
            shapes.ring((1, 0.15, 0.15, 1), px, -py, 0.34, 0.08)
            d, t = 0.24, 0.05
            shapes.triangle((1, 0.15, 0.15, 1), (px - d, -py - d + t), (px - d + t, -py - d),
                            (px + d, -py + d - t))
            shapes.triangle((1, 0.15, 0.15, 1), (px + d - t, -py + d), (px + d, -py + d - t),
                            (px - d + t, -py - d))
            shapes.triangle((1, 0.15, 0.15, 1), (px + d, -py - d + t), (px + d - t, -py - d),
                            (px - d, -py + d - t))
            shapes.triangle((1, 0.15, 0.15, 1), (px - d + t, -py + d), (px - d, -py + d - t),
                            (px + d - t, -py - d))
        self._overlay.clear()
        shapes.into(self._overlay)

    def _zoom(self) -> None:
        """A tap on a map that asks nothing (the results): the map over the whole window, and
        a tap there closes it."""
        if self.zoomed is not None:
            self.zoomed.close()
            return
        from companion.app.map_zoom import open_zoom
        view = CityView()  # (its drawing follows these once it is made)
        view.colours, view.marks = self.colours, self.marks
        view.tiles, view.vehicles = self.tiles, self.vehicles
        open_zoom(view)

    def clear_marks(self) -> None:
        self.cells_lit, self.points_lit, self.doomed = [], [], []
        self.chosen = self.ghost = None
