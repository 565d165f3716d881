"""The box of Railways of the World: The Card Game: card kinds, colours and how many of each."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Mapping

from companion.core.rules import RuleViolation

RAIL_COLOURS = ("purple", "light_green", "brown", "orange", "white")
GOODS = ("blue", "red", "black", "yellow")  # the cube colours; a city demands one of them
START = "start"  # the start City Board: a city for routes, never a destination, never scored
CITY_VALUES = (2, 3, 4, 5)
ANY_GOODS_VALUE = 5  # value-5 cities accept goods of any colour


class Card(IntEnum):
    """A kind of card. City cards also differ by their demand and connection colours, but the
    table reports those only when the city is played; until then a city card is its value."""

    LOCO = 0
    CITY_2 = 1
    CITY_3 = 2
    CITY_4 = 3
    CITY_5 = 4
    PURPLE_1 = 5
    PURPLE_2 = 6
    LIGHT_GREEN_1 = 7
    LIGHT_GREEN_2 = 8
    BROWN_1 = 9
    BROWN_2 = 10
    ORANGE_1 = 11
    ORANGE_2 = 12
    WHITE_1 = 13
    WHITE_2 = 14

    @property
    def key(self) -> str:
        """The card's name in JSON and messages: "loco", "city-3", "orange-2"."""
        return _KEYS[self]

    @property
    def is_rail(self) -> bool:
        return self >= 5  # PURPLE_1 and after

    @property
    def is_city(self) -> bool:
        return 1 <= self <= 4

    @property
    def colour(self) -> str | None:
        """A rail card's colour."""
        return _COLOURS[self]

    @property
    def rail_value(self) -> int:
        """What the card is worth paying for a link: a rail card its value, a Locomotive 1."""
        return _RAIL_VALUES[self]

    @property
    def city_value(self) -> int:
        return int(self) + 1 if self.is_city else 0


# Looked up, not computed: these are asked in every payment and delivery check.
_COLOURS = tuple(RAIL_COLOURS[(i - 5) // 2] if i >= 5 else None for i in range(len(Card)))
_RAIL_VALUES = tuple(1 if i == 0 else (1 + (i - 5) % 2 if i >= 5 else 0) for i in range(len(Card)))


def _key(card: Card) -> str:
    if card is Card.LOCO:
        return "loco"
    if card.is_city:
        return f"city-{card.city_value}"
    return f"{card.colour}-{card.rail_value}"


_KEYS = tuple(_key(card) for card in Card)
_BY_KEY = {key: Card(index) for index, key in enumerate(_KEYS)}
KINDS = len(Card)
LOCO = Card.LOCO
PAYING = tuple(card for card in Card if card.is_rail or card is Card.LOCO)  # cards that pay links


def parse_card(name: Any) -> Card:
    card = _BY_KEY.get(name) if isinstance(name, str) else None
    if card is None:
        raise RuleViolation("unknown_card", "There is no {card!r} card: cards are loco, city-2 to "
                            "city-5 and rail cards such as orange-2.", card=name)
    return card


def city_card(value: int) -> Card:
    return Card(value - 1)


def rail_card(colour: str, value: int) -> Card:
    return Card(Card.PURPLE_1 + 2 * RAIL_COLOURS.index(colour) + value - 1)


def parse_goods(name: Any) -> str:
    if name not in GOODS:
        raise RuleViolation("unknown_goods", "There are no {goods!r} goods: cubes are blue, red, "
                            "black or yellow.", goods=name)
    return name


def parse_rail_colour(name: Any) -> str:
    if name not in RAIL_COLOURS:
        raise RuleViolation("unknown_colour", "There is no {colour!r} rail colour: rails are "
                            "purple, light_green, brown, orange or white.", colour=name)
    return name


@dataclass(frozen=True)
class Box:
    """What comes in the box, and the numbers setup and the turn use."""

    min_players: int
    max_players: int
    cards: tuple[int, ...]  # how many of each Card
    cubes_per_colour: int
    trains: int  # trains for links: the set of 12 less the two that mark the score track
    hand_at_setup: int
    display: int
    hand_limit: int
    cards_per_turn: int

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Box":
        if tuple(data["rail_colours"]) != RAIL_COLOURS or tuple(data["goods_colours"]) != GOODS:
            raise ValueError("rotw box: the colours do not match the engine's vocabulary")
        cards = [0] * KINDS
        cards[LOCO] = data["locomotive_cards"]
        for value, count in data["city_cards"].items():
            cards[city_card(int(value))] = count
        for colour in RAIL_COLOURS:
            for value, count in data["rail_cards_per_colour"].items():
                cards[rail_card(colour, int(value))] = count
        return cls(
            min_players=data["players"]["min"], max_players=data["players"]["max"],
            cards=tuple(cards), cubes_per_colour=data["cubes_per_colour"],
            trains=data["trains_per_player"] - data["trains_kept_for_the_score_track"],
            hand_at_setup=data["hand_at_setup"], display=data["display"],
            hand_limit=data["hand_limit"], cards_per_turn=data["cards_taken_per_turn"],
        )

    @property
    def cities(self) -> int:
        return sum(self.cards[city_card(v)] for v in CITY_VALUES)
