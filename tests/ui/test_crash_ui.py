"""Nothing stops the kiosk, through the real `companion` entry point at
800×480, by touch: stored rows the app cannot read (broken options JSON, an action the engine
now refuses), an uncaught error in a tap (Kivy's ExceptionManager handler takes the app back to
Home), a fault that repeats (the app stays on Home), and read-only storage."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.boards import rules_for
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.store import Store
from companion.table import Table


def stored_games(db: Path, count: int = 3, moves: int = 20) -> list[int]:
    """Unfinished Ticket to Ride games played into the database by seeded playouts."""
    store = Store(db)
    try:
        ids = []
        for seed in range(count):
            playout = TtrPlayout(rules_for("ttr-nyc"), 2, random.Random(seed))
            playout.play()
            table = Table.start(store, "ttr-nyc", playout.players, playout.options)
            for action in playout.log[:moves]:
                table.submit(action)
            ids.append(table.game_id)
        return ids
    finally:
        store.close()


def change(db: Path, sql: str, *params) -> None:
    store = Store(db)
    try:
        with store.db.atomic():
            store.db.execute(sql, list(params))
    finally:
        store.close()


@pytest.mark.ui
def test_games_with_broken_rows_are_said_and_everything_else_works(run_scenario, tmp_path):
    """Before: broken JSON in one games.options row stopped the app at start; an action the
    engine refuses stopped it when Resume was tapped (LogError escaped Home); a garbled time
    stopped Home's refresh, and going back Home raised again, so the app stopped."""
    db = tmp_path / "companion.db"
    good, options, refused, cut = stored_games(db, count=4)
    change(db, "UPDATE games SET options = '{\"first\": 0,' WHERE id = ?", options)
    change(db, "UPDATE actions SET action = '{\"type\":\"teleport\"}' "
               "WHERE game_id = ? AND seq = 12", refused)
    # What a database one byte short leaves: its last entry's text cut (integrity_check passes)
    change(db, "UPDATE actions SET action = '{\"type\": \"dra' WHERE game_id = ? AND seq = 20",
           cut)
    # A time that is not one (Home words how long ago each game was played): the game plays on
    change(db, "UPDATE games SET moved = '2026-11-2\ufffd' WHERE id = ?", good)
    run = run_scenario("broken_rows_by_taps", db=db)
    assert run.returncode == 0, run.failure()
    report = run.report
    assert report["start"]["screen"] == "home"
    assert report["start"]["cards"] == sorted([good, options, refused, cut]), \
        "every game is listed"
    tapped = report["tapped"]
    assert tapped[str(good)]["screen"] == "ttr_nyc_play" and tapped[str(good)]["actions"] == 20
    for game_id, words in ((options, "not JSON"), (refused, "teleport"),
                           (cut, "log entry 20 is not JSON")):
        shown = tapped[str(game_id)]
        assert shown["screen"] == "home" and not shown["table"], shown
        asked = " ".join(shown["asked"])
        assert "can't be opened" in asked and words in asked, shown  # the reason, said
        assert "Can't be opened" in shown["card"], shown  # and kept on its card
        exported = db.parent / "exports" / f"game-{game_id}.jsonl"
        assert str(exported) in shown["exported"] and exported.is_file(), shown
        assert len(exported.read_text(encoding="utf-8").splitlines()) > 1  # header and rows
    assert (run.shots / "crash-cannot-be-opened-800x480.png").exists()


def refused_where_it_stands(seed: int, seq: int) -> str:
    """An action that reads as one but that the engine refuses as the log's entry `seq` of the
    game `stored_games` played with `seed`: what an old log can hold after an engine update."""
    rules = rules_for("ttr-nyc")
    playout = TtrPlayout(rules, 2, random.Random(seed))
    playout.play()
    state = rules.new_state(playout.players, playout.options)
    for action in playout.log[:seq - 1]:
        rules.apply(state, action)
    refused = next(a for a in playout.log[seq:] if rules.check(state, a) is not None)
    return json.dumps(refused.to_json())


@pytest.mark.ui
def test_history_says_which_games_cant_be_opened_and_exports_them(run_scenario, tmp_path):
    """History's page of a game: one whose options are not JSON, one whose entry is not JSON (a
    database one byte short) and one holding an action the engine now refuses where it stands
    say why and export their rows; the sound one lists its moves. Before, the first and the
    last listed their moves as if nothing were wrong, and "Export it" said nothing there."""
    db = tmp_path / "companion.db"
    good, options, cut, refused = stored_games(db, count=4)
    change(db, "UPDATE games SET options = '{\"first\": 0,' WHERE id = ?", options)
    change(db, "UPDATE actions SET action = '{\"type\": \"dra' WHERE game_id = ? AND seq = 20",
           cut)
    change(db, "UPDATE actions SET action = ? WHERE game_id = ? AND seq = 12",
           refused_where_it_stands(3, 12), refused)
    run = run_scenario("broken_rows_in_history", db=db)
    assert run.returncode == 0, run.failure()
    seen = run.report["history"]
    assert seen[str(good)] == {"lines": 20, "asked": []}, seen
    for game_id, words in ((options, "its options are not JSON"),
                           (cut, "its log entry 20 is not JSON"), (refused, "")):
        shown = seen[str(game_id)]
        asked = " ".join(shown["asked"])
        assert "can't be opened: " + words in asked, shown  # and the engine's reason
        said = [t for t in shown["asked"] if t.startswith("This game can't be opened: ")]
        assert said and len(said[0]) > len("This game can't be opened: ") + 5, shown
        exported = db.parent / "exports" / f"game-{game_id}.jsonl"
        assert exported.is_file() and str(exported) in shown["exported"], shown
        assert shown["opacity"] == 1, "the export is said on the page"
    assert seen[str(options)]["lines"] == seen[str(refused)]["lines"] == 20, "what reads, shown"


@pytest.mark.ui
def test_an_uncaught_error_in_a_tap_goes_back_home_and_is_logged(run_scenario, tmp_path):
    db = tmp_path / "companion.db"
    stored_games(db, count=1)
    run = run_scenario("uncaught_error_by_tap", db=db)
    assert run.returncode == 0, run.failure()
    report = run.report
    after = report["after_bug"]
    assert after["screen"] == "home" and not after["table"], after
    assert "went back to Home" in after["message"] and after["opacity"] == 1, after
    assert report["resumed"] == {"screen": "ttr_nyc_play", "actions": after["before"]}
    errors = report["app_errors"]
    assert len(errors) == 1 and "ZeroDivisionError" in errors[0], errors
    assert "Traceback" in errors[0] and "scenarios_crash.py" in errors[0], "with its traceback"


@pytest.mark.ui
def test_a_fault_that_repeats_keeps_the_app_on_home(run_scenario, tmp_path):
    db = tmp_path / "companion.db"
    run = run_scenario("repeated_error_stays_home", db=db)
    assert run.returncode == 0, run.failure()
    report = run.report
    assert report["taps"] == 8 and report["still_running"], report
    assert report["after"]["screen"] == "home", report
    assert "went back to Home" in report["after"]["message"], report
    assert report["after"]["opacity"] == 1, report
    tracebacks = [e for e in report["app_errors"] if "Traceback" in e]
    assert len(tracebacks) == 5, "five tracebacks within ten seconds, then one line each"
    assert sum("again (" in e for e in report["app_errors"]) == 3, report["app_errors"]


@contextlib.contextmanager
def read_only_folder(folder: Path):
    """The folder made read-only for this process: chmod for a user; for root (whom modes do
    not stop) the immutable attribute, which stops root too."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)]).returncode != 0:
        pytest.skip("root cannot make a read-only folder here (no chattr +i on this file "
                    "system); the durability tests cover a read-only mount")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=True)


@pytest.mark.ui
def test_read_only_storage_shows_every_game_and_saves_nothing(run_scenario, tmp_path):
    """Before: the app ran on an empty database in memory, every saved game hidden."""
    folder = tmp_path / "card"
    folder.mkdir()
    db = folder / "companion.db"
    ids = stored_games(db, count=2)
    with read_only_folder(folder):
        run = run_scenario("read_only_at_start", db=db)
    assert run.returncode == 0, run.failure()
    home = run.report["home"]
    assert home["cards"] == ids and home["games"] == 2, home
    assert home["message"] == ("The storage is read-only: every saved game can be looked at, "
                               "but nothing new can be saved. To copy them off the card, plug "
                               "in a USB stick and tap Settings, then “Back up to a USB "
                               "stick”."), home
    assert run.report["resumed"] == {"screen": "ttr_nyc_play", "actions": 20}
    refused = run.report["new_game"]
    assert "storage is read-only" in refused["alert"] and refused["games"] == 2, refused
