"""Railways of the World: The Card Game: one test per rule and per [decision].

The digest is ../shared/rules/rotw-card-game.md; the Hungarian rulebook
(../shared/seeds/002_*.txt, both beside this checkout) is the authority where the two disagree. docs/rotw-rules.md maps
every rule to the test named after it here.

Positions are reached through real actions wherever that is quick. A network of several cities
would take dozens of turns to grow, so `laid_earlier` puts cities and links on the table
directly (as earlier turns would have) and says so. Every refused action is checked for its
`RuleViolation.code` and for leaving the state unchanged.
"""

from __future__ import annotations

import itertools
import random

import pytest

from companion.boards import rules_for
from companion.games.rotw import box as rotw_box
from companion.core.rules import Phase, RuleViolation
from companion.games.rotw.engine import (START, Build, City, Deliver, DiscardDraw, DiscardExcess,
    DiscardRestock, DrawGoods, EndReason, FinishScoring, Link, Pass, PlaceCity, PlaceLink,
    PlayLocomotive, SetDelivered, SetLocomotives, SetTrack, Step, StopTaking, TakeDeck,
    TakeDiscard, TakeDisplay, TurnUp)
from companion.games.rotw.engine.box import Card
from companion.games.rotw.engine.goods import best_split
from companion.games.rotw.recount import sets_by_brute_force  # every way, one set at a time
from companion.games.rotw.ui.words import verdict

NAMES = ("Becky", "Steve", "James", "Dot")
DISPLAY = ("purple-1", "orange-2", "white-1")


@pytest.fixture(scope="module")
def rules():
    return rules_for("rotw-card-game")


# ---- helpers that read like the table --------------------------------------------------------

def setup(rules, players=2, display=DISPLAY, first=0, family=False):
    """The box is opened and dealt; the 3 display cards are turned up."""
    s = rules.new_state(NAMES[:players], {"first": first, "family": family})
    rules.apply(s, TurnUp(display))
    assert s.phase is Phase.PLAY and s.current == first and s.step is Step.ACTION
    return s


def refused(rules, s, action, code):
    """The engine refuses `action` with `code` and leaves the state exactly as it was."""
    before = s.copy()
    with pytest.raises(RuleViolation) as info:
        rules.apply(s, action)
    assert info.value.code == code, f"refused as {info.value.code}: {info.value.message}"
    assert s == before, "a refused action changed the state"
    return info.value


def take_two_blind(rules, s, cards=(None, None)):
    """The current player takes two cards from the draw pile (named when a scan saw them)."""
    seat = s.current
    for card in cards:
        rules.apply(s, TakeDeck(seat, card))


def pass_turn(rules, s, cards=(None, None)):
    rules.apply(s, Pass(s.current))
    take_two_blind(rules, s, cards)


def give(rules, s, seat, *cards):
    """`seat` picks up these cards on its turns (scanned from the draw pile); the others pass.
    Ends with `seat` to act."""
    todo = list(cards)
    while todo or s.current != seat:
        if s.current == seat and s.step is Step.ACTION:
            rules.apply(s, Pass(seat))
            pair = (todo.pop(0), todo.pop(0) if todo else None)
            take_two_blind(rules, s, pair)
        else:
            pass_turn(rules, s)
    return s


def laid_earlier(s, owner, to, value, demand, points, colour, link_value, goods=()):
    """A city and its link put on the table directly, as an earlier turn would have built them
    (the cards paid are left out of the card count). Returns the new city's id."""
    city = City(f"c{len(s.cities) + 1}", value, demand, tuple(points), [colour])
    for name in goods:
        city.goods[("blue", "red", "black", "yellow").index(name)] += 1
        s.bag[("blue", "red", "black", "yellow").index(name)] -= 1
    if to != START:
        s.cities[to].used.append(colour)
    s.cities[city.id] = city
    link = Link(f"l{len(s.links) + 1}", to, city.id, colour, link_value, owner)
    s.links[link.id] = link
    s.seats[owner].links.append(link.id)
    s.seats[owner].trains -= 1
    return city.id


# ---- components and setup ----------------------------------------------------------------------

def test_box_holds_the_components():
    box = rotw_box()
    assert box.cities == 25
    assert [box.cards[Card(v - 1)] for v in (2, 3, 4, 5)] == [5, 10, 5, 5]
    assert box.cards[Card.LOCO] == 21
    assert sum(box.cards[c] for c in Card if c.is_rail) == 65
    assert all(box.cards[c] == (6 if c.rail_value == 1 else 7) for c in Card if c.is_rail)
    assert sum(box.cards) == 111
    assert box.cubes_per_colour == 15 and box.display == 3 and box.hand_limit == 13


def test_two_to_four_players(rules):
    for count in (2, 3, 4):
        rules.new_state(NAMES[:count])
    for count in (1, 5):
        with pytest.raises(RuleViolation) as info:
            rules.new_state(("A", "B", "C", "D", "E")[:count])
        assert info.value.code == "player_count"


def test_each_player_keeps_ten_trains_for_links(rules):
    s = setup(rules, 3)
    assert [p.trains for p in s.seats] == [10, 10, 10]


def test_setup_deals_a_locomotive_a_value_two_city_and_two_more_cards(rules):
    s = rules.new_state(NAMES[:4])
    for player in s.seats:
        assert player.hand.known[Card.LOCO] == 1 and player.hand.known[Card.CITY_2] == 1
        assert player.hand.unknown == 2 and player.hand.size == 4
    assert s.deck == 111 - 16


def test_setup_turns_three_cards_up_for_the_display(rules):
    s = rules.new_state(NAMES[:2])
    assert rules.status(s).waiting_for == "turn_up" and s.pending_slots == (0, 1, 2)
    refused(rules, s, TurnUp(("loco", "loco")), "turn_up_count")
    refused(rules, s, Pass(0), "turn_up_first")
    rules.apply(s, TurnUp(DISPLAY))
    assert [Card(c).key for c in s.display] == list(DISPLAY)
    assert s.deck == 111 - 8 - 3


def test_start_player_begins_and_play_goes_clockwise(rules):
    s = setup(rules, 3, first=2)
    assert s.current == 2 and s.last_seat == 1
    pass_turn(rules, s)
    assert s.current == 0


# ---- a turn: three steps -----------------------------------------------------------------------

def test_a_turn_is_one_action_then_taking_cards(rules):
    s = setup(rules)
    rules.apply(s, Pass(0))
    assert s.step is Step.TAKE
    refused(rules, s, Pass(0), "wrong_step")
    refused(rules, s, PlayLocomotive(0), "wrong_step")
    refused(rules, s, TakeDeck(1), "not_your_turn")


def test_take_one_or_two_cards_from_deck_display_or_discard(rules):
    s = setup(rules)
    rules.apply(s, DiscardDraw(0, "city-2"))  # the discard pile now shows a value-2 city
    rules.apply(s, TakeDiscard(0, "city-2"))
    rules.apply(s, TakeDisplay(0, 0, "purple-1"))
    rules.apply(s, TurnUp(("brown-2",)))
    assert s.current == 1 and s.seats[0].hand.size == 6
    rules.apply(s, Pass(1))
    rules.apply(s, TakeDeck(1))
    rules.apply(s, StopTaking(1))  # one card is enough
    assert s.current == 0 and s.seats[1].hand.size == 5


def test_take_at_least_one_card(rules):
    s = setup(rules)
    rules.apply(s, Pass(0))
    refused(rules, s, StopTaking(0), "take_a_card")


def test_display_card_is_replaced_at_once_from_the_draw_pile(rules):
    s = setup(rules)
    rules.apply(s, Pass(0))
    rules.apply(s, TakeDisplay(0, 1, "orange-2"))
    assert rules.status(s).waiting_for == "turn_up" and s.display[1] is None
    refused(rules, s, TakeDeck(0), "turn_up_first")
    deck = s.deck
    rules.apply(s, TurnUp(("loco",)))
    assert s.display[1] == Card.LOCO and s.deck == deck - 1
    rules.apply(s, TakeDisplay(0, 1, "loco"))  # the new card may be the second one


def test_locomotive_from_the_display_ends_the_taking(rules):
    s = setup(rules, display=("loco", "orange-2", "white-1"))
    rules.apply(s, Pass(0))
    rules.apply(s, TakeDisplay(0, 0, "loco"))
    rules.apply(s, TurnUp(("white-2",)))
    assert s.current == 1 and s.seats[0].hand.size == 5


def test_locomotive_from_the_discard_pile_ends_the_taking(rules):
    s = setup(rules)
    rules.apply(s, DiscardDraw(0, "loco"))
    rules.apply(s, TakeDiscard(0, "loco"))
    assert s.current == 1


def test_locomotive_from_the_draw_pile_is_an_ordinary_card(rules):
    s = setup(rules)
    rules.apply(s, Pass(0))
    rules.apply(s, TakeDeck(0, "loco"))
    assert s.current == 0 and s.step is Step.TAKE


def test_locomotive_may_be_taken_as_the_second_card(rules):
    """[decision] The rule only forbids a card after the Locomotive."""
    s = setup(rules, display=("loco", "orange-2", "white-1"))
    rules.apply(s, Pass(0))
    rules.apply(s, TakeDeck(0))
    rules.apply(s, TakeDisplay(0, 0, "loco"))
    assert s.seats[0].hand.known[Card.LOCO] == 2


def test_hand_limit_is_thirteen(rules):
    s = setup(rules)
    give(rules, s, 0, *[None] * 8)  # 4 dealt + 8 = 12 cards
    assert s.seats[0].hand.size == 12
    rules.apply(s, Pass(0))
    take_two_blind(rules, s)
    assert s.step is Step.HAND_LIMIT and s.current == 0
    refused(rules, s, DiscardExcess(0, ()), "hand_limit_count")
    refused(rules, s, DiscardExcess(0, ("loco", "loco")), "hand_limit_count")
    rules.apply(s, DiscardExcess(0, ("loco",)))
    assert s.seats[0].hand.size == 13 and s.discard == [Card.LOCO] and s.current == 1


def test_cards_taken_only_when_there_are_cards(rules):
    """[decision] With no card in the draw pile, the display or the discard pile the take step
    is skipped."""
    s = setup(rules)
    s.deck, s.display = 0, [None, None, None]  # set directly: the pile ran out earlier
    rules.apply(s, Pass(0))
    assert s.current == 1 and s.step is Step.ACTION


# ---- A) building ------------------------------------------------------------------------------

def build(seat, value, to, colour, cards, demand="red", points=("orange", "brown")):
    return Build(seat, value, demand, tuple(points), to, colour, tuple(cards))


def test_build_brings_a_new_city_card_from_the_hand(rules):
    s = setup(rules)
    rules.apply(s, build(0, 2, START, "orange", ("orange-2",)))
    assert s.cities["c1"].value == 2 and s.seats[0].hand.known[Card.CITY_2] == 0
    assert s.links["l1"].a == START and s.links["l1"].b == "c1"


def test_build_joins_the_start_board_with_any_colour(rules):
    s = setup(rules)
    rules.apply(s, build(0, 2, START, "brown", ("brown-1", "loco")))
    assert s.links["l1"].colour == "brown"


def test_build_needs_a_free_point_of_the_link_colour_on_both_cities(rules):
    s = setup(rules)
    laid_earlier(s, 1, START, 3, "red", ("orange", "white"), "white", 3)
    refused(rules, s, build(0, 2, "c1", "brown", ("brown-2",)), "no_free_point")
    refused(rules, s, build(0, 2, "c1", "white", ("white-2",)), "city_lacks_colour")
    rules.apply(s, build(0, 2, "c1", "orange", ("orange-2",)))
    rules.apply(s, DrawGoods(("red",)))
    assert s.cities["c1"].used == ["white", "orange"]
    assert not s.cities["c1"].free("orange") and not s.cities["c2"].free("orange")
    take_two_blind(rules, s)
    pass_turn(rules, s)
    rules.apply(s, Pass(0))
    take_two_blind(rules, s, ("city-2", "orange-2"))
    pass_turn(rules, s)
    refused(rules, s, build(0, 2, "c1", "orange", ("orange-2",)), "no_free_point")


def test_never_build_between_cities_already_on_the_table(rules):
    """A build always names the new city card it brings; links without one exist only in
    score-only mode."""
    s = setup(rules)
    laid_earlier(s, 1, START, 3, "red", ("orange", "white"), "white", 3)
    refused(rules, s, PlaceLink(0, START, "c1", 2), "not_score_only")
    refused(rules, s, build(0, 2, "c9", "orange", ("orange-2",)), "unknown_city")


def test_payment_is_at_least_the_new_citys_value(rules):
    s = setup(rules)
    laid_earlier(s, 1, START, 5, None, ("orange", "white"), "white", 5)
    give(rules, s, 0, "city-3", "orange-1")
    refused(rules, s, build(0, 3, "c1", "orange", ("orange-1", "loco")), "payment_too_low")
    rules.apply(s, build(0, 3, "c1", "orange", ("orange-1", "loco", "purple-1")))
    assert s.links["l2"].value == 3  # the value-5 city joined does not matter


def test_locomotive_pays_one(rules):
    s = setup(rules)
    rules.apply(s, build(0, 2, START, "orange", ("orange-1", "loco")))
    assert s.links["l1"].value == 2 and s.seats[0].track == 2


def test_at_least_one_rail_card_of_the_link_colour(rules):
    s = setup(rules)
    refused(rules, s, build(0, 2, START, "orange", ("brown-2",)), "payment_colour")
    refused(rules, s, build(0, 2, START, "orange", ("city-3",)), "not_rail_card")


def test_other_rail_colours_may_make_up_the_value(rules):
    """The rulebook asks for at least one card of the link's colour, nothing of the others."""
    s = setup(rules)
    rules.apply(s, build(0, 2, START, "orange", ("orange-1", "brown-1")))
    assert s.links["l1"].value == 2


def test_build_places_a_train_and_scores_the_cards_paid(rules):
    s = setup(rules)
    rules.apply(s, build(0, 2, START, "orange", ("orange-2", "white-2")))  # overpaid: 4
    assert s.seats[0].trains == 9 and s.seats[0].links == ["l1"] and s.links["l1"].owner == 0
    assert s.seats[0].track == 4


def test_build_draws_value_less_one_goods_for_the_new_city(rules):
    s = setup(rules)
    give(rules, s, 0, "city-4", "orange-2", "orange-2")
    rules.apply(s, build(0, 4, START, "orange", ("orange-2", "orange-2")))
    assert rules.status(s).waiting_for == "draw_goods" and s.pending_goods == ("c1", 3)
    refused(rules, s, DrawGoods(("red",)), "goods_count")
    rules.apply(s, DrawGoods(("red", "red", "blue")))
    assert s.cities["c1"].goods == [1, 2, 0, 0] and s.bag == [14, 13, 15, 15]
    assert s.step is Step.TAKE


def test_beckys_build(rules):
    """Rulebook: Becky joins her value-4 city (orange and brown points) to a value-3 city's free
    orange point, paying orange 1 + orange 2 + a Locomotive."""
    s = setup(rules)
    laid_earlier(s, 1, START, 3, "blue", ("orange", "white"), "white", 3)
    give(rules, s, 0, "city-4", "orange-1", "orange-2")
    assert [j.colour for j in rules.joints(s, ("orange", "brown")) if j.city == "c1"] == ["orange"]
    rules.apply(s, Build(0, 4, "yellow", ("orange", "brown"), "c1", "orange",
                         ("orange-1", "orange-2", "loco")))
    assert s.links["l2"].a == "c1" and s.links["l2"].value == 4 and s.seats[0].track == 4


def test_city_card_features_are_read_as_it_is_played(rules):
    s = setup(rules)
    refused(rules, s, build(0, 2, START, "orange", ("orange-2",), demand=None), "city_needs_demand")
    refused(rules, s, build(0, 2, START, "orange", ("orange-2",), points=()), "bad_points")
    refused(rules, s, build(0, 6, START, "orange", ("orange-2",)), "bad_city_value")
    refused(rules, s, build(0, 2, START, "pink", ("orange-2",), points=("pink",)),
            "unknown_colour")
    refused(rules, s, build(0, 2, START, "orange", ("orange-2",), demand="green"),
            "unknown_goods")


def test_no_build_without_trains(rules):
    s = setup(rules)
    s.seats[0].trains = 0  # set directly: ten links built earlier
    refused(rules, s, build(0, 2, START, "orange", ("orange-2",)), "no_trains")


def test_only_cards_in_the_hand_pay(rules):
    s = setup(rules)
    refused(rules, s, build(0, 2, START, "orange", ("orange-1", "orange-1", "orange-1")),
            "not_in_hand")


# ---- B) locomotives -----------------------------------------------------------------------------

def test_pulling_power_starts_at_zero(rules):
    s = setup(rules)
    assert [rules.pulling_power(s, seat) for seat in (0, 1)] == [0, 0]
    laid_earlier(s, 0, START, 2, "red", ("orange",), "orange", 2, goods=("blue",))
    laid_earlier(s, 0, "c1", 2, "blue", ("orange",), "orange", 2)
    refused(rules, s, Deliver(0, "c1", "c2", "blue"), "no_locomotive")


def test_playing_a_locomotive_raises_pulling_power(rules):
    s = setup(rules)
    rules.apply(s, PlayLocomotive(0))
    assert s.seats[0].locomotives == 1 and s.seats[0].hand.known[Card.LOCO] == 0
    assert s.step is Step.TAKE


def test_locomotive_play_may_deliver_at_once(rules):
    s = setup(rules)
    laid_earlier(s, 0, START, 2, "red", ("orange",), "orange", 2, goods=("blue",))
    laid_earlier(s, 0, "c1", 2, "blue", ("orange",), "orange", 2)
    refused(rules, s, PlayLocomotive(0, "c1", None, None), "delivery_incomplete")
    rules.apply(s, PlayLocomotive(0, "c1", "c2", "blue"))  # with the new pulling power 1
    assert s.seats[0].delivered == [1, 0, 0, 0] and s.seats[0].track == 1


# ---- C) delivering --------------------------------------------------------------------------------

def line_of_cities(s, owners=(0, 1, 1)):
    """start - c1 (red) - c2 (black) - c3 (blue) - c4 (yellow); c1 holds a yellow and a blue
    cube. Link i+1 belongs to owners[i] (the first, start - c1, to seat 1)."""
    laid_earlier(s, 1, START, 3, "red", ("orange",), "orange", 3, goods=("yellow", "blue"))
    previous = "c1"
    for owner, demand in zip(owners, ("black", "blue", "yellow")):
        previous = laid_earlier(s, owner, previous, 3, demand, ("orange",), "orange", 3)
        s.cities[previous].points = ("orange", "orange")


def test_first_link_must_be_yours(rules):
    s = setup(rules)
    line_of_cities(s, owners=(1, 0, 0))
    s.seats[0].locomotives = 3  # set directly: played earlier
    refused(rules, s, Deliver(0, "c1", "c4", "yellow"), "first_link_not_yours")


def test_route_no_longer_than_pulling_power(rules):
    s = setup(rules)
    line_of_cities(s)
    s.seats[0].locomotives = 2
    err = refused(rules, s, Deliver(0, "c1", "c4", "yellow"), "too_far")
    assert err.params["links"] == 3


def test_cube_stops_at_the_first_city_demanding_it(rules):
    s = setup(rules)
    line_of_cities(s)
    s.cities["c2"].demand = "yellow"
    s.seats[0].locomotives = 3
    refused(rules, s, Deliver(0, "c1", "c4", "yellow"), "stops_earlier")
    assert sorted(rules.deliveries(s, 0)) == [("c1", "c2", "yellow"), ("c1", "c3", "blue")]


def test_value_five_city_card_has_no_demand_colour_of_its_own(rules):
    """Rulebook (Város Kártyák): a city's demand is "ezt a Város Hatszög színe határozza meg"
    (its City Hexagon's colour), and "Az 5 értékű városokba bármilyen típusú áru szállítható".
    [decision] A value-5 card has no demand colour: naming one is refused, so no colour of its
    own can stop a cube there."""
    s = setup(rules)
    give(rules, s, 0, "city-5", "orange-2", "orange-2", "orange-1")
    five = ("orange-2", "orange-2", "orange-1")
    refused(rules, s, build(0, 5, START, "orange", five, demand="yellow"), "city_any_goods")
    rules.apply(s, build(0, 5, START, "orange", five, demand=None))
    assert s.cities["c1"].demand is None and s.cities["c1"].value == 5


def test_value_five_city_accepts_any_goods(rules):
    s = setup(rules)
    line_of_cities(s)
    s.cities["c2"].value, s.cities["c2"].demand = 5, None
    s.seats[0].locomotives = 1
    rules.apply(s, Deliver(0, "c1", "c2", "yellow"))
    assert s.seats[0].delivered == [0, 0, 0, 1]


def test_value_five_city_does_not_stop_goods_passing_through(rules):
    """[decision] It accepts any goods, but a cube may travel on past it."""
    s = setup(rules)
    line_of_cities(s)
    s.cities["c2"].value, s.cities["c2"].demand = 5, None
    s.seats[0].locomotives = 3
    assert ("c1", "c4", "yellow") in rules.deliveries(s, 0)
    rules.apply(s, Deliver(0, "c1", "c4", "yellow"))


def test_start_board_passes_goods_but_never_receives_them(rules):
    s = setup(rules)
    laid_earlier(s, 0, START, 3, "red", ("orange",), "orange", 3, goods=("black",))
    laid_earlier(s, 1, START, 3, "black", ("white",), "white", 3)
    s.seats[0].locomotives = 2
    refused(rules, s, Deliver(0, "c1", START, "black"), "start_takes_no_goods")
    rules.apply(s, Deliver(0, "c1", "c2", "black"))
    assert [p.track for p in s.seats] == [2, 1]


def test_delivery_scores_one_per_link_and_owners_score_their_links(rules):
    s = setup(rules, 3)
    line_of_cities(s, owners=(0, 2, 1))
    s.seats[0].locomotives = 3
    assert rules.delivery_points(s, 0, "c1", "c4") == (3, 1, 1)
    rules.apply(s, Deliver(0, "c1", "c4", "yellow"))
    assert [p.track for p in s.seats] == [3, 1, 1]
    assert s.cities["c1"].goods == [1, 0, 0, 0] and s.seats[0].delivered == [0, 0, 0, 1]


def test_steves_delivery(rules):
    """Rulebook: Steve (pulling power 3) moves a yellow cube 3 links, the first his own, to a
    yellow-demand city: Steve scores 3, Becky, who owns one link of the route, 1."""
    s = setup(rules, 2, first=1)
    becky, steve = 0, 1
    line_of_cities(s, owners=(steve, becky, steve))
    s.seats[steve].locomotives = 3
    route = rules.route(s, "c1", "c4")
    assert [link.owner for link in route] == [steve, becky, steve]
    rules.apply(s, Deliver(steve, "c1", "c4", "yellow"))
    assert s.seats[steve].track == 3 and s.seats[becky].track == 1


# ---- D) discard, then draw or restock; E) pass ------------------------------------------------

def test_discard_then_draw_from_the_deck_or_the_display(rules):
    s = setup(rules)
    rules.apply(s, DiscardDraw(0, "city-2", 2, "white-1"))
    rules.apply(s, TurnUp(("brown-1",)))
    assert s.discard == [Card.CITY_2] and s.seats[0].hand.known[Card.WHITE_1] == 1
    assert s.step is Step.TAKE  # then the usual 1 or 2 cards
    take_two_blind(rules, s)
    rules.apply(s, DiscardDraw(1, "loco"))
    assert s.seats[1].hand.size == 4


def test_discard_then_no_locomotive_from_the_display(rules):
    s = setup(rules, display=("loco", "orange-2", "white-1"))
    refused(rules, s, DiscardDraw(0, "city-2", 0, "loco"), "loco_after_discard")
    refused(rules, s, DiscardDraw(0, "city-2", 1, "white-1"), "display_mismatch")


def test_discard_then_restock_a_city_without_goods(rules):
    s = setup(rules)
    laid_earlier(s, 1, START, 2, "red", ("orange",), "orange", 2, goods=("blue",))
    laid_earlier(s, 1, START, 2, "red", ("white",), "white", 2)
    refused(rules, s, DiscardRestock(0, "loco", "c1"), "city_has_goods")
    refused(rules, s, DiscardRestock(0, "loco", START), "unknown_city")
    rules.apply(s, DiscardRestock(0, "loco", "c2"))
    rules.apply(s, DrawGoods(("yellow",)))
    assert s.cities["c2"].goods == [0, 0, 0, 1] and s.discard == [Card.LOCO]


def test_pass_does_nothing(rules):
    s = setup(rules)
    before = s.copy()
    rules.apply(s, Pass(0))
    before.step = Step.TAKE
    assert s == before


# ---- the end --------------------------------------------------------------------------------------

def test_empty_draw_pile_triggers_the_end(rules):
    s = setup(rules)
    s.deck = 2  # set directly: the draw pile is nearly gone
    rules.apply(s, Pass(0))
    take_two_blind(rules, s)
    assert s.triggered is EndReason.DECK_EMPTY and s.phase is Phase.FINAL_ROUND
    assert rules.status(s).final_round


def test_last_train_triggers_the_end(rules):
    s = setup(rules)
    s.seats[0].trains = 1
    rules.apply(s, build(0, 2, START, "orange", ("orange-2",)))
    assert s.triggered is EndReason.NO_TRAINS


def test_empty_bag_triggers_the_end(rules):
    s = setup(rules)
    s.bag = [1, 0, 0, 0]  # set directly: 59 cubes drawn earlier
    rules.apply(s, build(0, 2, START, "orange", ("orange-2",)))
    rules.apply(s, DrawGoods(("blue",)))
    assert s.triggered is EndReason.BAG_EMPTY


def test_round_is_played_to_the_player_right_of_the_start_player(rules):
    s = setup(rules, 3, first=1)
    s.deck = 2
    pass_turn(rules, s)  # seat 1 empties the draw pile
    assert s.current == 2 and s.step is Step.ACTION
    rules.apply(s, Pass(2))
    rules.apply(s, TakeDisplay(2, 0, "purple-1"))  # the last round still takes from the display
    assert s.display[0] is None and not s.pending_slots  # nothing left to replace it
    rules.apply(s, TakeDisplay(2, 1, "orange-2"))
    rules.apply(s, DiscardDraw(0, "city-2", 2, "white-1"))
    rules.apply(s, TakeDiscard(0, "city-2"))  # and from the discard pile
    # nothing is left anywhere to take a second card from: the step ends by itself
    assert s.step is Step.FINAL_DELIVERY and s.current == 1  # seat 0 sat right of seat 1


def test_final_round_of_deliveries(rules):
    s = setup(rules, 2, first=0)
    laid_earlier(s, 1, START, 2, "red", ("orange",), "orange", 2, goods=("blue",))
    laid_earlier(s, 1, START, 2, "blue", ("white",), "white", 2)
    s.seats[1].locomotives = 2
    s.deck = 1
    rules.apply(s, Pass(0))
    rules.apply(s, TakeDeck(0))
    rules.apply(s, StopTaking(0))
    rules.apply(s, Pass(1))
    rules.apply(s, TakeDisplay(1, 0, "purple-1"))
    rules.apply(s, StopTaking(1))
    assert s.step is Step.FINAL_DELIVERY and s.current == 0
    refused(rules, s, PlayLocomotive(0), "wrong_step")
    refused(rules, s, Deliver(1, "c1", "c2", "blue"), "not_your_turn")
    rules.apply(s, Pass(0))
    rules.apply(s, Deliver(1, "c1", "c2", "blue"))
    assert s.phase is Phase.OVER and s.seats[1].track == 2
    assert rules.score(s).final


# ---- end-game scoring -----------------------------------------------------------------------------

def test_city_majority_scores_the_city_value_and_ties_share_it(rules):
    s = setup(rules, 3)
    laid_earlier(s, 0, START, 4, "red", ("orange", "white"), "orange", 4)
    laid_earlier(s, 1, "c1", 3, "red", ("white",), "white", 3)
    sheet = rules.score(s)
    # c1 (4): seat 0 has 4, seat 1 has 3 -> seat 0 scores 4. c2 (3): only seat 1 -> 3.
    assert [sheet.of(seat, "cities") for seat in range(3)] == [4, 3, 0]
    s.links["l2"] = Link("l2", "c1", "c2", "white", 4, 1)  # now 4 against 4 on c1: shared
    assert [rules.score(s).of(seat, "cities") for seat in range(3)] == [4, 7, 0]


def test_james_and_steve_end_scoring(rules):
    """Rulebook: James has two 3-links and a 2-link, Steve one 4-link. Steve's 4 beats James's 3
    into the left value-3 city: Steve 3. Into the value-4 city James has 2 + 3 = 5 against 4:
    James 4. The value-2 and the other value-3 city are James's alone: 2 and 3. James 9, Steve 3."""
    s = rules.new_state(("James", "Steve"), {"mode": "score_only"})
    for value in (3, 4, 2, 3):
        rules.apply(s, PlaceCity(value))
    left, four, two, right = "c1", "c2", "c3", "c4"
    rules.apply(s, PlaceLink(1, left, four, 4))
    rules.apply(s, PlaceLink(0, left, right, 3))
    rules.apply(s, PlaceLink(0, four, right, 3))
    rules.apply(s, PlaceLink(0, four, two, 2))
    sheet = rules.score(s)
    assert sheet.of(0, "cities") == 9 and sheet.of(1, "cities") == 3


def test_start_board_scores_nothing(rules):
    s = setup(rules)
    laid_earlier(s, 0, START, 2, "red", ("orange",), "orange", 2)
    assert rules.score(s).of(0, "cities") == 2  # the city, not the start board


def test_locomotives_score_one_each(rules):
    s = setup(rules)
    rules.apply(s, PlayLocomotive(0))
    assert rules.score(s).of(0, "locomotives") == 1


def test_goods_sets_are_split_for_the_most_points(rules):
    s = setup(rules)
    s.seats[0].delivered = [4, 1, 1, 1]  # 4 different + 3 alike (5 + 2) beat 4 alike (3)
    assert rules.score(s).of(0, "goods_sets") == 7
    assert best_split([3, 0, 0, 0]) == 2 and best_split([4, 0, 0, 0]) == 3
    assert best_split([7, 0, 0, 0]) == 5 and best_split([5, 1, 1, 1]) == 8
    assert best_split([6, 1, 1, 1]) == 8  # 4 different + 4 alike; not 3 + 3 alike (4)


def test_goods_split_agrees_with_brute_force_on_random_collections():
    rng = random.Random(6)
    cases = [[rng.randrange(0, 9) for _ in range(4)] for _ in range(300)]
    cases += [list(c) for c in itertools.product(range(6), repeat=4)]
    for cubes in cases:
        assert best_split(cubes) == sets_by_brute_force(tuple(cubes)), cubes


def test_ties_go_to_more_connections_then_more_goods_then_are_shared(rules):
    s = rules.new_state(NAMES[:3], {"mode": "score_only"})
    rules.apply(s, PlaceCity(2))
    rules.apply(s, PlaceCity(2))
    rules.apply(s, PlaceLink(0, START, "c1", 2))
    rules.apply(s, PlaceLink(1, START, "c2", 2))
    for seat, track in ((0, 10), (1, 10), (2, 12)):
        rules.apply(s, SetTrack(seat, track))
    sheet = rules.score(s)  # 12 each (a value-2 city each for seats 0 and 1)
    assert sheet.totals == (12, 12, 12)
    assert sheet.winners == (0, 1) and sheet.shared  # 1, 1 and 0 links; no goods
    rules.apply(s, SetDelivered(1, ("red",)))
    sheet = rules.score(s)
    assert sheet.winners == (1,) and sheet.decided_by == "most_goods"
    rules.apply(s, SetDelivered(0, ("red",)))
    rules.apply(s, PlaceLink(0, "c1", "c2", 1))  # seat 0: c1 alone (2); c2: 1 against 2
    rules.apply(s, SetTrack(0, 10))
    sheet = rules.score(s)
    assert sheet.totals == (12, 12, 12) and sheet.winners == (0,)
    assert sheet.decided_by == "most_connections"


def test_a_tie_break_that_narrows_a_shared_victory_is_named(rules):
    """Three tied on points, James drops out on connections, Becky and Steve share;
    the sheet names the step that narrowed it and the results screen says so in words."""
    s = rules.new_state(NAMES[:3], {"mode": "score_only"})
    rules.apply(s, PlaceCity(2))
    rules.apply(s, PlaceCity(2))
    rules.apply(s, PlaceLink(0, START, "c1", 2))
    rules.apply(s, PlaceLink(1, START, "c2", 2))
    for seat, track in ((0, 10), (1, 10), (2, 12)):
        rules.apply(s, SetTrack(seat, track))
    sheet = rules.score(s)  # 12 each; 1, 1 and 0 links; no goods
    assert sheet.winners == (0, 1) and sheet.shared and sheet.decided_by == "most_connections"
    assert verdict(sheet, NAMES[:3]) == (
        "Shared victory: Becky & Steve",
        "Tied on points: these players also have the most connections and the same goods delivered.")
    rules.apply(s, SetDelivered(2, ("red",)))  # goods count only among the tied leaders
    assert rules.score(s).decided_by == "most_connections"


def test_results_screen_says_which_tie_break_decided_it(rules):
    s = rules.new_state(NAMES[:2], {"mode": "score_only"})
    for seat in (0, 1):
        rules.apply(s, SetTrack(seat, 5))
    sheet = rules.score(s)
    assert verdict(sheet, NAMES[:2]) == (
        "Shared victory: Becky & Steve", "Tied on points, connections and goods delivered.")
    rules.apply(s, SetDelivered(1, ("red",)))
    sheet = rules.score(s)
    assert sheet.decided_by == "most_goods"
    assert verdict(sheet, NAMES[:2]) == (
        "Steve wins!", "Tied on points and connections: more goods delivered decided it.")


# ---- the family variant ----------------------------------------------------------------------------

def test_family_variant_has_no_goods(rules):
    s = setup(rules, family=True)
    refused(rules, s, PlayLocomotive(0), "family_no_goods")
    rules.apply(s, build(0, 2, START, "orange", ("orange-1", "loco")))  # still a joker
    assert s.pending_goods is None and s.bag == [15] * 4 and s.step is Step.TAKE
    s.deck = 1
    rules.apply(s, TakeDeck(0))
    rules.apply(s, StopTaking(0))
    rules.apply(s, Pass(1))
    rules.apply(s, TakeDisplay(1, 0, "purple-1"))
    rules.apply(s, StopTaking(1))
    assert s.phase is Phase.OVER  # no final deliveries


# ---- what the table can know ----------------------------------------------------------------------

def test_cards_are_counted_against_the_box(rules):
    s = setup(rules, 4, display=("city-2", "loco", "white-1"))  # 4 dealt + 1 face up: all 5
    rules.apply(s, Pass(0))
    refused(rules, s, TakeDeck(0, "city-2"), "too_many_cards")
    refused(rules, s, TakeDeck(0, "rainbow"), "unknown_card")


def test_cubes_are_counted_against_the_bag(rules):
    s = setup(rules)
    s.bag = [15, 15, 15, 1]
    rules.apply(s, build(0, 2, START, "orange", ("orange-2",)))
    refused(rules, s, DrawGoods(("pink",)), "unknown_goods")
    s.pending_goods = ("c1", 2)  # set directly: as for a value-3 city
    refused(rules, s, DrawGoods(("yellow", "yellow")), "not_in_bag")


# ---- score-only mode ----------------------------------------------------------------------------

def test_score_only_mode_scores_the_entered_position(rules):
    s = rules.new_state(NAMES[:2], {"mode": "score_only"})
    assert rules.status(s).phase is Phase.SCORING
    rules.apply(s, PlaceCity(5))
    refused(rules, s, PlaceLink(0, START, "c2", 5), "unknown_city")
    refused(rules, s, PlaceLink(0, "c1", "c1", 5), "link_loop")
    rules.apply(s, PlaceLink(0, START, "c1", 5))
    refused(rules, s, PlaceLink(1, "c1", START, 6), "link_twice")
    rules.apply(s, SetLocomotives(0, 3))
    refused(rules, s, SetLocomotives(1, 19), "too_many_cards")
    rules.apply(s, SetDelivered(0, ("red", "blue", "black", "yellow", "red", "red")))
    rules.apply(s, SetTrack(0, 31))
    refused(rules, s, SetTrack(1, -1), "bad_track")
    assert not rules.score(s).final
    rules.apply(s, FinishScoring())
    sheet = rules.score(s)
    assert sheet.final and sheet.points[0] == (31, 5, 3, 5) and sheet.winners == (0,)
    refused(rules, s, PlaceCity(2), "not_score_only")


def test_score_only_checks_the_box(rules):
    s = rules.new_state(NAMES[:2], {"mode": "score_only"})
    for _ in range(5):
        rules.apply(s, PlaceCity(5))
    refused(rules, s, PlaceCity(5), "too_many_cities")
    refused(rules, s, SetDelivered(0, ("red",) * 16), "too_many_cubes")
    s.seats[0].trains = 0  # set directly: ten links entered
    refused(rules, s, PlaceLink(0, START, "c1", 5), "too_many_trains")


# ---- more decisions -----------------------------------------------------------------------------

def test_start_board_takes_any_number_of_links(rules):
    """[decision] The rulebook sets no limit on links into the start board."""
    s = setup(rules)
    for _ in range(7):
        laid_earlier(s, 1, START, 2, "red", ("orange",), "orange", 2)
    assert [j.city for j in rules.joints(s, ("orange",))] == [START]
    rules.apply(s, build(0, 2, START, "orange", ("orange-2",)))
    assert len(rules.route(s, "c1", "c8")) == 2  # through the start board


def test_city_card_shows_at_most_six_connection_points(rules):
    """[decision] A city is a hexagon: 1 to 6 points."""
    s = setup(rules)
    refused(rules, s, build(0, 2, START, "orange", ("orange-2",), points=("orange",) * 7),
            "bad_points")
    rules.apply(s, build(0, 2, START, "orange", ("orange-2",), points=("orange",) * 6))


def test_build_draws_what_is_left_in_the_bag(rules):
    """[decision] With fewer cubes in the bag than the city produces, it gets what is left."""
    s = setup(rules)
    s.bag = [0, 0, 0, 0]  # set directly: every cube is out
    rules.apply(s, build(0, 2, START, "orange", ("orange-2",)))
    assert s.pending_goods is None and s.step is Step.TAKE


def test_only_the_top_of_the_discard_pile_is_taken(rules):
    s = setup(rules)
    rules.apply(s, Pass(0))
    refused(rules, s, TakeDiscard(0, "loco"), "discard_empty")
    take_two_blind(rules, s)
    rules.apply(s, DiscardDraw(1, "loco"))
    refused(rules, s, TakeDiscard(1, "city-2"), "discard_mismatch")


def test_discard_then_draw_needs_a_card_to_draw(rules):
    s = setup(rules)
    s.deck = 0  # set directly: the draw pile ran out
    refused(rules, s, DiscardDraw(0, "loco"), "deck_empty")


def test_locomotive_played_from_the_hand(rules):
    s = setup(rules)
    s.seats[0].hand.known[Card.LOCO] = 0  # set directly: the dealt Locomotive was used earlier
    s.seats[0].hand.unknown = 0
    s.seats[0].hand.known[Card.CITY_3] = 2
    refused(rules, s, PlayLocomotive(0), "not_in_hand")


def test_score_sheet_is_provisional_until_the_game_is_over(rules):
    s = setup(rules)
    assert not rules.score(s).final
    assert rules.status(s).reason is None and not rules.status(s).final_round


def test_legal_payments_offered_to_the_ui(rules):
    """The least payments (no card could be left out) for an orange link to a value-3 city."""
    hand = [0] * len(Card)
    for card in (Card.ORANGE_1, Card.ORANGE_2, Card.LOCO, Card.BROWN_2):
        hand[card] = 1
    found = {frozenset(c.key for c in payment)
             for payment in rules.payments(hand, 3, "orange")}
    assert found == {frozenset(p) for p in (("orange-1", "orange-2"), ("orange-2", "loco"),
                                            ("orange-1", "brown-2"), ("orange-2", "brown-2"))}
    assert rules.payments(hand, 3, "white") == []  # no white rail card
