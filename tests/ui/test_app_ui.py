"""The app as a whole, started as people start it: Escape, a second start on one database."""

from __future__ import annotations


def test_escape_asks_before_leaving_a_game_and_before_closing(run_scenario):
    run = run_scenario("escape_asks").check()
    escape = run.report["escape"]
    assert escape["asked"][0] == "Question"  # on top of the game's own question, if one is open
    assert escape["stayed"] == "ttr_nyc_play"
    assert escape["left_to"] == "home" and escape["saved"] == "playing"
    assert escape["open_after"] == []  # the game's questions closed with its screen
    assert run.report["escape_home"] == {"from_new_game": "home", "home_asks": ["Question"]}


def test_a_second_start_on_one_database_says_it_is_running_and_stops(run_scenario):
    run = run_scenario("second_instance", timeout=180).check()
    second = run.report["second"]
    assert second["returncode"] == 1, second["output"]
    assert "already running" in run.report["second_log"], run.report["second_log"]


def test_names_are_typed_on_the_kiosks_own_keyboard(run_scenario):
    """--fullscreen on the Pi's 800×480 screen: no keyboard plugged in, the docked on-screen
    keyboard types every letter of the five languages and never covers the field."""
    run = run_scenario("kiosk_typing", fullscreen=True).check()
    assert run.report["typed"] == ["Ștefan", "Ödön"]
    for sight in run.report["sights"]:
        assert sight["field_bottom"] >= sight["keyboard_top"], sight  # above the keyboard
        assert sight["field_top"] <= sight["window_height"], sight  # and on the screen
    assert run.report["after_hiding"] == {"keyboard": False, "screens_at": 0}
    assert run.report["players"] == ["Ștefan", "Ödön"]


def test_new_game_with_four_long_names_in_every_game(run_scenario):
    """Four players with long names fit New game at 800×480 in every game: no overlap, no
    widget off the window, no text cut; Add a player is greyed at the most and says why when
    tapped."""
    run = run_scenario("new_game_four").check()
    for game_id, found in run.report["four"].items():
        assert found["add_closed"] and found["rows_after_tap"] == 0, game_id
        assert "2 to 4 players" in found["said"], found["said"]
        for kind in ("touch", "outside", "text", "overlap"):
            assert not found["audit"].get(kind), (game_id, kind, found["audit"][kind])


def test_a_zero_ms_key_tap_on_a_seat_key_counts(run_scenario):
    run = run_scenario("zero_ms_seat_tap").check()
    assert 2 in run.report["places"], run.report["places"]  # the third seat was taken


def test_the_undo_question_names_the_move_it_takes_back(run_scenario):
    run = run_scenario("undo_names_the_move").check()
    undo = run.report["undo"]
    assert any(undo["last"] in text and "Take back" in text for text in undo["texts"]), undo
    assert undo["actions"] == 11


def test_the_language_switches_after_home_was_rebuilt(run_scenario):
    run = run_scenario("language_after_rebuilt_home").check()
    assert run.report["language"] == {"language": "hu", "screen": "settings"}


def test_the_loop_reads_the_touchscreen_120_times_a_second(run_scenario):
    """A finger lifted between two ticks of Kivy's loop waits for the next one: the command
    sets 120 ticks a second (Kivy's default is 60) before Kivy's clock exists."""
    run = run_scenario("input_pace").check()
    assert run.report["pace"] == {"clock": 120.0, "config": 120}
