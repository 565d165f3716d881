"""Ticket to Ride: New York: board, actions, rules and scoring."""

from .actions import (ClaimRoute, DrawBlind, DrawTickets, KeepTickets, Pass, PlaceRoute,
    RevealTickets, ShowHand, TakeFaceUp, TurnUp)
from .board import Board, Card, Location, Route, Ticket
from .rules import TtrNyc
from .state import EndReason, Hand, Mode, PlayerState, TtrState

__all__ = [
    "Board", "Card", "ClaimRoute", "DrawBlind", "DrawTickets", "EndReason", "Hand", "KeepTickets",
    "Location", "Mode", "Pass", "PlaceRoute", "PlayerState", "RevealTickets", "Route", "ShowHand",
    "TakeFaceUp", "Ticket", "TtrNyc", "TtrState", "TurnUp",
]
