"""Paying for a link: which cards may pay, and the least payments a hand offers."""

from __future__ import annotations

from companion.core.rules import RuleViolation
from .box import LOCO, Card


def check_payment(paid: list[Card], value: int, colour: str) -> None:
    """Cards worth at least the new city's value, one of them a rail card of the link's colour."""
    for card in paid:
        if not (card.is_rail or card is LOCO):
            raise RuleViolation("not_rail_card", "Links are paid with rail cards and "
                                "Locomotives, not {card}.", card=card.key)
    total = sum(card.rail_value for card in paid)
    if total < value:
        raise RuleViolation("payment_too_low", "The cards paid are worth {total}; a city of "
                            "value {value} needs at least {value}.", total=total, value=value)
    if not any(card.colour == colour for card in paid):
        raise RuleViolation("payment_colour", "At least one {colour} rail card must be paid "
                            "for a {colour} link.", colour=colour)


def least_payments(hand: list[int], value: int, colour: str) -> list[tuple[Card, ...]]:
    """Every least payment from a hand (counts per Card): no card of one could be left out."""
    kinds = [card for card in Card if (card.is_rail or card is LOCO) and hand[card]]
    found: list[tuple[Card, ...]] = []

    def extend(i: int, chosen: list[Card], total: int) -> None:
        if total >= value:
            if any(c.colour == colour for c in chosen) and _least(chosen, value, colour):
                found.append(tuple(chosen))
            return
        if i == len(kinds):
            return
        card = kinds[i]
        for n in range(hand[card], -1, -1):
            extend(i + 1, chosen + [card] * n, total + n * card.rail_value)

    extend(0, [], 0)
    return found


def _least(chosen: list[Card], value: int, colour: str) -> bool:
    """No single card could be left out and still pay."""
    total = sum(c.rail_value for c in chosen)
    for i, card in enumerate(chosen):
        rest = chosen[:i] + chosen[i + 1:]
        if total - card.rail_value >= value and any(c.colour == colour for c in rest):
            return False
    return True
