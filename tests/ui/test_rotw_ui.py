"""Railways of the World: The Card Game on the touchscreen, driven by touch in a real window.

Each test runs a scenario of scenarios_rotw.py in a process of its own and asserts what it saw:
the moves stored, what the screens show, and the audits of every screenshot (touch targets of
at least 48 px, text that fits and can be read).
"""

from __future__ import annotations

import pytest

from test_ui import judge_audits

pytestmark = pytest.mark.ui

SCORE_ONLY_TOTALS = [33, 35]  # data/rotw/examples/rotw-score-only.jsonl: James, Steve


def judge_results(results: dict, totals: list[int]) -> None:
    """The scoring screen shows these totals in its table and chart, and the game is stored
    as finished."""
    assert results["screen"] == "rotw_scoring", results
    assert results["table_totals"] == totals, results
    assert results["shown_totals"] == [str(t) for t in totals], results
    assert results["chart"] == totals, results
    assert results["winner_text"].strip(), results
    assert results["stored_status"] == "finished", results


def test_short_game_by_touch(run_scenario):
    """A seeded 2-player game from Home: setup, builds, deliveries (with the route and points
    shown first), Locomotives, discards, restocks, the hand limit, card taking and the final
    deliveries tapped in;
    the scoring screen shows the engine's totals."""
    run = run_scenario("rotw_short_game", seed=30, timeout=300).check()
    report = run.report
    assert report["stored"] == report["planned"], report
    tapped = report["tapped"]
    for kind in ("turn_up", "draw_goods", "build", "deliver", "play_locomotive",
                 "discard_draw", "discard_restock", "discard_excess", "take_display",
                 "take_deck", "take_discard", "stop_taking", "pass"):
        assert tapped.get(kind), f"no {kind} tapped in: {tapped}"
    assert report.get("final"), "the final deliveries were never reached"
    results = report["results"]
    judge_results(results, results["planned_totals"])
    assert "Cities" in results["details"] and "Goods sets" in results["details"], results
    judge_audits(report, ["rotw_setup", "rotw_build_city", "rotw_play", "rotw_deliver",
                          "rotw_final_delivery", "rotw_results"])


def test_illegal_build_is_refused_with_the_reason_and_not_stored(run_scenario):
    """A City 2 paid with a Locomotive alone (worth 1): the reason over the question, nothing
    stored, the question still open to correct; Back and Cancel close it. The grid marks the
    card tapped into the payment (and a pre-selected one, another way)."""
    report = run_scenario("rotw_illegal_build").check().report
    refused = report["illegal_build"]
    assert refused["message_shown"] and refused["message_opacity"] == 1, refused
    assert "1" in refused["message_text"] and "2" in refused["message_text"], refused
    assert refused["rows_after"] == refused["rows_before"], f"something was stored: {refused}"
    assert refused["actions"] == 1, refused
    assert refused["dialog"] == "build_pay", refused
    assert report["after_cancel"] == {"dialog": "", "modal_views": 0}, report
    assert report["next_with_nothing_paid"] == {"disabled": True}, report  # grey: no dead tap
    marks = report["payment_marks"]  # {card: [tapped, pre-selected]} as the grid marks them
    pre = marks["pre_selected"]
    assert marks["at_first"] == {k: [0, pre.count(k)] for k in pre}, marks
    assert marks["cleared"] == {} and marks["tapped"] == {"loco": [1, 0]}, marks
    judge_audits(report, ["rotw_build_pay", "rotw_illegal_build"])


def test_score_only_game(run_scenario):
    """The example's cities, links, Locomotives, cubes and score track entered by touch give
    the end-game scoring: per player, each city with who took it, the goods sets."""
    report = run_scenario("rotw_score_only").check().report
    results = report["results"]
    judge_results(results, SCORE_ONLY_TOTALS)
    assert "City 4 · c2: James +4" in results["details"], results
    assert "Steve: blue + red + black + yellow (5)" in results["details"], results
    judge_audits(report, ["rotw_score_only", "rotw_player_entry", "rotw_score_only_results"])


def test_city_card_taught_and_scanned(run_scenario):
    """Teach: a tag learns a city card's value, demand and points; scanned at the action, it
    opens the build question with the card filled in (one tap then builds it)."""
    report = run_scenario("rotw_teach_city").check().report
    card = '{"value":3,"demand":"red","points":["orange","brown"]}'
    assert report["taught"] == card, report
    assert report["scanned"]["dialog"] == "build_where", report  # known: where it joins, asked
    assert report["scanned"]["build"]["card"] == card, report
    rail = report["taught_rail"]  # a rail card: one tap on its kind, beside the form
    assert (rail["kind"], rail["value"]) == ("card", "purple-2"), rail
    assert "purple 2" in rail["message"] and rail["tag_after"] == "", rail
    judge_audits(report, ["rotw_teach", "rotw_scanned_build"])


def test_home_and_resume_mid_game(run_scenario):
    """The first setup question's Undo is grey until a card is tapped. Home in the middle of
    a game; Resume brings back the same game at the same question.
    At the action step the mover's seat button takes the top card (Pass and the take, Undo
    beside); a card taken there is still taken back with its Pass by one Undo after the app is
    started again."""
    run = run_scenario("rotw_resume", seed=1).check()
    report = run.report
    first = report["first_undo"]  # the first setup question: nothing to undo, Undo grey
    assert first == {"at_first": True, "after_a_card": False, "after_undo": True,
                     "collected": [], "open": "turn_up"}, first
    resumed = report["resumed"]
    assert resumed["screen"] == "rotw_play" and resumed["actions"] == 5, resumed
    assert resumed["asked_after"] == resumed["asked_before"], resumed
    assert "Railways of the World" in resumed["resume_text"], resumed
    judge_audits(report, ["rotw_home_resume"])
    passed = report["passed_by_taking"]
    assert passed["kinds"] == ["pass", "take_deck"], passed
    # Before it, the mover's seat button did the same (Pass and the top card), Undo beside.
    assert passed["seat_words"] == "pass and take the top card; hold: undo", passed
    assert passed["seat_kinds"] == ["pass", "take_deck"], passed
    assert "passed" in passed["seat_line"] and passed["seat_undone_to"] == 0, passed
    # The app started again on the same database: one Undo still takes back both.
    after = run_scenario("rotw_undo_after_restart", db=run.db, tag="restarted").check().report
    undone = after["undone_after_restart"]
    assert undone["stored"] == passed["stored"], undone
    assert undone["taken_back"] == 2 and undone["step"] == "action", undone
    assert undone["line"].count(";") == 1 and "passed" in undone["line"], undone


def test_family_game_chosen_in_new_game(run_scenario):
    """The family rules, chosen by touch in New game: Deliver, Locomotive and restocking are
    off, the game is played to its scoring."""
    report = run_scenario("rotw_family", seed=2).check().report
    family = report["family"]
    assert family["option"] is True, family
    assert family["off"] == {"deliver": True, "locomotive": True, "restock": True,
                             "build": False, "pass": False}, family
    judge_results(family["results"], family["results"]["planned_totals"])
    judge_audits(report, ["rotw_new_game_family", "rotw_family_play"])


def test_deliver_with_no_cube_to_deliver_says_why_and_waits_for_no_city(run_scenario):
    """Deliver said "No cube can be delivered now" yet entered "Tap a city" mode. Now
    the button is grey, and a tap on it gives the engine's reason and changes nothing."""
    report = run_scenario("rotw_deliver_closed", seed=1).check().report
    closed = report["deliver_closed"]
    assert closed["grey"], closed
    assert closed["prompt_after"] == closed["prompt_before"], closed
    assert not closed["cancel_shown"] and closed["marked"] == [], closed
    assert any("No cube can be delivered now (pulling power 1)" in m
               for m in closed["messages"]), closed
    judge_audits(report, ["rotw_deliver_closed"])


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_take_cards_row_stays_put_whatever_the_prompt(run_scenario, language):
    """The take-cards row jumped 14 px between states (the prompt above it grew a
    line), so taps landed on the wrong thing. Every prompt of a game, the row in one place."""
    report = run_scenario("rotw_card_row", language=language, seed=5).check().report
    places = report["card_row"]
    assert len(places) >= 6, places  # the action, taking, a second card, a delivery …
    assert len({tuple(place) for place in places.values()}) == 1, places
    # a long last move under a three-line prompt never pushes the player's name off the top
    highest = report["player_name_top"]
    assert highest["top"] <= highest["window"], highest


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_strict_game_asks_for_the_cards_dealt_at_setup_first(run_scenario, language):
    """With Settings' "scan every card, the ones dealt at setup too" the game
    asks, after the display, for each player's 2 cards dealt at setup (tapped, or a city card
    scanned), start player first; Undo takes one back; then the first turn is played."""
    seen = run_scenario("rotw_scanned_setup", language=language, seed=22).check().report["setup"]
    assert seen["options"].get("scanned_draws") and seen["options"].get("scanned_setup"), seen
    assert seen["waiting"] == "show_card" and seen["refused"] == "show_cards_first", seen
    assert "Anna" in seen["asked"][0] and "1" in seen["asked"][0], seen["asked"]
    assert seen["asked"][1] != seen["asked"][0], seen["asked"]  # card 2 of 2 asked next
    assert seen["after_undo"] == {"dialog": "show_card", "asked": seen["asked"][0]}, seen
    assert seen["seats"] == [0, 0, 1, 1] and seen["scanned"], seen
    assert [a["type"] for a in seen["stored"]] == ["show_card"] * 4, seen["stored"]
    assert seen["stored"][1]["card"] == "city-3", seen["stored"]  # the scanned one
    assert seen["hands"] == [[0, 4], [0, 4]], seen  # every hand known exactly
    assert seen["status"] == ["play", 0, None] and seen["dialog_after"] == "", seen
    assert "Ben" in seen["log_line"], seen
    assert seen["played"], seen  # the first turn, by touch
    # every card named is scanned: the display (a Locomotive among them) and a rail card dealt
    assert "loco" in seen["display"], seen
    assert seen["display_stored"] == {"type": "turn_up", "cards": seen["display"]}, seen
    # a rail card scanned off the draw pile while cards are taken: taken, named, no tap
    drawn = seen["scanned_draw"]
    assert drawn["stored"] == drawn["planned"] and drawn["taps"] == 0, drawn
    assert drawn["dialog"] == "", drawn
    for audit in (seen["audit"], seen["audit_play"]):
        for kind in ("touch", "outside", "overlap"):
            assert not audit.get(kind), (kind, audit[kind])


# The taps a move of each kind needs at most, through the real screens, besides what the players
# alone can tell (a city card's printed demand and points, each cube or card reported, the cards
# paid from a hand the table did not see). Before the screens asked the engine's completions, a
# build took 5 taps more (Build, its value, Next, where it joins, Build), a delivery 3 (the cube,
# where it goes, Deliver) and a Locomotive played alone 2; before the last answer stored the
# move, a delivery took a Deliver more and a Locomotive with a cube "Play it and deliver" and a
# Deliver more. Before the cards paid came before the card's points, a build also tapped the
# link's colour among its points and a Next.
MOST_TAPS = {"take_deck": 1, "take_display": 1, "take_discard": 1, "stop_taking": 1,
             "pass": 1, "deliver": 2, "play_locomotive": 3, "discard_draw": 3,
             "discard_restock": 2}


def build_overhead(entry: dict) -> int:
    """A build's taps besides the card's printed features and the cards paid unseen. A card
    not seen: Build, its value (not where the hand can pay for one only), the pre-selected
    payment kept (one tap for its cards; none where the cards seen pay one way only, Change
    cards where that is not the payment), where it joins where the cards pay for several
    places, Build only for a value-5 city (the demand tapped last stores the others). A card
    whose features are known (scanned, or the box's card played before, tapped): Build (and
    the card tapped), then where it joins: the engine's likeliest build in one tap, or its place
    and Build for a pre-selected payment (none where the card can join one place only and no
    payment is likely); Change the card, its value, and the form's Next or Build, where the
    card scanned into the hand is not the one played."""
    if entry["unseen"]:  # (and the box's card played before, or Another card past them)
        return 1 + entry["value_asked"] + entry["confirm"] + entry["change"] + entry["join"] + \
            entry["done"] + entry["seen"] + entry["another"]
    rest = 1 if entry["default"] else entry["changed"] + entry["join"] + entry["confirm"]
    return 1 + entry["seen"] + entry["changed"] + entry["value_asked"] + rest


def test_each_kind_of_turn_takes_the_fewest_taps(run_scenario):
    """A seeded game's first 90 moves tapped the fewest ways, an earlier game of the same box
    stored: each kind of move within its count; a card the box showed before one tap for its
    features, then one for where it joins with the engine's likeliest build (3 taps), or its
    place then the payment; else a build no more than the card's features but the link's colour (marked by the app
    once the cards paid tell it), the cards paid unseen and its overhead (3 with the engine's
    cheapest payment and one place to join); each cube drawn one tap; a delivery stored at its
    last tap, one tap where the cube can go to one city only; a pass no tap of its own (the card
    taken after it says it)."""
    report = run_scenario("rotw_fewest_taps", seed=30, timeout=400).check().report
    taps = report["taps"]
    seen = {entry["kind"] for entry in taps}
    assert {"build", "draw_goods", "take_deck", "stop_taking", "deliver"} <= seen, seen
    for entry in taps:
        kind, count = entry["kind"], entry["taps"]
        if kind == "build":
            if entry["seen"]:  # a card of the box played before: its features one tap
                assert entry["printed"] == 0, entry
            elif entry["unseen"] and entry["lacking"]:  # every colour marked: those it lacks
                lacks = 5 - len(set(entry["points"]))
                assert entry["printed"] == lacks + (entry["features"] > len(entry["points"]))
            elif entry["unseen"]:  # the link's colour marked, never tapped
                assert entry["marked"] and entry["printed"] == entry["features"] - 1, entry
            overhead = count - entry["printed"] - entry["cards"]
            assert overhead == build_overhead(entry) <= 4, entry
        elif kind in ("draw_goods", "turn_up"):
            assert count == entry["reported"], entry
        else:
            assert count <= MOST_TAPS.get(kind, 1), entry
    builds = [e for e in taps if e["kind"] == "build"]
    assert any(e["seen"] for e in builds) and any(not e["seen"] for e in builds), builds
    # a card of the box played before, tapped beside the value: Build, the card, then where it
    # joins (its likeliest build one tap; else its place, then Build or the cards paid)
    known = [e for e in builds if not e["unseen"]]
    assert known, builds
    for entry in known:
        assert entry["seen"] and not entry["changed"], entry
        where = 1 if entry["default"] else entry["join"] + entry["confirm"] + entry["cards"]
        assert entry["taps"] == 2 + where, entry
    deliveries = sorted(e["taps"] for e in taps if e["kind"] == "deliver")
    assert deliveries[0] == 1, deliveries  # a cube with one city to go to: one tap
    # a pass is never tapped: the card taken next says it, stored with it at that one tap
    passes = [n for n, e in enumerate(taps) if e["kind"] == "pass"]
    assert passes and all(taps[n]["by_taking"] for n in passes), taps
    assert all(taps[n]["taps"] == 1 and taps[n + 1]["taps"] == 0 for n in passes), taps
    undone = report["undone"]  # both named, and taken back by one Undo
    assert undone["taken_back"] == 2 and undone["step"] == "action", undone
    assert all(words in undone["line"] for words in undone["words"]), undone
    assert any(all(w in text for w in undone["words"]) for text in undone["asked"]), undone


def test_every_city_is_a_finger_sized_target_late_in_a_game(run_scenario):
    """At 800×480, with 2 and with 4 players in the final round, every city on the network (and
    the cubes on it, reached through it) is reached by a patch at least 48 px wide (a tap
    between crowded cities lists them), no city's id or link's tag covers another, a city or
    its cubes (as drawn); two fingers spread zoom the network in (its cities drawn a finger
    wide), Show all fits it again; the audit of the play screen finds no smaller target."""
    report = run_scenario("rotw_late_targets", seed=3, timeout=400).check().report
    for players in (2, 4):
        assert report[f"cities_{players}p"] >= 10, report
        assert min(report[f"targets_{players}p"]) >= 48, report
        assert not report[f"clashes_{players}p"], report[f"clashes_{players}p"]
    pinched = report["pinched"]
    assert pinched["scale"] > 1.5 and pinched["button"] and pinched["fitted"], pinched
    assert 2 * pinched["radius"] >= 48, pinched
    judge_audits(report, ["rotw_late_2p", "rotw_late_4p", "rotw_late_4p_zoomed"])
