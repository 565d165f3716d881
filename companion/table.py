"""The one live game: every move is checked by the engine, stored, then announced to listeners.

The UI and the hardware never change a game any other way. The log is the truth: undo is an
appended entry, and the state after it (or after a restart) is a fresh fold of the log. A move
and the game's status and results it leads to are one transaction.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Callable, Mapping

from .core.rules import Action, Move, Phase, RuleViolation, ScoreSheet, Status
from .gamelog import AT, PAUSE, RESUME, SEEN, UNDO, FoldedGame, Header, LogError, fold
from .moments import Moments, plausible
from .records.clocks import Clocks, PlayerTime, fold_clocks, is_timed, mover
from .store import Outcome, Store, StoreError, UnreadableGame, WallClock, wall_clock

log = logging.getLogger(__name__)

# A listener hears about every change: the table and the action applied (None after an undo).
Listener = Callable[["Table", Action | None], None]


class Table:
    """A game in progress, bound to its row in the database."""

    def __init__(self, store: Store, game_id: int, game: FoldedGame, entries: int,
                 clock: WallClock | None = None, opened: tuple[Moments, float] | None = None):
        self.store = store
        self.game_id = game_id
        self._game = game
        self._entries = entries  # log rows written so far, undo rows included
        # Every entry and row this table writes is stamped by it (the store's unless given);
        # `opened`: its readings and the monotonic moment the game began (a new game).
        if opened is None:
            self.wall_clock = clock or store.clock
        else:
            self._moments, self._opened = opened
            self._since = self._opened
        self._clocks = None  # the turn clocks, folded from the log when first asked for
        record = store.game(game_id)
        self._recorded = record.status == "finished"  # results are in the database
        self._undated = not plausible(record.created)  # started before the clock was set
        self._sync_result()
        self._listeners: list[Listener] = []

    # ---- opening -------------------------------------------------------------------------

    @classmethod
    def start(cls, store: Store, game_kind: str, players: list[str] | tuple[str, ...],
              options: Mapping[str, Any] | None = None,
              clock: WallClock | None = None) -> "Table":
        """A new game; the engine checks players and options before anything is stored."""
        header = Header(game_kind, tuple(players), dict(options or {}))
        folded = FoldedGame.start(header)
        moments = Moments(clock or store.clock, wall_clock)
        moment, tick = moments.read()
        game_id = store.new_game(game_kind, header.players, header.options, at=moment)
        return cls(store, game_id, folded, 0, opened=(moments, tick))

    @classmethod
    def resume(cls, store: Store, game_id: int, clock: WallClock | None = None) -> "Table":
        """The game exactly as its log leaves it (after a restart or a power cut). A game whose
        rows cannot be read or whose log the engine refuses raises UnreadableGame (its reason
        for the screen); KeyError if there is no such game."""
        entries = store.log(game_id)  # UnreadableGame: an entry that is not JSON
        game = replay(store, game_id, entries)
        return cls(store, game_id, game, len(entries), clock)

    @property
    def wall_clock(self) -> WallClock:
        return self._moments.clock

    @wall_clock.setter
    def wall_clock(self, clock: WallClock) -> None:
        """A new clock (a test's or a scenario's): time seen counts from now on its scale."""
        self._moments = Moments(clock, wall_clock)
        self._opened = self._moments.read()[1]
        self._since = self._opened  # the monotonic moment of the last entry (or of opening)

    def running(self) -> float:
        """The seconds the app has seen pass since the last entry (or since the game was
        opened): the running turn's time, not yet stored."""
        return max(0.0, self._moments.read()[1] - self._since)

    def times(self) -> list[PlayerTime]:
        """Every player's time on the clock now, the running turn counted."""
        return self.clocks.all(self.running())

    # ---- what it is now ----------------------------------------------------------------

    @property
    def header(self) -> Header:
        return self._game.header

    @property
    def rules(self) -> Any:
        return self._game.rules

    @property
    def state(self) -> Any:
        """The current state. Read it; never change it (submit actions instead)."""
        return self._game.state

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions still standing, oldest first."""
        return tuple(self._game.actions)

    @property
    def status(self) -> Status:
        return self.rules.status(self.state)

    def score(self) -> ScoreSheet:
        return self.rules.score(self.state)

    def check(self, action: Action) -> RuleViolation | None:
        """Would `submit` accept this move now? None if so, else the engine's reason."""
        return self.rules.check(self.state, action)

    def moves(self, seat: int | None = None) -> list[Move]:
        """The kinds of move open to a seat now (the seat whose turn it is by default)."""
        if seat is None:
            seat = self.status.seat
        return self.rules.moves(self.state, seat)

    # ---- changing it -------------------------------------------------------------------

    def submit(self, action: Action | Mapping[str, Any]) -> Action:
        """Check, store, announce. A refused action raises RuleViolation and stores nothing;
        a failed write raises StoreError and leaves the game as it was. The move that ends the
        game stores its results in the same transaction."""
        if not isinstance(action, Action):
            action = self.rules.parse_action(action)
        self._game.apply(action)
        try:
            self._store_entry(action.to_json())
        except BaseException:  # whatever stopped the write, the game stays as stored
            self._game.undo()  # back to the state the stored log gives
            raise
        self._after_change(action)
        return action

    def submit_all(self, actions: list[Action]) -> list[Action]:
        """Several moves that one user action makes (every player's count entered with one
        tap): each checked in turn, all stored in one transaction, then announced in order. A
        refusal or a failed write stores none of them and leaves the game as it was."""
        applied = 0
        try:
            for action in actions:
                self._game.apply(action)
                applied += 1
            self._store_entries([action.to_json() for action in actions])
        except BaseException:
            for _ in range(applied):
                self._game.undo()  # back to the state the stored log gives
            raise
        for action in actions:
            self._after_change(action)
        return list(actions)

    def undo(self, count: int = 1) -> Action:
        """Take back the last action standing (the last `count`, in one transaction: moves
        one tap stored together); each undo is logged. An undo after the end reopens the game
        in the undo's own transaction. Returns the last action taken back (the earliest)."""
        if len(self._game.actions) < max(1, count):
            raise RuleViolation("nothing_to_undo", "There is nothing to undo.")
        state, actions = self._game.state, list(self._game.actions)  # undo makes a new state
        for _ in range(count):
            undone = self._game.undo()  # first in memory: the outcome is the state after it
        try:
            self._store_entries([{"type": UNDO}] * count)
        except BaseException:
            self._game.state, self._game.actions = state, actions
            raise
        self._after_change(None)
        return undone

    # ---- the turn clocks (time lives here and in the log, never in the engine) ----------

    @property
    def clocks(self) -> Clocks:
        """Every player's time on the clock (companion.records.clocks), folded from the log
        the first time it is asked for, then kept up to date entry by entry."""
        if self._clocks is None:
            record = self.store.game(self.game_id)
            self._clocks = fold_clocks(self.header, [e for _, e in self.store.log(
                self.game_id, times=True)], record.created)
        return self._clocks

    @property
    def paused(self) -> bool:
        return self.clocks.paused

    def pause(self) -> None:
        """Stop every clock for a break (a logged entry: a power cut keeps the pause)."""
        if not self.paused:
            self._store_entry({"type": PAUSE})

    def resume_clocks(self) -> None:
        """Start the clocks again after a pause."""
        if self.paused:
            self._store_entry({"type": RESUME})

    def _store_entry(self, entry: Mapping[str, Any]) -> None:
        self._store_entries([entry])

    def _store_entries(self, entries: list[Mapping[str, Any]]) -> None:
        """The entries, stamped with the time, with the status and results the game has after
        them, in one transaction."""
        over = self.status.phase is Phase.OVER
        outcome = None
        if over and not self._recorded:
            outcome = Outcome(self.score())
        elif self._recorded and not over:
            outcome = Outcome(None)
        moment, tick = self._moments.read()
        at = moment.isoformat(timespec="milliseconds")
        seen = round(max(0.0, tick - self._since), 3)  # the wall clock may have jumped
        stamped = [{**entry, AT: at, SEEN: seen if n == 0 else 0}
                   for n, entry in enumerate(entries)]
        # a game begun before the wall clock was set is dated by its first plausible time,
        # counted back to when it was opened (a Pi before the network's time)
        dated = moment - timedelta(seconds=tick - self._opened) \
            if self._undated and plausible(moment) else None
        self.store.append_all(self.game_id, self._entries + 1, stamped, outcome, moment, dated)
        self._since = tick
        self._entries += len(entries)
        self._recorded = over
        self._undated = self._undated and dated is None
        if self._clocks is not None and len(entries) > 1:
            self._clocks = None  # folded again when next asked: each entry with its own mover
        elif self._clocks is not None:
            self._clocks.add(entries[0].get("type"), seen if is_timed(self.header) else None,
                             mover(self.rules, self.state))

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def _sync_result(self) -> None:
        """A game stored by an older version may say finished when its log does not (or the
        other way round): its status and results are repaired from the log when it opens."""
        over = self.status.phase is Phase.OVER
        if over == self._recorded:
            return
        log.warning("game %s: stored as %s, its log says %s; repaired from the log",
                    self.game_id, "finished" if self._recorded else "unfinished",
                    "over" if over else "unfinished")
        try:
            self.store.set_outcome(self.game_id, Outcome(self.score() if over else None))
        except StoreError:  # the log is safe; repaired again next time
            log.exception("could not repair the result of game %s", self.game_id)
            return
        self._recorded = over

    def _after_change(self, action: Action | None) -> None:
        for listener in list(self._listeners):
            try:
                listener(self, action)
            except Exception:  # the move is stored; a broken listener must not undo that
                log.exception("listener %r failed", listener)


def replay(store: Store, game_id: int,
           entries: list[tuple[int, Any]] | None = None) -> FoldedGame:
    """A stored game folded from its log; UnreadableGame (with the reason and the entry) when
    its header or an entry cannot be read or the engine refuses it."""
    record = store.game(game_id)
    if record.problem is not None:
        raise UnreadableGame(game_id, record.problem)
    if entries is None:
        entries = store.log(game_id)
    try:
        return fold(Header(record.game, record.players, record.options), entries, 0)
    except LogError as error:  # an old log after an engine update, or a changed row
        raise UnreadableGame(game_id, error.violation.message, error.line or None) from error
    except Exception as error:  # stored data the engine trips over: this game only
        log.exception("game %s cannot be replayed", game_id)
        raise UnreadableGame(game_id, f"its log cannot be replayed ({error!r})") from error
