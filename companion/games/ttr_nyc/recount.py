"""Ticket to Ride's score worked out apart from the engine: from the board JSON and who holds what.

The conformance test (tests/games/test_conformance.py) compares every registered game's score
with its recount; the registry's `recount` loads `totals`. It reads the raw board file, not the
engine's `Board`, and the tickets the pretend table really dealt (`playout.hidden`), so that a
mistake in the engine's board, route graph or scoring cannot hide in the check.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

TIEBREAK = "most_tickets_completed"


@lru_cache(maxsize=None)
def _raw_board() -> dict:
    from companion.boards import load_json
    return load_json("ttr_nyc", "board.json")


def totals(playout) -> tuple[int, ...]:
    """Each seat's total in a finished random game (a `TtrPlayout`)."""
    s = playout.state
    return recount(_raw_board(), len(s.players), s.owners, playout.hidden.tickets)["totals"]


def _joined(own: list[dict]):
    """Whether two locations are joined by a seat's routes."""
    neighbours: dict[str, set[str]] = {}
    for r in own:
        neighbours.setdefault(r["a"], set()).add(r["b"])
        neighbours.setdefault(r["b"], set()).add(r["a"])

    def joined(a: str, b: str) -> bool:
        if a not in neighbours:
            return False
        seen, queue = {a}, deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                return True
            for there in neighbours[here] - seen:
                seen.add(there)
                queue.append(there)
        return False

    return joined, set(neighbours)


def recount(raw: dict, players: int, owners: dict[str, int],
            tickets: list[list[str]]) -> dict:
    """Score a finished game from scratch: who owns which route and who held which ticket."""
    route_points = {int(length): points for length, points in raw["route_points"].items()}
    routes = {r["id"]: r for r in raw["routes"]}
    ticket_table = {t["id"]: t for t in raw["tickets"]}
    attractions = {loc["id"] for loc in raw["locations"] if loc["tourist_attraction"]}
    bonus = raw["tourist_attraction_points"]

    rows, completed = [], []
    for seat in range(players):
        own = [routes[rid] for rid, owner in owners.items() if owner == seat]
        joined, reached = _joined(own)
        done = failed = count = 0
        for tid in tickets[seat]:
            ticket = ticket_table[tid]
            if joined(ticket["a"], ticket["b"]):
                done += ticket["points"]
                count += 1
            else:
                failed -= ticket["points"]
        rows.append((sum(route_points[r["length"]] for r in own), done, failed,
                     bonus * len(reached & attractions)))
        completed.append(count)
    return _ranked(rows, completed)


def _ranked(rows: list[tuple[int, ...]], completed: list[int]) -> dict:
    """The rows with their totals and winners: most points, then most completed tickets."""
    players = len(rows)
    totals = [sum(row) for row in rows]
    leaders = [seat for seat in range(players) if totals[seat] == max(totals)]
    decided_by = None
    if len(leaders) > 1:
        most = max(completed[seat] for seat in leaders)
        narrowed = [seat for seat in leaders if completed[seat] == most]
        if len(narrowed) < len(leaders):  # it separated the winner or narrowed a shared win
            decided_by = TIEBREAK
        leaders = narrowed
    return {"points": rows, "totals": tuple(totals), "winners": tuple(leaders),
            "decided_by": decided_by, "shared": len(leaders) > 1}
