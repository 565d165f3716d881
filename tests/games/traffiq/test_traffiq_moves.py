"""The questions the Manhattan TraffIQ screens ask of a position (companion/games/traffiq/ui/moves.py)."""

from __future__ import annotations

from companion.boards import rules_for
from companion.games.traffiq.engine import (DrawTile, Edge, PlaceTile, PlaceVehicle, TaxiRide,
    Tile, Vehicle)
from companion.games.traffiq.ui.moves import (fitting_turns, legal, placement_cells, ride,
    ride_starts, ride_targets, tile_from_value, tile_value, turn_choices)

RULES = rules_for("manhattan-traffiq")
R, B, P, W = Edge.RED, Edge.BEIGE, Edge.PARK, Edge.WATER


def new_game(players=("Anna", "Ben")):
    return RULES.new_state(players, {"first": 0})


def test_a_taught_tile_is_remembered_by_its_four_edges():
    tile = Tile((R, B, P, W))
    assert tile_value(tile) == "red,beige,park,water"
    assert tile_from_value(tile_value(tile)) == tile
    assert tile_from_value("red,beige") is None
    assert tile_from_value("red,beige,lava,water") is None


def test_an_unseen_tile_may_go_on_every_open_cell():
    state = new_game()
    assert placement_cells(state, 0) == RULES.open_cells(state)


def test_a_scanned_tile_lights_only_the_cells_where_some_turn_fits():
    state = new_game()
    water = Tile((W, W, W, W))  # matches no start tile's side
    assert placement_cells(state, 0, water) == []
    tile = Tile((R, B, R, P))
    cells = placement_cells(state, 0, tile)
    assert cells and all(fitting_turns(state, cell, tile) for cell in cells)
    for cell in cells:
        for turned in fitting_turns(state, cell, tile):
            assert legal(RULES, state, PlaceTile(0, cell[0], cell[1], turned.names())) is None


def test_at_the_start_a_player_may_place_draw_or_end_but_not_ride():
    choices = turn_choices(RULES, new_game())
    assert (choices.place, choices.draw, choices.end_turn) == (True, True, True)
    assert (choices.taxi, choices.van) == (False, False)


def test_after_drawing_no_tile_is_placed_this_turn():
    state = new_game()
    RULES.apply(state, DrawTile(0))
    choices = turn_choices(RULES, state)
    assert not choices.place and choices.draw


def test_a_taxi_on_the_map_can_ride_and_its_targets_are_legal_rides():
    state = new_game()
    # Times Square: the 2x2 start square completes the point (1, 1); a tile to its east
    # and south-east complete (2, 1) once both lie.
    implied = RULES.implied_edges(state, (2, 0))
    tile = Tile(tuple(e if e is not None else R for e in implied))
    RULES.apply(state, PlaceTile(0, 2, 0, tile.names()))
    implied = RULES.implied_edges(state, (2, 1))
    tile = Tile(tuple(e if e is not None else R for e in implied))
    RULES.apply(state, PlaceTile(0, 2, 1, tile.names()))
    assert state.pending == ((2, 1),)
    RULES.apply(state, PlaceVehicle(0, 2, 1, "taxi"))
    RULES.apply(state, DrawTile(1))
    RULES.apply(state, DrawTile(1))
    assert ride_starts(state, 0, Vehicle.TAXI) == [(2, 1)]
    targets = ride_targets(state, (2, 1), Vehicle.TAXI)
    assert targets == {(1, 1)}
    action = ride(0, Vehicle.TAXI, (2, 1), (1, 1))
    assert action == TaxiRide(0, 2, 1, 1, 1, False)
    assert legal(RULES, state, action) is None
    assert turn_choices(RULES, state).taxi and not turn_choices(RULES, state).van
