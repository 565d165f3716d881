"""What a seat may do now (companion/games/traffiq/engine/moves.py): each kind of move, open or
with the engine's reason, and the concrete choices the screens offer. The random-playout
comparison with `apply` is in test_traffiq_offered.py."""

from __future__ import annotations

import pytest

from companion.boards import rules_for
from companion.core.rules import RuleViolation
from companion.games.traffiq.engine import (DrawTile, Edge, EndTurn, EnterVehicles, PlaceTile,
    PlaceVehicle, Standing, TaxiRide, Tile, VanRide, Vehicle)
from companion.games.traffiq.engine.moves import VehicleSpot, ride
from companion.games.traffiq.ui.tags import tile_from_value, tile_value

RULES = rules_for("manhattan-traffiq")
R, B, P, W = Edge.RED, Edge.BEIGE, Edge.PARK, Edge.WATER


def new_game(players=("Anna", "Ben"), **options):
    return RULES.new_state(players, {"first": 0, **options})


def kinds(state, seat=0) -> dict:
    """kind -> the reason's code (None: open)."""
    return {m.kind: (m.reason.code if m.reason else None) for m in RULES.moves(state, seat)}


def lay(state, cell, free=R) -> None:
    """The player to move lays a tile from the hand on `cell`, free sides `free`."""
    implied = RULES.implied_edges(state, cell)
    tile = Tile(tuple(e if e is not None else free for e in implied))
    RULES.apply(state, PlaceTile(state.current, cell[0], cell[1], tile.names()))


def with_taxi_at_2_1():
    """Anna's taxi on (2, 1), the point two tiles east of Times Square complete; Ben's turn
    drawn away, Anna to move."""
    state = new_game()
    lay(state, (2, 0))
    lay(state, (2, 1))
    assert state.pending == ((2, 1),)
    RULES.apply(state, PlaceVehicle(0, 2, 1, "taxi"))
    RULES.apply(state, DrawTile(1))
    RULES.apply(state, DrawTile(1))
    return state


def test_a_taught_tile_is_remembered_by_its_four_edges():
    tile = Tile((R, B, P, W))
    assert tile_value(tile) == "red,beige,park,water"
    assert tile_from_value(tile_value(tile)) == tile
    assert tile_from_value("red,beige") is None
    assert tile_from_value("red,beige,lava,water") is None


def test_every_kind_of_move_is_listed_in_the_screens_order():
    assert [m.kind for m in RULES.moves(new_game(), 0)] == [
        "place_tile", "place_vehicle", "taxi_ride", "van_ride", "draw_tile", "end_turn",
        "enter_vehicles", "show_tile"]


def test_at_the_start_a_player_may_place_draw_or_end_but_not_ride():
    assert kinds(new_game()) == {
        "place_tile": None, "place_vehicle": "no_new_crossing", "taxi_ride": "no_taxi_on_map",
        "van_ride": "no_van_on_map", "draw_tile": None, "end_turn": None,
        "enter_vehicles": "not_score_only", "show_tile": "show_tile_at_setup"}
    assert set(kinds(new_game(), 1).values()) == {"not_your_turn", "not_score_only",
                                                 "show_tile_at_setup"}


def test_a_closed_kind_says_what_apply_would_say():
    state = new_game()
    state.supply = 0  # every tile drawn on earlier turns
    reason = next(m.reason for m in RULES.moves(state, 0) if m.kind == "draw_tile")
    assert reason.code == RULES.check(state, DrawTile(0)).code == "supply_empty"
    assert next(m.reason for m in RULES.moves(state, 1) if m.kind == "end_turn").code \
        == RULES.check(state, EndTurn(1)).code == "not_your_turn"


def test_after_drawing_no_tile_is_placed_this_turn_and_no_ride_made():
    state = new_game()
    RULES.apply(state, DrawTile(0))
    assert kinds(state)["place_tile"] == "place_first"
    assert kinds(state)["taxi_ride"] == "draw_last"
    assert kinds(state)["draw_tile"] is None
    assert RULES.actions_left(state) == 1 and RULES.actions_per_turn == 2
    assert RULES.tile_spots(state, 0) == []


def test_an_unseen_tile_may_go_on_every_open_cell_showing_the_implied_edges():
    state = new_game()
    spots = RULES.tile_spots(state, 0)
    assert [spot.cell for spot in spots] == RULES.open_cells(state)
    assert all(spot.turns == () and spot.implied == RULES.implied_edges(state, spot.cell)
               for spot in spots)
    assert RULES.tile_spots(state, 1) == []  # not Ben's turn


def test_a_scanned_tile_lights_only_the_cells_where_some_turn_fits():
    state = new_game()
    water = Tile((W, W, W, W))  # matches no start tile's side
    assert RULES.tile_spots(state, 0, water) == []
    tile = Tile((R, B, R, P))
    spots = RULES.tile_spots(state, 0, tile)
    assert spots and all(spot.turns and spot.implied is None for spot in spots)
    for spot in spots:
        for turned in spot.turns:
            assert tile.same_tile(turned)
            assert RULES.check(state, PlaceTile(0, *spot.cell, turned.names())) is None


def test_known_tiles_in_the_hand_fit_their_ways_and_a_stranger_is_not_offered():
    state = new_game()
    known = Tile((R, R, B, B))
    state.seats[0].hand = [known, known]  # both seen going in (scanned when drawn)
    spots = RULES.tile_spots(state, 0)
    assert spots and all(spot.implied is None for spot in spots)
    assert all(len(set(spot.turns)) == len(spot.turns) for spot in spots)  # alike: once
    assert RULES.tile_spots(state, 0, Tile((P, P, P, R))) == []  # not in the hand


def test_a_hand_that_fits_nowhere_closes_placing_with_its_reason():
    state = new_game()
    state.seats[0].hand = [Tile((W, W, W, W))]
    assert kinds(state)["place_tile"] == "tile_fits_nowhere"
    state.seats[0].hand = []
    assert kinds(state)["place_tile"] == "no_tile_in_hand"


def test_a_completed_crossing_offers_each_vehicle_still_in_the_supply():
    state = new_game()
    lay(state, (2, 0))
    lay(state, (2, 1))
    assert kinds(state)["place_vehicle"] is None
    assert RULES.vehicle_spots(state, 0) == [VehicleSpot((2, 1), Vehicle.TAXI),
                                             VehicleSpot((2, 1), Vehicle.VAN)]
    state.seats[0].vans = 0
    assert RULES.vehicle_spots(state, 0) == [VehicleSpot((2, 1), Vehicle.TAXI)]
    spot = RULES.vehicle_spots(state, 0)[0]
    assert spot.action(0, compete=True) == PlaceVehicle(0, 2, 1, "taxi", True)
    assert RULES.vehicle_spots(state, 1) == []


def test_a_taxi_on_the_map_can_ride_and_its_targets_are_legal_rides():
    state = with_taxi_at_2_1()
    assert kinds(state)["taxi_ride"] is None and kinds(state)["van_ride"] == "no_van_on_map"
    assert RULES.rides(state, 0, Vehicle.TAXI) == {(2, 1): ((1, 1),)}
    assert RULES.rides(state, 0, Vehicle.VAN) == {}
    action = ride(0, Vehicle.TAXI, (2, 1), (1, 1))
    assert action == TaxiRide(0, 2, 1, 1, 1, False)
    assert RULES.check(state, action) is None
    assert ride(0, Vehicle.VAN, (2, 1), (1, 1)) == VanRide(0, 2, 1, 1, 1, False)


def test_a_boxed_in_taxi_closes_the_taxi_ride_with_its_reason():
    state = with_taxi_at_2_1()
    state.vehicles[(1, 1)] = Standing(1, Vehicle.VAN)  # Ben's van, from an earlier turn
    assert kinds(state)["taxi_ride"] == "taxis_stuck"
    assert RULES.rides(state, 0, Vehicle.TAXI) == {}


def test_after_a_taxi_ride_no_second_one():
    state = with_taxi_at_2_1()
    RULES.apply(state, TaxiRide(0, 2, 1, 1, 1))
    assert kinds(state)["taxi_ride"] == "one_ride_each"
    assert RULES.rides(state, 0, Vehicle.TAXI) == {}


def test_score_only_opens_entering_for_each_player_not_entered():
    state = new_game(mode="score_only")
    assert kinds(state)["enter_vehicles"] is None
    assert kinds(state)["place_tile"] == "not_playing"
    RULES.apply(state, EnterVehicles(0, 2, 1))
    assert kinds(state, 0)["enter_vehicles"] == "already_entered"
    assert RULES.on_map(state, 0) == (2, 1)


def test_entries_are_checked_together_before_any_is_stored():
    state = new_game(players=("Anna", "Ben", "Cleo"), mode="score_only")
    allot = RULES.allotment(3)
    everything = [EnterVehicles(seat, allot.taxis, allot.vans) for seat in (0, 1)]
    assert RULES.check_entries(state, everything).code == "one_winner_all_placed"
    assert state.entered == [False, False, False]  # nothing changed
    assert RULES.check_entries(state, [EnterVehicles(0, 1, 1), EnterVehicles(1, 2, 0)]) is None


def test_a_preview_of_an_illegal_move_is_refused():
    with pytest.raises(RuleViolation):
        RULES.preview(new_game(), PlaceVehicle(0, 1, 1, "taxi"))
