"""Random games of Manhattan TraffIQ at a pretend table: a shuffled pile of tiles and random players.

The engine never shuffles; this module does, so tests and the benchmark can play thousands of
complete games. The box's real tile list is not published, so the pile is made up: 44 tiles with
random edges (mostly red and beige blocks, some park and water), from the seeded generator.
The pretend table keeps what a real one hides (the pile's order and each hand) and tells the
engine only what players would tell the companion: a drawn tile unseen, a placed tile's edges.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.rules import Action, Phase
from .engine.city import matches
from companion.core.playout_loop import PlayoutLoop
from .engine import (Act, DrawTile, Edge, EndTurn, PlaceTile, PlaceVehicle, ShowTile, TaxiRide,
    Tile, Traffiq, TraffiqState, VanRide, Vehicle)

EDGE_WEIGHTS = ((Edge.RED, 45), (Edge.BEIGE, 45), (Edge.PARK, 6), (Edge.WATER, 4))


def random_tile(rng: random.Random) -> Tile:
    kinds = [kind for kind, _ in EDGE_WEIGHTS]
    weights = [weight for _, weight in EDGE_WEIGHTS]
    return Tile(tuple(rng.choices(kinds, weights, k=4)))  # type: ignore[arg-type]


@dataclass
class HiddenTable:
    pile: list[Tile]  # face down; the top is the end of the list
    hands: list[list[Tile]]


class TraffiqPlayout(PlayoutLoop):
    """Plays one random game of Manhattan TraffIQ, action by action."""

    def __init__(self, rules: Traffiq, players: int, rng: random.Random, *,
                 scan_draws: bool = False, place_bias: float = 0.8, vehicle_bias: float = 0.9,
                 compete_bias: float = 0.7, options: dict | None = None):
        self.rules = rules
        self.rng = rng
        self.scan_draws = scan_draws  # the table reports each drawn tile's edges (a scanner)
        self.place_bias = place_bias
        self.vehicle_bias = vehicle_bias
        self.compete_bias = compete_bias
        self.players = tuple(f"P{seat + 1}" for seat in range(players))
        # the seats play the rulebook's colours for the count, as New game writes them
        self.options = {"first": rng.randrange(players),
                        "colours": list(rules.box.colours_for(players)), "rulebook_colours": True,
                        **(options or {})}
        self.state: TraffiqState = rules.new_state(self.players, self.options)
        pile = [random_tile(rng) for _ in range(rules.box.district_tiles)]
        hands = [[pile.pop() for _ in range(rules.box.hand)] for _ in range(players)]
        self.hidden = HiddenTable(pile, hands)
        self.log: list[Action] = []

    def choose(self) -> Action:
        s, rng = self.state, self.rng
        seat = s.current
        if s.phase is Phase.SETUP:  # every tile scanned: the hands drawn at setup first
            seat = self.rules.unseen_seat(s)
            return ShowTile(seat, self.hidden.hands[seat][s.seats[seat].hand.index(None)].names())
        if s.pending:
            return self._new_vehicle(seat)
        allowed = self.rules.allowed(s)
        if Act.PLACE in allowed and rng.random() < self.place_bias:
            placing = self._place(seat)
            if placing is not None:
                return placing
        options = [act for act in (Act.TAXI, Act.VAN, Act.DRAW, Act.PLACE) if act in allowed]
        rng.shuffle(options)
        for act in options:
            action = self._try(act, seat)
            if action is not None:
                return action
        return EndTurn(seat)

    # ---- random players ----------------------------------------------------------------

    def _try(self, act: Act, seat: int) -> Action | None:
        if act is Act.PLACE:
            return self._place(seat)
        if act is Act.DRAW:
            return self._draw(seat)
        return self._ride(seat, Vehicle.TAXI if act is Act.TAXI else Vehicle.VAN)

    def _place(self, seat: int) -> Action | None:
        """The first fit found, trying cells, tiles and turns in random order."""
        s, rng = self.state, self.rng
        hand = self.hidden.hands[seat]
        if not hand:
            return None
        cells = self.rules.open_cells(s)
        rng.shuffle(cells)
        for cell in cells:
            implied = self.rules.implied_edges(s, cell)
            for i in rng.sample(range(len(hand)), len(hand)):
                turns = list(hand[i].rotations())
                rng.shuffle(turns)
                for turned in turns:
                    if matches(implied, turned):
                        del hand[i]
                        return PlaceTile(seat, cell[0], cell[1], turned.names())
        return None

    def _draw(self, seat: int) -> Action:
        tile = self.hidden.pile.pop()
        self.hidden.hands[seat].append(tile)
        return DrawTile(seat, tile.names() if self.scan_draws else None)

    def _new_vehicle(self, seat: int) -> Action:
        s, rng = self.state, self.rng
        player = s.seats[seat]
        if rng.random() >= self.vehicle_bias or not player.supply:
            return EndTurn(seat)
        x, y = rng.choice(s.pending)
        kinds = [v for v, n in ((Vehicle.TAXI, player.taxis), (Vehicle.VAN, player.vans)) if n]
        return PlaceVehicle(seat, x, y, rng.choice(kinds).value, rng.random() < self.compete_bias)

    def _ride(self, seat: int, vehicle: Vehicle) -> Action | None:
        s, rng = self.state, self.rng
        mine = [p for p, standing in s.vehicles.items()
                if standing.seat == seat and standing.vehicle is vehicle]
        rng.shuffle(mine)
        targets = self.rules.taxi_targets if vehicle is Vehicle.TAXI else self.rules.van_targets
        ride = TaxiRide if vehicle is Vehicle.TAXI else VanRide
        for start in mine:
            reach = sorted(targets(s, start))
            if reach:
                end = rng.choice(reach)
                return ride(seat, start[0], start[1], end[0], end[1],
                            rng.random() < self.compete_bias)
        return None
