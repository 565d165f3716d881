"""A drawn map panned and zoomed by touch: one finger drags it (or taps, if it barely moved),
two fingers pinch, the mouse wheel zooms. The map is drawn in its own units, `scale_px` px
each, with the map point `centre` at the widget's middle (TraffIQ's city, Railways' network).
"""

from __future__ import annotations

import math

from kivy.metrics import dp

TAP_SLOP = 12  # a finger moving less than this (dp) taps rather than pans
WHEEL = 1.15  # one notch of the mouse wheel


class PanZoom:
    """Mixed into a Widget (before it in the bases). The widget gives `scale_limits()` and
    `tapped(touch)` (a finger that went down and up without moving); it may give
    `view_changed()`, called after every pan or zoom."""

    scale_px = 1.0
    centre = (0.0, 0.0)

    def scale_limits(self) -> tuple[float, float]:
        raise NotImplementedError

    def tapped(self, touch) -> None:
        raise NotImplementedError

    def view_changed(self) -> None:
        """The widget follows the new scale and centre (its drawing, or a transform)."""

    def to_map(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale_px
        return ((x - self.center_x) / s + self.centre[0], (y - self.center_y) / s + self.centre[1])

    def to_view(self, mx: float, my: float) -> tuple[float, float]:
        s = self.scale_px
        return (self.center_x + (mx - self.centre[0]) * s,
                self.center_y + (my - self.centre[1]) * s)

    def zoom(self, factor: float, anchor: tuple[float, float] | None = None) -> None:
        """Larger by `factor`, the map point under `anchor` (a window point) staying there."""
        anchor = anchor or self.center
        before = self.to_map(*anchor)
        low, high = self.scale_limits()
        self.scale_px = max(low, min(high, self.scale_px * factor))
        after = self.to_map(*anchor)
        self.centre = (self.centre[0] + before[0] - after[0],
                       self.centre[1] + before[1] - after[1])
        self.view_changed()

    # ---- touch: one finger pans (or taps), two pinch -------------------------------------

    def _fingers(self) -> list:
        if not hasattr(self, "_pan_touches"):
            self._pan_touches, self._pan_moved = [], False
        return self._pan_touches

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        if super().on_touch_down(touch):  # a button over the map (its own children) first
            return True
        if touch.is_mouse_scrolling:
            self.zoom(WHEEL if touch.button == "scrolldown" else 1 / WHEEL, touch.pos)
            return True
        fingers = self._fingers()
        touch.grab(self)
        fingers.append(touch)
        self._pan_moved = len(fingers) > 1  # a pinch is never a tap
        return True

    def on_touch_move(self, touch):
        if touch.grab_current is not self:
            return super().on_touch_move(touch)
        fingers = self._fingers()
        if len(fingers) == 1:
            if not self._pan_moved and math.dist(touch.pos, touch.opos) < dp(TAP_SLOP):
                return True
            self._pan_moved = True
            s = self.scale_px
            self.centre = (self.centre[0] - touch.dx / s, self.centre[1] - touch.dy / s)
            self.view_changed()
        elif len(fingers) >= 2:
            a, b = fingers[0], fingers[1]
            other = b if touch is a else a
            before = math.dist((touch.px, touch.py), other.pos)
            now = math.dist(touch.pos, other.pos)
            if before > 1:
                self.zoom(now / before, ((touch.x + other.x) / 2, (touch.y + other.y) / 2))
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is not self:
            return super().on_touch_up(touch)
        touch.ungrab(self)
        fingers = self._fingers()
        if touch in fingers:
            fingers.remove(touch)
        if not fingers and not self._pan_moved:
            self.tapped(touch)
        elif not fingers:
            self.view_changed()  # the fingers lifted: what waits for that (a map's labels)
        return True
