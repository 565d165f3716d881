"""`companion bench` for Railways of the World: random 4-player games, per action and per game, and
the end-game scoring of finished games."""

from __future__ import annotations

import random
import statistics
import time
from typing import Callable

from companion.boards import rules_for
from .playout import RotwPlayout

TARGETS = {"rotw_score_ms": ("at most", 5.0)}


def rotw_rounds(rounds: int, games: int, players: int = 4) -> dict[str, float]:
    """Medians over rounds: µs per engine action, games per second (the pretend table's own
    work included, as in the Ticket to Ride figure), ms to score a finished game."""
    rules = rules_for("rotw-card-game")
    rng = random.Random(2026)
    action_us, per_s, score_ms = [], [], []
    for _ in range(rounds):
        playouts = []
        start = time.perf_counter()
        for _ in range(games):
            playout = RotwPlayout(rules, players, rng)
            playout.play()
            playouts.append(playout)
        per_s.append(games / (time.perf_counter() - start))
        actions = [action for playout in playouts for action in playout.log]
        fresh = [rules.new_state(p.players, p.options) for p in playouts]
        start = time.perf_counter()
        for playout, state in zip(playouts, fresh):  # the engine alone, replaying the games
            for action in playout.log:
                rules.apply(state, action)
        action_us.append((time.perf_counter() - start) / len(actions) * 1e6)
        start = time.perf_counter()
        for state in fresh:
            rules.score(state)
        score_ms.append((time.perf_counter() - start) / len(fresh) * 1e3)
    return {"rotw_action_us": statistics.median(action_us),
            "rotw_games_per_s": statistics.median(per_s),
            "rotw_score_ms": statistics.median(score_ms)}


def run(report_line: Callable, quick: bool) -> dict[str, float]:
    figures = rotw_rounds(3 if quick else 9, 20 if quick else 60)
    report_line("RotW: engine, per action (4 players)", figures["rotw_action_us"], "µs")
    report_line("RotW: random 4-player games", figures["rotw_games_per_s"], "games/s")
    report_line("RotW: end-game scoring, 4 players", figures["rotw_score_ms"], "ms",
                "rotw_score_ms", targets=TARGETS)
    return figures
