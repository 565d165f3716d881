"""The box's pieces as the engine counts them: totals that stay the same all game long."""

from __future__ import annotations

from .box import Vehicle
from .state import TraffiqState


def components(rules, s: TraffiqState) -> dict[str, int]:
    """District tiles (map, hands, the face-down pile) and each player's taxis and vans."""
    counts = {"district tiles": len(s.tiles) + sum(len(p.hand) for p in s.seats) + s.supply}
    for seat, player in enumerate(s.seats):
        counts[f"taxis of seat {seat}"] = player.taxis + s.on_map(seat, Vehicle.TAXI)
        counts[f"vans of seat {seat}"] = player.vans + s.on_map(seat, Vehicle.VAN)
    return counts
