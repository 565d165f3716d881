"""Manhattan TraffIQ questions the screens ask of a position (pure: no Kivy, nothing changed).

Legality is always the engine's: a move is tried on a copy of the state with `rules.apply`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.rules import Phase, RuleViolation
from ..engine import (Act, Competition, DrawTile, Edge, EndTurn, PlaceTile, PlaceVehicle,
    TaxiRide, Tile, TraffiqState, VanRide, Vehicle)
from ..engine import city

PLAYING = (Phase.PLAY, Phase.FINAL_ROUND)
EDGE_ORDER = (Edge.RED, Edge.BEIGE, Edge.PARK, Edge.WATER)  # as the chooser offers them


def legal(rules, state: TraffiqState, action) -> RuleViolation | None:
    """None if the rules allow the move now, else the reason."""
    try:
        rules.apply(state.copy(), action)
    except RuleViolation as violation:
        return violation
    return None


# ---- a tile as a scanner tag remembers it ---------------------------------------------------


def tile_value(tile: Tile) -> str:
    """A taught tile in the tag registry: its four edges, north first, clockwise."""
    return ",".join(tile.names())


def tile_from_value(value: str) -> Tile | None:
    try:
        return Tile.parse(value.split(","))
    except RuleViolation:
        return None


# ---- placing a district tile ------------------------------------------------------------------


def hand_has_unseen(state: TraffiqState, seat: int) -> bool:
    """Whether the player holds a tile nobody saw (its edges are set when it is laid)."""
    return None in state.seats[seat].hand


def known_tiles(state: TraffiqState, seat: int) -> list[Tile]:
    """The tiles in the hand whose edges the table saw (scanned when drawn)."""
    return [tile for tile in state.seats[seat].hand if tile is not None]


def placement_cells(state: TraffiqState, seat: int, tile: Tile | None = None) -> list:
    """Where a tile may go: for a tile of known edges (scanned, or seen going into the hand)
    the cells it fits in some turn; for an unseen tile every open cell (its free sides are
    set to fit)."""
    tiles = state.tiles
    if tile is not None:
        return sorted({cell for cell, _turned in city.placements(tiles, tile)},
                      key=lambda c: (c[1], c[0]))
    if hand_has_unseen(state, seat):
        return city.open_cells(tiles)
    found = set()
    for held in known_tiles(state, seat):
        found |= {cell for cell, _turned in city.placements(tiles, held)}
    return sorted(found, key=lambda c: (c[1], c[0]))


def fitting_turns(state: TraffiqState, cell, tile: Tile) -> list[Tile]:
    """The ways a tile of known edges can lie on `cell` (each turn that matches)."""
    implied = city.implied_edges(state.tiles, cell)
    return [turned for turned in tile.rotations() if city.matches(implied, turned)]


# ---- rides ------------------------------------------------------------------------------------


def vehicle_of(act: Act) -> Vehicle:
    return Vehicle.TAXI if act is Act.TAXI else Vehicle.VAN


def ride_starts(state: TraffiqState, seat: int, vehicle: Vehicle) -> list:
    """The player's vehicles of this kind that can go somewhere."""
    found = []
    for point, standing in sorted(state.vehicles.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if standing.seat == seat and standing.vehicle is vehicle and \
                ride_targets(state, point, vehicle):
            found.append(point)
    return found


def ride_targets(state: TraffiqState, point, vehicle: Vehicle) -> set:
    if vehicle is Vehicle.TAXI:
        return city.taxi_reach(state.tiles, state.vehicles, point)
    return city.van_reach(state.tiles, state.vehicles, point)


def ride(seat: int, vehicle: Vehicle, start, end, compete: bool = False):
    kind = TaxiRide if vehicle is Vehicle.TAXI else VanRide
    return kind(seat, start[0], start[1], end[0], end[1], compete)


def preview(rules, state: TraffiqState, action) -> Competition | None:
    """What competing after a vehicle placement or a ride would remove (None: not legal)."""
    try:
        return rules.preview(state, action)
    except RuleViolation:
        return None


# ---- the turn -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnChoices:
    """What the current player may do now, for the screen's buttons."""

    place: bool
    taxi: bool
    van: bool
    draw: bool
    end_turn: bool


def turn_choices(rules, state: TraffiqState) -> TurnChoices:
    """The actions the rules allow now, with tiles, vehicles and paths taken into account."""
    if state.phase not in PLAYING:
        return TurnChoices(False, False, False, False, False)
    seat = state.current
    acts = rules.allowed(state)
    place = Act.PLACE in acts and bool(placement_cells(state, seat))
    taxi = Act.TAXI in acts and bool(ride_starts(state, seat, Vehicle.TAXI))
    van = Act.VAN in acts and bool(ride_starts(state, seat, Vehicle.VAN))
    draw = Act.DRAW in acts and legal(rules, state, DrawTile(seat)) is None
    return TurnChoices(place, taxi, van, draw, legal(rules, state, EndTurn(seat)) is None)


def actions_left(state: TraffiqState) -> int:
    return max(0, 2 - len(state.done))


def place_vehicle(seat: int, point, vehicle: Vehicle, compete: bool = False) -> PlaceVehicle:
    return PlaceVehicle(seat, point[0], point[1], vehicle.value, compete)


def place_tile(seat: int, cell, tile: Tile) -> PlaceTile:
    return PlaceTile(seat, cell[0], cell[1], tile.names())
