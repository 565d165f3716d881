"""A question that asks for one whole tile, scanned or its four sides tapped then Done: the
tiles drawn at setup and, where every tile is scanned, the tile drawn. Subclasses say what the
tile is stored as (`store`)."""

from __future__ import annotations

from ..engine import Tile
from .dialog import TraffiqDialog

NO_SIDES = (None,) * 4  # a tile not told yet


class TileQuestion(TraffiqDialog):
    """The chooser's tile, Done (`save`) grey until it is whole; a scan answers at once."""

    def __init__(self, kind: str, screen):
        super().__init__(kind)
        self.screen = screen

    def _changed(self) -> None:
        self.save.disabled = self.chooser.tile is None

    def scanned(self, tile: Tile) -> None:
        """A tile scanned while the question is open: it is this tile, stored at once."""
        self.chooser.set_known([tile])
        self._save()

    def _save(self) -> None:
        tile = self.chooser.tile
        if tile is None:
            return
        self.screen.close_dialog()
        self.store(tile)

    def store(self, tile: Tile) -> None:
        raise NotImplementedError
