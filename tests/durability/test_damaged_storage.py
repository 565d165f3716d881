"""Damaged, full and read-only storage, with real SQLite errors on real files.

A damaged database is moved aside at start (kept, with its -wal/-shm) and a fresh one begun; a
full or read-only one refuses the move: the Table changes nothing it could not store.
"""

from __future__ import annotations

import copy
import random
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest
import sqlite_utils

from companion.gamelog import Header, fold
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.recovery import nothing_saved, open_store
from companion.store import Store, StoreError, Trouble
from companion.table import Table

GAME = "ttr-nyc"
NOW = datetime(2026, 11, 26, 3, 4, 5, tzinfo=timezone.utc)
KEPT = "companion.db.corrupt-20261126T030405Z"


def played(rules, store: Store, seed: int, moves: int | None = None) -> Table:
    """A game played into the store by a random playout (all of it, or its first moves)."""
    playout = TtrPlayout(rules, 3, random.Random(seed))
    playout.play()
    table = Table.start(store, GAME, playout.players, playout.options)
    for action in playout.log[:moves]:
        table.submit(action)
    return table


def real_game_file(rules, db_path: Path, games: int = 4) -> bytes:
    store = Store(db_path)
    for seed in range(games):
        played(rules, store, seed)
    store.close()  # the last connection checkpoints the WAL into the file
    return db_path.read_bytes()


def assert_fresh_start(db_path: Path, kept_bytes: bytes, store: Store, moved) -> None:
    assert moved is not None and moved.kept == db_path.with_name(KEPT)
    assert moved.kept.read_bytes() == kept_bytes, "the damaged file is kept as it was"
    assert store.games() == [] and store.db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert Table.start(store, GAME, ["Ann", "Ben"]).game_id == 1  # and it takes a new game
    store.close()


# ---- damaged files at start ---------------------------------------------------------------


def test_a_sound_database_is_opened_as_it_is(rules, db_path):
    original = real_game_file(rules, db_path, games=1)
    store, moved = open_store(db_path, now=NOW)
    assert moved is None and len(store.games()) == 1
    store.close()
    assert db_path.read_bytes() == original


def test_garbage_bytes_are_moved_aside_for_a_fresh_database(db_path):
    garbage = random.Random(1).randbytes(50_000)
    db_path.write_bytes(garbage)
    store, moved = open_store(db_path, now=NOW)
    assert "not a database" in moved.reason
    assert_fresh_start(db_path, garbage, store, moved)


def test_a_truncated_database_is_moved_aside(rules, db_path):
    half = real_game_file(rules, db_path)[:-3 * 4096]
    db_path.write_bytes(half)
    store, moved = open_store(db_path, now=NOW)
    assert_fresh_start(db_path, half, store, moved)


def test_a_damaged_page_in_the_middle_of_a_game_database_is_moved_aside(rules, db_path):
    data = bytearray(real_game_file(rules, db_path))
    pages = len(data) // 4096
    middle = pages // 2 * 4096
    data[middle:middle + 4096] = random.Random(2).randbytes(4096)
    db_path.write_bytes(bytes(data))
    store, moved = open_store(db_path, now=NOW)
    assert_fresh_start(db_path, bytes(data), store, moved)


def test_the_write_ahead_log_and_shared_memory_go_with_the_damaged_file(db_path):
    db_path.write_bytes(b"this is not SQLite" * 100)
    wal, shm = db_path.with_name("companion.db-wal"), db_path.with_name("companion.db-shm")
    wal.write_bytes(b"wal bytes")
    shm.write_bytes(b"shm bytes")
    store, moved = open_store(db_path, now=NOW)
    assert moved.kept.with_name(KEPT + "-wal").read_bytes() == b"wal bytes"
    assert moved.kept.with_name(KEPT + "-shm").read_bytes() == b"shm bytes"
    store.close()


def test_a_second_damaged_file_in_the_same_second_does_not_replace_the_first(db_path):
    for content in (b"first" * 1000, b"second" * 1000):
        db_path.write_bytes(content)
        store, _moved = open_store(db_path, now=NOW)
        store.close()
    assert db_path.with_name(KEPT).read_bytes() == b"first" * 1000
    assert db_path.with_name(KEPT + "-2").read_bytes() == b"second" * 1000


# ---- a full disk ----------------------------------------------------------------------------


def fill_up(store: Store) -> None:
    """No page beyond those the file has: the next write that needs one gets SQLITE_FULL."""
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")


def stored(db_path: Path, game_id: int):
    """The game as a second connection folds it from the file."""
    other = Store(db_path)
    try:
        record = other.game(game_id)
        return fold(Header(record.game, record.players, record.options), other.log(game_id))
    finally:
        other.close()


def test_a_full_disk_refuses_the_move_and_changes_nothing(rules, store, db_path):
    playout = TtrPlayout(rules, 2, random.Random(5))
    playout.play()
    table = Table.start(store, GAME, playout.players, playout.options)
    heard = []
    table.add_listener(lambda _table, action: heard.append(action))
    fill_up(store)
    refused = None
    for action in playout.log:
        before = (copy.deepcopy(table.state), table.actions)  # apply changes it in place
        try:
            table.submit(action)
        except StoreError as error:
            refused = error
            break
    assert refused is not None and refused.trouble is Trouble.FULL
    assert "full" in str(refused.__cause__)
    assert table.actions == before[1] and table.state == before[0]
    assert heard == list(table.actions), "nobody is told of a move that was not stored"
    on_disk = stored(db_path, table.game_id)
    assert on_disk.state == table.state and tuple(on_disk.actions) == table.actions
    # Space again: the same move is taken and the game goes on.
    store.db.execute("PRAGMA max_page_count = 1000000")
    table.submit(action)
    assert table.actions[-1] == action


def test_a_full_disk_refuses_an_undo_and_keeps_the_move(rules, store, db_path):
    playout = TtrPlayout(rules, 2, random.Random(6))
    playout.play()
    table = Table.start(store, GAME, playout.players, playout.options)
    fill_up(store)
    with pytest.raises(StoreError):  # the disk fills up during the game
        for action in playout.log:
            table.submit(action)
    with pytest.raises(StoreError) as info:
        while True:  # an undo row is short: the last few bytes may still take one or two
            standing = table.actions
            table.undo()
    assert info.value.trouble is Trouble.FULL
    assert table.actions == standing
    assert tuple(stored(db_path, table.game_id).actions) == standing


def test_a_full_disk_refuses_a_new_game(rules, store):
    played(rules, store, seed=7)
    fill_up(store)
    with pytest.raises(StoreError) as info:
        for n in range(200):
            Table.start(store, GAME, [f"Ann{n}", f"Ben{n}"])
    assert info.value.trouble is Trouble.FULL


# ---- a read-only disk -------------------------------------------------------------------------


def test_a_read_only_database_refuses_the_move_and_changes_nothing(rules, store, db_path):
    table = played(rules, store, seed=8, moves=20)
    standing, state = table.actions, copy.deepcopy(table.state)
    # The connection sees the file read-only, as after a remount; works as root too.
    store.db.execute("PRAGMA query_only = ON")
    nxt = TtrPlayout(rules, 3, random.Random(8))
    nxt.play()
    with pytest.raises(StoreError) as info:
        table.submit(nxt.log[20])
    assert info.value.trouble is Trouble.READ_ONLY
    assert "readonly" in str(info.value.__cause__)
    with pytest.raises(StoreError):
        table.undo()
    assert table.actions == standing and table.state == state
    assert tuple(stored(db_path, table.game_id).actions) == standing


def test_a_database_file_opened_read_only_refuses_the_move(rules, store, db_path):
    """The file through SQLite's own read-only handle (`mode=ro`), as a read-only disk gives it."""
    table = played(rules, store, seed=9, moves=5)
    standing = table.actions
    store.db = sqlite_utils.Database(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True))
    nxt = TtrPlayout(rules, 3, random.Random(9))
    nxt.play()
    with pytest.raises(StoreError) as info:
        table.submit(nxt.log[5])
    assert info.value.trouble is Trouble.READ_ONLY
    assert table.actions == standing
    assert tuple(stored(db_path, table.game_id).actions) == standing


# ---- a database that cannot be opened at all ---------------------------------------------------


def test_a_database_that_cannot_be_opened_is_not_moved_aside_but_said(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database's folder should be")
    with pytest.raises(StoreError):
        open_store(blocker / "companion.db", now=NOW)
    assert blocker.read_text() == "a file where the database's folder should be"


def test_without_a_database_the_app_saves_nothing_and_says_read_only():
    store = nothing_saved()
    with pytest.raises(StoreError) as info:
        Table.start(store, GAME, ["Ann", "Ben"])
    assert info.value.trouble is Trouble.READ_ONLY
    assert store.games() == []
