"""What comes in the box: district tiles, vehicles per player count, the start scenarios."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping

from companion.core.rules import RuleViolation
from .city import Cell, mismatches, touches
from .tiles import Tile


class Vehicle(Enum):
    """Vans count 2 points, taxis 1: on a street when competing, and at the final scoring."""

    TAXI = "taxi"
    VAN = "van"

    @property
    def points(self) -> int:
        return 2 if self is Vehicle.VAN else 1


def parse_vehicle(name: object) -> Vehicle:
    try:
        return Vehicle(name)
    except ValueError:
        raise RuleViolation("unknown_vehicle", "Unknown vehicle {vehicle!r}: use taxi or van.",
                            vehicle=name) from None


@dataclass(frozen=True)
class Allotment:
    """Each player's vehicles for one player count."""

    taxis: int
    vans: int

    @property
    def total(self) -> int:
        return self.taxis + self.vans


@dataclass(frozen=True)
class Scenario:
    """A start layout: the tiles on the table before the first turn."""

    id: str
    name: str
    tiles: Mapping[Cell, Tile]
    verified: bool  # whether the edges were checked against the printed tiles


@dataclass(frozen=True)
class Box:
    min_players: int
    max_players: int
    district_tiles: int
    hand: int  # tiles each player draws at setup
    colours: tuple[str, ...]  # the vehicle colours, in the order seats take them
    allotments: Mapping[int, Allotment]  # player count -> vehicles per player
    box_taxis: Mapping[str, int]  # colour -> taxis in the box
    box_vans: Mapping[str, int]
    scenarios: Mapping[str, Scenario]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Box":
        return cls(
            min_players=data["min_players"],
            max_players=data["max_players"],
            district_tiles=data["district_tiles"],
            hand=data["hand"],
            colours=tuple(data["colours"]),
            allotments={int(n): Allotment(a["taxis"], a["vans"])
                        for n, a in data["vehicles_per_player"].items()},
            box_taxis=dict(data["box"]["taxis"]),
            box_vans=dict(data["box"]["vans"]),
            scenarios={key: Scenario(key, s["name"], parse_layout(s["tiles"]), s["verified"])
                       for key, s in data["scenarios"].items()},
        )

    def supplies(self, colour: str, players: int) -> bool:
        """Whether the box holds a player's vehicles for this player count in this colour."""
        allot = self.allotments[players]
        return (self.box_taxis.get(colour, 0) >= allot.taxis
                and self.box_vans.get(colour, 0) >= allot.vans)

    def colours_for(self, players: int) -> tuple[str, ...]:
        """The colours played with this many players: those the box holds enough vehicles of
        (the rulebook's 2: red, yellow; 3: red, yellow, blue; 4: all four). A count outside
        the box's (New game filling its first seat) is taken as the nearest one."""
        players = min(max(players, self.min_players), self.max_players)
        return tuple(c for c in self.colours if self.supplies(c, players))


def parse_layout(rows: Any) -> dict[Cell, Tile]:
    """Tiles given as [x, y, north, east, south, west] rows (JSON), checked to fit together."""
    if not isinstance(rows, list) or not rows:
        raise RuleViolation("bad_layout", "A start layout is a list of [x, y, north, east, "
                            "south, west] rows.")
    tiles: dict[Cell, Tile] = {}
    for row in rows:
        if (not isinstance(row, list) or len(row) != 6
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in row[:2])):
            raise RuleViolation("bad_layout", "A start layout row is [x, y, north, east, south, "
                                "west], not {row!r}.", row=row)
        cell = (row[0], row[1])
        if cell in tiles:
            raise RuleViolation("bad_layout", "Two start tiles lie on cell {x},{y}.",
                                x=cell[0], y=cell[1])
        tiles[cell] = Tile.parse(row[2:])
    for cell, tile in tiles.items():
        others = {c: t for c, t in tiles.items() if c != cell}
        if mismatches(others, cell, tile):
            raise RuleViolation("bad_layout", "The start tile {where} does not match its "
                                "neighbours.", **place_of(tiles, cell))
        if len(tiles) > 1 and not touches(others, cell):
            raise RuleViolation("bad_layout", "The start tile {where} touches no other.",
                                **place_of(tiles, cell))
    return tiles


# Where a start tile lies, as players find it on the table (the UI says the same in its words).
PLACES = {
    "top_left": "top left", "top_right": "top right",
    "bottom_left": "bottom left", "bottom_right": "bottom right",
    "top": "in the top row, number {n} from the left",
    "bottom": "in the bottom row, number {n} from the left",
    "row_left": "on the left in row {row} from the top",
    "row_right": "on the right in row {row} from the top",
    "row": "in row {row} from the top, number {n} from the left",
}


def place_of(tiles: Mapping[Cell, Tile], cell: Cell) -> dict[str, Any]:
    """A reason's blanks naming a tile of a layout by where it lies, not by its grid cell: its
    row counted from the top and its place in that row from the left (`place` a key of PLACES,
    `where` its English words), besides the cell `x`, `y` for the screen to light."""
    x, y = cell
    rows = sorted({cy for _cx, cy in tiles})
    in_row = sorted(cx for cx, cy in tiles if cy == y)
    row, n = rows.index(y) + 1, in_row.index(x) + 1
    edge = "top" if row == 1 else "bottom" if row == len(rows) else "row"
    side = "left" if n == 1 else "right" if n == len(in_row) else ""
    place = f"{edge}_{side}" if side else edge
    return {"x": x, "y": y, "place": place, "row": row, "n": n,
            "where": PLACES[place].format(row=row, n=n)}
