"""The SQLite database (through sqlite-utils): games, their players, the action log and results.

Every connection runs in WAL mode with `synchronous=FULL`, so an action is on disk when its
transaction commits; one user action is one transaction (a move with the status and results it
leads to). The schema version is SQLite's `user_version`; migrations run in order. A file on
read-only storage is read through a read-only handle into memory: every game shows, nothing is
written. A row this version cannot read makes its own game unreadable, never the others.
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
from urllib.parse import quote

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


class ReadOnly(StoreError):
    """The database is on a read-only file, folder or mount: it can be read, never written."""

    @property
    def trouble(self) -> Trouble:
        return Trouble.READ_ONLY


class UnreadableGame(Exception):
    """A stored game that cannot be opened: a row that is not what this version wrote (broken
    JSON, an unknown status), or a log the engine no longer accepts. The other games are fine."""

    def __init__(self, game_id: int, reason: str, seq: int | None = None):
        where = f" (log entry {seq})" if seq is not None else ""
        super().__init__(f"game {game_id}{where}: {reason}")
        self.game_id, self.reason, self.seq = game_id, reason, seq


def default_path() -> Path:
    """`COMPANION_DB` if set, else companion.db in the user's data directory (XDG)."""
    override = os.environ.get("COMPANION_DB")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion" / "companion.db"


def writable(path: Path) -> bool:
    """Can the database be written where it is? Not on a read-only mount (as root too), nor in
    a folder or a file this user may not write (SQLite must make its -wal and -shm beside it)."""
    folder = path.parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return False
    except OSError:  # no such folder yet: making it says whether it can be made
        return True
    sides = [path] + [path.with_name(path.name + end) for end in ("-wal", "-shm")]
    return os.access(folder, os.W_OK) and all(
        os.access(side, os.W_OK) for side in sides if side.exists())


def read_only_copy(path: Path) -> sqlite3.Connection:
    """The database copied into memory through a read-only handle: `mode=ro` (which reads the
    -wal), else `immutable=1` when SQLite cannot open the WAL's index beside it (a clean file
    on read-only storage); the file and its side files are never written."""
    uri = "file:" + quote(str(path.absolute()))
    source = None
    try:
        source = sqlite3.connect(uri + "?mode=ro", uri=True)
        source.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        if source is not None:
            source.close()
        source = sqlite3.connect(uri + "?immutable=1", uri=True)
    try:
        memory = sqlite3.connect(":memory:")
        source.backup(memory)
    finally:
        source.close()
    return memory


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
    problem: str | None = None  # why its stored row cannot be read (options then empty)

    @property
    def last_active(self) -> str:
        """When the game was last played: its last stored move, else its start."""
        return self.moved or self.created


@dataclass(frozen=True)
class Outcome:
    """Where a game stands after a log entry: over with its score, or being played (games.status
    and results are written with the entry, in its transaction)."""

    sheet: ScoreSheet | None  # the final score; None: the game is being played again


@dataclass(frozen=True)
class StoredRows:
    """A game's rows as they are in the file, text untouched (an export of a broken game)."""

    game: str
    players: tuple[str, ...]
    options: str
    actions: tuple[tuple[int, str], ...]


def _text(raw: bytes) -> str:
    # A damaged file can hold bytes that are not UTF-8: read them as U+FFFD, never raise.
    return raw.decode("utf-8", "replace")


def _options(text: str | None) -> tuple[dict, str | None]:
    """A games.options cell as a dict, or {} and why it cannot be read."""
    try:
        options = json.loads(text or "")
    except (ValueError, RecursionError) as error:
        return {}, f"its options are not JSON ({error})"
    if not isinstance(options, dict):
        return {}, "its options are not a JSON object"
    return options, None


def _points(text: str | None) -> dict:
    """A results.points cell; {} when a damaged page garbled it (History and the statistics
    read every finished game's results: one broken cell must not stop them for all)."""
    try:
        points = json.loads(text or "")
    except (ValueError, RecursionError):
        return {}
    return points if isinstance(points, dict) else {}


UNKNOWN_TIME = "1970-01-01T00:00:00+00:00"  # shown for a start time a damaged page garbled


def _time(text: str | None) -> str | None:
    """A stored time (ISO 8601), or None where there is none or a damaged page garbled it:
    Home, History and `companion games` word every game's times, so one garbled cell must
    not stop them for all."""
    try:
        datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return text


def _entry(game_id: int, seq: int, text: str) -> dict:
    """One stored log entry; an entry that is not a JSON object raises UnreadableGame."""
    try:
        entry = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise UnreadableGame(game_id, f"its log entry {seq} is not JSON ({error})", seq) from None
    if not isinstance(entry, dict):
        raise UnreadableGame(game_id, f"its log entry {seq} is not a JSON object", seq)
    return entry


# The wall clock a row is stamped with (a test injects its own, so no test depends on the day).
WallClock = Callable[[], datetime]


def wall_clock() -> datetime:
    return datetime.now(timezone.utc)


def _stamp(moment: datetime) -> str:
    # Microseconds, so that games started within one second still sort newest first.
    return moment.isoformat(timespec="microseconds")


class Store:
    """One open database file."""

    def __init__(self, path: Path | str | None = None, create: bool = True,
                 clock: WallClock = wall_clock):
        """Open (or with `create`, make) the database; any failure is a StoreError. A file on
        read-only storage is opened read-only (`read_only` says why nothing can be written).
        `clock` stamps the rows written without a time of their caller's."""
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self.read_only: ReadOnly | None = None
        if not create and not self.path.is_file():
            raise StoreError(f"There is no database at {self.path}.")
        if str(self.path) != ":memory:" and not writable(self.path):
            self._open_read_only()
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite_utils.Database(self.path)
            self.conn.text_factory = _text
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"Cannot open the database {self.path}: {error}.") from error
        self._prepare(wal=True)

    def _prepare(self, wal: bool) -> None:
        """Check the schema's version, set the pragmas, migrate."""
        try:
            self._check_version()
            if wal:
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

    def _open_read_only(self) -> None:
        """Every saved game, from a copy in memory of the read-only file (migrated there if it
        is older); every write is refused as READ_ONLY."""
        if not self.path.is_file():
            raise ReadOnly(f"Cannot make the database {self.path}: the storage is read-only.")
        try:
            memory = read_only_copy(self.path)
        except (OSError, sqlite3.Error) as error:
            raise ReadOnly(f"Cannot read the database {self.path}: {error}.") from error
        memory.text_factory = _text
        self.db = sqlite_utils.Database(memory)
        self._prepare(wal=False)
        self.db.execute("PRAGMA query_only = ON")
        self.read_only = ReadOnly(f"{self.path} is on read-only storage: nothing can be saved.")

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

    def _now(self, at: datetime | None = None) -> str:
        return _stamp(at if at is not None else self.clock())

    def new_game(self, game: str, players: Iterable[str], options: Mapping[str, Any],
                 at: datetime | None = None) -> int:
        players, now = list(players), self._now(at)
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
        """The stored game (KeyError if there is none). A row this version cannot read is
        still a record: `problem` says why, so that one broken game never hides the others."""
        row = self.db.execute("SELECT id, game, options, status, created, finished, moved, "
                              "abandoned FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            raise KeyError(game_id)
        players = tuple(name for (name,) in self.db.execute(
            "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", [game_id]))
        options, problem = _options(row[2])
        try:
            status = GameStatus(row[3])
        except ValueError:
            status, problem = GameStatus.ABANDONED, f"its status {row[3]!r} is unknown"
        finished, moved, abandoned = (_time(text) for text in row[5:8])
        created = _time(row[4])
        if created is None:  # its clocks and records count from it: it can't be opened
            created = moved or UNKNOWN_TIME
            problem = problem or f"its start time {row[4]!r} is not a time"
        return GameRecord(row[0], str(row[1]), players, options, status, created, finished,
                          moved, abandoned, problem)

    def rows(self, game_id: int) -> StoredRows:
        """The game's rows as stored, text untouched (KeyError if there is none)."""
        row = self.db.execute("SELECT game, options FROM games WHERE id = ?",
                              [game_id]).fetchone()
        if row is None:
            raise KeyError(game_id)
        players = tuple(name for (name,) in self.db.execute(
            "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", [game_id]))
        actions = tuple(self.db.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", [game_id]))
        return StoredRows(str(row[0]), players, str(row[1]), actions)

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
                                [str(GameStatus.ABANDONED), self._now(), game_id,
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
                                        "taught": self._now()}, pk="tag")
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

    def append(self, game_id: int, seq: int, entry: Mapping[str, Any],
               outcome: Outcome | None = None) -> None:
        """One log entry, in its own committed transaction (on disk when this returns); with an
        `outcome`, the game's status and results change in that same transaction (the move
        that ends a game, an undo after the end): a cut never leaves them apart from the log."""
        self.append_all(game_id, seq, [entry], outcome)

    def append_all(self, game_id: int, seq: int, entries: Iterable[Mapping[str, Any]],
                   outcome: Outcome | None = None, at: datetime | None = None,
                   created: datetime | None = None) -> None:
        """Log entries numbered from `seq` that one user action made, with their outcome (and
        `created`: the date of a game begun before the clock was set), in one transaction."""
        try:
            with self._transaction():  # the moves, their time and their outcome: all, or none
                self.conn.executemany(
                    "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                    [(game_id, number, json.dumps(entry, separators=(",", ":")))
                     for number, entry in enumerate(entries, start=seq)])
                now = self._now(at)
                self.db.execute("UPDATE games SET moved = ? WHERE id = ?", [now, game_id])
                if created is not None:
                    self.db.execute("UPDATE games SET created = ? WHERE id = ?",
                                    [_stamp(created), game_id])
                if outcome is not None:
                    self._write_outcome(game_id, outcome, now)
        except sqlite3.Error as error:
            raise StoreError(f"The move could not be saved: {error}.") from error

    def log(self, game_id: int, times: bool = False) -> list[tuple[int, dict]]:
        """(seq, entry) for every log entry of a game, in order; an entry that is not a JSON
        object raises UnreadableGame. Each entry's time ("at") only with `times`: the rules
        never need it, the clocks and the exports do."""
        entries = [(seq, _entry(game_id, seq, text)) for seq, text in self.db.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", [game_id])]
        if not times:
            for _seq, entry in entries:
                entry.pop("at", None), entry.pop("seen", None)
        return entries

    def last_entry(self, game_id: int, skip: Iterable[str] = (),
                   standing: bool = False) -> tuple[int, dict] | None:
        """The newest log entry of a game, as `newest_entry` finds it."""
        rows = self.db.execute("SELECT seq, action FROM actions WHERE game_id = ? "
                               "ORDER BY seq DESC", [game_id])
        return newest_entry(game_id, rows, frozenset(skip), standing)

    # ---- results ----------------------------------------------------------------------

    def finish(self, game_id: int, sheet: ScoreSheet) -> None:
        """The game is over with this score (a repair from its log: moves store their own)."""
        self.set_outcome(game_id, Outcome(sheet))

    def reopen(self, game_id: int) -> None:
        """The game is being played again (a repair from its log: an undo stores its own)."""
        self.set_outcome(game_id, Outcome(None))

    def set_outcome(self, game_id: int, outcome: Outcome) -> None:
        try:
            with self._transaction():
                self._write_outcome(game_id, outcome, self._now())
        except sqlite3.Error as error:
            raise StoreError(f"The result could not be saved: {error}.") from error

    def _write_outcome(self, game_id: int, outcome: Outcome, now: str) -> None:
        """Status and results as the outcome says, inside the caller's transaction."""
        self.db.execute("DELETE FROM results WHERE game_id = ?", [game_id])
        sheet = outcome.sheet
        if sheet is None:
            self.db.execute("UPDATE games SET status = ?, finished = NULL WHERE id = ?",
                            [str(GameStatus.PLAYING), game_id])
            return
        self.db["results"].insert_all(
            [{"game_id": game_id, "seat": seat, "total": sum(points),
              "winner": int(seat in sheet.winners),
              "points": json.dumps(dict(zip(sheet.categories, points)))}
             for seat, points in enumerate(sheet.points)])
        self.db.execute("UPDATE games SET status = ?, finished = ? WHERE id = ?",
                        [str(GameStatus.FINISHED), now, game_id])

    def results(self, game_id: int) -> list[dict]:
        """Each seat's total, whether it won, and its points by category ({} where the stored
        cell cannot be read: the total and the winner still stand)."""
        return [{"seat": seat, "total": total, "winner": bool(winner), "points": _points(points)}
                for seat, total, winner, points in self.db.execute(
                    "SELECT seat, total, winner, points FROM results WHERE game_id = ? "
                    "ORDER BY seat", [game_id])]


def newest_entry(game_id: int, rows, skip: frozenset, standing: bool) -> tuple[int, dict] | None:
    """The newest of a game's log `rows` (seq, text; newest first, read one by one: the first
    that counts ends it) without its time, as `Store.log` gives it; None before the first move.
    Entries whose type is in `skip` are passed over (Home's last move: the pauses of a game
    left are no move). With `standing`, the newest move no undo took back (an undo takes back
    the newest move still standing before it). One that cannot be read is {} (only shown:
    resuming says why)."""
    undone = 0  # moves taken back by the undos passed so far
    for seq, text in rows:
        try:
            entry = _entry(game_id, seq, text)
        except UnreadableGame:
            return seq, {}
        if standing and entry.get("type") == "undo":
            undone += 1
        elif standing and undone and entry.get("type") not in skip:
            undone -= 1
        elif entry.get("type") not in skip:
            entry.pop("at", None)
            entry.pop("seen", None)
            return seq, entry
    return None
