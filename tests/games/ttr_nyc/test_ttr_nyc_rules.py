"""Ticket to Ride: New York: one test per rule and per [decision] of the rules digest.

The digest is /work/shared/rules/ttr-nyc.md; the leaflet (Hungarian, Romanian and Swedish OCR
text in /work/shared/seeds/) is the authority where the two disagree. docs/ttr-nyc-rules.md maps
every rule to the test named after it here.

Positions are reached through real actions wherever that is quick. Where a position would take
dozens of turns, the test sets state fields directly and says so in a comment.
Every refused action is checked for its `RuleViolation.code` and for leaving the state unchanged.
"""

from __future__ import annotations

import pytest

from companion.core.rules import Phase, RuleViolation
from companion.games.ttr_nyc.engine import (Card, ClaimRoute, DrawBlind, DrawTickets, EndReason,
    Hand, KeepTickets, Mode, Pass, PlaceRoute, RevealTickets, ShowHand, TakeFaceUp, TurnUp)
from companion.games.ttr_nyc.engine.rules import MAX_FLUSHES
from companion.games.ttr_nyc.ui.words import verdict

NAMES = ("Ann", "Ben", "Cas", "Dot")
PLAIN = ("red", "blue", "green", "black", "pink")  # a face-up display without Taxi cards
TWO_TAXIS = ("taxi", "taxi", "red", "blue", "green")  # two Taxis face up: no flush
EMPTY = [None] * 5


# ---- helpers that read like the table --------------------------------------------------------

def new_game(rules, players=2, first=0):
    """The box is opened: 2 cards dealt to each player, 5 face-up slots waiting to be turned up."""
    return rules.new_state(NAMES[:players], {"first": first})


def setup(rules, players=2, display=PLAIN, kept=None, first=0):
    """Setup done: the 5 face-up cards turned up (no flush) and every player's tickets kept."""
    s = new_game(rules, players, first)
    rules.apply(s, TurnUp(tuple(display)))
    assert not s.pending, "this display flushed: turn up the new one in the test itself"
    for seat in range(players):
        rules.apply(s, KeepTickets(seat, 2 if kept is None else kept[seat]))
    assert s.phase is Phase.PLAY and s.current == first
    return s


def refused(rules, s, action, code):
    """The engine refuses `action` with `code` and leaves the state exactly as it was."""
    before = s.copy()
    with pytest.raises(RuleViolation) as info:
        rules.apply(s, action)
    assert info.value.code == code, f"refused as {info.value.code}: {info.value.message}"
    assert s == before, "a refused action changed the state"
    return info.value


def take(rules, s, slot):
    """The current player takes the face-up card in `slot` (naming it, as the table does)."""
    rules.apply(s, TakeFaceUp(s.current, slot, s.display[slot].key))


def draw_two_blind(rules, s):
    """The current player's turn: two cards from the top of the deck."""
    seat = s.current
    rules.apply(s, DrawBlind(seat))
    if s.current == seat and s.drawn:
        rules.apply(s, DrawBlind(seat))


def others_draw(rules, s, until_seat):
    """The other players draw two blind cards each until it is `until_seat`'s turn."""
    while s.current != until_seat:
        draw_two_blind(rules, s)


def to_play_with(rules, cards, players=2):
    """Ann (seat 0) to play, holding at least `cards` cards (all unseen: drawn blind)."""
    s = setup(rules, players)
    while s.seats[0].hand.size < cards:
        draw_two_blind(rules, s)
        others_draw(rules, s, 0)
    return s


def placed_earlier(rules, s, seat, *route_ids):
    """Routes this player claimed on earlier turns.

    Set directly on the state: bringing a player down to a few taxis through real claims
    would take a dozen turns of drawing cards first.
    """
    for route_id in route_ids:
        s.owners[route_id] = seat
        s.seats[seat].routes.append(route_id)
        s.seats[seat].taxis -= rules.board.routes[route_id].length


def empty_the_deck(rules, s):
    """Real turns of blind draws until the deck and the discard pile are both empty.

    If the last blind card was a first card, that player takes a face-up non-Taxi as second card.
    """
    while s.deck + sum(s.discard):
        rules.apply(s, DrawBlind(s.current))
    if s.drawn:
        slot = next(i for i, c in enumerate(s.display) if c is not None and c is not Card.TAXI)
        take(rules, s, slot)
    assert s.drawn == 0


def take_the_display(rules, s):
    """With deck and discard pile empty: players take face-up cards until none is left."""
    while any(c is not None for c in s.display):
        slots = [i for i, c in enumerate(s.display)
                 if c is not None and not (s.drawn and c is Card.TAXI)]
        slots.sort(key=lambda i: s.display[i] is Card.TAXI)
        take(rules, s, slots[0])


def draw_every_ticket(rules, s):
    while s.ticket_deck:
        rules.apply(s, DrawTickets(s.current, min(2, s.ticket_deck)))


def deck_and_discard_empty(rules):
    """Real play with the TWO_TAXIS display until deck and discard pile are empty (2 players).

    35 blind cards: the 35th is Ben's first card, so Ben takes the face-up red as his second.
    Ann is to play; the display is Taxi, Taxi, (empty), blue, green.
    """
    s = setup(rules, display=TWO_TAXIS)
    empty_the_deck(rules, s)
    assert s.current == 0
    assert s.display == [Card.TAXI, Card.TAXI, None, Card.BLUE, Card.GREEN]
    assert s.deck == 0 and sum(s.discard) == 0 and not s.pending
    return s


def nothing_left(rules, players=2):
    """Real play until no card and no ticket can be drawn: every card is in a hand."""
    s = setup(rules, players)
    draw_every_ticket(rules, s)
    empty_the_deck(rules, s)
    take_the_display(rules, s)
    assert s.deck == 0 and sum(s.discard) == 0 and s.display == EMPTY and s.ticket_deck == 0
    assert s.phase is Phase.PLAY and s.drawn == 0
    assert sum(p.hand.size for p in s.seats) == sum(rules.board.box)
    return s


def played_to_the_end(rules, kept=(2, 1)):
    """A short real ending: Ann (down to 4 taxis from earlier claims) claims Lincoln Center –
    Midtown West with her 2 starting cards, which starts the final round; Ben and Ann then
    play their last turns."""
    s = setup(rules, kept=kept)
    placed_earlier(rules, s, 0, "r23", "r07", "r15", "r08")  # 11 taxis: 4 left
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))
    draw_two_blind(rules, s)  # Ben's final turn
    draw_two_blind(rules, s)  # Ann's final turn
    assert s.phase is Phase.SCORING
    return s


def score_only(rules, players=2):
    return rules.new_state(NAMES[:players], {"mode": "score_only"})


def scored(rules, routes, tickets):
    """A finished game entered for scoring: each seat's routes and revealed tickets."""
    s = score_only(rules, len(routes))
    for seat, route_ids in enumerate(routes):
        for route_id in route_ids:
            rules.apply(s, PlaceRoute(seat, route_id))
    for seat, ticket_ids in enumerate(tickets):
        rules.apply(s, RevealTickets(seat, tuple(ticket_ids)))
    assert s.phase is Phase.OVER
    return rules.score(s)


# ---- components and setup -----------------------------------------------------------------------

def test_board_and_box_match_the_components(board):
    assert len(board.locations) == 15
    assert len(board.attractions) == 9
    assert len(board.routes) == 41
    assert sum(r.length for r in board.routes.values()) == 84
    assert sum(1 for r in board.routes.values() if r.sibling) == 22  # 11 double routes
    for route in board.routes.values():
        if route.sibling:
            other = board.routes[route.sibling]
            assert other.sibling == route.id and {other.a, other.b} == {route.a, route.b}
            assert other.length == route.length
    colours = {r.colour for r in board.routes.values()}
    assert colours == {Card.BLUE, Card.GREEN, Card.BLACK, Card.PINK, Card.RED, Card.ORANGE, None}
    assert board.box == (6, 6, 6, 6, 6, 6, 8) and sum(board.box) == 44
    assert len(board.tickets) == 18
    assert board.taxis_per_player == 15


def test_two_to_four_players(rules):
    for players in (2, 3, 4):
        assert len(new_game(rules, players).seats) == players
    for players in (1, 5):
        with pytest.raises(RuleViolation) as info:
            rules.new_state(("P",) * players, {})
        assert info.value.code == "player_count"


def test_each_player_takes_fifteen_taxis(rules):
    s = new_game(rules, 4)
    assert [p.taxis for p in s.seats] == [15] * 4


def test_setup_deals_two_cards_to_each_player(rules):
    for players in (2, 3, 4):
        s = new_game(rules, players)
        assert [(p.hand.size, p.hand.unknown) for p in s.seats] == [(2, 2)] * players
        assert s.deck == 44 - 2 * players
        assert s.phase is Phase.SETUP


def test_setup_turns_five_cards_face_up(rules):
    s = new_game(rules)
    assert s.display == EMPTY and s.pending == (0, 1, 2, 3, 4)
    assert rules.status(s).waiting_for == "turn_up"
    refused(rules, s, TurnUp(("red", "blue", "green", "black")), "turn_up_count")
    refused(rules, s, KeepTickets(0, 2), "turn_up_first")
    refused(rules, s, DrawBlind(0), "turn_up_first")
    rules.apply(s, TurnUp(PLAIN))
    assert s.display == [Card.RED, Card.BLUE, Card.GREEN, Card.BLACK, Card.PINK]
    assert s.deck == 44 - 4 - 5 and s.pending == ()
    assert rules.status(s).waiting_for == "keep_tickets"


def test_setup_flushes_three_or_more_face_up_taxis(rules):
    s = new_game(rules)
    rules.apply(s, TurnUp(("taxi", "taxi", "taxi", "taxi", "red")))  # 4 Taxis: "3 or more"
    assert s.display == EMPTY and s.pending == (0, 1, 2, 3, 4)
    assert s.discard[Card.TAXI] == 4 and s.discard[Card.RED] == 1
    refused(rules, s, KeepTickets(0, 2), "turn_up_first")
    rules.apply(s, TurnUp(TWO_TAXIS))  # 2 Taxis: this display stays
    assert s.display.count(Card.TAXI) == 2 and s.pending == ()
    assert s.deck == 44 - 4 - 10


def test_setup_deals_two_tickets_and_each_keeps_one_or_both(rules):
    s = new_game(rules, 3)
    assert s.ticket_deck == 18 - 2 * 3
    rules.apply(s, TurnUp(PLAIN))
    refused(rules, s, KeepTickets(0, 0), "keep_tickets")
    refused(rules, s, KeepTickets(0, 3), "keep_tickets")
    rules.apply(s, KeepTickets(0, 1))  # the other one goes under the ticket deck
    assert s.ticket_deck == 13 and s.seats[0].tickets == 1
    refused(rules, s, KeepTickets(0, 2), "already_kept")
    refused(rules, s, DrawBlind(0), "not_playing")  # nobody plays before everyone has kept
    rules.apply(s, KeepTickets(2, 2))
    assert s.phase is Phase.SETUP and rules.status(s).seat == 1
    rules.apply(s, KeepTickets(1, 2))
    assert s.phase is Phase.PLAY and s.ticket_deck == 13
    refused(rules, s, KeepTickets(1, 1), "not_setup")


def test_youngest_player_starts_and_play_goes_clockwise(rules):
    s = setup(rules, 3, first=2)
    assert rules.status(s).seat == 2
    refused(rules, s, DrawBlind(0), "not_your_turn")
    draw_two_blind(rules, s)
    assert s.current == 0
    draw_two_blind(rules, s)
    assert s.current == 1
    for bad in (3, -1, True, "0"):
        with pytest.raises(RuleViolation) as info:
            rules.new_state(NAMES[:3], {"first": bad})
        assert info.value.code == "bad_option"


# ---- drawing transportation cards -------------------------------------------------------------

def test_a_turn_is_exactly_one_action(rules):
    s = setup(rules)
    rules.apply(s, DrawBlind(0))
    refused(rules, s, ClaimRoute(0, "r02", ("red", "red")), "one_action")
    refused(rules, s, DrawTickets(0, 1), "one_action")
    refused(rules, s, Pass(0), "must_draw_second")
    rules.apply(s, DrawBlind(0))
    assert s.current == 1
    rules.apply(s, ClaimRoute(1, "r02", ("red", "red")))  # a claim is a whole turn
    assert s.current == 0
    rules.apply(s, DrawTickets(0, 1))  # so is drawing tickets
    assert s.current == 1


def test_draw_takes_two_cards_blind_or_face_up(rules):
    s = setup(rules)
    rules.apply(s, DrawBlind(0))
    assert s.current == 0 and s.drawn == 1
    take(rules, s, 0)  # the face-up red as second card ends the turn
    assert s.current == 1 and s.drawn == 0
    rules.apply(s, TurnUp(("orange",)))
    hand = s.seats[0].hand
    assert hand.size == 4 and hand.known[Card.RED] == 1 and hand.unknown == 3
    refused(rules, s, DrawBlind(0), "not_your_turn")
    take(rules, s, 1)  # two face-up cards make a draw too
    rules.apply(s, TurnUp(("orange",)))
    take(rules, s, 2)
    rules.apply(s, TurnUp(("black",)))
    assert s.current == 0 and s.seats[1].hand.size == 4


def test_face_up_card_is_replaced_at_once_from_the_deck(rules):
    s = setup(rules)
    deck = s.deck
    take(rules, s, 1)  # Ann takes the blue card
    assert s.display[1] is None and s.pending == (1,)
    status = rules.status(s)
    assert status.waiting_for == "turn_up" and status.seat == 0
    refused(rules, s, DrawBlind(0), "turn_up_first")
    refused(rules, s, TurnUp(("red", "red")), "turn_up_count")
    rules.apply(s, TurnUp(("orange",)))
    assert s.display[1] is Card.ORANGE and s.deck == deck - 1
    assert s.seats[0].hand.known[Card.BLUE] == 1 and s.current == 0 and s.drawn == 1
    refused(rules, s, TurnUp(("red",)), "no_turn_up_expected")


def test_face_up_taxi_as_first_card_ends_the_draw(rules):
    s = setup(rules, display=TWO_TAXIS)
    take(rules, s, 0)  # Ann takes a face-up Taxi first: that is her whole draw
    assert s.current == 1 and s.drawn == 0
    assert s.seats[0].hand.known[Card.TAXI] == 1 and s.seats[0].hand.size == 3
    rules.apply(s, TurnUp(("orange",)))
    refused(rules, s, DrawBlind(0), "not_your_turn")
    take(rules, s, 2)  # a coloured face-up card first leaves the draw open
    rules.apply(s, TurnUp(("black",)))
    assert s.current == 1 and s.drawn == 1


def test_face_up_taxi_cannot_be_second_card(rules):
    s = setup(rules, display=TWO_TAXIS)
    rules.apply(s, DrawBlind(0))
    refused(rules, s, TakeFaceUp(0, 0, "taxi"), "taxi_second_card")
    refused(rules, s, TakeFaceUp(0, 1, "taxi"), "taxi_second_card")
    take(rules, s, 2)  # a coloured face-up card is fine as second card
    assert s.current == 1
    rules.apply(s, TurnUp(("orange",)))
    take(rules, s, 3)  # face-up first, then a face-up Taxi: refused too
    rules.apply(s, TurnUp(("pink",)))
    refused(rules, s, TakeFaceUp(1, 0, "taxi"), "taxi_second_card")


def test_blind_taxi_is_an_ordinary_card(rules):
    s = setup(rules)
    rules.apply(s, DrawBlind(0, "taxi"))  # a Taxi drawn blind as first card: the draw goes on
    assert s.current == 0 and s.drawn == 1
    rules.apply(s, DrawBlind(0, "taxi"))  # and as second card
    assert s.current == 1 and s.seats[0].hand.known[Card.TAXI] == 2


def test_three_face_up_taxis_flush_the_display(rules):
    s = setup(rules, display=TWO_TAXIS)
    assert s.display.count(Card.TAXI) == 2 and s.pending == ()  # two Taxis: no flush
    take(rules, s, 2)  # Ann takes the red card...
    rules.apply(s, TurnUp(("taxi",)))  # ...and a third Taxi is turned up in its place
    assert s.display == EMPTY and s.pending == (0, 1, 2, 3, 4) and s.flushes == 1
    # the 5 flushed cards go to the discard pile
    assert s.discard == [1, 1, 0, 0, 0, 0, 3]
    refused(rules, s, DrawBlind(0), "turn_up_first")
    rules.apply(s, TurnUp(PLAIN))
    assert s.display.count(Card.TAXI) == 0
    assert s.current == 0 and s.drawn == 1  # Ann still takes her second card


def test_flush_is_capped_after_three_in_a_row(rules):
    assert MAX_FLUSHES == 3
    s = new_game(rules)
    # Set directly: two flushes in a row have already happened. With only 8 Taxi cards in the
    # box, three 3-Taxi displays in a row can only come after a reshuffle, late in a game.
    s.flushes = MAX_FLUSHES - 1
    rules.apply(s, TurnUp(("taxi", "taxi", "taxi", "red", "blue")))
    assert s.display == EMPTY and s.flushes == MAX_FLUSHES  # the third flush in a row
    rules.apply(s, TurnUp(("taxi", "taxi", "taxi", "green", "black")))
    assert s.display.count(Card.TAXI) == 3 and s.pending == ()  # capped: the display stays
    rules.apply(s, KeepTickets(0, 2))
    rules.apply(s, KeepTickets(1, 2))
    take(rules, s, 3)  # a player changing the display ends the run of flushes
    assert s.flushes == 0
    rules.apply(s, TurnUp(("pink",)))  # still 3 Taxis: they are flushed again
    assert s.display == EMPTY and s.flushes == 1


def test_flush_only_when_fewer_than_three_taxis_could_come_up(rules):
    # [decision] no flush when the cards that would be turned up cannot give < 3 Taxis
    s = deck_and_discard_empty(rules)
    take(rules, s, 3)
    take(rules, s, 4)  # Ann takes blue and green: Taxi, Taxi and 3 empty slots
    assert s.current == 1 and s.display == [Card.TAXI, Card.TAXI, None, None, None]
    rules.apply(s, ClaimRoute(1, "r08", ("taxi",)))  # Ben pays a gray 1-space route with a Taxi
    assert s.pending == (2,)  # one card in the discard pile: one slot can be refilled
    rules.apply(s, TurnUp(("taxi",)))  # the discard pile (that Taxi) is the new deck
    # 3 Taxis face up, but no other card could come up: the display stays
    assert s.display == [Card.TAXI, Card.TAXI, Card.TAXI, None, None]
    assert s.pending == () and s.flushes == 0 and s.discard == [0] * 7
    take(rules, s, 0)  # Ann may take one of them (as her first and only card)
    assert s.current == 1


def test_flush_looks_only_at_the_deck_while_it_holds_enough_cards(rules):
    # [decision] the next display comes from the deck alone when it holds 5 or more cards
    s = setup(rules, display=TWO_TAXIS)
    # Set directly: late in a game, after a reshuffle, the deck is known to hold 6 cards of
    # which at most 1 blue, 1 green and 4 Taxis (reaching this through play takes a whole game).
    s.deck, s.deck_max = 6, [1, 1, 0, 0, 0, 0, 4]
    take(rules, s, 2)  # Ann takes the red card; a Taxi comes up in its place
    rules.apply(s, TurnUp(("taxi",)))
    # 3 Taxis face up, but the 5 cards that would replace them hold at most 2 colours
    assert s.display.count(Card.TAXI) == 3 and s.pending == () and s.flushes == 0


def test_stuck_three_taxi_display_flushes_once_a_claim_brings_new_cards(rules):
    # [decision] a 3-Taxi display that could not be flushed is flushed as soon as it can be
    s = deck_and_discard_empty(rules)  # Ann to play; Taxi, Taxi, (empty), blue, green
    rules.apply(s, ClaimRoute(0, "r08", ("taxi",)))
    rules.apply(s, TurnUp(("taxi",)))  # the paid Taxi is the whole new deck
    assert s.display == [Card.TAXI, Card.TAXI, Card.TAXI, Card.BLUE, Card.GREEN]
    assert s.pending == ()  # nothing could replace them: the display stays
    rules.apply(s, ClaimRoute(1, "r02", ("red", "red")))  # Ben's reds reach the discard pile
    assert s.display == EMPTY and s.pending == (0, 1, 2, 3, 4) and s.flushes == 1
    rules.apply(s, TurnUp(("red", "taxi", "blue", "red", "green")))
    assert s.display.count(Card.TAXI) == 1


def test_reshuffled_deck_holds_only_what_the_discard_pile_held(rules):
    s = setup(rules)
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))  # the discard pile: 2 red cards
    while s.deck:
        rules.apply(s, DrawBlind(s.current))
    slot = next(i for i, c in enumerate(s.display) if c is not Card.TAXI)
    take(rules, s, slot)  # a second card, face up; its replacement needs the discard pile
    refused(rules, s, TurnUp(("blue",)), "not_in_deck")  # the new deck is 2 reds
    rules.apply(s, TurnUp(("red",)))
    assert s.deck == 1 and s.deck_max[Card.RED] == 1
    refused(rules, s, DrawBlind(s.current, "green"), "not_in_deck")
    rules.apply(s, DrawBlind(s.current, "red"))
    assert s.deck == 0


def test_flushed_cards_go_to_the_discard_pile(rules):
    s = new_game(rules)
    rules.apply(s, TurnUp(("taxi", "taxi", "taxi", "taxi", "red")))
    assert s.discard == [0, 0, 0, 0, 1, 0, 4] and sum(s.discard) == 5
    # the discard pile is face up and counted: 4 Taxis there leave only 4 for everywhere else
    refused(rules, s, TurnUp(("taxi",) * 5), "too_many_cards")
    rules.apply(s, TurnUp(TWO_TAXIS))
    assert s.known_count(Card.TAXI) == 6 and s.discard[Card.TAXI] == 4


def test_empty_deck_reshuffles_discard_pile_lazily(rules):
    s = setup(rules)
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))
    assert s.discard[Card.RED] == 2
    while s.deck:
        rules.apply(s, DrawBlind(s.current))
    # the deck has run out, but the discard pile is not shuffled in until a card is needed
    assert s.deck == 0 and s.discard[Card.RED] == 2
    assert s.drawn == 1  # the last card of the deck was a first card
    rules.apply(s, DrawBlind(s.current))  # the second card needs the discard pile
    assert s.deck == 1 and s.discard == [0] * 7
    rules.apply(s, DrawBlind(s.current))
    assert s.deck == 0 and s.drawn == 1
    refused(rules, s, DrawBlind(s.current), "deck_empty")


def test_no_hand_limit(rules):
    s = to_play_with(rules, 16)  # 16 cards each: 28 of the 35 cards of the deck drawn
    assert s.seats[0].hand.size == 16
    draw_two_blind(rules, s)
    assert s.seats[0].hand.size == 18 and s.current == 1


# ---- deck and discard pile both empty [decision] -------------------------------------------------

def test_blind_draw_impossible_when_deck_and_discard_are_empty(rules):
    s = deck_and_discard_empty(rules)
    refused(rules, s, DrawBlind(0), "deck_empty")
    refused(rules, s, DrawBlind(0, "red"), "deck_empty")
    take(rules, s, 3)  # face-up cards can still be taken
    assert s.seats[0].hand.known[Card.BLUE] == 1


def test_empty_slot_stays_empty_and_is_refilled_after_a_claim(rules):
    s = deck_and_discard_empty(rules)
    take(rules, s, 3)
    assert s.display[3] is None and s.pending == ()  # nothing to refill it with
    assert rules.status(s).waiting_for is None
    refused(rules, s, TurnUp(("orange",)), "no_turn_up_expected")
    take(rules, s, 4)
    assert s.display == [Card.TAXI, Card.TAXI, None, None, None] and s.current == 1
    rules.apply(s, ClaimRoute(1, "r02", ("red", "red")))  # Ben's cards go to the discard pile
    assert s.pending == (2, 3)  # two cards to turn up: two of the three empty slots
    assert rules.status(s).waiting_for == "turn_up"
    refused(rules, s, TurnUp(("red", "red", "red")), "turn_up_count")
    rules.apply(s, TurnUp(("red", "red")))  # the discard pile is shuffled into a new deck
    assert s.display == [Card.TAXI, Card.TAXI, Card.RED, Card.RED, None]
    assert s.deck == 0 and s.discard == [0] * 7 and s.pending == ()


def test_draw_ends_after_one_card_when_no_second_can_be_had(rules):
    s = deck_and_discard_empty(rules)
    take(rules, s, 3)  # Ann takes blue: green is still there, so her draw goes on
    assert s.current == 0 and s.drawn == 1
    refused(rules, s, TakeFaceUp(0, 0, "taxi"), "taxi_second_card")
    take(rules, s, 4)
    rules.apply(s, ClaimRoute(1, "r08", ("orange",)))  # Ben's claim puts a card in the discard
    rules.apply(s, TurnUp(("orange",)))
    assert s.display == [Card.TAXI, Card.TAXI, Card.ORANGE, None, None]
    take(rules, s, 2)  # Ann takes the orange card: only face-up Taxis are left
    assert s.current == 1 and s.drawn == 0  # her draw ended after one card
    assert s.seats[0].hand.known[Card.ORANGE] == 1
    refused(rules, s, TakeFaceUp(0, 0, "taxi"), "not_your_turn")


# ---- claiming a route ------------------------------------------------------------------------

def test_claim_plays_as_many_cards_as_the_route_has_spaces(rules):
    s = to_play_with(rules, 4)
    refused(rules, s, ClaimRoute(0, "r02", ("red",)), "payment_count")
    refused(rules, s, ClaimRoute(0, "r02", ("red", "red", "red")), "payment_count")
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))
    assert s.owners["r02"] == 0 and s.seats[0].hand.size == 2


def test_route_is_paid_in_its_colour_with_taxis_wild(rules):
    for cards in (("red", "red"), ("red", "taxi"), ("taxi", "taxi")):
        s = setup(rules)
        rules.apply(s, ClaimRoute(0, "r02", cards))  # Lincoln Center – Midtown West, red 2
        assert s.owners["r02"] == 0
    s = setup(rules)
    refused(rules, s, ClaimRoute(0, "r02", ("blue", "blue")), "payment_colour")
    refused(rules, s, ClaimRoute(0, "r02", ("blue", "taxi")), "payment_colour")
    refused(rules, s, ClaimRoute(0, "r02", ("red", "blue")), "payment_mixed")


def test_gray_route_takes_any_one_colour(rules):
    for cards in (("pink", "pink"), ("orange", "orange"), ("black", "taxi"), ("taxi", "taxi")):
        s = setup(rules)
        rules.apply(s, ClaimRoute(0, "r11", cards))  # Times Square – United Nations, gray 2
        assert s.owners["r11"] == 0
    s = setup(rules)
    refused(rules, s, ClaimRoute(0, "r11", ("pink", "blue")), "payment_mixed")
    refused(rules, s, ClaimRoute(0, "r08", ("pink", "pink")), "payment_count")  # gray 1


def test_blue_route_of_three_payments_from_the_leaflet(rules):
    # Wall Street – Brooklyn, blue 3: 3 blue, 2 blue + 1 Taxi, 1 blue + 2 Taxi or 3 Taxi
    for cards in (("blue",) * 3, ("blue", "blue", "taxi"), ("blue", "taxi", "taxi"),
                  ("taxi",) * 3):
        s = to_play_with(rules, 4)
        rules.apply(s, ClaimRoute(0, "r40", cards))
        assert s.owners["r40"] == 0 and s.seats[0].taxis == 12
        assert s.discard[Card.BLUE] == cards.count("blue")
        assert s.discard[Card.TAXI] == cards.count("taxi")
    s = to_play_with(rules, 4)
    refused(rules, s, ClaimRoute(0, "r40", ("blue", "blue", "red")), "payment_mixed")
    refused(rules, s, ClaimRoute(0, "r40", ("red", "red", "red")), "payment_colour")
    refused(rules, s, ClaimRoute(0, "r40", ("blue", "blue")), "payment_count")
    refused(rules, s, ClaimRoute(0, "r40", ("blue",) * 4), "payment_count")


def test_claim_places_one_taxi_per_space(rules):
    s = to_play_with(rules, 4)
    rules.apply(s, ClaimRoute(0, "r40", ("taxi",) * 3))
    assert s.seats[0].taxis == 15 - 3 and s.seats[0].routes == ["r40"]


def test_cannot_claim_without_enough_taxis(rules):
    s = setup(rules)
    placed_earlier(rules, s, 0, "r07", "r15", "r21", "r34")  # 12 taxis placed: 3 left
    assert s.seats[0].taxis == 3 and s.phase is Phase.PLAY
    refused(rules, s, ClaimRoute(0, "r23", ("pink",) * 4), "not_enough_taxis")  # 4 spaces
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))  # 2 spaces: fine
    assert s.seats[0].taxis == 1


def test_any_free_route_may_be_claimed_unconnected(rules):
    s = to_play_with(rules, 4)
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))  # Lincoln Center – Midtown West
    others_draw(rules, s, 0)
    rules.apply(s, ClaimRoute(0, "r33", ("blue",)))  # Lower East Side – Chinatown
    assert s.seats[0].routes == ["r02", "r33"]


def test_one_route_per_turn(rules):
    s = to_play_with(rules, 4)
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))
    assert s.current == 1
    refused(rules, s, ClaimRoute(0, "r33", ("blue",)), "not_your_turn")


def test_claimed_route_cannot_be_claimed_again(rules):
    s = setup(rules)
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))
    refused(rules, s, ClaimRoute(1, "r02", ("red", "red")), "route_taken")
    rules.apply(s, ClaimRoute(1, "r01", ("orange", "orange")))
    assert s.owners == {"r02": 0, "r01": 1}


def test_two_players_close_the_other_route_of_a_double(rules):
    s = setup(rules, 2)
    rules.apply(s, ClaimRoute(0, "r03", ("green", "green")))  # Lincoln Center – Times Square
    refused(rules, s, ClaimRoute(1, "r04", ("blue", "blue")), "double_route_closed")
    for players in (3, 4):  # with more players the other route stays open to the others
        s = setup(rules, players)
        rules.apply(s, ClaimRoute(0, "r03", ("green", "green")))
        rules.apply(s, ClaimRoute(1, "r04", ("blue", "blue")))
        assert s.owners == {"r03": 0, "r04": 1}


def test_one_player_never_claims_both_routes_of_a_double(rules):
    s = to_play_with(rules, 4, players=3)
    rules.apply(s, ClaimRoute(0, "r03", ("green", "green")))
    others_draw(rules, s, 0)
    refused(rules, s, ClaimRoute(0, "r04", ("blue", "blue")), "double_route_twice")
    draw_two_blind(rules, s)
    rules.apply(s, ClaimRoute(1, "r04", ("blue", "blue")))  # another player may (3 players)
    assert s.owners == {"r03": 0, "r04": 1}


def test_played_cards_go_to_the_discard_pile(rules):
    s = setup(rules)
    take(rules, s, 0)  # Ann takes the face-up red
    rules.apply(s, TurnUp(("orange",)))
    rules.apply(s, DrawBlind(0))
    draw_two_blind(rules, s)
    hand = s.seats[0].hand
    assert (hand.known[Card.RED], hand.unknown) == (1, 3)
    rules.apply(s, ClaimRoute(0, "r02", ("red", "taxi")))
    assert s.discard[Card.RED] == 1 and s.discard[Card.TAXI] == 1 and sum(s.discard) == 2
    assert (hand.known[Card.RED], hand.unknown) == (0, 2)  # the seen red was played first


def test_cannot_pay_with_more_cards_than_held(rules):
    s = setup(rules)  # Ann holds 2 cards
    error = refused(rules, s, ClaimRoute(0, "r07", ("pink",) * 3), "not_enough_cards")
    assert error.params["length"] == 3 and error.params["held"] == 2
    rules.apply(s, ClaimRoute(0, "r20", ("orange", "orange")))
    refused(rules, s, ClaimRoute(1, "r07", ("pink",) * 3), "not_enough_cards")


def test_cannot_pay_with_cards_not_in_hand(rules):
    s = setup(rules)  # the display: red, blue, green, black, pink
    take(rules, s, 0)
    rules.apply(s, TurnUp(("green",)))
    take(rules, s, 1)
    rules.apply(s, TurnUp(("black",)))  # Ann: a red and a blue seen, 2 cards unseen
    draw_two_blind(rules, s)  # Ben
    # 3 pink cards: none seen in Ann's hand, and only 2 unseen cards could be pink
    refused(rules, s, ClaimRoute(0, "r07", ("pink",) * 3), "not_in_hand")
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))  # the seen red and an unseen one


# ---- destination tickets -------------------------------------------------------------------

def test_draw_tickets_keep_one_or_both(rules):
    s = setup(rules)
    assert s.ticket_deck == 14
    refused(rules, s, DrawTickets(0, 0), "keep_tickets")
    refused(rules, s, DrawTickets(0, 3), "keep_tickets")
    rules.apply(s, DrawTickets(0, 1))  # the other goes back under the ticket deck
    assert s.ticket_deck == 13 and s.seats[0].tickets == 3 and s.current == 1
    rules.apply(s, DrawTickets(1, 2))
    assert s.ticket_deck == 11 and s.seats[1].tickets == 4


def test_kept_ticket_is_never_discarded_and_there_is_no_ticket_limit(rules):
    s = setup(rules)
    draw_every_ticket(rules, s)  # 7 draws of 2 kept
    assert [p.tickets for p in s.seats] == [2 + 8, 2 + 6] and s.ticket_deck == 0
    # every kept ticket must be shown at scoring: none can have been thrown away
    placed_earlier(rules, s, s.current, "r23", "r07", "r15", "r21")  # 13 taxis: 2 left
    seat = s.current
    draw_two_blind(rules, s)  # the turn ends with 2 taxis: the final round starts
    while s.phase is not Phase.SCORING:
        draw_two_blind(rules, s)
    held = list(rules.board.tickets)
    refused(rules, s, RevealTickets(seat, tuple(held[:s.seats[seat].tickets - 1])),
            "ticket_count")
    rules.apply(s, RevealTickets(seat, tuple(held[:s.seats[seat].tickets])))


def test_last_ticket_must_be_kept(rules):
    s = setup(rules)
    for _ in range(6):
        rules.apply(s, DrawTickets(s.current, 2))
    rules.apply(s, DrawTickets(s.current, 1))
    assert s.ticket_deck == 1
    refused(rules, s, DrawTickets(s.current, 2), "keep_tickets")  # only 1 can be drawn
    refused(rules, s, DrawTickets(s.current, 0), "keep_tickets")  # and it must be kept
    seat = s.current
    rules.apply(s, DrawTickets(seat, 1))
    assert s.ticket_deck == 0 and s.current != seat


def test_empty_ticket_deck_makes_ticket_action_unavailable(rules):
    s = setup(rules)
    for _ in range(7):
        rules.apply(s, DrawTickets(s.current, 2))
    assert s.ticket_deck == 0
    refused(rules, s, DrawTickets(s.current, 1), "no_tickets_left")
    draw_two_blind(rules, s)  # the other actions are still there


def test_tickets_stay_secret_until_the_end(rules):
    s = setup(rules, kept=(1, 2))
    # the engine holds only how many tickets each player kept, never which
    assert [p.tickets for p in s.seats] == [1, 2]
    assert all(p.revealed is None for p in s.seats)
    refused(rules, s, RevealTickets(0, ("t01",)), "not_scoring")
    s = played_to_the_end(rules, kept=(1, 2))
    rules.apply(s, RevealTickets(0, ("t01",)))
    assert s.seats[0].revealed == ("t01",)


# ---- end of the game ---------------------------------------------------------------------------

def test_final_round_starts_after_two_or_fewer_taxis(rules):
    s = setup(rules)
    placed_earlier(rules, s, 0, "r23", "r07", "r15")  # 10 taxis: 5 left
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))  # 3 left: the game goes on
    assert s.phase is Phase.PLAY and s.trigger is None and not rules.status(s).final_round
    s = setup(rules)
    placed_earlier(rules, s, 0, "r23", "r07", "r15", "r08")  # 11 taxis: 4 left
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))  # 2 left at the end of the turn
    assert s.phase is Phase.FINAL_ROUND and s.trigger == 0
    assert rules.status(s).final_round and s.current == 1


def test_final_round_ends_with_the_triggers_own_turn(rules):
    # [decision] it starts with the next player and ends with the trigger's own final turn
    s = setup(rules, 3)
    draw_two_blind(rules, s)  # Ann
    placed_earlier(rules, s, 1, "r23", "r07", "r15", "r08")  # Ben: 4 taxis left
    rules.apply(s, ClaimRoute(1, "r02", ("red", "red")))  # Ben: 2 left
    assert s.phase is Phase.FINAL_ROUND and s.trigger == 1 and s.current == 2
    draw_two_blind(rules, s)  # Cas's final turn
    assert s.phase is Phase.FINAL_ROUND and s.current == 0
    draw_two_blind(rules, s)  # Ann's final turn
    assert s.phase is Phase.FINAL_ROUND and s.current == 1
    rules.apply(s, DrawBlind(1))  # Ben's own final turn (the trigger plays too)
    take(rules, s, 0)
    assert s.phase is Phase.SCORING and s.end_reason is EndReason.TAXIS_LOW
    assert s.pending == ()  # nobody needs to report the card turned up after the last turn
    status = rules.status(s)
    assert status.waiting_for == "reveal_tickets" and status.final_round
    refused(rules, s, DrawBlind(2), "not_playing")
    refused(rules, s, TurnUp(("red",)), "no_turn_up_expected")


def test_final_round_is_triggered_once(rules):
    s = setup(rules, 3)
    draw_two_blind(rules, s)  # Ann
    placed_earlier(rules, s, 1, "r23", "r07", "r15", "r08")  # Ben: 4 taxis left
    placed_earlier(rules, s, 2, "r22", "r34", "r39", "r35")  # Cas: 4 taxis left
    rules.apply(s, ClaimRoute(1, "r02", ("red", "red")))  # Ben starts the final round
    rules.apply(s, ClaimRoute(2, "r09", ("green", "green")))  # Cas also drops to 2
    assert s.trigger == 1 and s.phase is Phase.FINAL_ROUND
    draw_two_blind(rules, s)  # Ann
    assert s.phase is Phase.FINAL_ROUND
    draw_two_blind(rules, s)  # Ben: the round he started is over
    assert s.phase is Phase.SCORING


# ---- passing [decision] ----------------------------------------------------------------------

def test_pass_only_when_no_action_is_possible(rules):
    s = setup(rules)
    refused(rules, s, Pass(0), "pass_not_allowed")  # cards and tickets can be drawn
    s = setup(rules)
    empty_the_deck(rules, s)
    take_the_display(rules, s)
    # Set directly: this player's hand is empty (its cards spent on earlier claims)
    s.seats[s.current].hand = Hand()
    refused(rules, s, Pass(s.current), "pass_not_allowed")  # tickets can still be drawn
    s = deck_and_discard_empty(rules)
    draw_every_ticket(rules, s)
    take(rules, s, 3)
    take(rules, s, 4)
    s.seats[s.current].hand = Hand()  # set directly, as above
    # only face-up Taxis are left: one may still be taken as a first card
    refused(rules, s, Pass(s.current), "pass_not_allowed")
    s = nothing_left(rules)
    seat = s.current
    # Set directly: a fully known hand of one red card, which pays the gray 1-space route
    s.seats[seat].hand = Hand(known=[0, 0, 0, 0, 1, 0, 0])
    refused(rules, s, Pass(seat), "pass_not_allowed")
    s.seats[seat].hand = Hand()  # set directly: no card at all; nothing can be done
    rules.apply(s, Pass(seat))
    assert s.current != seat and s.passes == 1 and s.phase is Phase.PLAY


def test_pass_refused_while_seen_cards_pay_a_route_despite_unseen_ones(rules):
    s = nothing_left(rules)
    seat = s.current
    # Set directly: two red cards the table saw, and one card it did not see. The two reds
    # surely pay Lincoln Center – Midtown West (red 2), whatever the unseen card is.
    s.seats[seat].hand = Hand(known=[0, 0, 0, 0, 2, 0, 0], unknown=1)
    assert "r02" not in s.owners
    refused(rules, s, Pass(seat), "pass_not_allowed")


def test_pass_refused_while_unseen_cards_surely_pay_a_route(rules):
    # Any single card pays the gray 1-space route Midtown West – Times Square, so a player
    # holding cards (seen or not) and with taxis left always has a legal move while it is free.
    s = nothing_left(rules)
    seat = s.current
    assert s.seats[seat].hand.size > 0 and s.seats[seat].taxis == 15
    assert "r08" not in s.owners
    refused(rules, s, Pass(seat), "pass_not_allowed")


def test_every_player_passing_in_a_row_ends_the_game(rules):
    s = nothing_left(rules, 3)
    for player in s.seats:
        player.hand = Hand()  # set directly: nobody holds a card, so nobody can move
    rules.apply(s, Pass(s.current))
    rules.apply(s, Pass(s.current))
    assert s.phase is Phase.PLAY and s.passes == 2
    rules.apply(s, Pass(s.current))
    assert s.phase is Phase.SCORING and s.end_reason is EndReason.NO_MOVES
    assert rules.status(s).waiting_for == "reveal_tickets"
    refused(rules, s, Pass(s.current), "not_playing")
    # "in a row": a move in between starts the count again
    s = nothing_left(rules, 2)
    passer, mover = s.current, 1 - s.current
    s.seats[passer].hand = Hand()  # set directly, as above
    s.seats[mover].hand = Hand(known=[0, 0, 0, 0, 1, 0, 0])  # set directly: one red card
    rules.apply(s, Pass(passer))
    assert s.passes == 1
    rules.apply(s, ClaimRoute(mover, "r08", ("red",)))
    assert s.passes == 0 and s.phase is Phase.PLAY


# ---- scoring -------------------------------------------------------------------------------

def test_route_points_by_the_board_table(rules, board):
    assert dict(board.route_points) == {1: 1, 2: 2, 3: 4, 4: 7}
    sheet = scored(rules, [["r08"], ["r01"], ["r07"], ["r23"]],
                   [["t01"], ["t02"], ["t03"], ["t04"]])
    assert [sheet.of(seat, "routes") for seat in range(4)] == [1, 2, 4, 7]
    sheet = scored(rules, [["r08", "r01", "r07", "r23"], ["r02"]], [["t01"], ["t02"]])
    assert sheet.of(0, "routes") == 1 + 2 + 4 + 7


def test_ticket_completed_by_own_connected_routes_only(rules):
    # t04 Central Park – Midtown West (3): Central Park – Lincoln Center – Midtown West
    sheet = scored(rules, [["r01", "r02"], ["r09"]], [["t04"], ["t11"]])
    assert sheet.of(0, "tickets_completed") == 3 and sheet.of(0, "tickets_failed") == 0
    # the path runs through another player's route: not completed
    sheet = scored(rules, [["r01"], ["r02"]], [["t04"], ["t11"]])
    assert sheet.of(0, "tickets_completed") == 0 and sheet.of(0, "tickets_failed") == -3
    # both locations touched by own routes that do not join up: not completed
    sheet = scored(rules, [["r01", "r08"], ["r09"]], [["t04"], ["t11"]])
    assert sheet.of(0, "tickets_failed") == -3


def test_failed_ticket_subtracts_its_value(rules):
    sheet = scored(rules, [[], ["r02"]], [["t02", "t13"], ["t11"]])  # 8 and 2, no routes
    assert sheet.of(0, "tickets_failed") == -10 and sheet.totals[0] == -10


def test_tourist_attraction_counts_once(rules):
    # Central Park – Times Square, Midtown West – Times Square, Times Square – United Nations
    sheet = scored(rules, [["r05", "r08", "r11"], ["r02"]], [["t01"], ["t02"]])
    assert sheet.of(0, "attractions") == 3  # Central Park, Times Square (once), United Nations
    assert sheet.of(1, "attractions") == 0  # Lincoln Center and Midtown West are no attractions


def test_most_points_wins(rules):
    sheet = scored(rules, [["r23"], ["r02"]], [["t01"], ["t02"]])
    assert sheet.totals == (7 + 1 - 5, 2 - 8)
    assert sheet.winners == (0,) and not sheet.shared and sheet.decided_by is None


def test_tie_goes_to_most_completed_tickets(rules):
    # Ann: routes 2 + 2, Central Park 1, ticket t04 completed +3 = 8 (1 completed)
    # Ben: routes 7 + 2, Chelsea 1, ticket t13 failed -2 = 8 (none completed)
    sheet = scored(rules, [["r01", "r02"], ["r23", "r10"]], [["t04"], ["t13"]])
    assert sheet.totals == (8, 8)
    assert sheet.winners == (0,) and sheet.decided_by == "most_tickets_completed"
    assert not sheet.shared


def test_tie_still_tied_shares_the_win(rules):
    # Ann as above: 8 with 1 completed; Ben: routes 2 + 1, Times Square and Empire State
    # Building 2, ticket t11 Lincoln Center – Empire State Building completed +3 = 8, 1 completed
    sheet = scored(rules, [["r01", "r02"], ["r03", "r12"]], [["t04"], ["t11"]])
    assert sheet.totals == (8, 8)
    assert sheet.winners == (0, 1) and sheet.shared and sheet.decided_by is None


def test_tie_narrowed_by_completed_tickets_names_them_though_the_win_is_shared(rules):
    """Three tied, Cleo drops out on completed tickets, Ann and Ben share; the sheet
    names the tie-break that narrowed it, and the results screen says so."""
    # Ann and Ben as above (8, 1 completed each); Cleo as Ben in the tie above (8, none)
    sheet = scored(rules, [["r01", "r02"], ["r03", "r12"], ["r23", "r10"]],
                   [["t04"], ["t11"], ["t13"]])
    assert sheet.totals == (8, 8, 8)
    assert sheet.winners == (0, 1) and sheet.shared
    assert sheet.decided_by == "most_tickets_completed"
    winner, why = verdict(sheet, ("Ann", "Ben", "Cleo"))
    assert winner == "Shared victory: Ann & Ben"
    assert why == "Tied on points: these players also completed the most tickets, still tied."


def test_results_screen_says_why_in_words(rules):
    alone = scored(rules, [["r01", "r02"], ["r23", "r10"]], [["t04"], ["t13"]])
    assert verdict(alone, ("Ann", "Ben")) == (
        "Ann wins!", "Tied on points: more completed tickets decided it.")
    shared = scored(rules, [["r01", "r02"], ["r03", "r12"]], [["t04"], ["t11"]])
    assert verdict(shared, ("Ann", "Ben")) == (
        "Shared victory: Ann & Ben", "Tied on points and on completed tickets.")
    clear = scored(rules, [["r23"], ["r02"]], [["t01"], ["t02"]])
    assert verdict(clear, ("Ann", "Ben")) == ("Ann wins!", "")


def test_scores_are_provisional_until_every_player_revealed(rules):
    s = played_to_the_end(rules)
    assert not rules.score(s).final
    rules.apply(s, RevealTickets(0, ("t03", "t11")))  # Central Park – Gramercy Park: done
    assert s.phase is Phase.SCORING and not rules.score(s).final
    rules.apply(s, RevealTickets(1, ("t05",)))
    sheet = rules.score(s)
    assert s.phase is Phase.OVER and sheet.final
    # Ann: r23 7 + r07 4 + r15 4 + r08 1 + r02 2 = 18; t03 +4; t11 -3;
    # attractions Chelsea, Central Park, United Nations, Times Square = 4
    assert sheet.points[0] == (18, 4, -3, 4)
    assert sheet.points[1] == (0, 0, -8, 0)


# ---- revealing tickets -------------------------------------------------------------------------

def test_reveal_must_match_tickets_kept(rules):
    s = played_to_the_end(rules, kept=(2, 1))
    refused(rules, s, RevealTickets(0, ("t01",)), "ticket_count")
    refused(rules, s, RevealTickets(0, ("t01", "t02", "t03")), "ticket_count")
    refused(rules, s, RevealTickets(1, ()), "ticket_count")
    rules.apply(s, RevealTickets(0, ("t01", "t02")))
    rules.apply(s, RevealTickets(1, ("t03",)))
    assert s.phase is Phase.OVER


def test_ticket_cannot_be_revealed_twice(rules):
    s = played_to_the_end(rules, kept=(2, 2))
    refused(rules, s, RevealTickets(0, ("t01", "t01")), "ticket_twice")
    rules.apply(s, RevealTickets(0, ("t01", "t02")))
    refused(rules, s, RevealTickets(0, ("t01", "t02")), "already_revealed")
    refused(rules, s, RevealTickets(1, ("t02", "t03")), "ticket_held_by_other")
    rules.apply(s, RevealTickets(1, ("t03", "t04")))


def test_unknown_ticket_is_refused(rules):
    s = played_to_the_end(rules, kept=(2, 1))
    refused(rules, s, RevealTickets(0, ("t01", "t99")), "unknown_ticket")


# ---- card conservation -------------------------------------------------------------------------

def test_seventh_red_card_is_refused(rules):
    s = setup(rules, display=("red",) * 5)  # 5 of the 6 reds face up
    take(rules, s, 0)
    rules.apply(s, TurnUp(("red",)))  # the sixth red: allowed
    assert s.known_count(Card.RED) == 6
    take(rules, s, 1)  # second card
    refused(rules, s, TurnUp(("red",)), "too_many_cards")
    rules.apply(s, TurnUp(("blue",)))
    refused(rules, s, DrawBlind(1, "red"), "too_many_cards")
    refused(rules, s, ClaimRoute(1, "r02", ("red", "taxi")), "too_many_cards")  # unseen red
    rules.apply(s, DrawBlind(1, "blue"))


def test_ninth_taxi_is_refused(rules):
    s = setup(rules, display=TWO_TAXIS)
    for _ in range(3):
        rules.apply(s, DrawBlind(s.current, "taxi"))
        rules.apply(s, DrawBlind(s.current, "taxi"))
    assert s.known_count(Card.TAXI) == 8  # 2 face up and 6 drawn and seen
    seat = s.current
    refused(rules, s, DrawBlind(seat, "taxi"), "too_many_cards")
    # Ben holds 2 seen Taxis: a third Taxi in a payment would come from his unseen cards
    refused(rules, s, ClaimRoute(seat, "r07", ("taxi",) * 3), "too_many_cards")
    take(rules, s, 2)
    refused(rules, s, TurnUp(("taxi",)), "too_many_cards")
    rules.apply(s, TurnUp(("orange",)))


def test_payment_from_unseen_cards_respects_the_box(rules):
    # the digest's example: reds already in the discard pile and face up limit a payment
    s = setup(rules, display=("red", "red", "green", "black", "pink"))
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))  # 2 reds discarded, 2 face up
    draw_two_blind(rules, s)
    draw_two_blind(rules, s)
    refused(rules, s, ClaimRoute(1, "r22", ("red",) * 3), "too_many_cards")  # 4 + 3 > 6
    rules.apply(s, ClaimRoute(1, "r22", ("red", "red", "taxi")))  # 4 + 2 = 6: fine


# ---- score-only games ----------------------------------------------------------------------

def test_score_only_game_starts_at_scoring(rules):
    s = score_only(rules)
    assert s.mode is Mode.SCORE_ONLY and s.phase is Phase.SCORING
    assert s.end_reason is EndReason.SCORE_ONLY
    assert rules.status(s).waiting_for == "reveal_tickets"
    refused(rules, s, ClaimRoute(0, "r02", ("red", "red")), "not_playing")
    refused(rules, s, DrawBlind(0), "not_playing")
    with pytest.raises(RuleViolation) as info:
        rules.new_state(NAMES[:2], {"mode": "quick"})
    assert info.value.code == "bad_option"


def test_place_route_only_in_score_only_mode(rules):
    s = setup(rules)
    refused(rules, s, PlaceRoute(0, "r02"), "not_score_only")
    s = score_only(rules)
    rules.apply(s, PlaceRoute(1, "r02"))  # in any order, no turns
    rules.apply(s, RevealTickets(0, ("t01",)))
    rules.apply(s, RevealTickets(1, ("t02",)))
    refused(rules, s, PlaceRoute(0, "r01"), "not_score_only")  # the game is scored


def test_score_only_route_claimed_twice_is_refused(rules):
    s = score_only(rules)
    rules.apply(s, PlaceRoute(0, "r02"))
    refused(rules, s, PlaceRoute(1, "r02"), "route_taken")
    refused(rules, s, PlaceRoute(0, "r02"), "route_taken")


def test_score_only_double_routes_by_player_count(rules):
    s = score_only(rules, 2)
    rules.apply(s, PlaceRoute(0, "r03"))
    refused(rules, s, PlaceRoute(1, "r04"), "double_route_closed")
    refused(rules, s, PlaceRoute(0, "r04"), "double_route_twice")
    for players in (3, 4):
        s = score_only(rules, players)
        rules.apply(s, PlaceRoute(0, "r03"))
        refused(rules, s, PlaceRoute(0, "r04"), "double_route_twice")
        rules.apply(s, PlaceRoute(2, "r04"))


def test_score_only_at_most_fifteen_taxis_per_player(rules):
    s = score_only(rules)
    for route_id in ("r23", "r07", "r15", "r21", "r02"):  # 4 + 3 + 3 + 3 + 2 = 15
        rules.apply(s, PlaceRoute(0, route_id))
    assert s.seats[0].taxis == 0
    refused(rules, s, PlaceRoute(0, "r08"), "too_many_taxis")
    rules.apply(s, PlaceRoute(1, "r08"))


def test_score_only_tickets_distinct(rules):
    s = score_only(rules)
    refused(rules, s, RevealTickets(0, ("t01", "t01")), "ticket_twice")
    refused(rules, s, RevealTickets(0, ("t01", "t19")), "unknown_ticket")
    rules.apply(s, RevealTickets(0, ("t01", "t02", "t03", "t04", "t05")))  # any number
    refused(rules, s, RevealTickets(1, ("t05",)), "ticket_held_by_other")
    refused(rules, s, RevealTickets(0, ("t06",)), "already_revealed")
    rules.apply(s, RevealTickets(1, ("t06",)))
    assert s.phase is Phase.OVER


def test_score_only_every_player_reveals_at_least_one_ticket(rules):
    s = score_only(rules)
    refused(rules, s, RevealTickets(0, ()), "no_tickets")
    rules.apply(s, RevealTickets(0, ("t01",)))


# ---- bad input ---------------------------------------------------------------------------------

def test_wrong_seat_is_refused(rules):
    s = new_game(rules)
    rules.apply(s, TurnUp(PLAIN))
    refused(rules, s, KeepTickets(2, 2), "no_such_seat")
    rules.apply(s, KeepTickets(0, 2))
    rules.apply(s, KeepTickets(1, 2))
    refused(rules, s, DrawBlind(2), "no_such_seat")
    refused(rules, s, DrawBlind(-1), "no_such_seat")
    refused(rules, s, ClaimRoute(5, "r02", ("red", "red")), "no_such_seat")
    s = score_only(rules)
    refused(rules, s, PlaceRoute(2, "r02"), "no_such_seat")
    refused(rules, s, RevealTickets(2, ("t01",)), "no_such_seat")


def test_out_of_turn_is_refused(rules):
    s = setup(rules)
    refused(rules, s, DrawBlind(1), "not_your_turn")
    refused(rules, s, TakeFaceUp(1, 0, "red"), "not_your_turn")
    refused(rules, s, ClaimRoute(1, "r02", ("red", "red")), "not_your_turn")
    refused(rules, s, DrawTickets(1, 1), "not_your_turn")
    refused(rules, s, Pass(1), "not_your_turn")
    rules.apply(s, DrawBlind(0))
    refused(rules, s, DrawBlind(1), "not_your_turn")  # mid-draw as well
    rules.apply(s, DrawBlind(0))
    rules.apply(s, DrawBlind(1))


def test_unknown_route_is_refused(rules):
    s = setup(rules)
    refused(rules, s, ClaimRoute(0, "r42", ("red", "red")), "unknown_route")
    refused(rules, s, ClaimRoute(0, "", ()), "unknown_route")
    s = score_only(rules)
    refused(rules, s, PlaceRoute(0, "r00"), "unknown_route")


def test_unknown_card_is_refused(rules):
    s = new_game(rules)
    refused(rules, s, TurnUp(("red", "blue", "purple", "green", "black")), "unknown_card")
    rules.apply(s, TurnUp(PLAIN))
    rules.apply(s, KeepTickets(0, 2))
    rules.apply(s, KeepTickets(1, 2))
    refused(rules, s, DrawBlind(0, "purple"), "unknown_card")
    refused(rules, s, DrawBlind(0, "Red"), "unknown_card")
    refused(rules, s, TakeFaceUp(0, 0, "gray"), "unknown_card")
    refused(rules, s, ClaimRoute(0, "r02", ("red", "white")), "unknown_card")
    rules.apply(s, DrawBlind(0, "red"))


def test_face_up_card_must_match_its_slot(rules):
    s = setup(rules)
    refused(rules, s, TakeFaceUp(0, 0, "blue"), "face_up_mismatch")  # slot 0 is red
    refused(rules, s, TakeFaceUp(0, 5, "red"), "empty_slot")
    refused(rules, s, TakeFaceUp(0, -1, "pink"), "empty_slot")
    rules.apply(s, TakeFaceUp(0, 0, "red"))
    refused(rules, s, TakeFaceUp(0, 0, "red"), "turn_up_first")
    s = deck_and_discard_empty(rules)
    refused(rules, s, TakeFaceUp(0, 2, "red"), "empty_slot")  # a slot left empty
    rules.apply(s, TakeFaceUp(0, 3, "blue"))


def test_unknown_action_is_refused(rules):
    s = setup(rules)
    refused(rules, s, "draw_blind", "unknown_action")
    assert rules.parse_action({"type": "draw_blind", "seat": 0}) == DrawBlind(0)
    assert rules.parse_action({"type": "claim_route", "seat": 0, "route": "r02",
                               "cards": ["red", "red"]}) == ClaimRoute(0, "r02", ("red", "red"))
    for obj, code in (({"type": "fly"}, "unknown_action"),
                      ({"type": "draw_blind", "seat": "0"}, "malformed_action"),
                      ({"type": "draw_blind", "seat": True}, "malformed_action"),
                      ({"type": "draw_blind"}, "malformed_action"),
                      ({"type": "draw_blind", "seat": 0, "extra": 1}, "malformed_action"),
                      ([1, 2], "malformed_action")):
        with pytest.raises(RuleViolation) as info:
            rules.parse_action(obj)
        assert info.value.code == code, obj


# ---- [decision] strict scanning: every card going into a hand is scanned ----------------------

def scanned_setup(rules, hands=(("red", "red"), ("blue", "green"))):
    """A 2-player game where every card is scanned: the display, then each dealt hand."""
    s = rules.new_state(NAMES[:2], {"first": 0, "scanned_hands": True})
    rules.apply(s, TurnUp(PLAIN))
    for seat, cards in enumerate(hands):
        assert rules.status(s).waiting_for == "show_hand" and rules.status(s).seat == seat
        rules.apply(s, ShowHand(seat, cards))
    for seat in range(2):
        rules.apply(s, KeepTickets(seat, 2))
    return s


def test_scanned_hands_are_shown_at_setup_before_tickets_are_kept(rules):
    s = rules.new_state(NAMES[:2], {"first": 0, "scanned_hands": True})
    rules.apply(s, TurnUp(PLAIN))
    refused(rules, s, KeepTickets(0, 2), "show_hand_first")
    refused(rules, s, ShowHand(0, ("red",)), "show_hand_count")
    rules.apply(s, ShowHand(0, ("red", "taxi")))
    refused(rules, s, ShowHand(0, ("red", "red")), "hand_already_shown")
    rules.apply(s, ShowHand(1, ("blue", "blue")))
    assert s.seats[0].hand.unknown == 0 and s.seats[0].hand.known[Card.TAXI] == 1
    assert rules.status(s).waiting_for == "keep_tickets"
    rules.apply(s, KeepTickets(0, 2))
    rules.apply(s, KeepTickets(1, 1))
    refused(rules, s, ShowHand(0, ("red", "red")), "show_hand_at_setup")


def test_scanned_hands_count_against_the_box(rules):
    s = rules.new_state(NAMES[:2], {"first": 0, "scanned_hands": True})
    rules.apply(s, TurnUp(("red", "red", "red", "red", "blue")))  # 4 of the 6 red cards
    rules.apply(s, ShowHand(0, ("red", "red")))
    refused(rules, s, ShowHand(1, ("red", "blue")), "too_many_cards")


def test_scanned_hands_every_blind_draw_names_its_card(rules):
    s = scanned_setup(rules)
    refused(rules, s, DrawBlind(0), "scan_drawn_card")
    rules.apply(s, DrawBlind(0, "pink"))
    rules.apply(s, DrawBlind(0, "pink"))
    assert s.seats[0].hand.unknown == 0 and s.seats[0].hand.size == 4


def test_scanned_hands_payments_are_checked_against_the_real_hand(rules):
    s = scanned_setup(rules)  # Ann holds red, red; Ben holds blue, green
    refused(rules, s, ClaimRoute(0, "r20", ("orange", "orange")), "not_in_hand")
    rules.apply(s, ClaimRoute(0, "r02", ("red", "red")))
    assert s.seats[0].hand.size == 0


def test_scanned_hands_is_a_yes_or_no_option(rules):
    with pytest.raises(RuleViolation) as info:
        rules.new_state(NAMES[:2], {"scanned_hands": "yes"})
    assert info.value.code == "bad_option"
    assert not rules.new_state(NAMES[:2], {}).scanned_hands
