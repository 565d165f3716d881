"""The network of cities and links: where a new city may join, and the route a cube travels.

Every link brings a new city onto the table, so the network is a tree grown from the start
board: between two cities there is exactly one route.
"""

from __future__ import annotations

from dataclasses import dataclass

from .box import START
from .state import Link, RotwState


@dataclass(frozen=True, slots=True)
class Joint:
    """A place a new city could join: a city on the table (or the start board) and a colour."""

    city: str
    colour: str


def joints(s: RotwState, points: tuple[str, ...]) -> list[Joint]:
    """Where a city card showing these connection points can join, with which link colours.

    The start board takes rails of any colour; a city on the table needs a free point of the
    link's colour. The new city must show the colour either way.
    """
    colours = list(dict.fromkeys(points))
    found = [Joint(START, colour) for colour in colours]
    for city in s.cities.values():
        found.extend(Joint(city.id, colour) for colour in colours if city.free(colour))
    return found


def route(s: RotwState, origin: str, destination: str) -> list[Link] | None:
    """The links from `origin` to `destination`, in order (None if either is not on the table)."""
    if origin == destination or not _on_table(s, origin) or not _on_table(s, destination):
        return None
    came_by: dict[str, Link | None] = {origin: None}
    frontier = [origin]
    while frontier and destination not in came_by:
        nxt = []
        for here in frontier:
            for link in s.links_at(here):
                there = link.other(here)
                if there not in came_by:
                    came_by[there] = link
                    nxt.append(there)
        frontier = nxt
    if destination not in came_by:
        return None
    links, here = [], destination
    while came_by[here] is not None:
        link = came_by[here]
        links.append(link)
        here = link.other(here)
    return links[::-1]


def destinations(s: RotwState, origin: str, goods: int, seat: int, power: int) -> list[str]:
    """The cities a cube of `goods` on `origin` can be delivered to by `seat` with `power` links:
    the first link the seat's own, no further than the first city demanding it on each branch."""
    found: list[str] = []
    if power < 1:
        return found
    for link in s.links_at(origin):
        if link.owner == seat:
            _walk(s, link.other(origin), origin, goods, power - 1, found)
    return found


def _walk(s: RotwState, here: str, came_from: str, goods: int, left: int,
          found: list[str]) -> None:
    city = s.cities.get(here)  # None for the start board: goods pass through it
    if city is not None and city.accepts(goods):
        found.append(here)
        if city.stops(goods, s.table):
            return  # the cube stops here
    if left == 0:
        return
    for link in s.links_at(here):
        there = link.other(here)
        if there != came_from:
            _walk(s, there, here, goods, left - 1, found)


def cities_on(origin: str, links: list[Link]) -> list[str]:
    """The cities a route visits, the origin first."""
    visited = [origin]
    for link in links:
        visited.append(link.other(visited[-1]))
    return visited


def _on_table(s: RotwState, city: str) -> bool:
    return city == START or city in s.cities
