"""The way a known tile is laid first at a tap on its cell: the turns that fit, ranked by what
they give the player to move (docs/traffiq-rules.md, "A tile is laid at the tap")."""

from __future__ import annotations

from companion.boards import rules_for
from companion.games.traffiq.engine import Standing, Tile, Vehicle

RULES = rules_for("manhattan-traffiq")
EAST_OF_START = (2, 0)  # touches the start tile (1, 0) on its west side: a red side


def new_game():
    return RULES.new_state(("Anna", "Ben"), {"first": 0})


def offered(state, cell=EAST_OF_START) -> list[tuple[str, ...]]:
    spot = next(s for s in RULES.tile_spots(state, 0) if s.cell == cell)
    return [turn.names() for turn in spot.turns]


def test_the_way_that_lets_another_tile_of_the_hand_complete_a_crossing_beside_it_comes_first():
    """Laid at (2, 0), the tile's south side decides whether the hand's other tile fits at
    (2, 1), where it completes the crossing at point (2, 1): a new vehicle."""
    state = new_game()
    held = Tile.parse(["park", "water", "red", "red"])  # as held: south red
    other = Tile.parse(["water", "beige", "beige", "beige"])  # fits (2, 1) under a water side
    state.seats[0].hand[:] = [held, other]
    ways = offered(state)
    assert ways[0] == ("red", "park", "water", "red")  # south water: the other tile fits below
    assert held.names() in ways


def test_no_crossing_counts_for_a_player_with_no_vehicle_left_to_put():
    state = new_game()
    held = Tile.parse(["park", "water", "red", "red"])
    state.seats[0].hand[:] = [held, Tile.parse(["water", "beige", "beige", "beige"])]
    state.seats[0].taxis = state.seats[0].vans = 0
    assert offered(state)[0] == held.names()  # as held


def test_the_way_that_keeps_the_players_own_street_open_comes_first():
    """A taxi of the player at (1, 1): the tile's south side at (2, 0) runs on along its line
    from (2, 1); park there would end that street, a red side keeps it going."""
    state = new_game()
    held = Tile.parse(["red", "red", "park", "red"])  # as held: park to the south
    state.seats[0].hand[:] = [held]
    state.vehicles[(1, 1)] = Standing(0, Vehicle.TAXI)
    ways = offered(state)
    assert ways[-1] == held.names()
    assert all(way[2] == "red" for way in ways[:-1])


def test_another_players_vehicle_does_not_rank_the_ways():
    state = new_game()
    held = Tile.parse(["red", "red", "park", "red"])
    state.seats[0].hand[:] = [held]
    state.vehicles[(1, 1)] = Standing(1, Vehicle.TAXI)
    assert offered(state)[0] == held.names()


def test_every_way_offered_is_legal_and_each_fitting_way_is_offered_once():
    state = new_game()
    held = Tile.parse(["red", "red", "park", "red"])
    state.seats[0].hand[:] = [held]
    state.vehicles[(1, 1)] = Standing(0, Vehicle.TAXI)
    fitting = {t.names() for t in held.rotations() if RULES.check(state, RULES.parse_action(
        {"type": "place_tile", "seat": 0, "x": 2, "y": 0, "edges": list(t.names())})) is None}
    ways = offered(state)
    assert len(ways) == len(set(ways)) and set(ways) == fitting
