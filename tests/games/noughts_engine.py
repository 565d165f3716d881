"""Noughts and crosses, the rules: the engine of a test-only game (noughts_game.py registers it).

Pure like every engine: no I/O, no clock, no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.core.rules import (Action, ActionCodec, Move, Phase, RuleViolation, Rules,
                                  ScoreSheet, Status, check_players, next_seat)

GAME_KIND = "noughts-test"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class EndReason(Enum):
    LINE = "line"
    FULL = "full"


@dataclass(frozen=True)
class Mark(Action):
    """A player draws their mark in an empty cell (0–8, row by row)."""

    type = "mark"
    seat: int
    cell: int


@dataclass
class NoughtsState:
    players: tuple[str, ...]
    current: int = 0
    cells: list[int | None] = field(default_factory=lambda: [None] * 9)  # the seat's mark
    phase: Phase = Phase.PLAY
    end_reason: EndReason | None = None

    def copy(self) -> "NoughtsState":
        return NoughtsState(self.players, self.current, self.cells[:], self.phase,
                            self.end_reason)


def winner(cells: list[int | None]) -> int | None:
    for a, b, c in LINES:
        if cells[a] is not None and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


class Noughts(Rules):
    game_kind = GAME_KIND
    codec = ActionCodec([Mark])

    def new_state(self, players, options) -> NoughtsState:
        check_players(tuple(players), "Noughts and crosses", 2, 2)
        return NoughtsState(tuple(players), int(options.get("first", 0)))

    def _refusal(self, s: NoughtsState, action: Action) -> RuleViolation | None:
        if not isinstance(action, Mark):
            return RuleViolation("unknown_action", "Not a move of this game.")
        if s.phase is Phase.OVER:
            return RuleViolation("game_over", "The game is over.")
        if action.seat != s.current:
            return RuleViolation("not_your_turn", "It is not your turn.")
        if not 0 <= action.cell < 9 or s.cells[action.cell] is not None:
            return RuleViolation("cell_taken", "That cell is not free.")
        return None

    def apply(self, s: NoughtsState, action: Action) -> NoughtsState:
        refusal = self._refusal(s, action)
        if refusal is not None:
            raise refusal
        s.cells[action.cell] = action.seat
        if winner(s.cells) is not None:
            s.phase, s.end_reason = Phase.OVER, EndReason.LINE
        elif None not in s.cells:
            s.phase, s.end_reason = Phase.OVER, EndReason.FULL
        else:
            s.current = next_seat(s.current, 2)
        return s

    def moves(self, s: NoughtsState, seat: int) -> list[Move]:
        reason = None
        if s.phase is Phase.OVER:
            reason = RuleViolation("game_over", "The game is over.")
        elif seat != s.current:
            reason = RuleViolation("not_your_turn", "It is not your turn.")
        return [Move(Mark.type, reason)]

    def marks(self, s: NoughtsState, seat: int) -> list[Mark]:
        """Every move open to the seat."""
        return [Mark(seat, cell) for cell in range(9) if self._refusal(s, Mark(seat, cell)) is None]

    def completions(self, s: NoughtsState, partial) -> list[dict]:
        """Every free cell for the seat to move (a cell given: that one, if free)."""
        seat = partial.get("seat", s.current)
        return [dict(partial, **mark.to_json()) for mark in self.marks(s, seat)
                if all(mark.to_json().get(k, v) == v for k, v in partial.items())]

    def status(self, s: NoughtsState) -> Status:
        return Status(s.phase, None if s.phase is Phase.OVER else s.current,
                      reason=s.end_reason)

    def score(self, s: NoughtsState) -> ScoreSheet:
        won = winner(s.cells)
        points = [[1 if seat == won else 0] for seat in range(2)]
        return ScoreSheet.build(s.players, ("lines",), points, final=s.phase is Phase.OVER)
