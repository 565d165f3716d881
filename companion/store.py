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
import stat
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum, StrEnum
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import quote

import sqlite_utils

from . import rows
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
    """The database could not take a write (what was stored before is intact), or something
    stored could not be read (`Unreadable`)."""

    @property
    def trouble(self) -> Trouble:
        return trouble_of(self.__cause__)


class ReadOnly(StoreError):
    """The database is on a read-only file, folder or mount: it can be read, never written."""

    @property
    def trouble(self) -> Trouble:
        return Trouble.READ_ONLY


class NoRoom(ReadOnly):
    """The storage was full at start: the database was opened read-only (every game shown),
    and every write is refused as FULL."""

    @property
    def trouble(self) -> Trouble:
        return Trouble.FULL


class CannotRead(ReadOnly):
    """A database on read-only storage that could not be read at all: nothing to show."""


class Unreadable(StoreError):
    """Something stored could not be read: a query SQLite refused on a damaged file, or a row
    that is not what this version wrote. The read layer raises nothing else."""


class Damaged(Unreadable):
    """The file's tables are not the ones this version made (a flipped bit in the schema): it
    is set aside like a damaged file."""


class UnreadableGame(Unreadable):
    """A stored game that cannot be opened: a row that is not what this version wrote (broken
    JSON, an unknown status), or a log the engine no longer accepts. The other games are fine."""

    def __init__(self, game_id: int, reason: str, seq: int | None = None):
        where = f" (log entry {seq})" if seq is not None else ""
        super().__init__(f"game {game_id}{where}: {reason}")
        self.game_id, self.reason, self.seq = game_id, reason, seq


@dataclass(frozen=True)
class Result:
    """One seat's stored result: its total, whether it won, its points by category ({} where
    the cell cannot be read: the total and the winner still stand)."""

    seat: int
    total: int
    winner: bool
    points: Mapping[str, int]


# The columns this version reads, by table: a file whose tables lack one is damaged.
COLUMNS = {"games": {"id", "game", "options", "status", "created", "finished", "moved",
                     "abandoned"},
           "game_players": {"game_id", "seat", "name"}, "players": {"name", "last_played"},
           "actions": {"game_id", "seq", "action"},
           "results": {"game_id", "seat", "total", "winner", "points"},
           "settings": {"key", "value"}, "tags": {"tag", "game", "kind", "value", "taught"}}


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


def refuse_special(path: Path) -> None:
    """A path that is there but is not a regular file (a FIFO, a device, a folder) is refused
    at once: opening a FIFO to read its header would wait for a writer for ever."""
    try:
        mode = os.stat(path).st_mode
    except OSError:  # not there (yet), or not reachable: opening it says why
        return
    if not stat.S_ISREG(mode):
        raise StoreError(f"{path} is not a database file (it is a "
                         f"{'folder' if stat.S_ISDIR(mode) else 'special file'}).")


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


UNKNOWN_TIME = "1970-01-01T00:00:00+00:00"  # shown for a start time a damaged page garbled


def _entry(game_id: int, seq: Any, cell: Any) -> dict:
    """One stored log entry (`rows.entry`); one that cannot be read raises UnreadableGame."""
    entry, problem = rows.entry(cell)
    if entry is None:
        raise UnreadableGame(game_id, f"its log entry {seq} {problem}", rows.integer(seq))
    return entry


# The wall clock a row is stamped with (a test injects its own, so no test depends on the day).
WallClock = Callable[[], datetime]


def wall_clock() -> datetime:
    return datetime.now(timezone.utc)


def _stamp(moment: datetime) -> str:
    # Microseconds, so that games started within one second still sort newest first.
    return moment.isoformat(timespec="microseconds")


class StoreFile:
    """How a Store holds its file: opening (read-only where it cannot be written, or full),
    the schema's version and columns, and the one way rows are read and written."""

    def __init__(self, path: Path | str | None = None, create: bool = True,
                 clock: WallClock = wall_clock, full: bool = False):
        """Open (or with `create`, make) the database; any failure is a StoreError. A file on
        read-only storage is opened read-only (`read_only` says why nothing can be written).
        `clock` stamps the rows written without a time of their caller's. `full`: the
        storage has no room, so the file is only read, as on read-only storage."""
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self.read_only: ReadOnly | None = None
        if str(self.path) != ":memory:":
            refuse_special(self.path)
        if not create and not self.path.is_file():
            raise StoreError(f"There is no database at {self.path}.")
        if full:
            self._open_read_only(NoRoom(f"{self.path} is on full storage: nothing can be "
                                        "saved."))
            return
        if str(self.path) != ":memory:" and not writable(self.path):
            self._open_read_only(ReadOnly(f"{self.path} is on read-only storage: nothing can "
                                          "be saved."))
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
            self._check_schema()
        except (sqlite3.Error, ValueError) as error:  # ValueError: a message quoting garbage
            self.db.close()
            raise StoreError(f"Cannot open the database {self.path}: {error}.") from error
        except StoreError:
            self.db.close()
            raise

    def _open_read_only(self, why: ReadOnly) -> None:
        """Every saved game, from a copy in memory of the file that cannot be written
        (migrated there if it is older); every write is refused as `why` says."""
        if not self.path.is_file():
            raise CannotRead(f"Cannot make the database {self.path}: the storage is "
                             "read-only.")
        try:
            memory = read_only_copy(self.path)
        except (OSError, sqlite3.Error) as error:
            raise CannotRead(f"Cannot read the database {self.path}: {error}.") from error
        memory.text_factory = _text
        self.db = sqlite_utils.Database(memory)
        self._prepare(wal=False)
        self.db.execute("PRAGMA query_only = ON")
        self.read_only = why

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

    def _check_schema(self) -> None:
        """Every table this version reads has the columns it reads (else Damaged)."""
        for table, wanted in COLUMNS.items():
            have = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if not wanted <= have:
                raise Damaged(f"{self.path}: the table {table} lacks "
                              f"{', '.join(sorted(wanted - have))}")

    def _read(self, sql: str, params: Iterable[Any] = ()) -> list[tuple]:
        """The rows of a query; a query SQLite refuses (a damaged page) is Unreadable."""
        try:
            return self.db.execute(sql, list(params)).fetchall()
        except (sqlite3.Error, ValueError, OverflowError) as error:
            raise Unreadable(f"Cannot read the database {self.path}: {error}.") from error

    def _transaction(self):
        if self.read_only is not None:  # refused as what it is: read-only, or full at start
            raise type(self.read_only)(str(self.read_only))
        return self.db.atomic()


class Store(StoreFile):
    """One open database file: its games, players, log, results, settings and tags, each read
    through `rows` (never a raw cell) and each write one transaction."""

    # ---- games ------------------------------------------------------------------------

    def _now(self, at: datetime | None = None) -> str:
        return _stamp(at if at is not None else self.clock())

    def new_game(self, game_kind: str, players: Iterable[str], options: Mapping[str, Any],
                 at: datetime | None = None) -> int:
        players, now = list(players), self._now(at)
        try:
            with self._transaction():
                cursor = self.db.execute(
                    "INSERT INTO games (game, options, created) VALUES (?, ?, ?)",
                    [game_kind, json.dumps(dict(options)), now])
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
        found = self._read("SELECT id, game, options, status, created, finished, moved, "
                           "abandoned FROM games WHERE id = ?", [game_id])
        if not found:
            raise KeyError(game_id)
        row, problems = found[0], []
        game = rows.game(row[1])
        if game is None:
            game, problems = "unknown", problems + ["its game is not a game's name"]
        players = self._players(game_id, problems)
        options, problem = rows.json_object(row[2], "its options")
        if problem is not None:
            problems.append(problem)
        try:
            status = GameStatus(rows.text(row[3]))
        except ValueError:
            status = GameStatus.ABANDONED
            problems.append(f"its status {rows.text(row[3]) or row[3]!r} is unknown")
        finished, moved, abandoned = (rows.time(cell) for cell in row[5:8])
        created = rows.time(row[4])
        if created is None:  # its clocks and records count from it: it can't be opened
            created = moved or UNKNOWN_TIME
            problems.append(f"its start time {row[4]!r} is not a time")
        return GameRecord(game_id, game, players, options, status, created, finished,
                          moved, abandoned, problems[0] if problems else None)

    def _players(self, game_id: int, problems: list[str]) -> tuple[str, ...]:
        """The game's players by seat; a name that is not text is shown as "?" and makes the
        game unopenable, and so do seats that are not 0, 1, 2, …"""
        found = self._read("SELECT seat, name FROM game_players WHERE game_id = ? "
                           "ORDER BY seat", [game_id])
        players = []
        for number, (seat, cell) in enumerate(found):
            name = rows.name(cell)
            if name is None:
                name = "?"
                problems.append(f"the name of its player {number + 1} is not text")
            if rows.integer(seat) != number:
                problems.append(f"its player {name!r} has no seat")
            players.append(name)
        return tuple(players)

    def rows(self, game_id: int) -> StoredRows:
        """The game's rows as stored, text untouched (KeyError if there is none)."""
        found = self._read("SELECT game, options FROM games WHERE id = ?", [game_id])
        if not found:
            raise KeyError(game_id)
        row = found[0]
        players = tuple(_shown(name) for (name,) in self._read(
            "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", [game_id]))
        actions = tuple((rows.integer(seq) if rows.integer(seq) is not None else _shown(seq),
                         _shown(action)) for seq, action in self._read(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", [game_id]))
        return StoredRows(_shown(row[0]), players, _shown(row[1]), actions)

    def games(self, status: str | None = None) -> list[GameRecord]:
        """Newest first."""
        sql, params = "SELECT id FROM games", []
        if status is not None:
            sql, params = sql + " WHERE status = ?", [str(status)]
        ids = [row[0] for row in self._read(sql + " ORDER BY id DESC", params)]
        return [self.game(game_id) for game_id in ids]

    def unfinished(self) -> list[GameRecord]:
        """The games still being played, the one played most recently first."""
        ids = [row[0] for row in self._read(
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
        names = (rows.name(cell) for (cell,) in self._read(
            "SELECT name FROM players ORDER BY last_played DESC, name"))
        return list(dict.fromkeys(name for name in names if name))

    # ---- settings (the language, …) ------------------------------------------------------

    def setting(self, key: str, default: str | None = None) -> str | None:
        """A setting's text; one that is not text (a damaged cell) is the default."""
        found = self._read("SELECT value FROM settings WHERE key = ?", [key])
        value = rows.text(found[0][0]) if found else None
        return default if value is None or "\x00" in value else value

    def set_setting(self, key: str, value: str) -> None:
        try:
            with self._transaction():
                self.db["settings"].upsert({"key": key, "value": value}, pk="key")
        except sqlite3.Error as error:
            raise StoreError(f"The setting could not be saved: {error}.") from error

    # ---- the tag registry (scanner tags -> components) ---------------------------------

    def tag(self, tag: str) -> TaggedComponent | None:
        found = self._read("SELECT tag, game, kind, value FROM tags WHERE tag = ?", [tag])
        return _tag(found[0]) if found else None

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
        found = (_tag(row) for row in self._read(sql + " ORDER BY kind, value, tag", params))
        return [component for component in found if component is not None]

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
        entries = []
        for number, (seq, cell) in enumerate(self._read(
                "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", [game_id])):
            if rows.integer(seq) is None or (entries and rows.integer(seq) <= entries[-1][0]):
                raise UnreadableGame(game_id, f"its log entry {number + 1} has no number")
            entries.append((rows.integer(seq), _entry(game_id, seq, cell)))
        if not times:
            for _seq, entry in entries:
                entry.pop("at", None), entry.pop("seen", None)
        return entries

    def last_entry(self, game_id: int, skip: Iterable[str] = (),
                   standing: bool = False) -> tuple[int, dict] | None:
        """The newest log entry of a game, as `newest_entry` finds it."""
        try:
            found = self.db.execute("SELECT seq, action FROM actions WHERE game_id = ? "
                                    "ORDER BY seq DESC", [game_id])
            return newest_entry(game_id, found, frozenset(skip), standing)
        except (sqlite3.Error, ValueError, OverflowError) as error:
            raise Unreadable(f"Cannot read the database {self.path}: {error}.") from error

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

    def results(self, game_id: int) -> list[Result]:
        """Each seat's stored result, by seat; a row that cannot be read (a seat the game does
        not have, a total that is not a number) is left out: the start-up repair rewrites the
        results of a game whose rows disagree with its log."""
        seats = len(self._players(game_id, []))
        results = []
        for seat, total, winner, points in self._read(
                "SELECT seat, total, winner, points FROM results WHERE game_id = ? "
                "ORDER BY seat", [game_id]):
            seat, total, winner = rows.integer(seat), rows.integer(total), rows.flag(winner)
            if seat is None or not 0 <= seat < seats or total is None or winner is None \
                    or any(seat == other.seat for other in results):
                continue
            results.append(Result(seat, total, winner, rows.points(points)))
        return results


def _shown(cell: Any) -> str:
    """A cell as text for an export of the rows as they are (a blob as UTF-8, else its repr)."""
    value = rows.text(cell)
    return value if value is not None else repr(cell)


def _tag(row: tuple) -> TaggedComponent | None:
    """A tags row, or None when one of its cells is not text."""
    cells = [rows.text(cell) for cell in row]
    return None if None in cells else TaggedComponent(*cells)


def newest_entry(game_id: int, found, skip: frozenset, standing: bool) -> tuple[int, dict] | None:
    """The newest of a game's log rows `found` (seq, text; newest first, read one by one: the first
    that counts ends it) without its time, as `Store.log` gives it; None before the first move.
    Entries whose type is in `skip` are passed over (Home's last move: the pauses of a game
    left are no move). With `standing`, the newest move no undo took back (an undo takes back
    the newest move still standing before it). One that cannot be read is {} (only shown:
    resuming says why)."""
    undone = 0  # moves taken back by the undos passed so far
    for seq, cell in found:
        number = rows.integer(seq)
        entry, _problem = rows.entry(cell)
        if entry is None or number is None:
            return number or 0, {}
        if standing and entry.get("type") == "undo":
            undone += 1
        elif standing and undone and entry.get("type") not in skip:
            undone -= 1
        elif entry.get("type") not in skip:
            entry.pop("at", None)
            entry.pop("seen", None)
            return number, entry
    return None
