"""Manhattan TraffIQ's words in the player's language: colours, edges, vehicles and log lines."""

from __future__ import annotations

from companion.app import words
from companion.app.i18n import _, ngettext
from companion.core.rules import RuleViolation

from .. import GAME_KIND
from ..engine import Edge, Vehicle
from ..engine.scoring import ALL_VEHICLES

COLOUR_NAMES = {  # the vehicles' colours in the box
    "red": lambda: _("red"),
    "yellow": lambda: _("yellow"),
    "blue": lambda: _("blue"),
    "green": lambda: _("green"),
}
EDGE_NAMES = {  # what a tile shows along a side
    Edge.RED: lambda: _("red block"),
    Edge.BEIGE: lambda: _("beige block"),
    Edge.PARK: lambda: _("park"),
    Edge.WATER: lambda: _("water"),
}


def colour_name(colour: str) -> str:
    name = COLOUR_NAMES.get(colour)
    return name() if name else colour


def edge_name(edge: Edge) -> str:
    return EDGE_NAMES[edge]()


def vehicle_name(vehicle: Vehicle | str) -> str:
    vehicle = Vehicle(vehicle)
    return _("Taxi") if vehicle is Vehicle.TAXI else _("Van")


def tile_words(edges) -> str:
    """'red block, park, water, beige block' (north, east, south, west)."""
    return ", ".join(edge_name(Edge(e)) if not isinstance(e, Edge) else edge_name(e)
                     for e in edges)


def describe(action, players: tuple[str, ...], rules=None, state=None) -> str:
    """One line of the game's log."""
    if action is None:
        return _("A move was taken back.")
    kind = action.type
    who = players[action.seat] if getattr(action, "seat", None) is not None else ""
    if kind == "place_tile":
        return _("{player} placed a district tile").format(player=who)
    if kind == "place_vehicle":
        return _place_line(action, who)
    if kind == "taxi_ride":
        return (_("{player}: taxi ride, then competed") if action.compete
                else _("{player}: taxi ride")).format(player=who)
    if kind == "van_ride":
        return (_("{player}: van ride, then competed") if action.compete
                else _("{player}: van ride")).format(player=who)
    if kind == "draw_tile":
        return _("{player} drew a district tile").format(player=who)
    if kind == "show_tile":
        return _("{player} scanned a tile drawn at setup").format(player=who)
    if kind == "end_turn":
        return _("{player} ended the turn").format(player=who)
    if kind == "enter_vehicles":
        # two counts: each counted phrase takes its own plural form
        return _("{player}: {taxis} and {vans} on the map").format(
            player=who, taxis=ngettext("{n} taxi", "{n} taxis", action.taxis).format(
                n=action.taxis),
            vans=ngettext("{n} van", "{n} vans", action.vans).format(n=action.vans))
    return kind


def _place_line(action, who: str) -> str:
    if action.vehicle == Vehicle.TAXI.value:
        return (_("{player} put a taxi on a new crossing and competed") if action.compete
                else _("{player} put a taxi on a new crossing")).format(player=who)
    return (_("{player} put a van on a new crossing and competed") if action.compete
            else _("{player} put a van on a new crossing")).format(player=who)


VEHICLE_NAMES = {  # a reason's {vehicle}, small inside a sentence
    "taxi": lambda: _("taxi"),
    "van": lambda: _("van"),
}


def blank_name(key: str, value):
    """A reason's blank in words: a vehicle by its name in the language."""
    if key == "vehicle" and value in VEHICLE_NAMES:
        return VEHICLE_NAMES[value]()
    return value


PLACE_NAMES = {  # where a start tile lies (engine.box.PLACES, the same words in English)
    "top_left": lambda p: _("top left"),
    "top_right": lambda p: _("top right"),
    "bottom_left": lambda p: _("bottom left"),
    "bottom_right": lambda p: _("bottom right"),
    "top": lambda p: _("in the top row, number {n} from the left").format(**p),
    "bottom": lambda p: _("in the bottom row, number {n} from the left").format(**p),
    "row_left": lambda p: _("on the left in row {row} from the top").format(**p),
    "row_right": lambda p: _("on the right in row {row} from the top").format(**p),
    "row": lambda p: _("in row {row} from the top, number {n} from the left").format(**p),
}


def explain(violation: RuleViolation, _state=None) -> str:
    """The engine's reason, translated: its vehicles and colours named in the language, a start
    tile by where it lies on the table."""
    params = violation.params

    def name(key: str, value):
        if key == "where" and params.get("place") in PLACE_NAMES:
            return PLACE_NAMES[params["place"]](params)
        if key == "colour":
            return colour_name(value)
        if key == "colours":  # the engine's "red, yellow": a list of colour ids
            return ", ".join(colour_name(c) for c in str(value).split(", "))
        return blank_name(key, value)

    return words.explain(violation, name, GAME_KIND)


def verdict(sheet, players) -> tuple[str, str]:
    """The results screen's two lines: who won and why. The rulebook names no tie-breaker, so the
    only `decided_by` is the instant win (every vehicle on the map)."""
    winners = " & ".join(players[seat] for seat in sheet.winners)
    if sheet.decided_by == ALL_VEHICLES:
        return (_("{player} wins!").format(player=winners),
                _("All their vehicles are on the map: the game ended at once."))
    if sheet.shared:
        return (_("Shared victory: {players}").format(players=winners),
                _("Tied on points: the rules name no tie-breaker."))
    return _("{player} wins!").format(player=winners), _("A van on the map scores 2, a taxi 1.")
