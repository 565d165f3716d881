"""Playing Manhattan TraffIQ: the city map, whose turn it is, the actions, and every question the
rules ask (a tile's free sides, a new vehicle, competing), each with a way back.

Which actions are open, and why the others are not, is the engine's (`Table.moves`): a closed
action's button is greyed and says the engine's reason when tapped.
"""

from __future__ import annotations

from dataclasses import replace

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.app.i18n import _
from companion.app.play_screen import PlayScreen
from companion.app.why import Refusal
from companion.app.marks import table_marks
from .words import explain
from companion.core.rules import Phase, RuleViolation
from ..engine import Act, DrawTile, EndTurn, PlaceTile, TaxiRide, Tile, VanRide, Vehicle
from ..engine.moves import VehicleSpot
from .compete_dialog import CompeteDialog
from .empty_turn import ACTIONS, EmptyTurn
from .framing import Framing, point_spot
from .hand import HandStrip
from .laying import Laying
from .picking import MapChoice, Pick
from .players import fill_players, seat_rgba
from .tags import tile_from_value
from .. import GAME_KIND
from .tile_chooser import GAME
from .drawn_tile import DrawnTileDialog
from .setup_tiles import SetupTileDialog
from .vehicle_dialog import VehicleDialog

ACT_NAMES = {
    Act.PLACE: lambda: _("place a tile"),
    Act.TAXI: lambda: _("taxi ride"),
    Act.VAN: lambda: _("van ride"),
    Act.DRAW: lambda: _("draw a tile"),
}


class TraffiqPlayScreen(PlayScreen):
    game_kind = GAME_KIND
    message_at = "map_message"
    player = StringProperty("")
    player_rgba = ListProperty([1, 1, 1, 1])
    turn_text = StringProperty("")
    stats = StringProperty("")
    hint = StringProperty("")
    final_round = BooleanProperty(False)
    final_text = StringProperty("")
    picking = BooleanProperty(False)  # a tile's cell or a ride is being chosen on the map
    closed = ListProperty([])  # the kinds of move the engine says are not open now
    place_kind, taxi_kind, van_kind = PlaceTile.type, TaxiRide.type, VanRide.type  # buttons
    draw_kind, end_kind = DrawTile.type, EndTurn.type

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._seen, self._game = -1, None  # the moves and the game (its id) last drawn for
        self._declined = None  # no new vehicle wanted: (game, moves then); not another game
        self.laying, self.empty_turn = Laying(self), EmptyTurn(self)

    @property
    def city(self):
        return self.ids.city

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.choice = MapChoice(self)
        self.framing = Framing(self.ids.city)
        self.ids.city.on_tap = self.map_tapped
        self.hand = HandStrip(self)
        self.ids.hand_slot.add_widget(self.hand)

    def left(self) -> None:
        self._reset()

    # ---- reading the game --------------------------------------------------------------

    def refresh(self) -> None:
        table = self.own_table()
        if table is None or self.results_once(table, Phase.SCORING, Phase.OVER):
            return
        status = table.status
        new_game = table.game_id != self._game
        if new_game or len(table.actions) != self._seen:  # a move was made or taken back
            self._game, self._seen = table.game_id, len(table.actions)
            self._reset()
        self._show_map(table, new_game)
        self._show_turn(table)
        self.read_moves(status.seat)
        self.closed = [kind for kind, move in self.moves.items() if not move.open]
        if self.dialog is None and status.waiting_for is None and self.is_open(PlaceTile.type):
            self.choice.offer_cells()
        self.show_hint()
        if status.waiting_for == "show_tile":  # every tile scanned: the setup tiles first
            if self.dialog is None:
                self.ask_setup_tile(status.seat)
            else:
                self.dialog.refresh_texts()
        elif status.waiting_for == "place_vehicle" and self.choice.mode is Pick.NOTHING \
                and self._declined != (table.game_id, len(table.actions)) and self.dialog is None:
            self.ask_vehicle(table.state.pending[0])
        elif self.dialog is not None and hasattr(self.dialog, "refresh_texts"):
            self.dialog.refresh_texts()
        self.empty_turn.check(table, status)  # nothing left to do: ended without a tap

    def _show_map(self, table, new_game: bool) -> None:
        city = self.city
        city.colours = seat_rgba(table)
        city.marks = table_marks(table)
        city.tiles = dict(table.state.tiles)
        city.vehicles = dict(table.state.vehicles)
        self.laying.mark()
        if new_game:
            city.fit()

    def _show_turn(self, table) -> None:
        s, rules = table.state, table.rules
        rgba = seat_rgba(table)
        self.player = table.header.players[s.current]
        self.player_rgba = list(rgba[s.current])
        done = ", ".join(ACT_NAMES[act]() for act in s.done) or _("none yet")
        self.turn_text = _("This turn: {done} (actions left: {left} of {count})").format(
            done=done, left=rules.actions_left(s), count=rules.actions_per_turn)
        self.stats = _("Tiles in hand: {hand}   Tiles left: {supply}").format(
            hand=len(s.seats[s.current].hand), supply=s.supply)
        status = table.status
        self.final_round = status.final_round and status.phase is Phase.FINAL_ROUND
        self.final_text = _("Final round: everyone has one last turn")
        fill_players(self.ids.players, table, rgba)
        self.hand.show(s.seats[s.current].hand, self.choice.picked)

    def show_hint(self) -> None:
        self.hint = self.choice.hint()
        self.picking = self.choice.mode is not Pick.NOTHING

    # ---- choosing on the map -----------------------------------------------------------------

    def _reset(self) -> None:
        self.close_dialog()
        self.framing.restore()
        self.choice.reset()
        self.picking = False

    def cancel(self) -> None:
        """Back out of choosing on the map (nothing was done)."""
        self._reset()
        self.refresh()

    def act(self, kind: str) -> None:
        """An action's button: the action, or the engine's reason it is not open now."""
        move = self.moves.get(kind)
        if move is None:
            return
        if not move.open:
            self.show_message(explain(move.reason), "map_message")
            return
        if kind == PlaceTile.type:
            self.choose_place()
        elif kind in (TaxiRide.type, VanRide.type):
            self.choose_ride(Vehicle.TAXI if kind == TaxiRide.type else Vehicle.VAN)
        elif kind == DrawTile.type:
            self.draw_tile()
        elif kind == EndTurn.type:
            self.end_turn()

    def choose_place(self, tile: Tile | None = None) -> None:
        if not self.choice.place(tile):  # a scanned tile: the engine's rule, with its Why?
            self.show_message(Refusal(_("This tile fits nowhere on the map."),
                                      "tile_fits_nowhere", GAME_KIND), "map_message")
            return
        self.close_dialog()
        self.framing.restore()
        self.show_hint()

    def choose_ride(self, vehicle: Vehicle) -> None:
        self._reset()
        self.choice.ride(vehicle)
        self.show_hint()

    def map_tapped(self, cell, point) -> None:
        if self.table is None or self.dialog is not None:
            return
        standing = self.table.state.vehicles.get(point) if point is not None else None
        if standing is None and self.laying.tapped(cell):  # the tile just laid: corrected
            return
        self.choice.tapped(cell, point)
        self.show_hint()

    # ---- the player's moves ----------------------------------------------------------------

    def draw_tile(self, tile: Tile | None = None) -> None:
        """A tile from the supply; with a scan, its edges go into the hand (no sides to set
        when it is placed). Where every tile drawn is scanned, the drawn tile's question opens
        (scanned, or its sides tapped)."""
        if tile is None and self.table.state.scanned_draws:  # scanned, or its sides tapped
            self.open_dialog(DrawnTileDialog(self))
            return
        edges = None if tile is None else tile.names()
        App.get_running_app().submit(DrawTile(self.table.state.current, edges), "map_message")

    def end_turn(self) -> None:
        """Ended at the tap (an action left: said, Undo takes it back); see `held_back`."""
        given_up = any(self.is_open(kind) for kind in ACTIONS)
        if not self.empty_turn.held_back(self.table) and self._end_turn() and given_up:
            self.show_message(_("Turn ended: the actions left were given up. Not so? Undo "
                                "takes it back."), "map_message", good=True)

    def _end_turn(self) -> bool:
        return bool(App.get_running_app().submit(EndTurn(self.table.state.current),
                                                 "map_message"))

    def fit_map(self) -> None:
        self.city.fit()

    def button_hint(self, seat: int) -> str:
        if self.dialog is not None or self.picking:
            return _("answer on the screen")
        return _("draw a tile") if self.is_open(DrawTile.type) else "—"

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """The player to move pressed their seat button: a tile from the supply, the one
        obvious move; anything else is tapped on the screen."""
        if self.dialog is not None or not end_turn or not self.is_open(DrawTile.type) \
                or self.picking:
            self.show_message(_("Answer the question on the screen."), "map_message")
            return
        self.draw_tile()

    def component_scanned(self, component) -> bool:
        """A scanned district tile: drawn (its edges into the hand) where every draw is
        scanned or no tile can be placed now; else placed with its edges known, only its turn
        to choose."""
        if component.game != GAME or component.kind != "tile":
            return False
        tile = tile_from_value(component.value)
        if tile is None:
            return False
        if self.dialog is not None and self.dialog.kind in ("tile", "show_tile", "drawn_tile"):
            self.dialog.scanned(tile)
        elif self.dialog is None and self.is_open(DrawTile.type) and not self.picking and (
                self.table.state.scanned_draws or not self.is_open(PlaceTile.type)):
            self.draw_tile(tile)  # a tile drawn: into the hand with its edges
        elif self.is_open(PlaceTile.type) and self.dialog is None:
            self.choose_place(tile)
        else:  # placing is not open: the engine's reason (with its Why?) where it gives one
            move = self.moves.get(PlaceTile.type)
            refused = self.dialog is None and move is not None and not move.open
            self.show_message(explain(move.reason) if refused
                              else _("No tile can be placed now."), "map_message")
        return True

    # ---- questions ----------------------------------------------------------------------

    def _open(self, dialog, spots, free: float) -> None:
        """A question beside the map, the map moved to show what it is about."""
        self.close_dialog()
        self.dialog = dialog
        dialog.open(animation=False)
        self.framing.beside(spots, free)

    def ask_setup_tile(self, seat: int) -> None:
        """A tile the player drew at setup, asked for before the first turn."""
        self.open_dialog(SetupTileDialog(self, seat))

    def undo(self) -> None:
        last = self.table.actions[-1] if self.table and self.table.actions else None
        if isinstance(last, PlaceTile) and None in self.table.state.seats[last.seat].hand:
            self.choice.remember(Tile.parse(last.edges), undone=True)  # its sides not asked again
        super().undo()

    def open_tile_dialog(self, dialog, spots) -> None:  # the tile just laid, corrected
        self._open(dialog, spots, 0.44)

    def place_tile(self, cell, tile: Tile, said: str = "") -> bool:
        self.close_dialog()
        action = PlaceTile(self.table.state.current, cell[0], cell[1], tile.names())
        if not App.get_running_app().submit(action, "map_message"):
            self.city.ghost = None
            return False
        if said:
            self.show_message(said, "map_message", good=True)
        return True

    def ask_vehicle(self, point) -> None:
        table = self.table
        spots = table.rules.vehicle_spots(table.state, table.state.current)
        points = list(dict.fromkeys(spot.point for spot in spots))
        if not points:
            return
        self.close_dialog()
        self.city.points_lit = points
        self.city.chosen = point
        self._open(VehicleDialog(self, point, spots),
                   [point_spot(p) for p in points] + self.laying.in_sight(), 0.6)

    def decline_vehicle(self) -> None:
        """No new vehicle: the turn goes on (or ends, both actions taken)."""
        table = self.table
        self._declined = (table.game_id, len(table.actions))
        self._reset()
        if not table.rules.actions_left(table.state):
            self._end_turn()
            return
        self.refresh()

    def vehicle_chosen(self, point, vehicle: Vehicle) -> None:
        action = VehicleSpot(point, vehicle).action(self.table.state.current)
        self.compete_or_go(action, back=lambda: self.ask_vehicle(point))

    def compete_or_go(self, action, back) -> None:
        """Before competing: what would go back, confirm or skip (nothing to win: at once)."""
        table = self.table
        try:
            outcome = table.rules.preview(table.state, action)
        except RuleViolation as violation:
            self.show_message(explain(violation), "map_message")
            return
        if not outcome.removed:
            self._submit(action)
            return
        self.city.doomed = [p for p, _standing in outcome.removed]
        spots = [point_spot(p) for street in outcome.streets for p in street.points]
        self._open(CompeteDialog(self, action, outcome, back), spots, 0.56)

    def _submit(self, action) -> None:
        self.close_dialog()
        self.city.doomed = []
        App.get_running_app().submit(action, "map_message")

    def compete(self, action, competing: bool) -> None:
        self._submit(replace(action, compete=competing))

    def back_from_compete(self, back) -> None:
        self.close_dialog()
        self.city.doomed = []
        self.framing.restore()
        back()
