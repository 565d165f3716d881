"""The database at start: checked, and if damaged moved aside (kept for the user) for a fresh one.

A power cut cannot damage the database (WAL, `synchronous=FULL`), but a worn SD card or a file
copied half-way can. Such a file is never deleted: it is renamed `companion.db.corrupt-<time>`
(with its `-wal` and `-shm`, under the names SQLite looks for) so that it can still be rescued,
and the app starts on an empty database and says where the old one went. The move is written
down first (`companion.db.moving`) and its side files go before the file itself, so a cut in
the middle of it is finished at the next start and no byte is separated from its database. A
`-wal` or `-shm` found without its database is kept the same way, never handed to a fresh one
(SQLite would delete it). Games whose stored status disagrees with their log are repaired from
the log. On read-only storage the file is only read.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from .core.rules import Phase
from .store import (Damaged, GameStatus, Outcome, Store, StoreError, UnreadableGame, default_path,
                    refuse_special, writable)
from .table import replay

log = logging.getLogger(__name__)

# SQLite's words for a file that is not (or no longer) a sound database.
DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
SIDE_FILES = ("-wal", "-shm", "-journal")
MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database
MOVING = ".moving"  # beside the database while it is being moved aside: where it goes


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
    Anything else that stops it opening (a missing disk) raises StoreError; on read-only
    storage the store is read-only (`Store.read_only`)."""
    path = Path(path) if path is not None else default_path()
    stamp = now or datetime.now(timezone.utc)
    refuse_special(path)
    if not writable(path):
        return _read_only(path), None
    if no_room(path):
        return _read_only(path, full=True), None
    finished = finish_move(path)  # a move cut short by a power cut: finished first
    if finished is not None:
        store, moved = Store(path), MovedAside(path, finished, "it was damaged (moving it "
                                                               "aside was cut short)")
    else:
        store, moved = _checked(path, stamp)
    reconcile(store)
    return store, moved


def _checked(path: Path, stamp: datetime) -> tuple[Store, MovedAside | None]:
    """The database if it is sound, else a fresh one and where the old one was kept."""
    if orphaned(path):  # a -wal without its database: SQLite would delete it
        kept = move_aside(path, stamp)
        return Store(path), MovedAside(path, kept, "the database's write-ahead log was found "
                                                   "without the database")
    if not _has_header(path):  # moved before SQLite sees it: closing it would delete its -wal
        kept = move_aside(path, stamp)
        return Store(path), MovedAside(path, kept, "file is not a database")
    reason = damage_at(path)  # read-only: closing it cannot fold its -wal into a damaged file
    if reason is None:
        try:
            return Store(path), None
        except StoreError as error:
            if not (isinstance(error, Damaged) or is_damage(error.__cause__)):
                raise
            reason = str(error.__cause__ or error)
    kept = move_aside(path, stamp)
    return Store(path), MovedAside(path, kept, reason)


def damage_at(path: Path) -> str | None:
    """What `PRAGMA integrity_check` finds wrong with the file and its -wal, looked at through a
    read-only handle (which never checkpoints or deletes the -wal); None: nothing, or nothing
    this look could tell (opening it properly then says why)."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    try:
        check = sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        rows = check.execute("PRAGMA integrity_check(20)").fetchall()
    except sqlite3.DatabaseError as error:
        return str(error) if is_damage(error) else None
    except UnicodeDecodeError:  # SQLite's message quotes a schema a flipped bit garbled
        return "its schema is garbled (bytes that are not UTF-8)"
    finally:
        check.close()
    found = [row[0] for row in rows if row[0] != "ok"]
    return "; ".join(found) or None


ROOM = 256 * 1024  # bytes free below which a start only reads: SQLite's -wal and -shm need room


def no_room(path: Path) -> bool:
    """A database that is there, on storage with (almost) no room left: opening it to write
    fails ("disk I/O error"), though every game in it can be read."""
    try:
        found = os.statvfs(path.parent)
        return path.stat().st_size > 0 and found.f_bavail * found.f_frsize < ROOM
    except OSError:
        return False


def _read_only(path: Path, full: bool = False) -> Store:
    """Read-only (or full) storage: every saved game as it is; damage is only said (nothing
    can move)."""
    store = Store(path, full=full)
    log.warning("%s", store.read_only)
    reason = damage(store)
    if reason is not None:
        log.error("the database %s is damaged (%s); it is on read-only storage, so it is read "
                  "as it is", path, reason)
    return store


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


def orphaned(path: Path) -> bool:
    """A -wal or -shm with something in it, and no database beside it."""
    if path.exists():
        return False
    sides = (path.with_name(path.name + end) for end in ("-wal", "-shm"))
    return any(side.is_file() and side.stat().st_size > 0 for side in sides)


def nothing_saved() -> Store:
    """When the database cannot be opened at all (a missing disk): an empty one in memory that
    refuses every write, so that the app runs, says why, and loses nothing silently."""
    store = Store(":memory:")
    store.db.execute("PRAGMA query_only = ON")
    return store


# ---- status and results that disagree with the log ------------------------------------------------


@dataclass(frozen=True)
class Repair:
    """A game whose stored status disagreed with its log, and what it was set to."""

    game_id: int
    stored: GameStatus
    over: bool  # what the log says


def suspects(store: Store) -> list[int]:
    """The games whose status could disagree with their log: every game not finished, and the
    finished ones whose last entry is an undo (an older version stored the undo and the game's
    reopening in two transactions). A move and its outcome are one transaction since."""
    try:
        return [game_id for (game_id,) in store.db.execute(
            "SELECT id FROM games g WHERE status != ? OR (SELECT action FROM actions "
            "WHERE game_id = g.id ORDER BY seq DESC LIMIT 1) = ? OR EXISTS (SELECT 1 FROM "
            "results WHERE game_id = g.id AND (typeof(seat) != 'integer' OR "
            "typeof(total) != 'integer' OR winner NOT IN (0, 1))) ORDER BY id",
            [str(GameStatus.FINISHED), '{"type":"undo"}'])]
    except sqlite3.Error as error:  # a damaged page: each game says so when it is opened
        log.warning("the games to check cannot be read: %s", error)
        return []


def reconcile(store: Store, game_ids: list[int] | None = None) -> list[Repair]:
    """Each game's status and results set from a fresh fold of its log where they disagree
    (the suspects, or `game_ids`); each repair is logged. A game that cannot be replayed is
    logged and left as it is (opening it says why)."""
    repairs = []
    for game_id in suspects(store) if game_ids is None else game_ids:
        try:
            repair = _reconcile_one(store, game_id)
        except UnreadableGame as error:
            log.warning("game %s cannot be opened: %s", game_id, error.reason)
            continue
        except StoreError as error:  # a damaged page, or a full disk: repaired next time
            log.warning("game %s could not be checked: %s", game_id, error)
            continue
        if repair is not None:
            repairs.append(repair)
    return repairs


def _reconcile_one(store: Store, game_id: int) -> Repair | None:
    record = store.game(game_id)
    game = replay(store, game_id)
    over = game.rules.status(game.state).phase is Phase.OVER
    sheet = game.rules.score(game.state) if over else None
    stored_totals = [row.total for row in store.results(game_id)]
    finished = record.status is GameStatus.FINISHED
    if finished == over and (not over or stored_totals == list(sheet.totals)):
        return None
    if not over and record.status is GameStatus.ABANDONED:
        return None  # given up, and its log agrees: nothing to repair
    log.warning("game %s: stored as %s, its log says %s; repaired from the log", game_id,
                record.status, "over" if over else "unfinished")
    if store.read_only is None:
        store.set_outcome(game_id, Outcome(sheet))
    return Repair(game_id, record.status, over)


# ---- moving a damaged database aside -----------------------------------------------------------


def move_aside(path: Path, now: datetime) -> Path:
    """Rename the database and its side files to `<name>.corrupt-<time>`; returns the new name.
    The plan is written down first, the side files move before the database itself."""
    kept = _free_name(path, now)
    try:
        _write_plan(path, kept)
        _move(path, kept)
    except OSError as error:
        raise StoreError(f"The damaged database {path} could not be moved aside: {error}.") \
            from error
    return kept


def finish_move(path: Path) -> Path | None:
    """A move aside that a cut interrupted is finished (where it was going is in the plan);
    returns where the files went, or None when there was nothing to finish."""
    plan = path.with_name(path.name + MOVING)
    try:
        kept = Path(plan.read_text(encoding="utf-8").strip())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise StoreError(f"Cannot read {plan}: {error}.") from error
    if kept.parent != path.parent or not kept.name.startswith(path.name + ".corrupt-"):
        plan.unlink()  # cut while the plan was written (it is written whole, then renamed)
        return None
    log.warning("finishing the move of %s to %s that a cut interrupted", path, kept)
    try:
        _move(path, kept)
    except OSError as error:
        raise StoreError(f"The damaged database {path} could not be moved aside: {error}.") \
            from error
    return kept


def steps(path: Path, kept: Path) -> list[tuple[Path, Path]]:
    """The renames of a move, in order: the side files, then the database."""
    pairs = [(path.with_name(path.name + end), kept.with_name(kept.name + end))
             for end in SIDE_FILES]
    return pairs + [(path, kept)]


def _move(path: Path, kept: Path) -> None:
    for source, target in steps(path, kept):
        if source.exists() and not target.exists():
            source.replace(target)
    sync_path(path.parent)
    path.with_name(path.name + MOVING).unlink(missing_ok=True)
    sync_path(path.parent)


def _write_plan(path: Path, kept: Path) -> None:
    """`<name>.moving` holds where the files go: written whole (a temporary file, fsynced,
    renamed), so a cut leaves no plan or the whole plan."""
    plan = path.with_name(path.name + MOVING)
    draft = path.with_name(path.name + MOVING + ".new")
    with open(draft, "w", encoding="utf-8") as file:
        file.write(str(kept))
        file.flush()
        os.fsync(file.fileno())
    draft.replace(plan)
    sync_path(path.parent)


def _free_name(path: Path, now: datetime) -> Path:
    stamp = f"{path.name}.corrupt-{now.strftime('%Y%m%dT%H%M%SZ')}"
    kept, number = path.with_name(stamp), 1
    while any(p.exists() for p in [kept] + [kept.with_name(kept.name + e) for e in SIDE_FILES]):
        number += 1  # two damaged files in one second: keep both
        kept = path.with_name(f"{stamp}-{number}")
    return kept


def sync_path(folder: Path) -> None:
    """A file's contents, or a folder's names, on the disk: renames are there once their folder
    is fsynced (a power cut cannot undo them)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
