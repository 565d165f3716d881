"""Manhattan TraffIQ: one test per rule and per [decision] of the rules digest.

The digest is /work/shared/rules/manhattan-traffiq.md; the German rulebook
(/work/shared/seeds/004_*.txt, OCR) is the authority where the two disagree.
docs/traffiq-rules.md maps every rule to the test named after it here.

Turn order, placements and rides are reached through real actions. Maps bigger than the start
layout are laid directly on the state with `lay` (a dozen turns of placing tiles would add
nothing), and vehicles from earlier turns are put there with `earlier`; both say so.
Every refused action is checked for its `RuleViolation.code` and for leaving the state unchanged.

Coordinates: cell (x, y) with y growing southwards; point (x, y) is the north-west corner of
cell (x, y), complete once the four cells (x-1, y-1), (x, y-1), (x-1, y), (x, y) are placed.
"""

from __future__ import annotations

import pytest

from companion.boards import rules_for
from companion.core.rules import Phase, RuleViolation
from companion.games.traffiq.engine import (Act, Direction, DrawTile, Edge, EndReason, EndTurn,
    EnterVehicles, PlaceTile, PlaceVehicle, Side, Standing, TaxiRide, Tile, VanRide, Vehicle)
from companion.games.traffiq.ui.words import verdict

NAMES = ("Ann", "Ben", "Cas", "Dot")
RED, YELLOW, BLUE, GREEN = 0, 1, 2, 3  # seats take the colours in the box's order
TAXI, VAN = Vehicle.TAXI, Vehicle.VAN


@pytest.fixture(scope="module")
def tq():
    return rules_for("manhattan-traffiq")


# ---- helpers that read like the table --------------------------------------------------------

def new_game(tq, players=2, first=0, **options):
    return tq.new_state(NAMES[:players], {"first": first, **options})


def refused(tq, s, action, code):
    """The engine refuses `action` with `code` and leaves the state exactly as it was."""
    before = s.copy()
    with pytest.raises(RuleViolation) as info:
        tq.apply(s, action)
    assert info.value.code == code, f"refused as {info.value.code}: {info.value.message}"
    assert s == before, "a refused action changed the state"
    return info.value


def edges_for(tq, s, cell, free="red"):
    """What the UI prefills: the implied edges, the free sides set to `free`."""
    return tuple((edge.value if edge is not None else free) for edge in tq.implied_edges(s, cell))


def place(tq, s, cell, free="red"):
    """The current player lays a tile from their hand on `cell`, matching its neighbours."""
    tq.apply(s, PlaceTile(s.current, cell[0], cell[1], edges_for(tq, s, cell, free)))


def lay(s, width, height, hborder=None, vborder=None, origin=(0, 0)):
    """A width x height block of tiles laid on earlier turns (set directly on the state).

    Borders are red streets unless `hborder` / `vborder` say otherwise. hborder[(x, y)] is the
    horizontal border from point (x, y) to (x+1, y); vborder[(x, y)] the vertical border from
    point (x, y) to (x, y+1). Tiles already on those cells are replaced.
    """
    hborder, vborder = hborder or {}, vborder or {}
    ox, oy = origin
    for y in range(oy, oy + height):
        for x in range(ox, ox + width):
            kinds = (hborder.get((x, y), "red"), vborder.get((x + 1, y), "red"),
                     hborder.get((x, y + 1), "red"), vborder.get((x, y), "red"))
            s.tiles[(x, y)] = Tile.parse(kinds)


def earlier(s, seat, point, vehicle):
    """A vehicle this player put on the map on an earlier turn (set directly on the state)."""
    s.vehicles[point] = Standing(seat, vehicle)
    player = s.seats[seat]
    if vehicle is VAN:
        player.vans -= 1
    else:
        player.taxis -= 1


def draw(tq, s):
    tq.apply(s, DrawTile(s.current))


def pass_turn(tq, s):
    tq.apply(s, EndTurn(s.current))


def on_map(s):
    return {p: (st.seat, st.vehicle) for p, st in s.vehicles.items()}


# ---- components and setup ---------------------------------------------------------------------

def test_the_box_holds_44_district_tiles_and_35_vehicles(tq):
    box = tq.box
    assert box.district_tiles == 44
    assert box.box_taxis == {"red": 8, "yellow": 8, "blue": 5, "green": 4}
    assert box.box_vans == {"red": 3, "yellow": 3, "blue": 2, "green": 2}
    assert sum(box.box_taxis.values()) == 25 and sum(box.box_vans.values()) == 10


def test_two_to_four_players(tq):
    for count in (1, 5):
        with pytest.raises(RuleViolation) as info:
            tq.new_state(("A", "B", "C", "D", "E")[:count], {})
        assert info.value.code == "player_count"
    for count in (2, 3, 4):
        assert len(new_game(tq, count).seats) == count


@pytest.mark.parametrize("players, taxis, vans", [(2, 8, 3), (3, 5, 2), (4, 4, 2)])
def test_vehicles_per_player_count(tq, players, taxis, vans):
    s = new_game(tq, players)
    assert [(p.taxis, p.vans) for p in s.seats] == [(taxis, vans)] * players
    # the colours the seats take hold that many in the box
    for colour in tq.box.colours[:players]:
        assert tq.box.box_taxis[colour] >= taxis and tq.box.box_vans[colour] >= vans


@pytest.mark.parametrize("players, colours, taxis, vans", [
    (2, ("red", "yellow"), 8, 3),
    (3, ("red", "yellow", "blue"), 5, 2),
    (4, ("red", "yellow", "blue", "green"), 4, 2)])
def test_the_player_count_decides_the_colours_played(tq, players, colours, taxis, vans):
    """R: "2 Spieler (Rot, Gelb): je 8 Taxis und je 3 Lieferwagen; 3 Spieler (Rot, Gelb, Blau):
    je 5 Taxis und je 2 Lieferwagen; 4 Spieler (Rot, Gelb, Blau, Grün): je 4 Taxis …"."""
    assert tq.box.colours_for(players) == colours
    for seated in (list(colours), list(reversed(colours))):  # which seat takes which is free
        s = new_game(tq, players, colours=seated, rulebook_colours=True)
        assert [(p.taxis, p.vans) for p in s.seats] == [(taxis, vans)] * players


@pytest.mark.parametrize("players, colours, short", [
    (2, ["green", "blue"], "green"), (2, ["red", "blue"], "blue"),
    (3, ["red", "yellow", "green"], "green")])
def test_a_set_up_the_box_cannot_supply_is_refused(tq, players, colours, short):
    """The review's 2-player game in green and blue dealt 8 taxis and 3 vans each: the box holds
    4 green taxis and 2 green vans."""
    with pytest.raises(RuleViolation) as info:
        new_game(tq, players, colours=colours, rulebook_colours=True)
    assert info.value.code == "colour_not_in_box"
    assert info.value.params["colour"] == short
    assert info.value.params["colours"] == ", ".join(tq.box.colours_for(players))
    for bad in (["red"], ["red", "red"], ["red", "pink"], "red, yellow"):  # not one each
        with pytest.raises(RuleViolation) as info:
            new_game(tq, 2, colours=bad, rulebook_colours=True)
        assert info.value.code == "bad_option"


def test_older_logs_replay_with_the_colours_they_stored(tq):
    """[decision] A header without `rulebook_colours` (every log older than the rule) keeps its
    colours and the vehicles per player count it was dealt; New game writes the option."""
    s = new_game(tq, 2, colours=["green", "blue"])
    assert [(p.taxis, p.vans) for p in s.seats] == [(8, 3)] * 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_draws_two_district_tiles_at_setup(tq, players):
    s = new_game(tq, players)
    assert [len(p.hand) for p in s.seats] == [2] * players
    assert all(tile is None for p in s.seats for tile in p.hand)  # drawn face down, unseen
    assert s.supply == 44 - 2 * players


def test_times_square_scenario_starts_with_four_tiles_in_a_square(tq):
    s = new_game(tq)
    assert s.scenario == "times_square"
    assert sorted(s.tiles) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert tq.points(s) == [(1, 1)]  # the crossing in the middle of the square
    assert s.vehicles == {}


def test_central_park_scenario_starts_with_ten_tiles(tq):
    s = new_game(tq, scenario="central_park")
    assert len(s.tiles) == 10
    for scenario in ("harlem", ["central_park"]):
        with pytest.raises(RuleViolation) as info:
            tq.new_state(NAMES[:2], {"first": 0, "scenario": scenario})
        assert info.value.code == "bad_option"


def test_the_start_layout_can_be_entered_at_the_table(tq):
    rows = [[0, 0, "red", "park", "red", "red"], [1, 0, "red", "red", "red", "park"]]
    s = new_game(tq, start_tiles=rows)
    assert s.tiles[(0, 0)].edge(Side.EAST) is Edge.PARK and len(s.tiles) == 2
    for bad in ([[0, 0, "red", "red", "red", "red"], [1, 0, "red", "red", "red", "park"]],
                [[0, 0, "red", "red", "red", "red"], [5, 5, "red", "red", "red", "red"]],
                [[0, 0, "red", "red", "red"]], []):
        with pytest.raises(RuleViolation) as info:
            new_game(tq, start_tiles=bad)
        assert info.value.code == "bad_layout"


def test_a_start_tile_is_named_by_where_it_lies_on_the_table(tq):
    """[decision] A start tile that does not fit is named as players find it ("top right", "in
    the bottom row, number 2 from the left"), not by its grid cell; the cell lights it."""
    square = [[0, 0, "red", "red", "red", "red"], [1, 0, "red", "red", "red", "red"],
              [0, 1, "red", "red", "red", "red"], [1, 1, "red", "red", "red", "park"]]
    with pytest.raises(RuleViolation) as info:
        new_game(tq, start_tiles=square)
    assert info.value.code == "bad_layout"
    assert info.value.message == "The start tile bottom left does not match its neighbours."
    assert (info.value.params["x"], info.value.params["y"]) == (0, 1)
    row = [[x, 0, "red", "red", "red", "red"] for x in range(3)] + [[1, 1, "red", "red", "red",
                                                                      "red"]]
    row[1][4] = "park"  # its south against the tile under it
    with pytest.raises(RuleViolation) as info:
        new_game(tq, start_tiles=row)
    assert info.value.message == ("The start tile in the top row, number 2 from the left does "
                                  "not match its neighbours.")
    apart = [[0, 0, "red", "red", "red", "red"], [2, 0, "red", "red", "red", "red"]]
    with pytest.raises(RuleViolation) as info:
        new_game(tq, start_tiles=apart)
    assert info.value.message == "The start tile top left touches no other."


def test_the_start_player_is_chosen_and_play_goes_clockwise(tq):
    s = new_game(tq, 3, first=2)
    assert tq.status(s).seat == 2
    draw(tq, s), draw(tq, s)
    assert s.current == 0
    with pytest.raises(RuleViolation) as info:
        new_game(tq, 3, first=3)
    assert info.value.code == "bad_option"


# ---- a turn: two of the four actions ----------------------------------------------------------

def test_a_turn_is_two_actions(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))
    assert s.current == 0 and s.done == [Act.PLACE]
    draw(tq, s)
    assert s.current == 1 and s.done == []


def test_placing_comes_before_any_other_action(tq):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (1, 1), TAXI)
    tq.apply(s, TaxiRide(0, 1, 1, 3, 3))
    refused(tq, s, PlaceTile(0, 4, 0, edges_for(tq, s, (4, 0))), "place_first")
    pass_turn(tq, s)
    assert s.current == 1


def test_drawing_is_the_last_action(tq):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (2, 2), VAN)
    draw(tq, s)
    refused(tq, s, TaxiRide(0, 1, 1, 3, 3), "draw_last")
    refused(tq, s, VanRide(0, 2, 2, 2, 3), "draw_last")
    refused(tq, s, PlaceTile(0, 4, 0, edges_for(tq, s, (4, 0))), "place_first")


def test_a_drawn_tile_is_placed_next_turn_at_the_earliest(tq):
    s = new_game(tq)
    draw(tq, s)  # Ann now holds 3 tiles, one of them just drawn
    refused(tq, s, PlaceTile(0, 2, 0, edges_for(tq, s, (2, 0))), "place_first")
    draw(tq, s)
    pass_turn(tq, s)  # Ben forfeits his turn
    place(tq, s, (2, 0))  # next turn: any tile of the hand may be laid
    assert len(s.seats[0].hand) == 3


def test_placing_twice_is_the_whole_turn(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))
    place(tq, s, (-1, 0))
    assert s.current == 1 and len(s.seats[0].hand) == 0


def test_drawing_twice_is_the_whole_turn(tq):
    s = new_game(tq)
    draw(tq, s)
    draw(tq, s)
    assert s.current == 1 and len(s.seats[0].hand) == 4 and s.supply == 44 - 4 - 2


def test_a_ride_then_a_draw_is_a_turn(tq):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (1, 1), TAXI)
    tq.apply(s, TaxiRide(0, 1, 1, 2, 1))
    draw(tq, s)
    assert s.current == 1


def test_at_most_one_taxi_ride_and_one_van_ride_per_turn(tq):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (3, 3), TAXI)
    earlier(s, 0, (1, 3), VAN)
    earlier(s, 0, (3, 1), VAN)
    tq.apply(s, TaxiRide(0, 1, 1, 2, 2))
    refused(tq, s, TaxiRide(0, 3, 3, 2, 3), "one_ride_each")
    pass_turn(tq, s), pass_turn(tq, s)
    tq.apply(s, VanRide(0, 1, 3, 1, 2))
    refused(tq, s, VanRide(0, 3, 1, 3, 2), "one_ride_each")


@pytest.mark.parametrize("van_first", [False, True])
def test_a_taxi_ride_and_a_van_ride_in_either_order(tq, van_first):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (3, 3), VAN)
    rides = [TaxiRide(0, 1, 1, 1, 3), VanRide(0, 3, 3, 3, 2)]
    for ride in (rides[::-1] if van_first else rides):
        tq.apply(s, ride)
    assert s.current == 1
    assert on_map(s) == {(1, 3): (0, TAXI), (3, 2): (0, VAN)}


def test_no_drawing_once_the_supply_is_empty(tq):
    s = new_game(tq)
    s.supply = 1  # the other tiles were drawn on earlier turns
    draw(tq, s)  # the last tile: the turn ends, a second draw is impossible
    assert s.current == 1 and s.last_drawer == 0
    refused(tq, s, DrawTile(1), "supply_empty")
    assert Act.DRAW not in tq.allowed(s)


def test_a_player_may_forfeit_actions(tq):
    s = new_game(tq)
    pass_turn(tq, s)
    assert s.current == 1
    place(tq, s, (2, 0))
    pass_turn(tq, s)  # one action taken, the other forfeited
    assert s.current == 0
    refused(tq, s, EndTurn(1), "not_your_turn")


# ---- placing a district tile ----------------------------------------------------------------

def test_a_tile_must_touch_a_placed_tile(tq):
    s = new_game(tq)
    refused(tq, s, PlaceTile(0, 3, 0, ("red",) * 4), "not_touching")
    refused(tq, s, PlaceTile(0, 1, 1, ("red",) * 4), "cell_taken")


def test_a_tile_must_match_on_every_touching_side(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))  # its south edge is red
    implied = edges_for(tq, s, (2, 1))  # touches (1, 1) to the west and (2, 0) to the north
    assert implied[0] == "red" and implied[3] == tq.box.scenarios["times_square"].tiles[(1, 1)].edges[1].value
    wrong_west = implied[:3] + ("park",)
    error = refused(tq, s, PlaceTile(0, 2, 1, wrong_west), "edges_mismatch")
    assert error.params["sides"] == "west"
    wrong_north = ("water",) + implied[1:]
    refused(tq, s, PlaceTile(0, 2, 1, wrong_north), "edges_mismatch")


def test_one_touching_side_is_enough(tq):
    s = new_game(tq)
    tq.apply(s, PlaceTile(0, 2, 0, ("water", "park", "park", "red")))  # west matches (1, 0)
    assert (2, 0) in s.tiles


def test_implied_edges_prefill_the_touching_sides(tq):
    s = new_game(tq)
    ts = tq.box.scenarios["times_square"].tiles
    assert tq.implied_edges(s, (2, 0)) == (None, None, None, ts[(1, 0)].edge(Side.EAST))
    assert tq.implied_edges(s, (0, -1)) == (None, None, ts[(0, 0)].edge(Side.NORTH), None)
    assert (2, 0) in tq.open_cells(s) and (1, 1) not in tq.open_cells(s)
    assert tq.completes(s, (2, 1)) == []  # (2, 0) is still missing
    place(tq, s, (2, 0))
    assert tq.completes(s, (2, 1)) == [(2, 1)]


def test_rotating_a_tile_turns_its_edges_clockwise():
    tile = Tile.parse(("red", "beige", "park", "water"))
    assert tile.rotated(1).names() == ("water", "red", "beige", "park")
    assert tile.rotated(4) == tile and tile.rotated(-1) == tile.rotated(3)
    assert len(tile.rotations()) == 4
    assert len(Tile.parse(("red", "park", "red", "park")).rotations()) == 2
    assert tile.same_tile(tile.rotated(2))
    with pytest.raises(RuleViolation) as info:
        Tile.parse(("red", "blue", "red", "red"))
    assert info.value.code == "unknown_edge"


def test_a_scanned_tile_is_laid_turned_any_way(tq):
    s = new_game(tq)
    scanned = Tile.parse(("park", "park", "water", "red"))
    tq.apply(s, DrawTile(0, scanned.names()))
    tq.apply(s, DrawTile(0, scanned.names()))
    pass_turn(tq, s)
    s.seats[0].hand = [scanned, scanned]  # both unseen tiles were laid on earlier turns
    spots = [(spot.cell, turned) for spot in tq.tile_spots(s, 0) for turned in spot.turns]
    assert ((2, 0), scanned) in spots  # red faces west, against (1, 0)'s red east edge
    assert all(tq.check(s, PlaceTile(0, cell[0], cell[1], turned.names())) is None
               for cell, turned in spots)
    refused(tq, s, PlaceTile(0, 2, 0, ("red", "red", "red", "red")), "tile_not_in_hand")
    cell, turned = next((c, t) for c, t in spots if t != scanned)
    tq.apply(s, PlaceTile(0, cell[0], cell[1], turned.names()))
    assert s.seats[0].hand == [scanned]


def test_no_tile_in_hand_no_placing(tq):
    s = new_game(tq)
    s.seats[0].hand = []  # laid on earlier turns
    refused(tq, s, PlaceTile(0, 2, 0, edges_for(tq, s, (2, 0))), "no_tile_in_hand")


def test_completing_a_square_allows_one_vehicle_on_its_point(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))
    place(tq, s, (2, 1))  # completes the square (1,0) (2,0) (1,1) (2,1)
    assert s.pending == ((2, 1),) and tq.status(s).waiting_for == "place_vehicle"
    assert s.current == 0  # the turn waits for the new vehicle
    refused(tq, s, DrawTile(0), "two_actions")  # but both actions are taken
    tq.apply(s, PlaceVehicle(0, 2, 1, "van"))
    assert on_map(s) == {(2, 1): (0, VAN)} and s.seats[0].vans == 2
    assert s.current == 1


def test_completing_two_squares_allows_one_vehicle_on_each(tq):
    s = new_game(tq)
    lay(s, 3, 2)  # a 3x2 block on earlier turns: points (1,1) and (2,1)
    lay(s, 1, 1, origin=(0, 2))
    lay(s, 1, 1, origin=(2, 2))
    place(tq, s, (1, 2))  # between (0,2) and (2,2), under (1,1): completes (1,2) and (2,2)
    assert s.pending == ((1, 2), (2, 2))
    tq.apply(s, PlaceVehicle(0, 1, 2, "taxi"))
    tq.apply(s, PlaceVehicle(0, 2, 2, "taxi"))
    assert on_map(s) == {(1, 2): (0, TAXI), (2, 2): (0, TAXI)}
    assert s.current == 0 and s.done == [Act.PLACE]  # the vehicles were not actions


def test_placing_a_new_vehicle_is_optional(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))
    place(tq, s, (2, 1))
    pass_turn(tq, s)  # no vehicle: the crossing stays free
    assert s.vehicles == {} and s.current == 1


def test_a_new_vehicle_is_not_an_action(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))
    pass_turn(tq, s), pass_turn(tq, s)
    place(tq, s, (2, 1))
    tq.apply(s, PlaceVehicle(0, 2, 1, "taxi"))
    assert s.current == 0 and s.done == [Act.PLACE]
    draw(tq, s)  # the second action
    assert s.current == 1


def test_a_new_vehicle_goes_at_once_on_a_point_just_completed(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))
    pass_turn(tq, s), pass_turn(tq, s)
    place(tq, s, (2, 1))
    refused(tq, s, PlaceVehicle(0, 1, 1, "taxi"), "point_not_completed")  # an older crossing
    draw(tq, s)  # the next action: the chance for (2, 1) is gone
    assert s.pending == () and s.current == 1
    refused(tq, s, PlaceVehicle(1, 2, 1, "taxi"), "point_not_completed")


def test_a_new_vehicle_comes_from_the_supply(tq):
    s = new_game(tq)
    s.seats[0].vans = 0  # all three vans are on the map since earlier turns (not drawn here)
    place(tq, s, (2, 0))
    place(tq, s, (2, 1))
    refused(tq, s, PlaceVehicle(0, 2, 1, "van"), "no_vehicle_left")
    refused(tq, s, PlaceVehicle(0, 2, 1, "bus"), "unknown_vehicle")


# ---- crossings, street corners and streets --------------------------------------------------

def test_points_exist_only_where_four_tiles_meet(tq):
    s = new_game(tq)
    place(tq, s, (2, 0))
    assert tq.points(s) == [(1, 1)]  # (2, 1) has only three tiles round it
    place(tq, s, (2, 1))
    assert tq.points(s) == [(1, 1), (2, 1)]


def test_a_street_runs_straight_and_ends_at_the_rim(tq):
    s = new_game(tq)
    lay(s, 4, 3)
    # the horizontal street through (2,1) runs from rim to rim: points (0,1) .. (4,1)
    streets = dict(tq.streets(s, (2, 1)))
    assert streets[Direction.HORIZONTAL] == tuple((x, 1) for x in range(5))
    assert streets[Direction.VERTICAL] == tuple((2, y) for y in range(4))
    # one tile short of a full row: the street ends where the row is broken
    del s.tiles[(3, 0)]
    assert dict(tq.streets(s, (1, 1)))[Direction.HORIZONTAL] == ((0, 1), (1, 1), (2, 1), (3, 1))


def test_a_street_ends_at_park_or_water_and_goes_on_beyond_as_another(tq):
    s = new_game(tq)
    lay(s, 6, 3, hborder={(2, 1): "park"}, vborder={(3, 1): "water"})
    west = dict(tq.streets(s, (1, 1)))[Direction.HORIZONTAL]
    east = dict(tq.streets(s, (4, 1)))[Direction.HORIZONTAL]
    assert west == ((0, 1), (1, 1), (2, 1)) and east == tuple((x, 1) for x in range(3, 7))
    # the vertical street at x=3 is cut by water between (3,1) and (3,2)
    assert dict(tq.streets(s, (3, 1)))[Direction.VERTICAL] == ((3, 0), (3, 1))
    assert dict(tq.streets(s, (3, 2)))[Direction.VERTICAL] == ((3, 2), (3, 3))


def test_a_point_surrounded_by_park_has_no_street(tq):
    s = new_game(tq)
    lay(s, 2, 2, hborder={(0, 1): "park", (1, 1): "park"}, vborder={(1, 0): "park", (1, 1): "park"})
    assert tq.points(s) == [(1, 1)] and tq.streets(s, (1, 1)) == []


# ---- taxi ride ------------------------------------------------------------------------------

def test_a_taxi_rides_any_distance_along_complete_streets(tq):
    s = new_game(tq)
    lay(s, 5, 5)
    earlier(s, 0, (1, 1), TAXI)
    assert tq.taxi_targets(s, (1, 1)) == {(x, y) for x in range(1, 5) for y in range(1, 5)} - {(1, 1)}
    tq.apply(s, TaxiRide(0, 1, 1, 4, 4))  # turns corners on the way
    assert on_map(s) == {(4, 4): (0, TAXI)}


def test_a_taxi_path_is_blocked_by_any_vehicle(tq):
    s = new_game(tq)
    lay(s, 4, 2)  # one row of points: (1,1) (2,1) (3,1)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (2, 1), VAN)  # her own van blocks too
    assert tq.taxi_targets(s, (1, 1)) == set()
    refused(tq, s, TaxiRide(0, 1, 1, 3, 1), "no_taxi_path")
    s.vehicles[(2, 1)] = Standing(1, TAXI)  # so does Ben's taxi
    refused(tq, s, TaxiRide(0, 1, 1, 3, 1), "no_taxi_path")
    refused(tq, s, TaxiRide(0, 1, 1, 2, 1), "point_taken")


def test_a_taxi_cannot_pass_or_stop_on_an_incomplete_point(tq):
    s = new_game(tq)
    lay(s, 5, 2)  # points (1,1) .. (4,1)
    earlier(s, 0, (1, 1), TAXI)
    del s.tiles[(2, 1)]  # (2,1) and (3,1) are incomplete now
    assert tq.taxi_targets(s, (1, 1)) == set()
    refused(tq, s, TaxiRide(0, 1, 1, 4, 1), "no_taxi_path")
    refused(tq, s, TaxiRide(0, 1, 1, 2, 1), "point_incomplete")


def test_a_taxi_never_rides_half_streets_at_the_rim(tq):
    s = new_game(tq)
    lay(s, 3, 3)  # points (1,1) (2,1) (1,2) (2,2); the rim is around them
    earlier(s, 0, (1, 1), TAXI)
    assert tq.taxi_targets(s, (1, 1)) == {(2, 1), (1, 2), (2, 2)}
    refused(tq, s, TaxiRide(0, 1, 1, 0, 1), "point_incomplete")
    refused(tq, s, TaxiRide(0, 1, 1, 1, 0), "point_incomplete")


def test_a_taxi_cannot_cross_park_or_water(tq):
    s = new_game(tq)
    lay(s, 4, 2, hborder={(1, 1): "park"})  # park between points (1,1) and (2,1)
    earlier(s, 0, (1, 1), TAXI)
    assert tq.taxi_targets(s, (1, 1)) == set()
    refused(tq, s, TaxiRide(0, 1, 1, 3, 1), "no_taxi_path")


def test_a_taxi_ride_goes_to_another_point_with_ones_own_taxi(tq):
    s = new_game(tq)
    lay(s, 3, 3)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 1, (2, 2), TAXI)
    earlier(s, 0, (2, 1), VAN)
    refused(tq, s, TaxiRide(0, 1, 1, 1, 1), "same_point")
    refused(tq, s, TaxiRide(0, 2, 2, 1, 2), "no_own_vehicle_there")  # Ben's taxi
    refused(tq, s, TaxiRide(0, 2, 1, 1, 2), "no_own_vehicle_there")  # her van is no taxi


# ---- van ride -------------------------------------------------------------------------------

def test_a_van_rides_to_a_neighbouring_point(tq):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (2, 2), VAN)
    assert tq.van_targets(s, (2, 2)) == {(1, 2), (3, 2), (2, 1), (2, 3)}
    refused(tq, s, VanRide(0, 2, 2, 3, 3), "van_not_neighbour")  # diagonal
    refused(tq, s, VanRide(0, 2, 2, 2, 0), "point_incomplete")
    tq.apply(s, VanRide(0, 2, 2, 3, 2))
    assert on_map(s) == {(3, 2): (0, VAN)}


def test_a_van_target_must_be_complete_and_empty(tq):
    s = new_game(tq)
    lay(s, 4, 3)
    earlier(s, 0, (2, 1), VAN)
    earlier(s, 1, (3, 1), TAXI)
    refused(tq, s, VanRide(0, 2, 1, 3, 1), "point_taken")
    refused(tq, s, VanRide(0, 2, 1, 2, 0), "point_incomplete")
    assert tq.van_targets(s, (2, 1)) == {(1, 1), (2, 2)}


def test_a_van_rides_along_a_street_not_across_park_or_water(tq):
    s = new_game(tq)
    lay(s, 4, 3, hborder={(2, 1): "water"})
    earlier(s, 0, (2, 1), VAN)
    refused(tq, s, VanRide(0, 2, 1, 3, 1), "no_street")
    assert (3, 1) not in tq.van_targets(s, (2, 1))


# ---- competing ------------------------------------------------------------------------------

def rulebook_example(tq):
    """The rulebook's picture, 4 players: the green taxi is about to ride to crossing (2,2).

    Horizontally (y=2): a green van at (4,2), a red van at (1,2), a yellow taxi at (3,2).
    Vertically (x=2): a yellow van at (2,1). Blue stands at (4,4), on no street through (2,2).
    """
    s = new_game(tq, 4, first=GREEN)
    lay(s, 5, 5)
    earlier(s, GREEN, (1, 4), TAXI)
    earlier(s, GREEN, (4, 2), VAN)
    earlier(s, RED, (1, 2), VAN)
    earlier(s, YELLOW, (3, 2), TAXI)
    earlier(s, YELLOW, (2, 1), VAN)
    earlier(s, BLUE, (4, 4), TAXI)
    return s


def test_the_rulebook_competition_example(tq):
    s = rulebook_example(tq)
    ride = TaxiRide(GREEN, 1, 4, 2, 2, compete=True)
    tq.apply(s, ride)
    # horizontally green has 3 (taxi + van), red 2, yellow 1: the yellow taxi and the red van go
    # vertically yellow has 2 against green's 1: green is the active player, nothing happens
    assert on_map(s) == {(2, 2): (GREEN, TAXI), (4, 2): (GREEN, VAN), (2, 1): (YELLOW, VAN),
                         (4, 4): (BLUE, TAXI)}
    assert (s.seats[RED].vans, s.seats[YELLOW].taxis) == (2, 4)
    assert (s.seats[BLUE].taxis, s.seats[BLUE].vans) == (3, 2)  # blue untouched


def test_competing_is_optional(tq):
    s = rulebook_example(tq)
    tq.apply(s, TaxiRide(GREEN, 1, 4, 2, 2))
    assert len(s.vehicles) == 6


def test_a_competition_preview_changes_nothing(tq):
    s = rulebook_example(tq)
    before = s.copy()
    preview = tq.preview(s, TaxiRide(GREEN, 1, 4, 2, 2, compete=True))
    assert s == before
    assert sorted(preview.removed) == [((1, 2), Standing(RED, VAN)), ((3, 2), Standing(YELLOW, TAXI))]
    streets = {street.direction: street for street in preview.streets}
    assert streets[Direction.HORIZONTAL].strength == {GREEN: 3, RED: 2, YELLOW: 1}
    assert streets[Direction.VERTICAL].strength == {GREEN: 1, YELLOW: 2}
    assert streets[Direction.VERTICAL].removed == ()
    with pytest.raises(RuleViolation) as info:  # an illegal ride has no preview
        tq.preview(s, TaxiRide(GREEN, 1, 4, 4, 4))
    assert info.value.code == "point_taken"


def test_strength_is_van_two_taxi_one_per_player(tq):
    s = new_game(tq, 3)
    lay(s, 6, 3)  # one long street y=1: points (1,1) .. (5,1)
    earlier(s, 1, (1, 1), TAXI)
    earlier(s, 1, (2, 1), TAXI)  # Ben: two taxis = 2
    earlier(s, 2, (5, 1), VAN)  # Cas: a van = 2
    earlier(s, 0, (3, 2), VAN)
    tq.apply(s, VanRide(0, 3, 2, 3, 1, compete=True))  # Ann: a van = 2 — a tie with both
    assert len(s.vehicles) == 4


def test_a_tie_removes_nothing(tq):
    s = new_game(tq)
    lay(s, 5, 3)
    earlier(s, 1, (1, 1), TAXI)
    earlier(s, 0, (3, 2), TAXI)
    tq.apply(s, TaxiRide(0, 3, 2, 3, 1, compete=True))
    assert on_map(s)[(1, 1)] == (1, TAXI)


def test_every_weaker_player_on_the_street_loses_all_their_vehicles_there(tq):
    s = new_game(tq, 4)
    lay(s, 7, 3)  # the street y=1: points (1,1) .. (6,1)
    earlier(s, 0, (1, 1), VAN)
    earlier(s, 0, (2, 1), TAXI)  # Ann: 3 on the street
    earlier(s, 1, (4, 1), TAXI)
    earlier(s, 1, (5, 1), TAXI)  # Ben: 2
    earlier(s, 2, (6, 1), TAXI)  # Cas: 1
    earlier(s, 3, (3, 2), VAN)  # Dot's van, off the street
    earlier(s, 1, (4, 2), TAXI)  # Ben's taxi off the street stays
    tq.apply(s, PlaceTile(0, 7, 0, edges_for(tq, s, (7, 0))))  # a tile, no new point
    tq.apply(s, TaxiRide(0, 2, 1, 3, 1, compete=True))
    assert on_map(s) == {(1, 1): (0, VAN), (3, 1): (0, TAXI), (3, 2): (3, VAN), (4, 2): (1, TAXI)}
    assert s.seats[1].taxis == 4 - 1 and s.seats[2].taxis == 4


def test_only_streets_through_the_new_or_moved_vehicle_are_compared(tq):
    s = new_game(tq)
    lay(s, 5, 4)
    earlier(s, 0, (1, 1), VAN)
    earlier(s, 0, (2, 1), VAN)
    earlier(s, 1, (3, 1), TAXI)  # weaker than Ann on street y=1, but Ann competes elsewhere
    earlier(s, 0, (1, 3), TAXI)
    tq.apply(s, TaxiRide(0, 1, 3, 4, 3, compete=True))
    assert on_map(s)[(3, 1)] == (1, TAXI)


def test_competing_after_placing_a_new_vehicle(tq):
    s = new_game(tq)
    lay(s, 3, 2)
    earlier(s, 1, (1, 1), TAXI)
    lay(s, 1, 1, origin=(0, 2))
    lay(s, 1, 1, origin=(2, 2))
    place(tq, s, (1, 2))
    tq.apply(s, PlaceVehicle(0, 2, 2, "van", compete=True))
    assert (1, 1) in s.vehicles  # not on a street through (2,2): x=2 and y=2
    tq.apply(s, PlaceVehicle(0, 1, 2, "taxi", compete=True))
    # x=1 runs (1,0)-(1,3): Ben's taxi at (1,1) (1) against Ann's taxi (1): a tie
    assert (1, 1) in s.vehicles


def test_new_vehicles_from_one_tile_compete_in_the_order_placed(tq):
    s = new_game(tq)
    lay(s, 5, 2)
    del s.tiles[(2, 1)]  # the gap Ann fills: it completes (2,1) and (3,1) at once
    earlier(s, 1, (4, 1), VAN)  # Ben: 2 on the street y=1
    place(tq, s, (2, 1))
    assert s.pending == ((2, 1), (3, 1))
    tq.apply(s, PlaceVehicle(0, 2, 1, "van", compete=True))  # 2 against 2: a tie
    assert (4, 1) in s.vehicles
    tq.apply(s, PlaceVehicle(0, 3, 1, "taxi", compete=True))  # now 3 against 2
    assert (4, 1) not in s.vehicles
    assert s.current == 0 and s.done == [Act.PLACE]


def test_a_removed_vehicle_goes_back_to_its_owners_supply(tq):
    s = new_game(tq)
    lay(s, 4, 3)
    earlier(s, 1, (1, 1), VAN)
    earlier(s, 0, (2, 2), VAN)
    earlier(s, 0, (3, 1), TAXI)
    tq.apply(s, VanRide(0, 2, 2, 2, 1, compete=True))  # y=1: Ann 2+1=3 against Ben's van 2
    assert (1, 1) not in s.vehicles and s.seats[1].vans == 3


# ---- the end ---------------------------------------------------------------------------------

def test_the_last_vehicle_on_the_map_wins_at_once(tq):
    s = new_game(tq)
    s.seats[0].taxis, s.seats[0].vans = 1, 0  # the rest went on the map on earlier turns
    place(tq, s, (2, 0))
    place(tq, s, (2, 1))
    tq.apply(s, PlaceVehicle(0, 2, 1, "taxi"))
    assert s.phase is Phase.OVER and s.end_reason is EndReason.ALL_VEHICLES
    sheet = tq.score(s)
    assert sheet.winners == (0,) and sheet.decided_by == "all_vehicles_placed" and sheet.final
    assert verdict(sheet, NAMES[:2])[1] == "All their vehicles are on the map: the game ended at once."
    refused(tq, s, DrawTile(1), "not_playing")


def test_vehicles_sent_back_must_be_placed_again_before_winning(tq):
    s = new_game(tq)
    s.seats[0].taxis, s.seats[0].vans = 2, 0  # one taxi was sent back by a competition
    place(tq, s, (2, 0))
    place(tq, s, (2, 1))
    tq.apply(s, PlaceVehicle(0, 2, 1, "taxi"))
    assert s.phase is Phase.PLAY and s.current == 1


def test_the_final_round_ends_with_the_player_who_drew_the_last_tile(tq):
    s = new_game(tq, 3)
    s.supply = 3  # the others were drawn on earlier turns
    draw(tq, s), draw(tq, s)  # Ann
    draw(tq, s)  # Ben draws the last tile; his turn ends at once
    assert s.last_drawer == 1 and s.phase is Phase.FINAL_ROUND and s.current == 2
    assert tq.status(s).final_round
    pass_turn(tq, s)  # Cas
    pass_turn(tq, s)  # Ann
    assert s.phase is Phase.FINAL_ROUND and s.current == 1
    place(tq, s, (2, 0))
    place(tq, s, (2, 1))  # Ben's last turn: a placement, and a new vehicle
    assert s.phase is Phase.FINAL_ROUND
    tq.apply(s, PlaceVehicle(1, 2, 1, "van"))
    assert s.phase is Phase.OVER and s.end_reason is EndReason.FINAL_ROUND


def test_scoring_counts_vans_two_and_taxis_one(tq):
    s = new_game(tq)
    lay(s, 5, 5)
    earlier(s, 0, (1, 1), VAN)
    earlier(s, 0, (2, 2), TAXI)
    earlier(s, 0, (3, 3), TAXI)
    earlier(s, 1, (4, 4), VAN)
    sheet = tq.score(s)
    assert sheet.categories == ("vans", "taxis") and not sheet.final
    assert sheet.points == ((2, 2), (2, 0)) and sheet.totals == (4, 2) and sheet.winners == (0,)


def test_a_tie_on_points_is_shared(tq):
    s = new_game(tq)
    lay(s, 5, 5)
    earlier(s, 0, (1, 1), VAN)
    earlier(s, 1, (2, 2), TAXI)
    earlier(s, 1, (3, 3), TAXI)
    sheet = tq.score(s)
    assert sheet.totals == (2, 2) and sheet.winners == (0, 1) and sheet.shared
    assert sheet.decided_by is None  # no tie-breaker narrows it
    assert verdict(sheet, ("Ann", "Ben")) == (
        "Shared victory: Ann & Ben", "Tied on points: the rules name no tie-breaker.")


# ---- score-only -------------------------------------------------------------------------------

def test_score_only_mode_enters_each_players_vehicles(tq):
    s = new_game(tq, 3, mode="score_only")
    assert tq.status(s).waiting_for == "enter_vehicles" and tq.status(s).seat == 0
    tq.apply(s, EnterVehicles(0, 4, 2))
    tq.apply(s, EnterVehicles(2, 5, 1))
    refused(tq, s, EnterVehicles(0, 1, 1), "already_entered")
    refused(tq, s, EnterVehicles(1, 6, 0), "vehicle_count")
    refused(tq, s, EnterVehicles(1, 0, -1), "vehicle_count")
    tq.apply(s, EnterVehicles(1, 3, 0))
    sheet = tq.score(s)
    assert s.phase is Phase.OVER and sheet.final
    assert sheet.totals == (8, 3, 7) and sheet.winners == (0,)


def test_score_only_a_player_with_every_vehicle_out_won(tq):
    s = new_game(tq, 2, mode="score_only")
    tq.apply(s, EnterVehicles(0, 8, 3))
    refused(tq, s, EnterVehicles(1, 8, 3), "one_winner_all_placed")
    tq.apply(s, EnterVehicles(1, 8, 2))
    assert tq.score(s).winners == (0,)


def test_score_only_has_no_play(tq):
    s = new_game(tq, 2, mode="score_only")
    refused(tq, s, DrawTile(0), "not_playing")
    p = new_game(tq)
    refused(tq, p, EnterVehicles(0, 1, 1), "not_score_only")


# ---- bad input --------------------------------------------------------------------------------

def test_moves_out_of_turn_or_seat_are_refused(tq):
    s = new_game(tq)
    refused(tq, s, DrawTile(1), "not_your_turn")
    refused(tq, s, DrawTile(7), "no_such_seat")


def test_a_malformed_tile_is_refused(tq):
    s = new_game(tq)
    refused(tq, s, PlaceTile(0, 2, 0, ("red", "red", "red")), "tile_edges")
    refused(tq, s, PlaceTile(0, 2, 0, ("red", "red", "red", "green")), "unknown_edge")
    with pytest.raises(RuleViolation) as info:
        tq.parse_action({"type": "place_tile", "seat": 0, "x": "2", "y": 0, "edges": []})
    assert info.value.code == "malformed_action"
    from companion.games.ttr_nyc.engine import Pass
    refused(tq, s, Pass(0), "unknown_action")


# ---- the publisher's answers (Mücke Spiele's FAQ) ----------------------------------------

def test_faq_moving_a_vehicle_already_on_the_map_is_an_action(tq):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (3, 3), VAN)
    tq.apply(s, TaxiRide(0, 1, 1, 2, 1))
    assert s.current == 0 and len(s.done) == 1  # the first of the turn's two actions
    tq.apply(s, VanRide(0, 3, 3, 3, 2))
    assert s.current == 1  # the second: the turn is over


def test_faq_at_most_one_taxi_ride_and_one_van_ride_per_turn(tq):
    s = new_game(tq)
    lay(s, 4, 4)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (3, 3), TAXI)
    earlier(s, 0, (1, 3), VAN)
    earlier(s, 0, (3, 1), VAN)
    tq.apply(s, TaxiRide(0, 1, 1, 2, 2))
    refused(tq, s, TaxiRide(0, 3, 3, 2, 3), "one_ride_each")  # a second taxi ride
    tq.apply(s, VanRide(0, 1, 3, 1, 2))  # a van ride beside the taxi ride: the turn's second
    assert s.current == 1
    pass_turn(tq, s)
    tq.apply(s, VanRide(0, 3, 1, 3, 2))
    refused(tq, s, VanRide(0, 1, 2, 1, 1), "one_ride_each")  # a second van ride


def test_faq_rides_use_only_complete_streets_free_crossings_and_corners(tq):
    s = new_game(tq)
    lay(s, 3, 3)  # points (1,1) (2,1) (1,2) (2,2); half streets at the rim around them
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (2, 2), VAN)
    earlier(s, 1, (2, 1), TAXI)  # a crossing that is not free
    refused(tq, s, TaxiRide(0, 1, 1, 0, 1), "point_incomplete")  # a half street at the rim
    refused(tq, s, TaxiRide(0, 1, 1, 2, 1), "point_taken")
    refused(tq, s, VanRide(0, 2, 2, 3, 2), "point_incomplete")
    assert tq.taxi_targets(s, (1, 1)) == {(1, 2)}
    assert tq.van_targets(s, (2, 2)) == {(1, 2)}


def test_faq_a_taxi_rides_any_distance_while_the_way_is_free_a_van_one_crossing(tq):
    s = new_game(tq)
    lay(s, 5, 5)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 0, (4, 1), VAN)
    earlier(s, 1, (3, 3), TAXI)  # in the way of nothing on row 1
    refused(tq, s, VanRide(0, 4, 1, 4, 3), "van_not_neighbour")  # two crossings away
    tq.apply(s, TaxiRide(0, 1, 1, 3, 1))  # two crossings along a free street
    tq.apply(s, VanRide(0, 4, 1, 4, 2))  # one crossing
    assert on_map(s) == {(3, 1): (0, TAXI), (4, 2): (0, VAN), (3, 3): (1, TAXI)}
    s = new_game(tq)
    lay(s, 4, 2)  # one street of points: (1,1) (2,1) (3,1)
    earlier(s, 0, (1, 1), TAXI)
    earlier(s, 1, (2, 1), VAN)  # the way is not free: no ride past it
    refused(tq, s, TaxiRide(0, 1, 1, 3, 1), "no_taxi_path")


def test_faq_placing_on_a_completed_crossing_and_competing_are_not_actions_and_optional(tq):
    def gap_filled():  # Ann lays the tile that completes the crossings (2,1) and (3,1)
        s = new_game(tq)
        lay(s, 5, 2)
        del s.tiles[(2, 1)]
        earlier(s, 1, (4, 1), TAXI)  # Ben's taxi on the street y=1
        place(tq, s, (2, 1))
        assert s.pending == ((2, 1), (3, 1)) and s.done == [Act.PLACE]
        return s

    s = gap_filled()
    supply = s.seats[1].taxis
    tq.apply(s, PlaceVehicle(0, 2, 1, "van", compete=True))  # 2 against 1: Ben's taxi goes
    assert (4, 1) not in s.vehicles and s.seats[1].taxis == supply + 1
    assert s.current == 0 and s.done == [Act.PLACE]  # neither placing nor competing was one
    draw(tq, s)  # the turn's second action
    assert s.current == 1
    s = gap_filled()
    tq.apply(s, PlaceVehicle(0, 2, 1, "van"))  # placed without competing: Ben's taxi stays
    assert on_map(s) == {(2, 1): (0, VAN), (4, 1): (1, TAXI)} and s.done == [Act.PLACE]
    pass_turn(tq, s)  # nothing placed on (3,1): allowed
    assert s.current == 1 and (3, 1) not in s.vehicles
