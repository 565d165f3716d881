"""End-of-game scoring: routes by the board's table, tickets by own connected routes, attractions."""

from __future__ import annotations

from typing import Iterable, Sequence

from companion.core.rules import ScoreSheet, TieBreak
from .board import Board, Ticket

CATEGORIES = ("routes", "tickets_completed", "tickets_failed", "attractions")


class Network:
    """The locations joined by one player's own routes (union-find)."""

    def __init__(self, board: Board, route_ids: Iterable[str]):
        self._parent: dict[str, str] = {}
        self.touched: set[str] = set()
        for route_id in route_ids:
            route = board.routes[route_id]
            self.touched.update((route.a, route.b))
            self._join(route.a, route.b)

    def _root(self, loc: str) -> str:
        parent = self._parent
        while parent.get(loc, loc) != loc:
            parent[loc] = parent.get(parent[loc], parent[loc])
            loc = parent[loc]
        return loc

    def _join(self, a: str, b: str) -> None:
        ra, rb = self._root(a), self._root(b)
        if ra != rb:
            self._parent[ra] = rb

    def connects(self, ticket: Ticket) -> bool:
        return ticket.a in self.touched and self._root(ticket.a) == self._root(ticket.b)


def player_points(board: Board, route_ids: Sequence[str],
                  ticket_ids: Sequence[str]) -> tuple[tuple[int, int, int, int], int]:
    """One player's points per category, and how many tickets they completed."""
    network = Network(board, route_ids)
    routes = sum(board.route_points[board.routes[r].length] for r in route_ids)
    done = failed = completed = 0
    for ticket_id in ticket_ids:
        ticket = board.tickets[ticket_id]
        if network.connects(ticket):
            done += ticket.points
            completed += 1
        else:
            failed -= ticket.points
    attractions = board.attraction_points * len(network.touched & board.attractions)
    return (routes, done, failed, attractions), completed


def score_sheet(board: Board, players: Sequence[str], routes: Sequence[Sequence[str]],
                tickets: Sequence[Sequence[str]], final: bool = True) -> ScoreSheet:
    """Most points wins; a tie goes to the most completed tickets; still tied, the win is shared."""
    rows, completed = [], []
    for seat in range(len(players)):
        points, done = player_points(board, routes[seat], tickets[seat])
        rows.append(points)
        completed.append(done)
    tiebreak = TieBreak("most_tickets_completed", "most completed tickets", tuple(completed))
    return ScoreSheet.build(players, CATEGORIES, rows, [tiebreak], final)


def ticket_path(board: Board, route_ids: Sequence[str], ticket: Ticket) -> list[str] | None:
    """The player's own routes joining a ticket's two locations (fewest routes), or None."""
    links: dict[str, list[tuple[str, str]]] = {}
    for route_id in route_ids:
        route = board.routes[route_id]
        links.setdefault(route.a, []).append((route.b, route_id))
        links.setdefault(route.b, []).append((route.a, route_id))
    came_from: dict[str, tuple[str, str] | None] = {ticket.a: None}
    frontier = [ticket.a]
    while frontier:
        nxt = []
        for here in frontier:
            for there, route_id in links.get(here, ()):
                if there not in came_from:
                    came_from[there] = (here, route_id)
                    nxt.append(there)
        frontier = nxt
    if ticket.b not in came_from:
        return None
    path, here = [], ticket.b
    while came_from[here] is not None:
        here, route_id = came_from[here]
        path.append(route_id)
    return path[::-1]
