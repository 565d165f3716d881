"""The box's pieces as the engine counts them: totals that stay the same all game long."""

from __future__ import annotations

from .box import GOODS
from .state import RotwState


def components(rules, s: RotwState) -> dict[str, int]:
    """Every card (deck, display, discard, hands, under links, Locomotives in front of players,
    cities on the table), each player's trains, and the cubes of each colour."""
    display = sum(card is not None for card in s.display)
    cards = (s.deck + display + len(s.discard) + sum(p.hand.size for p in s.seats)
             + sum(len(link.cards) for link in s.links.values())
             + sum(p.locomotives for p in s.seats) + len(s.cities))
    counts = {"cards": cards}
    for seat, player in enumerate(s.seats):
        counts[f"trains of seat {seat}"] = player.trains + len(player.links)
    for g, goods in enumerate(GOODS):
        counts[f"{goods} cubes"] = (s.bag[g] + sum(c.goods[g] for c in s.cities.values())
                                    + sum(p.delivered[g] for p in s.seats))
    return counts
