"""Questions the Railways of the World screens ask of a position, answered from the engine's state.

Pure functions (no Kivy): which cards a hand may hold, which sets a player's delivered cubes
form, what a delivery would score, and a city card's features as the scanner stores them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from companion.core.rules import RuleViolation
from ..engine import GOODS, RAIL_COLOURS, START, Card
from ..engine.box import CITY_VALUES
from ..engine.goods import FOUR_ALIKE, FOUR_DIFFERENT, THREE_ALIKE, best_alike, best_split
from ..engine.network import cities_on
from ..engine.rules import known_count

MAX_POINTS = 6  # a city card is a hexagon


def legal(rules, state, action) -> RuleViolation | None:
    """Try a move on a copy of the state: None if the rules allow it, else the reason."""
    try:
        rules.apply(state.copy(), action)
    except RuleViolation as violation:
        return violation
    return None


def possible_cards(rules, state, seat: int) -> list[Card]:
    """The kinds of card this player may hold: seen in the hand, or possibly among the unseen."""
    hand = state.seats[seat].hand
    return [card for card in Card if hand.known[card] or
            (hand.unknown and known_count(state, card) < rules.box.cards[card])]


# ---- goods sets ----------------------------------------------------------------------------

@dataclass(frozen=True)
class GoodsSet:
    colours: tuple[str, ...]  # the cubes that form it
    points: int


def goods_sets(delivered: list[int]) -> list[GoodsSet]:
    """The split of delivered cubes (counts per colour) into the sets that score most
    (the same best split the engine scores)."""
    best, rainbows_best = -1, 0
    for rainbows in range(min(delivered) + 1):
        points = FOUR_DIFFERENT * rainbows + sum(best_alike(c - rainbows) for c in delivered)
        if points > best:
            best, rainbows_best = points, rainbows
    sets = [GoodsSet(GOODS, FOUR_DIFFERENT) for _ in range(rainbows_best)]
    for goods, count in zip(GOODS, delivered):
        sets.extend(_alike(goods, count - rainbows_best))
    assert sum(s.points for s in sets) == best_split(delivered)
    return sets


def _alike(goods: str, count: int) -> list[GoodsSet]:
    for fours in range(count // 4 + 1):
        threes = (count - 4 * fours) // 3
        if FOUR_ALIKE * fours + THREE_ALIKE * threes == best_alike(count):
            return ([GoodsSet((goods,) * 4, FOUR_ALIKE)] * fours
                    + [GoodsSet((goods,) * 3, THREE_ALIKE)] * threes)
    return []


# ---- a delivery before it is confirmed -----------------------------------------------------

@dataclass(frozen=True)
class DeliveryPreview:
    stops: tuple[str, ...]  # the cities the cube passes, the origin first
    links: tuple[str, ...]  # the link ids it travels
    points: tuple[int, ...]  # what each seat scores


def delivery_preview(rules, state, seat: int, origin: str, destination: str
                     ) -> DeliveryPreview | None:
    links = rules.route(state, origin, destination)
    points = rules.delivery_points(state, seat, origin, destination)
    if links is None or points is None:
        return None
    return DeliveryPreview(tuple(cities_on(origin, links)), tuple(link.id for link in links),
                           points)


def destinations(rules, state, seat: int, origin: str, goods: str, power: int) -> list[str]:
    """Where this cube may go with this pulling power."""
    return [dest for org, dest, kind in rules.deliveries(state, seat, power)
            if org == origin and kind == goods]


# ---- a city card's features, as the scanner stores them -------------------------------------

@dataclass(frozen=True)
class CityCard:
    value: int
    demand: str | None  # None: a value-5 city (it takes any goods)
    points: tuple[str, ...]  # connection points by rail colour

    def to_value(self) -> str:
        return json.dumps({"value": self.value, "demand": self.demand,
                           "points": list(self.points)}, separators=(",", ":"))

    @classmethod
    def from_value(cls, text: str) -> "CityCard | None":
        try:
            data = json.loads(text)
            card = cls(int(data["value"]), data.get("demand"), tuple(data["points"]))
        except (ValueError, KeyError, TypeError):
            return None
        return card if card.complete() else None

    def complete(self) -> bool:
        return (self.value in CITY_VALUES and (self.demand in GOODS or self.value == 5)
                and 1 <= len(self.points) <= MAX_POINTS
                and all(colour in RAIL_COLOURS for colour in self.points))


def joints_for(rules, state, points: tuple[str, ...]) -> list[tuple[str, str]]:
    """(city, colour) pairs a city card with these points can join, the start board first."""
    found = [(j.city, j.colour) for j in rules.joints(state, points)]
    return sorted(found, key=lambda j: (0 if j[0] == START else int(j[0][1:]),
                                        RAIL_COLOURS.index(j[1])))
