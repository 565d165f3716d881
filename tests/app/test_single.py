"""One app per database (issue 13 req. 6): the lock beside the database, without a window.

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
        fd = single.hold(other)
        assert fd is not None
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
    fd = single.hold(db)
    assert fd is not None
    os.close(fd)
