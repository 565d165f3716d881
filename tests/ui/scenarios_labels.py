"""Ticket to Ride's map labels as drawn, through the real command: the
results map with the fullest game the box allows (and every route owned), the play map in the
middle of a 4-player game, and what each drew where (the map's `footprints`).

What is judged, over the drawn boxes: no two labels (names, the players' letters on their
badges, the attractions' "1" coins) overlap each other or a location's dot, and each name is
within MAX_GAP px of its dot.
"""

from __future__ import annotations

import math

from scenarios_maps import TTR, played, store_game, ttr_fullest

MAX_GAP = 8.0  # px at 800x480: a name's box starts at most this far from its dot's edge


def _owners(prints, names: dict) -> list[tuple[str, object]]:
    """Each drawn label or dot with what it belongs to (a location, a route's badge), so
    that a badge and its letter, a coin and its "1", a dot and its coin are not judged."""
    shapes = [f for f in prints.drawn if f.kind == "shape"]
    owned = []
    for f in prints.drawn:
        if f.kind == "shape" and f.name.startswith("location "):
            owned.append((f.name.split()[1], f))
        elif f.kind == "shape":  # a badge
            owned.append((f.name, f))
        elif f.name.replace("\n", " ") in names:
            owned.append((names[f.name.replace("\n", " ")], f))
        else:  # a mark or a "1": whatever shape it sits on
            under = next((s for s in shapes if math.dist(s.centre, f.centre) < 1.5), None)
            owned.append(((under.name.split()[1] if under.name.startswith("location ")
                           else under.name) if under else f.name, f))
    return owned


def judged(view) -> dict:
    """The overlaps and the names' distances from their dots, as drawn."""
    from companion.games.ttr_nyc.ui.board_view import name_forms
    prints = view.footprints
    names = {form.replace("\n", " "): loc.id for loc in view.board.locations.values()
             for form in name_forms(loc.name)}  # (a name by its initials too)
    owned = _owners(prints, names)
    overlaps = []
    for i, (owner_a, a) in enumerate(owned):
        for owner_b, b in owned[i + 1:]:
            if owner_a == owner_b or (a.kind == "shape" and b.kind == "shape"):
                continue  # (dots and badges are placed clear of each other; routes cross)
            if a.overlaps(b):
                overlaps.append(f"{a.kind} {a.name!r} / {b.kind} {b.name!r}")
    gaps = {}
    for owner, f in owned:
        if f.kind == "text" and f.name.replace("\n", " ") in names:
            dot = prints.find(f"location {owner}")
            cx, cy = dot.centre
            dx = max(f.x - cx, 0, cx - (f.x + f.w))
            dy = max(f.y - cy, 0, cy - (f.y + f.h))
            gaps[owner] = round(math.hypot(dx, dy) - dot.w / 2, 1)
    boxes = {f.name.replace("\n", " "): [round(f.x), round(f.y), round(f.w), round(f.h)]
             for f in prints.texts()}
    return {"overlaps": overlaps, "gaps": gaps, "boxes": boxes,
            "two_lines": sorted(f.name.replace("\n", " ") for f in prints.texts()
                                if "\n" in f.name),
            "short": sorted(f.name for f in prints.texts()
                            if f.name in names and " " not in f.name and
                            len(f.name) < 4 and f.name.isupper()),
            "labels": len(owned), "size": [round(view.width), round(view.height)]}


async def ttr_labels(d, args):
    """The results map (32 routes, then all 41), then play maps part way through games."""
    from companion.app.games import game_ui
    store = d.app.store
    found = {}
    stored = store_game(store, TTR, ttr_fullest())
    d.app.resume(stored)
    await d.wait_for(lambda: d.app.root.current == game_ui(TTR).scoring, what="results")
    await d.frames(0.6)
    view = d.app.root.current_screen.map
    found["results"] = judged(view)
    await d.shot("labels-results")
    real = dict(view.owners)
    view.owners = {route: n % 4 for n, route in enumerate(sorted(view.board.routes))}
    await d.frames(0.4)
    found["results-41"] = judged(view)
    await d.shot("labels-results-41")
    view.owners = real
    d.record("labels", found)
    d.app.go_home()
    await d.frames(0.3)
    for seed, share in ((3, 0.75), (5, 0.5), (7, 0.92)):
        log, options = played(TTR, seed)
        stored = store_game(store, TTR, (log[:int(len(log) * share)], options))
        d.app.resume(stored)
        await d.wait_for(lambda: d.app.root.current == game_ui(TTR).play, what="play")
        await d.frames(0.8)
        found[f"play-{seed}"] = judged(d.app.root.current_screen.map)
        await d.shot(f"labels-play-{seed}")
        d.record("labels", found)
        d.app.go_home()
        await d.frames(0.3)
