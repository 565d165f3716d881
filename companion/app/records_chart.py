"""The score-over-time chart: a line per player in their colour, their letter at its end, the
scores along the left and the rounds along the bottom, drawn with Kivy graphics."""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.widget import Widget

from companion.records.chart import Series
from .i18n import _
from .marks import player_marks  # the letter the maps and the seat strip show too
from .theme import PANEL

GRID_LINES = 4  # score lines across the chart, besides zero


def _text(text: str, size: float = 15, bold: bool = False, outline: bool = False):
    label = CoreLabel(text=text, font_size=sp(size), bold=bold,
                      outline_width=2 if outline else 0, outline_color=(0, 0, 0))
    label.refresh()
    return label.texture


def nice_step(span: int) -> int:
    """A round step for the score lines: 1, 2, 5, 10, 20, 50 …"""
    step = 1
    while span / step > GRID_LINES:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if span / step <= GRID_LINES:
                break
    return max(step, 1)


class ScoreChart(Widget):
    """A Series as lines; colours are RGBA per player, letters their initials."""

    series: Series | None = ObjectProperty(None, allownone=True)
    colours = ListProperty([])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, series=self.redraw, colours=self.redraw)

    def redraw(self, *_args) -> None:
        self.canvas.clear()
        series = self.series
        if series is None or not series.points:
            return
        low, high = min(series.lowest, 0), max(series.highest, 1)
        step = nice_step(high - low)
        low, high = (low // step) * step, -(-high // step) * step
        left, bottom = self.x + dp(44), self.y + dp(30)
        width, height = self.right - dp(30) - left, self.top - dp(8) - bottom
        count = len(series.points)

        def at(index: int, value: int) -> tuple[float, float]:
            x = left + width * (index / max(count - 1, 1))
            return x, bottom + height * (value - low) / (high - low)

        with self.canvas:
            Color(*PANEL)
            Rectangle(pos=self.pos, size=self.size)
            self._grid(low, high, step, left, width, at)
            self._rounds(series, count, bottom, at)
            lines = [[at(i, p[seat]) for i, p in enumerate(series.points)]
                     for seat in range(len(series.players))]
            for seat, points in enumerate(lines):
                self._line(seat, points)
            for seat, (x, y) in spread([points[-1] for points in lines], dp(26)).items():
                self._letter(seat, lines[seat][-1], (x, y))

    def _grid(self, low: int, high: int, step: int, left: float, width: float, at) -> None:
        for value in range(low, high + 1, step):
            _x, y = at(0, value)
            Color(1, 1, 1, 0.45 if value == 0 else 0.15)
            Line(points=[left, y, left + width, y], width=dp(1))
            texture = _text(str(value))
            Color(1, 1, 1, 0.8)
            Rectangle(texture=texture, size=texture.size,
                      pos=(left - dp(6) - texture.width, y - texture.height / 2))

    def _rounds(self, series: Series, count: int, bottom: float, at) -> None:
        """The rounds along the bottom: every one that fits, and the end."""
        every = max(1, round(count / 10))
        Color(1, 1, 1, 0.8)
        for index in range(count):
            last = index == count - 1
            if not last and (index % every or index > count - 1 - every):
                continue  # every n-th round, and none so close to the end that they touch
            text = _("End") if last and series.final else str(index)
            texture = _text(text)
            x, _y = at(index, 0)
            Rectangle(texture=texture, size=texture.size,
                      pos=(x - texture.width / 2, bottom - dp(4) - texture.height))

    def _rgba(self, seat: int):
        return self.colours[seat] if seat < len(self.colours) else (0.7, 0.7, 0.7, 1)

    def _line(self, seat: int, points: list[tuple[float, float]]) -> None:
        flat = [c for point in points for c in point]
        Color(0, 0, 0, 0.6)  # a dark edge: a white or yellow line reads on any neighbour
        Line(points=flat, width=dp(3.5))
        Color(*self._rgba(seat))
        Line(points=flat, width=dp(2.2))

    def _letter(self, seat: int, end: tuple[float, float], at: tuple[float, float]) -> None:
        """The player's letter in a disc of their colour at the line's end (moved up or down,
        with a stroke to the end, where ends meet)."""
        r = dp(13)
        x, y = at
        if abs(y - end[1]) > 1:
            Color(*self._rgba(seat))
            Line(points=[end[0], end[1], x, y], width=dp(1.2))
        Color(*self._rgba(seat))
        Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
        letter = _text(player_marks(self.series.players)[seat], 16, bold=True, outline=True)
        Color(1, 1, 1, 1)
        Rectangle(texture=letter, size=letter.size,
                  pos=(x - letter.width / 2, y - letter.height / 2))


def spread(ends: list[tuple[float, float]], gap: float) -> dict[int, tuple[float, float]]:
    """Where each line's letter goes: at its end, moved apart (keeping their order) so that no
    two discs overlap."""
    order = sorted(range(len(ends)), key=lambda seat: ends[seat][1])
    placed: dict[int, tuple[float, float]] = {}
    floor = None
    for seat in order:
        x, y = ends[seat]
        y = y if floor is None else max(y, floor + gap)
        placed[seat] = (x, y)
        floor = y
    return placed
