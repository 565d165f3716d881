"""Defects a new user met at the table (the second round), each through the real `companion`
command at 800×480."""

from __future__ import annotations


def test_undo_with_nothing_to_undo_leaves_the_setup_question_up(run_scenario):
    seen = run_scenario("undo_at_the_start").check().report["undo_at_start"]
    assert seen["open"], seen
    assert seen["purpose"] == "turn_up", seen
    assert seen["collected"] == ["red"], seen


def test_home_names_the_last_move_that_stands_after_an_undo(run_scenario):
    from companion.app.i18n import _
    seen = run_scenario("home_after_an_undo").check().report["home_after_undo"]
    lines = [text for text in seen["visible"] if seen["standing"] in text]
    assert lines, seen
    assert not any(_("A move was taken back.") in text for text in seen["visible"]), seen


def test_a_question_asked_again_after_a_language_switch_speaks_the_new_language(run_scenario):
    report = run_scenario("question_after_language_switch").check().report
    for game_kind, seen in report["language_switch"].items():
        assert "Undo" in seen["english"] and "Home" in seen["english"], (game_kind, seen)
        assert "Undo" not in seen["german"] and "Home" not in seen["german"], (game_kind, seen)
        assert "Rückgängig" in seen["german"], (game_kind, seen)


def test_a_game_only_scored_shows_and_counts_no_time(run_scenario):
    from companion.app.i18n import _
    seen = run_scenario("score_only_untimed").check().report["untimed"]
    assert not [row for row in seen["rows"] if row and row[0] == _("Time on the clock")], seen
    assert not any(seen["clocks"]), seen
    assert seen["plays"] == 1 and seen["minutes"] == 0 and seen["longest_turn"] == 0, seen


def test_seat_button_words_only_where_the_table_has_seat_buttons(run_scenario):
    from companion.app.i18n import _
    hint = _("Press your seat button to take that seat.")
    without = run_scenario("seat_words_without_a_rig", env={"COMPANION_RIG": ""},
                           tag="without").check().report["rig"]
    assert not any(without["seat_buttons"]), without
    assert hint not in without["visible"], without
    assert not any(without["hints"]) and not without["others"], without
    drawn = run_scenario("seat_words_without_a_rig", tag="drawn").check().report["rig"]
    assert all(drawn["seat_buttons"]) and hint in drawn["visible"], drawn
    assert all(drawn["hints"]) and drawn["others"], drawn


def test_questions_are_as_tall_as_their_words_and_the_safe_answer_is_the_default(run_scenario):
    from companion.app.i18n import _
    seen = run_scenario("close_and_abandon_questions").check().report["questions"]
    for name, question in seen.items():
        # the words start a panel's padding below its top: no empty band, never touching
        assert 16 <= question["padding"] - 1 <= question["above"] <= question["padding"] + 4, \
            (name, question)
        assert question["note_height"] >= question["texture"], (name, question)
    assert seen["abandon"]["accent"] == [_("Keep it")], seen


def test_a_refusal_banner_covers_no_ticket_and_a_tap_on_it_only_dismisses_it(run_scenario):
    seen = run_scenario("refusal_banners").check().report["banners"]
    assert len(seen["map_refused"]) == 1, seen
    after = seen["after_dismiss"]
    assert after["messages"] == [] and not after["dialog"] and after["moves"] == 0, seen
    assert len(seen["tickets_refused"]) == 1, seen
    assert seen["tickets_refused"][0]["under"] == [], seen
    assert seen["last_ticket_taken"], seen


def test_the_on_screen_keyboard_is_qwerty_in_english_and_shows_capitals_after_shift(run_scenario):
    seen = run_scenario("on_screen_keyboard").check().report["keyboard"]
    assert seen["en"]["before"]["row2"] == ["q", "w", "e", "r", "t", "y"], seen["en"]
    assert seen["de"]["before"]["row2"] == ["q", "w", "e", "r", "t", "z"], seen["de"]
    for language, keys in seen.items():
        assert keys["shifted"]["mode"] == "shift", (language, keys)
        assert "Q" in keys["shifted"]["drawn"] and "q" not in keys["shifted"]["drawn"], \
            (language, keys)
        assert keys["typed"] == "Q", (language, keys)


def test_new_game_offers_every_known_name_whole_and_who_starts_holds_each_name(run_scenario):
    from scenarios_defects import KNOWN
    seen = run_scenario("new_game_layout").check().report["new_game_layout"]
    assert sorted(seen["offered"]) == sorted(KNOWN), seen
    assert seen["scrolls"] and all(seen["fits"]), seen
    assert seen["long_box"][1] >= seen["variants_top"] - 1, seen  # clear of "Which rules?"
    assert seen["empty_four_shown"], seen
    assert seen["full_hidden"], seen
    assert all(seen["starts_fit"]), seen
    boxes = seen["starts_boxes"]
    for left, right in zip(boxes, boxes[1:]):
        assert left[2] <= right[0], boxes


def test_an_emoji_in_a_name_is_refused_at_entry_with_why(run_scenario):
    seen = run_scenario("emoji_in_a_name").check().report["emoji"]
    assert seen["name"] == "Zoë ", seen
    assert len(seen["messages"]) == 1 and "emoji" in seen["messages"][0], seen


def test_head_to_head_of_two_players_offers_no_dead_buttons_and_says_tied(run_scenario):
    seen = run_scenario("head_to_head_of_two").check().report["duel"]
    assert seen["buttons"] == [], seen
    assert "tied" in seen["text"] and "level" not in seen["text"], seen


def test_an_export_says_where_it_went_in_words_not_a_path(run_scenario, tmp_path):
    seen = run_scenario("export_says_where", env={"COMPANION_USB": ""}).check().report["export"]
    assert "/" not in seen["text"], seen
    assert "this device" in seen["text"] and "play-1.bgstats.json" in seen["text"], seen


def test_greyed_card_labels_read_at_4_5_to_1(run_scenario):
    seen = run_scenario("greyed_card_labels", seed=1).check().report["greyed"]
    assert seen, "no greyed card was drawn"
    assert all(card["ratio"] >= 4.5 for card in seen), seen


def test_the_three_taxi_flush_says_why_five_new_cards_are_needed(run_scenario):
    seen = run_scenario("taxi_flush_question").check().report["flush"]
    assert "Taxi" in seen["heading"] and "5" in seen["heading"], seen


def test_railways_table_rules_say_the_quote_is_the_hungarian_rulebook(run_scenario):
    seen = run_scenario("table_rules_quote_in_english").check().report["table_rules"]
    quotes = [text for text in seen if "“" in text]
    assert quotes, seen
    for text in quotes:
        assert "Hungarian" in text.split("\n")[0] and "In English:" in text, text


def test_traffiq_start_tiles_buttons_say_what_they_do(run_scenario):
    seen = run_scenario("traffiq_start_buttons").check().report["start_buttons"]
    assert "start" in seen["confirm"].lower(), seen  # it starts the game
    assert "back to" in seen["printed"].lower(), seen  # it undoes the changes
