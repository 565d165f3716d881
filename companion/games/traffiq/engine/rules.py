"""The rules of Manhattan TraffIQ: which reported moves are legal and what they change."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.rules import (Action, ActionCodec, Phase, RuleViolation, Rules, ScoreSheet,
    Status, check_players, next_seat)
from . import city
from .actions import (ACTIONS, DrawTile, EndTurn, EnterVehicles, PlaceTile, PlaceVehicle,
    TaxiRide, VanRide)
from .box import Allotment, Box, Vehicle, parse_layout, parse_vehicle
from .city import Cell, Point
from .competition import Competition, compete
from .scoring import score_sheet
from .state import Act, EndReason, Mode, PlayerState, Standing, TraffiqState
from .tiles import Edge, Tile

GAME = "Manhattan TraffIQ"
ACTIONS_PER_TURN = 2
_PLAYING = (Phase.PLAY, Phase.FINAL_ROUND)


class Traffiq(Rules):
    """The engine. States are owned by the caller; `apply` checks fully, then changes."""

    game_id = "manhattan-traffiq"
    codec = ActionCodec(ACTIONS)

    def __init__(self, box: Box):
        self.box = box
        self._handlers = {
            PlaceTile: self._place_tile,
            PlaceVehicle: self._place_vehicle,
            TaxiRide: self._taxi_ride,
            VanRide: self._van_ride,
            DrawTile: self._draw_tile,
            EndTurn: self._end_turn,
            EnterVehicles: self._enter_vehicles,
        }

    # ---- setting up -------------------------------------------------------------------

    def new_state(self, players: tuple[str, ...] | list[str],
                  options: Mapping[str, Any] | None = None) -> TraffiqState:
        """Setup: the scenario's start tiles on the table, 2 district tiles drawn by each
        player, each player's vehicles for the player count."""
        options = dict(options or {})
        box, players = self.box, tuple(players)
        check_players(players, GAME, box.min_players, box.max_players)
        mode = _option_mode(options)
        first = _option_first(options, len(players))
        scenario = options.get("scenario", "times_square")
        if not isinstance(scenario, str) or scenario not in box.scenarios:
            raise RuleViolation("bad_option", "Unknown scenario {scenario!r}: use {known}.",
                                scenario=scenario, known=" or ".join(box.scenarios))
        tiles = (parse_layout(options["start_tiles"]) if "start_tiles" in options
                 else dict(box.scenarios[scenario].tiles))
        allot = self.allotment(len(players))
        hand = box.hand if mode is Mode.PLAY else 0
        seats = [PlayerState([None] * hand, allot.taxis, allot.vans) for _ in players]
        state = TraffiqState(players=players, mode=mode, scenario=scenario, first=first,
                             phase=Phase.PLAY, current=first, seats=seats, tiles=tiles,
                             vehicles={}, supply=box.district_tiles - hand * len(players))
        if mode is Mode.SCORE_ONLY:
            state.phase = Phase.SCORING
            state.end_reason = EndReason.SCORE_ONLY
            state.entered = [False] * len(players)
        return state

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

    def status(self, state: TraffiqState) -> Status:
        final = state.last_drawer is not None
        if state.phase is Phase.OVER:
            return Status(Phase.OVER, None, None, state.end_reason, final)
        if state.phase is Phase.SCORING:
            seat = state.entered.index(False)
            return Status(Phase.SCORING, seat, "enter_vehicles", state.end_reason, final)
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
        seat = self._check_turn(s, action.seat)
        if Act.PLACE not in s.done and s.done:
            raise RuleViolation("place_first", "Tiles are placed before any other action of "
                                "the turn.")
        self._check_actions_left(s)
        player = s.seats[seat]
        if not player.hand:
            raise RuleViolation("no_tile_in_hand", "{player} holds no district tile.",
                                player=s.players[seat])
        tile = Tile.parse(action.edges)
        cell = (action.x, action.y)
        self._check_fits(s, cell, tile)
        slot = _hand_slot(player.hand, tile)
        if slot is None:
            raise RuleViolation("tile_not_in_hand", "{player} does not hold that tile: the tiles "
                                "seen going into the hand have other edges.",
                                player=s.players[seat])
        del player.hand[slot]
        s.tiles[cell] = tile
        s.done.append(Act.PLACE)
        s.pending = tuple(p for p in city.corners(cell) if city.is_complete(s.tiles, p))
        if not player.supply:
            s.pending = ()
        self._after_action(s)

    def _place_vehicle(self, s: TraffiqState, action: PlaceVehicle) -> None:
        seat = self._check_turn(s, action.seat)
        point = (action.x, action.y)
        if point not in s.pending:
            raise RuleViolation("point_not_completed", "A new vehicle goes on a crossing or "
                                "street corner the tile just placed completed; {x},{y} is not "
                                "one.", x=action.x, y=action.y)
        vehicle = parse_vehicle(action.vehicle)
        player = s.seats[seat]
        if _supply_of(player, vehicle) == 0:
            raise RuleViolation("no_vehicle_left", "{player} has no {vehicle} left in their "
                                "supply.", player=s.players[seat], vehicle=vehicle.value)
        s.pending = tuple(p for p in s.pending if p != point)
        s.vehicles[point] = Standing(seat, vehicle)
        _take_from_supply(player, vehicle)
        if action.compete:
            self._compete(s, seat, point)
        if not player.supply:  # the last vehicle is on the map: the game ends at once
            s.winner = seat
            self._game_over(s, EndReason.ALL_VEHICLES)
            return
        self._after_action(s)

    def _taxi_ride(self, s: TraffiqState, action: TaxiRide) -> None:
        seat = self._check_turn(s, action.seat)
        self._check_ride(s, Act.TAXI)
        start, end = self._check_move(s, seat, action, Vehicle.TAXI)
        if end not in city.taxi_reach(s.tiles, s.vehicles, start):
            raise RuleViolation("no_taxi_path", "The taxi cannot get from {from_x},{from_y} to "
                                "{to_x},{to_y}: every way is blocked by a vehicle, an incomplete "
                                "crossing, park or water.", from_x=start[0], from_y=start[1],
                                to_x=end[0], to_y=end[1])
        self._ride(s, seat, start, end, Act.TAXI, action.compete)

    def _van_ride(self, s: TraffiqState, action: VanRide) -> None:
        seat = self._check_turn(s, action.seat)
        self._check_ride(s, Act.VAN)
        start, end = self._check_move(s, seat, action, Vehicle.VAN)
        if abs(start[0] - end[0]) + abs(start[1] - end[1]) != 1:
            raise RuleViolation("van_not_neighbour", "A van rides only to a neighbouring "
                                "crossing or street corner.")
        if not city.drivable(s.tiles, start, end):
            raise RuleViolation("no_street", "No street joins {from_x},{from_y} and {to_x},{to_y}: "
                                "park or water lies between.", from_x=start[0],
                                from_y=start[1], to_x=end[0], to_y=end[1])
        self._ride(s, seat, start, end, Act.VAN, action.compete)

    def _draw_tile(self, s: TraffiqState, action: DrawTile) -> None:
        seat = self._check_turn(s, action.seat)
        self._check_actions_left(s)
        if s.supply == 0:
            raise RuleViolation("supply_empty", "All district tiles have been drawn: choose "
                                "another action or end the turn.")
        tile = None if action.edges is None else Tile.parse(action.edges)
        s.pending = ()
        s.supply -= 1
        s.seats[seat].hand.append(tile)
        s.done.append(Act.DRAW)
        if s.supply == 0:
            s.last_drawer = seat
        self._after_action(s)

    def _end_turn(self, s: TraffiqState, action: EndTurn) -> None:
        self._check_turn(s, action.seat)
        self._next_turn(s)

    # ---- score-only ---------------------------------------------------------------------

    def _enter_vehicles(self, s: TraffiqState, action: EnterVehicles) -> None:
        seat = self._check_seat(s, action.seat)
        if s.mode is not Mode.SCORE_ONLY or s.phase is not Phase.SCORING:
            raise RuleViolation("not_score_only", "Vehicles are entered without play only when "
                                "scoring a finished game.")
        if s.entered[seat]:
            raise RuleViolation("already_entered", "{player}'s vehicles are already entered.",
                                player=s.players[seat])
        allot = self.allotment(len(s.players))
        if not (0 <= action.taxis <= allot.taxis and 0 <= action.vans <= allot.vans):
            raise RuleViolation("vehicle_count", "With {count} players each has {taxis} taxis "
                                "and {vans} vans.", count=len(s.players), taxis=allot.taxis,
                                vans=allot.vans)
        everything = action.taxis == allot.taxis and action.vans == allot.vans
        if everything and s.winner is not None:
            raise RuleViolation("one_winner_all_placed", "{player} already had every vehicle on "
                                "the map: the game ended then.", player=s.players[s.winner])
        player = s.seats[seat]
        player.taxis = allot.taxis - action.taxis
        player.vans = allot.vans - action.vans
        s.entered[seat] = True
        if everything:
            s.winner = seat
        if all(s.entered):
            s.phase = Phase.OVER

    # ---- checks (they change nothing) -----------------------------------------------------

    def _check_seat(self, s: TraffiqState, seat: int) -> int:
        if not 0 <= seat < len(s.players):
            raise RuleViolation("no_such_seat", "There is no seat {seat} in a game of {count}.",
                                seat=seat, count=len(s.players))
        return seat

    def _check_turn(self, s: TraffiqState, seat: int) -> int:
        if seat == s.current and s.phase in _PLAYING:
            return seat
        self._check_seat(s, seat)
        if s.phase not in _PLAYING:
            raise RuleViolation("not_playing", "That move is made during play; the game is in "
                                "{phase}.", phase=s.phase.value)
        raise RuleViolation("not_your_turn", "It is {player}'s turn, not {other}'s.",
                            player=s.players[s.current], other=s.players[seat])

    def _check_actions_left(self, s: TraffiqState) -> None:
        if len(s.done) >= ACTIONS_PER_TURN:
            raise RuleViolation("two_actions", "A turn has two actions; both are taken.")

    def _check_ride(self, s: TraffiqState, act: Act) -> None:
        if Act.DRAW in s.done:
            raise RuleViolation("draw_last", "Drawing is the last action of a turn.")
        self._check_actions_left(s)
        if act is Act.TAXI and act in s.done:
            raise RuleViolation("one_ride_each", "Only one taxi ride per turn.", ride=act.value)
        if act in s.done:
            raise RuleViolation("one_ride_each", "Only one van ride per turn.", ride=act.value)

    def _check_fits(self, s: TraffiqState, cell: Cell, tile: Tile) -> None:
        if cell in s.tiles:
            raise RuleViolation("cell_taken", "A tile already lies on {x},{y}.",
                                x=cell[0], y=cell[1])
        if not city.touches(s.tiles, cell):
            raise RuleViolation("not_touching", "A new tile must touch at least one tile on the "
                                "map.")
        wrong = city.mismatches(s.tiles, cell, tile)
        if wrong:
            raise RuleViolation("edges_mismatch", "The tile does not match the tiles next to it: "
                                "each touching side must show the same colour.",
                                sides=", ".join(side.name.lower() for side in wrong))

    def _check_move(self, s: TraffiqState, seat: int, action: TaxiRide | VanRide,
                    vehicle: Vehicle) -> tuple[Point, Point]:
        start, end = (action.from_x, action.from_y), (action.to_x, action.to_y)
        if s.vehicles.get(start) != Standing(seat, vehicle):
            raise RuleViolation("no_own_vehicle_there", "{player} has no {vehicle} on "
                                "{x},{y}.", player=s.players[seat], vehicle=vehicle.value,
                                x=start[0], y=start[1])
        if end == start:
            raise RuleViolation("same_point", "A ride goes to another crossing or street corner.")
        if not city.is_complete(s.tiles, end):
            raise RuleViolation("point_incomplete", "{x},{y} is not a crossing or street corner "
                                "yet: four tiles must meet there.", x=end[0], y=end[1])
        if end in s.vehicles:
            raise RuleViolation("point_taken", "A vehicle already stands on {x},{y}.",
                                x=end[0], y=end[1])
        return start, end

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

    # ---- questions the UI asks ---------------------------------------------------------------

    def implied_edges(self, s: TraffiqState, cell: Cell) -> tuple[Edge | None, ...]:
        """The edges a tile on `cell` must show, north, east, south, west (None: free side)."""
        return city.implied_edges(s.tiles, cell)

    def open_cells(self, s: TraffiqState) -> list[Cell]:
        """The empty cells touching the map."""
        return city.open_cells(s.tiles)

    def fits(self, s: TraffiqState, cell: Cell, tile: Tile) -> bool:
        return city.fits(s.tiles, cell, tile)

    def placements(self, s: TraffiqState, tile: Tile) -> list[tuple[Cell, Tile]]:
        """For a tile whose edges are known: every cell and turn it may be laid in."""
        return city.placements(s.tiles, tile)

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

    def allowed(self, s: TraffiqState) -> set[Act]:
        """The actions the turn order still allows the current player (tiles, vehicles and
        paths aside): for the UI's buttons."""
        if s.phase not in _PLAYING or len(s.done) >= ACTIONS_PER_TURN:
            return set()
        acts = set()
        if not s.done or s.done == [Act.PLACE]:
            acts.add(Act.PLACE)
        if Act.DRAW not in s.done:
            acts |= {act for act in (Act.TAXI, Act.VAN) if act not in s.done}
        if s.supply:
            acts.add(Act.DRAW)
        return acts

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


def _hand_slot(hand: list[Tile | None], tile: Tile) -> int | None:
    """Which tile of the hand was laid: one seen going in that this is (turned perhaps),
    else one nobody saw."""
    for i, held in enumerate(hand):
        if held is not None and held.same_tile(tile):
            return i
    return hand.index(None) if None in hand else None


def _supply_of(player: PlayerState, vehicle: Vehicle) -> int:
    return player.vans if vehicle is Vehicle.VAN else player.taxis


def _take_from_supply(player: PlayerState, vehicle: Vehicle) -> None:
    if vehicle is Vehicle.VAN:
        player.vans -= 1
    else:
        player.taxis -= 1


def _option_mode(options: Mapping[str, Any]) -> Mode:
    try:
        return Mode(options.get("mode", Mode.PLAY.value))
    except ValueError:
        raise RuleViolation("bad_option", "Unknown mode {mode!r}: use 'play' or 'score_only'.",
                            mode=options.get("mode")) from None


def _option_first(options: Mapping[str, Any], players: int) -> int:
    first = options.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise RuleViolation("bad_option", "The starting seat must be 0 to {last}.",
                            last=players - 1)
    return first
