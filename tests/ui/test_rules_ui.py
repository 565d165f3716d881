"""Rules help through the real `companion` command at 800×480: every
game's refusal has a Why? that opens its rule card, the rules screen is one tap from play, and a
table option chosen in New game is stored, honoured and shown."""

from __future__ import annotations

FINDINGS = ("touch", "outside", "overlap")
CARD_TITLES = {"ttr-nyc": "One action a turn", "rotw-card-game": "Pulling power",
               "manhattan-traffiq": "Taxi and van rides"}


def clean(audit: dict) -> None:
    for kind in FINDINGS:
        assert not audit.get(kind), (audit.get("screen"), kind, audit[kind])


def refusal_with_why(seen: dict) -> None:
    message = seen["message"]
    assert message["code"] and message["why"], message
    assert message["why_inside"] and min(message["why_size"]) >= 48, message
    assert message["covered"] == [], message
    clean(seen["audit"])
    clean(seen["card_audit"])
    clean(seen["rules_audit"])
    assert seen["closed"], seen


def test_every_games_refusal_has_a_why_that_opens_its_rule_card(run_scenario):
    found = run_scenario("rules_help_each_game").check().report["games"]
    for game_id, title in CARD_TITLES.items():
        seen = found[game_id]
        refusal_with_why(seen)
        assert f"[b]{title}[/b]" in seen["card"], (game_id, seen["card"])
        assert f"[b]{title}[/b]" in seen["rules"], (game_id, seen["rules"])
        assert "[b]Whose turn it is[/b]" in seen["rules"], game_id
    screen = found["ttr-nyc"]["screen"]
    assert screen["inside"] and min(screen["button"]) >= 48, screen
    assert "[b]Double routes[/b]" in screen["rules"] and screen["back_to"] == "ttr_nyc_play", screen
    clean(screen["audit"])


def test_a_table_option_chosen_in_new_game_is_stored_honoured_and_shown(run_scenario):
    seen = run_scenario("rules_table_option").check().report["option"]
    clean(seen["new_game_audit"])
    assert seen["button"]["text"] == "Table rules" and seen["button"]["inside"], seen["button"]
    assert min(seen["button"]["size"]) >= 48, seen["button"]
    clean(seen["table_rules_audit"])
    clean(seen["new_game_after_audit"])
    assert "[b]May a face-up Locomotive be the second card?[/b]" in seen["table_rules"]
    assert "Yes, but no card after it (default)" in seen["table_rules"]
    assert seen["button_after"] == "Table rules: 1 changed"
    for options in (seen["header"], seen["stored"]):
        assert options["locomotive_second"] is False, options
        assert options["value_five_stops"] is False
        assert options["family_locomotives"] == "jokers"
    assert seen["taken_after"] == 1  # the Locomotive was not taken
    refusal = seen["refusal"]
    refusal_with_why(refusal)
    assert refusal["message"]["code"] == "locomotive_second"
    assert "[b]A face-up Locomotive[/b]" in refusal["card"]
    assert "At this table:" in refusal["card"]
    assert any("No: only as the first card" in text for text in refusal["card"])
    rules = seen["screen"]["rules"]
    assert "Table rules at this table" in rules
    assert any("No: only as the first card" in text for text in rules)
    assert seen["screen"]["back_to"] == "rotw_play"


def test_why_and_the_rules_fit_in_the_longest_languages(run_scenario):
    """German and Hungarian words are the longest: the Why? button, the card, the rules screen,
    Table rules and New game's title row with every option changed still fit at 800x480 (no cut
    words, nothing outside, nothing overlapping)."""
    for language in ("de", "hu"):
        found = run_scenario("rules_help_each_game", language=language).check().report["games"]
        for game_id in CARD_TITLES:
            refusal_with_why(found[game_id])
        clean(found["ttr-nyc"]["screen"]["audit"])
        seen = run_scenario("rules_new_game_table_rules", language=language).check()
        seen = seen.report["new_game"]
        assert "3" in seen["text"], seen["text"]
        clean(seen["view_audit"])
        clean(seen["new_game_audit"])


def test_refusals_outside_a_move_of_the_live_game_have_their_why_too(run_scenario):
    """TraffIQ's start tiles refused on a fresh start (no game is live yet) and a seat button
    pressed out of turn: each message has its Why?, which opens the rule it comes from."""
    found = run_scenario("rules_why_outside_play").check().report["outside"]
    assert found["live_before"] is False
    start = found["start_tiles"]
    assert start["message"]["code"] == "bad_layout" and start["message"]["why"], start
    assert start["message"]["why_inside"] and min(start["message"]["why_size"]) >= 48, start
    assert "[b]Placing a district tile[/b]" in start["card"], start["card"]
    assert "All rules" not in start["card"] and "At this table:" not in start["card"]
    assert start["closed"], start
    clean(start["audit"])
    clean(start["card_audit"])
    seat = found["seat"]
    assert seat["message"]["code"] == "not_your_turn", seat
    refusal_with_why(seat)
    assert "[b]Whose turn it is[/b]" in seat["card"], seat["card"]
