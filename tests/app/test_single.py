"""One app per database: the locks on the database and beside it, without a window.

The UI test (tests/ui/test_app_ui.py) starts a second `companion` and reads what it says; here
the lock itself: a second process is refused while the first holds it, and a SIGKILL (as a
power cut) leaves no stale lock behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app import single

HOLD = ("import sys, time; from pathlib import Path; from companion.app import single; "
        "single.hold(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)")


def holder(db: Path) -> subprocess.Popen:
    """Another process that takes the lock and keeps it."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(db)], stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout.readline().strip() == "held"
    return process


def test_a_second_process_is_refused_while_the_first_holds_the_lock(tmp_path: Path):
    db = tmp_path / "companion.db"
    first = holder(db)
    try:
        with pytest.raises(single.AlreadyRunning, match="already running"):
            single.hold(db)
        other = tmp_path / "other" / "companion.db"  # another database: its own lock
        for fd in single.hold(other):
            os.close(fd)
    finally:
        first.kill()
        first.wait()


def test_a_killed_holder_leaves_no_stale_lock(tmp_path: Path):
    db = tmp_path / "companion.db"
    first = holder(db)
    os.kill(first.pid, signal.SIGKILL)
    first.wait()
    assert single.lock_path(db).exists()  # the file stays; the kernel dropped its lock
    held = single.hold(db)
    assert held
    for fd in held:
        os.close(fd)


@pytest.mark.parametrize("link", ["symlink", "hard link", "other spelling"])
def test_the_lock_belongs_to_the_file_not_its_name(tmp_path: Path, link: str):
    """A symlink, a hard link in another folder or another spelling of the path reaches the
    same database: the second app is refused as on the same name."""
    db = tmp_path / "data" / "companion.db"
    db.parent.mkdir()
    db.write_bytes(b"")  # an empty file is a new database
    (tmp_path / "elsewhere").mkdir()
    other = tmp_path / "elsewhere" / "games.db"
    if link == "symlink":
        other.symlink_to(db)
    elif link == "hard link":
        os.link(db, other)
    else:
        other = tmp_path / "elsewhere" / ".." / "data" / "companion.db"
    first = holder(db)
    try:
        with pytest.raises(single.AlreadyRunning):
            single.hold(other)
    finally:
        first.kill()
        first.wait()


def test_a_fifo_is_never_opened_for_the_lock(tmp_path: Path):
    """A FIFO where the database should be: taking the lock does not block on it (start-up
    refuses the path with a message)."""
    db = tmp_path / "companion.db"
    os.mkfifo(db)
    for fd in single.hold(db):
        os.close(fd)
