"""`companion bench --taps --quick` plays a log of every registered game through the real app
and prints each game's taps per turn, with and without the scanner."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.bench_taps import turns
from companion.games import games

pytestmark = pytest.mark.ui


def test_bench_taps_prints_a_figure_for_every_registered_game(x_display, kivy_home, tmp_path):
    env = dict(os.environ, DISPLAY=x_display, KIVY_HOME=str(kivy_home), KIVY_NO_ARGS="1",
               KIVY_NO_FILELOG="1", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "companion.cli", "--db",
                           str(tmp_path / "companion.db"), "bench", "--taps", "--quick"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    lines = done.stdout.splitlines()
    for game in games():
        for mode in ("no scanner", "with the scanner"):
            heading = next((n for n, line in enumerate(lines)
                            if line.startswith(f"{game.game_kind}, {mode}")), None)
            assert heading is not None, f"no {game.game_kind} ({mode}) in\n{done.stdout}"
            figures = lines[heading + 2].split()
            assert figures[:2] == ["every", "turn"] and "/" in figures[2], lines[heading + 2]


def test_a_turn_is_a_seat_s_actions_with_the_table_s_reports_after_them():
    def record(seat, kind, taps=1, physical=1, log="a"):
        return {"log": log, "seat": seat, "turn_kind": kind, "taps": taps, "scans": 0,
                "typed": 0, "physical": physical}
    found = turns([record(None, None, 5, 5), record(0, "draw cards"),
                   record(None, None, 1, 1), record(0, "draw cards"),
                   record(1, "claim a route", 2, 3), record(0, "pass", log="b")])
    assert [(t.kind, t.taps, t.physical) for t in found] == [
        ("setup", 5, 5), ("draw cards", 3, 3), ("claim a route", 2, 3), ("pass", 1, 1)]
