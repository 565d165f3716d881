"""Backups: a consistent copy of the database (SQLite's online backup API, safe while the app
plays on) and every game in it as a log file, in a new dated folder.

The log files are written from the copy, not from the live file, so they say exactly what the
copied database holds. A game whose rows cannot be read is written as stored (as
`companion export` does), so nothing is left out.

A backup is complete or it is not there: it is written into a hidden temporary folder beside
the place it goes, every file synced, then checked (the copy passes `integrity_check`, every
log file of a readable game replays, every file reads back as written), and only then renamed
to its dated name. A failure (a full or pulled stick) removes the temporary folder and raises
`BackupError`; one left by a kill is removed by the next backup.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

from companion.gamelog import Header, LogError, dump_lines, file_lines, fold_lines, raw_lines
from companion.recovery import sync_path
from companion.store import Store, UnreadableGame, read_only_copy, writable

DATABASE = "companion.db"
GAMES = "games"
PARTIAL = ".partial"  # the temporary folder's ending: `.companion-backup-<date>.partial`

# What a backup tells as it goes: (games written, games in all).
Progress = Callable[[int, int], None]


class BackupError(Exception):
    """The backup could not be made complete; nothing of it is left behind."""


@dataclass(frozen=True)
class Backup:
    folder: Path
    database: Path
    games: int
    unreadable: int  # of them written as stored


def log_text(store: Store, game_id: int) -> tuple[str, UnreadableGame | None]:
    """A stored game as a log file (each entry with its time); a game whose rows cannot be
    read: its rows as they are stored, and why."""
    record = store.game(game_id)
    try:
        if record.problem is not None:
            raise UnreadableGame(game_id, record.problem)
        header = Header(record.game, record.players, record.options)
        lines = list(dump_lines(header, (e for _, e in store.log(game_id, times=True))))
        problem = None
    except UnreadableGame as error:
        rows = store.rows(game_id)
        lines = list(raw_lines(rows.game, rows.players, rows.options, rows.actions))
        problem = error
    return "".join(line + "\n" for line in lines), problem


def copy_database(source: Path, target: Path) -> None:
    """SQLite's online backup: one read transaction, so the copy is the database as it was at
    one moment, whatever the app commits meanwhile (WAL mode lets both go on)."""
    if not source.is_file():
        raise FileNotFoundError(f"there is no database at {source}")
    # On read-only storage a plain connection could not make the -shm beside the file: the
    # store's read-only handle reads it (and its -wal) without writing a byte.
    live = sqlite3.connect(source, timeout=30) if writable(source) else read_only_copy(source)
    try:
        copy = sqlite3.connect(target)
        try:
            live.backup(copy)
        finally:
            copy.close()
    finally:
        live.close()


def backup(source: Path, target: Path, now: datetime | None = None,
           progress: Progress | None = None) -> Backup:
    """Back up the database at `source` into a new folder under `target`, complete and checked,
    or not at all (BackupError, the temporary folder removed)."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d_%H%M%S")
    folder = target / f"companion-backup-{stamp}"
    for n in range(2, 100):  # two backups within one second: a folder each
        if not folder.exists():
            break
        folder = target / f"companion-backup-{stamp}-{n}"
    for stale in target.glob(f".companion-backup-*{PARTIAL}"):  # a backup that was killed
        shutil.rmtree(stale, ignore_errors=True)
    partial = target / f".{folder.name}{PARTIAL}"
    try:
        done, written = _write(source, partial, progress or (lambda done, total: None))
        _verify(partial, written)
        partial.rename(folder)
        sync_path(target)
    except BaseException as error:
        shutil.rmtree(partial, ignore_errors=True)
        if isinstance(error, (OSError, sqlite3.Error, LogError, ValueError)):
            raise BackupError(f"{error}; nothing was left on {target}") from error
        raise
    return Backup(folder, folder / DATABASE, *done)


def _write(source: Path, folder: Path, progress: Progress
           ) -> tuple[tuple[int, int], dict[str, tuple[bytes, bool]]]:
    """The copy and every game's log file, each synced: (games, of them written as stored),
    and per log file its bytes and whether it replays."""
    (folder / GAMES).mkdir(parents=True)
    database = folder / DATABASE
    copy_database(source, database)
    store = Store(database, create=False)
    games = unreadable = 0
    written: dict[str, tuple[bytes, bool]] = {}
    try:
        records = store.games()
        progress(0, len(records))
        for record in records:
            text, problem = log_text(store, record.id)
            name = f"game-{record.id}-{record.game}.jsonl"
            written[name] = (text.encode("utf-8"), problem is None and _replays(text))
            _write_file(folder / GAMES / name, written[name][0])
            games += 1
            unreadable += problem is not None
            progress(games, len(records))
    finally:
        store.close()
    single = sqlite3.connect(database)  # one self-contained file: no -wal or -shm beside it
    try:
        single.execute("PRAGMA journal_mode=DELETE")
    finally:
        single.close()
    for path in (database, folder / GAMES, folder):
        sync_path(path)
    return (games, unreadable), written


def _replays(text: str) -> bool:
    """A log the engine folds to its end (a game it no longer accepts is kept as it is)."""
    try:
        fold_lines(text.splitlines())
    except (LogError, Exception):
        return False
    return True


def _write_file(path: Path, data: bytes) -> None:
    with open(path, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())


def _verify(folder: Path, written: dict[str, tuple[bytes, bool]]) -> None:
    """Read back from the disk: the copy passes integrity_check, every log file is the bytes
    written, and every log that replayed when written replays; ValueError if not."""
    check = sqlite3.connect(f"file:{folder / DATABASE}?mode=ro", uri=True)
    try:
        verdict = check.execute("PRAGMA integrity_check").fetchall()
    finally:
        check.close()
    if verdict != [("ok",)]:
        raise ValueError(f"the copy of the database is damaged ({verdict[0][0]})")
    on_disk = {path.name for path in (folder / GAMES).iterdir()}
    if on_disk != set(written):
        raise ValueError(f"{len(on_disk)} log files on the disk, {len(written)} written")
    for name, (data, replays) in written.items():
        path = folder / GAMES / name
        if path.read_bytes() != data:
            raise ValueError(f"{name} does not read back as it was written")
        if replays:
            with open(path, "rb") as f:
                try:
                    fold_lines(file_lines(f))
                except LogError as error:
                    raise ValueError(f"{name} does not replay: line {error.line}: "
                                     f"{error.violation.message}") from None


# The kiosk's stick (systemd/media-companion_usb.mount); on a desktop, sticks the desktop
# mounted under /media/<user>/ or /run/media/<user>/. COMPANION_USB names another folder.
KIOSK_STICK = Path("/media/companion_usb")
DESKTOP_ROOTS = ("/media/", "/run/media/")


def _unescape(field: str) -> str:
    """/proc/mounts writes a space in a path as \\040 (and tab, newline, backslash alike)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def usb_sticks(mounts: str | None = None, env=os.environ) -> list[Path]:
    """The plugged-in USB sticks this user may write to, the kiosk's first."""
    if env.get("COMPANION_USB"):
        folder = Path(env["COMPANION_USB"])
        return [folder] if folder.is_dir() else []
    if mounts is None:
        try:
            mounts = Path("/proc/mounts").read_text()
        except OSError:
            return []
    found = []
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        point = Path(_unescape(fields[1]))
        if (point == KIOSK_STICK or str(point).startswith(DESKTOP_ROOTS)) \
                and os.access(point, os.W_OK):
            found.append(point)
    return sorted(found, key=lambda p: (p != KIOSK_STICK, str(p)))


def to_stick(source: Path, env=os.environ, progress: Progress | None = None) -> Backup | None:
    """A backup onto the first USB stick, every file synced to it (it may be pulled right
    after); None when no stick is plugged in."""
    sticks = usb_sticks(env=env)
    if not sticks:
        return None
    return backup(source, sticks[0], progress=progress)
