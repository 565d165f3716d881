"""`companion bench` for Ticket to Ride: New York: random games per step and per game, scoring, and
the long game the shared resume figure replays."""

from __future__ import annotations

import random
import statistics
import time
from typing import Callable

from companion.core.rules import Action

from . import rules
from .playout import TtrPlayout

TARGETS = {
    "step_us": ("at most", 15.0),
    "games_per_s": ("at least", 400.0),
}


def _median(samples: list[float]) -> float:
    return statistics.median(samples)


def playout_rounds(rounds: int, games: int) -> tuple[float, float, float]:
    """Random 2-player games: (µs per step, games per second, µs to score a finished game)."""
    rules_ = rules()
    step_us, per_s, score_us = [], [], []
    rng = random.Random(2024)
    for _ in range(rounds):
        steps = 0
        finals = []
        start = time.perf_counter()
        for _ in range(games):
            playout = TtrPlayout(rules_, 2, rng)
            playout.play()
            steps += len(playout.log)
            finals.append(playout.state)
        elapsed = time.perf_counter() - start
        step_us.append(elapsed / steps * 1e6)
        per_s.append(games / elapsed)
        start = time.perf_counter()
        for state in finals:
            rules_.score(state)
        score_us.append((time.perf_counter() - start) / len(finals) * 1e6)
    return _median(step_us), _median(per_s), _median(score_us)


def long_game(actions: int, rng: random.Random) -> tuple[tuple[str, ...], dict, list[Action]]:
    """A 4-player game of at least this many actions (players, options, its log)."""
    while True:
        playout = TtrPlayout(rules(), 4, rng, claim_bias=0.25)  # more draws: a longer game
        playout.play()
        if len(playout.log) >= actions:
            return playout.players, playout.options, playout.log


def run(report_line: Callable, quick: bool) -> dict[str, float]:
    rounds = 3 if quick else 9
    step_us, per_s, score_us = playout_rounds(rounds, 60 if quick else 200)
    report_line("random playout, per step (2 players)", step_us, "µs", "step_us",
                targets=TARGETS)
    report_line("random 2-player games", per_s, "games/s", "games_per_s", targets=TARGETS)
    report_line("end-of-game scoring", score_us, "µs")
    return {"step_us": step_us, "games_per_s": per_s, "score_us": score_us}


# ---- `companion bench --ui`: the buttons a move is tapped on --------------------------------

def tap_target(play, action: Action):
    """The button of the play screen a player taps for this move (None: the bench submits it
    without a tap): a face-up card, or the card named in the turn-up question."""
    from .ui.words import card_name
    if action.type == "take_face_up":
        return play.ids[f"slot{action.slot}"]
    if action.type == "turn_up" and len(action.cards) == 1:
        return _dialog_button(play, card_name(action.cards[0]))
    return None


def _dialog_button(screen, text: str):
    from kivy.uix.button import Button
    found = []

    def walk(widget) -> None:
        for child in widget.children:
            if isinstance(child, Button) and child.text == text and not child.disabled:
                found.append(child)
            walk(child)

    if screen.dialog is not None:
        walk(screen.dialog)
    return found[0] if found else None
