"""`companion bench --ui`: the app's start-up time, tap-to-frame latency and memory under X, each against an empty Kivy app.

Every figure comes from fresh processes (`python -m companion.bench_ui PART ...`) on a temporary
database, in an 800x480 window on an X display: $DISPLAY, or an Xvfb this module starts on a free
display number and stops afterwards. What each figure means is in docs/benchmarks.md.

This module imports nothing but the standard library at the top: the empty Kivy app is measured by
running this same module, so both apps pay the same interpreter and import costs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable

from .bench import report_line
from .xserver import XvfbError, start_xvfb, stop_xvfb

WIDTH, HEIGHT = 800, 480
XVFB_SCREEN = "1280x720"
RESULT = "BENCH-UI-RESULT "  # the line a measuring process reports on
TARGETS = {  # the Pi's budget; a Pi 4 is about 3× slower per core than this machine
    "startup_ratio": ("at most", 1.4),
    "tap_ms": ("at most", 40.0),
    "app_ms": ("at most", 8.0),
    "rss_extra_mb": ("at most", 60.0),
}


class UiBenchError(Exception):
    """The UI benchmark cannot run here (no X display) or one of its processes failed."""


def _say(text: str) -> None:
    print(text, flush=True)  # as it goes: the whole run takes minutes


def _line(name: str, value: float, unit: str, key: str | None = None) -> None:
    report_line(name, value, unit, key, out=_say, targets=TARGETS)


# ---- the X display -----------------------------------------------------------------------------

class Xvfb:
    """A private X server for the bench (companion/xserver.py: it picks its own display)."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.display = ""

    def start(self) -> str:
        exe = shutil.which("Xvfb")
        if exe is None:
            raise UiBenchError(
                "it needs an X display: DISPLAY is not set, and Xvfb (to start one) is not "
                "installed. Install it (Debian, Ubuntu, Raspberry Pi OS: sudo apt install xvfb) "
                "or run this in a desktop session.")
        try:
            self.process, self.display = start_xvfb(exe, XVFB_SCREEN)
        except XvfbError as error:
            raise UiBenchError(f"Xvfb would not start on a free display.\n{error}".rstrip()) \
                from None
        return self.display

    def stop(self) -> None:
        if self.process is not None:
            stop_xvfb(self.process)
            self.process = None


# ---- running the measuring processes -------------------------------------------------------

def _child(part: list[str], env: dict[str, str], timeout: float) -> tuple[dict, float]:
    """Run `python -m companion.bench_ui PART...`: (its report, time.monotonic() just before it
    was started)."""
    command = [sys.executable, "-m", "companion.bench_ui", *part]
    started = time.monotonic()
    try:
        done = subprocess.run(command, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        tail = (expired.stderr or b"").decode("utf-8", "replace")[-3000:]
        raise UiBenchError(f"`{' '.join(part)}` did not finish in {timeout:g} s\n{tail}".rstrip())
    out = done.stdout.decode("utf-8", "replace")
    reports = [line[len(RESULT):] for line in out.splitlines() if line.startswith(RESULT)]
    if done.returncode != 0 or not reports:
        tail = done.stderr.decode("utf-8", "replace")[-3000:]
        raise UiBenchError(f"`{' '.join(part)}` failed (exit code {done.returncode})\n{tail}"
                           .rstrip())
    return json.loads(reports[-1]), started


def _startup(kind: str, db: Path, env: dict[str, str]) -> tuple[float, float, str]:
    """(ms from process start to the first frame, kB resident at that frame, GL renderer)."""
    report, started = _child(["startup", kind, "--db", str(db)], env, timeout=180)
    return (report["frame"] - started) * 1e3, report["rss_kb"], report["renderer"]


def _p90(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=10, method="inclusive")[-1]


def run_all(quick: bool = False, db_dir: Path | None = None) -> dict[str, float]:
    """Measure and print every figure; UiBenchError when it cannot."""
    from .store import default_path
    xvfb = None
    display = os.environ.get("DISPLAY", "")
    if not display:
        xvfb = Xvfb()
        display = xvfb.start()
        _say(f"companion bench --ui: DISPLAY is not set, so it started Xvfb on {display} "
              f"({XVFB_SCREEN}x24)")
    try:
        # The app commits every move to its database: measure on that disk, as `bench` does.
        parent = db_dir or default_path().parent
        parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="bench-ui-", dir=parent) as name:
            folder = Path(name)
            env = dict(os.environ, DISPLAY=display, KIVY_HOME=str(folder / "kivy"),
                       KIVY_NO_ARGS="1", KIVY_CLIPBOARD="sdl2")
            env.setdefault("SDL_VIDEODRIVER", "x11")
            env.pop("WAYLAND_DISPLAY", None)
            # Both apps run from bytecode, as installed (pip and systemd/install.sh compile it);
            # kept in a scratch folder, written by the first start of each.
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
            figures = _startups(folder, env, display, quick)
            figures.update(_taps(folder, env, 20 if quick else 50))
            figures.update(_memory(folder, env, 1 if quick else 3, figures))
    finally:
        if xvfb is not None:
            xvfb.stop()
            _say(f"companion bench --ui: stopped Xvfb on {display}")
    return figures


def _startups(folder: Path, env: dict, display: str, quick: bool) -> dict[str, float]:
    """Start-up to the first frame, the empty Kivy app and companion interleaved."""
    from .store import Store
    rounds = 3 if quick else 9
    db = folder / "startup.db"
    Store(db).close()  # the app starts on an existing, empty database
    # One start of each first: Kivy writes its config, the OS caches the files.
    _startup("empty", db, env)
    renderer = _startup("companion", db, env)[2]
    _say(f"companion bench --ui: {WIDTH}x{HEIGHT} window on X display {display}, "
          f"OpenGL renderer {renderer}")
    _say(f"companion bench --ui: medians of {rounds} start-ups of each app")
    empty_ms, app_ms, empty_kb, app_kb = [], [], [], []
    for _ in range(rounds):  # interleaved, so a busy moment hits both alike
        ms, kb, _ = _startup("empty", db, env)
        empty_ms.append(ms)
        empty_kb.append(kb)
        ms, kb, _ = _startup("companion", db, env)
        app_ms.append(ms)
        app_kb.append(kb)
    empty_start, app_start = statistics.median(empty_ms), statistics.median(app_ms)
    _line("start-up to first frame, empty Kivy app", empty_start, "ms")
    _line("start-up to first frame, companion (Home)", app_start, "ms")
    _line("start-up, companion / empty Kivy app", app_start / empty_start, "×", "startup_ratio")
    return {"startup_empty_ms": empty_start, "startup_app_ms": app_start,
            "startup_ratio": app_start / empty_start,
            "rss_empty_mb": statistics.median(empty_kb) / 1024,
            "rss_app_start_mb": statistics.median(app_kb) / 1024}


def _taps(folder: Path, env: dict, taps: int) -> dict[str, float]:
    """Taps on a game in progress: touch-up to the frame that shows their effect."""
    report, _ = _child(["latency", "--db", str(folder / "latency.db"), "--taps", str(taps)],
                       env, timeout=900)
    samples, handled, drawn = report["tap_ms"], report["handled_ms"], report["draw_ms"]
    waited, written = report["wait_ms"], report["write_ms"]
    tap_median, tap_p90 = statistics.median(samples), _p90(samples)
    app_ms = statistics.median(handled)
    _line(f"tap to next frame, median of {len(samples)} taps", tap_median, "ms", "tap_ms")
    _line("tap to next frame, 90th percentile", tap_p90, "ms")
    _line("  of which touch-up to screen updated", app_ms, "ms", "app_ms")
    _line("    of which until the event loop reads it", statistics.median(waited), "ms")
    _line("    of which handling it (read to updated)",
          statistics.median([h - w for h, w in zip(handled, waited)]), "ms")
    _line("      of which the committed write", statistics.median(written), "ms")
    _line("  of which screen updated to frame shown", statistics.median(drawn), "ms")
    return {"tap_ms": tap_median, "tap_p90_ms": tap_p90, "app_ms": app_ms}


def _memory(folder: Path, env: dict, runs: int, figures: dict) -> dict[str, float]:
    """Memory after whole games played through the Table with their screens showing."""
    game_kb, peak_kb = [], []
    for run in range(runs):
        report, _ = _child(["memory", "--db", str(folder / f"memory-{run}.db")], env,
                           timeout=900)
        game_kb.append(report["rss_kb"])
        peak_kb.append(report["hwm_kb"])
    empty_mb, start_mb = figures["rss_empty_mb"], figures["rss_app_start_mb"]
    game_mb = statistics.median(game_kb) / 1024
    _say(f"companion bench --ui: memory after {runs} full game{'s' if runs > 1 else ''}")
    _line("memory (RSS), empty Kivy app at first frame", empty_mb, "MB")
    _line("memory (RSS), companion at first frame", start_mb, "MB")
    _line("memory (RSS), companion after a full game", game_mb, "MB")
    _line("memory, companion after a game − empty app", game_mb - empty_mb, "MB", "rss_extra_mb")
    _line("peak memory (VmHWM), companion in the game", statistics.median(peak_kb) / 1024, "MB")
    return {"rss_app_game_mb": game_mb, "rss_extra_mb": game_mb - empty_mb}



# ---- inside a measuring process ------------------------------------------------------------

def _report(result: dict) -> None:
    print(RESULT + json.dumps(result), flush=True)


def _memory_kb(field: str = "VmRSS") -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise UiBenchError(f"no {field} in /proc/self/status")


def _renderer() -> str:
    from kivy.graphics.opengl import GL_RENDERER, glGetString
    name = glGetString(GL_RENDERER)
    return name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)


def _configure_kivy() -> None:
    """The window as `companion --size 800x480` opens it (see companion.app.app.run)."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    from kivy.config import Config
    Config.set("graphics", "width", str(WIDTH))
    Config.set("graphics", "height", str(HEIGHT))


class Frames:
    """Hears of every frame once it is on screen: after `Window.on_flip` swapped the buffers.

    Kivy calls the handlers bound to on_flip before its own, which swaps; wrapping `flip`
    puts the time stamp after the swap, when the frame is really shown.
    """

    def __init__(self, window) -> None:
        self.listeners: list[Callable[[float], bool]] = []
        swap = window.flip

        def flip() -> None:
            swap()
            now = time.monotonic()
            self.listeners = [listener for listener in self.listeners if not listener(now)]

        window.flip = flip

    def next(self):
        """A future: the time of the next frame shown."""
        import asyncio
        future = asyncio.get_running_loop().create_future()

        def shown(now: float) -> bool:
            if not future.done():
                future.set_result(now)
            return True

        self.listeners.append(shown)
        return future


def _startup_child(kind: str, db: str) -> int:
    """Start an app (the empty Kivy app, or companion through its command's own entry point);
    report its first frame on screen."""
    if kind == "companion":
        return _companion(db, _first_frame)
    _configure_kivy()
    from kivy.app import App
    from kivy.uix.widget import Widget

    class EmptyApp(App):
        def build(self):
            return Widget()

    app = EmptyApp()
    app.bind(on_start=lambda _app: _watch_first_frame(app))
    app.run()
    return 0


async def _first_frame(app) -> None:
    """The driver beside companion: it starts once build() has run and on_start was sent, before
    the loop drew anything."""
    _watch_first_frame(app)


def _watch_first_frame(app) -> None:
    from kivy.clock import Clock
    from kivy.core.window import Window

    def shown(now: float) -> bool:
        if getattr(app.root, "current", "home") != "home":
            return False
        _report({"frame": now, "rss_kb": _memory_kb(), "renderer": _renderer()})
        Clock.schedule_once(lambda _dt: app.stop())
        return True

    Frames(Window).listeners.append(shown)


def _companion(db: str, driver) -> int:
    """The app exactly as `companion --size 800x480 --db DB` starts it, with `driver` (an async
    function given the app) running beside it, as the UI tests do."""
    from .cli import main
    return main(["--size", f"{WIDTH}x{HEIGHT}", "--db", db], driver=driver)


def _drive(db: str, scenario) -> int:
    """Run the app next to an async scenario(app, frames) -> figures; report its figures."""
    import asyncio
    outcome: dict = {}

    async def drive(app) -> None:
        try:
            while app.root is None or app.root.get_root_window() is None:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.8)  # the first frames
            from kivy.base import EventLoop
            outcome.update(await scenario(app, Frames(EventLoop.window)))
        except BaseException:
            traceback.print_exc()
        finally:
            app.stop()

    code = _companion(db, drive)
    if not outcome or code:
        return 1
    _report(outcome)
    return 0


def _finger(x: float, y: float):
    """A touch at window pixel (x, y), as an input provider makes one. (kivy.tests' UnitTestTouch
    does the same, but importing kivy.tests needs pytest, which a plain install lacks.)"""
    from kivy.base import EventLoop
    from kivy.input.motionevent import MotionEvent

    class Finger(MotionEvent):
        def depack(self, args):
            self.sx, self.sy = args  # where on the window, 0..1 from the bottom left
            super().depack(args)

    window = EventLoop.window
    touch = Finger("bench", 1, (x / (window.width - 1.0), y / (window.height - 1.0)),
                   is_touch=True, type_id="touch")
    touch.profile = ["pos"]
    return touch


def measured_game():
    """The game the taps and the memory are measured with: the first registered game whose
    bench knows which button each of its moves is tapped on (`tap_target`)."""
    from .games import games
    return next(game for game in games()
                if game.bench is not None and hasattr(game.bench(), "tap_target"))


class TapTimer:
    """Taps a button as a finger does and times it: touch-up, screen updated, frame shown.

    It also notes when the event loop read the touch-up and how long the committed write took,
    to split the app's share into waiting for the loop, the write and the rest (docs)."""

    def __init__(self, app, frames: Frames):
        from kivy.base import EventLoop
        self.app, self.frames = app, frames
        self.changed: list[float] = []
        self.tap_ms: list[float] = []
        self.handled_ms: list[float] = []
        self.draw_ms: list[float] = []
        self.wait_ms: list[float] = []  # touch-up queued -> the loop dispatches it
        self.write_ms: list[float] = []  # the committed write(s) of the move
        self._touch = None
        self._read = 0.0
        self._writing = 0.0
        dispatch = EventLoop.post_dispatch_input

        def post_dispatch_input(etype, me):  # the loop hands a touch to the widgets
            if etype == "end" and me is self._touch:
                self._read = time.monotonic()
            return dispatch(etype, me)

        EventLoop.post_dispatch_input = post_dispatch_input
        append = app.store.append_all  # every stored entry goes through it (Table, Store)

        def timed_append(*args, **kwargs):
            started = time.perf_counter()
            try:
                return append(*args, **kwargs)
            finally:
                self._writing += time.perf_counter() - started

        app.store.append_all = timed_append

    def on_change(self, _table, _action) -> None:  # after the app's listener: screens refreshed
        self.changed.append(time.monotonic())

    async def tap(self, widget, action) -> None:
        import asyncio
        from kivy.base import EventLoop
        await asyncio.sleep(0.1)  # laid out and drawn, nothing else going on
        if widget.get_root_window() is None or widget.disabled:
            raise AssertionError(f"{widget.text!r} is not on screen or disabled")
        x, y = widget.to_window(*widget.center)
        touch = self._touch = _finger(x, y)
        # Into the event loop's input queue, as an input provider puts a real touch: the loop
        # reads it at the start of its next frame, like a finger's.
        EventLoop._dispatch_input("begin", touch)
        await asyncio.sleep(0.05)
        if widget.state != "down":
            raise AssertionError(f"the touch at ({x:.0f}, {y:.0f}) missed {widget.text!r}")
        self.changed.clear()
        self._writing = 0.0
        up = time.monotonic()
        EventLoop._dispatch_input("end", touch)
        shown = await asyncio.wait_for(self.frames.next(), 10)
        while not self.changed or shown < self.changed[0]:
            shown = await asyncio.wait_for(self.frames.next(), 10)
        if self.app.table.actions[-1] != action:
            raise AssertionError(f"stored {self.app.table.actions[-1]}, not {action}")
        if not self._writing:  # the write went another way than Store.append_all
            raise AssertionError("the move was stored without its write being timed")
        self.tap_ms.append((shown - up) * 1e3)
        self.handled_ms.append((self.changed[0] - up) * 1e3)
        self.draw_ms.append((shown - self.changed[0]) * 1e3)
        self.wait_ms.append((self._read - up) * 1e3)
        self.write_ms.append(self._writing * 1e3)

    def figures(self) -> dict:
        return {"tap_ms": self.tap_ms, "handled_ms": self.handled_ms, "draw_ms": self.draw_ms,
                "wait_ms": self.wait_ms, "write_ms": self.write_ms}


def _latency_child(db: str, taps: int, seed: int) -> int:
    """Taps on the play screen of games in progress (random games, every move the measured
    game's bench can tap on is tapped, the others submitted)."""
    import asyncio
    import random

    async def scenario(app, frames: Frames) -> dict:
        from .app.games import game_ui
        game = measured_game()
        ui, bench = game_ui(game.game_kind), game.bench()
        app.ensure_game(game.game_kind)
        play = app.root.get_screen(ui.play)
        rng = random.Random(seed)
        timer = TapTimer(app, frames)
        while len(timer.tap_ms) < taps:
            playout = game.playout()(game.rules(), 2, rng)
            playout.play()
            app.start_game(game.game_kind, list(playout.players), list(game.colours[:2]),
                           playout.options["first"])
            app.table.add_listener(timer.on_change)
            for action in playout.log:
                if len(timer.tap_ms) >= taps or app.root.current != ui.play:
                    break
                button = bench.tap_target(play, action)  # tap() waits for it to be laid out
                if button is not None:
                    await timer.tap(button, action)
                else:
                    app.table.submit(action)
                    await asyncio.sleep(0.02)
            app.table.remove_listener(timer.on_change)
        return timer.figures()

    return _drive(db, scenario)


def _memory_child(db: str, seed: int) -> int:
    """A 4-player game from the New game screen to the end, every move through the Table while
    its screen is showing; the memory after it."""
    import asyncio
    import random

    async def scenario(app, frames: Frames) -> dict:
        from .app.games import game_ui
        from .core.rules import Phase
        game = measured_game()
        ui = game_ui(game.game_kind)

        async def frame() -> None:
            try:
                await asyncio.wait_for(frames.next(), 1.0)
            except asyncio.TimeoutError:  # nothing to redraw
                pass

        playout = game.playout()(game.rules(), 4, random.Random(seed))
        playout.play()
        app.root.get_screen("home").new_game("play", game.game_kind)
        await asyncio.sleep(0.3)
        form = app.root.get_screen("new_game")
        while len(form.rows) < 4:
            form.add_row()
        for row, name in zip(form.rows, ("Anna", "Ben", "Cleo", "Dora")):
            row.name_input.text = name
        form.first = playout.options["first"]
        await asyncio.sleep(0.3)
        form.start()
        if app.root.current != ui.play:
            raise AssertionError(f"the game did not start: on {app.root.current}")
        await frame()
        for action in playout.log:
            app.table.submit(action)
            await frame()
        if app.table.status.phase is not Phase.OVER or app.root.current != ui.scoring:
            raise AssertionError("the game did not end on the scoring screen")
        await asyncio.sleep(0.5)
        return {"rss_kb": _memory_kb(), "hwm_kb": _memory_kb("VmHWM"),
                "actions": len(playout.log)}

    return _drive(db, scenario)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.bench_ui",
                                     description="One measuring process of `companion bench "
                                     "--ui` (run that instead).")
    sub = parser.add_subparsers(dest="part", required=True)
    startup = sub.add_parser("startup")
    startup.add_argument("kind", choices=("empty", "companion"))
    latency = sub.add_parser("latency")
    latency.add_argument("--taps", type=int, default=50)
    for part in (startup, latency, sub.add_parser("memory")):
        part.add_argument("--db", required=True)
        part.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    if args.part == "startup":
        return _startup_child(args.kind, args.db)
    if args.part == "latency":
        return _latency_child(args.db, args.taps, args.seed)
    return _memory_child(args.db, args.seed)


if __name__ == "__main__":
    sys.exit(main())
