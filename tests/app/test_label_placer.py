"""The map label placer (companion.app.label_placer): labels round their dots where none
covers another or a mark, near their dots, the same places every time."""

from __future__ import annotations

from companion.app.label_placer import Box, Label, around, overlapping, place, within


def dot(cx: float, cy: float, r: float = 8) -> Box:
    return Box.centred(cx, cy, 2 * r, 2 * r)


def test_a_lone_name_goes_just_under_its_dot():
    placed = place([Label("a", tuple(around(50, 50, 8, 40, 16)))], [dot(50, 50)])
    box = placed["a"]
    assert box.centre[0] == 50 and box.y + box.h < 50 - 8  # below, centred
    assert box.gap_to(50, 50) - 8 <= 5


def test_every_place_round_a_dot_is_within_its_gap():
    for box in around(100, 100, 10, 60, 18, gaps=(1.0, 4.0, 7.0)):
        assert 10 < box.gap_to(100, 100) <= 10 + 7 + 1e-6


def test_two_names_whose_first_places_clash_both_find_clear_places():
    """Two dots side by side: both names want the place under their dot, which is the same
    place; one moves."""
    fixed = [dot(50, 50), dot(90, 50)]
    labels = [Label("left", tuple(around(50, 50, 8, 70, 16))),
              Label("right", tuple(around(90, 50, 8, 70, 16)))]
    placed = place(labels, fixed)
    assert overlapping(placed, fixed) == []


def test_a_label_in_the_way_moves_aside_for_one_with_no_other_place():
    """A badge that could go elsewhere leaves the only clear place of a name to it."""
    fixed = [dot(50, 50), Box(0, 60, 200, 100), Box(0, 0, 40, 60), Box(60, 0, 200, 60)]
    name = Label("name", tuple(around(50, 50, 8, 16, 16)))  # only below is clear
    badge = Label("badge", (Box.centred(50, 30, 14, 14), Box.centred(50, 12, 14, 14)))
    placed = place([badge, name], fixed)
    assert overlapping(placed, fixed) == []
    assert placed["badge"] == Box.centred(50, 12, 14, 14)


def test_places_outside_the_map_are_left_out_unless_there_are_no_others():
    places = around(5, 50, 4, 30, 10)
    assert all(box.inside(100, 100) for box in within(places, 100, 100))
    assert within([Box(-5, 0, 10, 10)], 100, 100) == [Box(-5, 0, 10, 10)]


def test_the_same_labels_get_the_same_places():
    fixed = [dot(x, y) for x, y in ((20, 20), (60, 25), (40, 60), (80, 70))]
    labels = [Label(str(n), tuple(around(b.centre[0], b.centre[1], 8, 50, 16)))
              for n, b in enumerate(fixed)]
    assert place(labels, fixed) == place(list(labels), list(fixed))


def test_a_shortened_name_is_a_last_resort():
    """A name's short form (its initials) is taken only where its full form finds no clear
    place, and where it does, the full form wins even if a clear short place ranks first."""
    fixed = [dot(50, 50)]
    short = Box.centred(50, 30, 20, 16)  # under the dot
    full = Box.centred(50, 70, 80, 16)  # over it
    alone = place([Label("name", (full, short), last_resort=1)], fixed)
    assert alone["name"] == full
    wall = Box(0, 58, 200, 40)  # the full form's place is covered
    crowded = place([Label("name", (full, short), last_resort=1)], fixed + [wall])
    assert crowded["name"] == short


def test_a_label_moves_aside_so_a_name_need_not_be_shortened():
    """A badge on the only clear place of a name's full form moves to its other place, since
    a shortened name costs more than a badge's second choice."""
    fixed = [dot(50, 50), Box(0, 58, 200, 40)]
    full = Box.centred(50, 30, 80, 16)
    short = Box.centred(80, 50, 20, 16)
    badge = Label("badge", (Box.centred(50, 30, 14, 14), Box.centred(10, 10, 14, 14)))
    placed = place([badge, Label("name", (full, short), last_resort=1)], fixed)
    assert placed["name"] == full and overlapping(placed, fixed) == []
