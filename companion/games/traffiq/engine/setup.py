"""Setting up a game of Manhattan TraffIQ: the options checked, the start tiles laid, the hands
and vehicles dealt."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.options import read_bool, read_mode
from companion.core.rules import Phase, RuleViolation, check_players
from companion.core.table_options import read_table_options
from .box import Box, parse_layout
from .city import Cell
from .options import TraffiqTable
from .tiles import Tile
from .state import EndReason, Mode, PlayerState, TraffiqState

GAME = "Manhattan TraffIQ"


def new_game(box: Box, players: tuple[str, ...],
             options: Mapping[str, Any]) -> TraffiqState:
    """The scenario's start tiles on the table, 2 district tiles drawn by each player, each
    player's vehicles for the player count (score-only: no hands, straight to scoring)."""
    check_players(players, GAME, box.min_players, box.max_players)
    mode = read_mode(options)
    first = _option_first(options, len(players))
    scenario = options.get("scenario", "times_square")
    if not isinstance(scenario, str) or scenario not in box.scenarios:
        raise RuleViolation("bad_option", "Unknown scenario {scenario!r}: use {known}.",
                            scenario=scenario, known=" or ".join(box.scenarios))
    tiles = (_within_reach(box, parse_layout(options["start_tiles"]))
             if "start_tiles" in options else dict(box.scenarios[scenario].tiles))
    _check_colours(box, options, len(players))
    allot = box.allotments[len(players)]
    hand = box.hand if mode is Mode.PLAY else 0
    seats = [PlayerState([None] * hand, allot.taxis, allot.vans) for _ in players]
    state = TraffiqState(players=players, mode=mode, scenario=scenario, first=first,
                         phase=Phase.PLAY, current=first, seats=seats, tiles=tiles,
                         vehicles={}, supply=box.district_tiles - hand * len(players),
                         scanned_draws=read_bool(options, "scanned_draws"),
                         table=read_table_options(TraffiqTable, options))
    if read_bool(options, "scanned_setup") and mode is Mode.PLAY:
        state.phase = Phase.SETUP  # the tiles drawn at setup are scanned first (show_tile)
    if mode is Mode.SCORE_ONLY:
        state.phase = Phase.SCORING
        state.end_reason = EndReason.SCORE_ONLY
        state.entered = [False] * len(players)
    return state


def _within_reach(box: Box, tiles: dict[Cell, Tile]) -> dict[Cell, Tile]:
    """Start tiles given in the options lie where the box's tiles can reach: within as many
    cells of 0,0 as there are tiles in the box (the city grows one tile at a time from them)."""
    reach = box.district_tiles + max(len(s.tiles) for s in box.scenarios.values())
    for x, y in tiles:
        if abs(x) > reach or abs(y) > reach:
            raise RuleViolation("bad_layout", "The start tile on {x},{y} lies beyond the box's "
                                "reach: its distance from 0,0 is at most {reach}.", x=x, y=y, reach=reach)
    return tiles


def _check_colours(box: Box, options: Mapping[str, Any], players: int) -> None:
    """The seats' colours (the header's `colours`, in seat order) are ones the box holds every
    player's vehicles of: "2 Spieler (Rot, Gelb) … 3 Spieler (Rot, Gelb, Blau)". Only a header
    with `rulebook_colours` is held to it: older logs replay with the colours they stored (the
    vehicles per player never depended on the colour)."""
    colours = options.get("colours")
    if colours is None or not options.get("rulebook_colours"):
        return
    if (not isinstance(colours, list) or len(colours) != players
            or len(set(map(str, colours))) != players
            or not all(c in box.colours for c in colours)):
        raise RuleViolation("bad_option", "The option colours names each player's colour once, "
                            "from {known}.", known=", ".join(box.colours))
    allot = box.allotments[players]
    for colour in colours:
        if not box.supplies(colour, players):
            raise RuleViolation(
                "colour_not_in_box", "In a game of {count}, each player needs "
                "{need_taxis} × taxi and {need_vans} × van; the box holds only {taxis} × taxi "
                "and {vans} × van of the colour {colour}. In a game of {count}, play these "
                "colours: {colours}.",
                count=players, need_taxis=allot.taxis, need_vans=allot.vans,
                taxis=box.box_taxis[colour], vans=box.box_vans[colour], colour=colour,
                colours=", ".join(box.colours_for(players)))



def _option_first(options: Mapping[str, Any], players: int) -> int:
    first = options.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise RuleViolation("bad_option", "The starting seat must be 0 to {last}.",
                            last=players - 1)
    return first
