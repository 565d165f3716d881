"""Manhattan TraffIQ random playouts: thousands of complete games at a pretend table.

`TraffiqPlayout` makes up a pile of 44 tiles, keeps it and each hand in `.hidden` and tells the
engine only what a table would. Every game is seeded; a failure names its seed and settings, so
it replays with `play_and_check(tq, players, seed=..., every_step=True, **settings(index))`.

Checked: vehicles are conserved (supply + map = each player's allotment), tiles are conserved
(map + hands + supply = start tiles + 44), vehicles stand only on complete points, the game
always ends (within a step bound) and ends the way the rules say, the score sheet counts the map
(companion/games/traffiq/recount.py), and the log replays to the same state.
"""

from __future__ import annotations

import random

import pytest

from companion.boards import rules_for
from companion.core.rules import Phase
from companion.games.traffiq.engine import EndReason, Vehicle
from companion.games.traffiq.engine.city import is_complete
from companion.gamelog import FoldedGame, Header
from companion.games.traffiq.playout import TraffiqPlayout
from companion.games.traffiq.recount import totals as recount

BASE_SEED = 70_000_000
GAMES_PER_COUNT = 700  # 2, 3 and 4 players: 2100 games
STEP_CHECKED = 60  # the first games of each count are checked after every step
REPLAYED = 30  # and the first ones are replayed from their log
MAX_STEPS = 5_000
SHOWN_FAILURES = 5


@pytest.fixture(scope="module")
def tq():
    return rules_for("manhattan-traffiq")


def settings(index: int) -> dict:
    """Vary the table: a tile scanner, the Central Park start, players who rarely place."""
    chosen: dict = {}
    if index % 3 == 1:
        chosen["scan_draws"] = True
    if index % 6 == 1:  # every tile scanned, the ones drawn at setup too (show_tile)
        chosen["options"] = {"scanned_draws": True, "scanned_setup": True}
    if index % 4 == 2:
        chosen["options"] = {"scenario": "central_park"}
    if index % 5 == 4:
        chosen["place_bias"] = 0.2
        chosen["vehicle_bias"] = 0.5
    return chosen


def check_invariants(tq, playout: TraffiqPlayout) -> None:
    s = playout.state
    allot = tq.allotment(len(s.players))
    for seat, player in enumerate(s.seats):
        taxis = s.on_map(seat, Vehicle.TAXI)
        vans = s.on_map(seat, Vehicle.VAN)
        assert player.taxis + taxis == allot.taxis, f"seat {seat}: taxis not conserved"
        assert player.vans + vans == allot.vans, f"seat {seat}: vans not conserved"
        assert player.taxis >= 0 and player.vans >= 0
        assert len(player.hand) == len(playout.hidden.hands[seat]), "hand size differs"
    start = len(tq.box.scenarios[s.scenario].tiles)
    held = sum(len(p.hand) for p in s.seats)
    assert len(s.tiles) + held + s.supply == start + tq.box.district_tiles, "tiles not conserved"
    assert s.supply == len(playout.hidden.pile)
    for point in s.vehicles:
        assert is_complete(s.tiles, point), f"a vehicle stands on incomplete point {point}"


def check_end(tq, playout: TraffiqPlayout) -> None:
    s = playout.state
    assert s.phase is Phase.OVER
    sheet = tq.score(s)
    assert sheet.final
    assert sheet.totals == recount(playout)
    if s.end_reason is EndReason.ALL_VEHICLES:
        assert s.seats[s.winner].supply == 0 and sheet.winners == (s.winner,)
        assert sum(p.supply == 0 for p in s.seats) == 1
    else:
        assert s.end_reason is EndReason.FINAL_ROUND and s.supply == 0
        assert s.last_drawer is not None
        assert all(p.supply > 0 for p in s.seats)
        best = max(sheet.totals)
        assert sheet.winners == tuple(i for i, t in enumerate(sheet.totals) if t == best)


def check_replay(tq, playout: TraffiqPlayout) -> None:
    game = FoldedGame.start(Header(tq.game_kind, playout.players, playout.options))
    for action in playout.log:
        game.apply(action.to_json())
    assert game.state == playout.state


def play_and_check(tq, players: int, seed: int, every_step: bool = False, replay: bool = False,
                   **chosen) -> TraffiqPlayout:
    playout = TraffiqPlayout(tq, players, random.Random(seed), **chosen)
    for _ in range(MAX_STEPS):
        if playout.state.phase is Phase.OVER:
            break
        playout.step()
        if every_step:
            check_invariants(tq, playout)
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps")
    check_invariants(tq, playout)
    check_end(tq, playout)
    if replay:
        check_replay(tq, playout)
    return playout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_vehicles_and_tiles_and_always_end(tq, players):
    failures = []
    reasons = {EndReason.ALL_VEHICLES: 0, EndReason.FINAL_ROUND: 0}
    competitions_removed = 0
    for index in range(GAMES_PER_COUNT):
        seed = BASE_SEED + 10_000 * players + index
        try:
            playout = play_and_check(tq, players, seed, every_step=index < STEP_CHECKED,
                                     replay=index < REPLAYED, **settings(index))
        except AssertionError as error:
            failures.append(f"seed={seed} players={players} {settings(index)}: {error}")
            continue
        reasons[playout.state.end_reason] += 1
        competitions_removed += sum(1 for a in playout.log if getattr(a, "compete", False))
    assert not failures, f"{len(failures)} games failed:\n" + "\n".join(failures[:SHOWN_FAILURES])
    # both endings and plenty of competing occur, so the checks above saw them
    assert reasons[EndReason.FINAL_ROUND] > 0 and reasons[EndReason.ALL_VEHICLES] > 0
    assert competitions_removed > GAMES_PER_COUNT


def test_the_same_seed_plays_the_same_game(tq):
    first = play_and_check(tq, 3, 12345)
    again = play_and_check(tq, 3, 12345)
    assert [a.to_json() for a in first.log] == [a.to_json() for a in again.log]


def test_the_benchmark_measures_rides_on_a_map_with_every_district_tile():
    from companion.bench import report_line
    from companion.games.traffiq.bench import full_map, playout_rounds, reach_rounds, run

    tq = rules_for("manhattan-traffiq")
    s = full_map(tq)
    assert len(s.tiles) == 4 + 44 and len(tq.points(s)) == 35
    assert len(tq.taxi_targets(s, (-2, -1))) == 35 - 5  # all but its own and the 4 vans' points
    figures = playout_rounds(1, 3)
    assert figures["traffiq_action_us"] > 0 and figures["traffiq_games_per_s"] > 0
    assert reach_rounds(1, 5) > 0
    lines: list[str] = []
    run(lambda *a, **k: report_line(*a, out=lines.append, **k), quick=True)
    assert [line.split("  ")[0] for line in lines] == [
        "TraffIQ: engine, per action (2 players)", "TraffIQ: random 2-player games",
        "TraffIQ: taxi's reachable points, full map"]
