"""The box's pieces as the engine counts them: totals that stay the same all game long."""

from __future__ import annotations

from .state import TtrState


def components(rules, s: TtrState) -> dict[str, int]:
    """Transportation cards (deck, discard, face-up, hands) and taxis (supplies and routes)."""
    routes = rules.board.routes
    display = sum(card is not None for card in s.display)
    cards = s.deck + sum(s.discard) + display + sum(p.hand.size for p in s.seats)
    taxis = sum(p.taxis + sum(routes[r].length for r in p.routes) for p in s.seats)
    return {"transportation cards": cards, "taxis": taxis}
