"""The players' marks (companion.app.marks) and the maps' footprints (companion.app.footprints):
the letter every map and the seat strip show beside a player's colour, and how a map finds room
for its labels (issue 11 req. 6, issue 17 point 5)."""

from __future__ import annotations

from companion.app.footprints import Footprints
from companion.app.marks import DARK_INK, LIGHT_INK, ink_on, player_marks


def test_a_mark_is_the_first_letter_of_the_name():
    assert player_marks(["anna", "Ben", "Ștefan", "Ödön"]) == ["A", "B", "Ș", "Ö"]


def test_players_whose_names_share_a_letter_are_told_apart_by_their_seats():
    assert player_marks(["Anna", "Ben", "Anton", "Bea"]) == ["1", "2", "3", "4"]
    assert player_marks(["Anna", "Ben", "anton"]) == ["1", "B", "3"]


def test_an_empty_name_still_has_a_mark():
    assert player_marks(["", "Ben"]) == ["?", "B"]


def test_the_ink_reads_on_the_colour():
    assert ink_on((0.96, 0.96, 0.96, 1)) == DARK_INK  # a white taxi
    assert ink_on((1.0, 0.86, 0.12, 1)) == DARK_INK  # a yellow one
    assert ink_on((0.62, 0.35, 0.88, 1)) == LIGHT_INK  # purple


def test_a_label_goes_to_its_first_clear_spot():
    room = Footprints()
    room.shape("dot", 0, 0, 10)
    label = room.put("name", [(0, 0), (0, 30)], 40, 16)
    assert label.centre == (0, 30)
    assert room.covered() == []


def test_a_label_pushes_a_movable_one_aside_when_it_has_no_clear_spot():
    room = Footprints()
    room.put("badge", [(0, 0), (100, 0)], 20, 20, kind="shape")
    room.put("name", [(0, 0)], 40, 16)
    assert room.find("badge").centre == (100, 0)
    assert room.covered() == []


def test_what_cannot_move_stays_and_the_cover_is_reported():
    room = Footprints()
    room.text("first", 0, 0, 40, 16, 15)
    room.put("second", [(10, 0)], 40, 16, px=15)
    assert [(a.name, b.name) for a, b in room.covered()] == [("first", "second")]


def test_text_under_15_px_is_reported():
    room = Footprints()
    room.text("small", 0, 0, 20, 10, 12)
    room.text("fine", 100, 0, 20, 18, 15)
    assert [f.name for f in room.too_small()] == ["small"]
