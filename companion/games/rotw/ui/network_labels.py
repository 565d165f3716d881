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
    fixed.append(disc(*view.city_pos(START), r * 1.25))
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
    beside them."""
    fixed, dots = fixed_marks(view, cities, r)
    ids = []
    for city in cities:
        x, y = view.city_pos(city.id)
        w, h = view.texture(city.id, TAG_PX, bold=False).size
        ids.append(Label(f"id {city.id}", tuple(inside(view, around(x, y, r + dp(2), w, h))),
                         own=dots[city.id]))
    placed = place(ids, fixed)  # the ids first: a tag never pushes a city's name off it
    tags = []
    for link in links:
        (ax, ay), (bx, by) = view.city_pos(link.a), view.city_pos(link.b)
        w, h = tag_size(view, mark_of(marks, link.owner), link.value)
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1
        nx, ny = -dy / norm * h * 0.8, dx / norm * h * 0.8
        along = [(ax + dx * t, ay + dy * t) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]
        spots = along + [(x + k * nx, y + k * ny) for k in (1, -1) for x, y in along]
        boxes = [Box.centred(x, y, w + dp(3), h + dp(3)) for x, y in spots]
        middle = (ax + bx) / 2, (ay + by) / 2  # a short link's tag: off it, still beside it
        boxes += around(*middle, h, w + dp(3), h + dp(3), gaps=(dp(2), 2 * h))
        tags.append(Label(f"tag {link.id}", tuple(inside(view, boxes))))
    placed.update(place(tags, fixed + list(placed.values())))
    return placed


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
    letter, number = view.texture(mark, TAG_PX), view.texture(str(value), TAG_PX)
    h = max(letter.height, number.height)
    if view.final:  # the values are on the score track by now: only whose link it is
        return max(letter.width + dp(6), h), h
    return letter.width + number.width + dp(12), h


def mark_of(marks: list[str], seat: int) -> str:
    return marks[seat] if 0 <= seat < len(marks) else "?"


def paint_tags(view, links, marks: list[str], placed: dict[str, Box], prints) -> None:
    """Who built each link and what it is worth: the owner's letter on their colour (ringed
    white: never read as a rail colour), then the cards' value on white (play only)."""
    for link in links:
        mark = mark_of(marks, link.owner)
        x, y = placed[f"tag {link.id}"].centre
        w, h = tag_size(view, mark, link.value)
        left, bottom = x - w / 2, y - h / 2
        owner = view.player_rgba(link.owner)
        letter = view.texture(mark, TAG_PX)
        Color(1, 1, 1, 1)
        RoundedRectangle(pos=(left - dp(1.5), bottom - dp(1.5)), size=(w + dp(3), h + dp(3)),
                         radius=[h / 2 + dp(1.5)] if view.final else [dp(5)])
        prints.drawn.append(Footprint("shape", f"tag {link.id}", left - dp(1.5),
                                      bottom - dp(1.5), w + dp(3), h + dp(3)))  # its own box
        Color(*owner)
        if view.final:
            RoundedRectangle(pos=(left, bottom), size=(w, h), radius=[h / 2])
            view.paint(letter, x, y, ink_on(owner))
            prints.text(f"mark {mark}", x, y, *letter.size, TAG_PX)
            continue
        split = left + letter.width + dp(6)
        RoundedRectangle(pos=(left, bottom), size=(split - left, h), radius=[dp(4), 0, 0, dp(4)])
        number = view.texture(str(link.value), TAG_PX)
        view.paint(letter, (left + split) / 2, y, ink_on(owner))
        view.paint(number, (split + left + w) / 2, y, VALUE_INK)
        prints.text(f"mark {mark}", (left + split) / 2, y, *letter.size, TAG_PX)
        prints.text(str(link.value), (split + left + w) / 2, y, *number.size, TAG_PX)
