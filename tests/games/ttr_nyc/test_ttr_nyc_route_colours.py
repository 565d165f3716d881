"""Every route colour is claimed and refused as itself, blue (the Card whose value is 0) included.

Blue once read as gray wherever a route's colour was tested for truth. Each colour here, and the
gray routes, are claimed with the payments the engine offers and refused with a reason that
names the colour and the counts: "Anna holds 1 × pink …; this route costs 3 × pink".
"""

from __future__ import annotations

import pytest

from companion.core.rules import Phase
from companion.games.ttr_nyc.engine import (Card, ClaimRoute, DrawBlind, KeepTickets, ShowHand,
    TurnUp)
from companion.games.ttr_nyc.engine.board import COLOURS
from companion.games.ttr_nyc.engine.moves import claim_refusal, claims, payments

NAMES = ("Anna", "Ben")
DISPLAY = ("green", "black", "pink", "red", "orange")
ROUTE_COLOURS = (*COLOURS, None)  # None: gray


def route_of(rules, colour: Card | None, length: int = 2):
    return next(r for r in rules.board.routes.values()
                if r.colour is colour and r.length == length)


def dealt(rules, anna: tuple[str, ...], ben: tuple[str, ...] = ("green", "green")):
    """Every card scanned: Anna and Ben were dealt these cards; Anna is to play."""
    s = rules.new_state(NAMES, {"first": 0, "scanned_hands": True})
    rules.apply(s, TurnUp(DISPLAY))
    rules.apply(s, ShowHand(0, anna))
    rules.apply(s, ShowHand(1, ben))
    for seat in (0, 1):
        rules.apply(s, KeepTickets(seat, 2))
    assert s.phase is Phase.PLAY and s.current == 0
    return s


def other_than(colour: Card | None) -> str:
    return "orange" if colour is not Card.ORANGE else "black"


def test_blue_is_the_card_whose_value_is_zero():
    assert Card.BLUE == 0 and not Card.BLUE  # why `if route.colour:` read blue as gray


@pytest.mark.parametrize("colour", ROUTE_COLOURS, ids=lambda c: "gray" if c is None else c.key)
def test_a_route_of_every_colour_is_claimed_with_its_own_cards(rules, colour):
    route = route_of(rules, colour)
    paid = (colour or Card.BLUE).key
    s = dealt(rules, (paid, paid))
    offered = payments(rules.board, s, 0, route.id)
    assert (colour or Card.BLUE,) * 2 in offered
    if colour is not None:  # a coloured route is paid in its own colour only
        assert all(card in (colour, Card.TAXI) for cards in offered for card in cards)
    assert route.id in claims(rules.board, s, 0)
    assert claim_refusal(rules.board, s, 0, route.id) is None
    rules.apply(s, ClaimRoute(0, route.id, (paid, paid)))
    assert s.owners[route.id] == 0 and s.discard[colour or Card.BLUE] == 2


@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: c.key)
def test_a_route_of_every_colour_is_refused_naming_its_colour(rules, colour):
    route = route_of(rules, colour)
    s = dealt(rules, (colour.key, other_than(colour)))
    assert payments(rules.board, s, 0, route.id) == []
    reason = claim_refusal(rules.board, s, 0, route.id)
    assert reason.code == "cannot_pay"
    assert reason.params["colour"] == colour.key and reason.params["held"] == 1
    assert reason.message == (f"{rules.route_name(route)} costs 2 × {colour.key}; Anna holds "
                              f"1 × {colour.key} and 0 × Taxi.")
    violation = rules.check(s, ClaimRoute(0, route.id, (colour.key,) * 2))
    assert violation.code == "not_in_hand"  # the same claim, tried: refused, as offered


def test_a_gray_route_is_refused_for_too_few_cards_of_any_one_colour(rules):
    route = route_of(rules, None)
    s = dealt(rules, ("blue", "red"))
    reason = claim_refusal(rules.board, s, 0, route.id)
    assert reason.code == "cannot_pay" and "colour" not in reason.params
    assert reason.message == (f"{rules.route_name(route)} costs cards of one colour: 2; Anna "
                              f"has at most 1 of one colour and 0 × Taxi.")
    assert claim_refusal(rules.board, s, 0, route_of(rules, Card.BLUE, 1).id) is None


def test_a_refusal_counts_the_cards_the_table_has_not_seen(rules):
    """Not every card scanned: Anna's 2 dealt cards are unseen; she drew a pink one, seen."""
    s = rules.new_state(NAMES, {"first": 0})
    rules.apply(s, TurnUp(DISPLAY))
    for seat in (0, 1):
        rules.apply(s, KeepTickets(seat, 2))
    rules.apply(s, DrawBlind(0, "pink"))
    rules.apply(s, DrawBlind(0, "blue"))
    rules.apply(s, DrawBlind(1))
    rules.apply(s, DrawBlind(1))
    route = route_of(rules, Card.PINK, 4)
    reason = claim_refusal(rules.board, s, 0, route.id)
    assert reason.message == (f"{rules.route_name(route)} costs 4 × pink; Anna holds 1 × pink, "
                              f"0 × Taxi and 2 more the table has not seen.")
    three = route_of(rules, Card.BLUE, 3)
    assert claim_refusal(rules.board, s, 0, three.id) is None  # blue + 2 unseen could pay


def test_a_claim_the_box_cannot_cover_is_refused_as_the_box_says(rules):
    """Anna's unseen cards cannot be pink or Taxi cards when all of them are seen elsewhere."""
    s = rules.new_state(NAMES, {"first": 0})
    rules.apply(s, TurnUp(("pink", "pink", "pink", "red", "orange")))
    for seat in (0, 1):
        rules.apply(s, KeepTickets(seat, 2))
    # set directly: the rest of the pink cards and every Taxi card discarded earlier
    s.discard[Card.PINK], s.discard[Card.TAXI] = 3, 8
    route = route_of(rules, Card.PINK, 2)
    assert payments(rules.board, s, 0, route.id) == []
    reason = claim_refusal(rules.board, s, 0, route.id)
    assert reason.code == "too_many_cards" and reason.params["card"] == "pink"
