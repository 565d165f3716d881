"""Moving a damaged database aside keeps every byte, even when a cut stops it half-way; a -wal
found without its database is kept, never handed to a fresh one.

The cuts are real: the start-up (`open_store`) runs in a process of its own under strace, which
SIGKILLs it as it enters its N-th rename (or the unlink of the move's plan), before the call
does anything. The next start then runs here, and every file must be where a rescue finds it:
the database as `companion.db.corrupt-<time>`, its -wal and -shm beside it under the names
SQLite looks for, byte for byte.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from companion.games.ttr_nyc.playout import TtrPlayout
from companion.recovery import open_store, steps
from companion.store import Store
from companion.table import Table

NOW = datetime(2026, 11, 26, 3, 4, 5, tzinfo=timezone.utc)
KEPT = "companion.db.corrupt-20261126T030405Z"
# The renames of a whole move: the plan into place, the -wal, the -shm, the database.
RENAMES = 4


def game_in_the_wal(rules, folder: Path) -> dict[str, bytes]:
    """A database whose last 30-move game is only in its -wal (as a cut leaves it): the three
    files copied while the connection that wrote them is still open."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "companion.db"
    store = Store(folder / "build.db")
    store.db.execute("PRAGMA wal_autocheckpoint = 0")  # everything stays in the -wal
    playout = TtrPlayout(rules, 3, random.Random(4))
    playout.play()
    table = Table.start(store, "ttr-nyc", playout.players, playout.options)
    for action in playout.log[:30]:
        table.submit(action)
    for end in ("", "-wal", "-shm"):
        shutil.copyfile(folder / f"build.db{end}", folder / f"companion.db{end}")
    store.close()
    for end in ("", "-wal", "-shm"):
        (folder / f"build.db{end}").unlink(missing_ok=True)
    return {end: db.with_name(db.name + end).read_bytes() for end in ("", "-wal", "-shm")}


def not_a_database(rules, folder: Path) -> dict[str, bytes]:
    """The same, its database file's first page overwritten (moved aside before SQLite looks)."""
    files = game_in_the_wal(rules, folder)
    garbage = random.Random(1).randbytes(4096) + files[""][4096:]
    (folder / "companion.db").write_bytes(garbage)
    return {**files, "": garbage}


def damaged_page(rules, folder: Path) -> dict[str, bytes]:
    """The same, a page in the middle of the database file garbled (found by the integrity
    check, through a read-only handle that leaves the -wal alone)."""
    files = game_in_the_wal(rules, folder)
    data = bytearray(files[""])
    middle = len(data) // 4096 // 2 * 4096
    data[middle:middle + 4096] = random.Random(2).randbytes(4096)
    (folder / "companion.db").write_bytes(bytes(data))
    return {**files, "": bytes(data)}


def cut_start(db: Path, syscall: str, when: int) -> int:
    """The app's start-up in a process of its own, SIGKILLed on entering its `when`-th
    `syscall`; its exit status (-9 when the cut came)."""
    strace = shutil.which("strace")
    if strace is None:
        pytest.fail("needs strace (apt-get install strace)", pytrace=False)
    code = ("import sys; from datetime import datetime, timezone; "
            "from companion.recovery import open_store; "
            "open_store(sys.argv[1], now=datetime(2026, 11, 26, 3, 4, 5, tzinfo=timezone.utc))")
    done = subprocess.run([strace, "-qq", "-o", "/dev/null", "-e", f"trace={syscall}",
                           "-e", f"inject={syscall}:signal=KILL:when={when}",
                           sys.executable, "-c", code, str(db)],
                          capture_output=True, timeout=120)
    return done.returncode


def assert_every_byte_kept(folder: Path, files: dict[str, bytes]) -> None:
    kept = folder / KEPT
    assert kept.read_bytes() == files[""], "the database is kept as it was"
    assert kept.with_name(KEPT + "-wal").read_bytes() == files["-wal"], "its -wal beside it"
    assert kept.with_name(KEPT + "-shm").exists()
    assert not (folder / "companion.db.moving").exists()
    assert not list(folder.glob(KEPT + "-2*")), "moved once, not twice"


CUTS = [("rename", n) for n in range(1, RENAMES + 1)] + [("unlink", 1)]


@pytest.mark.parametrize("damaged", [not_a_database, damaged_page])
@pytest.mark.parametrize("syscall,when", CUTS)
def test_a_cut_at_each_step_of_the_move_loses_no_byte(rules, tmp_path, damaged, syscall, when):
    files = damaged(rules, tmp_path)
    status = cut_start(tmp_path / "companion.db", syscall, when)
    assert status == -9, "the cut came during the move"
    store, moved = open_store(tmp_path / "companion.db", now=NOW)  # the next start
    try:
        assert moved is not None and moved.kept == tmp_path / KEPT
        assert store.games() == []
        assert Table.start(store, "ttr-nyc", ["Ann", "Ben"]).game_id == 1
    finally:
        store.close()
    assert_every_byte_kept(tmp_path, files)


def test_the_move_has_the_steps_the_cuts_count(tmp_path):
    """The side files go first, the database last (a cut in between leaves no -wal alone)."""
    path = tmp_path / "companion.db"
    renames = steps(path, tmp_path / KEPT)
    assert [source.name for source, _target in renames] == [
        "companion.db-wal", "companion.db-shm", "companion.db-journal", "companion.db"]
    # The plan's own rename, then the three files that exist (there is no -journal in WAL).
    assert RENAMES == 1 + 3


def test_a_whole_move_without_a_cut_keeps_the_game_in_the_wal_readable(rules, tmp_path):
    """Kept under SQLite's names, the set opens: the 30 moves only the -wal held are there."""
    game_in_the_wal(rules, tmp_path)
    (tmp_path / "companion.db").write_bytes(b"x" * 16 + (tmp_path / "companion.db").read_bytes()[16:])
    store, moved = open_store(tmp_path / "companion.db", now=NOW)
    store.close()
    kept = tmp_path / KEPT
    data = bytearray(kept.read_bytes())
    data[:16] = b"SQLite format 3\x00"  # a rescue mends the header
    kept.write_bytes(bytes(data))
    rescued = Store(kept)
    try:
        assert len(rescued.log(1)) == 30
    finally:
        rescued.close()


def test_a_wal_without_its_database_is_kept_not_dropped(rules, tmp_path):
    """A start beside an orphaned -wal (the database moved or lost) does not begin a fresh
    database on top of it (SQLite would delete the -wal): it is kept, and said."""
    files = game_in_the_wal(rules, tmp_path)
    shutil.move(tmp_path / "companion.db", tmp_path / "elsewhere.db")
    store, moved = open_store(tmp_path / "companion.db", now=NOW)
    try:
        assert moved is not None and "without the database" in moved.reason
        assert store.games() == []
    finally:
        store.close()
    assert (tmp_path / (KEPT + "-wal")).read_bytes() == files["-wal"]
    # Put back beside its database, the -wal still holds the 30 moves.
    shutil.copyfile(tmp_path / "elsewhere.db", tmp_path / "rescue.db")
    shutil.copyfile(tmp_path / (KEPT + "-wal"), tmp_path / "rescue.db-wal")
    rescued = Store(tmp_path / "rescue.db")
    try:
        assert len(rescued.log(1)) == 30
    finally:
        rescued.close()
