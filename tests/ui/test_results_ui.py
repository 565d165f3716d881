"""Every registered game's results screen subclasses the shared ResultsScreen (the
scoring-screen base lives once), read from the registry so that a new game is held to it."""

from __future__ import annotations

import pytest

from companion.games import games

COLUMN = ["chart", "chart_times", "history", "home", "message", "reason", "results", "undo",
          "winner"]


@pytest.mark.ui
def test_every_games_results_screen_is_a_results_screen(run_scenario):
    found = run_scenario("results_screens").check().report["results_screens"]
    assert sorted(found) == sorted(g.game_kind for g in games()), found
    for game_kind, screen in found.items():
        assert screen["base"], f"{game_kind}'s results screen {screen['class']} is no ResultsScreen"
        assert screen["column"] == COLUMN, (game_kind, screen)  # the shared column, whole
        assert screen["beside_in_slot"], (game_kind, screen)  # the game's own part beside it
