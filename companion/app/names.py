"""Players' names that are never cut: broken onto more lines only after a hyphen or at a space.

Kivy wraps a label's text at spaces only, and breaks a word wider than the line in the middle
("Dominika-Ale / xandra"); `shorten` cuts it with dots. A name is what a family reads to find
itself, so `NameLabel` lays it out itself: whole on one line if it fits, else broken after a
hyphen ("Dominika- / Alexandra") or at a space, and as tall as its lines."""

from __future__ import annotations

import re

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.label import Label

_PIECE = re.compile(r"[^\s-]*-+|[^\s-]+")  # a part of a name: up to a hyphen, or a word


def text_width(text: str, font_size: float, bold: bool = False) -> float:
    return CoreLabel(font_size=font_size, bold=bold).get_extents(text)[0]


def name_lines(name: str, width: float, font_size: float, bold: bool = False) -> str:
    """`name` with line breaks where it must break to fit `width`: after a hyphen or at a
    space, never inside a part (a part wider than the line stays whole: the layout must give
    the room)."""
    if width <= 0 or text_width(name, font_size, bold) <= width:
        return name
    lines: list[str] = []
    line = ""
    for word in name.split():
        for piece in _PIECE.findall(word):
            joined = piece if not line else line + piece
            if line and text_width(joined, font_size, bold) > width:
                lines.append(line.rstrip())
                line = piece
            else:
                line = joined
        line += " "
    lines.append(line.rstrip())
    return "\n".join(lines)


def widest_part(names, font_size: float, bold: bool = False) -> float:
    """The widest part of any of the names (the least room a column of them needs)."""
    return max((text_width(piece, font_size, bold) for name in names
                for piece in _PIECE.findall(name)), default=0)


class NameLabel(Label):
    """A player's name (`name`), whole, on as many lines as it needs at the label's width;
    with `size_hint_y` None it is as tall as its lines (at least `least_height`). Any words
    that must not break mid-word can be shown so (the results' category names)."""

    name = StringProperty("")
    least_height = NumericProperty(0)

    def __init__(self, **kwargs):
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self.bind(name=self._lay_out, width=self._lay_out, font_size=self._lay_out,
                  bold=self._lay_out, texture_size=self._fit_height,
                  least_height=self._fit_height)
        self._lay_out()
        self._fit_height()  # an empty name changes no texture size: no event would size it

    def _lay_out(self, *_args) -> None:
        room = self.width - 2 * dp(2)
        self.text = name_lines(self.name, room, self.font_size, self.bold)
        self.text_size = (max(room, 1), None)
        self.texture_update()  # its height now, not at the next frame: a chart lays out at once

    def _fit_height(self, *_args) -> None:
        if self.size_hint_y is None:
            self.height = max(self.least_height, self.texture_size[1] + dp(4))


def undrawable(text: str) -> str:
    """The characters of `text` the app's font cannot draw (emoji, pictographs and the joiners
    and selectors that build them): Kivy's SDL2 text has no colour-emoji font, so they would
    show as boxes. Letters of every language, digits and punctuation are drawn."""
    import unicodedata
    return "".join(ch for ch in text
                   if ord(ch) > 0xFFFF or unicodedata.category(ch) in ("So", "Cs", "Co")
                   or ch in "\u200d\ufe0e\ufe0f" or 0x2600 <= ord(ch) <= 0x27BF)

