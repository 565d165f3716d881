"""One stored game's records: its header, its log with the times, its clocks and its score over
time (what the records screen, the statistics and the exports read)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from companion.gamelog import AT, SEEN, Header
from companion.moments import plausible
from companion.store import GameRecord, Store, UnreadableGame
from .chart import Series, fold_series
from .clocks import Clocks, fold_clocks, is_timed


@dataclass(frozen=True)
class Played:
    record: GameRecord
    header: Header
    entries: tuple[dict, ...]  # the log's entries, with their times
    clocks: Clocks
    series: Series

    @property
    def started(self) -> str:
        return self.record.created

    @property
    def ended(self) -> str:
        return self.record.finished or self.record.abandoned or self.record.last_active

    @property
    def date(self) -> str | None:
        """When the game was played, by the wall clock: its start, or where the clock was not yet
        set then (a Pi before the network's time), its first entry stored once it was, or its
        end; None if the clock was never set while it was played."""
        times = [self.started] + [e[AT] for e in self.entries if isinstance(e.get(AT), str)]
        return next((t for t in times + [self.ended] if plausible(t)), None)

    @property
    def end_date(self) -> str | None:
        """When the game ended, if the wall clock was set by then."""
        return self.ended if plausible(self.ended) else None

    @property
    def timed(self) -> bool:
        """Played at this table with its clocks (not only scored afterwards)."""
        return is_timed(self.header)

    @property
    def minutes(self) -> int:
        """How long the game was played, breaks left out: every player's time on the clock (a
        game stored without times: from its start to its end, if the wall clock was set at
        both); at least 1. Not known: 0 (a game only being scored, or no time to go by)."""
        if not self.timed:
            return 0
        seconds = sum(p.total for p in self.clocks.all())
        if not seconds and not any(AT in e or SEEN in e for e in self.entries):
            if not (plausible(self.started) and plausible(self.ended)):
                return 0
            seconds = (datetime.fromisoformat(self.ended)
                       - datetime.fromisoformat(self.started)).total_seconds()
        return max(1, round(seconds / 60)) if seconds > 0 else 0


def played(store: Store, game_id: int) -> Played:
    """A stored game's records (UnreadableGame if its rows or its log cannot be read)."""
    record = store.game(game_id)
    if record.problem is not None:
        raise UnreadableGame(game_id, record.problem)
    header = Header(record.game, record.players, record.options)
    entries = tuple(entry for _seq, entry in store.log(game_id, times=True))
    try:
        clocks = fold_clocks(header, entries, record.created)
        series = fold_series(header, entries)
    except Exception as error:  # a log the engine no longer accepts: this game only
        raise UnreadableGame(game_id, f"its log cannot be replayed ({error})") from error
    return Played(record, header, entries, clocks, series)

