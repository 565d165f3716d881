"""Where a district tile goes: its free sides tapped (or a scanned tile turned), then Place.

The sides the matching rule sets, and the ways a tile seen going into the hand may lie, are the
engine's (`Traffiq.tile_spots`); the dialog only shows them."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout

from companion.app.i18n import _
from companion.app.theme import touch
from companion.app.why import Refusal
from .. import GAME_ID
from ..engine import Tile
from .dialog import TraffiqDialog
from .tile_chooser import TileChooser


class TileDialog(TraffiqDialog):
    """One cell lit on the map; the tile as it will lie there drawn on it as it is chosen."""

    def __init__(self, screen, cell):
        super().__init__("tile")
        self.screen, self.cell = screen, cell
        self.heading = self.title("")
        self.note = Factory.Note(font_size=sp(15))
        self.box.add_widget(self.note)
        self.chooser = TileChooser(on_change=self._changed, pos_hint={"center_x": 0.5})
        self.box.add_widget(self.chooser)
        self.box.add_widget(Factory.Widget())  # a tall window: the rest stays at the top
        row = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(8))
        self.turn = self.button("", self.chooser.turn)
        self.cancel = self.button("", screen.cancel)
        self.place = self.button("", self._place, accent=True)
        for button in (self.turn, self.cancel, self.place):
            row.add_widget(button)
        self.box.add_widget(row)
        spot = screen.choice.spot(cell)
        if spot is not None and spot.implied is not None:  # a tile nobody saw: sides tapped
            self.chooser.set_free(spot.implied)
        else:
            self._known(spot.turns if spot is not None else ())
        self.refresh_texts()

    def _known(self, turns) -> None:
        if not turns:
            self.screen.show_message(Refusal(_("This tile does not fit here."), "edges_mismatch",
                                             GAME_ID), "map_message")  # with its Why?
            return
        self.chooser.set_known(list(turns))

    def scanned(self, tile: Tile) -> None:
        """A tile scanned while the dialog is open: it lies in one of its fitting turns."""
        spot = self.screen.choice.spot(self.cell, tile)
        self._known(spot.turns if spot is not None else ())
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.heading.text = _("Place the district tile here")
        if self.chooser.turns:
            self.note.text = _("The tile's sides are known: turn it until it lies as on the "
                               "table.")
        else:
            self.note.text = _("Tap the colour of each open side (or scan the tile). Sides "
                               "touching the map are set: they must match.")
        self.turn.text = _("Turn the tile")
        self.cancel.text = _("Cancel")
        self.place.text = _("Place")
        self._changed()

    def _changed(self) -> None:
        chooser = self.chooser
        self.place.disabled = chooser.tile is None
        self.turn.disabled = len(chooser.turns) < 2
        self.turn.opacity = 1 if chooser.turns else 0
        self.screen.city.ghost = (self.cell, tuple(chooser.chosen))

    def _place(self) -> None:
        tile = self.chooser.tile
        if tile is not None:
            self.screen.place_tile(self.cell, tile)
