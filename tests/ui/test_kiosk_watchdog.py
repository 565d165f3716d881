"""The kiosk's watchdog, end to end: the real `companion` command under Xvfb, with a notify
socket the test binds as systemd would. READY=1 comes after the first frame, then WATCHDOG=1
at half of $WATCHDOG_USEC; a frozen main loop (the process alive, its main thread asleep)
stops the pings, which is what makes systemd restart a hung UI; `systemctl stop` (SIGTERM)
closes the app with STOPPING=1.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

WATCHDOG_USEC = 1_000_000  # systemd's WatchdogSec=1: a ping every half second
PING = WATCHDOG_USEC / 2 / 1e6
START_TIMEOUT = 90

# The real command line, plus one thing only a test needs: SIGUSR1 puts the main thread to
# sleep inside a signal handler, so the Kivy main loop stops while the process lives on.
WATCHED_APP = """
import signal, sys, time
signal.signal(signal.SIGUSR1, lambda signum, frame: time.sleep(3600))
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


class Notifications:
    """The socket systemd would listen on, and what arrived on it, with arrival times."""

    def __init__(self, path: Path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.received: list[tuple[float, str]] = []

    def collect(self, seconds: float) -> list[str]:
        """What arrives within `seconds`."""
        deadline = time.monotonic() + seconds
        arrived = []
        while (left := deadline - time.monotonic()) > 0:
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096).decode()
            except TimeoutError:
                break
            self.received.append((time.monotonic(), data))
            arrived.append(data)
        return arrived

    def wait_for(self, field: str, timeout: float) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for data in self.collect(min(1.0, deadline - time.monotonic())):
                if field in data.splitlines():
                    return self.received[-1][0]
        raise AssertionError(f"no {field} within {timeout:.0f} s; got {self.received}")

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def watched_app(x_display, tmp_path: Path):
    """Start the app as the unit does (under a notify socket and a watchdog); yields
    (process, notifications); the process is killed at the end whatever happened."""
    notifications = Notifications(tmp_path / "notify")
    env = dict(os.environ, DISPLAY=x_display, NOTIFY_SOCKET=str(notifications.path),
               WATCHDOG_USEC=str(WATCHDOG_USEC), INVOCATION_ID="test",
               STATE_DIRECTORY=str(tmp_path / "state"), HOME=str(tmp_path / "home"),
               KIVY_HOME=str(tmp_path / "kivy"), SDL_AUDIODRIVER="dummy",
               COMPANION_SCANNER="off", COMPANION_CONFIG=str(tmp_path / "none.toml"))
    env.pop("KIVY_LOG_MODE", None)  # the app chooses its own route, as under systemd
    env.pop("KIVY_NO_FILELOG", None)
    command = [sys.executable, "-c", WATCHED_APP, "--db", str(tmp_path / "companion.db"),
               "--fullscreen"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        yield process, notifications
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        notifications.close()


def _output(process: subprocess.Popen) -> str:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    out, err = process.communicate()
    # The app logs as under systemd: "<N>" priorities; the info lines say nothing here.
    err = "\n".join(line for line in err.splitlines() if not line.startswith(("<6>", "<7>")))
    return err[-4000:] + out[-1000:]


def _started(process, notifications) -> None:
    try:
        notifications.wait_for("READY=1", START_TIMEOUT)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{_output(process)}") from None
    arrived = [data.splitlines() for _, data in notifications.received]
    ready = next(i for i, fields in enumerate(arrived) if "READY=1" in fields)
    assert not any("WATCHDOG=1" in fields for fields in arrived[:ready]), \
        "a ping before READY=1: the pings must start with the first frame"


def test_ready_after_the_first_frame_then_regular_pings_then_stopping(watched_app,
                                                                     tmp_path: Path):
    process, notifications = watched_app
    _started(process, notifications)
    pings = [d for d in notifications.collect(3.0) if d == "WATCHDOG=1"]
    assert len(pings) >= 3, f"expected a ping every {PING} s, got {notifications.received}"
    process.send_signal(signal.SIGTERM)  # what `systemctl stop` does
    try:
        notifications.wait_for("STOPPING=1", 20)
    except AssertionError as error:
        raise AssertionError(f"{error}\nexit code {process.poll()}\n{_output(process)}") from None
    assert process.wait(30) == 0, _output(process)
    assert not (tmp_path / "home").exists(), "under systemd nothing goes into the home folder"


def test_a_frozen_main_loop_stops_the_pings(watched_app):
    process, notifications = watched_app
    _started(process, notifications)
    before = [d for d in notifications.collect(2.5) if d == "WATCHDOG=1"]
    assert len(before) >= 3, f"no regular pings: {notifications.received}"
    process.send_signal(signal.SIGUSR1)  # the main thread falls asleep in the handler
    frozen_at = time.monotonic()
    notifications.collect(6 * PING)
    after = [t for t, d in notifications.received if d == "WATCHDOG=1" and t > frozen_at]
    # One ping may have been on its way when the signal came; a main loop that goes on
    # (or pings sent from another thread) would have sent six.
    assert len(after) <= 1, f"pings went on while the main loop was frozen: {after}"
    assert process.poll() is None, "the process must still be alive: only its main loop hangs"
