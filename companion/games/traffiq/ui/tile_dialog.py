"""The tile just laid, corrected: its free sides tapped (or a scanned tile turned), then Place.

A tap on a lit cell lays the likeliest tile at once (`laying`); a tap on that tile opens this
question, pre-set to the tile as laid, when the hand may hold a tile nobody saw. The sides the
matching rule sets, and the ways a tile seen going into the hand may lie, are the engine's
(`Traffiq.tile_spots`); the dialog only shows them. When the hand holds both a scanned tile that
fits the cell and a tile nobody saw (the tiles dealt at setup), a first tab turns the scanned one
and a second sets another tile's sides."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.togglebutton import ToggleButton

from companion.app.i18n import _
from companion.app.theme import touch
from companion.app.why import Refusal
from .. import GAME_KIND
from ..engine import Tile
from .dialog import TraffiqDialog
from .tile_chooser import TileChooser


class TileDialog(TraffiqDialog):
    """One cell lit on the map; the tile as it will lie there drawn on it as it is chosen."""

    def __init__(self, screen, cell, spot, laid: Tile):
        super().__init__("tile")
        self.screen, self.cell, self.laid = screen, cell, laid
        self.heading = self.title("")
        self.turns = tuple(spot.turns)
        self.implied = spot.implied
        self.tabs = self._tabs() if self.turns and self.implied is not None else None
        self.note = Factory.Note(font_size=sp(15))
        if self.tabs is None:  # with the tabs the note would not fit at 800×480: they say it
            self.box.add_widget(self.note)
        self.chooser = TileChooser(on_change=self._changed, pos_hint={"center_x": 0.5})
        self.box.add_widget(self.chooser)
        self.box.add_widget(Factory.Widget())  # a tall window: the rest stays at the top
        row = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(8))
        self.turn = self.button("", self.chooser.turn)
        self.cancel = self.button("", self._cancel)
        self.place = self.button("", self._place, accent=True)
        for button in (self.turn, self.cancel, self.place):
            row.add_widget(button)
        self.box.add_widget(row)
        known = any(turn.edges == laid.edges for turn in self.turns)
        if self.tabs is not None:
            self.use_scanned(known)
        elif known:
            self._known(self.turns)
        else:  # a tile nobody saw: its sides as laid, one tap changes one
            self._free()
        self.refresh_texts()

    def _tabs(self) -> tuple[ToggleButton, ToggleButton]:
        """Which tile goes here: one scanned going into the hand, or another (sides tapped)."""
        row = BoxLayout(size_hint_y=None, height=touch(), spacing=dp(8))
        tabs = []
        for scanned in (True, False):
            tab = ToggleButton(font_size=sp(15), halign="center", valign="middle",
                               state="down" if scanned else "normal")
            tab.bind(size=lambda b, size: setattr(b, "text_size", (size[0] - dp(8), None)),
                     on_release=lambda b, scanned=scanned: self.use_scanned(scanned))
            row.add_widget(tab)
            tabs.append(tab)
        self.box.add_widget(row)
        return tabs[0], tabs[1]

    def use_scanned(self, scanned: bool) -> None:
        """A tab tapped: the scanned tile's turns, or another tile's sides to tap."""
        if scanned:
            self._known(self.turns)
        else:
            self._free()
        for tab, down in zip(self.tabs, (scanned, not scanned)):
            tab.state = "down" if down else "normal"

    def _free(self) -> None:
        """A tile nobody saw: each free side as laid (the engine's guess, or the tile a scan
        said), one tap on a chip changes it."""
        laid = self.laid.edges if not self.turns or self.laid not in self.turns else None
        table = self.screen.table
        self.chooser.set_free(self.implied, laid or table.rules.likely_edges(table.state,
                                                                              self.cell))

    def _known(self, turns) -> None:
        if not turns:
            self.screen.show_message(Refusal(_("This tile does not fit here."), "edges_mismatch",
                                             GAME_KIND), "map_message")  # with its Why?
            return
        self.chooser.set_known(list(turns))
        here = next((i for i, t in enumerate(turns) if t.edges == self.laid.edges), 0)
        for _turn in range(here):  # as laid
            self.chooser.turn()

    def scanned(self, tile: Tile) -> None:
        """A tile scanned while the dialog is open: it lies in one of its fitting turns."""
        spot = self.screen.choice.spot(self.cell, tile)
        turns = spot.turns if spot is not None else ()
        if turns and self.tabs is not None:  # the tile on the table now: the first tab
            self.turns = tuple(turns)
            self.use_scanned(True)
        self._known(turns)
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.heading.text = _("Place the district tile here")
        if self.chooser.turns:
            self.note.text = _("The tile's sides are known: turn it until it lies as on the "
                               "table.")
        else:
            self.note.text = _("Open sides are pre-set to the commonest kind on the map: tap a "
                               "colour to change one (or scan the tile). Sides touching the "
                               "map are set: they must match.")
        if self.tabs is not None:
            self.tabs[0].text = _("A tile you scanned: turn it")
            self.tabs[1].text = _("Another tile: tap its sides")
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

    def _cancel(self) -> None:
        """Back out: the tile stays as laid."""
        self.screen.city.ghost = None
        self.screen.cancel()  # and a question the tile left open (a new vehicle) again

    def _place(self) -> None:
        tile = self.chooser.tile
        if tile is not None:
            self.screen.city.ghost = None
            self.screen.laying.settle(self.cell, tile)
