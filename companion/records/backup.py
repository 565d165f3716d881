"""Backups: a consistent copy of the database (SQLite's online backup API, safe while the app
plays on) and every game in it as a log file, in a new dated folder.

The log files are written from the copy, not from the live file, so they say exactly what the
copied database holds. A game whose rows cannot be read is written as stored (as
`companion export` does), so nothing is left out.
"""

from __future__ import annotations

import os
import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from companion.gamelog import Header, dump_lines, raw_lines
from companion.store import Store, UnreadableGame, read_only_copy, writable

DATABASE = "companion.db"
GAMES = "games"


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
    # store's read-only handle reads it (and its -wal) without writing a byte (issue 13).
    live = sqlite3.connect(source, timeout=30) if writable(source) else read_only_copy(source)
    try:
        copy = sqlite3.connect(target)
        try:
            live.backup(copy)
        finally:
            copy.close()
    finally:
        live.close()


def backup(source: Path, target: Path, now: datetime | None = None) -> Backup:
    """Back up the database at `source` into a new folder under `target`."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d_%H%M%S")
    folder = target / f"companion-backup-{stamp}"
    for n in range(2, 100):  # two backups within one second: a folder each
        if not folder.exists():
            break
        folder = target / f"companion-backup-{stamp}-{n}"
    (folder / GAMES).mkdir(parents=True)
    database = folder / DATABASE
    copy_database(source, database)
    store = Store(database, create=False)
    games = unreadable = 0
    try:
        for record in store.games():
            text, problem = log_text(store, record.id)
            (folder / GAMES / f"game-{record.id}-{record.game}.jsonl").write_text(
                text, encoding="utf-8")
            games += 1
            unreadable += problem is not None
    finally:
        store.close()
    return Backup(folder, database, games, unreadable)


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


def to_stick(source: Path, env=os.environ) -> Backup | None:
    """A backup onto the first USB stick, flushed to it (it may be pulled right after); None
    when no stick is plugged in."""
    sticks = usb_sticks(env=env)
    if not sticks:
        return None
    done = backup(source, sticks[0])
    os.sync()
    return done
