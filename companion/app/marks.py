"""A player's mark beside their colour: one or two letters (never a digit) for colour-blind players.

Every map and the seat strip show the same mark, so that "the purple B" on a route is the B
lamp in the strip. The mark is the first letter of the name; where two players' names start
with the same letter, each of those players gets that letter and a later letter of their own
name ("Anna-Lena", "Anton": "Al", "An"): a digit beside a player's colour would read as a
map's own numbers (Ticket to Ride's "1" coins and route lengths, Railways' city values).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

DARK_INK = (0.08, 0.08, 0.1, 1)
LIGHT_INK = (1, 1, 1, 1)
SPARE = "abcdefghijklmnopqrstuvwxyz"  # second letters for names that have none of their own left


def player_marks(names) -> list[str]:
    """Each player's mark, in seat order: the name's first letter, or where another player's
    name starts with the same letter, that letter and a later one no other such player has."""
    initials = [_initial(name) for name in names]
    shared = Counter(initials)
    taken: set[str] = set()
    marks = []
    for name, initial in zip(names, initials):
        if shared[initial] == 1:
            marks.append(initial)
            continue
        second = next((c for c in (*_later_letters(name), *SPARE) if initial + c not in taken))
        taken.add(initial + second)
        marks.append(initial + second)
    return marks


def _initial(name: str) -> str:
    return (name.strip()[:1] or "?").upper()


def _later_letters(name: str) -> list[str]:
    """The letters after the first, a later word's first letter before the rest (the "L" of
    "Anna-Lena" tells her apart better than its "n")."""
    rest = name.strip()[1:]
    letters = [c.lower() for c in rest if c.isalpha()]
    starts = [c.lower() for before, c in zip(rest, rest[1:]) if c.isalpha() and not before.isalpha()]
    return starts + letters


def table_marks(table) -> list[str]:
    """The marks of a live game's players."""
    return player_marks(table.header.players) if table is not None else []


def ink_on(rgba) -> tuple:
    """Dark or light ink, whichever reads on a colour (white and yellow taxis take dark)."""
    r, g, b = rgba[:3]
    return DARK_INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 else LIGHT_INK


@lru_cache(maxsize=256)
def mark_texture(text: str, px: float, outline: bool = False):
    """A mark as a white texture to tint (cached: the maps draw the same few letters often)."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(text=text, font_size=px, bold=True,
                      outline_width=1 if outline else None, outline_color=(0, 0, 0))
    label.refresh()
    return label.texture
