"""Durability in the real app under Xvfb: SIGKILL at random moments while it is played by touch,
and a start on a damaged database.

The app runs through durability_driver.py (the UI driver with scenarios_durability.py). For the
power cuts it prints an ack line for each entry it stored; the test kills the process group at
a random moment, then checks the file: integrity, every acknowledged entry there as it was
acknowledged, the game a fresh fold of its log and the planned moves. The next start taps Resume
and checks, inside the app, that the game on screen is that fold.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.gamelog import Header, fold
from companion.store import Store
from companion.table import Table

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "durability_driver.py"
KILLS, KILLS_IN_THE_SUITE = 20, 8  # --full-size: the 20 docs/durability.md quotes
SEED = 11

pytestmark = pytest.mark.ui


@dataclass
class Player:
    """One start of the app: its process and what it printed, line by line."""

    process: subprocess.Popen
    lines: list[str] = field(default_factory=list)
    playing: threading.Event = field(default_factory=threading.Event)
    stored: threading.Event = field(default_factory=threading.Event)  # its first ack

    def read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("playing "):
                self.playing.set()
            elif line.startswith("ack "):
                self.stored.set()
        self.playing.set()  # the app ended: nobody waits for a line that never comes
        self.stored.set()


def launch(x_display: str, kivy_home: Path, db: Path, shots: Path, scenario: str,
           log: Path, seed: int = SEED) -> Player:
    command = [sys.executable, str(DRIVER), scenario, "--size", "800x480", "--db", str(db),
               "--shots", str(shots), "--seed", str(seed)]
    env = dict(os.environ, DISPLAY=x_display, KIVY_NO_ARGS="1", KIVY_LOG_MODE="PYTHON",
               KIVY_NO_FILELOG="1", KIVY_HOME=str(kivy_home), SDL_AUDIODRIVER="dummy",
               PYTHONUNBUFFERED="1")
    with open(log, "ab") as errors:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True,
                                   env=env, cwd=HERE.parent.parent, start_new_session=True)
    player = Player(process)
    threading.Thread(target=player.read, daemon=True).start()
    return player


def acknowledged(lines: list[str]) -> list[tuple[int, int, dict]]:
    acks = []
    for line in lines:
        if line.startswith("ack "):
            _ack, game, seq, entry = line.split(" ", 3)
            acks.append((int(game), int(seq), json.loads(entry)))
    return acks


@dataclass
class Ledger:
    """Everything the app acknowledged over all its starts, and what the checks found."""

    entries: dict[int, dict[int, dict]] = field(default_factory=dict)  # game -> seq -> entry
    tops: dict[int, int] = field(default_factory=dict)
    kills: int = 0
    checked: int = 0
    losses: int = 0
    in_flight: int = 0
    resumes: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def acknowledged(self) -> int:
        return sum(len(seqs) for seqs in self.entries.values())

    def check(self, db: Path) -> None:
        store = Store(db)
        try:
            if store.db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                self.problems.append(f"integrity_check failed after kill {self.kills}")
            for game_id, seqs in self.entries.items():
                self.check_game(store, game_id, seqs)
        finally:
            store.close()

    def check_game(self, store: Store, game_id: int, seqs: dict[int, dict]) -> None:
        from scenarios_durability import game_playout
        log = dict(store.log(game_id))
        for seq, entry in seqs.items():
            self.checked += 1
            if log.get(seq) != entry:
                self.losses += 1
                self.problems.append(f"game {game_id} entry {seq}: acknowledged {entry}, "
                                     f"stored {log.get(seq)}")
        top = max(log, default=0)
        caught = top - max(max(seqs, default=0), self.tops.get(game_id, 0))
        self.in_flight += max(0, caught)
        if caught > 1:
            self.problems.append(f"game {game_id}: {caught} entries stored without an ack")
        self.tops[game_id] = top
        record = store.game(game_id)
        replayed = fold(Header(record.game, record.players, record.options), log.items())
        resumed = Table.resume(store, game_id)
        planned = game_playout(SEED, game_id).log
        standing = list(resumed.actions)
        if not (resumed.state == replayed.state and standing == planned[:len(standing)]):
            self.problems.append(f"game {game_id}: resumed state is not a fresh replay's")


def test_power_cuts_in_the_app_lose_no_acknowledged_move(x_display, kivy_home, shots_dir,
                                                          tmp_path, full_size):
    """SIGKILLs (8 in the suite, 20 with --full-size) of the app played by touch: no
    acknowledged move lost, and every next start resumes the game as a fresh fold."""
    sys.path.insert(0, str(HERE))
    kills = KILLS if full_size else KILLS_IN_THE_SUITE
    db, log = tmp_path / "companion.db", tmp_path / "app-stderr.log"
    rng = random.Random(SEED)
    ledger = Ledger()
    started = time.monotonic()
    starts = 0
    while ledger.kills < kills:
        starts += 1
        player = launch(x_display, kivy_home, db, shots_dir, "powercut_player", log)
        assert player.playing.wait(90), "the app did not start playing"
        # The random moment is counted from the start's first stored move, not from "playing":
        # on a loaded machine the first move took longer than the whole 4 s, every start was
        # killed before it stored anything, and the run checked nothing.
        assert player.stored.wait(180), "the app stored no move"
        time.sleep(rng.uniform(0.1, 4.0))
        if player.process.poll() is None:
            os.killpg(player.process.pid, signal.SIGKILL)
            ledger.kills += 1
        code = player.process.wait(30)
        time.sleep(0.1)  # the reader drains the pipe
        for game_id, seq, entry in acknowledged(player.lines):
            ledger.entries.setdefault(game_id, {})[seq] = entry
        ledger.resumes += sum(line.startswith("resumed ") for line in player.lines)
        assert code in (-signal.SIGKILL, 0), (
            f"start {starts} ended with {code}:\n" + log.read_text(errors="replace")[-4000:])
        ledger.check(db)
    seconds = time.monotonic() - started
    print(f"\npower cuts (app under Xvfb): {ledger.kills} kills in {starts} starts, "
          f"{ledger.acknowledged} acknowledged entries ({ledger.checked} checks), "
          f"{ledger.losses} lost, {ledger.in_flight} stored before their ack, "
          f"{ledger.resumes} resumes checked in the app, {seconds:.0f} s")
    assert ledger.problems == []
    assert ledger.losses == 0
    assert ledger.acknowledged >= kills
    assert ledger.resumes >= kills - 2  # every start after the first resumes (bar a new game)


def test_a_damaged_database_is_set_aside_and_home_says_where(x_display, kivy_home, shots_dir,
                                                             tmp_path):
    db, log = tmp_path / "companion.db", tmp_path / "app-stderr.log"
    garbage = random.Random(3).randbytes(40_000)
    db.write_bytes(garbage)
    player = launch(x_display, kivy_home, db, shots_dir, "damaged_at_start", log)
    assert player.process.wait(120) == 0, log.read_text(errors="replace")[-4000:]
    report = json.loads((shots_dir / "report.json").read_text(encoding="utf-8"))
    home = report["home"]
    kept = Path(home["kept"])
    assert kept.parent == tmp_path and kept.name.startswith("companion.db.corrupt-")
    assert kept.read_bytes() == garbage, "the damaged file is kept as it was"
    assert home["screen"] == "home" and home["games"] == 0
    assert home["opacity"] == 1 and f"{kept.parent}/" in home["message"]
    assert kept.name in home["message"] and "damaged" in home["message"]
    # the wrap breaks between the folder and the name, neither of them mid-word
    assert any(f"{kept.parent}/" in line for line in home["lines"]), home["lines"]
    assert any(kept.name in line for line in home["lines"]), home["lines"]
    assert (shots_dir / "home-damaged-800x480.png").exists()


def run_once(x_display, kivy_home, shots_dir, tmp_path, scenario: str, db: Path) -> dict:
    log = tmp_path / "app-stderr.log"
    player = launch(x_display, kivy_home, db, shots_dir, scenario, log)
    assert player.process.wait(120) == 0, log.read_text(errors="replace")[-4000:]
    return json.loads((shots_dir / "report.json").read_text(encoding="utf-8"))


def test_a_database_that_cannot_be_opened_refuses_new_games_and_says_why(
        x_display, kivy_home, shots_dir, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database's folder should be")
    report = run_once(x_display, kivy_home, shots_dir, tmp_path, "unopened_at_start",
                      blocker / "companion.db")
    assert report["home"]["opacity"] == 1
    assert "could not be opened" in report["home"]["message"]
    refused = report["new_game"]
    assert refused["screen"] == "new_game" and not refused["table"]
    assert "storage is read-only" in refused["alert"]
    assert (shots_dir / "new-game-refused-800x480.png").exists()


def test_a_full_disk_during_play_refuses_the_move_on_screen(x_display, kivy_home, shots_dir,
                                                            tmp_path):
    db = tmp_path / "companion.db"
    report = run_once(x_display, kivy_home, shots_dir, tmp_path, "full_during_play", db)
    refused = report["refused"]
    assert refused["screen"] == "ttr_nyc_play"
    assert "storage is full" in refused["alert"] and "saved up to the last move" in \
        refused["alert"]
    assert refused["actions"] == refused["move"] == refused["stored"]  # nothing lost or half-done
    assert report["after_room"]["actions"] == refused["move"] + 1
    store = Store(db)
    try:
        log = store.log(1)
        # the move made once there was room, then the pause the app's stop stored (a game
        # left pauses: docs/records.md)
        assert len(log) == refused["move"] + 2 and log[-1][1]["type"] == "pause", log[-3:]
    finally:
        store.close()
