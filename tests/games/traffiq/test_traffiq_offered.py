"""What the screens offer is exactly what `apply` accepts, at every position of seeded random games.

At each position the moves the UI would offer (built from `Traffiq.moves` and the enumerators
`tile_spots`, `vehicle_spots`, `rides`) must all be accepted by `apply`; and every move `apply`
accepts out of a wide superset generated here, independently of the engine (every cell around
the map × every edge combination or turn of a hand's tile, every corner × vehicle, every vehicle
× every corner …), must be offered. A kind of move is open exactly when some move of it is
accepted.
"""

from __future__ import annotations

import itertools
import random

import pytest

from companion.boards import rules_for
from companion.core.rules import Phase, RuleViolation
from companion.games.traffiq.engine import (DrawTile, Edge, EndTurn, EnterVehicles, PlaceTile,
    PlaceVehicle, TaxiRide, Tile, VanRide, Vehicle)
from companion.games.traffiq.engine.moves import ride
from companion.games.traffiq.playout import TraffiqPlayout, random_tile

RULES = rules_for("manhattan-traffiq")
EDGES = tuple(Edge)
EVERY_TILE = [tuple(e.value for e in edges) for edges in itertools.product(EDGES, repeat=4)]
RIDES = {TaxiRide.type: Vehicle.TAXI, VanRide.type: Vehicle.VAN}


class Sieve:
    """`apply` asked about many moves at one position without a copy per move: a refused move
    leaves the state as it was (the engine's promise, tested in test_traffiq_rules), so only an
    accepted one needs a fresh copy."""

    def __init__(self, state):
        self.state = state
        self.scratch = state.copy()

    def accepts(self, action) -> bool:
        try:
            RULES.apply(self.scratch, action)
        except RuleViolation:
            return False
        self.scratch = self.state.copy()
        return True


# ---- what the screens offer --------------------------------------------------------------------


def offered(s, seat: int, rng: random.Random) -> dict[str, set]:
    """kind -> every move the screens would let the seat make now."""
    kinds = {m.kind: m for m in RULES.moves(s, seat)}
    found: dict[str, set] = {kind: set() for kind in kinds}
    for spot in RULES.tile_spots(s, seat):
        found["place_tile"] |= {PlaceTile(seat, *spot.cell, t.names()) for t in spot.turns}
        if spot.implied is not None:  # the free sides tapped, any colour each
            found["place_tile"] |= {PlaceTile(seat, *spot.cell, t.names())
                                    for t in completions(spot.implied)}
    scanned = random_tile(rng)  # a tile scanned now: only its own turns
    for spot in RULES.tile_spots(s, seat, scanned):
        assert all(scanned.same_tile(t) for t in spot.turns) and spot.implied is None
        found["place_tile"] |= {PlaceTile(seat, *spot.cell, t.names()) for t in spot.turns}
    for spot in RULES.vehicle_spots(s, seat):
        found["place_vehicle"] |= {spot.action(seat, compete) for compete in (False, True)}
    for kind, vehicle in RIDES.items():
        for start, ends in RULES.rides(s, seat, vehicle).items():
            found[kind] |= {ride(seat, vehicle, start, end, compete)
                            for end in ends for compete in (False, True)}
    if kinds["draw_tile"].open:
        found["draw_tile"] |= {DrawTile(seat), DrawTile(seat, scanned.names())}
    if kinds["end_turn"].open:
        found["end_turn"].add(EndTurn(seat))
    return found


def completions(implied) -> list[Tile]:
    free = [i for i, edge in enumerate(implied) if edge is None]
    found = []
    for chosen in itertools.product(EDGES, repeat=len(free)):
        edges = list(implied)
        for i, edge in zip(free, chosen):
            edges[i] = edge
        found.append(Tile(tuple(edges)))
    return found


# ---- a superset, made without the engine's help ------------------------------------------------


def around(tiles) -> list:
    """Every cell of the map's bounding box and one more all round (placed cells included)."""
    xs, ys = [x for x, _ in tiles], [y for _, y in tiles]
    return [(x, y) for x in range(min(xs) - 1, max(xs) + 2)
            for y in range(min(ys) - 1, max(ys) + 2)]


def beside(tiles, cell) -> bool:
    """An empty cell with a placed tile north, east, south or west of it."""
    x, y = cell
    return cell not in tiles and any(n in tiles for n in ((x, y - 1), (x + 1, y), (x, y + 1),
                                                           (x - 1, y)))


def corners(tiles) -> set:
    return {(x + dx, y + dy) for x, y in tiles for dx in (0, 1) for dy in (0, 1)}


def candidates(s, seat: int, every_tile: bool, rng: random.Random) -> dict[str, list]:
    """kind -> moves to try: far more than are legal."""
    hand = [t for t in s.seats[seat].hand if t is not None]
    turns = {turned.names() for held in hand for turned in held.rotations()}
    near = turns.union(EVERY_TILE if every_tile else rng.sample(EVERY_TILE, 24))
    far = turns.union(rng.sample(EVERY_TILE, 3))  # a placed or a lone cell: all refused
    place = [PlaceTile(seat, *cell, edges) for cell in around(s.tiles)
             for edges in (near if beside(s.tiles, cell) else far)]
    points = sorted(corners(s.tiles))
    vehicles = [PlaceVehicle(seat, *p, v.value) for p in points for v in Vehicle]
    starts = sorted(s.vehicles)
    rides = {kind: [ride(seat, vehicle, a, b) for a in starts for b in points]
             for kind, vehicle in RIDES.items()}
    return {"place_tile": place, "place_vehicle": vehicles, **rides,
            "draw_tile": [DrawTile(seat)], "end_turn": [EndTurn(seat)],
            "enter_vehicles": [EnterVehicles(seat, 0, 0), EnterVehicles(seat, 1, 1)]}


# ---- the comparison ----------------------------------------------------------------------------


def compare(s, seat: int, every_tile: bool, rng: random.Random) -> int:
    """Offered ⊆ accepted, accepted ∩ candidates ⊆ offered; open ⇔ something accepted.
    Returns how many moves were tried."""
    sieve = Sieve(s)
    kinds = {m.kind: m for m in RULES.moves(s, seat)}
    offers = offered(s, seat, rng)
    tried = 0
    for kind, actions in candidates(s, seat, every_tile, rng).items():
        for action in offers[kind]:
            assert sieve.accepts(action), \
                f"offered but refused: {action} ({RULES.check(s, action)})"
        accepted = {a for a in actions if a not in offers[kind] and sieve.accepts(a)}
        assert not accepted, f"{kind}: accepted but not offered: {sorted(map(str, accepted))[:3]}"
        if kind == "enter_vehicles":  # counted up on the screen: no enumerator
            some = any(sieve.accepts(a) for a in actions)
        else:
            some = bool(offers[kind])
        assert kinds[kind].open == some, \
            f"{kind} open={kinds[kind].open} ({kinds[kind].reason}) but offers {len(offers[kind])}"
        tried += len(actions) + len(offers[kind])
    return tried


def walk(seed: int, players: int, scan_draws: bool, every: int) -> int:
    """A seeded game, compared at every position (every `every`th with all 256 tiles)."""
    rng = random.Random(seed)
    playout = TraffiqPlayout(RULES, players, random.Random(seed), scan_draws=scan_draws)
    positions = 0
    while playout.state.phase is not Phase.OVER:
        s = playout.state
        compare(s, s.current, positions % every == 0, rng)
        other = (s.current + 1) % players  # nothing is open to anyone else
        assert not any(m.open for m in RULES.moves(s, other))
        assert not any(offered(s, other, rng).values())
        assert (RULES.status(s).waiting_for == "place_vehicle") == bool(s.pending)
        playout.step()
        positions += 1
    assert not any(m.open for seat in range(players) for m in RULES.moves(playout.state, seat))
    return positions


@pytest.mark.parametrize("seed, players, scan_draws", [
    (1, 2, False), (2, 3, True), (3, 4, True),
])
def test_the_screens_offer_exactly_what_apply_accepts(seed, players, scan_draws):
    assert walk(seed, players, scan_draws, every=8) > 50


def test_score_only_offers_entering_to_each_player_still_to_enter():
    s = RULES.new_state(("A", "B", "C"), {"mode": "score_only"})
    allot = RULES.allotment(3)
    for seat, counts in enumerate([(1, 2), (allot.taxis, allot.vans), (0, 0)]):
        for other in range(3):
            open_ = {m.kind for m in RULES.moves(s, other) if m.open}
            assert open_ == ({"enter_vehicles"} if other >= seat else set())
        RULES.apply(s, EnterVehicles(seat, *counts))
    assert s.phase is Phase.OVER
