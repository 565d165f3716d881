"""One app per database: a lock file beside the database, held for as long as the app runs.

Two apps on one database would each keep their own idea of the game and refuse each other's
moves ("could not be saved"). The second one to start finds the lock taken, says so and stops.
The lock is an advisory `flock`: the kernel drops it when the process ends, however it ends
(a power cut or a SIGKILL leaves no stale lock behind).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class AlreadyRunning(Exception):
    """Another companion holds this database."""

    def __init__(self, db: Path):
        super().__init__(f"the companion is already running on {db}")
        self.db = db


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def hold(db: Path) -> int | None:
    """Take the database's lock for this process: its file descriptor (keep it open), or None
    where no lock file can be made (a read-only folder: nothing can be saved there anyway).
    Raises AlreadyRunning when another process holds it."""
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path(db), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise AlreadyRunning(db) from None
    except OSError:  # a file system without locks: run as before
        os.close(fd)
        return None
    return fd
