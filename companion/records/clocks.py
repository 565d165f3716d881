"""Turn clocks: each player's time on the clock, folded from the times of the log's entries.

A player's time runs from the end of the previous player's turn to the end of their own: the
time between two stored entries is the time of the player who was to move (an undo's is the
time of the player whose move it took back: undo never gives time back). A pause stops every
clock until a resume or the next move. The engine knows nothing of this; the rules only say
who is to move after each entry.

The time between two entries is what the app saw pass: an entry's `"seen"` (monotonic seconds
since the entry before it or since the game was opened, whichever was later), never the
difference of two wall-clock readings, which jump on a Pi without a battery clock. Only a log
written before `"seen"` existed is timed by its `"at"`s, and then only between two plausible
readings (companion.moments).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Mapping

from companion.gamelog import PAUSE, RESUME, SEEN, UNDO, FoldedGame, Header, parse_time, split_time
from companion.moments import plausible


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
    mover: int | None = None  # whose clock runs now (None: nobody's)
    paused: bool = False
    turns: list[list[float]] = field(default_factory=list)
    _running: int | None = None  # the seat whose turn the last charged time belongs to

    def __post_init__(self) -> None:
        if not self.turns:
            self.turns = [[] for _ in range(self.players)]

    def add(self, kind: str | None, seconds: float | None, mover_after: int | None) -> None:
        """An entry of this kind stored `seconds` after the one before (None: not known),
        after which `mover_after` is to move."""
        if kind == RESUME:
            self.paused = False
        elif seconds is not None and not self.paused:
            self._charge(mover_after if kind == UNDO else self.mover, seconds)
        if kind == PAUSE:
            self.paused = True
        elif kind != RESUME:
            self.paused = False  # a move ends a pause by itself
            self.mover = mover_after

    def _charge(self, seat: int | None, seconds: float) -> None:
        if seat is None:
            return
        if seat != self._running or not self.turns[seat]:
            self.turns[seat].append(0.0)
            self._running = seat
        self.turns[seat][-1] += max(0.0, seconds)

    def player(self, seat: int, running: float = 0.0) -> PlayerTime:
        """One player's clock; `running`: the seconds since the last entry, counted for the
        player to move unless paused (a live table's `running()`)."""
        turns = list(self.turns[seat])
        if running > 0 and seat == self.mover and not self.paused:
            if seat == self._running and turns:
                turns[-1] += running
            else:
                turns.append(running)
        return PlayerTime(sum(turns), len(turns), max(turns, default=0.0))

    def all(self, running: float = 0.0) -> list[PlayerTime]:
        return [self.player(seat, running) for seat in range(self.players)]


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
    game = FoldedGame.start(header)
    timed = is_timed(header)
    clocks = Clocks(len(header.players), mover(game.rules, game.state))
    last = parse_time(start) if start else None
    for entry in entries:
        body, at = split_time(entry)
        game.apply(body)
        moment = parse_time(at) if at else None
        clocks.add(body.get("type"), entry_seconds(entry, last, moment) if timed else None,
                   mover(game.rules, game.state))
        last = moment or last
    return clocks


def entry_seconds(entry: Mapping[str, Any], last: datetime | None,
                  moment: datetime | None) -> float | None:
    """The seconds an entry took: its `"seen"`; for an entry written before that existed, the
    wall clock's difference since the entry before, when both readings are plausible dates."""
    seen = entry.get(SEEN)
    if seen is not None:
        return float(seen)
    if last is None or moment is None or not (plausible(last) and plausible(moment)):
        return None
    return max(0.0, (moment - last).total_seconds())


def seconds_text(seconds: float) -> str:
    """A clock as players read it: 0:42, 12:05, 1:02:09."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
