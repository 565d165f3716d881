"""Steps 2 and 3 of a turn: taking 1 or 2 cards (the draw pile, a face-up card or the top of the
discard pile), then discarding down to the hand limit."""

from __future__ import annotations

from companion.core.rules import RuleViolation
from .actions import DiscardExcess, StopTaking, TakeDeck, TakeDiscard, TakeDisplay
from .box import LOCO, Box, Card, parse_card
from .discarding import check_display
from .holding import check_box, check_hand, counts, remove_from_hand
from .state import RotwState, Step
from .turn import (card_taken, check_scanned, check_turn, empty_slot, end_taking, end_turn,
                   off_the_deck)


def take_deck(box: Box, s: RotwState, action: TakeDeck) -> None:
    seat = check_can_take_deck(s, action.seat)
    check_scanned(s, action.card)
    card = None if action.card is None else parse_card(action.card)
    if card is not None:
        check_box(box, s, card, 1)
    hand = s.seats[seat].hand
    if card is None:
        hand.unknown += 1
    else:
        hand.known[card] += 1
    off_the_deck(s, 1)
    card_taken(box, s, ends_taking=False)


def take_display(box: Box, s: RotwState, action: TakeDisplay) -> None:
    seat = check_turn(s, action.seat, Step.TAKE)
    card = check_display(s, action.slot, action.card)
    check_locomotive_second(s, card)
    s.seats[seat].hand.known[card] += 1
    empty_slot(s, action.slot)
    card_taken(box, s, ends_taking=card is LOCO)


def take_discard(box: Box, s: RotwState, action: TakeDiscard) -> None:
    seat = check_can_take_discard(s, action.seat)
    card = parse_card(action.card)
    top = Card(s.discard[-1])
    if card is not top:
        raise RuleViolation("discard_mismatch", "The top of the discard pile is {actual}, "
                            "not {named}.", actual=top.key, named=card.key)
    check_locomotive_second(s, card)
    s.discard.pop()
    s.seats[seat].hand.known[card] += 1
    card_taken(box, s, ends_taking=card is LOCO)


def stop_taking(box: Box, s: RotwState, action: StopTaking) -> None:
    check_can_stop_taking(s, action.seat)
    end_taking(box, s)


def discard_excess(box: Box, s: RotwState, action: DiscardExcess) -> None:
    seat = check_turn(s, action.seat, Step.HAND_LIMIT)
    excess = over_limit(box, s, seat)
    if len(action.cards) != excess:
        raise RuleViolation("hand_limit_count", "{player} holds more cards than the limit "
                            "({limit}): discard exactly {excess}.",
                            player=s.players[seat], excess=excess, limit=box.hand_limit)
    cards = [parse_card(name) for name in action.cards]
    check_hand(box, s, seat, counts(cards))
    remove_from_hand(s, seat, counts(cards))
    s.discard.extend(cards)
    end_turn(s)


# ---- which are open, and the choices ------------------------------------------------------

def check_can_take_deck(s: RotwState, seat: int) -> int:
    check_turn(s, seat, Step.TAKE)
    if s.deck == 0:
        raise RuleViolation("deck_empty", "The draw pile is empty.")
    return seat


def check_can_take_display(s: RotwState, seat: int) -> int:
    check_turn(s, seat, Step.TAKE)
    if all(card is None for card in s.display):
        raise RuleViolation("display_empty", "No card is face up.")
    return seat


def check_can_take_discard(s: RotwState, seat: int) -> int:
    check_turn(s, seat, Step.TAKE)
    if not s.discard:
        raise RuleViolation("discard_empty", "The discard pile is empty.")
    return seat


def check_locomotive_second(s: RotwState, card: Card) -> None:
    """The table option `locomotive_second`: whether a face-up Locomotive (display or discard
    pile) may be the second card of the take step."""
    if card is LOCO and s.taken and not s.table.locomotive_second:
        raise RuleViolation("locomotive_second", "At this table a Locomotive from the display "
                            "or the discard pile is taken only as the first card.")


def check_can_stop_taking(s: RotwState, seat: int) -> int:
    check_turn(s, seat, Step.TAKE)
    if s.taken == 0:
        raise RuleViolation("take_a_card", "Take at least one card (1 or 2).")
    return seat


def over_limit(box: Box, s: RotwState, seat: int) -> int:
    """How many cards the seat holds over the hand limit."""
    return max(0, s.seats[seat].hand.size - box.hand_limit)
