"""The moves of Railways of the World: The Card Game, as the table reports them."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.rules import Action


# ---- what the table reports (shuffles and draws happen at the table) ------------------------

@dataclass(frozen=True, slots=True)
class TurnUp(Action):
    """The cards turned face up from the draw pile, one per empty display slot in order."""

    type = "turn_up"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DrawGoods(Action):
    """The cubes drawn from the bag for the city waiting for goods (after a build or a restock)."""

    type = "draw_goods"
    cubes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShowCard(Action):
    """At setup, in a game where the dealt cards are scanned too (`scanned_setup`): one of the
    cards dealt to this player that the table did not see, named (scanned or tapped)."""

    type = "show_card"
    seat: int
    card: str


# ---- step 1: one of the five actions ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Build(Action):
    """A) Join a new city card from the hand to `to` (a city id or "start") with a link of
    `colour`, paying `cards`. The city card's features are read as it is played."""

    type = "build"
    seat: int
    value: int
    demand: str | None
    points: tuple[str, ...]
    to: str
    colour: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayLocomotive(Action):
    """B) Put a Locomotive card in front of you; optionally deliver at once with the new power."""

    type = "play_locomotive"
    seat: int
    origin: str | None = None
    destination: str | None = None
    goods: str | None = None


@dataclass(frozen=True, slots=True)
class Deliver(Action):
    """C) Move one cube of `goods` from `origin` to `destination` along the network."""

    type = "deliver"
    seat: int
    origin: str
    destination: str
    goods: str


@dataclass(frozen=True, slots=True)
class DiscardDraw(Action):
    """D) Discard `card`, then take the top of the draw pile (`slot` None; `taken` only when the
    table saw it) or the display card in `slot` (`taken` names it; never a Locomotive)."""

    type = "discard_draw"
    seat: int
    card: str
    slot: int | None = None
    taken: str | None = None


@dataclass(frozen=True, slots=True)
class DiscardRestock(Action):
    """D) Discard `card`, then draw one cube from the bag for `city`, which has no goods."""

    type = "discard_restock"
    seat: int
    card: str
    city: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """E) Nothing happens (then the player takes cards as usual). In the final deliveries: no
    delivery."""

    type = "pass"
    seat: int


# ---- step 2: take 1 or 2 cards; step 3: the hand limit --------------------------------------

@dataclass(frozen=True, slots=True)
class TakeDeck(Action):
    """Take the top card of the draw pile; `card` only when the table saw it (a scan)."""

    type = "take_deck"
    seat: int
    card: str | None = None


@dataclass(frozen=True, slots=True)
class TakeDisplay(Action):
    """Take the display card in `slot`; `card` names it, as a check."""

    type = "take_display"
    seat: int
    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    """Take the top card of the discard pile; `card` names it, as a check."""

    type = "take_discard"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class StopTaking(Action):
    """Take no second card."""

    type = "stop_taking"
    seat: int


@dataclass(frozen=True, slots=True)
class DiscardExcess(Action):
    """Step 3: discard down to the hand limit; the last card named ends on top of the pile."""

    type = "discard_excess"
    seat: int
    cards: tuple[str, ...]


# ---- score-only mode: the finished position ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaceCity(Action):
    """A city card on the table; it gets the next id, c1, c2, …"""

    type = "place_city"
    value: int


@dataclass(frozen=True, slots=True)
class PlaceLink(Action):
    """This player's link of total card value `value` between `a` and `b` (city ids or "start")."""

    type = "place_link"
    seat: int
    a: str
    b: str
    value: int


@dataclass(frozen=True, slots=True)
class SetLocomotives(Action):
    type = "set_locomotives"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class SetDelivered(Action):
    """The cubes this player delivered during the game (all of them, replacing any before)."""

    type = "set_delivered"
    seat: int
    cubes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetTrack(Action):
    """Where this player's marker stands on the score track (laps past 25 included)."""

    type = "set_track"
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class FinishScoring(Action):
    """Score-only: everything is entered; the score sheet is final."""

    type = "finish_scoring"


ACTIONS = (TurnUp, DrawGoods, ShowCard, Build, PlayLocomotive, Deliver, DiscardDraw,
           DiscardRestock, Pass, TakeDeck, TakeDisplay, TakeDiscard, StopTaking, DiscardExcess,
           PlaceCity, PlaceLink, SetLocomotives, SetDelivered, SetTrack, FinishScoring)
