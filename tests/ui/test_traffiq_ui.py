"""Manhattan TraffIQ on the touchscreen (scenarios_traffiq.py, run by driver.py under Xvfb):
placing a tile, a ride with competing, the scoring, score-only, a scanned tile, and every
screen and question in all five languages with the touch-target and text-fits audits."""

from __future__ import annotations

import pytest

from test_ui import judge_audits

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_placing_a_tile_by_touch(run_scenario, size):
    """The lit cells; a tap lays the tile (its open sides guessed, a tap on it changes them:
    touching sides are set by the matching rule): the tile is stored as on the table; a
    completed crossing asks for a new vehicle. A greyed action tapped says the engine's reason
    and does nothing."""
    run = run_scenario("traffiq_place_tile", size=size, seed=2).check()
    placed = run.report["placed"]
    assert placed["stored"] == placed["planned"], placed
    # one row, or three where the guessed sides were corrected (the undo and the tile again)
    assert placed["rows"][1] - placed["rows"][0] in (1, 3), placed
    assert placed["tiles"] == 5, placed  # the 4 start tiles and this one
    resumed = run.report["resumed"]  # Home, then Resume: the same game, the same turn
    assert resumed["moves"][0] == resumed["moves"][1] and resumed["player"] == resumed["seat"]
    closed = run.report["closed_tap"]  # no taxi on the map yet: greyed, and a tap says why
    assert closed["closed"] and closed["shown"] and closed["mode"] == "nothing", closed
    assert closed["message"].endswith("has no taxi on the map."), closed
    assert closed["moves"][0] == closed["moves"][1], closed
    vehicle = run.report["vehicle"]
    assert vehicle["stored"]["x"] == vehicle["planned"]["x"], vehicle
    assert vehicle["stored"]["vehicle"] == vehicle["planned"]["vehicle"], vehicle
    for name in ("traffiq-play", "traffiq-place-cells", "traffiq-place-dialog",
                 "traffiq-placed", "traffiq-new-vehicle"):
        assert (run.shots / f"{name}-{size}.png").is_file(), name
    judge_audits(run.report, ["traffiq-home", "traffiq-play", "traffiq-place-cells",
                              "traffiq-place-dialog", "traffiq-placed", "traffiq-new-vehicle"])


def test_taxi_ride_with_competing(run_scenario):
    """The taxi tapped, the points it can reach lit, the target tapped; the preview marks the
    vehicles competing removes; Compete removes exactly those."""
    run = run_scenario("traffiq_ride_compete", seed=1).check()
    ride = run.report["ride"]
    assert ride["stored"] == ride["planned"], ride
    assert ride["removed"] and ride["gone"] == ride["removed"], ride
    judge_audits(run.report, ["traffiq-ride-targets", "traffiq-ride-compete",
                              "traffiq-after-ride"])


def test_scoring_screen(run_scenario):
    """The last moves by touch end the game: the table, the chart and the winner; Undo goes
    back to the game."""
    run = run_scenario("traffiq_scoring", seed=3).check()
    results = run.report["results"]
    expected = run.report["expected"]
    assert results["screen"] == "traffiq_scoring", results
    assert results["table_totals"] == expected, results
    assert results["totals"] == [str(t) for t in expected], results
    assert results["chart"] == expected, results
    assert results["winner_text"].strip() and results["stored_status"] == "finished", results
    assert run.report["after_undo"] == "traffiq_play"
    log = " | ".join(run.report["log_texts"])
    assert "Anna" in log and "drew a district tile" in log, log  # History's log lines
    judge_audits(run.report, ["traffiq-results", "traffiq-game-log"])


def test_score_only_by_touch(run_scenario):
    """Score a finished game: each player's taxis and vans counted up by touch, then Score."""
    run = run_scenario("traffiq_score_only").check()
    results = run.report["results"]
    assert [(a["taxis"], a["vans"]) for a in run.report["entered"]] == [(5, 2), (3, 1), (4, 1)]
    assert results["table_totals"] == [9, 5, 6], results
    assert results["totals"] == ["9", "5", "6"], results
    assert results["winner_text"].strip(), results
    judge_audits(run.report, ["traffiq-score-only", "traffiq-score-only-results"])


def test_a_taught_tile_scanned_during_play(run_scenario):
    """A tile taught by its four edges; scanned in a game it lights the cells where it fits, a
    tap lays it in its first fitting turn and a tap on it turns it (nothing else asked)."""
    report = run_scenario("traffiq_teach_and_scan").check().report
    assert report["taught"] == ["manhattan-traffiq", "tile", "red,beige,red,park"], report
    lit, fits = report["lit"]
    assert lit == fits and lit, report
    assert report["known_turns"] >= 1
    assert report["placed"]["same_tile"] and report["placed"]["moves"] == 1, report
    first, now = report["placed"]["turned"]
    assert (first != now) == (report["known_turns"] > 1), report
    judge_audits(report, ["traffiq-teach", "traffiq-scanned-tile"])


def test_whole_game_by_touch(run_scenario):
    """Every move of a seeded 2-player game tapped in, from Home to the results; a turn with
    nothing left to do ends by itself."""
    # 100 moves by touch: about 250 s on a busy shared 2-core machine (2.5 s a move)
    run = run_scenario("traffiq_whole_game", seed=4, timeout=420).check()
    results = run.report["results"]
    assert results["table_totals"] == run.report["expected"], results
    assert results["screen"] == "traffiq_scoring", results
    # a turn the engine leaves nothing to do in ends without a tap, said over the map (one
    # tap where a tile just laid could lie otherwise: the turn stays open to correct it); Undo
    # takes the end back and the turn then waits for End turn
    empty = run.report["empty_turns"]
    assert empty, empty
    for turn in empty:
        assert turn["taps"] == (0 if turn["by_screen"] else 1), turn
        assert not turn["by_screen"] or "nothing left to do" in turn["note"], turn
    assert empty[0]["undone"] == {"kept": True, "again": True}, empty


def test_the_start_tiles_checked_once(run_scenario):
    """Before the first game of a scenario the start tiles are compared with the table: a side
    that does not match its neighbour is refused with the engine's reason (no game, nothing
    remembered); a changed side starts the game on that layout, and the next New game shows it
    remembered (Back to the app's tiles puts the app's back; Back returns to New game)."""
    run = run_scenario("traffiq_start_tiles").check()
    report = run.report
    first = report["first_seen"]
    assert first["screen"] == "traffiq_start" and first["setting"] is None, first
    assert "checked these start tiles before" not in first["note"], first
    refused = report["refused"]
    assert "does not match its neighbours" in refused["message"], refused
    assert refused["screen"] == "traffiq_start" and refused["games"] == 0, refused
    assert refused["setting"] is None, refused
    # the tile just changed, named as the family finds it on the table and lit (no grid cell)
    assert "The start tile bottom right does not match" in refused["message"], refused
    assert refused["lit"] == [[1, 1]] and "1,1" not in refused["message"], refused
    changed = [1, 1, "beige", "water", "red", "red"]
    started = report["started"]
    assert changed in started["options"], started
    assert started["tile"] == changed[2:], started
    remembered = report["remembered"]
    assert remembered["layout"]["1,1"] == changed[2:], remembered
    assert "checked these start tiles before" in remembered["note"], remembered
    assert report["printed"]["layout"]["1,1"] == ["beige", "beige", "red", "red"]
    assert report["again"]["layout"]["1,1"] == changed[2:], report["again"]
    assert changed in report["second_game"], report
    judge_audits(report, ["traffiq-start-tiles", "traffiq-start-tile", "traffiq-start-refused",
                          "traffiq-start-remembered"])


def test_new_game_offers_the_colours_the_box_deals_for_the_player_count(run_scenario):
    """Manhattan TraffIQ's New game: 2 players red and yellow, a third blue, a fourth green;
    removing a player gives the colours back; the game starts held to the box."""
    report = run_scenario("traffiq_new_game_colours").check().report
    assert report["two"]["offered"] == [["red", "yellow"]] * 2, report["two"]
    assert report["two"]["chosen"] == ["red", "yellow"], report["two"]
    assert report["same"]["chosen"] == ["red", "red"], report["same"]  # Start would say why
    assert report["three"]["offered"] == [["red", "yellow", "blue"]] * 3, report["three"]
    assert report["three"]["chosen"] == ["red", "yellow", "blue"], report["three"]
    assert report["four"]["offered"] == [["red", "yellow", "blue", "green"]] * 4
    assert report["four"]["chosen"] == ["red", "yellow", "blue", "green"], report["four"]
    again = report["three_again"]
    assert again["offered"] == [["red", "yellow", "blue"]] * 3, again
    assert sorted(again["chosen"]) == ["blue", "red", "yellow"], again
    assert all(w >= 48 and h >= 48 for w, h in again["chip_sizes"]), again
    started = report["started"]
    assert sorted(started["colours"]) == ["blue", "red", "yellow"], started
    assert started["rulebook"] is True and started["vehicles"] == [[5, 2]] * 3, started
    judge_audits(report, ["traffiq-new-game-two", "traffiq-new-game-three",
                          "traffiq-new-game-three-again"])


@pytest.mark.parametrize("language", ["en", "de", "hu", "ro", "sv"])
def test_a_scanned_tile_in_the_hand_is_offered_first_beside_the_dealt_ones(run_scenario,
                                                                              language):
    """A hand holding a scanned tile and the two dealt at setup (unseen): a tap on the cell
    where the scanned tile fits lays it in its first turn (the engine's `tile_spots`); a tap on
    it offers its turns on the first tab, another tile's sides (the matching rule's, the free
    ones pre-set to the engine's guess) on the second; Place on the first lays it so."""
    seen = run_scenario("traffiq_scanned_tile_in_hand",
                        language=language).check().report["scanned_in_hand"]
    assert seen["hand"].count(None) == 2 and seen["seat"] == 0, seen
    first = seen["first"]
    assert seen["laid"] == list(first["spot_turns"][0]), seen
    assert first["tabs"] == ["down", "normal"], first
    assert first["turns"] == first["spot_turns"] and first["turns"], first
    assert first["chosen"] == list(first["turns"][0]), first
    other = seen["other"]
    assert other["tabs"] == ["normal", "down"] and other["turns"] == 0, other
    assert other["chosen"] == other["likely"], other  # the engine's guess pre-selected,
    assert all(i in (None, c) for i, c in zip(other["implied"], other["chosen"])), other
    assert other["place"] is False, other  # so Place is open at once
    placed = seen["placed"]
    assert placed["same_tile"] and placed["stored"]["edges"] == placed["chosen"], placed
    assert placed["hand"].count(None) == 2, placed  # the scanned tile left the hand
    for audit in (seen["audit_scanned"], seen["audit_other"]):
        for kind in ("touch", "outside", "overlap", "text"):
            assert not audit.get(kind), (kind, audit[kind])


@pytest.mark.parametrize("language", ["en", "de", "hu"])
def test_every_tile_scanned_asks_for_the_tiles_drawn_at_setup_first(run_scenario, language):
    """Settings' "scan every tile" starts the game by asking each player for
    the 2 tiles drawn at setup (tapped or scanned, one show_tile each); every move of play is
    closed until then; afterwards every hand is known and placing asks only a tile's turn."""
    seen = run_scenario("traffiq_setup_tiles_scanned",
                        language=language).check().report["setup_tiles"]
    english = language == "en"
    assert seen["options"] == {"scanned_draws": True, "scanned_setup": True}, seen
    assert seen["seat"] == 0 and seen["asked"][0].startswith("Anna"), seen
    assert not english or seen["asked"][0] == "Anna: your tiles from setup", seen
    assert not english or "tile 1 of 2" in seen["asked"][1], seen
    assert not english or "Scan tile" not in seen["asked"][1], seen  # no scanner configured
    assert seen["place_disabled"], seen
    assert "draw_tile" in seen["closed"] and "place_tile" in seen["closed"], seen
    assert seen["first"] == {"type": "show_tile", "seat": 0,
                             "edges": ["beige", "red", "beige", "red"]}, seen
    assert seen["second_seat"][0] == 1 and "Ben" in seen["second_seat"][1], seen
    after = seen["after"]
    assert after["phase"] == "play" and after["dialog"] == "", after
    assert after["types"] == ["show_tile"] * 4, after
    assert all(None not in hand for hand in after["hands"]), after
    assert not english or after["log"] == "Anna scanned a tile drawn at setup", after
    placing = seen["placing"]  # laid at the tap, in a turn that fits, nothing asked
    assert placing["laid"] and placing["dialog"] in ("", "vehicle"), placing
    assert placing["turns"] >= 1 and placing["implied"] is None, placing
    for kind in ("touch", "outside", "overlap", "text"):
        assert not seen["audit_asked"].get(kind), (kind, seen["audit_asked"][kind])


MOST_TAPS = {"place_vehicle": 2, "taxi_ride": 3, "van_ride": 2,
             "end_turn": 2}  # no new vehicle, End turn (ended at the tap: Undo takes it back)


def test_each_kind_of_turn_takes_the_fewest_taps(run_scenario):
    """A seeded game's first moves, without a scanner and with every tile scanned, each tapped
    the fewest ways: a tile laid by one tap on the lit cell (its likeliest turn, or an unseen
    tile's guessed sides), a known tile turned by a tap on it, a wrong guess's sides asked by a
    tap on it; a tile drawn one tap (a scan with the scanner); a ride its vehicle (where
    several can ride) and its end; competing one tap more; ending a turn one tap, and none
    where the engine leaves nothing to do (End turn tapped just then ends no other turn)."""
    report = run_scenario("traffiq_fewest_taps", seed=2, timeout=400).check().report
    taps = report["taps"]
    # End turn tapped just as the screen ended a turn itself was meant for that turn: the next
    # player's turn goes on, and the note says whose turn a second tap ends
    late = report["late_end_turn"]
    assert late["stored"] == 0 and late["next"] in late["said"], late
    seen = {(e["kind"], e["scanner"]) for e in taps}
    for kind in ("place_tile", "draw_tile"):
        assert {(kind, False), (kind, True)} <= seen, seen
    assert {"place_vehicle", "taxi_ride", "van_ride", "end_turn"} <= {k for k, _s in seen}, seen
    assert any(entry.get("empty") for entry in taps), taps
    for entry in taps:
        kind, count = entry["kind"], entry["taps"]
        if kind == "place_tile":
            assert count == entry["fewest"], entry
        elif entry.get("empty"):  # nothing left to do: the turn ends without a tap
            assert count == 0, entry
        elif kind in ("draw_tile", "show_tile"):
            assert count == (0 if entry["scanner"] or kind == "show_tile" else 1), entry
        else:
            assert count <= MOST_TAPS[kind] + entry.get("compete", 0), entry


def test_sides_entered_for_an_unseen_tile_are_not_asked_again(run_scenario):
    """A placement of a tile nobody saw, a side changed, taken back with Undo: a tap on the
    same cell lays it again with the sides entered (one tap, nothing asked)."""
    seen = run_scenario("traffiq_entered_tile_not_asked_again").check().report["entered"]
    assert seen["first"] != seen["guessed"], seen
    assert seen["again"] == seen["first"] and seen["taps"] == 1 and seen["moves"] == 1, seen
