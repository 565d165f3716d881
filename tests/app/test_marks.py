"""The players' marks (companion.app.marks) and the maps' footprints (companion.app.footprints):
the letter every map and the seat strip show beside a player's colour, and how a map finds room
for its labels."""

from __future__ import annotations

from companion.app.footprints import Footprints
from companion.app.marks import DARK_INK, LIGHT_INK, ink_on, player_marks


def test_a_mark_is_the_first_letter_of_the_name():
    assert player_marks(["anna", "Ben", "Ștefan", "Ödön"]) == ["A", "B", "Ș", "Ö"]


def test_players_whose_names_share_a_letter_are_told_apart_by_a_second_letter():
    assert player_marks(["Anna", "Ben", "Anton", "Bea"]) == ["An", "Be", "At", "Ba"]
    assert player_marks(["Anna", "Ben", "anton"]) == ["An", "B", "At"]
    assert player_marks(["Anna-Lena", "Ben", "Anton"]) == ["Al", "B", "An"]  # a later word first


def test_a_mark_is_never_a_digit():
    """A digit beside a colour reads as the map's own numbers (coins, lengths, city values)."""
    for names in (["Anna", "Anna"], ["", ""], ["A", "A", "Al"], ["A1", "A2"], ["Ödön", "Ottó"]):
        marks = player_marks(names)
        assert len(set(marks)) == len(marks), (names, marks)
        assert not any(c.isdigit() for mark in marks for c in mark), (names, marks)
        assert all(1 <= len(mark) <= 2 for mark in marks), (names, marks)


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


def test_a_label_takes_its_second_form_where_its_first_has_no_clear_spot():
    room = Footprints()
    room.shape("dot", 0, 0, 10)
    room.text("neighbour", 60, 0, 40, 16, 15)
    one_line = ([(0, 0), (20, 0)], 120, 16)  # covers the dot or the neighbour wherever it goes
    two_lines = ([(0, 0), (0, 30)], 60, 32)
    assert room.put_form("name", [one_line, two_lines], px=15) == 1
    assert room.find("name").centre == (0, 30)
    assert room.covered() == []


def test_a_label_with_no_clear_spot_goes_where_it_covers_least():
    room = Footprints()
    room.text("fixed", 0, 0, 40, 16, 15)
    room.put_form("name", [([(0, 0), (30, 0)], 40, 16)], px=15)
    assert room.find("name").centre == (30, 0)
