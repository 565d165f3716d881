"""`companion bench` for Manhattan TraffIQ: random games per action and per game, and a taxi's
reachable points on a map with every district tile placed."""

from __future__ import annotations

import random
import statistics
import time
from typing import Callable

from companion.boards import rules_for
from .engine import Edge, Standing, Tile, Traffiq, TraffiqState, Vehicle
from .playout import TraffiqPlayout

TARGETS = {"traffiq_reach_ms": ("at most", 2.0)}


def playout_rounds(rounds: int, games: int, players: int = 2) -> dict[str, float]:
    """Medians over rounds: µs per engine action (the engine alone, replaying the games), games
    per second (the pretend table's own work included, as in the other games' figures)."""
    rules = rules_for("manhattan-traffiq")
    rng = random.Random(2015)
    action_us, per_s = [], []
    for _ in range(rounds):
        playouts = []
        start = time.perf_counter()
        for _ in range(games):
            playout = TraffiqPlayout(rules, players, rng)
            playout.play()
            playouts.append(playout)
        per_s.append(games / (time.perf_counter() - start))
        fresh = [rules.new_state(p.players, p.options) for p in playouts]
        actions = sum(len(p.log) for p in playouts)
        start = time.perf_counter()
        for playout, state in zip(playouts, fresh):
            for action in playout.log:
                rules.apply(state, action)
        action_us.append((time.perf_counter() - start) / actions * 1e6)
    return {"traffiq_action_us": statistics.median(action_us),
            "traffiq_games_per_s": statistics.median(per_s)}


def full_map(rules: Traffiq) -> TraffiqState:
    """Times Square and all 44 district tiles in an 8 x 6 block, every border a street, with a
    taxi in one corner and a few vehicles about: the widest ride the box allows."""
    s = rules.new_state(("A", "B", "C", "D"), {})
    cells = [(x, y) for y in range(-2, 4) for x in range(-3, 5)]
    cells.sort(key=lambda c: abs(c[0] - 0.5) + abs(c[1] - 0.5))  # outwards from the start
    for cell in cells:
        if cell not in s.tiles:
            implied = rules.implied_edges(s, cell)
            s.tiles[cell] = Tile(tuple(Edge.RED if e is None else e
                                       for e in implied))  # type: ignore[arg-type]
    assert len(s.tiles) == 4 + rules.box.district_tiles
    s.vehicles[(-2, -1)] = Standing(0, Vehicle.TAXI)
    for seat, point in enumerate([(0, 1), (2, 0), (3, 2), (-1, 2)]):
        s.vehicles[point] = Standing(seat, Vehicle.VAN)
    return s


def reach_rounds(rounds: int, calls: int) -> float:
    """ms to list the points a taxi can reach on the full map (median over rounds)."""
    rules = rules_for("manhattan-traffiq")
    s = full_map(rules)
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            rules.taxi_targets(s, (-2, -1))
        samples.append((time.perf_counter() - start) / calls * 1e3)
    return statistics.median(samples)


def run(report_line: Callable, quick: bool) -> dict[str, float]:
    rounds = 3 if quick else 9
    figures = playout_rounds(rounds, 30 if quick else 100)
    figures["traffiq_reach_ms"] = reach_rounds(rounds, 100 if quick else 500)
    report_line("TraffIQ: engine, per action (2 players)", figures["traffiq_action_us"], "µs")
    report_line("TraffIQ: random 2-player games", figures["traffiq_games_per_s"], "games/s")
    report_line("TraffIQ: taxi's reachable points, full map", figures["traffiq_reach_ms"], "ms",
                "traffiq_reach_ms", targets=TARGETS)
    return figures
