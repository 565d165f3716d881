"""Play records on the screen, through the real `companion` command at 800×480."""

from __future__ import annotations

FINDINGS = ("touch", "outside", "overlap")


def clean(audit: dict) -> None:
    for kind in FINDINGS:
        assert not audit.get(kind), (audit.get("screen"), kind, audit[kind])


def test_the_clock_beside_the_seat_strip_pauses_and_goes_on(run_scenario):
    """In German, the longer words: no check here depends on the language, so an English run
    of the same checks found nothing more (the play screen in English: test_audit.py)."""
    seen = run_scenario("records_clocks", language="de").check().report["clocks"]
    clock = seen["clock"]
    assert clock["inside"] and min(clock["size"]) >= 48, clock
    assert ":" in clock["text"], clock
    clean(seen["audit"])
    assert seen["paused"] is True and seen["break_open"] == 1, seen
    clean(seen["break_audit"])
    assert seen["after_go_on"] is False and seen["break_after"] == 0, seen
    assert seen["long_press_paused"] is True, seen
    assert seen["log"][-3:] == ["pause", "resume", "pause"], seen
    assert seen["switched"].endswith("Paus"), seen  # Swedish at once, not a tick later


def test_a_move_during_a_break_ends_it_and_its_view(run_scenario):
    seen = run_scenario("records_break_ends_by_a_move").check().report["break_move"]
    assert seen["paused"] is True and seen["open"] == 1, seen
    assert seen["after_move"] == {"paused": False, "open": 0}, seen
    assert seen["after_go_on"] == {"paused": False, "open": 0}, seen
    assert seen["log"][0] == "pause" and len(seen["log"]) > 1, seen  # then the move …
    assert not {"pause", "resume"} & set(seen["log"][1:]), seen  # … and no break again


def test_every_results_screen_and_history_show_the_chart_and_the_clocks(run_scenario):
    """In German, the longest words (every check here but the words is the same in every
    language; English and the other languages on these screens: test_audit.py's results,
    History and game-log stops)."""
    seen = run_scenario("records_chart", language="de").check().report["charts"]
    for game_id in ("ttr-nyc", "rotw-card-game", "manhattan-traffiq"):
        game = seen[game_id]
        assert game["final"] and game["points"] >= 3, game
        assert game["chart"][0] >= 360 and game["chart"][1] >= 250, game  # at arm's length
        clean(game["audit"])
        clean(game["results_audit"])
        assert game["back_to"] == game["results"], game
        # every player's whole time on the clock is on the results screen itself, in the table
        assert game["clock_row"][1:] == game["clocks"] and len(game["clocks"]) >= 2, game
        assert any(clock != "0:00" for clock in game["clocks"]), game
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


def test_settings_back_up_to_a_usb_stick_off_the_ui_thread_with_progress(run_scenario):
    seen = run_scenario("records_backup").check().report["backup"]
    clean(seen["audit"])
    assert "No USB stick found" in seen["none"], seen
    clean(seen["none_audit"])
    assert len(seen["folders"]) == 1 and seen["folders"][0] in seen["done"], seen
    assert seen["files"] == ["companion.db", "games/game-1-manhattan-traffiq.jsonl"], seen
    clean(seen["done_audit"])
    # a slow stick: progress on the screen, OK only at the end, the UI's loop never stops
    assert "Backing up: 0 of 1 game written" in seen["progress"], seen
    assert not seen["ok_while_running"]
    assert seen["frames_while_running"] > 10, seen
    clean(seen["progress_audit"])
    assert "Backed up to" in seen["slow"], seen


def _seconds(at: str) -> float:
    from companion.gamelog import parse_time
    return parse_time(at).timestamp()


def test_a_game_left_pauses_and_opens_in_its_break(run_scenario):
    """Before: a game left via Home (or for another game) kept its clocks running, so a game
    picked up the next day gave its mover a turn of hours; Home's line then said "Paused"."""
    seen = run_scenario("records_set_aside").check().report["set_aside"]
    home = seen["home"]
    assert home["log"][-1] == "pause" and home["log"].count("pause") == 1, home
    assert home["breaks"] == 0, "the break's view does not follow the players Home"
    assert home["details"].startswith(home["last"]) and "Paused" not in home["details"], home
    assert seen["other"] == "pause", "Escape's Leave pauses too"
    assert seen["reopened"] == {"paused": True, "breaks": 1}, seen["reopened"]
    clean(seen["break_audit"])
    assert seen["break_home"] == {"breaks": 0, "log": ["pause"]}, "Home from the break: still " \
        "paused, nothing stored again"
    resumed = seen["resumed"]
    assert resumed["paused"] is False and resumed["breaks"] == 0, resumed
    assert resumed["log"] == ["pause", "resume"], resumed
    times = resumed["times"]
    pause = next(at for kind, at in times if kind == "pause")
    resume = next(at for kind, at in times if kind == "resume")
    away = _seconds(resume) - _seconds(pause)
    assert away >= 1.5, times  # the time away, home and the other game
    played = _seconds(pause) - _seconds(resumed["created"])
    assert abs(sum(resumed["clocks"]) - played) < 0.01, (resumed["clocks"], played, away)
    again = seen["home_again"]
    assert again["paused"] not in again["details"] and again["details"].startswith(
        home["last"]), again


def test_systemctl_stop_while_playing_stores_a_pause(run_scenario):
    run = run_scenario("records_sigterm_pauses")
    assert run.returncode == 0, run.failure()
    assert run.report["stopped"] is True, run.report
    from companion.store import Store
    store = Store(run.db)
    try:
        game = run.report["sigterm"]["game"]
        kinds = [entry.get("type") for _, entry in store.log(game)]
    finally:
        store.close()
    assert kinds[:-1] == run.report["sigterm"]["log"] and kinds[-1] == "pause", kinds
