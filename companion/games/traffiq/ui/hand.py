"""The tiles in the hand of the player to move, over the map's corner: each tile seen going into
the hand drawn as it is, the tiles nobody saw as one "?" with their count; a tap picks the tile
to lay (only where it fits is lit), a second tap on it lets the hand's likeliest go again."""

from __future__ import annotations

from kivy.graphics import Color, InstructionGroup, Line
from kivy.metrics import dp, sp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app.theme import touch
from .map import Shapes, draw_tile
from .picking import UNSEEN

MOST_SHOWN = 5  # tiles drawn side by side (800×480 leaves room for five beside "Whole map")


class HandTile(ButtonBehavior, Label):
    """One tile of the hand, a full touch target: drawn, or "?" for a tile nobody saw."""

    def __init__(self, tile, count: int, picked: bool, on_pick, **kwargs):
        super().__init__(size_hint=(None, None), size=(touch(), touch()), font_size=sp(17),
                         bold=True, **kwargs)
        self.tile, self.picked = tile, picked
        self.text = ("?" if count < 2 else f"?×{count}") if tile is UNSEEN else ""
        self.bind(on_release=lambda *_: on_pick(tile), pos=self._draw, size=self._draw)

    def _draw(self, *_args) -> None:
        self.canvas.before.clear()
        group = InstructionGroup()
        inset = dp(4)
        side = self.width - 2 * inset
        if self.tile is UNSEEN:
            group.add(Color(0.30, 0.32, 0.37, 1))
            group.add(Line(rectangle=(self.x + inset, self.y + inset, side, side), width=dp(1.5)))
        else:
            shapes = Shapes()
            draw_tile(shapes, self.x + inset, self.y + inset, side, self.tile.edges)
            shapes.into(group)
        if self.picked:  # a white ring round the tile picked
            group.add(Color(1, 1, 1, 1))
            group.add(Line(rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2),
                           width=dp(1.5)))
        self.canvas.before.add(group)


class HandStrip(BoxLayout):
    """The hand of the player to move; empty (nothing drawn) while it holds no tile."""

    def __init__(self, screen, **kwargs):
        super().__init__(orientation="horizontal", spacing=dp(4), size_hint=(None, None),
                         height=touch(), **kwargs)
        self.screen = screen
        self.shown: tuple = ()

    def show(self, hand, picked) -> None:
        """Draw `hand` (tiles, None for an unseen one) with `picked` ringed."""
        known, unseen = [], sum(1 for tile in hand if tile is None)
        for tile in hand:
            if tile is not None and not any(tile.same_tile(other) for other in known):
                known.append(tile)
        items = [(tile, 1) for tile in known[:MOST_SHOWN - bool(unseen)]]
        if unseen:
            items.append((UNSEEN, unseen))
        key = (tuple((t if t is UNSEEN else t.edges, n) for t, n in items), picked)
        if key == self.shown:
            return
        self.shown = key
        self.clear_widgets()
        for tile, count in items:
            self.add_widget(HandTile(tile, count, tile == picked if picked is not None
                                     else False, self.screen.laying.pick))
        self.width = len(items) * touch() + max(len(items) - 1, 0) * dp(4)
