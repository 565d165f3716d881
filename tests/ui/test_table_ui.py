"""The whole table in every game (issue 17), through the real `companion` command at 800×480."""

from __future__ import annotations

import pytest

GAMES = ("ttr-nyc", "rotw-card-game", "manhattan-traffiq")
# what the mover's button does, beside their lamp: each game's single obvious move
HINTS = {"ttr-nyc": "draw from the deck", "rotw-card-game": "take the top card",
         "manhattan-traffiq": "draw a tile"}


def test_every_play_screen_has_the_seat_strip_and_the_buttons_say_what_they_do(run_scenario):
    run = run_scenario("table_seat_strip").check()
    for game_id in GAMES:
        seen = run.report["games"][game_id]
        strip = seen["strip"]
        assert [cell["seat"] for cell in strip] == [2, 0, 1, 3], (game_id, strip)
        assert seen["inside"], game_id
        assert all(min(cell["lamp"]) >= 48 for cell in strip), strip  # a finger's size
        mover = seen["mover"]
        assert [cell["letter"] for cell in strip] == ["A", "B", "C", "D"], strip
        assert HINTS[game_id] in strip[mover]["words"], (game_id, strip[mover])
        # a waiting seat is its lamp, and "wait" only where the strip can spare the room
        assert all(cell["words"] in ("wait", "") for seat, cell in enumerate(strip)
                   if seat != mover), strip
        assert all(cell["level"] == (1 if seat == mover else 0)
                   for seat, cell in enumerate(strip)), strip  # the mover's LED is on
        for kind in ("touch", "outside", "overlap"):
            assert not seen["audit"].get(kind), (game_id, kind, seen["audit"][kind])
        assert seen["pressed"] == 1, (game_id, seen)  # the mover's button made the move
        assert "hold: undo" in str(seen["strip_after"]), seen["strip_after"]


def test_railways_shows_the_known_hand_with_the_card_scanned_from_the_draw_pile(run_scenario):
    """Issue 17 point 2 (and 4): the card named from the draw pile goes into the mover's
    hand, which the play screen shows."""
    seen = run_scenario("table_known_hand").check().report["rotw"]
    assert seen["scanned_draws"] is True, seen
    assert seen["taken"]["type"] == "take_deck" and seen["taken"].get("card"), seen
    assert seen["mover_after"] == seen["taken"]["seat"], seen  # a second card may be taken
    assert seen["drawn_name"] in seen["after"], seen  # the named card is in the hand shown
    assert seen["known"] >= 1, seen
    assert seen["hand_inside"], seen
    for kind in ("touch", "outside", "overlap"):
        assert not seen["audit"].get(kind), (kind, seen["audit"][kind])


def test_a_scanned_tile_goes_into_the_draw_with_its_edges(run_scenario):
    """Issue 17 point 3 (and 4): where every tile drawn is scanned, the draw waits for the
    scan; the scanned edges are stored with the draw and the tile goes into the hand with
    its sides (placing a scanned tile asks only its turn: test_traffiq_ui)."""
    seen = run_scenario("table_scanned_tile").check().report["traffiq"]
    assert seen["scanned_draws"] is True, seen
    assert seen["after_tap"] == 0, seen  # the tap alone draws nothing: the scan is waited for
    assert seen["drawn"]["type"] == "draw_tile", seen
    assert seen["drawn"]["edges"] == ["red", "beige", "red", "park"], seen
    assert ["red", "beige", "red", "park"] in seen["in_hand"], seen  # drawn with its sides
    assert seen["message"] == "", seen  # "Scan the tile you drew" is answered
    for kind in ("touch", "outside", "overlap"):
        assert not seen["audit"].get(kind), (kind, seen["audit"][kind])


def test_railways_discard_and_draw_from_the_pile_is_scanned_too(run_scenario):
    """Issue 17 point 4: where every card drawn is scanned, the card drawn after a discard
    (action D) is named as well, here by scanning a city card; it goes into the known hand."""
    seen = run_scenario("table_discard_draw_scanned").check().report["discard_draw"]
    assert seen["asked"].startswith("Which card did you take from the draw pile?"), seen
    assert seen["stored_before_scan"] == 0, seen  # nothing stored until the card is named
    assert seen["stored"] == {"type": "discard_draw", "seat": seen["stored"]["seat"],
                              "card": "city-2", "slot": None, "taken": "city-3"}, seen
    assert seen["dialog"] == "", seen
    assert seen["city_3"] == 1 and seen["city_3_shown"], seen  # in the known hand shown
    for kind in ("touch", "outside", "overlap"):
        assert not seen["audit"].get(kind), (kind, seen["audit"][kind])
