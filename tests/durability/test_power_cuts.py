"""Power cuts: a player process is SIGKILLed at random moments; nothing it acknowledged is lost.

The harness is companion/powercut.py (also `python -m companion.powercut`); the figures of a run
are printed (pytest -s shows them) and quoted in docs/durability.md.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from companion.powercut import END_UNDO_CHANCE, Harness, run, script
from companion.store import Store

# CI shares its 45 minutes with everything else: fewer cuts there (the figures in
# docs/durability.md are from full runs on the development machine).
KILLS = 100 if os.environ.get("CI") else 200


def test_two_hundred_power_cuts_lose_no_acknowledged_move(tmp_path: Path):
    figures = run(tmp_path / "companion.db", kills=KILLS, seed=7)
    print("\npower cuts (headless):", figures.line())
    assert figures.problems == []
    assert figures.kills == KILLS
    assert figures.losses == 0
    assert figures.disagreements == 0
    # Cuts land after moves, not only at start-up: a busy machine acknowledges fewer moves per
    # cut (357 for 200 cuts at a load of 17), a quiet one more.
    assert figures.acknowledged > KILLS
    assert figures.resumed >= figures.games
    assert not list(tmp_path.glob("*.corrupt-*")), "a restart found the database damaged"


def test_the_scripts_take_moves_back_and_play_them_again():
    entries = script(7, 1).entries
    undos = [n for n, entry in enumerate(entries) if entry["type"] == "undo"]
    assert undos
    assert all(entries[n + 1] == entries[n - 1] for n in undos)
    assert script(7, 1) == script(7, 1) and script(7, 1) != script(7, 2)


def test_some_scripts_take_back_the_last_move_after_the_end():
    """An undo after the end reopens the game in the undo's transaction."""
    ends = [script(7, game).entries[-2:] for game in range(1, 21)]
    undone = [end for end in ends if end[0]["type"] == "undo"]
    assert 0 < len(undone) < len(ends) and END_UNDO_CHANCE == 0.5
    assert all(end[1]["type"] != "undo" for end in undone)


def played_harness(db: Path, games: int) -> Harness:
    """A harness after enough cuts for `games` games with acknowledged entries."""
    harness = Harness(db, seed=3)
    while len(harness.acked) < games:
        harness.round(0.3)
    assert harness.figures.losses == 0 and harness.figures.problems == []
    return harness


def test_the_harness_notices_lost_moves_anywhere_in_a_log(tmp_path: Path):
    """The checks are not vacuous: acknowledged rows deleted behind the harness at random
    positions (not only the newest) are each found."""
    db = tmp_path / "companion.db"
    harness = played_harness(db, games=2)
    rng = random.Random(5)
    planted = {(game_id, rng.randint(1, highest)) for game_id, highest in harness.acked.items()}
    planted.add((min(harness.acked), 1))
    store = Store(db)
    with store.db.atomic():
        for game_id, seq in planted:
            store.db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", [game_id, seq])
    store.close()
    harness.check()
    assert harness.figures.losses == len(planted)
    assert any("lost" in problem for problem in harness.figures.problems)


def test_the_harness_notices_a_status_that_disagrees_with_the_log(tmp_path: Path):
    """What an undo after the end stored in two transactions left behind: a finished game
    whose log is in progress again (and the other way round)."""
    db = tmp_path / "companion.db"
    harness = played_harness(db, games=2)
    store = Store(db)
    finished = store.games(status="finished")
    with store.db.atomic():
        store.db.execute("UPDATE games SET status = 'playing' WHERE id = ?", [finished[0].id])
    store.close()
    harness.check()
    assert harness.figures.disagreements == 1


def test_the_harness_plays_every_registered_game_in_turn(tmp_path: Path):
    """Game 1 is the first registered game, game 2 the second, …: the cuts fall in all three
    games' moves, not only Ticket to Ride's."""
    from companion.games import games
    from companion.powercut import play, played
    boxes = [game.game_kind for game in games() if game.playout is not None]
    assert [played(n).game_kind for n in range(1, 2 * len(boxes) + 1)] == boxes * 2
    entries = sum(len(script(5, n).entries) for n in range(1, len(boxes))) + 1
    read, write = os.pipe()
    try:
        play(tmp_path / "c.db", seed=5, ack=write, entries=entries)
    finally:
        os.close(write)
        os.close(read)
    store = Store(tmp_path / "c.db")
    assert [game for (game,) in store.db.execute("SELECT game FROM games ORDER BY id")] == boxes
    store.close()
