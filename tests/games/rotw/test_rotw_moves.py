"""What the screens offer is what the engine accepts: `Rotw.moves` and the enumerators (deliveries,
joints, payments, the cards a hand may give, the cards and cubes the table may report) agree with
`apply` at every state of seeded random games.

At every state the move the game really made must be of an open kind; every open kind has a move
built from the engine's own choices that `apply` accepts; a closed kind's candidates are all
refused. At every few states (and wherever the table reports) the enumerators are compared with
`apply` over a candidate superset built here without them: every offered choice is accepted and
every accepted one offered.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from companion.boards import data_dir, rules_for
from companion.core.rules import Phase
from companion.games.rotw.engine import (GOODS, RAIL_COLOURS, START, Build, Card, Deliver,
    DiscardDraw, DiscardExcess, DiscardRestock, DrawGoods, Joint, Pass, PlayLocomotive,
    ShowCard, StopTaking, TakeDeck, TakeDiscard, TakeDisplay, TurnUp)
from companion.games.rotw.engine.box import CITY_VALUES, PAYING, city_card
from companion.games.rotw.engine.building import can_pay
from companion.games.rotw.engine.goods import best_sets, best_split
from companion.games.rotw.engine.holding import known_count
from companion.games.rotw.engine.payments import least_payments
from companion.games.rotw.playout import RotwPlayout

REPORTS = ("turn_up", "draw_goods")  # the table may still report a card turned up at the end
THOROUGH_EVERY = 9  # the enumerators are compared with apply over a superset every 9th state
# The reasons of whose turn and which step it is: apply checks them before anything else.
TURN_CODES = {"turn_up_first", "goods_first", "show_cards_first", "not_playing", "not_your_turn", "wrong_step",
              "take_after_action"}
GAMES = [(2, 1, {}), (3, 2, {"scan": True}), (4, 3, {"deliver_bias": 0.95}),
         (2, 4, {"family": True}), (2, 5, {"build_bias": 0.3, "deliver_bias": 0.9}),
         (3, 6, {"strict": True})]


@pytest.fixture(scope="module")
def rules():
    return rules_for("rotw-card-game")


def accepted(rules, s, action) -> bool:
    return rules.check(s, action) is None


def open_kinds(rules, s, seat) -> dict:
    return {move.kind: move for move in rules.moves(s, seat)}


# ---- a move of each kind, built from the engine's choices ---------------------------------

def payment_walk(rules, s, seat, value, colour) -> tuple[str, ...]:
    """A payment made card by card from what `payment_cards` offers (the link's colour first)."""
    chosen: list[Card] = []
    while (sum(c.rail_value for c in chosen) < value
           or not any(c.colour == colour for c in chosen)):
        offered = rules.payment_cards(s, seat, value, colour, chosen)
        assert offered, (value, colour, chosen)
        own = [c for c in offered if c.colour == colour and not any(
            k.colour == colour for k in chosen)]
        chosen.append(own[0] if own else max(offered, key=lambda c: c.rail_value))
    return tuple(c.key for c in chosen)


def build_witness(rules, s, seat):
    for value in CITY_VALUES:
        for colour in RAIL_COLOURS:
            if can_pay(rules.box, s, seat, value, colour):
                return Build(seat, value, None if value == 5 else "red", (colour,), START,
                             colour, payment_walk(rules, s, seat, value, colour))
    return None


def report_walk(count: int, offer) -> tuple:
    chosen: list = []
    for _ in range(count):
        chosen.append(offer(chosen)[0])
    return tuple(chosen)


def witness(rules, s, seat, kind):
    """A move of this kind from the engine's choices (None where they offer none)."""
    hand = rules.hand_cards(s, seat)
    if kind == "turn_up":
        cards = report_walk(len(s.pending_slots), lambda c: rules.reportable_cards(s, c))
        return TurnUp(tuple(card.key for card in cards))
    if kind == "draw_goods":
        return DrawGoods(report_walk(s.pending_goods[1], lambda c: rules.drawable_goods(s, c)))
    if kind == "show_card":
        return ShowCard(seat, rules.reportable_cards(s)[0].key)
    if kind == "build":
        return build_witness(rules, s, seat)
    if kind == "play_locomotive":
        return PlayLocomotive(seat)
    if kind == "deliver":
        d = rules.cube_deliveries(s, seat)[0]
        return Deliver(seat, d.origin, d.destination, d.goods)
    if kind == "discard_draw":
        slot = rules.draw_sources(s)[0]
        taken = None if slot is None else Card(s.display[slot]).key
        if slot is None and s.scanned_draws:  # the card off the pile is named
            taken = rules.reportable_cards(s)[0].key
        return DiscardDraw(seat, hand[0].key, slot, taken)
    if kind == "discard_restock":
        return DiscardRestock(seat, hand[0].key, rules.restock_cities(s)[0])
    if kind == "discard_excess":
        count = rules.over_limit(s, seat)
        cards = report_walk(count, lambda c: rules.hand_cards(s, seat, c))
        return DiscardExcess(seat, tuple(card.key for card in cards))
    if kind == "take_deck" and s.scanned_draws:
        return TakeDeck(seat, rules.reportable_cards(s)[0].key)
    return simple_move(s, seat, kind)


def simple_move(s, seat, kind):
    slot = next((i for i, c in enumerate(s.display) if c is not None), 0)
    top = Card(s.discard[-1]).key if s.discard else "loco"
    return {"pass": Pass(seat), "take_deck": TakeDeck(seat), "stop_taking": StopTaking(seat),
            "take_display": TakeDisplay(seat, slot, Card(s.display[slot] or 0).key),
            "take_discard": TakeDiscard(seat, top)}[kind]


# ---- candidates made without the engine's choices -------------------------------------------

def cap_hand(rules, s, seat) -> list[int]:
    """Most of each card the seat might hold: the seen ones, plus the unseen as far as the box
    and the hand's unseen count allow (each kind on its own)."""
    hand = s.seats[seat].hand
    return [hand.known[card] + min(hand.unknown, rules.box.cards[card] - known_count(s, card))
            for card in Card]


def candidate_payments(rules, s, seat, value, colour) -> list[tuple[Card, ...]]:
    """Every least payment of the capped hand (the city card kept aside): any payment the seat
    may really make contains one of them."""
    cap = cap_hand(rules, s, seat)
    cap[city_card(value)] -= 1
    return least_payments(cap, value, colour)


def cube_candidates(s) -> list[tuple[str, str, str]]:
    places = [START, *s.cities]
    return [(city.id, dest, goods) for city in s.cities.values()
            for g, goods in enumerate(GOODS) if city.goods[g] for dest in places]


def candidates(rules, s, seat, kind, thorough: bool) -> list:
    """A superset of this kind's moves, made here (all of them where it matters)."""
    pending = max(1, len(s.pending_slots))
    if kind == "turn_up":
        return [TurnUp((card.key,) * pending) for card in Card]
    if kind == "draw_goods":
        cubes = s.pending_goods[1] if s.pending_goods else 1
        return [DrawGoods((goods,) * cubes) for goods in GOODS]
    if kind == "show_card":
        return [ShowCard(seat, card.key) for card in Card]
    if kind == "build":
        pairs = itertools.product(CITY_VALUES, RAIL_COLOURS)
        return [Build(seat, v, None if v == 5 else "red", (c,), START, c,
                      tuple(card.key for card in payment))
                for v, c in pairs for payment in
                (candidate_payments(rules, s, seat, v, c) if thorough else [(Card.PURPLE_2,) * 3])]
    cubes = cube_candidates(s) if thorough else cube_candidates(s)[:4]
    if kind == "play_locomotive":
        return [PlayLocomotive(seat), *(PlayLocomotive(seat, *cube) for cube in cubes)]
    if kind == "deliver":
        return [Deliver(seat, *cube) for cube in cubes]
    cards = Card if thorough else (Card.LOCO, Card.CITY_2, Card.ORANGE_1)
    if kind == "discard_draw":
        return [DiscardDraw(seat, card.key, slot, taken) for card in cards
                for slot, taken in [(None, None), *display_slots(s)]]
    if kind == "discard_restock":
        return [DiscardRestock(seat, card.key, city) for card in cards for city in s.cities]
    if kind == "discard_excess":
        count = max(1, s.seats[seat].hand.size - rules.box.hand_limit)
        return [DiscardExcess(seat, (card.key,) * count) for card in cards]
    return [simple_move(s, seat, kind)]


def display_slots(s) -> list[tuple[int, str]]:
    return [(slot, Card(card).key) for slot, card in enumerate(s.display) if card is not None]


# ---- the checks --------------------------------------------------------------------------

def check_kinds(rules, s, seat, thorough: bool) -> None:
    for kind, move in open_kinds(rules, s, seat).items():
        if move.open:
            action = witness(rules, s, seat, kind)
            assert action is not None and rules.check(s, action) is None, (kind, action)
            continue
        # Closed by whose turn or step it is: every move of the kind is refused by that first.
        full = thorough and move.reason.code not in TURN_CODES
        for action in candidates(rules, s, seat, kind, full):
            assert not accepted(rules, s, action), (kind, move.reason.code, action)


def check_deliveries(rules, s, seat, moves) -> None:
    cubes = cube_candidates(s)
    if moves["deliver"].open:
        offered = {(d.origin, d.destination, d.goods) for d in rules.cube_deliveries(s, seat)}
        assert offered == {c for c in cubes if accepted(rules, s, Deliver(seat, *c))}
        for delivery in rules.cube_deliveries(s, seat):
            check_delivery_shown(rules, s, seat, delivery)
    if moves["play_locomotive"].open:
        offered = {(d.origin, d.destination, d.goods)
                   for d in rules.cube_deliveries(s, seat, locomotive=True)}
        assert offered == {c for c in cubes if accepted(rules, s, PlayLocomotive(seat, *c))}
        assert (rules.check_deliver_with_locomotive(s, seat) is None) == bool(offered)


def check_delivery_shown(rules, s, seat, delivery) -> None:
    """The route, stops and points shown before a delivery are what the engine then scores."""
    after = s.copy()
    rules.apply(after, Deliver(seat, delivery.origin, delivery.destination, delivery.goods))
    gained = tuple(a.track - b.track for a, b in zip(after.seats, s.seats))
    assert gained == delivery.points
    assert delivery.stops[0] == delivery.origin and delivery.stops[-1] == delivery.destination
    assert len(delivery.links) == len(delivery.stops) - 1 == delivery.points[seat]


def check_payments(rules, s, seat, rng) -> None:
    for value, colour in rng.sample(list(itertools.product(CITY_VALUES, RAIL_COLOURS)), 3):
        payments = candidate_payments(rules, s, seat, value, colour)
        joinable = set()
        for card in PAYING:
            for payment in payments:
                paid = payment if card in payment else (*payment, card)
                if accepted(rules, s, Build(seat, value, None if value == 5 else "blue",
                                            (colour,), START, colour,
                                            tuple(c.key for c in paid))):
                    joinable.add(card)
                    break
        assert set(rules.payment_cards(s, seat, value, colour)) == joinable, (value, colour)


def check_joints(rules, s, seat) -> None:
    for colour in RAIL_COLOURS:
        value = next((v for v in CITY_VALUES if can_pay(rules.box, s, seat, v, colour)), None)
        if value is None:
            continue
        paid = payment_walk(rules, s, seat, value, colour)
        offered = set(rules.joints(s, (colour,)))
        for city in (START, *s.cities):
            build = Build(seat, value, None if value == 5 else "red", (colour,), city, colour,
                          paid)
            assert (Joint(city, colour) in offered) == accepted(rules, s, build), (city, colour)


def check_discards(rules, s, seat, moves) -> None:
    if moves["discard_draw"].open:
        hand = set(rules.hand_cards(s, seat))
        source = rules.draw_sources(s)[0]
        taken = None if source is None else Card(s.display[source]).key
        if source is None and s.scanned_draws:  # the card off the pile is named
            taken = rules.reportable_cards(s)[0].key
        assert hand == {card for card in Card
                        if accepted(rules, s, DiscardDraw(seat, card.key, source, taken))}
        card = next(iter(hand)).key
        pile = rules.reportable_cards(s)[0].key if s.scanned_draws else None
        sources = {slot for slot, key in [(None, pile), *display_slots(s)]
                   if accepted(rules, s, DiscardDraw(seat, card, slot, key))}
        assert set(rules.draw_sources(s)) == sources
    if moves["discard_restock"].open:
        card = rules.hand_cards(s, seat)[0].key
        assert set(rules.restock_cities(s)) == {
            city for city in s.cities if accepted(rules, s, DiscardRestock(seat, card, city))}


def check_hand_limit(rules, s, seat) -> None:
    """The cards offered one by one at the hand limit, and only those, make an accepted
    discard."""
    count = rules.over_limit(s, seat)
    assert 1 <= count <= 2  # 13 at most before taking 2 cards
    for cards in itertools.product(Card, repeat=count):
        walked = all(card in rules.hand_cards(s, seat, cards[:i]) for i, card in enumerate(cards))
        action = DiscardExcess(seat, tuple(card.key for card in cards))
        assert walked == accepted(rules, s, action), cards


def check_reports(rules, s) -> None:
    for seat in range(len(s.players)):  # a dealt card named: any the box still has unseen
        if rules.check(s, ShowCard(seat, "x")).code == "unknown_card":
            assert {card for card in Card if accepted(rules, s, ShowCard(seat, card.key))} == \
                set(rules.reportable_cards(s))
    if s.pending_slots:
        for cards in itertools.product(Card, repeat=len(s.pending_slots)):
            walked = all(card in rules.reportable_cards(s, cards[:i])
                         for i, card in enumerate(cards))
            assert walked == accepted(rules, s, TurnUp(tuple(c.key for c in cards))), cards
    if s.pending_goods:
        for cubes in itertools.product(GOODS, repeat=s.pending_goods[1]):
            walked = all(goods in rules.drawable_goods(s, cubes[:i])
                         for i, goods in enumerate(cubes))
            assert walked == accepted(rules, s, DrawGoods(cubes)), cubes


def check_thoroughly(rules, s, seat, rng) -> None:
    moves = open_kinds(rules, s, seat)
    check_deliveries(rules, s, seat, moves)
    check_discards(rules, s, seat, moves)
    if moves["build"].open:
        check_payments(rules, s, seat, rng)
        check_joints(rules, s, seat)


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_what_the_screens_offer_is_what_apply_accepts(rules, players, seed, options):
    playout = RotwPlayout(rules, players, random.Random(seed), **options)
    playout.play()
    rng = random.Random(seed)
    s = rules.new_state(playout.players, playout.options)
    for index, action in enumerate(playout.log):
        seat = s.current
        moves = open_kinds(rules, s, seat)
        assert moves[action.type].open, (index, action, moves[action.type].reason)
        thorough = index % THOROUGH_EVERY == 0
        check_kinds(rules, s, seat, thorough)
        check_reports(rules, s)
        if moves["discard_excess"].open:
            check_hand_limit(rules, s, seat)
        if thorough:
            check_thoroughly(rules, s, seat, rng)
            check_kinds(rules, s, (seat + 1) % players, thorough=False)  # not their turn
        rules.apply(s, action)
    assert s.phase is Phase.OVER
    check_kinds(rules, s, s.current, thorough=True)
    assert not any(move.open for move in rules.moves(s, None) if move.kind not in REPORTS)


def test_closed_moves_say_why(rules):
    """Right after setup: no Locomotive in front, so no delivery; cards are taken after the
    action; the reasons are the engine's codes the screens translate."""
    s = rules.new_state(("Anna", "Ben"), {})
    rules.apply(s, TurnUp(("loco", "orange-1", "white-2")))
    moves = open_kinds(rules, s, 0)
    assert moves["deliver"].reason.code == "no_locomotive"
    assert moves["take_deck"].reason.code == "take_after_action"
    assert moves["build"].open and moves["play_locomotive"].open
    assert open_kinds(rules, s, 1)["pass"].reason.code == "not_your_turn"
    family = rules.new_state(("Anna", "Ben"), {"family": True})
    rules.apply(family, TurnUp(("loco", "orange-1", "white-2")))
    assert {kind: move.reason.code for kind, move in open_kinds(rules, family, 0).items()
            if kind in ("deliver", "play_locomotive", "discard_restock")} == dict.fromkeys(
        ("deliver", "play_locomotive", "discard_restock"), "family_no_goods")


def test_a_hand_may_give_what_it_was_seen_to_hold_or_anything_unseen(rules):
    s = rules.new_state(("Anna", "Ben"), {})
    rules.apply(s, TurnUp(("loco", "loco", "orange-1")))
    assert set(rules.hand_cards(s, 0)) == set(Card)  # two unseen cards: anything
    assert Card.CITY_2 not in rules.hand_cards(s, 0, [Card.CITY_2] * 3)  # 1 seen + 2 unseen
    s.seats[0].hand.unknown = 0
    assert set(rules.hand_cards(s, 0)) == {Card.LOCO, Card.CITY_2}


def test_score_only_entries_are_open_until_the_scoring_is_finished(rules):
    lines = (data_dir() / "rotw" / "examples" / "rotw-score-only.jsonl").read_text().splitlines()
    header, *entries = [json.loads(line) for line in lines if line]
    s = rules.new_state(header["players"], header["options"])
    for entry in entries:
        assert all(move.open for move in rules.moves(s, None))
        rules.apply(s, rules.parse_action(entry))
    assert {move.reason.code for move in rules.moves(s, None)} == {"not_score_only"}


def test_goods_sets_shown_are_the_split_that_scores_most():
    """The sets shown are the engine's best split: same points, each cube in one set only."""
    for cubes in itertools.product(range(7), repeat=4):
        sets = best_sets(list(cubes))
        assert sum(found.points for found in sets) == best_split(cubes)
        for goods, count in zip(GOODS, cubes):
            assert sum(found.colours.count(goods) for found in sets) <= count
