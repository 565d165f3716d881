"""The score over time: the chart's points are the scores folded from the log at
the end of each round, as each game's engine counts them."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.gamelog import fold, read_lines
from companion.records.chart import fold_series, scores

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ["ttr_nyc/examples/ttr-nyc-3p.jsonl", "rotw/examples/rotw-3p.jsonl",
            "traffiq/examples/traffiq-2p.jsonl", "ttr_nyc/examples/ttr-nyc-score-only.jsonl"]


def example(name: str):
    header, _line, entries = read_lines((ROOT / "data" / name).read_text().splitlines())
    return header, [entry for _n, entry in entries]


def round_ends(header, entries) -> list[int]:
    """How many entries stand at each round's end: after each entry that gives the turn back to
    the start player (counted here afresh, from one fold per prefix)."""
    first = header.options.get("first", 0)
    ends, before = [], None
    for n in range(1, len(entries) + 1):
        game = fold(header, enumerate(entries[:n], 1), 0)
        status = game.rules.status(game.state)
        if status.seat == first and before not in (None, first) and not status.over:
            ends.append(n)
        before = status.seat
    return ends


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_point_is_the_score_folded_from_the_log_at_a_rounds_end(name):
    header, entries = example(name)
    series = fold_series(header, entries)
    game = fold(header, [], 0)
    expected = [scores(game.rules, game.state)]
    for n in round_ends(header, entries):
        game = fold(header, enumerate(entries[:n], 1), 0)
        expected.append(scores(game.rules, game.state))
    final = fold(header, enumerate(entries, 1), 0)
    expected.append(tuple(final.rules.score(final.state).totals))  # the last: the final sheet
    assert list(series.points) == expected
    assert series.final and series.players == header.players
    if "score-only" not in name:
        assert len(series.points) > 5  # a point per round


def test_railways_counts_the_score_track_during_play_then_the_final_sheet():
    header, entries = example("rotw/examples/rotw-2p.jsonl")
    series = fold_series(header, entries)
    game = fold(header, enumerate(entries[:60], 1), 0)
    assert game.rules.running_scores(game.state) == tuple(p.track for p in game.state.seats)
    final = fold(header, enumerate(entries, 1), 0)
    assert series.points[-1] == tuple(final.rules.score(final.state).totals)
    assert series.points[-1] != series.points[-2]  # cities, locomotives and goods at the end


def test_ticket_to_ride_counts_routes_as_claimed_then_the_reveal():
    header, entries = example("ttr_nyc/examples/ttr-nyc-2p.jsonl")
    series = fold_series(header, entries)
    assert series.points[0] == (0, 0)
    assert all(a <= b for before, after in zip(series.points[1:-1], series.points[2:-1])
               for a, b in zip(before, after))  # routes only add up until the reveal


def test_times_pauses_and_resumes_do_not_change_the_points():
    header, entries = example("traffiq/examples/traffiq-2p.jsonl")
    timed = [{**entry, "at": f"2026-11-26T19:{n // 60:02d}:{n % 60:02d}+00:00"}
             for n, entry in enumerate(entries)]
    timed[3:3] = [{"type": "pause"}, {"type": "resume"}]
    assert fold_series(header, timed) == fold_series(header, entries)
