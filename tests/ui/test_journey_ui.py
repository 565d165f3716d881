"""One whole evening at the kiosk (scenarios_journey.py): a person with no
keyboard, at an 800×480 screen, sets up a 4-player game with typed names, plays, sets it aside
for another game, resumes it and scores it, without a cut-off word or a dead end."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.ui

NAMES = ["Ștefan", "Ödön", "Åsa", "Jürgen"]


def test_an_evening_at_the_kiosk_from_typed_names_to_the_scores(run_scenario):
    seen = run_scenario("kiosk_evening", fullscreen=True, seed=2).check().report["evening"]
    assert seen["typed"] == NAMES and seen["players"] == NAMES, seen
    assert seen["notice"], seen  # New game says a game is not finished
    assert len(seen["home_games"]) == 2, seen  # both unfinished games on Home
    assert seen["resumed"]["same"], seen["resumed"]  # resumed exactly as it was left
    assert seen["totals"] == seen["planned"], seen
    assert seen["stored_status"] == "finished", seen
    assert seen["winner_text"], seen
    for stop, findings in seen["audits"].items():
        assert not findings, (stop, findings)


def test_every_game_just_started_has_a_way_home_from_its_first_question(run_scenario):
    """No dead end: while a game's first question covers the screen, Home is still one tap."""
    games = run_scenario("home_from_the_first_question").check().report["games"]
    assert set(games) == {"ttr-nyc", "rotw-card-game", "manhattan-traffiq"}, games
