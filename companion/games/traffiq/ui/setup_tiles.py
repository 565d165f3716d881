"""Before the first turn, where every tile is scanned: each player's tiles drawn at setup, one
at a time, scanned (or their four sides tapped), then stored as the engine's `show_tile`.

Whose tiles are asked for, and how many are left, is the engine's (`Table.status` waits for
`show_tile` from that seat); the question only asks and submits."""

from __future__ import annotations

from kivy.app import App

from companion.app.i18n import _
from companion.app.scanning import scanner_configured
from ..engine import ShowTile, Tile
from .tile_question import NO_SIDES, TileQuestion


class SetupTileDialog(TileQuestion):
    """One tile a player drew at setup: scanned, or its four sides tapped, then Done."""

    def __init__(self, screen, seat: int):
        super().__init__("show_tile", screen)
        self.seat = seat
        self.undo, self.home, self.save = self.tile_layout(self._changed, (
            (screen.undo, False), (App.get_running_app().go_home, False), (self._save, True)))
        self.chooser.set_free(NO_SIDES)
        self.refresh_texts()

    def refresh_texts(self) -> None:
        table = self.screen.table
        hand = table.state.seats[self.seat].hand
        number = hand.index(None) + 1 if None in hand else len(hand)
        self.heading.text = _("{player}: your tiles from setup").format(
            player=table.header.players[self.seat])
        self.note.text = (_("Every tile is scanned in this game. Scan tile {n} of {count} you "
                            "drew at setup, or tap the colour of each of its four sides (north "
                            "at the top), then Done.") if scanner_configured() else
                          _("Every tile is scanned in this game. For tile {n} of {count} you "
                            "drew at setup, tap the colour of each of its four sides (north at "
                            "the top), then Done.")).format(n=number, count=len(hand))
        self.undo.text = _("Undo")
        self.home.text = _("Home")
        self.save.text = _("Done")
        self.undo.disabled = not table.actions
        self._changed()

    def store(self, tile: Tile) -> None:
        screen, seat = self.screen, self.seat
        if not App.get_running_app().submit(ShowTile(seat, tile.names()), "map_message"):
            screen.ask_setup_tile(seat)  # refused (its reason shown): asked again
