"""The kiosk's Kivy settings (`companion --fullscreen`): the touchscreen read once, and a stop by
the service manager that closes the app as its own exit would.

Doubled touches: Kivy's default `[input]` on Linux has two routes to the same finger, the
`mouse` provider (SDL turns touches into mouse events, and so does a desktop compositor) and a
`probesysfs` provider that opens the touchscreen's /dev/input/event* device itself. Each tap
then arrives twice. The kiosk keeps exactly one route:

* on the console (SDL2 on KMS/DRM, no desktop; what systemd/companion.service does), Kivy's
  `hidinput` provider reads the touchscreen device directly and the `mouse` provider is off;
* inside a desktop session (`$WAYLAND_DISPLAY` or `$DISPLAY` set) the compositor owns the
  input devices and hands the finger to the window as a pointer: only `mouse`.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Mapping
from typing import Any

CONSOLE_INPUT = {"touchscreen": "probesysfs,provider=hidinput"}
DESKTOP_INPUT = {"mouse": "mouse"}
STOP_CHECK_SECONDS = 0.25


def in_desktop_session(env: Mapping[str, str] = os.environ) -> bool:
    return bool(env.get("WAYLAND_DISPLAY") or env.get("DISPLAY"))


def configure_input(config: Any, env: Mapping[str, str] = os.environ) -> dict[str, str]:
    """Replace Kivy's `[input]` section by the one route this display mode needs."""
    providers = DESKTOP_INPUT if in_desktop_session(env) else CONSOLE_INPUT
    for key in list(config.options("input")):
        config.remove_option("input", key)
    for key, value in providers.items():
        config.set("input", key, value)
    config.set("graphics", "show_cursor", "0")  # a finger needs no arrow
    return providers


def stop_on_sigterm(app: Any) -> None:
    """`systemctl stop` sends SIGTERM: close the app through its own stop (the store is closed,
    systemd is told STOPPING=1) instead of dying mid-frame. The stop runs on the main loop; a
    hung loop never gets to it, and systemd kills the app after its stop timeout.

    The handler only raises a flag, which the main loop looks at four times a second: a
    handler runs on the main thread wherever it happens to be, possibly inside the Clock
    while it holds its lock, and scheduling from there would deadlock the app."""
    from kivy.clock import Clock
    requested: list[int] = []

    def handler(signum, _frame) -> None:
        requested.append(signum)

    def look(_dt) -> bool:
        if not requested:
            return True
        app.stop()
        return False

    signal.signal(signal.SIGTERM, handler)
    Clock.schedule_interval(look, STOP_CHECK_SECONDS)
