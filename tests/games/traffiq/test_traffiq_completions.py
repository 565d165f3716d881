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


def _placed(state, x, y, edges):
    RULES.apply(state, RULES.parse_action({"type": "place_tile", "seat": state.current,
                                           "x": x, "y": y, "edges": edges}))
    return state


def test_a_placement_that_completes_a_crossing_is_offered_first():
    """A tile completing a 2x2 square lets a new vehicle onto the map (the game's goal): that
    spot comes first, before the spots in reading order."""
    state = _placed(new_game(), 2, 0, ["red", "red", "red", "red"])
    found = RULES.completions(state, {"type": "place_tile"})
    assert (found[0]["x"], found[0]["y"]) == (2, 1)  # completes the crossing at point (2, 1)
    assert {(c["x"], c["y"]) for c in found} == set(RULES.open_cells(state))


def test_a_tile_seen_going_into_the_hand_offers_the_turns_that_fit_as_held_first():
    """Only the turns matching every touching side are offered at a spot, the tile as it was
    held first; no completion without sides when no tile of the hand is unseen."""
    state = new_game()
    tile = Tile.parse(["beige", "red", "red", "red"])
    state.seats[0].hand[:] = [tile]
    found = RULES.completions(state, {"type": "place_tile", "x": 2, "y": 0})
    turns = [Tile.parse(c["edges"]) for c in found]
    assert turns and all(c["edges"] for c in found)
    assert all(RULES.check(state, RULES.parse_action(c)) is None for c in found)
    assert set(turns) == {t for t in tile.rotations()
                          if RULES.check(state, RULES.parse_action(
                              {"type": "place_tile", "seat": 0, "x": 2, "y": 0,
                               "edges": list(t.names())})) is None}
    assert turns[0] == tile  # its west side (red) matches the start tile: as held, first


def test_the_likely_sides_of_an_unseen_tile_keep_the_touching_sides_and_guess_the_commonest():
    """The matching rule sets the touching sides; each free side is guessed as the kind most
    common on the map (a guess the screen pre-selects: the players alone know the tile)."""
    state = _placed(new_game(), 2, 0, ["red", "red", "red", "red"])
    implied = RULES.implied_edges(state, (2, 1))
    likely = RULES.likely_edges(state, (2, 1))
    assert all(i is None or i == e for i, e in zip(implied, likely))
    assert [e.value for i, e in zip(implied, likely) if i is None] == ["red", "red"]
    assert RULES.check(state, RULES.parse_action(
        {"type": "place_tile", "seat": 0, "x": 2, "y": 1,
         "edges": [e.value for e in likely]})) is None
