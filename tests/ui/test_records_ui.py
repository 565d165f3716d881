"""Play records on the screen (issue 15), through the real `companion` command at 800×480."""

from __future__ import annotations

import pytest

FINDINGS = ("touch", "outside", "overlap")


def clean(audit: dict) -> None:
    for kind in FINDINGS:
        assert not audit.get(kind), (audit.get("screen"), kind, audit[kind])


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_clock_beside_the_seat_strip_pauses_and_goes_on(run_scenario, language):
    seen = run_scenario("records_clocks", language=language).check().report["clocks"]
    clock = seen["clock"]
    assert clock["inside"] and min(clock["size"]) >= 48, clock
    assert ":" in clock["text"], clock
    clean(seen["audit"])
    assert seen["paused"] is True and seen["break_open"] == 1, seen
    clean(seen["break_audit"])
    assert seen["after_go_on"] is False and seen["break_after"] == 0, seen
    assert seen["long_press_paused"] is True, seen
    assert seen["log"][-3:] == ["pause", "resume", "pause"], seen


def test_a_move_during_a_break_ends_it_and_its_view(run_scenario):
    seen = run_scenario("records_break_ends_by_a_move").check().report["break_move"]
    assert seen["paused"] is True and seen["open"] == 1, seen
    assert seen["after_move"] == {"paused": False, "open": 0}, seen
    assert seen["after_go_on"] == {"paused": False, "open": 0}, seen
    assert seen["log"][0] == "pause" and len(seen["log"]) > 1, seen  # then the move …
    assert not {"pause", "resume"} & set(seen["log"][1:]), seen  # … and no break again


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_results_screen_and_history_show_the_chart_and_the_clocks(run_scenario, language):
    seen = run_scenario("records_chart", language=language).check().report["charts"]
    for game_id in ("ttr-nyc", "rotw-card-game", "manhattan-traffiq"):
        game = seen[game_id]
        assert game["final"] and game["points"] >= 3, game
        assert game["chart"][0] >= 360 and game["chart"][1] >= 250, game  # at arm's length
        clean(game["audit"])
        clean(game["results_audit"])
        assert game["back_to"] == game["results"], game
    assert seen["history"]["screen"] == "game_record", seen["history"]
    clean(seen["history"]["log_audit"])  # History's page of the game, with its button
    clean(seen["history"]["audit"])
    assert seen["history"]["back_to"] == "game_log", seen["history"]
    number = seen["history"]["exported"][0].split(".")[0].split("-")[1]
    assert seen["history"]["exported"] == [f"play-{number}.bgstats.json", f"play-{number}.csv"]
    clean(seen["history"]["export_audit"])


def test_each_games_statistics_from_history_with_head_to_head(run_scenario):
    seen = run_scenario("records_stats").check().report["stats"]
    assert seen["buttons"] == 2, seen  # Ticket to Ride's and Railways'
    clean(seen["history_audit"])
    assert seen["title"].startswith("Ticket to Ride: New York"), seen
    assert seen["summary"].startswith("Games: 3"), seen
    assert seen["rows"] == 4, seen  # Anna, Ben, Cleo, Dora: Ticket to Ride's players only
    clean(seen["audit"])
    assert seen["pair"][0] != seen["pair"][1] and seen["pair_after"][1] != seen["pair"][1]
    assert "together" in seen["duel_after"], seen
    assert seen["back_to"] == "history", seen


def test_settings_back_up_to_a_usb_stick_and_say_where(run_scenario):
    seen = run_scenario("records_backup").check().report["backup"]
    clean(seen["audit"])
    assert "No USB stick found" in seen["none"], seen
    clean(seen["none_audit"])
    assert len(seen["folders"]) == 1 and seen["folders"][0] in seen["done"], seen
    assert seen["files"] == ["companion.db", "games/game-1-manhattan-traffiq.jsonl"], seen
    clean(seen["done_audit"])
