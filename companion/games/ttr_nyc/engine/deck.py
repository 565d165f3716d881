"""The transportation cards' way round the table: the deck, the face-up display, the discard pile.

The deck's order and colours are unknown; what is tracked is how many cards it holds and, after
a reshuffle, at most how many of each kind (it can only hold what the discard pile held).
"""

from __future__ import annotations

from .board import COLOURS, KINDS, TAXI, Board, Card
from .state import TtrState

# [decision] After this many 3-Taxi flushes in a row the display stays as it is.
MAX_FLUSHES = 3


def reshuffle(s: TtrState) -> None:
    """The discard pile is shuffled into a new deck; its cards are unseen again, but the deck
    can now only hold what the pile held."""
    s.deck += sum(s.discard)
    s.deck_max = s.discard
    s.discard = [0] * KINDS


def take_from_deck(s: TtrState, card: Card | None) -> None:
    """The top card leaves the deck (its kind is None when nobody saw it)."""
    if s.deck == 0:
        reshuffle(s)
    s.deck -= 1
    if card is not None and s.deck_max is not None:
        s.deck_max[card] -= 1


def refill(s: TtrState) -> None:
    """Ask the table for a card for each empty slot, as far as deck and discard pile allow."""
    if None not in s.display:
        s.pending = ()
        return
    empty = [slot for slot, card in enumerate(s.display) if card is None]
    s.pending = tuple(empty[:s.deck + sum(s.discard)])


def flush(s: TtrState) -> None:
    """Three face-up Taxis: the whole display goes to the discard pile and is turned up anew."""
    for card in s.display:
        if card is not None:
            s.discard[card] += 1
    s.display = [None] * len(s.display)
    s.flushes += 1
    refill(s)


def must_flush(board: Board, s: TtrState) -> bool:
    taxis = s.display.count(TAXI)
    if taxis < board.flush_threshold or s.flushes >= MAX_FLUSHES:
        return False
    # [decision] Flush only if the cards that would be turned up could hold fewer than 3
    # Taxis: first the deck's cards, then (if it runs out) the reshuffled discard pile,
    # which by then holds the flushed cards too.
    pile_colours = sum(s.display.count(c) + s.discard[c] for c in COLOURS)  # after the flush
    new = min(len(s.display), s.deck + sum(s.discard) + sum(c is not None for c in s.display))
    from_deck = min(new, s.deck)
    colours_in_deck = sum(possible_in_deck(board, s, c) for c in COLOURS)
    colours = min(from_deck, colours_in_deck) + min(new - from_deck, pile_colours)
    return colours >= new - (board.flush_threshold - 1)


def possible_in_deck(board: Board, s: TtrState, card: Card) -> int:
    """At most this many cards of a kind can be in the deck."""
    unseen = board.box[card] - s.known_count(card)
    return unseen if s.deck_max is None else min(unseen, s.deck_max[card])


def can_draw_cards(s: TtrState) -> bool:
    return s.deck + sum(s.discard) > 0 or any(c is not None for c in s.display)


def can_draw_second(s: TtrState) -> bool:
    if s.deck + sum(s.discard) > 0:
        return True
    return any(c is not None and c is not TAXI for c in s.display)
