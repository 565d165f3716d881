"""The table's two clocks: the wall clock dates things (once it is plausible), the monotonic clock
measures how long things took.

A Raspberry Pi has no battery clock: it starts with the last time it saved (or 1 January 1970)
and jumps, by hours or decades, when the network's time arrives. So durations (the turn clocks,
BG Stats' `durationMin`) come only from time the app saw pass (`time.monotonic`, which never
jumps), and a wall-clock reading earlier than this version's release is no date at all.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

# No game played with this version was played before it was released: an earlier wall-clock
# reading is a Pi that has not had the network's time yet.
RELEASED = datetime(2026, 11, 1, tzinfo=timezone.utc)


def plausible(moment: datetime | str | None) -> bool:
    """A wall-clock reading (or a stored ISO time) that can be a date: not before the release."""
    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment)
        except ValueError:
            return False
    if moment is None:
        return False
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment >= RELEASED


def system_wall() -> datetime:
    return datetime.now(timezone.utc)


class Moments:
    """Readings of one injected clock: (wall time, monotonic seconds) taken together.

    `clock` is a wall clock (a callable giving an aware datetime). Its monotonic clock is its
    `monotonic` attribute if it has one, `time.monotonic` for the system's wall clock, and else
    the wall clock itself (a test's clock, which moves only when told). A wall reading that is not
    plausible is replaced by the last plausible one moved on by the monotonic time since, when
    this run has seen one; else it is kept as it is (stored, and read as no date)."""

    def __init__(self, clock: Callable[[], datetime], system: Callable[[], datetime]):
        self.clock = clock
        monotonic: Any = getattr(clock, "monotonic", None)
        if monotonic is None and clock is system:
            monotonic = time.monotonic
        self._monotonic = monotonic
        self._anchor: tuple[datetime, float] | None = None

    def read(self) -> tuple[datetime, float]:
        """The wall time to stamp (plausible when it can be) and the monotonic seconds."""
        wall = self.clock()
        tick = self._monotonic() if self._monotonic is not None else wall.timestamp()
        if plausible(wall):
            self._anchor = (wall, tick)
        elif self._anchor is not None:
            wall = self._anchor[0] + timedelta(seconds=tick - self._anchor[1])
        return wall, tick
