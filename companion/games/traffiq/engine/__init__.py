"""Manhattan TraffIQ: tiles, the city map, actions, rules, competing and scoring."""

from .actions import (DrawTile, EndTurn, EnterVehicles, PlaceTile, PlaceVehicle, ShowTile,
    TaxiRide, VanRide)
from .box import Allotment, Box, Scenario, Vehicle
from .city import Direction
from .competition import Competition, StreetResult, compete
from .rules import Traffiq
from .state import Act, EndReason, Mode, PlayerState, Standing, TraffiqState
from .tiles import Edge, Side, Tile

__all__ = [
    "Act", "Allotment", "Box", "Competition", "Direction", "DrawTile", "Edge", "EndReason",
    "EndTurn", "EnterVehicles", "Mode", "PlaceTile", "PlaceVehicle", "PlayerState", "Scenario",
    "ShowTile", "Side", "Standing", "StreetResult", "TaxiRide", "Tile", "Traffiq", "TraffiqState", "VanRide",
    "Vehicle", "compete",
]
