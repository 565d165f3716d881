"""What the screens offer is what the rules accept: moves and choices against `apply`, game by game.

Seeded random games are walked step by step. At every position each seat's kinds of move
(`moves`) and the concrete choices the screens offer (payments, face-up slots, cards the table
may report, tickets to keep) are compared with what `apply` accepts from a larger set of
candidates made here: every route with every one-colour payment of every kind, every card,
every slot, every count. A choice offered must be accepted; an action accepted must be offered;
a kind of move is open exactly when some action of that kind is accepted.
"""

from __future__ import annotations

import itertools
import random

import pytest

from companion.core.rules import Phase
from companion.games.ttr_nyc.engine import (Card, ClaimRoute, DrawBlind, DrawTickets, KeepTickets,
    Pass, PlaceRoute, RevealTickets, ShowHand, TakeFaceUp, TurnUp)
from companion.games.ttr_nyc.engine.moves import (KINDS_OF_MOVE, blind_draws, claim_refusal,
    claims, dealt_choices, face_up_choices, keep_choices, payments, placements, revealable,
    ticket_choices, turn_up_choices)
from companion.games.ttr_nyc.playout import TtrPlayout

CARDS = tuple(Card)
KEYS = tuple(card.key for card in Card)
GAMES = [  # players, seed, options: a few seconds in all
    (2, 11, {}),
    (3, 12, {"aim": True}),
    (4, 13, {"scan_blind": True}),
    (2, 14, {"scanned_hands": True, "aim": True}),
]


def accepted(rules, s, action) -> bool:
    return rules.check(s, action) is None


def open_kinds(rules, s, seat) -> dict[str, bool]:
    return {move.kind: move.open for move in rules.moves(s, seat)}


def keys(cards) -> tuple[str, ...]:
    return tuple(card.key for card in cards)


# ---- candidates: more than the rules allow ----------------------------------------------------

def payment_candidates(route) -> set[tuple[str, ...]]:
    """Every one-colour payment of every kind (colour cards first, then Taxis), a mixed one
    and one card short: a superset of what any hand could pay."""
    found = set()
    for card in CARDS:
        for taxis in range(route.length + 1):
            found.add((card.key,) * (route.length - taxis) + ("taxi",) * taxis)
    found.add(("red", "blue") + ("taxi",) * (route.length - 2) if route.length >= 2 else ("red",))
    found.add(("taxi",) * (route.length - 1))
    return found


def check_claims(rules, s, seat) -> bool:
    """Every route × every payment candidate: accepted exactly when offered. True if any is."""
    board = rules.board
    offered = {route: {keys(p) for p in options} for route, options in claims(board, s, seat).items()}
    for route in board.routes.values():
        on_offer = offered.get(route.id, set())
        assert {keys(p) for p in payments(board, s, seat, route.id)} == on_offer, route.id
        refused = claim_refusal(board, s, seat, route.id)
        assert (refused is None) == bool(on_offer), (route.id, refused)
        for cards in payment_candidates(route):
            violation = rules.check(s, ClaimRoute(seat, route.id, cards))
            assert (violation is None) == (cards in on_offer), (route.id, cards, violation)
            if refused is not None and refused.code not in ("cannot_pay", "too_many_cards") \
                    and violation.code not in ("payment_count", "payment_mixed", "payment_colour"):
                assert violation.code == refused.code, (route.id, cards, violation, refused)
    return bool(offered)


def check_turn_up(rules, s, rng) -> None:
    """The cards offered one by one are those whose report is accepted."""
    count = len(s.pending)
    if count == 1:
        offered = set(turn_up_choices(rules.board, s))
        for card in CARDS:
            assert accepted(rules, s, TurnUp((card.key,))) == (card in offered), card
        return
    for _ in range(20):
        cards = tuple(rng.choice(CARDS) for _ in range(count))
        each_offered = all(card in turn_up_choices(rules.board, s, cards[:n])
                           for n, card in enumerate(cards))
        assert accepted(rules, s, TurnUp(keys(cards))) == each_offered, cards


def check_show_hand(rules, s, seat) -> bool:
    """At setup every dealt hand there could be; later, one (dealt hands are shown at setup)."""
    hand = s.seats[seat].hand
    if s.phase is not Phase.SETUP:
        assert not dealt_choices(rules.board, s, seat)
        assert not accepted(rules, s, ShowHand(seat, ("red",) * hand.unknown))
        return False
    any_accepted = False
    for cards in itertools.combinations_with_replacement(CARDS, max(hand.unknown, 1)):
        each_offered = all(card in dealt_choices(rules.board, s, seat, cards[:n])
                           for n, card in enumerate(cards))
        ok = accepted(rules, s, ShowHand(seat, keys(cards)))
        assert ok == (each_offered and len(cards) == hand.unknown), cards
        any_accepted |= ok
    return any_accepted


def check_seat(rules, s, seat, rng, tickets) -> None:
    """Every kind of move and every choice for one seat, against `apply`."""
    board = rules.board
    kinds = open_kinds(rules, s, seat)
    assert tuple(kinds) == KINDS_OF_MOVE
    some = {kind: False for kind in KINDS_OF_MOVE}

    if s.pending:
        check_turn_up(rules, s, rng)
        some["turn_up"] = True
    some["show_hand"] = check_show_hand(rules, s, seat)

    offered = keep_choices(board, s, seat)
    for kept in range(4):
        assert accepted(rules, s, KeepTickets(seat, kept)) == (kept in offered), kept
    some["keep_tickets"] = bool(offered)

    offered = ticket_choices(board, s, seat)
    for kept in range(4):
        assert accepted(rules, s, DrawTickets(seat, kept)) == (kept in offered), kept
    some["draw_tickets"] = bool(offered)

    offered = face_up_choices(s, seat)
    for slot in range(-1, len(s.display) + 1):
        for key in KEYS:
            named = 0 <= slot < len(s.display) and s.display[slot] is not None \
                and s.display[slot].key == key
            assert accepted(rules, s, TakeFaceUp(seat, slot, key)) == \
                (slot in offered and named), (slot, key)
    some["take_face_up"] = bool(offered)

    offered = blind_draws(board, s, seat)
    for card in (None, *CARDS):
        assert accepted(rules, s, DrawBlind(seat, None if card is None else card.key)) == (card in offered), card
    some["draw_blind"] = bool(offered)

    some["claim_route"] = check_claims(rules, s, seat)
    some["pass"] = accepted(rules, s, Pass(seat))
    some["reveal_tickets"] = accepted(rules, s, RevealTickets(seat, tuple(tickets)))
    offered = revealable(board, s, seat)
    assert bool(offered) == kinds["reveal_tickets"]
    if offered and tickets:  # each ticket in the box in place of the first real one
        for ticket in board.tickets:
            revealed = (ticket, *tickets[1:])
            assert accepted(rules, s, RevealTickets(seat, revealed)) == \
                (ticket in offered and ticket not in tickets[1:]), revealed
    some["place_route"] = any(accepted(rules, s, PlaceRoute(seat, r)) for r in board.routes)
    assert kinds == some, f"kinds open {kinds}\nbut accepted {some}"


def walk(rules, players, seed, options):
    """A seeded random game; yields the playout before each of its steps."""
    playout = TtrPlayout(rules, players, random.Random(seed), claim_bias=0.7, **options)
    while playout.state.phase is not Phase.OVER:
        yield playout
        playout.step()


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_every_move_offered_is_accepted_and_every_accepted_move_is_offered(rules, players, seed,
                                                                           options):
    rng = random.Random(seed)
    positions = 0
    for playout in walk(rules, players, seed, options):
        s = playout.state
        seats = [s.current] if s.phase is not Phase.SETUP else range(players)
        for seat in seats:
            check_seat(rules, s, seat, rng, playout.hidden.tickets[seat])
        other = (s.current + 1) % players
        assert not claims(rules.board, s, other) or s.phase is Phase.SETUP
        positions += 1
    assert positions > 50


def test_the_reasons_of_closed_moves_are_the_reasons_apply_gives(rules):
    """A closed kind of move carries the very reason `apply` refuses its actions with."""
    for playout in walk(rules, 2, 21, {}):
        s = playout.state
        for move in rules.moves(s, s.current):
            if move.open or move.kind in ("claim_route", "take_face_up", "place_route"):
                continue
            action = {"turn_up": TurnUp(("red",) * max(len(s.pending), 1)),
                      "show_hand": ShowHand(s.current, ("red",)),
                      "keep_tickets": KeepTickets(s.current, 1),
                      "draw_blind": DrawBlind(s.current),
                      "draw_tickets": DrawTickets(s.current, 1),
                      "pass": Pass(s.current),
                      "reveal_tickets": RevealTickets(s.current, ()),
                      }[move.kind]
            violation = rules.check(s, action)
            assert violation is not None and violation.code == move.reason.code, \
                (move, violation)


def test_score_only_placements_are_what_apply_accepts(rules):
    s = rules.new_state(("Ann", "Ben"), {"mode": "score_only"})
    rng = random.Random(5)
    for _ in range(40):
        seat = rng.randrange(2)
        offered = set(placements(rules.board, s, seat))
        for route in rules.board.routes:
            assert accepted(rules, s, PlaceRoute(seat, route)) == (route in offered), route
        assert open_kinds(rules, s, seat)["place_route"] == bool(offered)
        if offered:
            rules.apply(s, PlaceRoute(seat, rng.choice(sorted(offered))))
