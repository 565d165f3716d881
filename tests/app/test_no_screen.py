"""`companion` with nowhere to show a window says so and stops at once (it used to wait for a
display forever, silently)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

COMMAND = Path(sys.executable).with_name("companion")


@pytest.mark.skipif(any(Path("/dev/dri").glob("card*")),
                    reason="this machine has a graphics card: SDL could open a console window")
def test_without_a_display_the_app_says_how_to_get_one_and_exits_1(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_STATE_HOME"] = str(tmp_path)
    started = time.monotonic()
    done = subprocess.run([str(COMMAND), "--db", str(tmp_path / "companion.db")], env=env,
                          capture_output=True, text=True, timeout=60)
    seconds = time.monotonic() - started
    assert done.returncode == 1
    assert "no screen" in done.stderr and "xvfb-run companion" in done.stderr
    # It says so at once rather than waiting for a screen (about 0.5 s here); the bound is a
    # hang's, not a speed figure: a loaded machine took 4.7 s.
    assert seconds < 20, f"took {seconds:.2f} s"
    assert not (tmp_path / "companion.db").exists()  # nothing was started
