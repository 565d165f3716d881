"""What the table knows about a game of Railways of the World: The Card Game at one moment."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.core.hands import SecretHand
from companion.core.options import Mode
from companion.core.rules import Phase
from .box import ANY_GOODS_VALUE, GOODS, KINDS
from .options import RotwTable


class Step(Enum):
    """The three steps of a turn, and the final deliveries after the last round."""

    ACTION = "action"  # one of the five actions
    TAKE = "take"  # take 1 or 2 cards
    HAND_LIMIT = "hand_limit"  # discard down to 13 cards
    FINAL_DELIVERY = "final_delivery"  # after the last round: one delivery (or a pass) each


class EndReason(Enum):
    DECK_EMPTY = "deck_empty"  # the draw pile ran out
    NO_TRAINS = "no_trains"  # a player placed their last train
    BAG_EMPTY = "bag_empty"  # the last goods cube was drawn from the bag
    SCORE_ONLY = "score_only"  # a finished game was entered for scoring


@dataclass(slots=True)
class Hand(SecretHand):
    """A player's secret hand of this game's cards (companion.core.hands)."""

    known: list[int] = field(default_factory=lambda: [0] * KINDS)  # count per Card


@dataclass(slots=True)
class City:
    """A city card on the table, with the features read when it was played."""

    id: str
    value: int
    demand: str | None  # a goods colour; None for a value-5 city (it takes any goods)
    points: tuple[str, ...]  # its connection points, by rail colour
    used: list[str] = field(default_factory=list)  # colours of points links already take
    goods: list[int] = field(default_factory=lambda: [0] * len(GOODS))  # cubes on it, per colour

    def free(self, colour: str) -> bool:
        return self.points.count(colour) > self.used.count(colour)

    def accepts(self, goods: int) -> bool:
        return self.value == ANY_GOODS_VALUE or self.demand == GOODS[goods]

    def stops(self, goods: int, table: RotwTable) -> bool:
        """A cube of `goods` passing through ends its journey here: the first city demanding it
        (a value-5 city only where the table reads "any goods" as demanding every colour)."""
        if self.value == ANY_GOODS_VALUE:
            return table.value_five_stops
        return self.accepts(goods)

    def copy(self) -> "City":
        return City(self.id, self.value, self.demand, self.points, self.used[:], self.goods[:])


@dataclass(frozen=True, slots=True)
class Link:
    """Rail cards laid between a city on the table (or the start board) and a new city."""

    id: str
    a: str  # the city it joined (or START)
    b: str  # the new city
    colour: str | None  # None for a link entered in score-only mode
    value: int  # the total value of the cards paid
    owner: int
    cards: tuple[int, ...] = ()  # the Cards paid, as Card values

    def other(self, city: str) -> str:
        return self.b if city == self.a else self.a


@dataclass(slots=True)
class PlayerState:
    hand: Hand
    trains: int
    locomotives: int = 0  # Locomotive cards in front of the player: the pulling power
    delivered: list[int] = field(default_factory=lambda: [0] * len(GOODS))  # cubes, per colour
    track: int = 0  # the score track: points scored during the game
    links: list[str] = field(default_factory=list)

    def copy(self) -> "PlayerState":
        return PlayerState(self.hand.copy(), self.trains, self.locomotives, self.delivered[:],
                           self.track, self.links[:])


@dataclass(slots=True)
class RotwState:
    players: tuple[str, ...]
    mode: Mode
    family: bool  # the family variant: no goods, no deliveries, no Locomotive upgrades
    first: int  # the start player
    phase: Phase
    current: int
    step: Step
    seats: list[PlayerState]
    display: list[int | None]  # the face-up cards (Card values); None is an empty slot
    discard: list[int]  # the discard pile, bottom first (Card values); it is face up, so known
    deck: int  # cards in the draw pile (their order and kinds are unknown)
    bag: list[int]  # goods cubes in the bag, per colour
    cities: dict[str, City] = field(default_factory=dict)
    links: dict[str, Link] = field(default_factory=dict)
    pending_slots: tuple[int, ...] = ()  # display slots waiting for the table to turn a card up
    pending_goods: tuple[str, int] | None = None  # (city, cubes) waiting to be drawn from the bag
    taken: int = 0  # cards taken so far in the take step
    triggered: EndReason | None = None  # what started the last round
    final_left: int = 0  # players still to make their final delivery
    scanned_draws: bool = False  # every card taken from the draw pile is scanned (named)
    table: RotwTable = RotwTable()  # the table options: the rulebook's open readings
    scanned_setup: bool = False  # the cards dealt at setup are named too, before the first turn

    def copy(self) -> "RotwState":
        return RotwState(
            self.players, self.mode, self.family, self.first, self.phase, self.current, self.step,
            [p.copy() for p in self.seats], self.display[:], self.discard[:], self.deck,
            self.bag[:], {k: c.copy() for k, c in self.cities.items()}, dict(self.links),
            self.pending_slots, self.pending_goods, self.taken, self.triggered, self.final_left,
            self.scanned_draws, self.table, self.scanned_setup,
        )

    @property
    def last_seat(self) -> int:
        """The last player of a round sits to the start player's right."""
        return (self.first - 1) % len(self.players)

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    @property
    def bag_size(self) -> int:
        return sum(self.bag)

    def links_at(self, city: str) -> list[Link]:
        return [link for link in self.links.values() if city in (link.a, link.b)]
