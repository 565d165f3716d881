"""Messages through the real `companion` command at 800×480: one box at a
time, in its screen's one place, never over a control, gone once a move is stored or undone; the
recent moves whole, TTR's figures each beside its number."""

from __future__ import annotations

from test_ui import judge_audits


def test_ttr_refusals_never_stack_and_go_when_a_move_is_stored(run_scenario):
    seen = run_scenario("messages_in_ttr").check().report["ttr"]
    assert len(seen["refused"]) == 1 and seen["refused"][0]["under"] == [], seen["refused"]
    assert len(seen["twice"]) == 1, seen["twice"]
    assert seen["stored"] == 1 and seen["after_move"] == [], seen
    assert [m["text"] for m in seen["after_undo"]] == \
        ["Taken back: Anna drew a card from the deck"], seen["after_undo"]
    assert seen["after_undo"][0]["under"] == []
    # the note after a claim paid the only way the cards allow gives way to the map: one tap
    # on a route under it opens that route's question (or claims it)
    note = seen["note"]
    assert note["claimed"] and note["shown"] and "Undo takes it back" in note["note"], note
    assert note["under"], note
    assert not note["note_after"] and (note["asked"] and note["selected"] == note["tapped"]
                                       or note["stored"] == 1), note


def test_rotw_deliver_refusal_is_clear_true_and_goes(run_scenario):
    seen = run_scenario("messages_in_rotw").check().report["rotw"]
    assert [m["text"] for m in seen["refused"]] == \
        ["Anna has not played a Locomotive yet: pulling power 0."], seen["refused"]
    assert seen["refused"][0]["under"] == [], seen["refused"]
    assert seen["stored"] == 1 and seen["after_move"] == [], seen


def test_new_game_message_keeps_off_who_starts(run_scenario):
    seen = run_scenario("messages_in_new_game").check().report["new_game"]
    assert len(seen["refused"]) == 1, seen
    message = seen["refused"][0]
    assert message["under"] == [], message
    lowest_top = max(box[3] for box in seen["starts"])
    assert message["box"][1] >= lowest_top, (message, seen["starts"])


def test_ttr_recent_moves_whole_and_figures_beside_their_numbers(run_scenario):
    report = run_scenario("ttr_log_and_figures").check().report
    for language in ("en", "de", "hu"):
        seen = report[f"log_{language}"]
        assert len(seen["lines"]) >= 2, (language, seen)
        for line in seen["lines"]:
            assert len(line["words"]) <= 3, (language, line)
            assert "".join(line["words"]).replace(" ", "") == \
                line["text"].replace(" ", "").replace("\u00a0", ""), (language, line)
            assert line["height"] >= line["texture"], (language, line)
        assert seen["stats"], (language, seen)
        for drawn in seen["stats"]:
            assert not drawn.strip()[:1].isdigit(), (language, seen["stats"])


def test_rotw_last_move_is_shown_whole(run_scenario):
    """A link built: its line whole on two lines; paid with four cards, on three (it was cut
    to two, the player's name lost, in English and German)."""
    report = run_scenario("rotw_last_move").check().report
    seen = report["rotw_last_move"]
    for language, line in seen.items():
        assert 1 <= len(line["words"]) <= (3 if "four cards" in language else 2), \
            (language, line)
        assert "".join(line["words"]).replace(" ", "") == line["text"].replace(" ", ""), \
            (language, line)
        assert line["height"] >= line["texture"], (language, line)
    judge_audits(report, [f"rotw-last-move-four-cards-{language}" for language in ("en", "de")],
                 kinds=("text", "overlap", "outside"))
