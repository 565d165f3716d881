"""The whole table in every game (issue 17), through the real `companion` command at 800×480."""

from __future__ import annotations

import pytest

GAMES = ("ttr-nyc", "rotw-card-game", "manhattan-traffiq")


def test_every_play_screen_has_the_seat_strip_and_the_buttons_say_what_they_do(run_scenario):
    run = run_scenario("table_seat_strip").check()
    for game_id in GAMES:
        seen = run.report["games"][game_id]
        strip = seen["strip"]
        assert [cell["seat"] for cell in strip] == [2, 0, 1, 3], (game_id, strip)
        assert seen["inside"], game_id
        assert all(min(cell["lamp"]) >= 48 for cell in strip), strip  # a finger's size
        mover = seen["mover"]
        assert [cell["letter"] for cell in strip] == ["A", "B", "C", "D"], strip
        assert all(cell["words"] == "wait" for seat, cell in enumerate(strip) if seat != mover)
        assert all(cell["level"] == (1 if seat == mover else 0)
                   for seat, cell in enumerate(strip)), strip  # the mover's LED is on
        for kind in ("touch", "outside", "overlap"):
            assert not seen["audit"].get(kind), (game_id, kind, seen["audit"][kind])
        assert seen["pressed"] == 1, (game_id, seen)  # the mover's button made the move
        assert "hold: undo" in str(seen["strip_after"]), seen["strip_after"]
