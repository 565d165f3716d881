"""What the table reports: the cards turned face up and the cubes drawn from the bag, and which of
them the box and the bag still allow."""

from __future__ import annotations

from typing import Sequence

from companion.core.rules import Phase, RuleViolation
from .actions import DrawGoods, ShowCard, TurnUp
from .box import GOODS, Box, Card, parse_card, parse_goods
from .holding import check_box, counts, unseen
from .state import EndReason, RotwState
from .refusals import check_seat
from .turn import end_setup, off_the_deck, settle, trigger


def turn_up(box: Box, s: RotwState, action: TurnUp) -> None:
    check_turn_up_expected(s)
    if len(action.cards) != len(s.pending_slots):
        raise RuleViolation("turn_up_count", "Cards to turn face up: {expected}, not "
                            "{given}.", expected=len(s.pending_slots),
                            given=len(action.cards))
    cards = [parse_card(name) for name in action.cards]
    for card in set(cards):
        check_box(box, s, card, cards.count(card))
    for slot, card in zip(s.pending_slots, cards):
        s.display[slot] = card
    s.pending_slots = ()
    off_the_deck(s, len(cards))
    end_setup(s)
    settle(box, s)


def show_card(box: Box, s: RotwState, action: ShowCard) -> None:
    """[decision] Where the dealt cards are scanned, each card dealt at setup that the
    table did not see (all but the Locomotive and the City 2) is named before the first turn, so
    every hand is known exactly; the box must still have it unseen."""
    seat = check_can_show_card(s, action.seat)
    card = parse_card(action.card)
    check_box(box, s, card, 1)
    hand = s.seats[seat].hand
    hand.unknown -= 1
    hand.known[card] += 1
    end_setup(s)


def check_can_show_card(s: RotwState, seat: int) -> int:
    check_seat(s, seat)
    if s.phase is not Phase.SETUP or not s.scanned_setup:
        raise RuleViolation("show_card_at_setup", "The cards dealt at setup are named at setup, "
                            "before the first turn, in a game where they are scanned.")
    if not s.seats[seat].hand.unknown:
        raise RuleViolation("cards_already_shown", "{player}'s cards from setup are already "
                            "known.", player=s.players[seat])
    return seat


def draw_goods(box: Box, s: RotwState, action: DrawGoods) -> None:
    check_goods_expected(s)
    city_id, count = s.pending_goods
    if len(action.cubes) != count:
        raise RuleViolation("goods_count", "Cubes to draw from the bag: {expected}, not "
                            "{given}.", expected=count, given=len(action.cubes))
    drawn = [GOODS.index(parse_goods(name)) for name in action.cubes]
    for goods in set(drawn):
        if drawn.count(goods) > s.bag[goods]:
            raise RuleViolation("not_in_bag", "The bag holds only {left} × {goods}: "
                                "check the cubes reported.", left=s.bag[goods],
                                goods=GOODS[goods])
    city = s.cities[city_id]
    for goods in drawn:
        city.goods[goods] += 1
        s.bag[goods] -= 1
    s.pending_goods = None
    if s.bag_size == 0:
        trigger(s, EndReason.BAG_EMPTY)
    settle(box, s)


def check_turn_up_expected(s: RotwState) -> None:
    if not s.pending_slots:
        raise RuleViolation("no_turn_up_expected", "No card is waiting to be turned face up.")


def check_goods_expected(s: RotwState) -> None:
    if s.pending_goods is None:
        raise RuleViolation("no_goods_expected", "No goods are waiting to be drawn.")


def reportable_cards(box: Box, s: RotwState, chosen: Sequence[Card] = ()) -> list[Card]:
    """The cards that may be turned up next, `chosen` being turned up already: the box must
    still have one unseen."""
    so_far = counts(chosen)
    return [card for card in Card if so_far.get(card, 0) < unseen(box, s, card)]


def drawable_goods(s: RotwState, chosen: Sequence[str] = ()) -> list[str]:
    """The goods colours that may be drawn next, `chosen` being drawn already."""
    return [goods for index, goods in enumerate(GOODS) if chosen.count(goods) < s.bag[index]]
