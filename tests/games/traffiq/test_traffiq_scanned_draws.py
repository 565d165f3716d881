"""Manhattan TraffIQ: a scanned tile drawn goes into the hand with its edges (the table saw it),
and is placed from there without the sides set by hand; with "Scan every tile drawn" (the option
scanned_draws) every draw names its tile."""

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


SETUP = {"first": 1, "scanned_draws": True, "scanned_setup": True}


def test_the_tiles_drawn_at_setup_are_scanned_before_the_first_turn(tq):
    """[decision] With scanned_setup every player's 2 setup tiles are shown
    (show_tile, one at a time, from the first player on); until then no move of play is taken,
    and once they are the first player's turn begins with every hand known."""
    from companion.core.rules import Phase
    from companion.games.traffiq.engine import ShowTile
    s = tq.new_state(NAMES, SETUP)
    status = tq.status(s)
    assert (status.phase, status.seat, status.waiting_for) == (Phase.SETUP, 1, "show_tile")
    before = s.copy()
    for action in (DrawTile(1, a_tile(tq).names()), PlaceTile(1, 5, 5, a_tile(tq).names()),
                   EndTurn(1)):
        with pytest.raises(RuleViolation) as info:
            tq.apply(s, action)
        assert info.value.code == "show_tiles_first" and s == before
    offered = {move.kind: move.open for move in tq.moves(s, 1)}
    assert offered.pop("show_tile") and not any(offered.values()), offered
    tiles = list({*tq.box.scenarios["times_square"].tiles.values()})[:4]
    for seat, tile in zip((1, 1, 0, 0), tiles):
        assert tq.status(s).seat == seat
        tq.apply(s, ShowTile(seat, tile.names()))
    assert [s.seats[1].hand, s.seats[0].hand] == [tiles[:2], tiles[2:]]
    status = tq.status(s)
    assert (status.phase, status.seat, status.waiting_for) == (Phase.PLAY, 1, None)
    assert tq.actions_left(s) == 2 and s.done == []


def test_a_tile_is_shown_only_at_setup_and_only_while_a_hand_holds_an_unseen_one(tq):
    from companion.games.traffiq.engine import ShowTile
    tile = a_tile(tq).names()
    s = tq.new_state(NAMES, SETUP)
    tq.apply(s, ShowTile(0, tile))
    tq.apply(s, ShowTile(0, tile))  # any seat may go first: the table scans as it likes
    with pytest.raises(RuleViolation) as info:
        tq.apply(s, ShowTile(0, tile))
    assert info.value.code == "tiles_already_shown"
    played = tq.new_state(NAMES, {"first": 0, "scanned_draws": True})
    with pytest.raises(RuleViolation) as info:
        tq.apply(played, ShowTile(0, tile))
    assert info.value.code == "show_tile_at_setup"


def test_scanned_setup_is_a_yes_or_no_option_and_score_only_has_no_setup(tq):
    from companion.core.rules import Phase
    with pytest.raises(RuleViolation) as info:
        tq.new_state(NAMES, {"scanned_setup": "yes"})
    assert info.value.code == "bad_option"
    s = tq.new_state(NAMES, {"mode": "score_only", "scanned_setup": True})
    assert s.phase is Phase.SCORING
