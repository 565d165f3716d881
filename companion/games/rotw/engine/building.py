"""A) Building: a city card from the hand joins the network by a link paid with rail cards; where
a city may join, and which cards may pay for its link."""

from __future__ import annotations

from typing import Sequence

from companion.core.rules import RuleViolation
from .actions import Build
from .box import (ANY_GOODS_VALUE, CITY_VALUES, PAYING, RAIL_COLOURS, START, Box, Card, city_card,
    parse_card, parse_goods, parse_rail_colour)
from .holding import Counts, check_hand, counts, may_hold, remove_from_hand, unseen
from .payments import check_payment
from .refusals import bad_city_value, unknown_city
from .state import City, EndReason, Link, RotwState, Step
from .turn import after_action, check_turn, trigger

MAX_POINTS = 6  # [decision] a city card is a hexagon: at most 6 connection points


def build(box: Box, s: RotwState, action: Build) -> None:
    seat = check_turn(s, action.seat, Step.ACTION)
    city = check_city_card(action)
    colour = parse_rail_colour(action.colour)
    if colour not in city.points:
        raise RuleViolation("city_lacks_colour", "The new city has no {colour} connection "
                            "point.", colour=colour)
    check_joint(s, action.to, colour)
    player = s.seats[seat]
    check_trains(s, seat)
    paid = [parse_card(name) for name in action.cards]
    check_payment(paid, city.value, colour)
    from_hand = counts(paid + [city_card(city.value)])
    check_hand(box, s, seat, from_hand)
    # the move is legal: change the state
    remove_from_hand(s, seat, from_hand)
    city.id = f"c{len(s.cities) + 1}"
    city.used.append(colour)
    if action.to != START:
        s.cities[action.to].used.append(colour)
    s.cities[city.id] = city
    value = sum(card.rail_value for card in paid)
    link = Link(f"l{len(s.links) + 1}", action.to, city.id, colour, value, seat,
                tuple(int(card) for card in paid))
    s.links[link.id] = link
    player.links.append(link.id)
    player.trains -= 1
    player.track += value
    if player.trains == 0:
        trigger(s, EndReason.NO_TRAINS)
    cubes = 0 if s.family else min(city.value - 1, s.bag_size)
    if cubes:
        s.pending_goods = (city.id, cubes)
    after_action(box, s)


def check_can_build(box: Box, s: RotwState, seat: int) -> None:
    """Some build is open: the seat's action, a train left, a city card and cards to pay."""
    check_turn(s, seat, Step.ACTION)
    check_trains(s, seat)
    if not any(can_pay(box, s, seat, value, colour)
               for value in CITY_VALUES for colour in RAIL_COLOURS):
        raise RuleViolation("cannot_build", "{player} holds no city card whose link their "
                            "rail cards can pay for.", player=s.players[seat])


def check_trains(s: RotwState, seat: int) -> None:
    if s.seats[seat].trains == 0:
        raise RuleViolation("no_trains", "{player} has no trains left.", player=s.players[seat])


def check_city_card(action: Build) -> City:
    return check_city_features(action.value, action.demand, action.points)


def check_city_features(value: int, demand: str | None, points: Sequence[str]) -> City:
    """A city card as the table reads it: a value, the goods it demands (none for a value-5
    city, which takes any), 1 to 6 connection points by rail colour."""
    if value not in CITY_VALUES:
        raise bad_city_value(value)
    if demand is None and value != ANY_GOODS_VALUE:
        raise RuleViolation("city_needs_demand", "A city of value {value} demands one goods "
                            "colour: say which.", value=value)
    if demand is not None and value == ANY_GOODS_VALUE:
        raise RuleViolation("city_any_goods", "A city of value {value} takes goods of any "
                            "colour: it has no demand colour of its own.", value=value)
    if demand is not None:
        parse_goods(demand)
    if not 1 <= len(points) <= MAX_POINTS:
        raise RuleViolation("bad_points", "A city card shows 1 to {most} connection points, "
                            "not {count}.", most=MAX_POINTS, count=len(points))
    return City("", value, demand, tuple(parse_rail_colour(colour) for colour in points))


def check_joint(s: RotwState, to: str, colour: str) -> None:
    """The new city joins the start board (any colour) or a free point of the colour."""
    if to == START:
        return
    city = s.cities.get(to)
    if city is None:
        raise unknown_city(to, start_ok=True)
    if not city.free(colour):
        raise RuleViolation("no_free_point", "{city} has no free {colour} connection point.",
                            city=to, colour=colour)


# ---- paying for the link -----------------------------------------------------------------

def payment_cards(box: Box, s: RotwState, seat: int, value: int, colour: str,
                  chosen: Sequence[Card] = ()) -> list[Card]:
    """The cards that may join `chosen` in paying for a `colour` link to a City `value`: with
    them the seat can still complete a payment it may hold (paying more is allowed)."""
    return [card for card in PAYING
            if can_pay(box, s, seat, value, colour, [*chosen, card])]


def can_pay(box: Box, s: RotwState, seat: int, value: int, colour: str,
            chosen: Sequence[Card] = ()) -> bool:
    """The seat may hold a City `value` and a payment for a `colour` link to it that
    includes the cards `chosen`."""
    held = counts(chosen)
    city = city_card(value)
    held[city] = held.get(city, 0) + 1
    if not may_hold(box, s, seat, held):
        return False
    short = max(0, value - sum(card.rail_value for card in chosen))
    has_colour = any(card.colour == colour for card in chosen)
    return _least_unseen(box, s, seat, held, short, None if has_colour else colour) is not None


def _least_unseen(box: Box, s: RotwState, seat: int, held: Counts, short: int,
                  colour: str | None) -> int | None:
    """The fewest unseen cards the seat must hold, besides `held`, for paying cards worth
    `short` more, one of them of `colour` when a colour is named; None if it cannot."""
    hand = s.seats[seat].hand
    budget = hand.unknown - sum(max(0, n - hand.known[c]) for c, n in held.items())
    best = {(0, colour is None): 0}  # (worth so far, capped at short; colour met) → unseen
    for card in PAYING:
        spare = max(0, hand.known[card] - held.get(card, 0))
        free = unseen(box, s, card) - max(0, held.get(card, 0) - hand.known[card])
        most = min(spare + max(0, free), max(short, 1))
        if most == 0:
            continue
        for (worth, met), cost in list(best.items()):
            for extra in range(1, most + 1):
                key = (min(short, worth + extra * card.rail_value), met or card.colour == colour)
                total = cost + max(0, extra - spare)
                if total < best.get(key, budget + 1):
                    best[key] = total
    return best.get((short, True))
