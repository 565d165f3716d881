"""The app's start path in-process, on one database: what the `companion` command and the app
read at start, through the same functions (no window: the screens' words, not their widgets).

`walk(db, scratch)` raises `Stopped` for whatever would have ended the app or a command with an
error nobody foresaw; an error the app catches and words (a game that can't be opened, a file
that can't be read) is part of the path."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import signal
from pathlib import Path

from companion import cli
from companion.app.app import known_language
from companion.app.games import game_kinds
from companion.app.history import page, player_records, row_text
from companion.app.i18n import tr
from companion.app.stored import home_games
from companion.records.played import played
from companion.records.stats import game_stats, head_to_head
from companion.recovery import nothing_saved, open_store
from companion.store import GameStatus, StoreError, UnreadableGame
from companion.table import Table

# The command line's catch-all for a bug ("companion games: TypeError: …"): an unforeseen error.
UNFORESEEN = re.compile(r"^companion \w+: [A-Z]\w*(Error|Exception)\b", re.M)
SECONDS = 20  # a hang: the start path takes well under a second here


class Stopped(Exception):
    """The start path would have stopped: the step and what escaped it."""


class Hung(Exception):
    pass


def _alarm(_signum, _frame):
    raise Hung("no answer within %d s" % SECONDS)


def commands(db: Path, scratch: Path, export: str = "csv") -> list[int]:
    """`companion games`, `export --all` (`export`: CSV or BG Stats; each folds every finished
    game, so a case runs one of them), `backup`: their exit codes."""
    codes = []
    for argv in (["games"], ["export", "--all", "--format", export],
                 ["backup", str(scratch / "backups")]):
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = cli.main(argv + ["--db", str(db)])
        if UNFORESEEN.search(err.getvalue()):
            raise Stopped(f"companion {argv[0]}: {err.getvalue().strip()}")
        codes.append(code)
    shutil.rmtree(scratch / "backups", ignore_errors=True)
    return codes


def app(db: Path, full: bool = True) -> dict[str, int]:
    """The app's start as `CompanionApp.build` and Home, then every screen a player can reach
    from Home: resume of every unfinished game, History's list and each game's page, each
    game's statistics and each finished game's record."""
    seen = {"games": 0, "resumed": 0, "unopenable": 0, "pages": 0}
    try:
        store, _moved = open_store(db)
    except StoreError:
        store = nothing_saved()
    try:
        tr.switch(known_language(store.setting("language", "en")))
        unfinished, _trouble = home_games(store)
        for game in unfinished:
            try:
                table = Table.resume(store, game.game_id)
                table.status, table.score()
                seen["resumed"] += 1
            except StoreError:  # Home says why (UnreadableGame is one)
                seen["unopenable"] += 1
        try:
            games = store.games()
        except StoreError:
            games = []
        for record in games:
            row_text(store, record)
        player_records(store)
        seen["games"] = len(games)
        if not full:
            return seen
        for record in games:
            page(store, record.id)
            seen["pages"] += 1
            if record.status is GameStatus.FINISHED:
                try:
                    played(store, record.id)
                except UnreadableGame:
                    pass
        for game in game_kinds():
            stats = game_stats(store, game)
            names = [p.name for p in stats.ranked()]
            if len(names) >= 2:
                head_to_head(store, game, names[0], names[1])
    finally:
        store.close()
        tr.switch("en")
    return seen


def walk(db: Path, scratch: Path, full: bool = True, export: str = "csv") -> dict[str, int]:
    """The commands on the file as it is, then the app's start (which may set it aside);
    not `full`: the app's start, Home, resume and History's list only."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        step = "commands"
        if full:
            commands(db, scratch, export)
        step = "app"
        return app(db, full)
    except Stopped:
        raise
    except Exception as error:  # noqa: BLE001  anything else would have stopped it
        raise Stopped(f"{step}: {type(error).__name__}: {error}") from error
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
