"""Statistics of one game (one box): plays, each player's wins, average and best score, the
average length, the longest turn, and two players head to head. Never mixed across games: every
figure comes from that game's finished plays only."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.store import GameStatus, Store, UnreadableGame
from .played import Played, played


@dataclass
class PlayerStats:
    name: str
    plays: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    longest_turn: float = 0.0  # seconds

    @property
    def average(self) -> float:
        return self.total / self.plays if self.plays else 0.0


@dataclass
class GameStats:
    game: str
    plays: int = 0
    timed: int = 0  # the plays played here with their clocks (not only scored)
    minutes: int = 0  # every timed play's length added up
    longest_turn: float = 0.0
    longest_by: str = ""
    players: dict[str, PlayerStats] = field(default_factory=dict)

    @property
    def average_minutes(self) -> float:
        return self.minutes / self.timed if self.timed else 0.0

    def ranked(self) -> list[PlayerStats]:
        """Most wins first, then the better average, then by name."""
        return sorted(self.players.values(),
                      key=lambda p: (-p.wins, -p.average, p.name.casefold()))


@dataclass(frozen=True)
class HeadToHead:
    """Two players' plays of one game together: who finished ahead how often."""

    a: str
    b: str
    plays: int
    a_ahead: int
    b_ahead: int

    @property
    def level(self) -> int:
        return self.plays - self.a_ahead - self.b_ahead


def finished_plays(store: Store, game: str) -> list[tuple[Played, list[dict]]]:
    """This game's finished plays with their stored results (a play that cannot be read is
    left out: it says so on its own History page)."""
    plays = []
    for record in store.games(GameStatus.FINISHED):
        if record.game != game:
            continue
        try:
            plays.append((played(store, record.id), store.results(record.id)))
        except UnreadableGame:
            continue
    return plays


def game_stats(store: Store, game: str) -> GameStats:
    stats = GameStats(game)
    for play, results in finished_plays(store, game):
        stats.plays += 1
        stats.timed += int(play.timed)
        stats.minutes += play.minutes
        clocks = play.clocks.all()
        for row in results:
            name = play.header.players[row.seat]
            player = stats.players.setdefault(name, PlayerStats(name))
            player.plays += 1
            player.wins += int(row.winner)
            player.total += row.total
            player.best = row.total if player.best is None else max(player.best, row.total)
            longest = clocks[row.seat].longest
            player.longest_turn = max(player.longest_turn, longest)
            if longest > stats.longest_turn:
                stats.longest_turn, stats.longest_by = longest, name
    return stats


def head_to_head(store: Store, game: str, a: str, b: str) -> HeadToHead:
    """Every finished play of this game with both: who scored more (a winner on a tie of
    points is ahead: the game's tie-break decided)."""
    plays = a_ahead = b_ahead = 0
    for play, results in finished_plays(store, game):
        by_name = {play.header.players[row.seat]: row for row in results}
        if a not in by_name or b not in by_name or a == b:
            continue
        plays += 1
        rank_a = (by_name[a].total, by_name[a].winner)
        rank_b = (by_name[b].total, by_name[b].winner)
        a_ahead += rank_a > rank_b
        b_ahead += rank_b > rank_a
    return HeadToHead(a, b, plays, a_ahead, b_ahead)
