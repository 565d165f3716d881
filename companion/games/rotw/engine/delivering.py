"""B) and C): Locomotives and deliveries. A seat's pulling power, the deliveries it allows (each
cube's origin, goods, the route it travels, where it stops) and what a delivery scores."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.rules import RuleViolation
from . import network
from .actions import Deliver, PlayLocomotive
from .box import GOODS, LOCO, START, Box, parse_goods
from .holding import check_hand, remove_from_hand
from .refusals import unknown_city
from .state import Link, RotwState, Step
from .turn import (after_action, check_not_family, check_turn, delivery_step, final_deliveries,
    next_final_delivery)


@dataclass(frozen=True, slots=True)
class Delivery:
    """One cube's delivery, as it would happen."""

    origin: str
    goods: str
    destination: str
    links: tuple[str, ...]  # the link ids it travels, from the origin
    stops: tuple[str, ...]  # the cities it passes, the origin first and where it stops last
    points: tuple[int, ...]  # what each seat scores


def pulling_power(s: RotwState, seat: int, locomotive: bool = False) -> int:
    """How many links the seat's cube may travel; with `locomotive`, after playing one more."""
    return s.seats[seat].locomotives + (1 if locomotive else 0)


# ---- the moves ---------------------------------------------------------------------------

def play_locomotive(box: Box, s: RotwState, action: PlayLocomotive) -> None:
    seat = check_can_play_locomotive(box, s, action.seat)
    given = [v is not None for v in (action.origin, action.destination, action.goods)]
    if any(given) and not all(given):
        raise RuleViolation("delivery_incomplete", "A delivery names the city the cube "
                            "leaves, the city it goes to and its colour.")
    power = pulling_power(s, seat, locomotive=True)
    links = None
    if all(given):
        links = check_delivery(s, seat, action.origin, action.destination, action.goods, power)
    remove_from_hand(s, seat, {LOCO: 1})
    s.seats[seat].locomotives = power
    if links is not None:
        move_cube(s, seat, action.origin, action.goods, links)
    after_action(box, s)


def deliver(box: Box, s: RotwState, action: Deliver) -> None:
    final = final_deliveries(s)
    seat = check_turn(s, action.seat, delivery_step(s))
    check_not_family(s)
    links = check_delivery(s, seat, action.origin, action.destination, action.goods,
                           pulling_power(s, seat))
    move_cube(s, seat, action.origin, action.goods, links)
    if final:
        next_final_delivery(s)
    else:
        after_action(box, s)


def check_can_play_locomotive(box: Box, s: RotwState, seat: int) -> int:
    check_turn(s, seat, Step.ACTION)
    check_not_family(s)
    check_hand(box, s, seat, {LOCO: 1})
    return seat


def check_can_deliver(s: RotwState, seat: int) -> None:
    """Some cube can be delivered by the seat now."""
    check_turn(s, seat, delivery_step(s))
    check_not_family(s)
    _check_some_delivery(s, seat, pulling_power(s, seat))


def check_can_deliver_with_locomotive(box: Box, s: RotwState, seat: int) -> None:
    """The seat may play a Locomotive and, with its new power, deliver some cube at once."""
    check_can_play_locomotive(box, s, seat)
    _check_some_delivery(s, seat, pulling_power(s, seat, locomotive=True))


def check_cube(s: RotwState, seat: int, origin: str, goods_name: str,
               locomotive: bool = False) -> None:
    """The cube of `goods_name` on `origin` can go somewhere with the seat's pulling power."""
    power = pulling_power(s, seat, locomotive)
    goods = GOODS.index(parse_goods(goods_name))
    if not network.destinations(s, origin, goods, seat, power):
        raise RuleViolation("cube_stuck", "This cube ({goods}) cannot be delivered now: no "
                            "city that demands it is within your reach (pulling power {power}, "
                            "the first link yours).", goods=goods_name, power=power)


def _check_some_delivery(s: RotwState, seat: int, power: int) -> None:
    if power == 0:
        raise _no_locomotive(s, seat)
    if not options(s, seat, power):
        raise RuleViolation("no_delivery", "No cube can be delivered now (pulling power "
                            "{power}).", power=power)


def check_delivery(s: RotwState, seat: int, origin: str, destination: str, goods_name: str,
                   power: int) -> list[Link]:
    goods = GOODS.index(parse_goods(goods_name))
    city = s.cities.get(origin)
    if city is None or not city.goods[goods]:
        raise RuleViolation("no_goods_there", "There is no {goods} cube on {city}.",
                            goods=goods_name, city=origin)
    if destination == START:
        raise RuleViolation("start_takes_no_goods", "Goods may pass through the start board "
                            "but are never delivered to it.")
    target = s.cities.get(destination)
    if target is None:
        raise unknown_city(destination, start_ok=False)
    if not target.accepts(goods):
        raise RuleViolation("no_demand", "{city} does not demand {goods} goods.",
                            city=destination, goods=goods_name)
    links = network.route(s, origin, destination)
    if links is None:
        raise RuleViolation("no_route", "There is no route from {a} to {b}.", a=origin,
                            b=destination)
    if power == 0:
        raise _no_locomotive(s, seat)
    if len(links) > power:
        raise RuleViolation("too_far", "The route needs a pulling power of {links}; "
                            "{player}'s is {power}.", links=len(links), player=s.players[seat],
                            power=power)
    if links[0].owner != seat:
        raise RuleViolation("first_link_not_yours", "The first link of a delivery must be "
                            "yours; it belongs to {owner}.", owner=s.players[links[0].owner])
    for stop in network.cities_on(origin, links)[1:-1]:
        passed = s.cities.get(stop)
        if passed is not None and passed.stops(goods, s.table):
            raise RuleViolation("stops_earlier", "The cube stops at the first city that "
                                "demands it: {city}.", city=stop)
    return links


def _no_locomotive(s: RotwState, seat: int) -> RuleViolation:
    return RuleViolation("no_locomotive", "{player} has not played a Locomotive yet: "
                         "pulling power 0.",
                         player=s.players[seat])


def move_cube(s: RotwState, seat: int, origin: str, goods_name: str, links: list[Link]) -> None:
    goods = GOODS.index(goods_name)
    s.cities[origin].goods[goods] -= 1
    s.seats[seat].delivered[goods] += 1
    for other, points in enumerate(route_points(s, seat, links)):
        s.seats[other].track += points


# ---- the choices -------------------------------------------------------------------------

def options(s: RotwState, seat: int, power: int) -> list[tuple[str, str, str]]:
    """Every legal delivery (origin, destination, goods) for this seat at this pulling power
    (legality of the turn aside)."""
    if s.family:
        return []
    found = []
    for origin in s.cities.values():
        for goods, count in enumerate(origin.goods):
            if count:
                found.extend((origin.id, destination, GOODS[goods]) for destination
                             in network.destinations(s, origin.id, goods, seat, power))
    return found


def deliveries(s: RotwState, seat: int, locomotive: bool = False) -> list[Delivery]:
    """Every delivery open to the seat, with its route and points (with one more Locomotive's
    pulling power when `locomotive`)."""
    found = []
    for origin, destination, goods in options(s, seat, pulling_power(s, seat, locomotive)):
        links = network.route(s, origin, destination)
        found.append(Delivery(origin, goods, destination, tuple(link.id for link in links),
                              tuple(network.cities_on(origin, links)),
                              route_points(s, seat, links)))
    return found


def route_points(s: RotwState, seat: int, links: list[Link]) -> tuple[int, ...]:
    """What each seat scores for this seat's delivery along these links."""
    points = [0] * len(s.players)
    points[seat] += len(links)
    for link in links:
        if link.owner != seat:
            points[link.owner] += 1
    return tuple(points)
