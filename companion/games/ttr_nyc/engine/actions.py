"""The moves of Ticket to Ride: New York, as the table reports them."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.rules import Action


@dataclass(frozen=True, slots=True)
class TurnUp(Action):
    """The table says which cards were turned face up, one per empty display slot in order."""

    type = "turn_up"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class KeepTickets(Action):
    """At setup: how many of the 2 dealt tickets this player kept (which ones stays secret)."""

    type = "keep_tickets"
    seat: int
    kept: int


@dataclass(frozen=True, slots=True)
class ShowHand(Action):
    """At setup, in a game where every card is scanned: the 2 cards dealt to this player."""

    type = "show_hand"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DrawBlind(Action):
    """Take the top card of the deck. `card` is given only when the table saw it (a scan);
    in a game where every card is scanned it must be given."""

    type = "draw_blind"
    seat: int
    card: str | None = None


@dataclass(frozen=True, slots=True)
class TakeFaceUp(Action):
    """Take the face-up card in `slot` (0–4); `card` names it, as a check."""

    type = "take_face_up"
    seat: int
    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class ClaimRoute(Action):
    """Claim a route, paying these transportation cards."""

    type = "claim_route"
    seat: int
    route: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DrawTickets(Action):
    """Draw 2 destination tickets (1 if only 1 is left) and keep `kept` of them."""

    type = "draw_tickets"
    seat: int
    kept: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """A player with no legal action passes."""

    type = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class RevealTickets(Action):
    """At scoring: the tickets this player held."""

    type = "reveal_tickets"
    seat: int
    tickets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlaceRoute(Action):
    """Score-only game: this player's taxis stand on this route."""

    type = "place_route"
    seat: int
    route: str


ACTIONS = (TurnUp, KeepTickets, ShowHand, DrawBlind, TakeFaceUp, ClaimRoute, DrawTickets, Pass,
           RevealTickets, PlaceRoute)
