"""One app per database: a lock on the database file itself and one beside it, held for as
long as the app runs.

Two apps on one database would each keep their own idea of the game and refuse each other's
moves ("could not be saved"). The second one to start finds the lock taken, says so and stops.
The locks are advisory `flock`s: the kernel drops them when the process ends, however it ends
(a power cut or a SIGKILL leaves no stale lock behind). The lock on the database's own inode
holds whatever name reaches it (a symlink, a hard link, another spelling of the path); `flock`
and SQLite's own POSIX locks on the file do not meet. The lock file beside it (named after the
path) holds the name when the file there is replaced (a damaged one set aside for a new one).
"""

from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path


class AlreadyRunning(Exception):
    """Another companion holds this database."""

    def __init__(self, db: Path):
        super().__init__(f"the companion is already running on {db}")
        self.db = db


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def hold(db: Path) -> tuple[int, ...]:
    """Take the database's locks for this process: their file descriptors (keep them open);
    none where a lock cannot be had (a read-only folder, no file yet, a file system without
    locks: nothing can be saved there twice anyway). Raises AlreadyRunning when another
    process holds either."""
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    held = []
    try:
        for fd in (_open_database(db), _open_lock_file(lock_path(Path(os.path.realpath(db))))):
            if fd is not None:
                held.append(fd)
                _lock(fd, db)
    except AlreadyRunning:
        for fd in held:
            os.close(fd)
        raise
    return tuple(held)


def _open_database(db: Path) -> int | None:
    """The database file itself, read only and without blocking (never a FIFO or a device:
    start-up refuses those with a message)."""
    try:
        fd = os.open(db, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    return fd


def _open_lock_file(path: Path) -> int | None:
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None


def _lock(fd: int, db: Path) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise AlreadyRunning(db) from None
    except OSError:  # a file system without locks: run as before
        pass
