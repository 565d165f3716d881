"""The database at start: checked, and if damaged moved aside (kept for the user) for a fresh one.

A power cut cannot damage the database (WAL, `synchronous=FULL`), but a worn SD card or a file
copied half-way can. Such a file is never deleted: it is renamed `companion.db.corrupt-<time>`
(with its `-wal` and `-shm`, under the names SQLite looks for) so that it can still be rescued,
and the app starts on an empty database and says where the old one went.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .store import Store, StoreError, default_path

# SQLite's words for a file that is not (or no longer) a sound database.
DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
SIDE_FILES = ("-wal", "-shm", "-journal")
MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database


@dataclass(frozen=True)
class MovedAside:
    """A damaged database that was renamed so that a fresh one could take its place."""

    original: Path
    kept: Path
    reason: str  # what SQLite said was wrong


def is_damage(error: BaseException | None) -> bool:
    return (getattr(error, "sqlite_errorname", "") or "").startswith(DAMAGE)


def damage(store: Store) -> str | None:
    """What `PRAGMA integrity_check` finds wrong with an open database (None: nothing)."""
    try:
        rows = store.db.execute("PRAGMA integrity_check(20)").fetchall()
    except sqlite3.DatabaseError as error:
        if is_damage(error):
            return str(error)
        raise StoreError(f"Cannot check the database {store.path}: {error}.") from error
    found = [row[0] for row in rows if row[0] != "ok"]
    return "; ".join(found) or None


def open_store(path: Path | str | None = None,
               now: datetime | None = None) -> tuple[Store, MovedAside | None]:
    """The database, checked; a damaged one is moved aside and a fresh one opened in its place.
    Anything else that stops it opening (a read-only or missing disk) raises StoreError."""
    path = Path(path) if path is not None else default_path()
    stamp = now or datetime.now(timezone.utc)
    if not _has_header(path):  # moved before SQLite sees it: closing it would delete its -wal
        kept = move_aside(path, stamp)
        return Store(path), MovedAside(path, kept, "file is not a database")
    try:
        store = Store(path)
    except StoreError as error:
        if not is_damage(error.__cause__):
            raise
        reason = str(error.__cause__)
    else:
        reason = damage(store)
        if reason is None:
            return store, None
        store.close()
    kept = move_aside(path, stamp)
    return Store(path), MovedAside(path, kept, reason)


def _has_header(path: Path) -> bool:
    """A missing or empty file is a new database; anything else must start as SQLite's do."""
    try:
        with open(path, "rb") as file:
            start = file.read(len(MAGIC))
    except FileNotFoundError:
        return True
    except OSError:
        return True  # unreadable: let SQLite say why
    return start in (b"", MAGIC)


def nothing_saved() -> Store:
    """When the database cannot be opened at all (a read-only or missing disk): an empty one in
    memory that refuses every write, so that the app runs, says why, and loses nothing silently."""
    store = Store(":memory:")
    store.db.execute("PRAGMA query_only = ON")
    return store


def move_aside(path: Path, now: datetime) -> Path:
    """Rename the database and its side files to `<name>.corrupt-<time>`; returns the new name."""
    stamp = f"{path.name}.corrupt-{now.strftime('%Y%m%dT%H%M%SZ')}"
    kept, number = path.with_name(stamp), 1
    while kept.exists():  # two damaged files in one second: keep both
        number += 1
        kept = path.with_name(f"{stamp}-{number}")
    try:
        path.replace(kept)
        for suffix in SIDE_FILES:
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.replace(kept.with_name(kept.name + suffix))
    except OSError as error:
        raise StoreError(f"The damaged database {path} could not be moved aside: {error}.") \
            from error
    return kept
