"""Rules.completions for TraffIQ: every completion of a partly entered move is a move `apply`
accepts, and what only the players know (an unseen tile's sides) is left out."""

from __future__ import annotations

from companion.boards import rules_for
from companion.games.traffiq.engine import Tile

RULES = rules_for("manhattan-traffiq")


def new_game(**options):
    return RULES.new_state(("Anna", "Ben"), {"first": 0, **options})


def test_an_unseen_tile_is_placed_anywhere_open_and_its_sides_are_left_to_the_players():
    state = new_game()
    found = RULES.completions(state, {"type": "place_tile"})
    assert {(c["x"], c["y"]) for c in found} == set(RULES.open_cells(state))
    assert all("edges" not in c for c in found)


def test_every_completion_keeps_the_fields_entered_and_is_legal():
    state = new_game()
    cell = RULES.open_cells(state)[0]
    found = RULES.completions(state, {"type": "place_tile", "x": cell[0], "y": cell[1]})
    assert found and all((c["x"], c["y"]) == cell for c in found)
    implied = RULES.implied_edges(state, cell)
    edges = [e.value if e else "red" for e in implied]
    action = RULES.parse_action(dict(found[0], edges=edges))
    assert RULES.check(state, action) is None


def test_drawing_and_ending_the_turn_have_one_completion_and_no_ride_has_any():
    state = new_game()
    assert RULES.completions(state, {"type": "draw_tile"}) == [{"type": "draw_tile", "seat": 0}]
    assert RULES.completions(state, {"type": "taxi_ride"}) == []
    assert RULES.completions(state, {"type": "draw_tile", "seat": 1}) == []
