"""Railways of the World where every card is scanned, the ones dealt at setup too (the option
scanned_setup): the cards each player was dealt unseen are named (show_card)
before the first turn, so every hand is known exactly."""

from __future__ import annotations

import pytest

from companion.boards import rules_for
from companion.core.rules import Phase, RuleViolation
from companion.games.rotw.engine import Build, Pass, ShowCard, TakeDeck, TurnUp
from companion.games.rotw.engine.box import Card

NAMES = ("Becky", "Steve", "Lu")
STRICT = {"first": 1, "scanned_draws": True, "scanned_setup": True}


@pytest.fixture(scope="module")
def rules():
    return rules_for("rotw-card-game")


def refused(rules, s, action) -> str:
    before = s.copy()
    with pytest.raises(RuleViolation) as info:
        rules.apply(s, action)
    assert s == before
    return info.value.code


def test_the_cards_dealt_at_setup_are_named_before_the_first_turn(rules):
    """After the display is turned up, each player's 2 unseen dealt cards are asked for, from
    the start player on; no move of play is taken until all are named; then the start player
    begins with every hand known."""
    s = rules.new_state(NAMES, STRICT)
    assert rules.status(s).waiting_for == "turn_up"
    rules.apply(s, TurnUp(("purple-1", "orange-2", "white-1")))
    status = rules.status(s)
    assert (status.phase, status.seat, status.waiting_for) == (Phase.SETUP, 1, "show_card")
    for action in (Pass(1), TakeDeck(1, "city-3"),
                   Build(1, 2, "red", ("orange",), "start", "orange", ("orange-2",))):
        assert refused(rules, s, action) == "show_cards_first"
    offered = {move.kind: move.open for move in rules.moves(s, None)}
    assert offered.pop("show_card") and not any(offered.values()), offered
    shown = [(1, "city-3"), (1, "brown-2"), (2, "loco"), (2, "city-3"), (0, "white-2"),
             (0, "white-2")]
    for seat, card in shown:
        assert rules.status(s).seat == seat == s.current
        rules.apply(s, ShowCard(seat, card))
    assert [p.hand.unknown for p in s.seats] == [0, 0, 0]
    assert s.seats[2].hand.known[Card.LOCO] == 2 and s.seats[0].hand.known[Card.WHITE_2] == 2
    status = rules.status(s)
    assert (status.phase, status.seat, status.waiting_for) == (Phase.PLAY, 1, None)
    rules.apply(s, Pass(1))


def test_a_dealt_card_the_box_no_longer_has_is_refused(rules):
    """The box holds 5 City 2 cards: one dealt face up to each of 2 players and 3 turned up
    leave none to be named; a name that is no card is refused too."""
    s = rules.new_state(NAMES[:2], STRICT)
    assert rules.box.cards[Card.CITY_2] == 5
    rules.apply(s, TurnUp(("city-2", "city-2", "city-2")))
    assert refused(rules, s, ShowCard(1, "city-2")) == "too_many_cards"
    assert refused(rules, s, ShowCard(1, "no-such")) == "unknown_card"
    assert refused(rules, s, ShowCard(5, "city-3")) == "no_such_seat"
    rules.apply(s, ShowCard(1, "city-3"))


def test_a_card_is_named_only_at_setup_only_while_the_hand_has_an_unseen_one(rules):
    s = rules.new_state(NAMES[:2], STRICT)
    rules.apply(s, ShowCard(0, "city-4"))  # before the display is turned up, in any order
    rules.apply(s, ShowCard(0, "city-5"))
    assert refused(rules, s, ShowCard(0, "city-4")) == "cards_already_shown"
    assert rules.status(s).waiting_for == "turn_up"
    rules.apply(s, TurnUp(("purple-1", "orange-2", "white-1")))
    assert rules.status(s).seat == 1 and s.phase is Phase.SETUP
    plain = rules.new_state(NAMES[:2], {"scanned_draws": True})
    rules.apply(plain, TurnUp(("purple-1", "orange-2", "white-1")))
    assert plain.phase is Phase.PLAY
    assert refused(rules, plain, ShowCard(0, "city-4")) == "show_card_at_setup"
    assert refused(rules, rules.new_state(NAMES[:2]), ShowCard(0, "city-4")) == \
        "show_card_at_setup"


def test_scanned_setup_is_a_yes_or_no_option_copied_and_score_only_has_no_setup(rules):
    with pytest.raises(RuleViolation) as info:
        rules.new_state(NAMES, {"scanned_setup": "yes"})
    assert info.value.code == "bad_option"
    s = rules.new_state(NAMES, STRICT)
    assert s.scanned_setup and s.copy().scanned_setup and s.copy() == s
    score_only = rules.new_state(NAMES, {"mode": "score_only", "scanned_setup": True})
    assert score_only.phase is Phase.SCORING
