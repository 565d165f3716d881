"""The engine finishes a partly entered move (`Rotw.completions`): every completion is a move
`apply` accepts (for some value of a field only the players know), the move really made is among
the completions of what the players alone could tell, and the likeliest comes first: the
cheapest payment from the cards seen in the hand, the only city a cube can reach."""

from __future__ import annotations

import random

import pytest

from companion.boards import rules_for
from companion.core.rules import Phase
from companion.games.rotw.engine import (Build, Card, Deliver, DiscardDraw, DrawGoods,
    PlayLocomotive, START)
from companion.games.rotw.playout import RotwPlayout

# What only the players know of each kind of move: printed on a city card, drawn unseen,
# chosen from a secret hand, drawn from the bag.
PLAYERS_KNOW = {
    "build": ("value", "demand", "points"),
    "deliver": ("origin", "goods"),
    "play_locomotive": ("origin", "goods"),
    "discard_draw": ("card",),
    "discard_restock": ("card",),
    "take_deck": ("card",),
    "take_display": ("slot",),
    "draw_goods": ("cubes",),
    "turn_up": ("cards",),
    "show_card": ("card",),
    "discard_excess": ("cards",),
}
GAMES = [(2, 11, {}), (4, 12, {"deliver_bias": 0.95}), (3, 13, {"strict": True})]


@pytest.fixture(scope="module")
def rules():
    return rules_for("rotw-card-game")


def told(action) -> dict:
    """The move as the players would begin to tell it: its kind and what they alone know."""
    move = action.to_json()
    keep = PLAYERS_KNOW.get(move["type"], ())
    return {k: v for k, v in move.items() if k == "type" or k in keep}


def fits(completion: dict, move: dict, but: tuple = ()) -> bool:
    """The completion agrees with the move on every field it fills (`but` these)."""
    return all(move.get(k) == (list(v) if isinstance(v, tuple) else v)
               for k, v in completion.items() if k not in but)


@pytest.mark.parametrize("players, seed, kwargs", GAMES)
def test_the_move_really_made_is_among_the_completions_of_what_the_players_told(
        rules, players, seed, kwargs):
    game = RotwPlayout(rules, players, random.Random(seed), **kwargs)
    checked = 0
    while game.state.phase is not Phase.OVER:
        s = game.state.copy()
        action = game.step()
        move = action.to_json()
        found = rules.completions(s, told(action))
        # a player may pay more than the least payment: the payment is theirs to change
        assert any(fits(c, move, but=("cards",)) for c in found), (move, found[:5])
        if move["type"] == "build":
            paid = rules.completions(s, {**told(action), "cards": move["cards"]})
            assert any(fits(c, move) for c in paid), (move, paid[:5])
        for completion in found:
            full = all(k in completion for k in move)
            if full:
                assert rules.check(s, rules.parse_action(completion)) is None, completion
        checked += 1
    assert checked > 100


def test_a_move_that_cannot_be_finished_has_no_completion(rules):
    s = rules.new_state(("Anna", "Ben"))
    assert rules.completions(s, {"type": "deliver"}) == []  # the display is still to turn up
    assert rules.completions(s, {"type": "turn_up"}) == [{"type": "turn_up"}]


def _started(rules, players=("Anna", "Ben")):
    s = rules.new_state(players)
    rules.apply(s, rules.parse_action({"type": "turn_up",
                                       "cards": ["orange-1", "white-2", "purple-1"]}))
    return s


def test_a_value_five_city_asks_no_demand_it_takes_any_goods(rules):
    s = _started(rules)
    s.seats[0].hand.known[Card.CITY_5] += 1
    s.seats[0].hand.known[Card.ORANGE_2] += 3
    s.seats[0].hand.unknown = 0
    found = rules.completions(s, {"type": "build", "value": 5})
    assert found and all(c["demand"] is None for c in found)


def test_the_city_cards_seen_in_the_hand_come_first(rules):
    s = _started(rules)
    s.seats[0].hand.known[Card.ORANGE_2] += 1  # the City 2 dealt at setup can be paid
    values = [c["value"] for c in rules.completions(s, {"type": "build"})]
    assert values[0] == 2


def test_the_cheapest_payment_the_hand_shows_comes_first(rules):
    s = _started(rules)
    hand = s.seats[0].hand
    hand.unknown = 0
    hand.known[Card.ORANGE_1] += 2
    hand.known[Card.ORANGE_2] += 1
    found = rules.completions(s, {"type": "build", "value": 2, "demand": "red",
                                  "points": ["orange"]})
    assert found[0]["to"] == START and found[0]["colour"] == "orange"
    assert found[0]["cards"] == ["orange-2"]  # one card, not two, and the Locomotive kept
    assert rules.check(s, Build(0, 2, "red", ("orange",), START, "orange",
                                tuple(found[0]["cards"]))) is None


def test_the_link_colour_the_cards_allow_is_the_only_one(rules):
    s = _started(rules)
    hand = s.seats[0].hand
    hand.unknown = 0
    hand.known[Card.WHITE_2] += 1
    found = rules.completions(s, {"type": "build", "value": 2, "demand": "red",
                                  "points": ["orange", "white"]})
    assert {c["colour"] for c in found} == {"white"}
    assert {c["to"] for c in found} == {START}


def test_a_payment_from_unseen_cards_is_left_to_the_player(rules):
    s = _started(rules)  # 2 unseen cards and a Locomotive: they may pay, the table can't say
    found = rules.completions(s, {"type": "build", "value": 2, "demand": "red",
                                  "points": ["brown"]})
    assert found and "cards" not in found[0] and found[0]["colour"] == "brown"


def _network(rules):
    """Anna's link from the start to a red city c1, Ben's from c1 to a blue city c2; a blue cube
    on c1 and a red cube on c2."""
    s = _started(rules)
    for seat, (value, demand, to, colour, pay) in enumerate(
            ((2, "red", START, "orange", "orange-2"), (2, "blue", "c1", "orange", "orange-2"))):
        s.current = seat
        hand = s.seats[seat].hand
        hand.known[Card.ORANGE_2] += 1
        rules.apply(s, Build(seat, value, demand, ("orange", "orange"), to, colour, (pay,)))
        rules.apply(s, DrawGoods(("blue",)))
        rules.apply(s, rules.parse_action({"type": "take_deck", "seat": seat}))
        rules.apply(s, rules.parse_action({"type": "stop_taking", "seat": seat}))
    s.cities["c2"].goods = [0, 1, 0, 0]
    return s


def test_the_only_city_a_cube_can_reach_is_filled_in(rules):
    s = _network(rules)
    s.current = 1
    s.seats[1].locomotives = 1
    found = rules.completions(s, {"type": "deliver", "origin": "c2", "goods": "red"})
    assert found == [{"type": "deliver", "seat": 1, "origin": "c2", "destination": "c1",
                      "goods": "red"}]
    assert rules.check(s, Deliver(1, "c2", "c1", "red")) is None


def test_a_locomotive_is_played_plainly_first_or_with_its_delivery(rules):
    s = _network(rules)
    s.current = 1
    s.seats[1].hand.known[Card.LOCO] = 1
    found = rules.completions(s, {"type": "play_locomotive"})
    assert found[0] == {"type": "play_locomotive", "seat": 1, "origin": None,
                        "destination": None, "goods": None}
    assert {"type": "play_locomotive", "seat": 1, "origin": "c2", "destination": "c1",
            "goods": "red"} in found
    assert PlayLocomotive(1, "c2", "c1", "red")  # the move the completion names


def test_a_discard_then_the_face_up_card_names_what_is_taken(rules):
    s = _started(rules)
    found = rules.completions(s, {"type": "discard_draw", "card": "loco", "slot": 1})
    assert found == [{"type": "discard_draw", "seat": 0, "card": "loco", "slot": 1,
                      "taken": "white-2"}]
    assert rules.check(s, DiscardDraw(0, "loco", 1, "white-2")) is None
    blind = rules.completions(s, {"type": "discard_draw", "card": "loco", "slot": None})
    assert blind == [{"type": "discard_draw", "seat": 0, "card": "loco", "slot": None,
                      "taken": None}]


def test_cubes_drawn_from_the_bag_are_the_players_to_tell(rules):
    s = _network(rules)
    s.pending_goods = ("c1", 1)
    assert rules.completions(s, {"type": "draw_goods"}) == [{"type": "draw_goods"}]
