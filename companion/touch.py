"""A finger for the running app: taps through the window's input, scans through the app's scanner
path, typed text; it counts each, for `companion bench --taps` and the UI tests.

The UI tests' driver (tests/ui/driver.py) builds on it with screenshots and a report; the games'
tap drivers (companion/games/<game>/ui/taps.py) use only what is here. Kivy is imported only
inside the methods: the `companion` command configures Kivy before anything imports it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass


@dataclass
class Counts:
    """What the player's hands did on the screen: taps, scans, characters typed."""

    taps: int = 0
    scans: int = 0
    typed: int = 0

    def since(self, before: "Counts") -> "Counts":
        return Counts(self.taps - before.taps, self.scans - before.scans,
                      self.typed - before.typed)

    def copy(self) -> "Counts":
        return Counts(self.taps, self.scans, self.typed)


def _finger_class():
    """A touch at window pixels, as an input provider makes one (kivy.tests' UnitTestTouch
    does the same, but importing kivy.tests needs pytest, which a plain install lacks)."""
    from kivy.base import EventLoop
    from kivy.input.motionevent import MotionEvent

    class Finger(MotionEvent):
        def __init__(self, x: float, y: float):
            window = EventLoop.window
            super().__init__("Finger", 99, {"x": x / (window.width - 1.0),
                                            "y": y / (window.height - 1.0)},
                             is_touch=True, type_id="touch")
            self.profile = ["pos"]

        def depack(self, args):
            self.sx, self.sy = args["x"], args["y"]  # 0..1 from the bottom left
            super().depack(args)

        def touch_down(self):
            EventLoop.post_dispatch_input("begin", self)

        def touch_move(self, x: float, y: float):
            window = EventLoop.window
            self.move({"x": x / (window.width - 1.0), "y": y / (window.height - 1.0)})
            EventLoop.post_dispatch_input("update", self)

        def touch_up(self):
            EventLoop.post_dispatch_input("end", self)

    return Finger


class Touch:
    """Taps, scans and types on the running app as a player would, and counts them.

    `scanner`: a card scanner is at the table (a game's tap driver scans what can be scanned
    instead of tapping it)."""

    def __init__(self, app, scanner: bool = False):
        self.app = app
        self.scanner = scanner
        self.counts = Counts()
        self._tags: dict[tuple[str, str, str], str] = {}

    @property
    def screen(self):
        return self.app.root.current_screen

    def widget(self, screen: str, widget_id: str):
        return self.app.root.get_screen(screen).ids[widget_id]

    async def frames(self, seconds: float = 0.12) -> None:
        await asyncio.sleep(seconds)

    async def tap_at(self, x: float, y: float) -> None:
        """One tap at window pixel (x, y)."""
        touch = _finger_class()(x, y)
        touch.touch_down()
        await asyncio.sleep(0.03)
        touch.touch_up()
        self.counts.taps += 1
        await self.frames()

    async def tap(self, widget) -> None:
        """A finger on the middle of a widget, through the window like a real touch."""
        await self.frames(0.05)  # a widget just added is laid out on the next frame
        assert widget.get_root_window() is not None, f"{widget} is not on screen"
        assert not widget.disabled, f"{widget} ({getattr(widget, 'text', '')!r}) is disabled"
        where = widget.to_window(*widget.center)
        for _ in range(20):  # a loaded machine lays a new dialog out a frame or two late
            await self.frames(0.05)
            now = widget.to_window(*widget.center)
            if now == where:
                break
            where = now
        await self.tap_at(*where)

    async def tap_id(self, screen: str, widget_id: str) -> None:
        await self.tap(self.widget(screen, widget_id))

    async def type(self, widget, text: str) -> None:
        """Text typed into a field (the on-screen keyboard's business): one count a character."""
        widget.text = text
        self.counts.typed += len(text)
        await self.frames()

    async def scan(self, game: str, kind: str, value: str) -> None:
        """A tagged component on the reader: the app hears its tag as from the scanner (the
        tag is taught first, as a table does once per box)."""
        from .store import TaggedComponent
        key = (game, kind, value)
        tag = self._tags.get(key)
        if tag is None:
            tag = self._tags[key] = f"7A{len(self._tags):08X}"
            self.app.store.teach(TaggedComponent(tag, game, kind, value))
        self.app.scanning.scanned(tag)
        self.counts.scans += 1
        await self.frames()

    async def wait_for(self, condition, timeout: float = 5.0, what: str = "") -> None:
        for _ in range(int(timeout / 0.05)):
            if condition():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what or condition}")
