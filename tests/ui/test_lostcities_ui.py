"""The test-only fourth game (tests/games/lostcities/) through the real `companion` command:
COMPANION_GAMES registers it in the app's process. One run: its results screen passes the
results UI test's checks, a game is played by touch, and a finished game is scored."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_results_ui import COLUMN

GAMES = str(Path(__file__).resolve().parents[1] / "games")  # where the package is importable


@pytest.mark.ui
def test_the_fourth_game_plays_and_scores_through_the_real_app(run_scenario):
    run = run_scenario("lostcities_tour",
                       env={"COMPANION_GAMES": "lostcities", "PYTHONPATH": GAMES}).check()
    found = run.report["results_screens"]["lost-cities-test"]
    assert found["base"] and found["column"] == COLUMN and found["beside_in_slot"], found
    play = run.report["play"]
    assert play["refused"] == "Draw a card first: the deck or a discard pile.", play
    assert play["state"] == [5] and play["deck"] == 44, play  # the draw undone
    scored = run.report["scored"]
    assert scored["totals"] == [(23 - 20) * 2, 0] and scored["winner"] == "Ann wins!", scored
