"""Setting a district tile's edges by touch: one tap per free side, or a known tile only turned.

Used when a tile is placed (sides touching the map are fixed by the matching rule) and on the
Teach screen (a scanned tag is taught as the tile whose four edges were tapped).
"""

from __future__ import annotations

from kivy.factory import Factory
from kivy.graphics import Color, InstructionGroup, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from ..engine import Edge, Tile
from companion.app.i18n import _
from companion.app.theme import touch
from .map import EDGE_RGBA, Shapes, draw_tile
from .tags import tile_from_value, tile_value
from .words import tile_words

GAME = "manhattan-traffiq"
EDGE_ORDER = (Edge.RED, Edge.BEIGE, Edge.PARK, Edge.WATER)  # as the chooser offers them


class EdgeChip(ButtonBehavior, Widget):
    """One edge kind to choose for one side: its colour over the whole touch target (48 px);
    a white ring with a dark edge inside it when chosen (seen on every colour)."""

    edge = ObjectProperty(Edge.RED)
    chosen = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.size_hint = (None, None)
        self.size = (touch(), touch())
        self.bind(pos=self._draw, size=self._draw, chosen=self._draw, disabled=self._draw)

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        rgba = EDGE_RGBA[self.edge]
        with self.canvas:
            Color(*rgba[:3], 1 if (self.chosen or not self.disabled) else 0.3)
            Rectangle(pos=self.pos, size=self.size)
            if not self.chosen:
                return
            ring = dp(3)
            Color(1, 1, 1, 1)
            Line(rectangle=(self.x + ring / 2, self.y + ring / 2, self.width - ring,
                            self.height - ring), width=ring / 2)
            Color(0.08, 0.09, 0.11, 1)
            Line(rectangle=(self.x + ring + dp(1), self.y + ring + dp(1),
                            self.width - 2 * ring - dp(2), self.height - 2 * ring - dp(2)),
                 width=dp(1))


class TilePreview(Widget):
    """The tile as chosen so far (grey where a side is still open)."""

    edges = ListProperty([None, None, None, None])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, edges=self._draw)

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        side = min(self.width, self.height)
        x0, y0 = self.center_x - side / 2, self.center_y - side / 2
        shapes = Shapes()
        draw_tile(shapes, x0, y0, side, self.edges)
        road = side * 0.08
        for i, edge in enumerate(self.edges):  # half a street along each street side
            if edge is not None and edge.street:
                box = ((x0, y0 + side - road, x0 + side, y0 + side),
                       (x0 + side - road, y0, x0 + side, y0 + side),
                       (x0, y0, x0 + side, y0 + road), (x0, y0, x0 + road, y0 + side))[i]
                shapes.rect((0.20, 0.21, 0.24, 1), *box)
        group = InstructionGroup()
        shapes.into(group)
        self.canvas.add(group)


class TileChooser(GridLayout):
    """The preview with a row (or column) of edge chips on each side.

    `implied` fixes sides (the matching rule); `known` is a tile whose edges are known (a scan):
    then only its turn is chosen, with `turn()`. `on_change()` is called after every tap.
    """

    def __init__(self, on_change=None, **kwargs):
        super().__init__(cols=3, spacing=dp(4), size_hint=(None, None), **kwargs)
        gap = dp(4)
        strip = 4 * touch() + 3 * gap  # north and south: a row of four chips
        block = 2 * touch() + gap  # east and west: two by two, to keep the whole thing low
        middle = dp(150)
        self.size = (strip + 2 * block + 2 * gap, middle + 2 * touch() + 2 * gap)
        self.on_change = on_change
        self.implied: tuple = (None,) * 4
        self.chosen: list = [None] * 4
        self.turns: list[Tile] = []  # a known tile: the ways it may lie
        self.turn_index = 0
        self.preview = TilePreview(size_hint=(None, None), size=(strip, middle))
        self.chips: list[list[EdgeChip]] = []
        strips = []
        for side in range(4):
            if side in (0, 2):
                box = BoxLayout(spacing=gap, size_hint=(None, None), size=(strip, touch()))
            else:
                box = GridLayout(cols=2, spacing=gap, size_hint=(None, None),
                                 size=(block, middle), padding=(0, (middle - block) / 2))
            row = []
            for edge in EDGE_ORDER:
                chip = EdgeChip(edge=edge)
                chip.bind(on_release=lambda c, side=side: self.choose(side, c.edge))
                box.add_widget(chip)
                row.append(chip)
            self.chips.append(row)
            strips.append(box)
        corner = lambda: Widget(size_hint=(None, None), size=(block, touch()))  # noqa: E731
        for widget in (corner(), strips[0], corner(), strips[3], self.preview, strips[1],
                       corner(), strips[2], corner()):
            self.add_widget(widget)

    # ---- what is being chosen -------------------------------------------------------------

    def set_free(self, implied: tuple, likely: tuple | None = None) -> None:
        """A tile nobody saw: the free sides are tapped, the others are given; `likely`: the
        engine's guess at every side, pre-selected (one tap on a chip changes a side)."""
        self.implied = tuple(implied)
        self.chosen = list(likely if likely is not None else implied)
        self.turns = []
        self._show()

    def set_known(self, turns: list[Tile]) -> None:
        """A tile of known edges: the turns it may lie in (at least one)."""
        self.turns = list(turns)
        self.turn_index = 0
        self.implied = (None,) * 4
        self.chosen = list(turns[0].edges) if turns else [None] * 4
        self._show()

    def turn(self) -> None:
        if len(self.turns) > 1:
            self.turn_index = (self.turn_index + 1) % len(self.turns)
            self.chosen = list(self.turns[self.turn_index].edges)
            self._show()

    def choose(self, side: int, edge: Edge) -> None:
        if self.turns or self.implied[side] is not None:
            return
        self.chosen[side] = edge
        self._show()

    @property
    def tile(self) -> Tile | None:
        """The tile as it will lie; None while a side is open."""
        if any(edge is None for edge in self.chosen):
            return None
        return Tile(tuple(self.chosen))

    @property
    def open_sides(self) -> int:
        return sum(1 for edge in self.chosen if edge is None)

    def _show(self) -> None:
        self.preview.edges = list(self.chosen)
        fixed_all = bool(self.turns)
        for side, row in enumerate(self.chips):
            fixed = fixed_all or self.implied[side] is not None
            for chip in row:
                chip.chosen = chip.edge is self.chosen[side]
                chip.disabled = fixed
        if self.on_change is not None:
            self.on_change()


class TraffiqTeachPanel(BoxLayout):
    """The Teach screen's Manhattan TraffIQ part: tap a tile's four edges, then teach it."""

    def __init__(self, teach, **kwargs):
        super().__init__(orientation="horizontal", spacing=dp(12), **kwargs)
        self.teach = teach
        self.chooser = TileChooser(on_change=self._changed)
        self.add_widget(self.chooser)
        side = BoxLayout(orientation="vertical", spacing=dp(8))
        self.note = Factory.Note(font_size=sp(15))
        self.words = Factory.Note(font_size=sp(15))
        self.button = Factory.AccentButton()
        self.button.bind(on_release=lambda *_: self._teach())
        self.clear = Factory.QuietButton()
        self.clear.bind(on_release=lambda *_: self.chooser.set_free((None,) * 4))
        for widget in (self.note, self.words, self.button, self.clear, Widget()):
            side.add_widget(widget)
        self.add_widget(side)
        self.chooser.set_free((None,) * 4)

    def _changed(self) -> None:
        tile = self.chooser.tile
        self.button.disabled = tile is None
        self.words.text = tile_words(tile.edges) if tile is not None else ""

    def _teach(self) -> None:
        tile = self.chooser.tile
        if tile is not None:
            self.teach("tile", tile_value(tile))

    def refresh(self) -> None:
        self.note.text = _("A district tile: tap the colour of each of its four sides "
                           "(north at the top), then teach it.")
        self.button.text = _("Teach this tile")
        self.clear.text = _("Start again")
        self._changed()


def tile_component_name(component) -> str:
    """A taught tag's name: the district tile and its edges."""
    tile = tile_from_value(component.value)
    if component.kind != "tile" or tile is None:
        return component.value
    return _("district tile ({edges})").format(edges=tile_words(tile.edges))

