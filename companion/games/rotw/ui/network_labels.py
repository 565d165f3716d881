"""The network's labels: each city's id beside it and each link's tag (the owner's letter and
the cards' value), placed together where none covers another, a city, its cubes or its demand
symbol (companion.app.label_placer, as Ticket to Ride's map places its names), then painted.
Everything is placed before anything is painted, so what is painted is where it ended up.
"""

from __future__ import annotations

import math

from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp

from companion.app.footprints import Footprint
from companion.app.label_placer import Box, Label, around, place
from companion.app.marks import ink_on

from ..engine import START
from ..engine.box import ANY_GOODS_VALUE
from .network_pieces import GOODS_SYMBOL, cubes_box, demand_radius, demand_spot

TAG_PX = 15  # the values, ids and letters: readable at arm's length
ID_RGBA = (1, 1, 1, 0.85)
VALUE_INK = (0.05, 0.05, 0.05, 1)


def disc(x: float, y: float, r: float) -> Box:
    return Box.centred(x, y, 2 * r, 2 * r)


def fixed_marks(view, cities, r: float) -> tuple[list[Box], dict[str, Box]]:
    """What the labels keep clear of: the cities (each city's disc, by id, is its own id's
    dot), their demand symbols and cubes, the start board, a banner over the network, the
    magnifier and the Show all button."""
    fixed, dots = [], {}
    for city in cities:
        x, y = view.city_pos(city.id)
        dots[city.id] = disc(x, y, r + dp(2))
        fixed.append(dots[city.id])
        if city.demand in GOODS_SYMBOL and city.value != ANY_GOODS_VALUE:
            fixed.append(disc(*demand_spot((x, y), r), demand_radius(r) + dp(1.5)))
        cubes = None if view.final else cubes_box(city, x, y, r)
        if cubes is not None:
            fixed.append(cubes)
    fixed.append(fixed_start(view, r))  # a hexagon within
    if view.reserve_top:
        fixed.append(Box(view.x, view.top - view.reserve_top, view.width, view.reserve_top))
    if view.on_city is None and view.zoomed is None:
        fixed.append(disc(view.right - dp(22), view.top - dp(20), dp(18)))
    button = view.fit_button
    if button is not None:
        fixed.append(Box(button.x, button.y, button.width, button.height))
    return fixed, dots


def inside(view, boxes) -> list[Box]:
    """The places inside the network's panel, under its banner (all of them, if none is)."""
    top = view.top - view.reserve_top
    kept = [b for b in boxes if view.x <= b.x and b.x + b.w <= view.right and view.y <= b.y
            and b.y + b.h <= top]
    return kept or list(boxes)


def place_all(view, cities, links, marks: list[str], r: float) -> dict[str, Box]:
    """Where each city's id (c1, c2, …, as the questions and the results' list name it)
    and each link's tag go: the ids round their dots, the tags along their links, else
    beside them; a tag with no clear place there shrinks to its owner's letter, then to a dot
    on its link (docs/map-labels.md). A tag's box says its form (`form_of`)."""
    fixed, _dots = fixed_marks(view, cities, r)
    rounder = [box for box in fixed if box not in _dots.values() and box != fixed_start(view, r)]
    rounder += round_disc(*view.city_pos(START), r * 1.25)
    ids = []
    for city in cities:
        x, y = view.city_pos(city.id)
        w, h = view.texture(city.id, TAG_PX, bold=False).size
        own = tuple(round_disc(x, y, r + dp(1.5)))  # a tag may sit in a disc's corner
        rounder += own
        ids.append(Label(f"id {city.id}", tuple(inside(view, around(x, y, r + dp(2), w, h,
                                                                   gaps=(1.0, 5.0, 10.0, 16.0)))),
                         own=own))
    tags = [tag_label(view, link, mark_of(marks, link.owner)) for link in
            sorted(links, key=lambda link: length(view, link))]  # the shortest have least room
    return place(ids + tags, rounder)  # the ids first, then the tags from the shortest link


def fixed_start(view, r: float) -> Box:
    return disc(*view.city_pos(START), r * 1.25)


def length(view, link) -> float:
    (ax, ay), (bx, by) = view.city_pos(link.a), view.city_pos(link.b)
    return math.hypot(bx - ax, by - ay)


def round_disc(x: float, y: float, r: float) -> list[Box]:
    """A disc as three boxes (a wide and a tall band, a square between them): a label may sit
    in the corners its square leaves free, where a short link's tag often has its only room."""
    return [Box.centred(x, y, 2 * r + 2, r + 2), Box.centred(x, y, r + 2, 2 * r + 2),
            Box.centred(x, y, 1.6 * r + 2, 1.6 * r + 2)]  # + 2: the px two boxes may share


def tag_label(view, link, mark: str) -> Label:
    """A link's tag's places: in full along the link, beside it, round its middle; then (a
    last resort) the owner's letter alone at those places; then a dot on the link."""
    (ax, ay), (bx, by) = view.city_pos(link.a), view.city_pos(link.b)
    dx, dy = bx - ax, by - ay
    norm = math.hypot(dx, dy) or 1
    ux, uy = -dy / norm, dx / norm  # across the link
    along = [(ax + dx * t, ay + dy * t) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]
    middle = along[0]
    places, last_resort = [], None
    for w, h in (tag_size(view, mark, link.value), letter_size(view, mark)):
        w, h = w + dp(3), h + dp(3)
        off = (abs(ux) * w + abs(uy) * h) / 2 + dp(4)  # clear of the rail, across it
        spots = along + [(x + k * off * ux, y + k * off * uy) for k in (1, -1, 2, -2)
                         for x, y in along]
        forms = [Box.centred(x, y, w, h) for x, y in spots]
        forms += around(*middle, dp(4), w, h, gaps=(h / 2, h, 2 * h))
        if last_resort is None:
            last_resort = len(inside(view, forms))
        places += inside(view, forms)
    side = dot_size()
    places += inside(view, [Box.centred(ax + dx * t / 20, ay + dy * t / 20, side, side)
                            for t in (10, 9, 11, 8, 12, 7, 13, 6, 14)])
    return Label(f"tag {link.id}", tuple(places), last_resort=last_resort)


def form_of(box: Box, view, mark: str, value: int) -> str:
    """Which form a tag was placed in: "full", "letter" or "dot"."""
    if view.final:  # the results' tag is the letter alone, never a dot: who owns each link
        return "letter"  # is read there, by the letter as well as by the colour
    if box.w <= dot_size() + 0.5:
        return "dot"
    return "full" if box.w >= tag_size(view, mark, value)[0] + dp(3) - 0.5 else "letter"


def dot_size() -> float:
    return dp(10)


def carried(view, placed: dict[str, Box], placed_at) -> dict[str, Box]:
    """The labels moved with the network while fingers drag or pinch it (placing them
    afresh on every frame of a pinch would stall it); `placed_at`: the view's scale and centre
    when they were placed."""
    scale, (mx, my) = placed_at
    moved = {}
    for key, box in placed.items():
        cx, cy = box.centre
        x, y = view.to_view((cx - view.center_x) / scale + mx, (cy - view.center_y) / scale + my)
        moved[key] = Box.centred(x, y, box.w, box.h)
    return moved


def paint(view, cities, links, marks: list[str], placed: dict[str, Box]) -> None:
    """The ids, then the tags, where they were placed (recorded in the view's footprints)."""
    prints = view.footprints
    for city in cities:
        texture = view.texture(city.id, TAG_PX, bold=False)
        x, y = placed[f"id {city.id}"].centre
        view.paint(texture, x, y, ID_RGBA)
        prints.text(city.id, x, y, *texture.size, TAG_PX)
    paint_tags(view, links, marks, placed, prints)


def tag_size(view, mark: str, value: int) -> tuple[float, float]:
    if view.final:  # the values are on the score track by now: only whose link it is
        return letter_size(view, mark)
    letter, number = view.texture(mark, TAG_PX), view.texture(str(value), TAG_PX)
    return letter.width + number.width + dp(12), max(letter.height, number.height)


def letter_size(view, mark: str) -> tuple[float, float]:
    """The owner's letter alone in a ringed disc (the results' tag, and a crowded link's)."""
    letter = view.texture(mark, TAG_PX)
    return max(letter.width + dp(6), letter.height), letter.height


def mark_of(marks: list[str], seat: int) -> str:
    return marks[seat] if 0 <= seat < len(marks) else "?"


def paint_tags(view, links, marks: list[str], placed: dict[str, Box], prints) -> None:
    """Who built each link and what it is worth: the owner's letter on their colour (ringed
    white: never read as a rail colour), then the cards' value on white (play only); where the
    link is crowded, the letter alone, or a dot of the owner's colour on the rail."""
    for link in links:
        mark = mark_of(marks, link.owner)
        box = placed[f"tag {link.id}"]
        x, y = box.centre
        form = form_of(box, view, mark, link.value)
        if form == "letter" and box.w < letter_size(view, mark)[0]:  # crowded results: the
            box = Box.centred(x, y, *letter_size(view, mark))       # letter whole over its rail
        w, h = box.w - dp(3), box.h - dp(3)
        left, bottom = x - w / 2, y - h / 2
        owner = view.player_rgba(link.owner)
        Color(1, 1, 1, 1)
        RoundedRectangle(pos=(box.x, box.y), size=(box.w, box.h),
                         radius=[dp(5)] if form == "full" else [box.h / 2])
        prints.drawn.append(Footprint("shape", f"tag {link.id}", box.x, box.y, box.w, box.h))
        Color(*owner)
        if form != "full":
            RoundedRectangle(pos=(left, bottom), size=(w, h), radius=[h / 2])
            if form == "letter":
                letter = view.texture(mark, TAG_PX)
                view.paint(letter, x, y, ink_on(owner))
                prints.text(f"mark {mark}", x, y, *letter.size, TAG_PX)
            continue
        letter = view.texture(mark, TAG_PX)
        split = left + letter.width + dp(6)
        RoundedRectangle(pos=(left, bottom), size=(split - left, h), radius=[dp(4), 0, 0, dp(4)])
        number = view.texture(str(link.value), TAG_PX)
        view.paint(letter, (left + split) / 2, y, ink_on(owner))
        view.paint(number, (split + left + w) / 2, y, VALUE_INK)
        prints.text(f"mark {mark}", (left + split) / 2, y, *letter.size, TAG_PX)
        prints.text(str(link.value), (split + left + w) / 2, y, *number.size, TAG_PX)
