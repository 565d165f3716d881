"""`companion bench`: the figures the issues name, as medians of repeated rounds on this machine."""

from __future__ import annotations

import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from .games import Game, games
from .store import Store, default_path
from .table import Table

TARGETS = {
    "append_ratio": ("at most", 2.0),
    "resume_ms": ("at most", 100.0),
}


def _median(samples: list[float]) -> float:
    return statistics.median(samples)


def append_rounds(game: Game, folder: Path, rounds: int, count: int) -> tuple[float, float]:
    """µs per committed log append through the store, and per bare sqlite3 insert+commit.

    Both in WAL mode with synchronous=FULL, in the same folder, interleaved round by round so
    the disk's mood affects them alike.
    """
    entry = {"type": "take_face_up", "seat": 1, "slot": 3, "card": "red"}
    store = Store(folder / "bench-store.db")
    game_id = store.new_game(game.game_kind, ["A", "B"], {})  # the log holds any JSON entry
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


def resume_rounds(game: Game, folder: Path, rounds: int) -> float:
    """ms to resume a stored 200-action game (read the log, fold it)."""
    players, options, log = game.bench().long_game(200, random.Random(7))
    store = Store(folder / "bench-resume.db")
    table = Table.start(store, game.game_kind, players, options)
    for action in log[:200]:
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
    figures: dict[str, float] = {}
    for game in games():  # each game's own figures, in Home's order
        if game.bench is not None:
            figures.update(game.bench().run(report_line, quick))
    # The log and resume figures are the store's: measured with the first game's long log.
    first = next(game for game in games()
                 if game.bench is not None and hasattr(game.bench(), "long_game"))
    # The log lives on the database's disk, so measure there, not in a RAM-backed /tmp.
    parent = db_dir or default_path().parent
    parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-", dir=parent) as folder:
        store_us, bare_us = append_rounds(first, Path(folder), rounds, 50 if quick else 200)
        resume_ms = resume_rounds(first, Path(folder), rounds)
    report_line("append one action to the log (WAL+FULL)", store_us, "µs")
    report_line("bare sqlite3 insert+commit (WAL+FULL)", bare_us, "µs")
    report_line("append / bare insert", store_us / bare_us, "×", "append_ratio")
    report_line("resume a 200-action game", resume_ms, "ms", "resume_ms")
    return {**figures, "append_us": store_us, "bare_us": bare_us,
            "append_ratio": store_us / bare_us,
            "resume_ms": resume_ms}
