"""Railways of the World: The Card Game: the box, actions, network, rules and scoring."""

from .actions import (Build, Deliver, DiscardDraw, DiscardExcess, DiscardRestock, DrawGoods,
    FinishScoring, Pass, PlaceCity, PlaceLink, PlayLocomotive, SetDelivered, SetLocomotives,
    SetTrack, ShowCard, StopTaking, TakeDeck, TakeDiscard, TakeDisplay, TurnUp)
from .box import GOODS, RAIL_COLOURS, START, Box, Card
from .network import Joint
from .rules import Rotw
from .state import City, EndReason, Hand, Link, Mode, PlayerState, RotwState, Step

__all__ = [
    "Box", "Build", "Card", "City", "Deliver", "DiscardDraw", "DiscardExcess", "DiscardRestock",
    "DrawGoods", "EndReason", "FinishScoring", "GOODS", "Hand", "Joint", "Link", "Mode", "Pass",
    "PlaceCity", "PlaceLink", "PlayLocomotive", "PlayerState", "RAIL_COLOURS", "Rotw",
    "RotwState", "START", "SetDelivered", "SetLocomotives", "SetTrack", "ShowCard", "Step",
    "StopTaking", "TakeDeck", "TakeDiscard", "TakeDisplay", "TurnUp",
]
