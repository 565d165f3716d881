"""Manhattan TraffIQ: a scanned tile drawn goes into the hand with its edges (the table saw it),
and is placed from there without the sides set by hand; with "Scan every tile drawn" (the option
scanned_draws) every draw names its tile (issue 17, points 3 and 4)."""

from __future__ import annotations

import pytest

from companion.boards import rules_for
from companion.core.rules import RuleViolation
from companion.games.traffiq.engine import DrawTile, EndTurn, PlaceTile

NAMES = ("Ann", "Ben")


@pytest.fixture(scope="module")
def tq():
    return rules_for("manhattan-traffiq")


def a_tile(tq):
    return next(iter(tq.box.scenarios["times_square"].tiles.values()))


def test_a_scanned_tile_drawn_goes_into_the_hand_with_its_edges_and_is_placed_from_it(tq):
    for tile in {*tq.box.scenarios["times_square"].tiles.values()}:
        s = tq.new_state(NAMES, {"first": 0})
        tq.apply(s, DrawTile(0, tile.names()))
        assert tile in s.seats[0].hand and s.seats[0].hand.count(None) == 2
        tq.apply(s, EndTurn(0))
        tq.apply(s, EndTurn(1))  # a tile is placed first in a turn: the next one
        spots = tq.tile_spots(s, 0, tile)
        if spots:
            break
    assert spots, "a scanned tile fits somewhere"
    spot = next(spot for spot in spots if spot.turns)
    tq.apply(s, PlaceTile(0, spot.cell[0], spot.cell[1], spot.turns[0].names()))
    assert s.tiles[spot.cell] == spot.turns[0] and tile not in s.seats[0].hand


def test_every_tile_drawn_is_scanned_where_the_option_says_so(tq):
    s = tq.new_state(NAMES, {"first": 0, "scanned_draws": True})
    before = s.copy()
    with pytest.raises(RuleViolation) as info:
        tq.apply(s, DrawTile(0))
    assert info.value.code == "scan_the_tile" and s == before
    tq.apply(s, DrawTile(0, a_tile(tq).names()))
    assert s.seats[0].hand[-1] == a_tile(tq) and s.copy().scanned_draws


def test_scanned_draws_is_a_yes_or_no_option(tq):
    with pytest.raises(RuleViolation) as info:
        tq.new_state(NAMES, {"scanned_draws": 1})
    assert info.value.code == "bad_option"
