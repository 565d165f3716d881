"""The installed `companion` command's window, as the X server itself sees it (xwininfo).

On the Pi's 800×480 screen a window of Kivy's default 800×600 hangs 60 px off the top: the
size must be configured before anything creates the window. These tests start the real
command (the console script pip installed), not a test driver, and ask X where its window is.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_ui import TOUR, judge_audits

COMMAND = Path(sys.executable).with_name("companion")  # the entry point pip installed


def _xwininfo() -> str:
    found = shutil.which("xwininfo")
    if found is None:
        message = "xwininfo is needed to ask X about the window (apt-get install x11-utils)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return found


def window_geometry(display: str, timeout: float = 40.0) -> tuple[int, int, int, int]:
    """(x, y, width, height) of the window titled "companion", once it is mapped and has kept
    its place for a second (a loaded machine shows the window before its fullscreen size)."""
    xwininfo = _xwininfo()
    deadline = time.monotonic() + timeout
    seen, since = None, 0.0
    while time.monotonic() < deadline:
        done = subprocess.run([xwininfo, "-display", display, "-name", "companion"],
                              capture_output=True, text=True)
        if done.returncode == 0 and "IsViewable" in done.stdout:
            numbers = tuple(int(re.search(rf"{key}:\s+(-?\d+)", done.stdout).group(1))
                            for key in ("Absolute upper-left X", "Absolute upper-left Y",
                                        "Width", "Height"))
            if numbers != seen:
                seen, since = numbers, time.monotonic()
            elif time.monotonic() - since >= 1.0:
                return numbers
        time.sleep(0.25)
    if seen is not None:
        return seen
    raise AssertionError(f"no window named 'companion' on {display} after {timeout:.0f} s")


def start_companion(display: str, tmp_path: Path, kivy_home: Path, *options: str):
    assert COMMAND.is_file(), f"the companion command is not installed beside {sys.executable}"
    env = dict(os.environ, DISPLAY=display, KIVY_HOME=str(kivy_home),
               XDG_STATE_HOME=str(tmp_path / "state"), SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([str(COMMAND), "--db", str(tmp_path / "companion.db"), *options],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)


def stop(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGTERM)  # as systemctl stop does
    try:
        output, _ = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
    return output.decode("utf-8", "replace")


def opened(display: str, tmp_path: Path, kivy_home: Path, *options: str):
    """((x, y, width, height) of the command's window on `display`, its output)."""
    process = start_companion(display, tmp_path, kivy_home, *options)
    try:
        geometry = window_geometry(display)
    finally:
        output = stop(process)
    return geometry, output


def test_size_800x480_gives_an_800x480_window(x_display, tmp_path, kivy_home):
    (x, y, width, height), output = opened(x_display, tmp_path, kivy_home, "--size", "800x480")
    assert (width, height) == (800, 480), output[-3000:]
    assert x >= 0 and y >= 0, f"the window starts at {x},{y}, off the screen"


def test_fullscreen_fills_the_pi_screen_from_its_corner(pi_screen, tmp_path, kivy_home):
    geometry, output = opened(pi_screen, tmp_path, kivy_home, "--fullscreen")
    assert geometry == (0, 0, 800, 480), output[-3000:]
    assert "virtual keyboard not allowed" not in output  # the kiosk's keyboard was configured


def test_fullscreen_fills_a_screen_of_any_size(hdmi_screen, tmp_path, kivy_home):
    """`--fullscreen` on a 1024×600 screen with no window manager makes a 1024×600 window at
    0,0 (it stayed 800×480 at +112+60 while the app was laid out for 1024×600); `--size`
    still chooses the window's size."""
    geometry, output = opened(hdmi_screen, tmp_path, kivy_home, "--fullscreen")
    assert geometry == (0, 0, 1024, 600), output[-3000:]
    (_x, _y, width, height), output = opened(hdmi_screen, tmp_path, kivy_home, "--fullscreen",
                                             "--size", "800x480")
    assert (width, height) == (800, 480), output[-3000:]


def test_every_screen_lies_inside_the_fullscreen_window(run_scenario):
    """The whole tour (every screen and dialog of a game, Home, History, Settings) started as
    the kiosk on the Pi's 800×480 screen: no widget's top above the window's top edge, no
    bottom below its bottom edge. (Windows of 800×480 and 1280×720, and the kiosk at 1024×600
    and 720×1280, are test_audit.py's: its "outside" check, every stop of every game.)"""
    run = run_scenario("tour", fullscreen=True).check()
    judge_audits(run.report, TOUR, kinds=("outside",))
