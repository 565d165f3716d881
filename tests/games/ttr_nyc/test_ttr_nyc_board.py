"""Invariants of the Ticket to Ride: New York component data, data/ttr_nyc/board.json."""

from __future__ import annotations

import heapq
import json
from collections import Counter
from pathlib import Path

import pytest

from companion.boards import data_dir
from companion.games.ttr_nyc.engine import Card

REPO_DATA = Path(__file__).resolve().parents[3] / "data" / "ttr_nyc"
SHARED_DATA = Path(__file__).resolve().parents[4] / "shared" / "data"
BOARD_FILE = "board.json"  # ../shared/data/ttr-nyc-board.json in the shared folder
SHARED_FILE = "ttr-nyc-board.json"

COLOURS = ("blue", "green", "black", "pink", "red", "orange")


@pytest.fixture(scope="module")
def raw():
    with open(data_dir() / "ttr_nyc" / BOARD_FILE, encoding="utf-8") as f:
        return json.load(f)


def _graph(board) -> dict[str, list[tuple[str, int]]]:
    graph: dict[str, list[tuple[str, int]]] = {loc: [] for loc in board.locations}
    for route in board.routes.values():
        graph[route.a].append((route.b, route.length))
        graph[route.b].append((route.a, route.length))
    return graph


def _shortest(graph: dict[str, list[tuple[str, int]]], start: str) -> dict[str, int]:
    """Dijkstra: the fewest spaces from `start` to every reachable location."""
    dist = {start: 0}
    queue = [(0, start)]
    done: set[str] = set()
    while queue:
        d, loc = heapq.heappop(queue)
        if loc in done:
            continue
        done.add(loc)
        for other, length in graph[loc]:
            if other not in dist or d + length < dist[other]:
                dist[other] = d + length
                heapq.heappush(queue, (d + length, other))
    return dist


# ---- locations ---------------------------------------------------------------------------------

def test_15_locations(board):
    assert len(board.locations) == 15
    assert all(loc_id == loc.id for loc_id, loc in board.locations.items())
    assert len({loc.name for loc in board.locations.values()}) == 15


def test_9_tourist_attractions(board):
    assert len(board.attractions) == 9
    assert board.attractions == {
        "central_park", "times_square", "united_nations", "empire_state_building", "chelsea",
        "greenwich_village", "chinatown", "wall_street", "brooklyn"}


def test_locations_sit_on_the_board_picture(board):
    for loc in board.locations.values():
        x, y = loc.xy
        assert 0 <= x <= 534 and 0 <= y <= 750, loc


# ---- routes ------------------------------------------------------------------------------------

def test_41_routes_with_84_spaces(board):
    assert len(board.routes) == 41
    assert sum(route.length for route in board.routes.values()) == 84


def test_routes_join_two_different_known_locations(board):
    for route_id, route in board.routes.items():
        assert route.id == route_id
        assert route.a in board.locations and route.b in board.locations, route
        assert route.a != route.b, route
        assert route.length in board.route_points, route


def test_every_location_is_on_a_route_and_the_board_is_connected(board):
    graph = _graph(board)
    assert all(graph[loc] for loc in board.locations)
    assert set(_shortest(graph, next(iter(board.locations)))) == set(board.locations)


def test_route_colours(board, raw):
    assert {r["color"] for r in raw["routes"]} <= set(COLOURS) | {"gray"}
    assert {r["color"] for r in raw["routes"]} == set(COLOURS) | {"gray"}
    for r in raw["routes"]:
        route = board.routes[r["id"]]
        if r["color"] == "gray":
            assert route.colour is None and route.gray
        else:
            assert route.colour is Card.parse(r["color"]) and route.colour is not Card.TAXI
            assert not route.gray


def test_11_double_routes(board):
    doubles = [route for route in board.routes.values() if route.sibling is not None]
    assert len(doubles) == 22
    pairs = {frozenset((route.id, route.sibling)) for route in doubles}
    assert len(pairs) == 11
    for route in doubles:
        sibling = board.routes[route.sibling]
        assert sibling.id != route.id
        assert sibling.sibling == route.id, route
        assert {sibling.a, sibling.b} == {route.a, route.b}, route
        assert sibling.length == route.length, route


def test_only_siblings_share_their_two_locations(board):
    by_ends = Counter(frozenset((route.a, route.b)) for route in board.routes.values())
    for route in board.routes.values():
        expected = 1 if route.sibling is None else 2
        assert by_ends[frozenset((route.a, route.b))] == expected, route


def test_double_flag_matches_sibling(raw):
    for r in raw["routes"]:
        assert r["double"] == (r["sibling"] is not None), r


def test_route_points_table(board):
    assert dict(board.route_points) == {1: 1, 2: 2, 3: 4, 4: 7}


# ---- tickets -----------------------------------------------------------------------------------

def test_18_tickets_worth_92_points(board):
    assert len(board.tickets) == 18
    assert sum(ticket.points for ticket in board.tickets.values()) == 92
    for ticket_id, ticket in board.tickets.items():
        assert ticket.id == ticket_id
        assert ticket.a in board.locations and ticket.b in board.locations, ticket
        assert ticket.a != ticket.b, ticket
        assert ticket.points > 0, ticket
    assert len({frozenset((t.a, t.b)) for t in board.tickets.values()}) == 18


def test_each_ticket_is_worth_its_shortest_path(board):
    graph = _graph(board)
    wrong = []
    for ticket in board.tickets.values():
        there = _shortest(graph, ticket.a)[ticket.b]
        back = _shortest(graph, ticket.b)[ticket.a]
        assert there == back
        if there != ticket.points:
            wrong.append(f"{ticket.id} {ticket.a}–{ticket.b}: {ticket.points} points, "
                         f"shortest path {there} spaces")
    assert not wrong, "\n".join(wrong)


def test_dijkstra_on_a_known_path(board):
    # Lincoln Center – Times Square (2) – Empire State Building (1) – Gramercy Park (1)
    # – Greenwich Village (2) = 6, the shortest of several ways; from Gramercy Park on to
    # East Village (2) – Lower East Side (1) – Brooklyn (3) = 10
    dist = _shortest(_graph(board), "lincoln_center")
    assert dist["lincoln_center"] == 0
    assert dist["greenwich_village"] == 6
    assert dist["brooklyn"] == 10


# ---- the box -----------------------------------------------------------------------------------

def test_44_transportation_cards(board, raw):
    assert sum(board.box) == 44
    assert len(board.box) == len(Card)
    for colour in COLOURS:
        assert board.box[Card.parse(colour)] == 6
    assert board.box[Card.TAXI] == 8
    assert raw["transportation_deck"] == {"per_color": 6, "taxi_wild": 8, "total": 44}
    assert tuple(raw["card_colors"]) == COLOURS
    assert tuple(card.key for card in Card) == COLOURS + ("taxi",)


def test_box_and_setup_numbers(board):
    assert board.taxis_per_player == 15
    assert (board.min_players, board.max_players) == (2, 4)
    assert len(board.taxi_colours) == board.max_players
    assert board.initial_hand == 2
    assert board.face_up == 5
    assert board.flush_threshold == 3
    assert board.tickets_dealt == 2 and board.tickets_drawn == 2 and board.keep_min == 1
    assert board.end_trigger == 2
    assert board.attraction_points == 1
    assert board.doubles_single_use == {2}
    # the deck can always deal every hand and the display
    assert sum(board.box) >= board.max_players * board.initial_hand + board.face_up
    assert len(board.tickets) >= board.max_players * board.tickets_dealt


# ---- the shared copy ---------------------------------------------------------------------------

@pytest.mark.skipif(not (SHARED_DATA / SHARED_FILE).exists(),
                    reason=f"no shared board data at {SHARED_DATA}")
def test_board_file_is_the_shared_one():
    ours = (REPO_DATA / BOARD_FILE).read_bytes()
    shared = (SHARED_DATA / SHARED_FILE).read_bytes()
    if ours != shared:
        same_content = json.loads(ours) == json.loads(shared)
        pytest.fail(f"{REPO_DATA / BOARD_FILE} differs from {SHARED_DATA / SHARED_FILE}"
                    + (" (same JSON, different formatting)" if same_content else ""))
