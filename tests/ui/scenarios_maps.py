"""The maps at their fullest: each game's results screen
with the largest game the box allows, opened through the real command, and what its map drew.

Each game is built straight into the store (the engine's own playouts and score-only moves),
then resumed as Home's Resume does; the results screen opens and the map's `footprints` (every
label, badge and dot it drew, companion.app.footprints) go into the report: labels covered by
something drawn later, labels under 15 px, labels outside the map, and the players' marks.

* Ticket to Ride: a 4-player score-only game with as many routes as the 60 taxis in the box
  allow (32 of 41 by the shortest routes first; the engine refuses more), then all 41 routes given owners on the map itself
  (no game can reach it, the map must still hold it).
* Railways of the World: a played 4-player game with 24 cities (the most the seeded playouts
  reach) and a score-only game with all 25 city cards.
* Manhattan TraffIQ: a played 4-player game with all 44 tiles (48 with the start tiles).
"""

from __future__ import annotations

import random

from companion.games import rules_for

TTR, ROTW, TRAFFIQ = "ttr-nyc", "rotw-card-game", "manhattan-traffiq"
# Two names share a letter: those players' marks take a second letter (never a digit).
PLAYERS = ("Anna-Lena", "Ben", "Anton", "Kristóf-Bartholomew")
MARKS = ["Al", "B", "An", "K"]
ROTW_SEED, TRAFFIQ_SEED = 194, 110  # the fullest of 300 seeded playouts (24 cities; 48 tiles)


def ttr_fullest() -> tuple[list, dict]:
    """A score-only game whose players claim the shortest routes while their taxis last."""
    rules = rules_for(TTR)
    options = {"mode": "score_only"}
    state = rules.new_state(list(PLAYERS), options)
    board = rules.board
    log = []
    routes = sorted(board.routes.values(), key=lambda r: (r.length, r.id))
    for route in routes:
        for seat in sorted(range(len(PLAYERS)), key=lambda s: -state.seats[s].taxis):
            action = rules.parse_action({"type": "place_route", "seat": seat, "route": route.id})
            if _try(rules, state, action, log):
                state = rules.apply(state, action)
                break
    tickets = sorted(board.tickets)
    for seat in range(len(PLAYERS)):
        action = rules.parse_action({"type": "reveal_tickets", "seat": seat,
                              "tickets": tickets[2 * seat:2 * seat + 2]})
        state = rules.apply(state, action)
        log.append(action)
    return log, options


def _try(rules, state, action, log) -> bool:
    """The move goes into the log if the engine takes it (too few taxis: it does not)."""
    if rules.check(state, action) is not None:
        return False
    log.append(action)
    return True


def rotw_all_cities() -> tuple[list, dict]:
    """Score-only: every city card of the box on the table, a tree of links among them."""
    rules = rules_for(ROTW)
    options = {"mode": "score_only"}
    counts = {int(key): count for key, count in _city_counts().items()}
    rng = random.Random(5)
    values = [value for value, count in counts.items() for _ in range(count)]
    rng.shuffle(values)
    log = [rules.parse_action({"type": "place_city", "value": v}) for v in values]
    ends = ["start"]
    for i in range(len(values)):
        city = f"c{i + 1}"
        log.append(rules.parse_action({"type": "place_link", "seat": i % 4, "a": rng.choice(ends),
                                "b": city, "value": rng.randint(1, 6)}))
        ends.append(city)
    for seat in range(4):
        log.append(rules.parse_action({"type": "set_track", "seat": seat, "points": 10 + seat}))
    log.append(rules.parse_action({"type": "finish_scoring"}))
    return log, options


def _city_counts() -> dict:
    from companion.boards import load_json
    return load_json("rotw", "box.json")["city_cards"]


def played(game_id: str, seed: int) -> tuple[list, dict]:
    from companion.games import game
    rules = rules_for(game_id)
    playout = game(game_id).playout()(rules, len(PLAYERS), random.Random(seed))
    playout.play()
    return list(playout.log), dict(playout.options)


def store_game(store, game_id: str, built) -> int:
    from companion.table import Table
    log, options = built
    table = Table.start(store, game_id, list(PLAYERS), options)
    for action in log:
        table.submit(action)
    return table.game_id


def map_of(d, game_id: str):
    screen = d.app.root.current_screen
    if game_id == TTR:
        return screen.map
    return screen.ids.network if game_id == ROTW else screen.ids.city


def seen(view) -> dict:
    """What the map drew, as the test judges it."""
    prints = view.footprints
    (x0, y0), (width, height) = prints.origin, view.size
    outside = [f.name for f in prints.texts() if f.x < x0 - 1 or f.y < y0 - 1 or
               f.x + f.w > x0 + width + 1 or f.y + f.h > y0 + height + 1]
    return {"texts": len(prints.texts()),
            "covered": [f"{a.name!r} under {b.kind} {b.name!r}" for a, b in prints.covered()],
            "small": [f"{f.name!r} {f.px:.1f} px" for f in prints.too_small()],
            "outside": outside,
            "marks": sorted({f.name[5:] for f in prints.texts() if f.name.startswith("mark ")}),
            "mark_count": sum(1 for f in prints.texts() if f.name.startswith("mark ")),
            "size": [width, height]}


async def open_results(d, game_id: int, screen: str) -> None:
    d.app.resume(game_id)
    await d.wait_for(lambda: d.app.root.current == screen, what=screen)
    await d.frames(0.6)


async def largest_maps(d, args):
    """Each game's results with its largest game: the map's labels as shown, then zoomed
    over the whole window (a tap on the map), and screenshots of both."""
    from companion.app.games import game_ui
    store = d.app.store
    games = [("ttr", TTR, ttr_fullest()), ("rotw", ROTW, played(ROTW, ROTW_SEED)),
             ("rotw-25", ROTW, rotw_all_cities()),
             ("traffiq", TRAFFIQ, played(TRAFFIQ, TRAFFIQ_SEED))]
    found = {}
    for name, game_id, built in games:
        stored = store_game(store, game_id, built)
        await open_results(d, stored, game_ui(game_id).scoring)
        view = map_of(d, game_id)
        if game_id == TTR:  # first every route owned: more than the box allows, drawn still
            real = dict(view.owners)
            view.owners = {route: n % 4 for n, route in enumerate(sorted(view.board.routes))}
            await look(d, view, "ttr-41", found, {"routes": len(view.owners)})
            view.owners = real
        await look(d, view, name, found, _pieces(d.app.table, game_id))
        d.record("maps", found)  # game by game: a failure later keeps what was seen
        d.app.go_home()
        await d.frames(0.3)


async def look(d, view, name: str, found: dict, pieces: dict) -> None:
    """The map as shown, then zoomed by a tap on it, then closed with Back."""
    from kivy.core.window import Window
    from companion.app.map_zoom import MapZoom
    await d.frames(0.4)
    found[name] = {"shown": seen(view), "pieces": pieces}
    if name.startswith("ttr"):  # overlaps and gaps over the drawn boxes (scenarios_labels)
        from scenarios_labels import judged
        found[name]["labels"] = judged(view)
    await d.audit(f"maps-{name}")
    await d.tap(view)
    await d.wait_for(lambda: any(isinstance(w, MapZoom) for w in Window.children),
                     what="the map over the whole window")
    zoom = next(w for w in Window.children if isinstance(w, MapZoom))
    await d.frames(0.5)
    found[name]["zoomed"] = seen(zoom.view)
    await d.audit(f"maps-{name}-zoomed")
    await d.tap(zoom.back)
    await d.wait_for(lambda: not any(isinstance(w, MapZoom) for w in Window.children),
                     what="the zoom closed")
    found[name]["back"] = view.get_root_window() is not None


def _pieces(table, game_id: str) -> dict:
    s = table.state
    if game_id == TTR:
        return {"routes": len(s.owners)}
    if game_id == ROTW:
        return {"cities": len(s.cities), "links": len(s.links)}
    return {"tiles": len(s.tiles), "vehicles": len(s.vehicles)}


# ---- Home's emblems ------------------------------------------------------------------------


def emblems_seen(d) -> dict:
    """Each game box's emblem: its size, inside its box, clear of the box's name."""
    from companion.app.emblems import Emblem
    home = d.app.root.get_screen("home")
    found = {}
    for game_id, box in home.game_buttons.items():
        emblem = next(w for w in box.children if isinstance(w, Emblem))
        tw, th = box.texture_size
        left = box.center_x - tw / 2 + box.padding[0]
        text = (left, box.center_y - th / 2, box.center_x + tw / 2, box.center_y + th / 2)
        ex, ey, er, et = emblem.x, emblem.y, emblem.right, emblem.top
        found[game_id] = {
            "side": round(emblem.width), "drawn": len(emblem.canvas.children) > 0,
            "inside": box.x <= ex and box.y <= ey and er <= box.right and et <= box.top,
            "clear_of_name": er <= text[0] + 1 or ex >= text[2] - 1 or et <= text[1] + 1
            or ey >= text[3] - 1}
    return found


async def home_emblems(d, args):
    """Home with each game's emblem: with no game unfinished (the boxes tall), then with
    three (the boxes short: the emblem beside the name)."""
    from scenarios_audit import start_unfinished
    await d.frames(0.5)
    d.record("emblems_tall", emblems_seen(d))
    await d.audit("home-emblems")
    start_unfinished(d)
    d.app.go("settings")
    await d.frames(0.3)
    d.app.go_home()
    await d.wait_for(lambda: d.app.root.get_screen("home").unfinished_count == 3,
                     what="three unfinished games on Home")
    await d.frames(0.5)
    d.record("emblems_short", emblems_seen(d))
    await d.audit("home-emblems-unfinished")


# ---- the maps in play ----------------------------------------------------------------------


async def maps_in_play(d, args):
    """Each game's play screen in the middle of a 4-player game (two players' names share a
    letter): the players' letters on the map, screenshots to look at."""
    from companion.app.games import game_ui
    store = d.app.store
    for name, game_id, seed, share in (("ttr", TTR, 3, 0.75), ("rotw", ROTW, ROTW_SEED, 0.6),
                                       ("traffiq", TRAFFIQ, TRAFFIQ_SEED, 0.7)):
        log, options = played(game_id, seed)
        stored = store_game(store, game_id, (log[:int(len(log) * share)], options))
        d.app.resume(stored)
        await d.wait_for(lambda: d.app.root.current == game_ui(game_id).play, what=name)
        await d.frames(0.8)
        view = map_of(d, game_id)
        d.record(f"play-{name}", seen(view))
        await d.shot(f"maps-play-{name}")
        d.app.go_home()
        await d.frames(0.3)

