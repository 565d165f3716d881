"""Power cuts: a player process is SIGKILLed at random moments; nothing it acknowledged is lost.

The harness is companion/powercut.py (also `python -m companion.powercut`); the figures of a run
are printed (pytest -s shows them) and quoted in docs/durability.md.
"""

from __future__ import annotations

from pathlib import Path

from companion.powercut import Harness, run, script
from companion.store import Store

KILLS = 200


def test_two_hundred_power_cuts_lose_no_acknowledged_move(tmp_path: Path):
    figures = run(tmp_path / "companion.db", kills=KILLS, seed=7)
    print("\npower cuts (headless):", figures.line())
    assert figures.problems == []
    assert figures.kills == KILLS
    assert figures.losses == 0
    assert figures.acknowledged > 2 * KILLS  # several moves per run (fewer on a busy machine)
    assert figures.resumed >= figures.games
    assert not list(tmp_path.glob("*.corrupt-*")), "a restart found the database damaged"


def test_the_scripts_take_moves_back_and_play_them_again():
    entries = script(7, 1).entries
    undos = [n for n, entry in enumerate(entries) if entry["type"] == "undo"]
    assert undos
    assert all(entries[n + 1] == entries[n - 1] for n in undos)
    assert script(7, 1) == script(7, 1) and script(7, 1) != script(7, 2)


def test_the_harness_notices_a_lost_move(tmp_path: Path):
    """The checks are not vacuous: an acknowledged row deleted behind the harness is found."""
    db = tmp_path / "companion.db"
    harness = Harness(db, seed=3)
    while not harness.acked:
        harness.round(0.3)
    assert harness.figures.losses == 0 and harness.figures.problems == []
    game_id, highest = next(iter(harness.acked.items()))
    store = Store(db)
    with store.db.atomic():
        store.db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", [game_id, highest])
    store.close()
    harness.check()
    assert harness.figures.losses == 1
    assert any("lost" in problem for problem in harness.figures.problems)
