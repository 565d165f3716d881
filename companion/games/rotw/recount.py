"""Railways of the World's score worked out apart from the engine: from the action log alone.

The conformance test (tests/games/test_conformance.py) compares every registered game's score
with its recount; the registry's `recount` loads `totals`. It replays only what the log says
(who built which link for how much, who delivered what where) with its own path search and a
brute-force count of goods sets, and none of the engine's scoring code, so that a mistake there
cannot hide in the check.
"""

from __future__ import annotations

from functools import lru_cache

from .engine import START

GOODS = ("blue", "red", "black", "yellow")


def totals(playout) -> tuple[int, ...]:
    """Each seat's total in a finished random game (a `RotwPlayout`)."""
    return tuple(sum(row) for row in recount(len(playout.state.players), playout.log))


@lru_cache(maxsize=None)
def sets_by_brute_force(cubes: tuple[int, ...]) -> int:
    """The most points a seat's delivered cubes make as sets, trying every way to group them."""
    best = 0
    for g in range(4):
        for size, points in ((3, 2), (4, 3)):
            if cubes[g] >= size:
                rest = list(cubes)
                rest[g] -= size
                best = max(best, points + sets_by_brute_force(tuple(rest)))
    if min(cubes) >= 1:
        best = max(best, 5 + sets_by_brute_force(tuple(c - 1 for c in cubes)))
    return best


def _owners_on_route(links: list[tuple[str, str, int, int]], a: str, b: str) -> list[int]:
    """The owner of each link on the way from a to b (the links form a tree)."""
    back = {a: None}
    todo = [a]
    while todo:
        here = todo.pop()
        for x, y, _, owner in links:
            for there, frm in ((y, x), (x, y)):
                if frm == here and there not in back:
                    back[there] = (here, owner)
                    todo.append(there)
    owners, here = [], b
    while back[here] is not None:
        here, owner = back[here]
        owners.append(owner)
    return owners


def _cities(players: int, city_value: dict[str, int],
            links: list[tuple[str, str, int, int]]) -> list[int]:
    """Each city's value to every seat that paid the most for the links into it."""
    cities = [0] * players
    for city, value in city_value.items():
        into = [0] * players
        for a, b, paid, owner in links:
            if city in (a, b) and city != START:
                into[owner] += paid
        for seat in range(players):
            if into[seat] == max(into):
                cities[seat] += value
    return cities


def recount(players: int, log) -> list[tuple[int, int, int, int]]:
    """Each seat's (track, cities, locomotives, goods sets) from the actions alone."""
    city_value: dict[str, int] = {}
    links: list[tuple[str, str, int, int]] = []  # (a, b, value, owner)
    track = [0] * players
    locos = [0] * players
    cubes = [[0] * 4 for _ in range(players)]

    def deliver(seat, a, b, goods):
        owners = _owners_on_route(links, a, b)
        track[seat] += len(owners)
        for owner in owners:
            if owner != seat:
                track[owner] += 1
        cubes[seat][GOODS.index(goods)] += 1

    for action in log:
        kind = action.type
        if kind == "build":
            city = f"c{len(city_value) + 1}"
            city_value[city] = action.value
            paid = sum(1 if key == "loco" else int(key[-1]) for key in action.cards)
            links.append((action.to, city, paid, action.seat))
            track[action.seat] += paid
        elif kind == "play_locomotive":
            locos[action.seat] += 1
            if action.origin is not None:
                deliver(action.seat, action.origin, action.destination, action.goods)
        elif kind == "deliver":
            deliver(action.seat, action.origin, action.destination, action.goods)
    cities = _cities(players, city_value, links)
    return [(track[s], cities[s], locos[s], sets_by_brute_force(tuple(cubes[s])))
            for s in range(players)]
