"""What a seat may do now: each kind of move, open or with the engine's reason, and the concrete
choices behind it (where a tile of the hand fits, which new vehicle goes where, where a ride can
end).

The screens offer exactly these and nothing else: every kind's reason comes from the same checks
`apply` makes (see `checks`), and every choice listed here `apply` accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.core.rules import Move, RuleViolation
from . import city, likely_turns
from .actions import (DrawTile, EndTurn, EnterVehicles, PlaceTile, PlaceVehicle, ShowTile,
    TaxiRide, VanRide)
from .box import Vehicle
from .checks import (ACTIONS_PER_TURN, PLAYING, check_actions_left, check_can_end_turn,
    check_entering, check_hand, check_place_first, check_ride_order, check_show_tile,
    check_supply, check_turn, hand_slot)
from .city import Cell, Point
from .state import Act, TraffiqState
from .tiles import Edge, Tile

RIDES = {Vehicle.TAXI: (TaxiRide, Act.TAXI), Vehicle.VAN: (VanRide, Act.VAN)}


@dataclass(frozen=True, slots=True)
class TileSpot:
    """A cell where a tile of the hand may be laid, and how.

    `turns`: the ways a tile seen going into the hand may lie there. `implied`: when the hand
    holds a tile nobody saw, the edges the matching rule sets for it there, north, east, south,
    west (None: a free side, any edge); None when the hand holds no unseen tile.
    """

    cell: Cell
    turns: tuple[Tile, ...]
    implied: tuple[Edge | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class VehicleSpot:
    """A new vehicle the seat may put on a point the last tile completed."""

    point: Point
    vehicle: Vehicle

    def action(self, seat: int, compete: bool = False) -> PlaceVehicle:
        return PlaceVehicle(seat, self.point[0], self.point[1], self.vehicle.value, compete)


# ---- the kinds of move -----------------------------------------------------------------------


def reason(check: Callable[[], object]) -> RuleViolation | None:
    """None if the check passes, else the rule it names."""
    try:
        check()
    except RuleViolation as violation:
        return violation
    return None


def kinds(s: TraffiqState, seat: int) -> list[Move]:
    """Every kind of move, open or with the reason it is not, in the order the screens list them."""
    return [
        Move(PlaceTile.type, reason(lambda: _placing(s, seat))),
        Move(PlaceVehicle.type, reason(lambda: _new_vehicle(s, seat))),
        Move(TaxiRide.type, reason(lambda: _riding(s, seat, Vehicle.TAXI))),
        Move(VanRide.type, reason(lambda: _riding(s, seat, Vehicle.VAN))),
        Move(DrawTile.type, reason(lambda: _drawing(s, seat))),
        Move(EndTurn.type, reason(lambda: check_can_end_turn(s, seat))),
        Move(EnterVehicles.type, reason(lambda: check_entering(s, seat))),
        Move(ShowTile.type, reason(lambda: check_show_tile(s, seat))),
    ]


def _turn_allows_placing(s: TraffiqState, seat: int) -> None:
    check_turn(s, seat)
    check_place_first(s)
    check_actions_left(s)
    check_hand(s, seat)


def _placing(s: TraffiqState, seat: int) -> None:
    _turn_allows_placing(s, seat)
    if not _spots(s, seat, None):
        raise RuleViolation("tile_fits_nowhere", "No tile in {player}'s hand fits anywhere on "
                            "the map.", player=s.players[seat])


def _new_vehicle(s: TraffiqState, seat: int) -> None:
    check_turn(s, seat)
    if not s.pending:
        raise RuleViolation("no_new_crossing", "A new vehicle goes only on a crossing or street "
                            "corner the tile just placed completed.")


def _riding(s: TraffiqState, seat: int, vehicle: Vehicle) -> None:
    check_turn(s, seat)
    check_ride_order(s, RIDES[vehicle][1])
    mine = _own(s, seat, vehicle)
    if vehicle is Vehicle.TAXI:
        if not mine:
            raise RuleViolation("no_taxi_on_map", "{player} has no taxi on the map.",
                                player=s.players[seat])
        if not any(city.taxi_reach(s.tiles, s.vehicles, p) for p in mine):
            raise RuleViolation("taxis_stuck", "None of {player}'s taxis can ride: every way is "
                                "blocked.", player=s.players[seat])
        return
    if not mine:
        raise RuleViolation("no_van_on_map", "{player} has no van on the map.",
                            player=s.players[seat])
    if not any(city.van_reach(s.tiles, s.vehicles, p) for p in mine):
        raise RuleViolation("vans_stuck", "None of {player}'s vans can ride: every neighbouring "
                            "crossing is taken or cut off.", player=s.players[seat])


def _drawing(s: TraffiqState, seat: int) -> None:
    check_turn(s, seat)
    check_actions_left(s)
    check_supply(s)


# ---- the concrete choices --------------------------------------------------------------------


def tile_spots(s: TraffiqState, seat: int, tile: Tile | None = None) -> list[TileSpot]:
    """Where the seat may lay a tile now, in reading order: a tile of the hand, or only `tile`
    (scanned) if given, at each cell its turns likeliest first (`likely_turns`). Empty when no
    tile may be laid now."""
    if reason(lambda: _turn_allows_placing(s, seat)) is not None:
        return []
    return [likely_turns.ranked(s, seat, spot) for spot in _spots(s, seat, tile)]


def _spots(s: TraffiqState, seat: int, tile: Tile | None) -> list[TileSpot]:
    hand = s.seats[seat].hand
    if tile is not None:
        if hand_slot(hand, tile) is None:
            return []
        known, unseen = [tile], False
    else:
        known, unseen = _distinct(held for held in hand if held is not None), None in hand
    spots = []
    for cell in city.open_cells(s.tiles):
        implied = city.implied_edges(s.tiles, cell)
        turns = tuple(turned for held in known for turned in held.rotations()
                      if city.matches(implied, turned))
        if turns or unseen:
            spots.append(TileSpot(cell, turns, implied if unseen else None))
    return spots


def _distinct(tiles) -> list[Tile]:
    """One of each tile (two alike in the hand lie the same ways)."""
    found: list[Tile] = []
    for tile in tiles:
        if not any(tile.same_tile(other) for other in found):
            found.append(tile)
    return found


def vehicle_spots(s: TraffiqState, seat: int) -> list[VehicleSpot]:
    """The new vehicles the seat may put on the map now: each completed point, each kind
    still in the supply."""
    if reason(lambda: _new_vehicle(s, seat)) is not None:
        return []
    player = s.seats[seat]
    kinds_left = [v for v, n in ((Vehicle.TAXI, player.taxis), (Vehicle.VAN, player.vans)) if n]
    return [VehicleSpot(point, vehicle) for point in s.pending for vehicle in kinds_left]


def rides(s: TraffiqState, seat: int, vehicle: Vehicle) -> dict[Point, tuple[Point, ...]]:
    """The seat's vehicles of this kind that may ride now, each with the points it can reach
    (both in reading order). Empty when this ride is not open."""
    if reason(lambda: (check_turn(s, seat), check_ride_order(s, RIDES[vehicle][1]))) is not None:
        return {}
    reach = city.taxi_reach if vehicle is Vehicle.TAXI else city.van_reach
    found = {}
    for start in _own(s, seat, vehicle):
        ends = reach(s.tiles, s.vehicles, start)
        if ends:
            found[start] = tuple(sorted(ends, key=_reading))
    return found


def ride(seat: int, vehicle: Vehicle, start: Point, end: Point, compete: bool = False):
    """The action of a ride from `start` to `end`."""
    return RIDES[vehicle][0](seat, start[0], start[1], end[0], end[1], compete)


def allowed(s: TraffiqState) -> set[Act]:
    """The actions the turn order still allows the current player, tiles, vehicles and streets
    aside: a quick first sieve (random playouts ask it at every step); `kinds` has the whole
    answer."""
    if s.phase not in PLAYING or len(s.done) >= ACTIONS_PER_TURN:
        return set()
    acts = set()
    if not s.done or Act.PLACE in s.done:
        acts.add(Act.PLACE)
    if Act.DRAW not in s.done:
        acts |= {act for act in (Act.TAXI, Act.VAN) if act not in s.done}
    if s.supply:
        acts.add(Act.DRAW)
    return acts


def _own(s: TraffiqState, seat: int, vehicle: Vehicle) -> list[Point]:
    return sorted((p for p, standing in s.vehicles.items()
                   if standing.seat == seat and standing.vehicle is vehicle), key=_reading)


def _reading(point: Point) -> tuple[int, int]:
    return point[1], point[0]


def completions(s: TraffiqState, partial: dict) -> list[dict]:
    """The legal moves that agree with every field of `partial`, as action JSON objects,
    likeliest first: a tile's spots as `likeliest_spots` orders them, at each spot the fitting
    turns of the tiles seen going into the hand as `likely_turns` ranks them, then a tile
    nobody saw (its sides left to the players)."""
    kind = partial.get("type")
    seat = partial.get("seat", s.current)
    if not isinstance(seat, int):
        return []
    found: list[dict] = []
    if kind == PlaceTile.type:
        for spot in likeliest_spots(s, tile_spots(s, seat)):
            x, y = spot.cell
            found += [{"type": kind, "seat": seat, "x": x, "y": y, "edges": list(t.names())}
                      for t in spot.turns]
            if spot.implied is not None and "edges" not in partial:
                found.append({"type": kind, "seat": seat, "x": x, "y": y})
    elif kind == PlaceVehicle.type:
        found = [_choice(spot.action(seat).to_json()) for spot in vehicle_spots(s, seat)]
    elif kind in (TaxiRide.type, VanRide.type):
        vehicle = Vehicle.TAXI if kind == TaxiRide.type else Vehicle.VAN
        for start, ends in rides(s, seat, vehicle).items():
            found += [_choice(ride(seat, vehicle, start, end).to_json()) for end in ends]
    elif kind == DrawTile.type:
        if reason(lambda: _drawing(s, seat)) is None:
            found = [{"type": kind, "seat": seat}]
    elif kind == EndTurn.type:
        if reason(lambda: check_can_end_turn(s, seat)) is None:
            found = [{"type": kind, "seat": seat}]
    agree = [c for c in found if all(_same(c.get(k, v), v) for k, v in partial.items())]
    return [dict(c, **{k: v for k, v in partial.items()}) for c in agree]


def likeliest_spots(s: TraffiqState, spots: list[TileSpot]) -> list[TileSpot]:
    """The spots a player most likely lays a tile on first: those completing the most crossings
    (each lets a new vehicle onto the map, the game's goal), then those touching the most tiles,
    then in reading order. In the example games the cell played came first under this order in
    13 placements of 31 (3 under reading order alone)."""
    def key(spot: TileSpot) -> tuple[int, int]:
        touching = sum(edge is not None for edge in city.implied_edges(s.tiles, spot.cell))
        return -len(city.completed_by(s.tiles, spot.cell)), -touching
    return sorted(spots, key=key)


def likely_edges(s: TraffiqState, cell: Cell) -> tuple[Edge, ...]:
    """A guess at an unseen tile's sides on `cell`, for the screen to pre-select: the sides the
    matching rule sets, and on each free side the kind most common on the map's tiles (red, the
    first kind, on a tie). Only a guess: the players alone know the tile; the screen shows it
    and one tap changes a side."""
    counts = {edge: 0 for edge in Edge}
    for tile in s.tiles.values():
        for edge in tile.edges:
            counts[edge] += 1
    commonest = max(Edge, key=lambda edge: counts[edge])  # max keeps the first on a tie
    return tuple(edge or commonest for edge in city.implied_edges(s.tiles, cell))


def _choice(move: dict) -> dict:
    # Whether to compete is the player's choice alone: the screen asks it (a given answer is
    # kept, as every field of the partial move is).
    move.pop("compete", None)
    return move


def _same(a, b) -> bool:
    return list(a) == list(b) if isinstance(a, (list, tuple)) else a == b
