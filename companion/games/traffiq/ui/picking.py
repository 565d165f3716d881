"""Choosing on the map: the cell for a tile, the vehicle that rides and where it goes.

What is lit comes from the engine's enumerators (`Traffiq.tile_spots`, `Traffiq.rides`), and a
tap counts only on what is lit: the screen never works out a placement or a path itself.
"""

from __future__ import annotations

from enum import Enum

from companion.app.i18n import _
from ..engine import PlaceTile, Tile, Vehicle
from ..engine.moves import TileSpot, ride


UNSEEN = "unseen"  # the hand's tile nobody saw, picked


class Pick(Enum):
    NOTHING = "nothing"
    CELL = "cell"  # a lit cell for the tile
    RIDE = "ride"  # the vehicle that rides (when several can), then where it goes


class MapChoice:
    """What is being chosen on the screen's map now, and what a tap on the map means."""

    def __init__(self, screen):
        self.screen = screen
        self.mode = Pick.NOTHING
        self.scanned: Tile | None = None  # a scanned tile being placed
        self.picked = None  # the tile of the hand picked (a Tile, or UNSEEN); None: any
        self.spots: list[TileSpot] = []  # where the tile may go
        self.vehicle: Vehicle | None = None  # the kind of vehicle riding
        self.rides: dict = {}  # each vehicle of that kind that can ride -> where it can go
        self.start = None  # the point it rides from
        # sides entered for a tile nobody saw (a placement taken back, a question cancelled):
        # (seat, tile, moves stored then); offered again instead of asking them anew
        self.entered: tuple | None = None

    @property
    def city(self):
        return self.screen.city

    def _ask(self, question, *args):
        """An enumerator of the engine, asked about the live game and the player to move."""
        table = self.screen.table
        return question(table.state, table.state.current, *args)

    def reset(self) -> None:
        self.mode, self.scanned, self.spots, self.picked = Pick.NOTHING, None, [], None
        self.vehicle, self.rides, self.start = None, {}, None
        self.city.clear_marks()

    # ---- a tile's cell ----------------------------------------------------------------------

    def place(self, tile: Tile | None = None) -> bool:
        """Light the cells where a tile of the hand (or the scanned `tile`) may go; False (and
        nothing changed) if there is none."""
        spots = self._ask(self.screen.table.rules.tile_spots, tile)
        if not spots:
            return False
        self.reset()
        self.mode, self.scanned, self.spots, self.picked = Pick.CELL, tile, spots, tile
        self.city.cells_lit = [spot.cell for spot in spots]
        return True

    def pick(self, tile) -> None:
        """A tile of the hand picked (`UNSEEN`: one nobody saw): only where it fits is lit;
        the same one picked again lets the hand's likeliest go anywhere again."""
        if tile == self.picked and self.mode is Pick.CELL:
            self.reset()
            self.offer_cells()
            return
        if tile is UNSEEN:
            spots = [TileSpot(spot.cell, (), spot.implied) for spot in
                     self._ask(self.screen.table.rules.tile_spots) if spot.implied is not None]
            self.reset()
            self.mode, self.spots, self.picked = Pick.CELL, spots, UNSEEN
            self.city.cells_lit = [spot.cell for spot in spots]
        elif not self.place(tile):
            self.reset()

    def offer_cells(self) -> None:
        """Nothing chosen yet and a tile may be laid: its cells lit, so one tap on a cell
        places there without the action's button first."""
        if self.mode is Pick.NOTHING and not self.city.points_lit:
            self.city.cells_lit = [spot.cell for spot in
                                   self._ask(self.screen.table.rules.tile_spots)]

    def remember(self, tile: Tile, undone: bool = False) -> None:
        """Sides entered for a tile nobody saw: not asked again while the game stays here
        (`undone`: its placement is being taken back, one move less)."""
        table = self.screen.table
        self.entered = (table.state.current, tile, len(table.actions) - undone)

    def entered_turns(self, cell) -> tuple[Tile, ...]:
        """The turns of the tile whose sides were entered that the engine accepts on `cell`."""
        table = self.screen.table
        s = table.state
        if self.entered is None or self.entered[0] != s.current \
                or self.entered[2] != len(table.actions):
            return ()
        return tuple(turn for turn in self.entered[1].rotations() if table.rules.check(
            s, PlaceTile(s.current, cell[0], cell[1], turn.names())) is None)

    def spot(self, cell, tile: Tile | None = None) -> TileSpot | None:
        """How a tile may lie on `cell`: the one being placed, or `tile` (scanned now)."""
        if tile is None and self.mode is not Pick.CELL:  # nothing picked: the whole hand
            tile_spots = self._ask(self.screen.table.rules.tile_spots)
            return next((spot for spot in tile_spots if spot.cell == cell), None)
        spots = self.spots if tile is None else self._ask(self.screen.table.rules.tile_spots,
                                                          tile)
        return next((spot for spot in spots if spot.cell == cell), None)

    # ---- a ride -------------------------------------------------------------------------------

    def ride(self, vehicle: Vehicle) -> None:
        """Light the vehicles of this kind that can ride (or, if one can, where it can go)."""
        rides = self._ask(self.screen.table.rules.rides, vehicle)
        self.reset()
        self.mode, self.vehicle, self.rides = Pick.RIDE, vehicle, rides
        if len(rides) == 1:
            self.ride_from(next(iter(rides)))
        else:
            self.city.points_lit = list(rides)

    def ride_from(self, point) -> None:
        self.start = point
        self.city.chosen = point
        self.city.points_lit = list(self.rides[point])

    # ---- a tap on the map ---------------------------------------------------------------------

    def tapped(self, cell, point) -> None:
        if self.mode is Pick.CELL:
            if cell in self.city.cells_lit:
                self.screen.laying.lay(cell)
        elif self.mode is Pick.RIDE:
            self._ride_tapped(point)
        else:
            self._shortcut(cell, point)

    def _ride_tapped(self, point) -> None:
        if point is None:
            return
        if point in self.rides:  # another of the player's vehicles of this kind
            self.ride_from(point)
            return
        if self.start is None or point not in self.city.points_lit:
            return
        action = ride(self.screen.table.state.current, self.vehicle, self.start, point)
        self.city.points_lit = [point]
        start = self.start
        self.screen.compete_or_go(action, back=lambda: self.ride_from(start))

    def _shortcut(self, cell, point) -> None:
        """Nothing chosen yet: a tap on one's own vehicle rides it, a tap on a cell where a
        tile may go places one there."""
        s = self.screen.table.state
        standing = s.vehicles.get(point) if point is not None else None
        if standing is not None and standing.seat == s.current:
            if point in self._ask(self.screen.table.rules.rides, standing.vehicle):
                self.ride(standing.vehicle)
                self.ride_from(point)
            return
        if any(spot.cell == cell for spot in self._ask(self.screen.table.rules.tile_spots)):
            self.screen.laying.lay(cell)

    # ---- what to do now ---------------------------------------------------------------------

    def hint(self) -> str:
        if self.mode is Pick.CELL:
            return _("Tap a lit cell to place the tile there")
        if self.mode is Pick.RIDE and self.start is None:
            return (_("Tap the taxi that rides") if self.vehicle is Vehicle.TAXI
                    else _("Tap the van that rides"))
        if self.mode is Pick.RIDE:
            return (_("Tap where the taxi goes") if self.vehicle is Vehicle.TAXI
                    else _("Tap where the van goes"))
        if self.city.cells_lit:
            return _("Tap a lit cell to place a tile there, or choose an action")
        return _("Choose an action; drag to move the map, pinch to zoom")
