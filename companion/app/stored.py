"""A stored game in words: its box's name, its players, its last move, how long ago, its result.

Home, New game's notice and History name a stored game the same way; everything a game knows
about itself comes from its `GameUi` (its box name, its log lines), never from a game id here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from companion.boards import rules_for
from companion.gamelog import CLOCK_ENTRIES
from companion.store import GameRecord, GameStatus, Store, StoreError
from . import l10n
from .games import game_kinds, game_ui
from .i18n import _

log = logging.getLogger(__name__)


def game_name(game_kind: str) -> str:
    """A stored game's box name (an id this version no longer knows is shown as it is)."""
    return game_ui(game_kind).title if game_kind in game_kinds() else game_kind


def players_text(record: GameRecord) -> str:
    return ", ".join(record.players)


def ago(moment: str, now: datetime | None = None) -> str:
    """How long ago a stored time (UTC, ISO) was, as a family says it: "just now", "5 min
    ago", "today at 14:05", "yesterday at 20:30", "3 days ago", else the date.

    Babel words the counts, clock times and dates in the chosen language (its plural forms
    too: "acum 21 de minute"); short units keep the words within Home's cards."""
    then = l10n.local(moment)
    now = (now or datetime.now(timezone.utc)).astimezone()
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return l10n.since(timedelta(minutes=int(seconds // 60)), "minute", short=True)
    days = (now.date() - then.date()).days
    if days <= 0:
        return _("today at {time}").format(time=l10n.clock(then))
    if days == 1:
        return _("yesterday at {time}").format(time=l10n.clock(then))
    if days < 7:
        return l10n.since(timedelta(days=days), "day", short=False)
    return l10n.day(then)


def last_move(store: Store, record: GameRecord) -> str | None:
    """The game's last move that stands, as its log line (None before the first move, or when
    every move was taken back). Pauses and resumes are no moves: every game left is paused
    (docs/records.md), so "Paused" would say nothing; an undo is no move either."""
    entry = store.last_entry(record.id, skip=CLOCK_ENTRIES, standing=True)
    if entry is None:
        return None
    if record.game not in game_kinds() or not entry[1]:  # {}: an entry that cannot be read
        return ""
    game = game_ui(record.game)
    try:
        rules = rules_for(record.game)
        action = rules.parse_action(entry[1])
        return game.describe(action, record.players, rules)
    except Exception:  # a line it cannot word must never keep a game off Home
        log.warning("the last move of game %s cannot be described", record.id, exc_info=True)
        return ""


@dataclass(frozen=True)
class Unfinished:
    """An unfinished game as Home and New game show it."""

    game_id: int
    name: str  # the box's name
    players: str
    last: str | None  # the last move in words (None: no move yet; "": it cannot be said)
    when: str  # how long ago it was played

    @classmethod
    def of(cls, store: Store, record: GameRecord, now: datetime | None = None) -> "Unfinished":
        return cls(record.id, game_name(record.game), players_text(record),
                   last_move(store, record), ago(record.last_active, now))

    @property
    def heading(self) -> str:
        """The box's name and the players: which game this is."""
        return _("{game} – {players}").format(game=self.name, players=self.players)

    @property
    def details(self) -> str:
        """The last move and when (when it was started, before the first move)."""
        if self.last is None:
            return _("Started {when}").format(when=self.when)
        if not self.last:
            return self.when
        return _("{move} · {when}").format(move=self.last, when=self.when)


def result(store: Store, record: GameRecord) -> str:
    """A game's result: the winners and every player's total, or how it stands."""
    if record.status is GameStatus.ABANDONED:
        return _("abandoned")
    if record.status is not GameStatus.FINISHED:
        return _("not finished")
    results = store.results(record.id)
    totals = ", ".join(f"{record.players[r.seat]} {l10n.number(r.total)}"
                       for r in results)
    winners = " & ".join(record.players[r.seat] for r in results if r.winner)
    if not winners:
        return totals
    return _("{totals} – won by {winners}").format(totals=totals, winners=winners)


def outcome(store: Store, record: GameRecord) -> str:
    """Who played and how it ended: the result of a finished game (its totals name everyone),
    else the players and "abandoned" or "not finished"."""
    if record.status is GameStatus.FINISHED:
        return result(store, record)
    return _("{players} – {result}").format(players=players_text(record),
                                            result=result(store, record))


def home_games(store: Store, now: datetime | None = None) -> tuple[list[Unfinished], StoreError | None]:
    """Home's unfinished games, and why they could not be read (a damaged file): Home always
    shows, whatever the rows hold. A game that cannot be worded is shown by its id and players."""
    try:
        records = store.unfinished()
    except StoreError as error:
        log.error("the unfinished games cannot be read: %s", error)
        return [], error
    games = []
    for record in records:
        try:
            games.append(Unfinished.of(store, record, now))
        except Exception:  # noqa: BLE001  a game Home cannot word is still listed
            log.warning("game %s cannot be worded", record.id, exc_info=True)
            games.append(Unfinished(record.id, record.game, players_text(record), "", ""))
    return games, None
