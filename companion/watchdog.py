"""The service manager's watchdog: tells systemd the app is up, still alive, and stopping.

systemd's notification protocol (sd_notify): one datagram of `KEY=VALUE` lines to the AF_UNIX
socket named by `$NOTIFY_SOCKET`; a name starting with `@` is an abstract socket (a NUL byte
in front). With `Type=notify` the unit counts as started on `READY=1`; with `WatchdogSec=`
systemd sets `$WATCHDOG_USEC` and restarts the app when no `WATCHDOG=1` came for that long.

The app sends READY=1 after its first frame is on the screen and WATCHDOG=1 from a Kivy Clock
interval at half the watchdog time: the pings come from the main loop itself, so a hung UI
stops them and systemd restarts it. Outside systemd (no `$NOTIFY_SOCKET`) every call is a
no-op. Written here rather than pulled in from a library: it is a dozen lines.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)


class Notifier:
    """The socket to systemd, or nothing when the app was not started by it."""

    def __init__(self, address: str | None):
        self.address = address or None

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> "Notifier":
        return cls(env.get("NOTIFY_SOCKET"))

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, *fields: str) -> bool:
        """Send `KEY=VALUE` fields in one datagram; False when there is no one to tell."""
        if self.address is None:
            return False
        target = self.address
        if target.startswith("@"):  # an abstract socket: no file, a leading NUL byte
            target = "\0" + target[1:]
        message = "\n".join(fields).encode("utf-8")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(target)
                sock.sendall(message)
        except OSError as error:  # systemd gone or restarting: the app goes on regardless
            log.warning("could not notify the service manager at %s: %s", self.address, error)
            return False
        return True

    def ready(self) -> bool:
        return self.send("READY=1", "STATUS=Showing the app")

    def ping(self) -> bool:
        return self.send("WATCHDOG=1")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")


def ping_interval(env: Mapping[str, str] = os.environ, pid: int | None = None) -> float | None:
    """Seconds between pings: half of `$WATCHDOG_USEC`, or None when no watchdog is asked for.

    `$WATCHDOG_PID`, when set, names the process the watchdog is meant for; a child that
    inherited the variables is not it."""
    raw = env.get("WATCHDOG_USEC")
    if not raw:
        return None
    watched = env.get("WATCHDOG_PID")
    if watched and watched != str(pid if pid is not None else os.getpid()):
        return None
    try:
        usec = int(raw)
    except ValueError:
        log.warning("WATCHDOG_USEC=%r is not a number of microseconds; no watchdog", raw)
        return None
    if usec <= 0:
        return None
    return usec / 2 / 1_000_000


class Watchdog:
    """READY=1 after the first frame, WATCHDOG=1 from the main loop, STOPPING=1 at the end.

    `clock` and `window` are Kivy's Clock and Window, passed in so that this module does not
    import Kivy (it is unit-tested without a window)."""

    def __init__(self, notifier: Notifier, interval: float | None):
        self.notifier = notifier
        self.interval = interval
        self._event = None
        self._clock = None
        self._window = None

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> "Watchdog":
        return cls(Notifier.from_environment(env), ping_interval(env))

    def start(self, clock: Any, window: Any) -> None:
        if not self.notifier.enabled:
            return
        self._clock = clock
        self._window = window
        window.fbind("on_flip", self._first_frame)  # on_flip: the frame is on the screen

    def _first_frame(self, *_args) -> None:
        self._window.funbind("on_flip", self._first_frame)
        self.notifier.ready()
        if self.interval is not None:
            self._event = self._clock.schedule_interval(self._ping, self.interval)

    def _ping(self, _dt: float) -> None:
        self.notifier.ping()

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        if self.notifier.enabled:
            self.notifier.stopping()
