"""The whole table in every game, through the real `companion` command at 800×480."""

from __future__ import annotations

import pytest

GAMES = ("ttr-nyc", "rotw-card-game", "manhattan-traffiq")
# what the mover's button does, beside their lamp: each game's single obvious move
HINTS = {"ttr-nyc": "draw from the deck", "rotw-card-game": "take the top card",
         "manhattan-traffiq": "draw a tile"}


# what each press does (seat_press.Press) and the English words that say it
WORDS = {"not_your_turn": "show whose turn", "undo": "hold: undo", "pause": "hold: pause",
         "go_on": "hold: go on"}
AUDITED = ("touch", "outside", "overlap", "text", "ellipsized")


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_play_screen_has_the_seat_strip_and_the_buttons_say_what_they_do(run_scenario,
                                                                               language):
    """Every seat's lamp has what its button does now beside it, or (no
    room) on the strip's shared line, in every game with 2 and 4 players at 800×480; the
    buttons do it; nothing cut, overlapping or under 15 px (German too)."""
    run = run_scenario("table_seat_strip", language=language).check()
    for game_id in GAMES:
        for count, places in ((2, [1, 0]), (4, [2, 0, 1, 3])):
            seen = run.report["games"][f"{game_id}-{count}"]
            strip, mover = seen["strip"], seen["mover"]
            assert [cell["seat"] for cell in strip] == places, (game_id, strip)
            assert [cell["letter"] for cell in strip] == list("ABCD"[:count]), strip
            assert seen["inside"], game_id
            assert all(min(cell["lamp"]) >= 48 for cell in strip), strip  # a finger's size
            assert all(cell["level"] == (1 if seat == mover else 0)
                       for seat, cell in enumerate(strip)), strip  # the mover's LED is on
            assert all(cell["font"] >= 15 and cell["others_font"] >= 15 for cell in strip)
            says_its_words(strip, mover)
            for kind in AUDITED:
                assert not seen["audit"].get(kind), (game_id, count, kind, seen["audit"][kind])
            if language == "en":
                words_match_presses(game_id, strip, seen["presses"], mover)
            if count == 4:
                the_buttons_do_it(game_id, seen, language)


def says_its_words(strip, mover) -> None:
    """Every seat's words are shown: the mover's beside the lamp, a waiting seat's beside it
    or on the shared line."""
    for seat, cell in enumerate(strip):
        assert cell["hint"], (seat, strip)
        assert cell["hint"] in cell["says"], (seat, strip)
        assert (cell["says"] == cell["hint"]) == bool(cell["words"]), (seat, strip)
        assert bool(cell["words"]) or seat != mover, (seat, strip)


def words_match_presses(game_id, strip, presses, mover) -> None:
    """The English words say what press_of (what the rig does) says each press does."""
    for seat, (cell, (short, long)) in enumerate(zip(strip, presses)):
        if seat == mover:
            assert short in ("move", "confirm") and long in ("undo", "nothing"), presses
            hold = "; hold: undo" if long == "undo" else ""  # nothing yet to take back
            assert cell["hint"] == f"{HINTS[game_id]}{hold}", cell
        else:
            assert (short, long) == ("not_your_turn", "pause"), (seat, presses)
            assert cell["hint"] == f"{WORDS[short]}; {WORDS[long]}", cell


def the_buttons_do_it(game_id, seen, language) -> None:
    """With four players, each press did what its words said."""
    assert seen["pressed"] == 1, (game_id, seen)  # the mover's button made the move
    assert seen["said"] == ["not_your_turn"], (game_id, seen["said"])  # whose turn, Why?
    assert seen["paused"] and seen["resumed"], (game_id, seen)  # held: a break, and back
    assert all(long == "go_on" for _short, long in seen["presses_paused"]), seen
    if language == "en":
        assert all("hold: undo" in cell["hint"] for cell in seen["strip_after"]
                   if cell["to_move"]), seen["strip_after"]
        assert all("hold: go on" in cell["hint"] for cell in seen["strip_paused"]), seen


def test_railways_shows_the_known_hand_with_the_card_scanned_from_the_draw_pile(run_scenario):
    """Where every card drawn is scanned, the card named from the draw pile goes into the mover's
    hand, which the play screen shows. The question says "(or scan it)" only where a scanner is
    configured (here none; `loop://` stands for one in the next test)."""
    seen = run_scenario("table_known_hand").check().report["rotw"]
    assert seen["scanned_draws"] is True, seen
    assert seen["asked"] == "Which card did you take from the draw pile? Tap it.", seen
    assert seen["taken"]["type"] == "take_deck" and seen["taken"].get("card"), seen
    assert seen["mover_after"] == seen["taken"]["seat"], seen  # a second card may be taken
    assert seen["drawn_name"] in seen["after"], seen  # the named card is in the hand shown
    assert seen["known"] >= 1, seen
    assert seen["hand_inside"], seen
    for kind in ("touch", "outside", "overlap"):
        assert not seen["audit"].get(kind), (kind, seen["audit"][kind])


def test_railways_offers_a_scan_only_where_a_scanner_is_configured(run_scenario):
    """With a scanner configured ($COMPANION_SCANNER), the draw pile's question says the card
    may be scanned too."""
    seen = run_scenario("table_known_hand", env={"COMPANION_SCANNER": "loop://"},
                        tag="scanner").check().report["rotw"]
    assert seen["asked"] == ("Which card did you take from the draw pile? Tap it (or scan "
                             "it)."), seen


def test_a_scanned_tile_goes_into_the_draw_with_its_edges(run_scenario):
    """Where every tile drawn is scanned, the draw asks for the tile drawn: scanned, or (the
    scanner not at hand) its four sides tapped, then Done; Cancel draws nothing. The edges are
    stored with the draw and the tile goes into the hand with its sides (placing a scanned
    tile asks only its turn: test_traffiq_ui)."""
    seen = run_scenario("table_scanned_tile").check().report["traffiq"]
    assert seen["scanned_draws"] is True, seen
    assert seen["after_cancel"] == 0, seen
    assert seen["after_tap"] == 0, seen  # the tap alone draws nothing: the tile is asked for
    assert seen["asked"][0] == "Anna: the tile you drew", seen
    assert "tap the colour of each" in seen["asked"][1].lower(), seen  # no dead end
    for kind in ("touch", "outside", "overlap"):
        assert not seen["audit_asked"].get(kind), (kind, seen["audit_asked"][kind])
    assert seen["tapped"] == {"type": "draw_tile", "seat": 0,
                              "edges": ["beige", "red", "beige", "red"]}, seen
    assert seen["drawn"]["type"] == "draw_tile", seen
    assert seen["drawn"]["edges"] == ["red", "beige", "red", "park"], seen
    assert ["red", "beige", "red", "park"] in seen["in_hand"], seen  # drawn with its sides
    assert seen["message"] == "", seen  # "Scan the tile you drew" is answered
    for kind in ("touch", "outside", "overlap"):
        assert not seen["audit"].get(kind), (kind, seen["audit"][kind])


def test_railways_discard_and_draw_from_the_pile_is_scanned_too(run_scenario):
    """Where every card drawn is scanned, the card drawn after a discard
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
