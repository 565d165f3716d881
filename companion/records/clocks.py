"""Turn clocks: each player's time on the clock, folded from the times of the log's entries.

A player's time runs from the end of the previous player's turn to the end of their own: the
time between two stored entries is the time of the player who was to move (an undo's is the
time of the player whose move it took back: undo never gives time back). A pause stops every
clock until a resume or the next move. The engine knows nothing of this; the rules only say
who is to move after each entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Mapping

from companion.gamelog import PAUSE, RESUME, UNDO, Game, Header, parse_time, split_time


@dataclass(frozen=True)
class PlayerTime:
    """One player's clock: seconds in all, per turn, and the longest turn."""

    total: float
    turns: int
    longest: float

    @property
    def average(self) -> float:
        return self.total / self.turns if self.turns else 0.0


@dataclass
class Clocks:
    """Every player's turns (seconds each) so far; `add` takes the next stored entry."""

    players: int
    last: datetime | None = None  # the time of the last entry (the game's start before one)
    mover: int | None = None  # whose clock runs now (None: nobody's)
    paused: bool = False
    turns: list[list[float]] = field(default_factory=list)
    _running: int | None = None  # the seat whose turn the last charged time belongs to

    def __post_init__(self) -> None:
        if not self.turns:
            self.turns = [[] for _ in range(self.players)]

    def add(self, kind: str | None, at: datetime | None, mover_after: int | None) -> None:
        """An entry of this kind stored at `at`, after which `mover_after` is to move."""
        if kind == RESUME:
            self.paused = False
        elif at is not None and not self.paused:
            self._charge(mover_after if kind == UNDO else self.mover, at)
        if kind == PAUSE:
            self.paused = True
        elif kind != RESUME:
            self.paused = False  # a move ends a pause by itself
            self.mover = mover_after
        if at is not None:
            self.last = at

    def _charge(self, seat: int | None, at: datetime) -> None:
        if seat is None or self.last is None:
            return
        seconds = max(0.0, (at - self.last).total_seconds())
        if seat != self._running or not self.turns[seat]:
            self.turns[seat].append(0.0)
            self._running = seat
        self.turns[seat][-1] += seconds

    def player(self, seat: int, now: datetime | None = None) -> PlayerTime:
        """One player's clock; with `now`, the running turn counted up to then."""
        turns = list(self.turns[seat])
        if (now is not None and seat == self.mover and not self.paused
                and self.last is not None):
            running = max(0.0, (now - self.last).total_seconds())
            if seat == self._running and turns:
                turns[-1] += running
            else:
                turns.append(running)
        return PlayerTime(sum(turns), len(turns), max(turns, default=0.0))

    def all(self, now: datetime | None = None) -> list[PlayerTime]:
        return [self.player(seat, now) for seat in range(self.players)]


def mover(rules: Any, state: Any) -> int | None:
    """Whose clock runs: the seat the engine says is to move (nobody once it is over)."""
    status = rules.status(state)
    return None if status.over else status.seat


def is_timed(header: Header) -> bool:
    """A game played at this table has clocks; one only being scored (entered after it was
    played) has none."""
    return header.options.get("mode") != "score_only"


def fold_clocks(header: Header, entries: Iterable[Mapping[str, Any]],
                start: str | None = None) -> Clocks:
    """The clocks of a log (entries with or without their "at"): `start` is when the game
    began (its first entry's time when not known). Entries without a time count nothing, and
    neither does a game only being scored (its times are when it was entered, not played)."""
    game = Game.start(header)
    timed = is_timed(header)
    clocks = Clocks(len(header.players), parse_time(start) if start and timed else None,
                    mover(game.rules, game.state))
    for entry in entries:
        body, at = split_time(entry)
        game.apply(body)
        clocks.add(body.get("type"), parse_time(at) if at and timed else None,
                   mover(game.rules, game.state))
    return clocks


def seconds_text(seconds: float) -> str:
    """A clock as players read it: 0:42, 12:05, 1:02:09."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
