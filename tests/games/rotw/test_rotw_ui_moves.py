"""The questions the Railways of the World screens ask of a position (companion/games/rotw/ui/moves.py)
and the network's layout (companion/games/rotw/ui/network.py), without a window."""

from __future__ import annotations

import itertools
import math
import os
import random

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from companion.boards import rules_for  # noqa: E402
from companion.games.rotw.engine import START, Card, TurnUp  # noqa: E402
from companion.games.rotw.engine.goods import best_split  # noqa: E402
from companion.games.rotw.playout import RotwPlayout  # noqa: E402
from companion.games.rotw.ui.moves import (CityCard, delivery_preview, goods_sets, joints_for,
    legal, possible_cards)
from companion.games.rotw.ui.network import layout, spread  # noqa: E402


def test_goods_sets_are_the_split_that_scores_most():
    """The sets shown are the engine's best split: same points, each cube in one set only."""
    for cubes in itertools.product(range(7), repeat=4):
        sets = goods_sets(list(cubes))
        assert sum(s.points for s in sets) == best_split(cubes)
        for goods, count in zip(("blue", "red", "black", "yellow"), cubes):
            assert sum(s.colours.count(goods) for s in sets) <= count


def test_a_taught_city_card_is_read_back_as_taught():
    card = CityCard(3, "red", ("orange", "brown"))
    assert CityCard.from_value(card.to_value()) == card
    assert CityCard.from_value(CityCard(5, None, ("white",)).to_value()).demand is None
    assert CityCard.from_value('{"value": 3, "demand": null, "points": ["orange"]}') is None
    assert CityCard.from_value("not json") is None


def game(seed: int = 1) -> RotwPlayout:
    playout = RotwPlayout(rules_for("rotw-card-game"), 2, random.Random(seed))
    playout.play()
    return playout


def test_a_hand_may_hold_what_it_was_seen_to_hold_or_anything_unseen():
    rules = rules_for("rotw-card-game")
    state = rules.new_state(("Anna", "Ben"), {})
    rules.apply(state, TurnUp(("loco", "loco", "orange-1")))
    assert set(possible_cards(rules, state, 0)) == set(Card)  # two unseen cards: anything
    state.seats[0].hand.unknown = 0
    assert set(possible_cards(rules, state, 0)) == {Card.LOCO, Card.CITY_2}


def test_the_start_board_is_offered_first_to_join():
    rules = rules_for("rotw-card-game")
    state = game().state
    joints = joints_for(rules, state, ("orange", "brown"))
    assert joints[:2] == [(START, "brown"), (START, "orange")] or \
        joints[:2] == [(START, "orange"), (START, "brown")]
    assert all(state.cities[city].free(colour) for city, colour in joints[2:])


def test_a_delivery_preview_is_what_the_engine_scores():
    playout = game(1)
    rules = playout.rules
    state = rules.new_state(playout.players, playout.options)
    for action in playout.log:
        if action.type == "deliver" and legal(rules, state, action) is None:
            preview = delivery_preview(rules, state, action.seat, action.origin,
                                       action.destination)
            before = [p.track for p in state.seats]
            rules.apply(state, action)
            assert [p.track - b for p, b in zip(state.seats, before)] == list(preview.points)
            assert preview.stops[0] == action.origin and preview.stops[-1] == action.destination
            continue
        rules.apply(state, action)


def test_the_network_grows_outwards_from_the_start_board():
    state = game(1).state
    places = layout(list(state.cities), [(l.a, l.b) for l in state.links.values()])
    assert places[START] == (0.0, 0.0)
    for link in state.links.values():
        inner, outer = (link.a, link.b) if link.a == START or \
            int(link.a[1:]) < int(link.b[1:]) else (link.b, link.a)
        assert math.hypot(*places[outer]) > math.hypot(*places[inner])


def test_cities_joined_to_nothing_wait_on_the_outer_ring():
    places = layout(["c1", "c2"], [])
    assert all(math.isclose(math.hypot(*places[c]), 1.0) for c in ("c1", "c2"))


def test_crowded_cities_are_pushed_apart_inside_the_map():
    state = game(1).state
    unit = layout(list(state.cities), [(l.a, l.b) for l in state.links.values()])
    places = {c: (200 + x * 160, 150 + y * 110) for c, (x, y) in unit.items()}
    spread_out = spread(places, (40, 40, 360, 260), 50)
    assert spread_out[START] == places[START]
    points = list(spread_out.values())
    closest = min(math.hypot(a[0] - b[0], a[1] - b[1])
                  for i, a in enumerate(points) for b in points[i + 1:])
    assert closest >= 49
    assert all(40 <= x <= 360 and 40 <= y <= 260 for x, y in points)
