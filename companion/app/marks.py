"""A player's mark beside their colour: a letter (or seat number) for colour-blind players.

Every map and the seat strip show the same mark, so that "the purple B" on a route is the B
lamp in the strip. The mark is the first letter of the name; where two players' names start
with the same letter, those players are told apart by their seat numbers (1-4) instead.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

DARK_INK = (0.08, 0.08, 0.1, 1)
LIGHT_INK = (1, 1, 1, 1)


def player_marks(names) -> list[str]:
    """Each player's mark, in seat order: the name's first letter, or the seat number (from 1)
    where another player's name starts with the same letter."""
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    shared = Counter(initials)
    return [initial if shared[initial] == 1 else str(seat + 1)
            for seat, initial in enumerate(initials)]


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
