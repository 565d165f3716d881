"""Score-only mode: a finished position entered (cities, links, locomotives, cubes, the track)."""

from __future__ import annotations

from companion.core.rules import Phase, RuleViolation
from .actions import FinishScoring, PlaceCity, PlaceLink, SetDelivered, SetLocomotives, SetTrack
from .box import CITY_VALUES, GOODS, LOCO, START, Box, city_card, parse_goods
from .refusals import bad_city_value, check_seat, unknown_city
from .state import City, Link, Mode, RotwState


def check_score_only(s: RotwState) -> None:
    if s.mode is not Mode.SCORE_ONLY or s.phase is not Phase.SCORING:
        raise RuleViolation("not_score_only", "The final position is entered only when "
                            "scoring a finished game.")


def place_city(box: Box, s: RotwState, action: PlaceCity) -> None:
    check_score_only(s)
    if action.value not in CITY_VALUES:
        raise bad_city_value(action.value)
    on_table = sum(1 for c in s.cities.values() if c.value == action.value)
    if on_table >= box.cards[city_card(action.value)]:
        raise RuleViolation("too_many_cities", "City cards of value {value} in the box: only "
                            "{box}.", box=box.cards[city_card(action.value)],
                            value=action.value)
    city_id = f"c{len(s.cities) + 1}"
    s.cities[city_id] = City(city_id, action.value, None, ())


def place_link(box: Box, s: RotwState, action: PlaceLink) -> None:
    check_score_only(s)
    seat = check_seat(s, action.seat)
    for end in (action.a, action.b):
        if end != START and end not in s.cities:
            raise unknown_city(end, start_ok=True)
    if action.a == action.b:
        raise RuleViolation("link_loop", "A link joins two different cities.")
    ends = {action.a, action.b}
    if any({link.a, link.b} == ends for link in s.links.values()):
        raise RuleViolation("link_twice", "There is already a link between {a} and {b}.",
                            a=action.a, b=action.b)
    if action.value < 1:
        raise RuleViolation("bad_link_value", "A link is worth the cards paid for it: at "
                            "least 1, not {value}.", value=action.value)
    player = s.seats[seat]
    if player.trains == 0:
        raise RuleViolation("too_many_trains", "{player} has no trains left (trains per player: {trains}).",
                            player=s.players[seat], trains=box.trains)
    link = Link(f"l{len(s.links) + 1}", action.a, action.b, None, action.value, seat)
    s.links[link.id] = link
    player.links.append(link.id)
    player.trains -= 1


def set_locomotives(box: Box, s: RotwState, action: SetLocomotives) -> None:
    check_score_only(s)
    seat = check_seat(s, action.seat)
    others = sum(p.locomotives for i, p in enumerate(s.seats) if i != seat)
    if not 0 <= action.count <= box.cards[LOCO] - others:
        raise RuleViolation("too_many_cards", "That would be more loco cards than the box "
                            "holds ({box}): check the cards reported.", card="loco",
                            box=box.cards[LOCO])
    s.seats[seat].locomotives = action.count


def set_delivered(box: Box, s: RotwState, action: SetDelivered) -> None:
    check_score_only(s)
    seat = check_seat(s, action.seat)
    cubes = [0] * len(GOODS)
    for name in action.cubes:
        cubes[GOODS.index(parse_goods(name))] += 1
    for goods, count in enumerate(cubes):
        others = sum(p.delivered[goods] for i, p in enumerate(s.seats) if i != seat)
        if count + others > box.cubes_per_colour:
            raise RuleViolation("too_many_cubes", "The box holds only {box} × {goods}.",
                                box=box.cubes_per_colour, goods=GOODS[goods])
    s.seats[seat].delivered = cubes


def set_track(s: RotwState, action: SetTrack) -> None:
    check_score_only(s)
    seat = check_seat(s, action.seat)
    if action.points < 0:
        raise RuleViolation("bad_track", "The score track starts at 0: {points} is not on it.",
                            points=action.points)
    s.seats[seat].track = action.points


def finish_scoring(s: RotwState, action: FinishScoring) -> None:
    check_score_only(s)
    s.phase = Phase.OVER
