"""The moves of Manhattan TraffIQ, as the table reports them.

Cells and points are given as x and y numbers (see `city`); tile edges as four names, north,
east, south, west.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.rules import Action


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Action: lay a district tile from the hand on cell (x, y), showing these edges."""

    type = "place_tile"
    seat: int
    x: int
    y: int
    edges: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlaceVehicle(Action):
    """Not an action: put a vehicle from the supply on a point the last tile completed,
    and compete from it or not."""

    type = "place_vehicle"
    seat: int
    x: int
    y: int
    vehicle: str
    compete: bool = False


@dataclass(frozen=True, slots=True)
class Ride(Action):
    """A vehicle rides from point (from_x, from_y) to point (to_x, to_y); compete there or not."""

    seat: int
    from_x: int
    from_y: int
    to_x: int
    to_y: int
    compete: bool = False


@dataclass(frozen=True, slots=True)
class TaxiRide(Ride):
    """Action: a taxi rides any distance along free streets."""

    type = "taxi_ride"


@dataclass(frozen=True, slots=True)
class VanRide(Ride):
    """Action: a van rides to a neighbouring point."""

    type = "van_ride"


@dataclass(frozen=True, slots=True)
class DrawTile(Action):
    """Action: take a face-down district tile. `edges` only when the table saw it (a scan)."""

    type = "draw_tile"
    seat: int
    edges: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class ShowTile(Action):
    """At setup, in a game where every tile is scanned: one of the tiles this player drew at
    setup, its edges as scanned (or tapped)."""

    type = "show_tile"
    seat: int
    edges: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """The player ends the turn, forfeiting any action left (or placing no more vehicles)."""

    type = "end_turn"
    seat: int


@dataclass(frozen=True, slots=True)
class EnterVehicles(Action):
    """Score-only game: this player's taxis and vans on the map at the end."""

    type = "enter_vehicles"
    seat: int
    taxis: int
    vans: int


ACTIONS = (PlaceTile, PlaceVehicle, TaxiRide, VanRide, DrawTile, ShowTile, EndTurn,
           EnterVehicles)
