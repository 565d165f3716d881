"""The score over time: every player's score after each round, folded from a game's log.

A round ends when the turn comes back to the player who started. The score at each point is
the engine's own: its running score where it keeps one (`running_scores`, e.g. Railways' score
track), else its score sheet as it stands (Ticket to Ride: routes as claimed, tickets once
revealed; TraffIQ: the vehicles on the map); the last point is the final sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from companion.gamelog import CLOCK_ENTRIES, FoldedGame, Header, split_time


@dataclass(frozen=True)
class Series:
    """Scores per point (the start, each round's end, the end), each a score per player."""

    players: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]
    final: bool  # the last point is the game's final score

    @property
    def highest(self) -> int:
        return max((max(p) for p in self.points if p), default=0)

    @property
    def lowest(self) -> int:
        return min((min(p) for p in self.points if p), default=0)


def scores(rules: Any, state: Any) -> tuple[int, ...]:
    """The score each player has now, as the game's engine counts it during play."""
    running = getattr(rules, "running_scores", None)
    if running is not None and not rules.status(state).over:
        return tuple(running(state))
    return tuple(rules.score(state).totals)


def fold_series(header: Header, entries: Iterable[Mapping[str, Any]]) -> Series:
    """The score after each round of a log (entries with or without their times)."""
    game = FoldedGame.start(header)
    rules = game.rules
    first = header.options.get("first", 0)
    points = [scores(rules, game.state)]
    mover = rules.status(game.state).seat
    for entry in entries:
        body, _at = split_time(entry)
        if body.get("type") in CLOCK_ENTRIES:
            continue
        game.apply(body)
        status = rules.status(game.state)
        if status.seat == first and mover is not None and mover != first \
                and not status.over:  # back to the start player: a round is over
            points.append(scores(rules, game.state))
        mover = status.seat
    over = rules.status(game.state).over
    last = scores(rules, game.state)
    if over or last != points[-1]:
        points.append(last)
    return Series(tuple(header.players), tuple(points), over)
