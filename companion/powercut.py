"""Power cuts on purpose: a player process is SIGKILLed at random moments, and nothing it
acknowledged may be lost.

    python -m companion.powercut [--kills 200] [--seed 1] [--db FILE] [--max-delay 0.4]
    python -m companion.powercut --play FILE --entries N   (one short scripted game, acks on
                                                             stdout: the fsync trace's subject)

Each round forks a player that opens the database as the app does (`recovery.open_store`: the
first to open the file after the cut), resumes the unfinished game or starts the next one, and
plays it from a script: a seeded playout of every registered game with a playout in turn (game 1 the first, game 2 the second, …), with undos
mixed in (an undo, then the same move again) and, in some games, an undo after the end (then the
last move again). After `Table.submit` or `Table.undo` returns it writes `ack <game> <seq>` to a
pipe, unbuffered. The harness kills it with SIGKILL after a random delay, then, on a copy of the
file as the cut left it (the next player's start-up opens the file itself), checks that
`PRAGMA integrity_check` passes, that every acknowledged entry is stored, that every stored log
is the script's beginning (nothing garbled), that each game resumed is the state a fresh fold of
its log gives — the same as the script's moves applied from scratch — and that `games.status`
and `results` say what that state says (over with its score, or being played).

A game's script depends only on the seed and the game's id, so a restarted player knows where
to go on: the game's log holds exactly the script's first entries.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .core.rules import Phase
from .gamelog import UNDO, Header, fold
from .games import Game, games
from .recovery import open_store
from .store import GameStatus, Store, UnreadableGame
from .table import Table


def played(game_id: int) -> Game:
    """The game the harness plays as game number `game_id`: every registered game with a random
    playout in turn (game 1 the first, game 2 the second, …)."""
    playable = [game for game in games() if game.playout is not None]
    return playable[(game_id - 1) % len(playable)]

UNDO_CHANCE = 0.08  # after this share of moves the script takes the move back and plays it again
END_UNDO_CHANCE = 0.5  # the share of games whose last move is taken back and played again


@dataclass(frozen=True)
class Script:
    """What one game's log must hold, entry by entry (undo entries included)."""

    players: tuple[str, ...]
    options: dict[str, Any]
    entries: tuple[dict, ...]

    def standing(self, count: int) -> list[dict]:
        """The moves still standing after the first `count` entries."""
        moves: list[dict] = []
        for entry in self.entries[:count]:
            if entry["type"] == UNDO:
                moves.pop()
            else:
                moves.append(entry)
        return moves


@lru_cache(maxsize=64)
def script(seed: int, game_id: int) -> Script:
    """The scripted game number `game_id` of a run: 2–4 players, a random playout, undos."""
    rng = random.Random(f"powercut:{seed}:{game_id}")
    game = played(game_id)
    playout = game.playout()(game.rules(), rng.randint(game.least, game.most), rng)
    playout.play()
    entries: list[dict] = []
    last = len(playout.log) - 1
    for n, action in enumerate(playout.log):
        move = action.to_json()
        entries.append(move)
        if n < last and rng.random() < UNDO_CHANCE:
            entries += [{"type": UNDO}, move]
    if rng.random() < END_UNDO_CHANCE:  # an undo after the end reopens the game, then it ends
        entries += [{"type": UNDO}, entries[-1]]
    return Script(playout.players, dict(playout.options), tuple(entries))


# ---- the player (the process that is killed) -------------------------------------------------


def play(db: Path, seed: int, ack: int, entries: int | None = None) -> None:
    """Play scripted games, acknowledging each stored entry on the `ack` descriptor: for ever,
    or until `entries` entries are acknowledged."""
    store, moved = open_store(db)
    if moved is not None:
        raise RuntimeError(f"the database was found damaged after a cut: {moved.reason}")
    left = entries
    while left is None or left > 0:
        table = _next_table(store, seed)
        plan = script(seed, table.game_id)
        done = len(store.log(table.game_id))
        for seq, entry in enumerate(plan.entries[done:], start=done + 1):
            if entry["type"] == UNDO:
                table.undo()
            else:
                table.submit(entry)
            os.write(ack, f"ack {table.game_id} {seq}\n".encode())
            if left is not None:
                left -= 1
                if left == 0:
                    break
    store.close()


def _next_table(store: Store, seed: int) -> Table:
    """The unfinished game (its log must be the script's beginning), else the next new one."""
    unfinished = store.unfinished()
    if unfinished:
        game_id = unfinished[0].id
        stored = [entry for _seq, entry in store.log(game_id)]
        if stored != list(script(seed, game_id).entries[:len(stored)]):
            raise RuntimeError(f"game {game_id}: the stored log is not the script's")
        return Table.resume(store, game_id)
    game_id = (store.db.execute("SELECT max(id) FROM games").fetchone()[0] or 0) + 1
    plan = script(seed, game_id)
    table = Table.start(store, played(game_id).game_kind, plan.players, plan.options)
    if table.game_id != game_id:
        raise RuntimeError(f"expected game {game_id}, the database gave {table.game_id}")
    return table


# ---- the harness ------------------------------------------------------------------------------


@dataclass
class Figures:
    """What a run of cuts found."""

    kills: int = 0
    acknowledged: int = 0  # distinct log entries the player said were stored
    checked: int = 0  # acknowledged entries looked for: each cut's games, then all at the end
    losses: int = 0  # acknowledged entries missing after a cut
    unacknowledged: int = 0  # entries stored but killed before they were acknowledged
    resumed: int = 0  # games resumed and compared with a fresh fold
    disagreements: int = 0  # games whose status or results were not what their log says
    games: int = 0
    boxes: dict[str, int] = field(default_factory=dict)  # games stored, per game played
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"{self.kills} kills, {self.acknowledged} acknowledged entries "
                f"({self.checked} checks), {self.losses} lost, {self.unacknowledged} stored "
                f"before their ack, {self.resumed} resumes compared, {self.disagreements} "
                f"status disagreements, {self.games} games "
                f"({', '.join(f'{n} {box}' for box, n in sorted(self.boxes.items()))}), "
                f"{len(self.problems)} problems, {self.seconds:.1f} s")


def cut(db: Path, seed: int, delay: float) -> tuple[list[tuple[int, int]], int]:
    """Fork a player, SIGKILL it after `delay` seconds; its acknowledgements and exit status."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the player: never returns
        os.close(read)
        try:
            play(db, seed, write)
        except BaseException:
            traceback.print_exc()
        os._exit(1)
    os.close(write)
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(read, "rb") as pipe:
        text = pipe.read().decode()
    # A write of one short line to a pipe is atomic: a cut never leaves half an ack.
    acks = [(int(game), int(seq)) for _ack, game, seq in map(str.split, text.splitlines())]
    return acks, status


class Harness:
    """Cuts and checks against one database, remembering what was acknowledged so far."""

    def __init__(self, db: Path, seed: int):
        self.db, self.seed = db, seed
        self.figures = Figures()
        self.acked: dict[int, int] = {}  # game -> the highest acknowledged seq
        self.tops: dict[int, int] = {}  # game -> the highest stored seq at the last check

    def round(self, delay: float) -> None:
        """One cut, then the checks a restart must pass."""
        acks, status = cut(self.db, self.seed, delay)
        figures = self.figures
        figures.kills += 1
        if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
            figures.problems.append(f"the player stopped by itself before kill {figures.kills}")
        for game_id, seq in acks:
            self.acked[game_id] = max(self.acked.get(game_id, 0), seq)
        figures.acknowledged = sum(self.acked.values())
        self.check({game_id for game_id, _seq in acks})

    def check(self, games: set[int] | None = None) -> None:
        """The file as the cut left it, on a copy (the next start opens the file itself first):
        sound, every acknowledged entry of `games` (all, if None) there, those games resume as a
        fresh fold of their logs, and their status and results agree with it."""
        with tempfile.TemporaryDirectory(dir=self.db.parent) as scratch:
            store = Store(snapshot(self.db, Path(scratch)))
            try:
                self._check(store, games)
            finally:
                store.close()

    def _check(self, store: Store, games: set[int] | None) -> None:
        verdict = store.db.execute("PRAGMA integrity_check").fetchall()
        if verdict != [("ok",)]:
            self.figures.problems.append(
                f"integrity_check after kill {self.figures.kills}: {verdict}")
        self._in_flight(store)
        for game_id in sorted(self.acked if games is None else games):
            if self._acknowledged_stored(store, game_id):  # then its log is the script's
                self._compare_status(store, game_id)  # before a resume could repair it
                self._compare_resumed(store, game_id)
        self.figures.games = store.db.execute("SELECT count(*) FROM games").fetchone()[0]
        self.figures.boxes = dict(store.db.execute("SELECT game, count(*) FROM games "
                                                   "GROUP BY game").fetchall())

    def _in_flight(self, store: Store) -> None:
        """Entries stored that the cut stopped from being acknowledged: never more than one
        (the player has one write in flight at a time); they were never promised."""
        caught = 0
        for game_id, top in store.db.execute(
                "SELECT game_id, max(seq) FROM actions GROUP BY game_id").fetchall():
            known = max(self.acked.get(game_id, 0), self.tops.get(game_id, 0))
            caught += max(0, top - known)
            self.tops[game_id] = top
        self.figures.unacknowledged += caught
        if caught > 1:
            self.figures.problems.append(f"kill {self.figures.kills}: {caught} entries stored "
                                         "without an ack")

    def _acknowledged_stored(self, store: Store, game_id: int) -> bool:
        """Every acknowledged entry is there; True if the log is the script's beginning."""
        log = store.log(game_id)
        stored = [entry for _seq, entry in log]
        highest = self.acked.get(game_id, 0)
        missing = highest - len({seq for seq, _entry in log if seq <= highest})
        self.figures.checked += highest
        self.figures.losses += missing
        if missing:
            self.figures.problems.append(f"game {game_id}: {missing} acknowledged entries lost")
        if stored != list(script(self.seed, game_id).entries[:len(stored)]):
            self.figures.problems.append(f"game {game_id}: the stored log is not the script's")
            return False
        return not missing

    def _compare_resumed(self, store: Store, game_id: int) -> None:
        """Resumed as the app does, the game is a fresh fold of its log and the script's
        standing moves applied from scratch."""
        self.figures.resumed += 1
        try:
            table = Table.resume(store, game_id)
        except UnreadableGame as error:  # a hole in the log: the loss is counted, this says where
            self.figures.problems.append(f"game {game_id} cannot be resumed: {error}")
            return
        record = store.game(game_id)
        log = store.log(game_id)
        replayed = fold(Header(record.game, record.players, record.options), log)
        rules = table.rules
        state = rules.new_state(record.players, record.options)
        moves = script(self.seed, game_id).standing(len(log))
        for move in moves:
            rules.apply(state, rules.parse_action(move))
        if not (table.state == replayed.state == state
                and [a.to_json() for a in table.actions] == moves):
            self.figures.problems.append(f"game {game_id}: the resumed state is not a fresh "
                                         "replay's")


    def _compare_status(self, store: Store, game_id: int) -> None:
        """games.status and results say what the script's standing moves say: over with that
        score, or being played."""
        record = store.game(game_id)
        rules = played(game_id).rules()
        state = rules.new_state(record.players, record.options)
        for move in script(self.seed, game_id).standing(len(store.log(game_id))):
            rules.apply(state, rules.parse_action(move))
        over = rules.status(state).phase is Phase.OVER
        expected = (GameStatus.FINISHED if over else GameStatus.PLAYING,
                    [(seat, total) for seat, total in enumerate(rules.score(state).totals)]
                    if over else [])
        stored = (record.status, [(row.seat, row.total) for row in store.results(game_id)])
        if stored != expected:
            self.figures.disagreements += 1
            self.figures.problems.append(f"game {game_id}: stored {stored}, its log says "
                                         f"{expected}")


def snapshot(db: Path, folder: Path) -> Path:
    """A copy of the database and its -wal as the cut left them (the -shm is only an index:
    SQLite rebuilds it from the -wal)."""
    copy = folder / db.name
    for end in ("", "-wal"):
        source = db.with_name(db.name + end)
        if source.exists():
            shutil.copyfile(source, copy.with_name(copy.name + end))
    return copy


def run(db: Path, kills: int = 200, seed: int = 1, max_delay: float = 0.4) -> Figures:
    """`kills` cuts at random moments (0–`max_delay` s after the player starts); after each the
    games it played are checked, and at the end every game."""
    rng = random.Random(seed)
    harness = Harness(db, seed)
    started = time.monotonic()
    for _ in range(kills):
        harness.round(rng.uniform(0, max_delay))
    harness.check()
    store, moved = open_store(db)  # the app's start-up on the last cut's file, then all again
    store.close()
    if moved is not None:
        harness.figures.problems.append(f"the last start found the file damaged: {moved}")
    harness.check()
    harness.figures.seconds = time.monotonic() - started
    return harness.figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.powercut",
                                     description="SIGKILL a player at random moments; "
                                                 "check that nothing acknowledged is lost.")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path, help="the database to play into (default: a new "
                                                "temporary one)")
    parser.add_argument("--max-delay", type=float, default=0.4,
                        help="the latest moment of a cut, in seconds after the player starts")
    parser.add_argument("--play", type=Path, metavar="FILE",
                        help="no cuts: play --entries scripted entries into FILE, one ack per "
                             "line on standard output (what the fsync trace watches)")
    parser.add_argument("--entries", type=int, default=20)
    args = parser.parse_args(argv)
    if args.play is not None:
        play(args.play, args.seed, sys.stdout.fileno(), args.entries)
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        db = args.db or Path(scratch) / "companion.db"
        figures = run(db, args.kills, args.seed, args.max_delay)
    print(figures.line())
    for problem in figures.problems:
        print("  " + problem)
    return 0 if figures.losses == 0 and not figures.problems else 1


if __name__ == "__main__":
    sys.exit(main())
