"""Importing the app makes no window: the window is made once, from the final configuration.

A dp()/sp() or a `Window` at import time creates Kivy's window with the default 800×600
before `companion --size`/`--fullscreen` has configured it (on the Pi it hung 60 px off the
screen and the on-screen keyboard was refused)."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = r"""
import importlib, pkgutil, sys
import companion
made = []
for module in pkgutil.walk_packages(companion.__path__, "companion."):
    importlib.import_module(module.name)
    if "kivy.core.window" in sys.modules:
        made.append(module.name)
        break
print("WINDOW MADE BY", made[0] if made else "-")
"""


def test_importing_every_module_makes_no_window(tmp_path):
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_HOME=str(tmp_path), KIVY_LOG_MODE="PYTHON")
    env.pop("DISPLAY", None)  # a window would need one: without it, making one fails loudly
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WINDOW MADE BY -" in done.stdout, done.stdout + done.stderr[-2000:]
