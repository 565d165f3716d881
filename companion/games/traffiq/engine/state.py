"""What the table knows about a game of Manhattan TraffIQ at one moment."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from companion.core.options import Mode
from companion.core.rules import Phase
from .box import Vehicle
from .city import Cell, Point
from .options import TraffiqTable
from .tiles import Tile


class EndReason(Enum):
    ALL_VEHICLES = "all_vehicles"  # a player put their last vehicle on the map and won at once
    FINAL_ROUND = "final_round"  # the supply ran out and the final round was played
    SCORE_ONLY = "score_only"  # a finished game was entered for scoring


class Act(Enum):
    """The four actions a turn chooses two of."""

    PLACE = "place_tile"
    TAXI = "taxi_ride"
    VAN = "van_ride"
    DRAW = "draw_tile"


@dataclass(frozen=True, slots=True)
class Standing:
    """A vehicle on the map: whose and which kind."""

    seat: int
    vehicle: Vehicle


@dataclass(slots=True)
class PlayerState:
    hand: list[Tile | None]  # the district tiles held; None for one nobody at the table saw
    taxis: int  # taxis in the player's supply (not on the map)
    vans: int

    @property
    def supply(self) -> int:
        return self.taxis + self.vans

    def copy(self) -> "PlayerState":
        """Every field carried over by `replace`; only the mutable ones are copied here."""
        return replace(self, hand=self.hand[:])


@dataclass(slots=True)
class TraffiqState:
    players: tuple[str, ...]
    mode: Mode
    scenario: str
    first: int
    phase: Phase
    current: int
    seats: list[PlayerState]
    tiles: dict[Cell, Tile]  # the map
    vehicles: dict[Point, Standing]  # what stands on each point
    supply: int  # face-down district tiles left to draw
    done: list[Act] = field(default_factory=list)  # actions taken so far this turn
    pending: tuple[Point, ...] = ()  # points the last tile completed, open for a new vehicle
    last_drawer: int | None = None  # who drew the last district tile
    final_turns_left: int = 0
    winner: int | None = None  # who put their last vehicle on the map
    end_reason: EndReason | None = None
    entered: list[bool] = field(default_factory=list)  # score-only: whose vehicles are entered
    scanned_draws: bool = False  # every tile drawn is scanned: its edges go into the hand
    table: TraffiqTable = TraffiqTable()  # the table options: the rulebook's open readings

    def copy(self) -> "TraffiqState":
        """Every field carried over by `replace` (a new one cannot be forgotten); the mutable
        ones copied here, so that the copy shares no container with this state."""
        return replace(self, seats=[p.copy() for p in self.seats], tiles=dict(self.tiles),
                       vehicles=dict(self.vehicles), done=self.done[:],
                       entered=self.entered[:])

    def on_map(self, seat: int, vehicle: Vehicle) -> int:
        return sum(1 for s in self.vehicles.values() if s.seat == seat and s.vehicle is vehicle)
