"""Where the app's log lines go: the journal when systemd runs it, else a rotating file.

Under systemd (`$JOURNAL_STREAM` or `$INVOCATION_ID` set) standard error is the journal: each
line carries a syslog priority prefix (`<3>` error … `<7>` debug) that journald reads as the
line's priority. Started by hand, the lines go to `companion.log` in the XDG state directory
(`~/.local/state/companion/`), rotated at 1 MB with three old files kept, and warnings also
to the terminal.

Kivy logs through Python's logging here (`KIVY_LOG_MODE=PYTHON`), so its lines take the same
route; it writes no log files of its own and no console lines of its own. Under systemd its
config folder (`KIVY_HOME`) goes to the service's state directory, never the home folder.

What is logged: Kivy's start-up lines (versions, OpenGL), the hardware found or missing
(scanner, seat LEDs and buttons), the scanner's tags, and errors. Player names may appear in a
line about a game; nothing else about the people playing does.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import sys
from collections.abc import MutableMapping
from dataclasses import dataclass
from pathlib import Path

LOG_NAME = "companion.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

# syslog priorities (sd-daemon.h): what journald reads from a "<N>" at the start of a line.
PRIORITIES = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4),
              (logging.INFO, 6))
DEBUG_PRIORITY = 7


@dataclass(frozen=True)
class Route:
    """Where the lines went: the journal, or a file (None if even that could not be opened)."""

    journal: bool
    file: Path | None = None


def under_systemd(env: MutableMapping[str, str] = os.environ) -> bool:
    return bool(env.get("JOURNAL_STREAM") or env.get("INVOCATION_ID"))


def priority(level: int) -> int:
    for threshold, number in PRIORITIES:
        if level >= threshold:
            return number
    return DEBUG_PRIORITY


class JournalFormatter(logging.Formatter):
    """`<N>name: message`, one line per record (journald stamps the time itself)."""

    def __init__(self):
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        prefix = f"<{priority(record.levelno)}>"
        # A traceback spans lines: each gets the prefix so that none is read as a new entry
        # of the default priority.
        return "\n".join(prefix + line for line in super().format(record).splitlines())


def log_dir(env: MutableMapping[str, str] = os.environ) -> Path:
    base = env.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(base) / "companion"


def setup(env: MutableMapping[str, str] = os.environ, level: int = logging.INFO) -> Route:
    """Route the app's and Kivy's log lines; call before Kivy is imported."""
    env.setdefault("KIVY_LOG_MODE", "PYTHON")  # Kivy hands its records to Python's logging
    env.setdefault("KIVY_NO_FILELOG", "1")
    env.setdefault("KIVY_NO_CONSOLELOG", "1")
    if under_systemd(env):
        state = env.get("STATE_DIRECTORY", "").split(":")[0]  # set by the unit's StateDirectory=
        if state:
            env.setdefault("KIVY_HOME", str(Path(state) / "kivy"))
            with contextlib.suppress(OSError):  # Kivy makes one level only; it says if it fails
                Path(env["KIVY_HOME"]).mkdir(parents=True, exist_ok=True)
        _install(level, _handler(logging.StreamHandler(sys.stderr), JournalFormatter()))
        return Route(journal=True)
    console = _handler(logging.StreamHandler(sys.stderr),
                       logging.Formatter("companion: %(levelname)s %(name)s: %(message)s"),
                       logging.WARNING)
    path = log_dir(env) / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES,
                                                    backupCount=BACKUPS, encoding="utf-8")
    except OSError as error:  # a read-only home: the terminal still gets the warnings
        _install(level, console)
        logging.getLogger(__name__).warning("no log file at %s: %s", path, error)
        return Route(journal=False)
    _install(level, console, _handler(file, logging.Formatter(FORMAT)))
    return Route(journal=False, file=path)


def _handler(handler: logging.Handler, formatter: logging.Formatter,
             level: int = logging.NOTSET) -> logging.Handler:
    handler.setFormatter(formatter)
    handler.setLevel(level)
    handler._companion = True  # type: ignore[attr-defined]
    return handler


def _install(level: int, *handlers: logging.Handler) -> None:
    """Ours replace any of ours set up before (a second call), and nothing else."""
    root = logging.getLogger()
    root.setLevel(level)
    for old in list(root.handlers):
        if getattr(old, "_companion", False):
            root.removeHandler(old)
            old.close()
    for handler in handlers:
        root.addHandler(handler)
