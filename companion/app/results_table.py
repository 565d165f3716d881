"""The results table of every game's scoring screen: categories down, one column per player
headed by the player's whole name, and the bar chart's bars standing under those columns.

A name is never cut: its column is as wide as the widest part of any name ("Bartholomew"), a
long name takes two lines ("Kristóf- / Bartholomew"); the categories' names wrap in the first
column, which takes what is left; where there is more room (1280×720) the players' columns
widen until each name is on one line. `results_width` is the room the table needs, which the
screens give their table's side (at 800×480 with four long names, about 500 px)."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.uix.label import Label

from .i18n import _
from .names import NameLabel, text_width, widest_part

HEADING = 104  # dp: the least room for the categories' names (they wrap)
LEAST_COLUMN = 64  # dp: a player's column, for short names
ROW = 28  # dp: a row of numbers


def column_width(players) -> float:
    """A player's column: the widest part of any name, in the heads' bold 15 sp."""
    return max(dp(LEAST_COLUMN), widest_part(players, sp(15), bold=True) + dp(8))


def results_width(players, padding: float = 0) -> float:
    """The width the table needs (plus `padding`, the box's own)."""
    return dp(HEADING) + len(players) * column_width(players) + padding


def fill_results(grid, chart, players, colours, rows, totals, after=()) -> None:
    """The table in `grid` and the bars in `chart`: `rows` are (category, value per seat),
    then the totals, then the rows `after` them (not points: the time on the clock);
    `colours` the players' RGBA (None: white)."""
    least = column_width(players)
    grid.clear_widgets()
    grid.cols = len(players) + 1
    grid.add_widget(_heading(""))
    columns = [NameLabel(name=name, bold=True, font_size=sp(15), size_hint=(None, None),
                         width=least, least_height=dp(ROW), color=colours[seat] or (1, 1, 1, 1))
               for seat, name in enumerate(players)]
    for head in columns:
        grid.add_widget(head)
    for title, values in [*rows, (None, totals), *after]:
        total = title is None
        grid.add_widget(_heading(title if not total else _("Total"), bold=total))
        for value in values:
            columns.append(_number(str(value), bold=total, width=least))
            grid.add_widget(columns[-1])
    chart.names = list(players)
    chart.colours = [c or (0.6, 0.6, 0.6, 1) for c in colours]
    chart.values = list(totals)
    whole = max(text_width(name, sp(15), bold=True) for name in players) + dp(8)

    def lay_out(*_args) -> None:
        """The players' columns as wide as the room allows, up to each name on one line."""
        column = max(least, min(whole, (grid.width - dp(HEADING)) / len(players)))
        for widget in columns:
            widget.width = column
        chart.column, chart.lead = column, grid.width - column * len(players)

    previous = getattr(grid, "results_lay_out", None)
    if previous is not None:
        grid.unbind(width=previous)
    grid.results_lay_out = lay_out
    grid.bind(width=lay_out)
    lay_out()


def _heading(text: str, bold: bool = False) -> Label:
    """A category's name, left, wrapping in the first column (after a hyphen too:
    "Städte- / Mehrheiten")."""
    return NameLabel(name=text, bold=bold, font_size=sp(15), size_hint_y=None, halign="left",
                     least_height=dp(ROW))


def _number(text: str, bold: bool, width: float) -> Label:
    """A number: as tall as its row (the category's name may take two lines)."""
    label = Label(text=text, bold=bold, font_size=sp(15), size_hint=(None, 1), width=width,
                  halign="center", valign="middle")
    label.bind(size=lambda w, size: setattr(w, "text_size", size))
    return label
