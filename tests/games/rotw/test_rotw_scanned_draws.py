"""Railways of the World with "Scan every card drawn" (the option scanned_draws): every card
taken from the draw pile is named (scanned), so each hand is known."""

from __future__ import annotations

import pytest

from companion.boards import rules_for
from companion.core.rules import Phase, RuleViolation
from companion.games.rotw.engine import DiscardDraw, Pass, Step, TakeDeck, TurnUp
from companion.games.rotw.engine.box import Card

NAMES = ("Becky", "Steve")


@pytest.fixture(scope="module")
def rules():
    return rules_for("rotw-card-game")


def taking(rules, **options):
    s = rules.new_state(NAMES, {"first": 0, **options})
    rules.apply(s, TurnUp(("purple-1", "orange-2", "white-1")))
    rules.apply(s, Pass(0))
    assert s.phase is Phase.PLAY and s.step is Step.TAKE
    return s


def test_a_card_from_the_draw_pile_must_be_named_where_every_card_drawn_is_scanned(rules):
    s = taking(rules, scanned_draws=True)
    before = s.copy()
    with pytest.raises(RuleViolation) as info:
        rules.apply(s, TakeDeck(0))
    assert info.value.code == "scan_the_card"
    assert s == before
    rules.apply(s, TakeDeck(0, "city-3"))
    assert s.seats[0].hand.known[Card.CITY_3] == 1
    assert s.scanned_draws and s.copy().scanned_draws


def test_a_card_drawn_from_the_pile_after_a_discard_is_named_too(rules):
    """Action D (discard, then draw): the top of the draw pile is a card drawn as well."""
    s = rules.new_state(NAMES, {"first": 0, "scanned_draws": True})
    rules.apply(s, TurnUp(("purple-1", "orange-2", "white-1")))
    assert s.step is Step.ACTION
    before = s.copy()
    with pytest.raises(RuleViolation) as info:
        rules.apply(s, DiscardDraw(0, "city-2"))
    assert info.value.code == "scan_the_card"
    assert s == before
    rules.apply(s, DiscardDraw(0, "city-2", None, "city-4"))
    assert s.seats[0].hand.known[Card.CITY_4] == 1 and s.seats[0].hand.known[Card.CITY_2] == 0
    # a face-up card is seen by the table: no scan asked
    s = before.copy()
    rules.apply(s, DiscardDraw(0, "city-2", 0, "purple-1"))
    assert s.seats[0].hand.known[Card.PURPLE_1] == 1


def test_without_the_option_a_card_from_the_pile_may_be_unseen(rules):
    s = taking(rules)
    unknown = s.seats[0].hand.unknown
    rules.apply(s, TakeDeck(0))
    assert s.seats[0].hand.unknown == unknown + 1 and not s.scanned_draws


def test_scanned_draws_is_a_yes_or_no_option(rules):
    with pytest.raises(RuleViolation) as info:
        rules.new_state(NAMES, {"scanned_draws": "yes"})
    assert info.value.code == "bad_option"
