"""Lines of text in a box that a screen refreshes after every move, their labels kept between
refreshes.

Making a Label applies its layout rules and bindings; a play screen that made its log and player
lines anew after each move paid for that on every tap (the app's share of a tap). Here
the labels are made once and only their properties change (Kivy does nothing for a property set
to the value it already has, so an unchanged line is not rendered again).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.uix.widget import Widget


class Lines:
    """The labels of one box: `show` sets one label per entry (a dict of the label's
    properties, e.g. {"text": …, "color": …}); labels are added when more are needed and taken
    out of the box (kept for later) when fewer are."""

    def __init__(self, box: Widget, make: Callable[[], Widget], spacer: bool = False):
        self.box = box
        self.make = make  # a new label, styled as the screen wants its lines
        self.labels: list[Widget] = []
        self.spacer = Widget() if spacer else None  # takes the room left below the lines

    def show(self, entries: Sequence[dict[str, Any]]) -> None:
        while len(self.labels) < len(entries):
            self.labels.append(self.make())
        for label, properties in zip(self.labels, entries):
            for name, value in properties.items():
                setattr(label, name, value)
        wanted = self.labels[:len(entries)] + ([self.spacer] if self.spacer else [])
        shown = list(reversed(self.box.children))
        if len(shown) != len(wanted) or any(a is not b for a, b in zip(shown, wanted)):
            self.box.clear_widgets()  # lines came or went
            for widget in wanted:
                self.box.add_widget(widget)
