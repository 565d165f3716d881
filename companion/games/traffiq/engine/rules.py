"""The rules of Manhattan TraffIQ: which reported moves are legal and what they change."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.core.rules import (Action, ActionCodec, Move, Phase, RuleViolation, Rules,
    ScoreSheet, Status, next_seat)
from . import city, moves
from .actions import (ACTIONS, DrawTile, EndTurn, EnterVehicles, PlaceTile, PlaceVehicle,
    ShowTile, TaxiRide, VanRide)
from .box import Allotment, Box, Vehicle, parse_vehicle
from .checks import (ACTIONS_PER_TURN, actions_left, check_actions_left, check_can_end_turn,
    check_counts, check_entering, check_fits, check_hand, check_in_hand, check_new_point,
    check_place_first, check_ride, check_ride_order, check_show_tile, check_supply,
    check_taxi_path, check_turn, check_van_step, check_vehicle_left)
from .city import Cell, Point
from .competition import Competition, compete
from .moves import TileSpot, VehicleSpot, likely_edges as _likely_edges
from .scoring import score_sheet
from .setup import new_game
from .state import Act, EndReason, Standing, TraffiqState
from .tiles import Edge, Tile


class Traffiq(Rules):
    """The engine. States are owned by the caller; `apply` checks fully, then changes."""

    game_kind = "manhattan-traffiq"
    codec = ActionCodec(ACTIONS)
    actions_per_turn = ACTIONS_PER_TURN
    likely_edges = staticmethod(_likely_edges)  # (state, cell): an unseen tile's sides guessed

    def __init__(self, box: Box):
        self.box = box
        self._handlers = {
            PlaceTile: self._place_tile,
            PlaceVehicle: self._place_vehicle,
            TaxiRide: self._taxi_ride,
            VanRide: self._van_ride,
            DrawTile: self._draw_tile,
            ShowTile: self._show_tile,
            EndTurn: self._end_turn,
            EnterVehicles: self._enter_vehicles,
        }

    def new_state(self, players: tuple[str, ...] | list[str],
                  options: Mapping[str, Any] | None = None) -> TraffiqState:
        return new_game(self.box, tuple(players), dict(options or {}))

    def allotment(self, players: int) -> Allotment:
        return self.box.allotments[players]

    # ---- the engine interface -----------------------------------------------------------

    def apply(self, state: TraffiqState, action: Action) -> TraffiqState:
        handler = self._handlers.get(type(action))
        if handler is None:
            raise RuleViolation("unknown_action", "{kind!r} is not a Manhattan TraffIQ action.",
                                kind=getattr(action, "type", type(action).__name__))
        handler(state, action)
        return state

    def moves(self, state: TraffiqState, seat: int) -> list[Move]:
        """Every kind of move (`moves.kinds`), open or with the reason it is not."""
        return moves.kinds(state, seat)

    def completions(self, state: TraffiqState, partial: Mapping[str, Any]) -> list[dict]:
        """Every legal way to finish a partly entered move, likeliest first (`Rules.completions`):
        a tile nobody saw going into the hand has no edges (the players alone know its sides)."""
        return _completions(self, state, dict(partial))

    def status(self, state: TraffiqState) -> Status:
        final = state.last_drawer is not None
        if state.phase is Phase.OVER:
            return Status(Phase.OVER, None, None, state.end_reason, final)
        if state.phase is Phase.SCORING:
            seat = state.entered.index(False)
            return Status(Phase.SCORING, seat, "enter_vehicles", state.end_reason, final)
        if state.phase is Phase.SETUP:
            return Status(Phase.SETUP, self.unseen_seat(state), "show_tile")
        if state.pending:
            return Status(state.phase, state.current, "place_vehicle", None, final)
        return Status(state.phase, state.current, None, None, final)

    def score(self, state: TraffiqState) -> ScoreSheet:
        """Vans 2, taxis 1 for what stands on the map; provisional until the game is over."""
        supplies = [(p.taxis, p.vans) for p in state.seats]
        return score_sheet(state.players, self.allotment(len(state.players)), supplies,
                           state.winner, final=state.phase is Phase.OVER)

    # ---- the four actions ---------------------------------------------------------------

    def _place_tile(self, s: TraffiqState, action: PlaceTile) -> None:
        seat = check_turn(s, action.seat)
        check_place_first(s)
        check_actions_left(s)
        check_hand(s, seat)
        tile = Tile.parse(action.edges)
        cell = (action.x, action.y)
        check_fits(s, cell, tile)
        player = s.seats[seat]
        del player.hand[check_in_hand(s, seat, tile)]
        s.tiles[cell] = tile
        s.done.append(Act.PLACE)
        s.pending = tuple(p for p in city.corners(cell) if city.is_complete(s.tiles, p))
        if not player.supply:
            s.pending = ()
        self._after_action(s)

    def _place_vehicle(self, s: TraffiqState, action: PlaceVehicle) -> None:
        seat = check_turn(s, action.seat)
        point = (action.x, action.y)
        check_new_point(s, point)
        vehicle = parse_vehicle(action.vehicle)
        check_vehicle_left(s, seat, vehicle)
        player = s.seats[seat]
        s.pending = tuple(p for p in s.pending if p != point)
        s.vehicles[point] = Standing(seat, vehicle)
        if vehicle is Vehicle.VAN:
            player.vans -= 1
        else:
            player.taxis -= 1
        if action.compete:
            self._compete(s, seat, point)
        if not player.supply:  # the last vehicle is on the map: the game ends at once
            s.winner = seat
            self._game_over(s, EndReason.ALL_VEHICLES)
            return
        self._after_action(s)

    def _taxi_ride(self, s: TraffiqState, action: TaxiRide) -> None:
        seat = check_turn(s, action.seat)
        check_ride_order(s, Act.TAXI)
        start, end = check_ride(s, seat, action, Vehicle.TAXI)
        check_taxi_path(s, start, end)
        self._ride(s, seat, start, end, Act.TAXI, action.compete)

    def _van_ride(self, s: TraffiqState, action: VanRide) -> None:
        seat = check_turn(s, action.seat)
        check_ride_order(s, Act.VAN)
        start, end = check_ride(s, seat, action, Vehicle.VAN)
        check_van_step(s, start, end)
        self._ride(s, seat, start, end, Act.VAN, action.compete)

    def _draw_tile(self, s: TraffiqState, action: DrawTile) -> None:
        seat = check_turn(s, action.seat)
        check_actions_left(s)
        check_supply(s)
        if s.scanned_draws and action.edges is None:
            raise RuleViolation("scan_the_tile", "Every tile drawn is scanned in this game: "
                                "scan the tile you drew.")
        tile = None if action.edges is None else Tile.parse(action.edges)
        s.pending = ()
        s.supply -= 1
        s.seats[seat].hand.append(tile)
        s.done.append(Act.DRAW)
        if s.supply == 0:
            s.last_drawer = seat
        self._after_action(s)

    def _show_tile(self, s: TraffiqState, action: ShowTile) -> None:
        """[decision] Strict scanning: the tiles drawn at setup are scanned before
        the first turn, so every tile in every hand is known."""
        seat = check_show_tile(s, action.seat)
        hand = s.seats[seat].hand
        hand[hand.index(None)] = Tile.parse(action.edges)
        if self.unseen_seat(s) is None:
            s.phase = Phase.PLAY

    @staticmethod
    def unseen_seat(s: TraffiqState) -> int | None:
        """The first seat, from the first player on, with a tile nobody saw (None: none)."""
        count = len(s.players)
        return next((seat for seat in ((s.first + i) % count for i in range(count))
                     if None in s.seats[seat].hand), None)

    def _end_turn(self, s: TraffiqState, action: EndTurn) -> None:
        check_can_end_turn(s, action.seat)
        self._next_turn(s)

    def _enter_vehicles(self, s: TraffiqState, action: EnterVehicles) -> None:
        """Score-only: a player's taxis and vans on the map at the end."""
        seat = action.seat
        check_entering(s, seat)
        allot = self.allotment(len(s.players))
        check_counts(s, allot, action.taxis, action.vans)
        player = s.seats[seat]
        player.taxis = allot.taxis - action.taxis
        player.vans = allot.vans - action.vans
        s.entered[seat] = True
        if not player.supply:
            s.winner = seat
        if all(s.entered):
            s.phase = Phase.OVER

    # ---- changes ---------------------------------------------------------------------------

    def _ride(self, s: TraffiqState, seat: int, start: Point, end: Point, act: Act,
              competing: bool) -> None:
        s.pending = ()
        s.vehicles[end] = s.vehicles.pop(start)
        s.done.append(act)
        if competing:
            self._compete(s, seat, end)
        self._after_action(s)

    def _compete(self, s: TraffiqState, seat: int, point: Point) -> None:
        for p, standing in compete(s.tiles, s.vehicles, seat, point).removed:
            del s.vehicles[p]
            loser = s.seats[standing.seat]
            if standing.vehicle is Vehicle.VAN:
                loser.vans += 1
            else:
                loser.taxis += 1

    def _after_action(self, s: TraffiqState) -> None:
        """The turn ends by itself after two actions, or after a draw that cannot be followed."""
        if s.pending:
            return
        if len(s.done) >= ACTIONS_PER_TURN or (s.done[-1] is Act.DRAW and s.supply == 0):
            self._next_turn(s)

    def _next_turn(self, s: TraffiqState) -> None:
        seat = s.current
        s.done = []
        s.pending = ()
        if s.last_drawer is not None:
            if s.phase is Phase.PLAY:  # the last drawer's turn ends: one more round for all
                s.phase = Phase.FINAL_ROUND
                s.final_turns_left = len(s.players)
            else:
                s.final_turns_left -= 1
                if s.final_turns_left == 0:
                    self._game_over(s, EndReason.FINAL_ROUND)
                    return
        s.current = next_seat(seat, len(s.players))

    def _game_over(self, s: TraffiqState, reason: EndReason) -> None:
        s.phase = Phase.OVER
        s.end_reason = reason
        s.pending = ()
        s.done = []

    # ---- questions the screens ask (see `moves` for the legal-move questions) --------------

    def actions_left(self, s: TraffiqState) -> int:
        """How many of the turn's two actions are still to take (0 outside play)."""
        return actions_left(s)

    def allowed(self, s: TraffiqState) -> set[Act]:
        return moves.allowed(s)

    def tile_spots(self, s: TraffiqState, seat: int, tile: Tile | None = None) -> list[TileSpot]:
        """Where the seat may lay a tile of its hand now (or only `tile`, scanned)."""
        return moves.tile_spots(s, seat, tile)

    def vehicle_spots(self, s: TraffiqState, seat: int) -> list[VehicleSpot]:
        """The new vehicles the seat may put on the points its tile completed."""
        return moves.vehicle_spots(s, seat)

    def rides(self, s: TraffiqState, seat: int, vehicle: Vehicle) -> dict[Point, tuple]:
        """The seat's vehicles of this kind that may ride now, each with where it can go."""
        return moves.rides(s, seat, vehicle)

    def preview(self, s: TraffiqState, action: PlaceVehicle | TaxiRide | VanRide) -> Competition:
        """What competing after this vehicle placement or ride would remove, before the player
        confirms or skips it. The action is checked as `apply` would; nothing changes."""
        trial = s.copy()
        if isinstance(action, PlaceVehicle):
            quiet = PlaceVehicle(action.seat, action.x, action.y, action.vehicle, False)
            point = (action.x, action.y)
        else:
            quiet = type(action)(action.seat, action.from_x, action.from_y, action.to_x,
                                 action.to_y, False)
            point = (action.to_x, action.to_y)
        self.apply(trial, quiet)
        return compete(trial.tiles, trial.vehicles, action.seat, point)

    def check_entries(self, s: TraffiqState,
                      entries: Iterable[EnterVehicles]) -> RuleViolation | None:
        """Score-only: whether these players' vehicles may all be entered, one after another
        (two players cannot both have had every vehicle on the map)."""
        trial = s.copy()
        for entry in entries:
            try:
                self.apply(trial, entry)
            except RuleViolation as violation:
                return violation
        return None

    def on_map(self, s: TraffiqState, seat: int) -> tuple[int, int]:
        """The seat's taxis and vans on the map: what is not in its supply."""
        allot = self.allotment(len(s.players))
        player = s.seats[seat]
        return allot.taxis - player.taxis, allot.vans - player.vans

    def implied_edges(self, s: TraffiqState, cell: Cell) -> tuple[Edge | None, ...]:
        """The edges a tile on `cell` must show, north, east, south, west (None: free side)."""
        return city.implied_edges(s.tiles, cell)

    def open_cells(self, s: TraffiqState) -> list[Cell]:
        """The empty cells touching the map."""
        return city.open_cells(s.tiles)

    def completes(self, s: TraffiqState, cell: Cell) -> list[Point]:
        """The crossings and street corners a tile on `cell` would complete."""
        return city.completed_by(s.tiles, cell)

    def points(self, s: TraffiqState) -> list[Point]:
        """Every complete point (crossing or street corner), in reading order."""
        return city.complete_points(s.tiles)

    def streets(self, s: TraffiqState, point: Point):
        """The one or two streets through a point: (Direction, points from end to end)."""
        return city.streets_through(s.tiles, point)

    def taxi_targets(self, s: TraffiqState, point: Point) -> set[Point]:
        """Where the taxi on `point` can ride to."""
        return city.taxi_reach(s.tiles, s.vehicles, point)

    def van_targets(self, s: TraffiqState, point: Point) -> set[Point]:
        """Where the van on `point` can ride to."""
        return city.van_reach(s.tiles, s.vehicles, point)


def _completions(rules: Traffiq, state: TraffiqState, partial: dict) -> list[dict]:
    """The engine's completions; where an unseen tile's sides are given, its placement is
    offered when the move itself would be accepted."""
    found = moves.completions(state, partial)
    if partial.get("type") != PlaceTile.type or "edges" not in partial or found:
        return found
    try:
        refusal = rules.check(state, rules.parse_action(partial))
    except RuleViolation:
        return []
    return [partial] if refusal is None else []
