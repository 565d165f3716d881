"""D) Discarding a card, then drawing one (the top of the draw pile, or a face-up card that is not
a Locomotive) or restocking a city without goods with a cube from the bag."""

from __future__ import annotations

from companion.core.rules import RuleViolation
from .actions import DiscardDraw, DiscardRestock
from .box import LOCO, Box, Card, parse_card
from .holding import check_box, check_hand, remove_from_hand
from .refusals import unknown_city
from .state import RotwState, Step
from .turn import (after_action, check_not_family, check_scanned, check_turn, empty_slot,
                   off_the_deck)


def discard_draw(box: Box, s: RotwState, action: DiscardDraw) -> None:
    seat = check_turn(s, action.seat, Step.ACTION)
    card = parse_card(action.card)
    from_unknown = check_hand(box, s, seat, {card: 1})
    taken = None if action.taken is None else parse_card(action.taken)
    if action.slot is None:
        if s.deck == 0:
            raise RuleViolation("deck_empty", "The draw pile is empty.")
        check_scanned(s, action.taken)
        if taken is not None:
            check_box(box, s, taken, 1 + from_unknown.get(taken, 0))
    else:
        taken = check_display(s, action.slot, action.taken)
        if taken is LOCO:
            raise RuleViolation("loco_after_discard", "After a discard the card taken may not "
                                "be a Locomotive from the display.")
    remove_from_hand(s, seat, {card: 1})
    s.discard.append(card)
    hand = s.seats[seat].hand
    if taken is None:
        hand.unknown += 1
    else:
        hand.known[taken] += 1
    if action.slot is None:
        off_the_deck(s, 1)
    else:
        empty_slot(s, action.slot)
    after_action(box, s)


def discard_restock(box: Box, s: RotwState, action: DiscardRestock) -> None:
    seat = check_turn(s, action.seat, Step.ACTION)
    check_not_family(s)
    card = parse_card(action.card)
    check_hand(box, s, seat, {card: 1})
    check_bag(s)
    city = s.cities.get(action.city)
    if city is None:
        raise unknown_city(action.city, start_ok=False)
    if sum(city.goods):
        raise RuleViolation("city_has_goods", "Goods are restocked only on a city without "
                            "goods; {city} has some.", city=action.city)
    remove_from_hand(s, seat, {card: 1})
    s.discard.append(card)
    s.pending_goods = (city.id, 1)
    after_action(box, s)


def check_display(s: RotwState, slot: int, named: str | None) -> Card:
    """The face-up card in `slot`, which the move names."""
    if not 0 <= slot < len(s.display) or s.display[slot] is None:
        raise RuleViolation("empty_slot", "There is no face-up card in slot {slot}.",
                            slot=slot)
    card = Card(s.display[slot])
    if named is None:
        raise RuleViolation("name_the_card", "Say which card is taken from the display.")
    if parse_card(named) is not card:
        raise RuleViolation("display_mismatch", "The face-up card in slot {slot} is {actual}, "
                            "not {named}.", slot=slot, actual=card.key, named=named)
    return card


def check_bag(s: RotwState) -> None:
    if s.bag_size == 0:
        raise RuleViolation("bag_empty", "The goods bag is empty.")


# ---- which are open, and the choices ------------------------------------------------------

def check_can_discard_draw(s: RotwState, seat: int) -> None:
    check_turn(s, seat, Step.ACTION)
    _check_a_card(s, seat)
    if not draw_sources(s):
        raise RuleViolation("nothing_to_draw", "After a discard there is no card to take: the "
                            "draw pile is empty and the display shows only Locomotives.")


def check_can_restock(s: RotwState, seat: int) -> None:
    check_turn(s, seat, Step.ACTION)
    check_not_family(s)
    _check_a_card(s, seat)
    check_bag(s)
    if not restock_cities(s):
        raise RuleViolation("no_city_to_restock", "Every city has goods: none can be "
                            "restocked.")


def _check_a_card(s: RotwState, seat: int) -> None:
    if not s.seats[seat].hand.size:
        raise RuleViolation("empty_hand", "{player} holds no card to discard.",
                            player=s.players[seat])


def draw_sources(s: RotwState) -> list[int | None]:
    """Where the card taken after a discard may come from: the draw pile (None) while it
    lasts, and the display slots whose card is not a Locomotive."""
    slots: list[int | None] = [slot for slot, card in enumerate(s.display)
                               if card is not None and card != LOCO]
    return [None, *slots] if s.deck else slots


def restock_cities(s: RotwState) -> list[str]:
    """The cities a restock may bring a cube to: those without goods."""
    return [city.id for city in s.cities.values() if not sum(city.goods)]
