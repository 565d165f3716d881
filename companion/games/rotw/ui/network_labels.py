"""The network's labels: each city's id beside it and each link's tag (the owner's letter and
the cards' value), placed where they cover no city and no other label, then painted.

Ids are placed first, then the tags; a tag that finds no clear place may push an id to
another clear place around its city (companion.app.footprints). Everything is placed before
anything is painted, so what is painted is where it ended up.
"""

from __future__ import annotations

import math

from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp

from companion.app.footprints import Footprint, Footprints
from companion.app.marks import ink_on

TAG_PX = 15  # the values, ids and letters: readable at arm's length
ID_RGBA = (1, 1, 1, 0.85)
VALUE_INK = (0.05, 0.05, 0.05, 1)


def inside(view, spots, w: float, h: float) -> list:
    """The spots where a w×h label stays inside the map (all of them, if none does)."""
    kept = [(x, y) for x, y in spots if view.x + w / 2 <= x <= view.right - w / 2
            and view.y + h / 2 <= y <= view.top - h / 2]
    return kept or list(spots)


def place_ids(view, cities, r: float, room: Footprints) -> None:
    """Each city's id (c1, c2, …, as the questions and the results' list name it): above to
    the right, else wherever around the city it covers nothing."""
    for city in cities:
        x, y = view.city_pos(city.id)
        w, h = view.texture(city.id, TAG_PX, bold=False).size
        d = r + dp(3)
        right, left = x + d + w / 2, x - d - w / 2
        spots = [(right - dp(4), y + d * 0.7), (left + dp(4), y + d * 0.7),
                 (right - dp(4), y - d * 0.7), (left + dp(4), y - d * 0.7),
                 (x, y + d + h / 2), (x, y - d - h / 2), (right, y), (left, y),
                 (right, y + d), (left, y + d), (right, y - d), (left, y - d)]
        room.put_form(f"id {city.id}", [(inside(view, spots, w, h), w, h)], px=TAG_PX)


def tag_size(view, mark: str, value: int) -> tuple[float, float]:
    letter, number = view.texture(mark, TAG_PX), view.texture(str(value), TAG_PX)
    h = max(letter.height, number.height)
    if view.final:  # the values are on the score track by now: only whose link it is
        return max(letter.width + dp(6), h), h
    return letter.width + number.width + dp(12), h


def place_tags(view, links, marks: list[str], room: Footprints) -> None:
    """Each link's tag: along the link, else beside it, where it covers nothing."""
    for link in links:
        (ax, ay), (bx, by) = view.city_pos(link.a), view.city_pos(link.b)
        w, h = tag_size(view, mark_of(marks, link.owner), link.value)
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1
        nx, ny = -dy / norm * h * 0.8, dx / norm * h * 0.8
        along = [(ax + dx * t, ay + dy * t) for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78)]
        spots = along + [(x + k * nx, y + k * ny) for k in (1, -1, 2, -2) for x, y in along]
        room.put_form(f"tag {link.id}", [(inside(view, spots, w, h), w + dp(3), h + dp(3))],
                      px=TAG_PX)


def mark_of(marks: list[str], seat: int) -> str:
    return marks[seat] if 0 <= seat < len(marks) else "?"


def paint_ids(view, cities, room: Footprints, prints: Footprints) -> None:
    for city in cities:
        texture = view.texture(city.id, TAG_PX, bold=False)
        x, y = room.find(f"id {city.id}").centre
        view.paint(texture, x, y, ID_RGBA)
        prints.text(city.id, x, y, *texture.size, TAG_PX)


def paint_tags(view, links, marks: list[str], room: Footprints, prints: Footprints) -> None:
    """Who built each link and what it is worth: the owner's letter on their colour (ringed
    white: never read as a rail colour), then the cards' value on white (play only)."""
    for link in links:
        mark = mark_of(marks, link.owner)
        x, y = room.find(f"tag {link.id}").centre
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
