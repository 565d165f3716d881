"""The SQLite database (through sqlite-utils): games, their players, the action log and results.

Every connection runs in WAL mode with `synchronous=FULL`, so an action is on disk when its
transaction commits. The schema version is SQLite's `user_version`; migrations run in order.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum, StrEnum
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import sqlite_utils

from .core.rules import ScoreSheet


class Trouble(Enum):
    """Why the database refused: the disk is full, it is read-only, or something else broke."""

    FULL = "full"
    READ_ONLY = "read_only"
    OTHER = "other"


def trouble_of(error: BaseException | None) -> Trouble:
    """What SQLite's (or the system's) error says about the storage."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL") or getattr(error, "errno", None) == errno.ENOSPC:
        return Trouble.FULL
    if name.startswith("SQLITE_READONLY") or getattr(error, "errno", None) == errno.EROFS:
        return Trouble.READ_ONLY
    return Trouble.OTHER


class StoreError(Exception):
    """The database could not take a write; what was stored before is intact."""

    @property
    def trouble(self) -> Trouble:
        return trouble_of(self.__cause__)


def default_path() -> Path:
    """`COMPANION_DB` if set, else companion.db in the user's data directory (XDG)."""
    override = os.environ.get("COMPANION_DB")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion" / "companion.db"


def _v1(db: sqlite_utils.Database) -> None:
    db["games"].create({"id": int, "game": str, "options": str, "status": str, "created": str,
                        "finished": str}, pk="id", not_null={"game", "options", "status", "created"},
                       defaults={"status": "playing"})
    db["game_players"].create({"game_id": int, "seat": int, "name": str},
                              pk=("game_id", "seat"), foreign_keys=[("game_id", "games", "id")],
                              not_null={"name"})
    db["players"].create({"name": str, "last_played": str}, pk="name")
    db["actions"].create({"game_id": int, "seq": int, "action": str}, pk=("game_id", "seq"),
                         foreign_keys=[("game_id", "games", "id")], not_null={"action"})
    db["results"].create({"game_id": int, "seat": int, "total": int, "winner": int, "points": str},
                         pk=("game_id", "seat"), foreign_keys=[("game_id", "games", "id")])


def _v2(db: sqlite_utils.Database) -> None:
    db["settings"].create({"key": str, "value": str}, pk="key")


def _v3(db: sqlite_utils.Database) -> None:
    db["tags"].create({"tag": str, "game": str, "kind": str, "value": str, "taught": str},
                      pk="tag", not_null={"game", "kind", "value", "taught"})


def _v4(db: sqlite_utils.Database) -> None:
    # When the last move was stored (Home says how long ago a game was played) and when a game
    # was abandoned; both empty for the games stored before.
    db["games"].add_column("moved", str)
    db["games"].add_column("abandoned", str)


# Each migration takes the schema from its index to the next version. Append, never edit.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1, _v2, _v3, _v4]
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class TaggedComponent:
    """What a scanner tag stands for: e.g. a Ticket to Ride card colour or ticket."""

    tag: str
    game: str  # the game the component belongs to (its id in the registry)
    kind: str  # "card" or "ticket" (city cards and tiles when those games land)
    value: str  # the card's name ("red") or the ticket's id ("t07")


class GameStatus(StrEnum):
    """Where a stored game stands (a str: it compares equal to its value in the database)."""

    PLAYING = "playing"  # unfinished: Home offers to resume it
    FINISHED = "finished"  # scored: its results are stored
    ABANDONED = "abandoned"  # given up on Home: kept in History, never resumed from Home


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    players: tuple[str, ...]
    options: Mapping[str, Any]
    status: GameStatus
    created: str
    finished: str | None
    moved: str | None = None  # when the last move was stored (None: no move yet, or older)
    abandoned: str | None = None

    @property
    def last_active(self) -> str:
        """When the game was last played: its last stored move, else its start."""
        return self.moved or self.created


def _now() -> str:
    # Microseconds, so that games started within one second still sort newest first.
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class Store:
    """One open database file."""

    def __init__(self, path: Path | str | None = None, create: bool = True):
        """Open (or with `create`, make) the database; any failure is a StoreError."""
        self.path = Path(path) if path is not None else default_path()
        if not create and not self.path.is_file():
            raise StoreError(f"There is no database at {self.path}.")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite_utils.Database(self.path)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"Cannot open the database {self.path}: {error}.") from error
        try:
            self._check_version()
            self.db.enable_wal()
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.Error as error:
            self.db.close()
            raise StoreError(f"Cannot open the database {self.path}: {error}.") from error
        except StoreError:
            self.db.close()
            raise

    @property
    def conn(self) -> sqlite3.Connection:
        return self.db.conn

    def close(self) -> None:
        self.db.close()

    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def _check_version(self) -> None:
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer companion (schema {version}).")

    def _migrate(self) -> None:
        for target in range(self.schema_version(), SCHEMA_VERSION):
            with self._transaction():
                MIGRATIONS[target](self.db)
                self.db.execute(f"PRAGMA user_version = {target + 1}")

    def _transaction(self):
        return self.db.atomic()

    # ---- games ------------------------------------------------------------------------

    def new_game(self, game: str, players: Iterable[str], options: Mapping[str, Any]) -> int:
        players, now = list(players), _now()
        try:
            with self._transaction():
                cursor = self.db.execute(
                    "INSERT INTO games (game, options, created) VALUES (?, ?, ?)",
                    [game, json.dumps(dict(options)), now])
                game_id = cursor.lastrowid
                self.db["game_players"].insert_all(
                    [{"game_id": game_id, "seat": seat, "name": name}
                     for seat, name in enumerate(players)])
                self.db["players"].upsert_all(
                    [{"name": name, "last_played": now} for name in players], pk="name")
        except sqlite3.Error as error:
            raise StoreError(f"The new game could not be saved: {error}.") from error
        return game_id

    def game(self, game_id: int) -> GameRecord:
        row = self.db.execute("SELECT id, game, options, status, created, finished, moved, "
                              "abandoned FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            raise KeyError(game_id)
        players = tuple(name for (name,) in self.db.execute(
            "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", [game_id]))
        return GameRecord(row[0], row[1], players, json.loads(row[2]), GameStatus(row[3]),
                          row[4], row[5], row[6], row[7])

    def games(self, status: str | None = None) -> list[GameRecord]:
        """Newest first."""
        sql, params = "SELECT id FROM games", []
        if status is not None:
            sql, params = sql + " WHERE status = ?", [str(status)]
        ids = [row[0] for row in self.db.execute(sql + " ORDER BY id DESC", params)]
        return [self.game(game_id) for game_id in ids]

    def unfinished(self) -> list[GameRecord]:
        """The games still being played, the one played most recently first."""
        ids = [row[0] for row in self.db.execute(
            "SELECT id FROM games WHERE status = ? "
            "ORDER BY COALESCE(moved, created) DESC, id DESC", [str(GameStatus.PLAYING)])]
        return [self.game(game_id) for game_id in ids]

    def abandon(self, game_id: int) -> None:
        """Give up an unfinished game: it leaves Home, History keeps it (its log stays, so it
        can still be exported). A game that is not being played is left as it is."""
        if self.game(game_id).status is not GameStatus.PLAYING:  # KeyError if there is none
            return
        try:
            with self._transaction():
                self.db.execute("UPDATE games SET status = ?, abandoned = ? "
                                "WHERE id = ? AND status = ?",
                                [str(GameStatus.ABANDONED), _now(), game_id,
                                 str(GameStatus.PLAYING)])
        except sqlite3.Error as error:
            raise StoreError(f"The game could not be abandoned: {error}.") from error

    def player_names(self) -> list[str]:
        """Names played before, most recent first (offered in New game)."""
        return [name for (name,) in self.db.execute(
            "SELECT name FROM players ORDER BY last_played DESC, name")]

    # ---- settings (the language, …) ------------------------------------------------------

    def setting(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
        return default if row is None else row[0]

    def set_setting(self, key: str, value: str) -> None:
        try:
            with self._transaction():
                self.db["settings"].upsert({"key": key, "value": value}, pk="key")
        except sqlite3.Error as error:
            raise StoreError(f"The setting could not be saved: {error}.") from error

    # ---- the tag registry (scanner tags -> components) ---------------------------------

    def tag(self, tag: str) -> TaggedComponent | None:
        row = self.db.execute("SELECT tag, game, kind, value FROM tags WHERE tag = ?",
                              [tag]).fetchone()
        return None if row is None else TaggedComponent(*row)

    def teach(self, component: TaggedComponent) -> None:
        """Remember what a tag stands for (teaching a tag again replaces what it meant)."""
        try:
            with self._transaction():
                self.db["tags"].upsert({"tag": component.tag, "game": component.game,
                                        "kind": component.kind, "value": component.value,
                                        "taught": _now()}, pk="tag")
        except sqlite3.Error as error:
            raise StoreError(f"The tag could not be saved: {error}.") from error

    def forget(self, tag: str) -> None:
        with self._transaction():
            self.db.execute("DELETE FROM tags WHERE tag = ?", [tag])

    def tags(self, game: str | None = None) -> list[TaggedComponent]:
        sql, params = "SELECT tag, game, kind, value FROM tags", []
        if game is not None:
            sql, params = sql + " WHERE game = ?", [game]
        return [TaggedComponent(*row) for row in self.db.execute(sql + " ORDER BY kind, value, tag",
                                                                  params)]

    # ---- the action log -----------------------------------------------------------------

    def append(self, game_id: int, seq: int, entry: Mapping[str, Any]) -> None:
        """One log entry, in its own committed transaction (on disk when this returns)."""
        try:
            with self._transaction():  # the move and its time: both stored, or neither
                self.db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                                [game_id, seq, json.dumps(entry, separators=(",", ":"))])
                self.db.execute("UPDATE games SET moved = ? WHERE id = ?", [_now(), game_id])
        except sqlite3.Error as error:
            raise StoreError(f"The move could not be saved: {error}.") from error

    def log(self, game_id: int) -> list[tuple[int, dict]]:
        """(seq, entry) for every log entry of a game, in order."""
        return [(seq, json.loads(text)) for seq, text in self.db.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", [game_id])]

    def last_entry(self, game_id: int) -> tuple[int, dict] | None:
        """The newest log entry of a game (None before the first move), without reading the
        whole log."""
        row = self.db.execute("SELECT seq, action FROM actions WHERE game_id = ? "
                              "ORDER BY seq DESC LIMIT 1", [game_id]).fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    # ---- results ----------------------------------------------------------------------

    def finish(self, game_id: int, sheet: ScoreSheet) -> None:
        rows = [{"game_id": game_id, "seat": seat, "total": sum(points),
                 "winner": int(seat in sheet.winners),
                 "points": json.dumps(dict(zip(sheet.categories, points)))}
                for seat, points in enumerate(sheet.points)]
        try:
            with self._transaction():
                self.db.execute("DELETE FROM results WHERE game_id = ?", [game_id])
                self.db["results"].insert_all(rows)
                self.db.execute("UPDATE games SET status = 'finished', finished = ? WHERE id = ?",
                                [_now(), game_id])
        except sqlite3.Error as error:
            raise StoreError(f"The result could not be saved: {error}.") from error

    def reopen(self, game_id: int) -> None:
        """An undo after the end: the game is unfinished again."""
        try:
            with self._transaction():
                self.db.execute("DELETE FROM results WHERE game_id = ?", [game_id])
                self.db.execute("UPDATE games SET status = 'playing', finished = NULL "
                                "WHERE id = ?", [game_id])
        except sqlite3.Error as error:
            raise StoreError(f"The game could not be reopened: {error}.") from error

    def results(self, game_id: int) -> list[dict]:
        return [{"seat": seat, "total": total, "winner": bool(winner), "points": json.loads(points)}
                for seat, total, winner, points in self.db.execute(
                    "SELECT seat, total, winner, points FROM results WHERE game_id = ? "
                    "ORDER BY seat", [game_id])]
