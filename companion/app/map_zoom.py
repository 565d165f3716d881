"""A map over the whole window: tapping a map that asks for nothing (the results) opens it as
large as the screen allows, where every name, letter and value has room; Back, or another tap
on the map, closes it ("zoom or a list beside it are fine").
"""

from __future__ import annotations

from kivy.factory import Factory
from kivy.graphics import Color, Ellipse, InstructionGroup, Line
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from .i18n import _
from .theme import BACKGROUND, touch


class MapZoom(ModalView):
    """The map widget given under a bar with Back (the bar keeps Back off the map's labels).
    `on_close()` runs after it is closed (the Ticket to Ride map goes back to its screen)."""

    def __init__(self, view, on_close=None, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(1, 1), background_color=(0, 0, 0, 0),
                         overlay_color=BACKGROUND, **kwargs)
        self.view = view
        self._on_close = on_close
        room = BoxLayout(orientation="vertical", padding=dp(4), spacing=dp(4))
        bar = BoxLayout(size_hint_y=None, height=touch())
        bar.add_widget(Widget())
        self.back = Factory.QuietButton(text=_("Back"), size_hint_x=None, width=touch(64))
        self.back.bind(on_release=lambda *_: self.close())
        bar.add_widget(self.back)
        room.add_widget(bar)
        view.size_hint = (1, 1)
        room.add_widget(view)
        self.add_widget(room)

    def close(self) -> None:
        self.dismiss(animation=False)
        self.view.zoomed = None
        if self.view.parent is not None:
            self.view.parent.remove_widget(self.view)
        if self._on_close is not None:
            self._on_close()


def magnifier(right: float, top: float) -> InstructionGroup:
    """A magnifying glass in a map's top right corner: a tap on the map makes it larger."""
    group = InstructionGroup()
    r = dp(8)
    cx, cy = right - dp(22), top - dp(20)
    group.add(Color(0, 0, 0, 0.55))
    group.add(Ellipse(pos=(cx - dp(16), cy - dp(16) - dp(2)), size=(dp(34), dp(34))))
    group.add(Color(1, 1, 1, 0.9))
    group.add(Line(circle=(cx - dp(2), cy + dp(2), r), width=dp(1.6)))
    group.add(Line(points=[cx - dp(2) + r * 0.7, cy + dp(2) - r * 0.7, cx + dp(8), cy - dp(8)],
                   width=dp(2.4)))
    return group


def open_zoom(view, on_close=None) -> MapZoom:
    """Show `view` (a map widget not on any screen) over the whole window."""
    zoom = MapZoom(view, on_close)
    zoom.open(animation=False)
    view.zoomed = zoom  # a tap on the zoomed map closes it
    return zoom
