"""A Manhattan TraffIQ question beside the map: the map stays in sight, with the cell or point the
question is about lit on it."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout

from companion.app.dialogs import Dialog
from companion.app.theme import touch

RIGHT = {"right": 0.995, "center_y": 0.5}


class TraffiqDialog(Dialog):
    """A question on the right of the screen; each kind takes this share of it."""

    SIZES = {"tile": ((0.55, 0.98), RIGHT), "show_tile": ((0.55, 0.98), RIGHT),
             "vehicle": ((0.38, 0.96), RIGHT), "compete": ((0.42, 0.9), RIGHT)}

    def tile_layout(self, on_change, actions) -> list:
        """A tile's question: a heading, a note, the tile chooser, and at the bottom a row of
        buttons, one per (callback, accent) in `actions` (their words set by the caller)."""
        from .tile_chooser import TileChooser
        self.heading = self.title("")
        self.note = Factory.Note(font_size=sp(15))
        self.box.add_widget(self.note)
        self.chooser = TileChooser(on_change=on_change, pos_hint={"center_x": 0.5})
        self.box.add_widget(self.chooser)
        self.box.add_widget(Factory.Widget())  # a tall window: the rest stays at the top
        row = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(8))
        buttons = [self.button("", callback, accent=accent) for callback, accent in actions]
        for button in buttons:
            row.add_widget(button)
        self.box.add_widget(row)
        return buttons
