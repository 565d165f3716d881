"""The app's log route: the journal (priority-prefixed lines on stderr) under systemd, else a
rotating file in the XDG state directory; Kivy's own lines follow the same route and Kivy
writes no log files of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.logs import LOG_NAME, priority

# A process that sets the route up as `companion` does, then logs as the app and as Kivy.
LOGGING_APP = """
import logging, sys
from companion.logs import setup
route = setup()
from kivy.logger import Logger
logging.getLogger("companion.table").error("a move could not be stored")
logging.getLogger("companion.app").info("started")
Logger.warning("Window: no window here")
for n in range(int(sys.argv[1])):
    logging.getLogger("companion.bulk").info("line %d %s", n, "x" * 1000)
print(route)
"""


def _run(tmp_path: Path, extra_env: dict[str, str], lines: int = 0) -> subprocess.CompletedProcess:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("KIVY_", "JOURNAL_STREAM", "INVOCATION_ID", "XDG_", "STATE_"))}
    env.update(HOME=str(home), KIVY_NO_ARGS="1", **extra_env)
    return subprocess.run([sys.executable, "-c", LOGGING_APP, str(lines)], env=env,
                          capture_output=True, text=True, timeout=60, check=True)


def _files_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize("marker", [{"JOURNAL_STREAM": "8:12345"}, {"INVOCATION_ID": "abc123"}])
def test_under_systemd_lines_go_to_the_journal_with_their_priority(tmp_path: Path, marker):
    state = tmp_path / "state"
    done = _run(tmp_path, {**marker, "STATE_DIRECTORY": str(state)})
    lines = done.stderr.splitlines()
    assert "<3>companion.table: a move could not be stored" in lines
    assert "<6>companion.app: started" in lines
    assert "<4>kivy: Window: no window here" in lines
    assert all(line.startswith("<") for line in lines), done.stderr


def test_under_systemd_kivy_writes_nothing_into_the_home_folder(tmp_path: Path):
    state = tmp_path / "state"
    _run(tmp_path, {"JOURNAL_STREAM": "8:12345", "STATE_DIRECTORY": str(state)})
    assert _files_under(tmp_path / "home") == []
    assert (state / "kivy" / "config.ini").is_file()  # Kivy's config, in the service's state
    assert not list(state.rglob("*.txt")) and not list(state.rglob("*.log"))


def test_by_hand_lines_go_to_a_file_in_the_state_directory(tmp_path: Path):
    state = tmp_path / "xdg-state"
    done = _run(tmp_path, {"XDG_STATE_HOME": str(state)})
    text = (state / "companion" / LOG_NAME).read_text(encoding="utf-8")
    assert "ERROR companion.table: a move could not be stored" in text
    assert "INFO companion.app: started" in text
    assert "WARNING kivy: Window: no window here" in text
    # The terminal gets the warnings and errors only, and no Kivy log file is written.
    assert "a move could not be stored" in done.stderr and "started" not in done.stderr
    assert not list((tmp_path / "home").rglob("logs/*"))


def test_the_log_file_rotates_and_keeps_three_old_ones(tmp_path: Path):
    state = tmp_path / "xdg-state"
    _run(tmp_path, {"XDG_STATE_HOME": str(state)}, lines=4500)
    names = sorted(p.name for p in (state / "companion").iterdir())
    assert names == [LOG_NAME, LOG_NAME + ".1", LOG_NAME + ".2", LOG_NAME + ".3"]
    assert all(p.stat().st_size <= 1_000_000 for p in (state / "companion").iterdir())


def test_priorities_are_the_syslog_ones():
    import logging
    assert [priority(level) for level in (logging.CRITICAL, logging.ERROR, logging.WARNING,
                                          logging.INFO, logging.DEBUG)] == [2, 3, 4, 6, 7]
