"""Laying a district tile in one tap: a tap on a lit cell lays the likeliest tile there at once,
and a tap on the tile just laid turns it, or opens its sides, until it lies as on the table.

What is likeliest is the engine's: the ways a tile seen going into the hand fits the cell
(`Traffiq.tile_spots`, in the order `Rules.completions` offers them) come first, then a tile
nobody saw with its free sides guessed (`Traffiq.likely_edges`). The tile laid is shown on the
map and said in a note; Undo takes it back in one tap, and a correction replaces the placement
(the engine's undo, then the corrected tile).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kivy.app import App

from companion.app.i18n import _
from companion.core.rules import Phase, RuleViolation
from ..engine import PlaceTile, Tile
from .words import explain
from ..engine.moves import TileSpot
from .framing import cell_spot
from .tile_dialog import TileDialog


@dataclass(frozen=True)
class Laid:
    """The tile just laid: where, how it could lie there (the spot before it was laid), and the
    game and number of moves stored with it (it can be corrected while it is the last move)."""

    cell: tuple
    spot: TileSpot
    game: int | None
    moves: int


class Laying:
    """The play screen's tile placement: the first tap lays, a tap on the tile corrects it."""

    def __init__(self, screen):
        self.screen = screen
        self.laid: Laid | None = None

    def first_way(self, cell) -> tuple[Tile, str] | None:
        """The tile laid at a tap on `cell`, and what the note says about it."""
        choice, table = self.screen.choice, self.screen.table
        spot = choice.spot(cell)
        if spot is None:
            return None
        if spot.turns and spot.implied is None and len(spot.turns) == 1:
            return spot.turns[0], _("The tile placed the only way it fits here. "
                                    "Not so? Undo takes it back.")
        if spot.turns:
            return spot.turns[0], _("The tile placed as it fits here first. Not so? Tap it "
                                    "to turn it (or Undo).")
        entered = choice.entered_turns(cell)
        if entered:  # the sides the player entered before for this tile
            return entered[0], _("The tile placed with the sides you entered. Not so? Tap it "
                                 "to change them (or Undo).")
        guess = Tile(table.rules.likely_edges(table.state, cell))
        return guess, _("The tile placed with its open sides guessed as shown. Not so? Tap "
                        "it to change them (or Undo).")

    def lay(self, cell) -> None:
        """A tap on a lit cell: the likeliest tile laid there at once."""
        found = self.first_way(cell)
        if found is None:
            return
        tile, said = found
        table = self.screen.table
        spot = self.screen.choice.spot(cell)
        if self._ends_game(cell, tile):  # the results would hide it: confirmed first
            self.laid = None
            self.screen.open_tile_dialog(TileDialog(self.screen, cell, spot, tile),
                                         [cell_spot(cell)])
            return
        # known before the move is stored: the screen's answer to it (a new vehicle's question)
        # keeps this tile in sight
        self.laid = Laid(cell, spot, table.game_id, len(table.actions) + 1)
        if not self.screen.place_tile(cell, tile, said):
            self.laid = None
        self.mark()

    def _ends_game(self, cell, tile: Tile) -> bool:
        """Whether laying `tile` on `cell` ends the game (the engine's status after it)."""
        table = self.screen.table
        action = PlaceTile(table.state.current, cell[0], cell[1], tile.names())
        try:
            after = table.rules.apply(table.state.copy(), action)  # apply changes the state
        except RuleViolation:
            return False
        return table.rules.status(after).phase in (Phase.SCORING, Phase.OVER)

    def settle(self, cell, tile: Tile) -> None:
        """The question's Place: the tile just laid corrected, or (the game's last tile) laid."""
        if self.correctable(cell) is not None:
            self.replace(tile)
            return
        self.screen.close_dialog()
        self.screen.place_tile(cell, tile)

    def mark(self) -> None:
        """The tile just laid framed on the map while a tap on it corrects it."""
        laid = self.laid
        self.screen.city.laid = laid.cell if laid and self.correctable(laid.cell) else None

    def in_sight(self) -> list:
        """The map spot of the tile just laid, to keep in sight beside a question."""
        return [cell_spot(self.screen.city.laid)] if self.screen.city.laid is not None else []

    def pick(self, tile) -> None:
        """A tile of the hand tapped (HandStrip): only the cells where it fits lit, a tap
        there lays it; placing not open now: the engine's reason."""
        screen = self.screen
        move = screen.moves.get(PlaceTile.type)
        if move is None or not move.open:
            screen.show_message(explain(move.reason) if move is not None
                                else _("No tile can be placed now."), "map_message")
            return
        screen.close_dialog()
        screen.framing.restore()
        screen.choice.pick(tile)
        s = screen.table.state
        screen.hand.show(s.seats[s.current].hand, screen.choice.picked)
        screen.show_hint()

    def tapped_at(self, pos) -> bool:
        """A tap at window `pos` (a question open beside the map) on the tile just laid: it is
        corrected; False: not on that tile."""
        city = self.screen.city
        if not city.collide_point(*pos):
            return False
        mx, my = city.to_map(*pos)
        return self.tapped((math.floor(mx), math.floor(-my)))

    def correctable(self, cell) -> PlaceTile | None:
        """The placement on `cell` if it is the tile just laid and still the last move."""
        table, laid = self.screen.table, self.laid
        if table is None or laid is None or laid.cell != cell or laid.game != table.game_id \
                or laid.moves != len(table.actions):
            return None
        last = table.actions[-1]
        if not isinstance(last, PlaceTile) or (last.x, last.y) != cell:
            return None
        return last

    def tapped(self, cell) -> bool:
        """A tap on the tile just laid: a known tile turned to its next fitting way, a tile
        that may be one nobody saw has its sides asked (pre-set as laid). False: not that
        tile."""
        last = self.correctable(cell)
        if last is None:
            return False
        laid, now = self.laid, Tile.parse(last.edges)
        turns = list(laid.spot.turns)
        if laid.spot.implied is None:
            if len(turns) < 2:
                self.screen.show_message(_("The tile fits here one way only."), "map_message")
                return True
            here = next((i for i, t in enumerate(turns) if t.edges == now.edges), -1)
            self.replace(turns[(here + 1) % len(turns)])
            return True
        self.screen.ids.map_message.hide()  # said; the question beside it says the rest
        self.screen.open_tile_dialog(TileDialog(self.screen, cell, laid.spot, now),
                                     [cell_spot(cell)])
        return True

    def replace(self, tile: Tile) -> None:
        """The tile just laid corrected: the placement taken back and this one laid instead."""
        screen, laid = self.screen, self.laid
        screen.close_dialog()
        last = self.correctable(laid.cell) if laid is not None else None
        if last is None or tuple(last.edges) == tuple(tile.names()):
            return
        if not App.get_running_app().undo("map_message"):
            return
        screen.place_tile(laid.cell, tile, _("The tile now lies as shown. Not so? Tap it again "
                                             "(or Undo)."))
        self.mark()
