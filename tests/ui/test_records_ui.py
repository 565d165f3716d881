"""Play records on the screen (issue 15), through the real `companion` command at 800×480."""

from __future__ import annotations

FINDINGS = ("touch", "outside", "overlap")


def clean(audit: dict) -> None:
    for kind in FINDINGS:
        assert not audit.get(kind), (audit.get("screen"), kind, audit[kind])


def test_the_clock_beside_the_seat_strip_pauses_and_goes_on(run_scenario):
    seen = run_scenario("records_clocks").check().report["clocks"]
    clock = seen["clock"]
    assert clock["inside"] and min(clock["size"]) >= 48, clock
    assert clock["text"].endswith("Pause") and ":" in clock["text"], clock
    clean(seen["audit"])
    assert seen["paused"] is True and seen["break_open"] == 1, seen
    clean(seen["break_audit"])
    assert seen["after_go_on"] is False and seen["break_after"] == 0, seen
    assert seen["long_press_paused"] is True, seen
    assert seen["log"][-3:] == ["pause", "resume", "pause"], seen


def test_every_results_screen_and_history_show_the_chart_and_the_clocks(run_scenario):
    seen = run_scenario("records_chart").check().report["charts"]
    for game_id in ("ttr-nyc", "rotw-card-game", "manhattan-traffiq"):
        game = seen[game_id]
        assert game["final"] and game["points"] >= 3, game
        assert game["chart"][0] >= 360 and game["chart"][1] >= 250, game  # at arm's length
        clean(game["audit"])
        clean(game["results_audit"])
        assert game["back_to"] == game["results"], game
    assert seen["history"]["screen"] == "game_record", seen["history"]
    clean(seen["history"]["audit"])
    assert seen["history"]["back_to"] == "game_log", seen["history"]
    number = seen["history"]["exported"][0].split(".")[0].split("-")[1]
    assert seen["history"]["exported"] == [f"play-{number}.bgstats.json", f"play-{number}.csv"]
    clean(seen["history"]["export_audit"])
