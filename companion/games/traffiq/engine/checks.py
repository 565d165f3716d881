"""The checks a move passes before anything changes, each raising the rule's reason.

`Traffiq.apply` runs them before every change, and `moves` runs the same ones to say why a kind
of move is closed: the screens and the engine cannot disagree about a rule.
"""

from __future__ import annotations

from companion.core.rules import Phase, RuleViolation
from . import city
from .actions import Ride
from .box import Allotment, Vehicle
from .city import Cell, Point
from .options import Forfeit
from .state import Act, Mode, Standing, TraffiqState
from .tiles import Tile

ACTIONS_PER_TURN = 2
PLAYING = (Phase.PLAY, Phase.FINAL_ROUND)


# ---- whose move --------------------------------------------------------------------------


def check_seat(s: TraffiqState, seat: int) -> int:
    if not isinstance(seat, int) or not 0 <= seat < len(s.players):  # None: the game is over
        raise RuleViolation("no_such_seat", "There is no seat {seat} in a game of {count}.",
                            seat=seat, count=len(s.players))
    return seat


def check_turn(s: TraffiqState, seat: int) -> int:
    if seat == s.current and s.phase in PLAYING:
        return seat
    check_seat(s, seat)
    if s.phase is Phase.SETUP:
        raise RuleViolation("show_tiles_first", "Every tile is scanned in this game: first "
                            "scan the tiles each player drew at setup.")
    if s.phase not in PLAYING:
        raise RuleViolation("not_playing", "That move is made during play; the game is in "
                            "{phase}.", phase=s.phase.value)
    raise RuleViolation("not_your_turn", "It is {player}'s turn, not {other}'s.",
                        player=s.players[s.current], other=s.players[seat])


def check_can_end_turn(s: TraffiqState, seat: int) -> int:
    """The table option `forfeit`: actions may be skipped at any time, or only in the last round
    (once the supply is empty). Vehicles not placed may always be left."""
    check_turn(s, seat)
    if (s.table.forfeit is Forfeit.LAST_ROUND and s.supply and s.winner is None
            and actions_left(s)):
        raise RuleViolation("forfeit_last_round", "At this table actions may be skipped only "
                            "in the last round: take {left} more.", left=actions_left(s))
    return seat


def check_show_tile(s: TraffiqState, seat: int) -> int:
    """[decision] Where every tile is scanned, the tiles drawn at setup are scanned
    before the first turn, each player's in any order."""
    check_seat(s, seat)
    if s.phase is not Phase.SETUP:
        raise RuleViolation("show_tile_at_setup", "The tiles drawn at setup are scanned at "
                            "setup, before the first turn.")
    if None not in s.seats[seat].hand:
        raise RuleViolation("tiles_already_shown", "{player}'s tiles are already known.",
                            player=s.players[seat])
    return seat


# ---- the turn's two actions ------------------------------------------------------------------


def actions_left(s: TraffiqState) -> int:
    """How many of the turn's actions the current player has still to take."""
    if s.phase not in PLAYING:
        return 0
    return max(0, ACTIONS_PER_TURN - len(s.done))


def check_actions_left(s: TraffiqState) -> None:
    if len(s.done) >= ACTIONS_PER_TURN:
        raise RuleViolation("two_actions", "A turn has two actions; both are taken.")


def check_place_first(s: TraffiqState) -> None:
    if s.done and Act.PLACE not in s.done:
        raise RuleViolation("place_first", "Tiles are placed before any other action of the "
                            "turn.")


def check_ride_order(s: TraffiqState, act: Act) -> None:
    if Act.DRAW in s.done:
        raise RuleViolation("draw_last", "Drawing is the last action of a turn.")
    check_actions_left(s)
    if act is Act.TAXI and act in s.done:
        raise RuleViolation("one_ride_each", "Only one taxi ride per turn.", ride=act.value)
    if act in s.done:
        raise RuleViolation("one_ride_each", "Only one van ride per turn.", ride=act.value)


def check_supply(s: TraffiqState) -> None:
    if s.supply == 0:
        raise RuleViolation("supply_empty", "All district tiles have been drawn: choose another "
                            "action or end the turn.")


# ---- tiles -------------------------------------------------------------------------------


def check_hand(s: TraffiqState, seat: int) -> None:
    if not s.seats[seat].hand:
        raise RuleViolation("no_tile_in_hand", "{player} holds no district tile.",
                            player=s.players[seat])


def check_fits(s: TraffiqState, cell: Cell, tile: Tile) -> None:
    if cell in s.tiles:
        raise RuleViolation("cell_taken", "A tile already lies on {x},{y}.", x=cell[0], y=cell[1])
    if not city.touches(s.tiles, cell):
        raise RuleViolation("not_touching", "A new tile must touch at least one tile on the map.")
    wrong = city.mismatches(s.tiles, cell, tile)
    if wrong:
        raise RuleViolation("edges_mismatch", "The tile does not match the tiles next to it: "
                            "each touching side must show the same colour.",
                            sides=", ".join(side.name.lower() for side in wrong))


def hand_slot(hand: list[Tile | None], tile: Tile) -> int | None:
    """Which tile of the hand was laid: one seen going in that this is (turned perhaps),
    else one nobody saw."""
    for i, held in enumerate(hand):
        if held is not None and held.same_tile(tile):
            return i
    return hand.index(None) if None in hand else None


def check_in_hand(s: TraffiqState, seat: int, tile: Tile) -> int:
    slot = hand_slot(s.seats[seat].hand, tile)
    if slot is None:
        raise RuleViolation("tile_not_in_hand", "{player} does not hold that tile: the tiles "
                            "known to be in their hand have other sides.", player=s.players[seat])
    return slot


# ---- vehicles --------------------------------------------------------------------------------


def supply_of(s: TraffiqState, seat: int, vehicle: Vehicle) -> int:
    player = s.seats[seat]
    return player.vans if vehicle is Vehicle.VAN else player.taxis


def check_new_point(s: TraffiqState, point: Point) -> None:
    if point not in s.pending:
        raise RuleViolation("point_not_completed", "A new vehicle goes on a crossing or street "
                            "corner the tile just placed completed; {x},{y} is not one.",
                            x=point[0], y=point[1])


def check_vehicle_left(s: TraffiqState, seat: int, vehicle: Vehicle) -> None:
    if supply_of(s, seat, vehicle) == 0:
        raise RuleViolation("no_vehicle_left", "{player} has no {vehicle} left in their supply.",
                            player=s.players[seat], vehicle=vehicle.value)


def check_ride(s: TraffiqState, seat: int, action: Ride, vehicle: Vehicle) -> tuple[Point, Point]:
    """The rider is the seat's own vehicle of this kind; the end is a free complete point."""
    start, end = (action.from_x, action.from_y), (action.to_x, action.to_y)
    if s.vehicles.get(start) != Standing(seat, vehicle):
        raise RuleViolation("no_own_vehicle_there", "{player} has no {vehicle} on {x},{y}.",
                            player=s.players[seat], vehicle=vehicle.value, x=start[0], y=start[1])
    if end == start:
        raise RuleViolation("same_point", "A ride goes to another crossing or street corner.")
    if not city.is_complete(s.tiles, end):
        raise RuleViolation("point_incomplete", "{x},{y} is not a crossing or street corner "
                            "yet: four tiles must meet there.", x=end[0], y=end[1])
    if end in s.vehicles:
        raise RuleViolation("point_taken", "A vehicle already stands on {x},{y}.",
                            x=end[0], y=end[1])
    return start, end


def check_taxi_path(s: TraffiqState, start: Point, end: Point) -> None:
    if end not in city.taxi_reach(s.tiles, s.vehicles, start):
        raise RuleViolation("no_taxi_path", "The taxi cannot get from {from_x},{from_y} to "
                            "{to_x},{to_y}: every way is blocked by a vehicle, an incomplete "
                            "crossing, park or water.", from_x=start[0], from_y=start[1],
                            to_x=end[0], to_y=end[1])


def check_van_step(s: TraffiqState, start: Point, end: Point) -> None:
    if abs(start[0] - end[0]) + abs(start[1] - end[1]) != 1:
        raise RuleViolation("van_not_neighbour", "A van rides only to a neighbouring crossing "
                            "or street corner.")
    if not city.drivable(s.tiles, start, end):
        raise RuleViolation("no_street", "No street joins {from_x},{from_y} and {to_x},{to_y}: "
                            "park or water lies between.", from_x=start[0], from_y=start[1],
                            to_x=end[0], to_y=end[1])


# ---- score-only --------------------------------------------------------------------------------


def check_entering(s: TraffiqState, seat: int) -> None:
    """Vehicles are entered in a score-only game, once per player."""
    check_seat(s, seat)
    if s.mode is not Mode.SCORE_ONLY or s.phase is not Phase.SCORING:
        raise RuleViolation("not_score_only", "Vehicles are entered without play only when "
                            "scoring a finished game.")
    if s.entered[seat]:
        raise RuleViolation("already_entered", "{player}'s vehicles are already entered.",
                            player=s.players[seat])


def check_counts(s: TraffiqState, allot: Allotment, taxis: int, vans: int) -> None:
    if not (0 <= taxis <= allot.taxis and 0 <= vans <= allot.vans):
        raise RuleViolation("vehicle_count", "In a game of {count}, each player has {taxis} × "
                            "taxi and {vans} × van.", count=len(s.players), taxis=allot.taxis,
                            vans=allot.vans)
    if taxis == allot.taxis and vans == allot.vans and s.winner is not None:
        raise RuleViolation("one_winner_all_placed", "{player} already had every vehicle on the "
                            "map: the game ended then.", player=s.players[s.winner])
