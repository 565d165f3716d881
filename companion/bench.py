"""`companion bench`: the figures the issues name, as medians of repeated rounds on this machine."""

from __future__ import annotations

import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from .boards import rules_for
from .games.ttr_nyc.playout import TtrPlayout
from .store import Store, default_path
from .table import Table

TARGETS = {
    "step_us": ("at most", 15.0),
    "games_per_s": ("at least", 400.0),
    "append_ratio": ("at most", 2.0),
    "resume_ms": ("at most", 100.0),
}


def _median(samples: list[float]) -> float:
    return statistics.median(samples)


def playout_rounds(rounds: int, games: int) -> tuple[float, float, float]:
    """Random 2-player games: (µs per step, games per second, µs to score a finished game)."""
    rules = rules_for("ttr-nyc")
    step_us, per_s, score_us = [], [], []
    rng = random.Random(2024)
    for _ in range(rounds):
        steps = 0
        finals = []
        start = time.perf_counter()
        for _ in range(games):
            playout = TtrPlayout(rules, 2, rng)
            playout.play()
            steps += len(playout.log)
            finals.append(playout.state)
        elapsed = time.perf_counter() - start
        step_us.append(elapsed / steps * 1e6)
        per_s.append(games / elapsed)
        start = time.perf_counter()
        for state in finals:
            rules.score(state)
        score_us.append((time.perf_counter() - start) / len(finals) * 1e6)
    return _median(step_us), _median(per_s), _median(score_us)


def append_rounds(folder: Path, rounds: int, count: int) -> tuple[float, float]:
    """µs per committed log append through the store, and per bare sqlite3 insert+commit.

    Both in WAL mode with synchronous=FULL, in the same folder, interleaved round by round so
    the disk's mood affects them alike.
    """
    entry = {"type": "take_face_up", "seat": 1, "slot": 3, "card": "red"}
    store = Store(folder / "bench-store.db")
    game_id = store.new_game("ttr-nyc", ["A", "B"], {})
    bare = sqlite3.connect(folder / "bench-bare.db", isolation_level=None)
    bare.execute("PRAGMA journal_mode=WAL")
    bare.execute("PRAGMA synchronous=FULL")
    bare.execute("CREATE TABLE IF NOT EXISTS log (game INTEGER, seq INTEGER, action TEXT, "
                 "PRIMARY KEY (game, seq))")
    text = '{"type":"take_face_up","seat":1,"slot":3,"card":"red"}'
    store_us, bare_us, seq = [], [], 0
    for _ in range(rounds):
        start = time.perf_counter()
        for i in range(count):
            store.append(game_id, seq + i + 1, entry)
        store_us.append((time.perf_counter() - start) / count * 1e6)
        start = time.perf_counter()
        for i in range(count):
            bare.execute("BEGIN")
            bare.execute("INSERT INTO log VALUES (?, ?, ?)", (1, seq + i + 1, text))
            bare.execute("COMMIT")
        bare_us.append((time.perf_counter() - start) / count * 1e6)
        seq += count
    store.close()
    bare.close()
    return _median(store_us), _median(bare_us)


def resume_rounds(folder: Path, rounds: int) -> float:
    """ms to resume a stored 200-action game (read the log, fold it)."""
    rules = rules_for("ttr-nyc")
    rng = random.Random(7)
    while True:  # a long 4-player game, cut at 200 actions
        playout = TtrPlayout(rules, 4, rng, claim_bias=0.25)
        playout.play()
        if len(playout.log) >= 200:
            break
    store = Store(folder / "bench-resume.db")
    table = Table.start(store, "ttr-nyc", playout.players, playout.options)
    for action in playout.log[:200]:
        table.submit(action)
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        Table.resume(store, table.game_id)
        samples.append((time.perf_counter() - start) * 1e3)
    store.close()
    return _median(samples)


def report_line(name: str, value: float, unit: str, key: str | None = None,
                out: Callable[[str], None] = print, targets=TARGETS) -> None:
    """One figure, with its target and whether it was met when `key` names one."""
    target = ""
    if key:
        word, limit = targets[key]
        ok = value <= limit if word == "at most" else value >= limit
        target = f"  (target {word} {limit:g}: {'ok' if ok else 'MISSED'})"
    out(f"{name:<44} {value:>10.2f} {unit}{target}")


def run_all(quick: bool = False, db_dir: Path | None = None) -> dict[str, float]:
    rounds = 3 if quick else 9
    print(f"companion bench: medians of {rounds} rounds")
    step_us, per_s, score_us = playout_rounds(rounds, 60 if quick else 200)
    report_line("random playout, per step (2 players)", step_us, "µs", "step_us")
    report_line("random 2-player games", per_s, "games/s", "games_per_s")
    report_line("end-of-game scoring", score_us, "µs")
    from .games.rotw.bench import run as run_rotw
    rotw = run_rotw(report_line, quick)
    from .games.traffiq.bench import run as run_traffiq
    traffiq = run_traffiq(report_line, quick)
    # The log lives on the database's disk, so measure there, not in a RAM-backed /tmp.
    parent = db_dir or default_path().parent
    parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-", dir=parent) as folder:
        store_us, bare_us = append_rounds(Path(folder), rounds, 50 if quick else 200)
        resume_ms = resume_rounds(Path(folder), rounds)
    report_line("append one action to the log (WAL+FULL)", store_us, "µs")
    report_line("bare sqlite3 insert+commit (WAL+FULL)", bare_us, "µs")
    report_line("append / bare insert", store_us / bare_us, "×", "append_ratio")
    report_line("resume a 200-action game", resume_ms, "ms", "resume_ms")
    return {**rotw, **traffiq, "step_us": step_us, "games_per_s": per_s, "score_us": score_us,
            "append_us": store_us, "bare_us": bare_us, "append_ratio": store_us / bare_us,
            "resume_ms": resume_ms}
