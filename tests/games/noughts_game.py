"""Noughts and crosses: a test-only game that registers itself from tests/, as a fourth game would.

It proves that a game needs no line outside its own files: the registry takes it, the Table
plays it, the store keeps it, the command line exports and replays it, and the conformance
test (test_conformance.py) runs over it like over the real games. Its rules are in
noughts_engine.py (pure, as an engine must be); here are its playout, its report and its entry
in the registry.
"""

from __future__ import annotations

import random
import sys

from companion.core.playout_loop import PlayoutLoop
from companion.core.rules import Action
from companion.games import Game

from noughts_engine import GAME_KIND, LINES, Noughts, NoughtsState


class NoughtsPlayout(PlayoutLoop):
    """Random marks until a line or a full grid."""

    def __init__(self, rules: Noughts, players: int, rng: random.Random):
        self.rules, self.rng = rules, rng
        self.players = tuple(f"P{seat + 1}" for seat in range(players))
        self.options = {"first": rng.randrange(players)}
        self.state = rules.new_state(self.players, self.options)
        self.log = []

    def choose(self) -> Action:
        return self.rng.choice(self.rules.marks(self.state, self.state.current))


def components(rules: Noughts, s: NoughtsState) -> dict[str, int]:
    return {"cells": len(s.cells)}


def recount(playout: NoughtsPlayout) -> tuple[int, ...]:
    """The score worked out apart from the engine: a point for three in a row."""
    rows = [[playout.state.cells[i] for i in line] for line in LINES]
    return tuple(int(any(row == [seat] * 3 for row in rows)) for seat in range(2))


# What `companion replay` prints for it (the registry's `report`).
CATEGORY_TITLES = {"lines": "Lines"}
PROVISIONAL = "Provisional: the game is not over yet."


def describe_state(game) -> str:
    marks = "".join("." if c is None else "XO"[c] for c in game.state.cells)
    return f"Noughts and crosses: {marks[:3]}/{marks[3:6]}/{marks[6:]}\n"


def state_json(game) -> dict:
    return {"cells": game.state.cells, "phase": game.state.phase.value}


GAME = Game(
    game_kind=GAME_KIND, title="Noughts and crosses", least=2, most=2, colours=("x", "o"),
    rules=Noughts, package=__name__,
    report=lambda: sys.modules[__name__], playout=lambda: NoughtsPlayout,
    components=lambda: components, recount=lambda: recount)
