"""A tile drawn from the supply where every tile is scanned: scanned, or its four sides tapped
(the scanner not at hand), then Done, stored as the engine's `draw_tile` with its sides; Cancel
draws nothing. Without it a table whose game scans every tile had no way to draw but a scan."""

from __future__ import annotations

from kivy.app import App

from companion.app.i18n import _
from companion.app.scanning import scanner_configured
from ..engine import DrawTile, Tile
from .tile_question import NO_SIDES, TileQuestion


class DrawnTileDialog(TileQuestion):
    """The tile just drawn: scanned (stored at once), or its four sides tapped, then Done."""

    def __init__(self, screen):
        super().__init__("drawn_tile", screen)
        self.cancel, self.save = self.tile_layout(self._changed, (
            (screen.close_dialog, False), (self._save, True)))
        self.chooser.set_free(NO_SIDES)
        self.refresh_texts()

    def refresh_texts(self) -> None:
        table = self.screen.table
        self.heading.text = _("{player}: the tile you drew").format(
            player=table.header.players[table.state.current])
        self.note.text = (_("Every tile is scanned in this game. Scan the tile you drew, or tap "
                            "the colour of each of its four sides (north at the top), then "
                            "Done.") if scanner_configured() else
                          _("Every tile is scanned in this game. Tap the colour of each of the "
                            "four sides of the tile you drew (north at the top), then Done."))
        self.cancel.text = _("Cancel")
        self.save.text = _("Done")
        self._changed()

    def store(self, tile: Tile) -> None:
        table = self.screen.table
        App.get_running_app().submit(DrawTile(table.state.current, tile.names()), "map_message")
