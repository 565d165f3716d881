"""The New York board and the box: locations, routes, tickets and transportation cards."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Mapping

from companion.core.rules import RuleViolation


class Card(IntEnum):
    """A transportation card. The Taxi card is wild."""

    BLUE = 0
    GREEN = 1
    BLACK = 2
    PINK = 3
    RED = 4
    ORANGE = 5
    TAXI = 6

    @property
    def key(self) -> str:
        """The card's name in JSON and in messages."""
        return _KEYS[self]

    @classmethod
    def parse(cls, name: Any) -> "Card":
        return parse_card(name)


_KEYS = tuple(card.name.lower() for card in Card)
_CARD_NAMES = {key: Card(index) for index, key in enumerate(_KEYS)}
CARDS = tuple(Card)
COLOURS = tuple(card for card in Card if card is not Card.TAXI)
TAXI = Card.TAXI  # a plain name: looking members up on an Enum class is slow in hot paths


def parse_card(name: Any) -> Card:
    """A card from its JSON name ("red", "taxi")."""
    card = _CARD_NAMES.get(name) if isinstance(name, str) else None
    if card is None:
        raise RuleViolation("unknown_card", "There is no {card!r} transportation card.", card=name)
    return card
KINDS = len(Card)


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str
    attraction: bool
    xy: tuple[int, int]  # position on a 534×750 picture of the board


@dataclass(frozen=True, slots=True)
class Route:
    """A row of same-coloured spaces between two adjacent locations."""

    id: str
    a: str
    b: str
    colour: Card | None  # None: a gray route, paid with any one colour
    length: int
    sibling: str | None  # the other route of a double route

    @property
    def gray(self) -> bool:
        return self.colour is None


@dataclass(frozen=True, slots=True)
class Ticket:
    """A destination ticket: two locations and the points it is worth."""

    id: str
    a: str
    b: str
    points: int


@dataclass(frozen=True)
class Board:
    """Everything printed on the board and counted in the box."""

    locations: Mapping[str, Location]
    routes: Mapping[str, Route]
    tickets: Mapping[str, Ticket]
    route_points: Mapping[int, int]
    box: tuple[int, ...]  # transportation cards in the box, indexed by Card
    taxis_per_player: int
    taxi_colours: tuple[str, ...]
    min_players: int
    max_players: int
    initial_hand: int
    face_up: int
    flush_threshold: int
    tickets_dealt: int
    tickets_drawn: int
    keep_min: int
    end_trigger: int  # taxis left at the end of a turn that starts the final round
    attraction_points: int
    doubles_single_use: frozenset[int]  # player counts where a double route is used only once

    @property
    def attractions(self) -> frozenset[str]:
        return frozenset(loc.id for loc in self.locations.values() if loc.attraction)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Board":
        deck = data["transportation_deck"]
        box = [deck["per_color"]] * len(COLOURS) + [deck["taxi_wild"]]
        routes = {
            r["id"]: Route(r["id"], r["a"], r["b"],
                           None if r["color"] == "gray" else Card.parse(r["color"]),
                           r["length"], r["sibling"])
            for r in data["routes"]
        }
        return cls(
            locations={loc["id"]: Location(loc["id"], loc["name"], loc["tourist_attraction"],
                                           tuple(loc["board_xy_534x750"]))
                       for loc in data["locations"]},
            routes=routes,
            tickets={t["id"]: Ticket(t["id"], t["a"], t["b"], t["points"]) for t in data["tickets"]},
            route_points={int(k): v for k, v in data["route_points"].items()},
            box=tuple(box),
            taxis_per_player=data["taxis_per_player"],
            taxi_colours=tuple(data["taxi_colors_in_box"]),
            min_players=data["players"]["min"],
            max_players=data["players"]["max"],
            initial_hand=data["initial_hand"],
            face_up=data["face_up"],
            flush_threshold=data["face_up_taxi_flush_threshold"],
            tickets_dealt=data["initial_tickets_dealt"],
            tickets_drawn=data["draw_tickets"],
            keep_min=data["draw_tickets_keep_min"],
            end_trigger=data["end_trigger_taxis_left_at_most"],
            attraction_points=data["tourist_attraction_points"],
            doubles_single_use=frozenset(data["double_routes_single_use_player_counts"]),
        )
