"""What a hand may hold: the cards the table saw go into it, and for its unseen part any card the
box still has unseen. Playing and discarding check against it; the screens offer from it."""

from __future__ import annotations

from typing import Iterable

from companion.core.rules import RuleViolation
from .box import LOCO, Box, Card
from .state import RotwState

Counts = dict[Card, int]


def counts(cards: Iterable[Card]) -> Counts:
    found: Counts = {}
    for card in cards:
        found[card] = found.get(card, 0) + 1
    return found


def known_count(s: RotwState, card: Card) -> int:
    """Cards of this kind whose place the table knows: face up, in the discard pile, seen in a
    hand, paid into a link, in front of a player as a Locomotive, or on the table as a city."""
    count = s.discard.count(card) + s.display.count(card)
    for player in s.seats:
        count += player.hand.known[card]
    if card is LOCO:
        count += sum(p.locomotives for p in s.seats)
    if card.is_city:
        count += sum(1 for c in s.cities.values() if c.value == card.city_value)
    for link in s.links.values():
        count += link.cards.count(card)
    return count


def unseen(box: Box, s: RotwState, card: Card) -> int:
    """Cards of this kind still out of the table's sight (in the draw pile or unseen hands)."""
    return box.cards[card] - known_count(s, card)


def check_box(box: Box, s: RotwState, card: Card, more: int) -> None:
    """A card coming to light must still be somewhere unseen: the box has only so many."""
    if not box.cards[card]:  # the family game's table left them in the box
        raise RuleViolation("not_in_this_game", "This game is played without {card} cards.",
                            card=card.key)
    if known_count(s, card) + more > box.cards[card]:
        raise RuleViolation("too_many_cards", "That would be more {card} cards than the box "
                            "holds ({box}): check the cards reported.", card=card.key,
                            box=box.cards[card])


def check_hand(box: Box, s: RotwState, seat: int, cards: Counts) -> Counts:
    """The seat may hold these cards; returns how many of each came from the unseen part."""
    hand = s.seats[seat].hand
    from_unknown = {card: count - hand.known[card] for card, count in cards.items()
                    if count > hand.known[card]}
    if sum(from_unknown.values()) > hand.unknown:
        raise RuleViolation("not_in_hand", "{player} does not hold those cards.",
                            player=s.players[seat])
    for card, count in from_unknown.items():
        check_box(box, s, card, count)
    return from_unknown


def may_hold(box: Box, s: RotwState, seat: int, cards: Counts) -> bool:
    """`check_hand` as a question."""
    hand = s.seats[seat].hand
    from_unknown = 0
    for card, count in cards.items():
        extra = count - hand.known[card]
        if extra > 0:
            if extra > unseen(box, s, card):
                return False
            from_unknown += extra
    return from_unknown <= hand.unknown


def hand_cards(box: Box, s: RotwState, seat: int, chosen: Iterable[Card] = ()) -> list[Card]:
    """The cards the seat may give up next, having given up `chosen` already."""
    held = counts(chosen)
    return [card for card in Card
            if may_hold(box, s, seat, {**held, card: held.get(card, 0) + 1})]


def remove_from_hand(s: RotwState, seat: int, cards: Counts) -> None:
    """Cards the table saw going in are played first, then unseen ones."""
    hand = s.seats[seat].hand
    for card, count in cards.items():
        seen = min(count, hand.known[card])
        hand.known[card] -= seen
        hand.unknown -= count - seen
