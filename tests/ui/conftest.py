"""The UI tests' machinery: an X display for the app's window, and a runner for scenarios.

Each scenario (tests/ui/scenarios.py) runs in a process of its own through tests/ui/driver.py:
the real app, driven by simulated touches. The runner gives it a fresh database in the test's
tmp_path and a screenshot folder of the test's own (under $UI_SHOTS, if set, so that a run's
screenshots can be kept and looked at).

Without Xvfb the UI tests are skipped on a workstation, and fail on CI (`CI` set): CI must
never skip them silently.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.xserver import XvfbError, start_xvfb, stop_xvfb

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "driver.py"
SCENARIO_TIMEOUT = 240  # seconds: a whole game by touch takes about one minute here

# Kivy's start-up chatter that says nothing about the scenario.
NOISE = re.compile(r"clipboard|cutbuffer|xclip|xsel|mtdev|^Config:|\[INFO|\[DEBUG",
                   re.IGNORECASE)

# The tests themselves read the translations (companion.app.i18n imports Kivy): Kivy must not
# parse pytest's command line nor take over logging in this process.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_FILELOG", "1")


def pytest_configure(config):
    config.addinivalue_line("markers", "ui: drives the real app in a window (needs X)")


# ---- the display -------------------------------------------------------------------------


def _display_usable(display: str) -> bool:
    if not display:
        return False
    xdpyinfo = shutil.which("xdpyinfo")
    if xdpyinfo:
        try:
            return subprocess.run([xdpyinfo, "-display", display], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=10).returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            return False
    match = re.fullmatch(r":(\d+)(\.\d+)?", display)  # a local display: its socket is there
    return bool(match) and Path(f"/tmp/.X11-unix/X{match.group(1)}").exists()


def _start_xvfb(xvfb: str, screen: str = "1280x720") -> tuple[subprocess.Popen, str]:
    """An Xvfb on a display number it picks itself (companion/xserver.py), so two test
    workers (or a bench) that start servers at the same moment never pick the same number."""
    try:
        return start_xvfb(xvfb, screen)
    except XvfbError as error:
        raise RuntimeError(f"Xvfb did not start: {error}") from None


def _xvfb_or_skip() -> str:
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        message = "the UI tests need an X display: install Xvfb (apt-get install xvfb)"
        if os.environ.get("CI"):
            pytest.fail(message + " – CI must run them, not skip them", pytrace=False)
        pytest.skip(message)
    return xvfb


def _own_xvfb(screen: str):
    process, display = _start_xvfb(_xvfb_or_skip(), screen)
    try:
        yield display
    finally:
        _stop_xvfb(process)


_stop_xvfb = stop_xvfb


@pytest.fixture(scope="session")
def x_display():
    """An X display for the app's window: $DISPLAY if it works, else an Xvfb (1280×720) of
    our own."""
    current = os.environ.get("DISPLAY", "")
    if _display_usable(current):
        yield current
        return
    yield from _own_xvfb("1280x720")


@pytest.fixture(scope="session")
def pi_screen():
    """An X server whose screen is the Pi's 7" touchscreen, 800×480: `--fullscreen` fills it."""
    yield from _own_xvfb("800x480")


@pytest.fixture(scope="session")
def hdmi_screen():
    """An X server whose screen is a 1024×600 panel (no window manager, like every Xvfb here)."""
    yield from _own_xvfb("1024x600")


# ---- running a scenario ------------------------------------------------------------------


def quiet(text: str) -> str:
    """Output without Kivy's noise: the clipboard/mtdev tracebacks and the info lines.

    The text is cut into records (a line and the indented lines under it; a traceback with its
    closing exception line) and every record that mentions the noise is left out."""
    lines = text.splitlines()
    records, i = [], 0
    while i < len(lines):
        j = i + 1
        while j < len(lines) and (lines[j].startswith((" ", "\t")) or not lines[j].strip()):
            j += 1
        if lines[i].startswith("Traceback") and j < len(lines):
            j += 1  # the exception's own line closes the traceback
        records.append(lines[i:j])
        i = j
    return "\n".join(line for record in records
                     if not any(NOISE.search(line) for line in record) for line in record)


@dataclass(repr=False)
class Run:
    """One scenario's process: its exit, output, report and screenshots."""

    name: str
    returncode: int
    stdout: str
    stderr: str
    shots: Path
    db: Path
    seconds: float
    report: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"Run({self.name!r}, returncode={self.returncode}, shots={str(self.shots)!r})"

    def __iter__(self):  # unpacks as (returncode, stdout, stderr)
        return iter((self.returncode, self.stdout, self.stderr))

    def failure(self) -> str:
        """What to show when it went wrong: the scenario's traceback, else the quiet output."""
        err = self.stderr
        if "SCENARIO FAILED" in err:
            err = err[err.index("SCENARIO FAILED"):]
        err = quiet(err)[-6000:]
        out = quiet(self.stdout)[-2000:]
        return (f"scenario {self.name!r} exited with {self.returncode} after "
                f"{self.seconds:.0f} s (screenshots in {self.shots})\n"
                f"--- stderr ---\n{err}\n--- stdout ---\n{out}")

    def check(self, returncode: int = 0) -> "Run":
        assert self.returncode == returncode, self.failure()
        errors = self.report.get("app_errors", [])
        assert not errors, "the app logged errors:\n" + "\n\n".join(errors)
        return self


@pytest.fixture
def shots_dir(request, tmp_path: Path) -> Path:
    """This test's screenshot folder: $UI_SHOTS/<test name> if set, else in tmp_path."""
    root = os.environ.get("UI_SHOTS")
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    folder = Path(root) / name if root else tmp_path / "shots"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(scope="session")
def kivy_home(tmp_path_factory) -> Path:
    """Kivy's own config and logs, away from the user's ~/.kivy."""
    return tmp_path_factory.mktemp("kivy-home")


@pytest.fixture
def run_scenario(request, x_display, kivy_home: Path, tmp_path: Path, shots_dir: Path):
    """run_scenario(name, size=…, seed=…, language=…, fast=…, db=…, tag=…, fullscreen=…,
    env=…) → Run.

    The app runs with its seat buttons drawn (COMPANION_RIG=drawn, as off the Pi with a rig):
    `env={"COMPANION_RIG": ""}` runs it as a table without seat buttons.

    `fullscreen` starts the app as the kiosk does (`--fullscreen`) on an 800×480 X screen.

    A fresh database in tmp_path unless `db` is given (a second process on the same file);
    screenshots in the test's folder (a `tag` keeps two runs of one test apart)."""

    def run(scenario: str, size: str = "800x480", seed: int = 1, language: str | None = None,
            fast: bool = False, db: Path | None = None, tag: str = "",
            timeout: float = SCENARIO_TIMEOUT, fullscreen: bool = False,
            env: dict | None = None) -> Run:
        db = db or tmp_path / "companion.db"
        shots = shots_dir / tag if tag else shots_dir
        shots.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, str(DRIVER), scenario, "--size", size, "--db", str(db),
                   "--shots", str(shots), "--seed", str(seed)]
        if language:
            command += ["--language", language]
        if fast:
            command.append("--fast")
        display = x_display
        if fullscreen:
            command.append("--fullscreen")
            display = request.getfixturevalue("pi_screen")
            size = "800x480"
        environment = dict(os.environ, DISPLAY=display, KIVY_NO_ARGS="1", KIVY_LOG_MODE="PYTHON",
                   KIVY_NO_FILELOG="1", KIVY_HOME=str(kivy_home),
                   SDL_AUDIODRIVER="dummy", COMPANION_RIG="drawn")  # seat buttons drawn
        environment.update(env or {})
        started = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, env=environment, cwd=HERE.parent.parent,
                                   start_new_session=True)
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate()
            result = Run(scenario, process.returncode, stdout, stderr, shots, db,
                         time.monotonic() - started, _report(shots))
            pytest.fail(f"timed out after {timeout:.0f} s\n" + result.failure(), pytrace=False)
        return Run(scenario, process.returncode, stdout, stderr, shots, db,
                   time.monotonic() - started, _report(shots))

    return run


def _report(shots: Path) -> dict:
    path = shots / "report.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
