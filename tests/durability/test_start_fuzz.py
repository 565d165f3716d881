"""No byte on the card stops the app: a database of finished and unfinished games of every
game, damaged in every column of every table (type swaps, JSON of the wrong shape, unknown
ids) and by single-bit flips of the file, goes through the start path (`start_path.py`: the
commands, then the app's start, Home, resume of every game, History and each page, the
statistics). Every case must end with no error the app did not word and no hang."""

from __future__ import annotations

import random
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

import sys

sys.path.insert(0, str(Path(__file__).parent))
import fuzz_db  # noqa: E402
import start_path  # noqa: E402

# table -> (its columns, a row of a finished game and one of an unfinished game, by rowid SQL)
ROWS = {
    "games": ("id game options status created finished moved abandoned",
              ["SELECT rowid FROM games WHERE id = 1", "SELECT rowid FROM games WHERE id = 5"]),
    "game_players": ("game_id seat name", ["SELECT rowid FROM game_players WHERE game_id = 2",
                                           "SELECT rowid FROM game_players WHERE game_id = 4"]),
    "players": ("name last_played", ["SELECT min(rowid) FROM players"]),
    "actions": ("game_id seq action",
                ["SELECT rowid FROM actions WHERE game_id = 3 AND seq = 5",
                 "SELECT max(rowid) FROM actions WHERE game_id = 6"]),
    "results": ("game_id seat total winner points",
                ["SELECT rowid FROM results WHERE game_id = 2 AND seat = 0"]),
    "settings": ("key value", ["SELECT rowid FROM settings WHERE key = 'language'"]),
    "tags": ("tag game kind value taught", ["SELECT min(rowid) FROM tags"]),
}
SWAPS = {"text": "'x'", "blob": "x'ff00fe'", "integer": "5", "real": "1.5", "null": "NULL",
         "huge": str(2 ** 63 - 1)}
SHAPES = {  # JSON of the wrong shape where the app reads JSON
    ("games", "options"): ["'[]'", "'\"x\"'", "'null'", "'{\"first\": [1]}'",
                           "'{\"first\": 1e999}'", "'{\"colours\": 5}'",
                           "'{\"first\": 99999999999999999999999}'"],
    ("actions", "action"): ["'{\"type\":[\"undo\"]}'", "'{\"type\":{\"a\":1}}'", "'[]'",
                            "'{\"type\":\"undo\",\"at\":5}'", "'{\"type\":\"pause\",\"at\":[1]}'",
                            "'{\"type\":\"claim_route\",\"route\":\"nowhere\",\"seat\":0}'",
                            "'{\"type\":\"draw\",\"seat\":\"0\"}'", "'{\"seat\":1e400}'",
                            "'{}'", "'{\"type\":\"x\",\"seat\":99999999999999999999}'"],
    ("results", "points"): ["'[]'", "'{\"routes\":\"x\"}'", "'{\"routes\":[1]}'"],
    ("results", "total"): ["'lots'", "'12'", "1e300"],
    ("settings", "value"): ["'{\"a\":1}'", "'xx'", "x'00'"],
}
UNKNOWN_IDS = [  # rows that name what is not there
    "UPDATE game_players SET game_id = 999 WHERE game_id = 4 AND seat = 1",
    "UPDATE actions SET game_id = 999 WHERE game_id = 5 AND seq = 3",
    "UPDATE results SET game_id = 999 WHERE game_id = 1 AND seat = 0",
    "UPDATE results SET seat = 7 WHERE game_id = 1 AND seat = 1",
    "UPDATE games SET id = 999 WHERE id = 6",
    "UPDATE games SET game = 'no-such-game' WHERE id = 4",
    "UPDATE games SET game = 'no-such-game' WHERE id = 1",
    "UPDATE actions SET seq = seq + 1000 WHERE game_id = 4 AND seq = 2",
    "DELETE FROM game_players WHERE game_id = 5 AND seat = 0",
    "INSERT INTO game_players VALUES (6, 9, 'Zed')",
]
EXPORTS = ("csv", "bgstats")  # `export --all` in each format, by turns
# single-bit flips (seed 24): the suite runs the first third of the 1,500 that --full-size runs
FLIPS, FLIPS_IN_THE_SUITE = 1500, 500
FULL_EVERY = 50  # every 50th flip also goes through the commands, the pages and statistics
SAMPLE_SEED = 7  # the suite's choice of row for each damage (below)


def cases(every_row: bool = True) -> list[tuple[str, str]]:
    """(name, SQL) for every damage done with SQL. Not `every_row` (the suite): each damage of
    each column (every type swap, every wrong-shape JSON) in one of its rows, a finished or an
    unfinished game's, drawn with a fixed seed; every unknown id as always."""
    found = []
    draw = random.Random(SAMPLE_SEED)
    for table, (columns, rows) in ROWS.items():
        for column in columns.split():
            damages = [(kind, value) for kind, value in SWAPS.items()]
            damages += [(value, value) for value in SHAPES.get((table, column), [])]
            for label, value in damages:
                numbers = range(len(rows)) if every_row else [draw.randrange(len(rows))]
                for number in numbers:
                    found.append((f"{table}.{column} row {number} {label}",
                                  f"UPDATE {table} SET {column} = {value} "
                                  f"WHERE rowid = ({rows[number]})"))
    return found + [(sql, sql) for sql in UNKNOWN_IDS]


@pytest.fixture(scope="module")
def sound(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sound") / "companion.db"
    fuzz_db.make(path)
    return path


def damaged(sound: Path, folder: Path, sql: str | None = None) -> Path:
    """The sound database damaged, alone in a fresh folder (a walk sets files aside there)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    return fuzz_db.damaged(sound, folder / "companion.db", sql)


def test_every_column_of_every_table_damaged_stops_nothing(sound, tmp_path, full_size):
    """Type swaps (text, blob, integer, real, NULL, huge) in every column of every table, JSON
    of the wrong shape, unknown ids: each through the whole start path (in the rows of a
    finished and an unfinished game with --full-size, in one of them in the suite)."""
    refused, stopped, ran = [], [], 0
    started = time.monotonic()
    for number, (name, sql) in enumerate(cases(every_row=full_size)):
        try:
            db = damaged(sound, tmp_path / "case", sql)
        except sqlite3.IntegrityError:  # a NOT NULL or key SQLite itself keeps: no such file
            refused.append(name)
            continue
        try:
            start_path.walk(db, tmp_path / "case", export=EXPORTS[number % 2])
        except start_path.Stopped as error:
            stopped.append(f"{name}: {error}")
        ran += 1
    print(f"\n{ran} damaged databases through the start path, {len(refused)} refused by "
          f"SQLite, {len(stopped)} stopped, in {time.monotonic() - started:.0f} s")
    assert not stopped, "\n".join(stopped)
    assert ran >= (250 if full_size else 150)


def _flip(db: Path, rng: random.Random) -> int:
    data = bytearray(db.read_bytes())
    bit = rng.randrange(len(data) * 8)
    data[bit // 8] ^= 1 << (bit % 8)
    db.write_bytes(bytes(data))
    return bit


def test_single_bit_flips_of_the_file_stop_nothing(sound, tmp_path, full_size):
    """Single-bit flips of the file (1,500 with --full-size, the first 500 of them in the
    suite): each through the app's start (the database checked, Home, resume of every
    unfinished game, History's list); every 50th through the commands, History's pages and the
    statistics too."""
    rng = random.Random(24)
    stopped, moved = [], 0
    started = time.monotonic()
    flips = FLIPS if full_size else FLIPS_IN_THE_SUITE
    for number in range(flips):
        db = damaged(sound, tmp_path / "flip")
        bit = _flip(db, rng)
        try:
            if number % FULL_EVERY == 0:
                start_path.walk(db, tmp_path / "flip", export=EXPORTS[number // FULL_EVERY % 2])
            else:
                start_path.walk(db, tmp_path / "flip", full=False)
        except start_path.Stopped as error:
            stopped.append(f"bit {bit}: {error}")
        moved += any(".corrupt-" in p.name for p in (tmp_path / "flip").iterdir())
    print(f"\n{flips} single-bit flips through the start path ({flips // FULL_EVERY} in full), "
          f"{moved} set aside as damaged, {len(stopped)} stopped, in "
          f"{time.monotonic() - started:.0f} s")
    assert not stopped, "\n".join(stopped[:20])


def test_a_flipped_bit_in_the_schema_sets_the_file_aside(sound, tmp_path):
    """0x20 -> 0xA0 in the schema's text (the space before the log's `action` column): SQLite
    reads the table with a column of another name, so the file is set aside, kept, and the app
    starts on a fresh database."""
    db = damaged(sound, tmp_path / "schema")
    fuzz_db.flip_schema_bit(db)
    seen = start_path.walk(db, tmp_path / "schema")
    assert seen["games"] == 0
    assert any(".corrupt-" in p.name for p in (tmp_path / "schema").iterdir())
