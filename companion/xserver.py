"""A private Xvfb on a display number it picks itself (`-displayfd`: it binds the first free
one and writes it back once it accepts connections), so that two benches or test workers
starting servers at the same moment never take the same number."""

from __future__ import annotations

import os
import select
import subprocess
import tempfile
import time


class XvfbError(Exception):
    """The server did not start: the end of what it said."""


def start_xvfb(exe: str, screen: str = "1280x720", timeout: float = 30.0) -> tuple[
        subprocess.Popen, str]:
    """The server's process and its display (":N"); XvfbError where it exits or takes longer
    than `timeout` to accept connections."""
    read, write = os.pipe()
    with tempfile.TemporaryFile() as log:
        try:
            process = subprocess.Popen([exe, "-displayfd", str(write), "-screen", "0",
                                        f"{screen}x24", "-nolisten", "tcp"],
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=log, pass_fds=(write,))
        finally:
            os.close(write)
        try:
            number = _display_number(read, timeout)
        finally:
            os.close(read)
        if number is not None:
            return process, f":{number}"
        stop_xvfb(process)
        log.seek(0)
        raise XvfbError(log.read().decode("utf-8", "replace")[-2000:])


def _display_number(fd: int, timeout: float) -> int | None:
    """What the server writes on its -displayfd when it is ready; None if it exits first or
    takes longer than `timeout`."""
    text = b""
    deadline = time.monotonic() + timeout
    while not text.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 16)
        if not chunk:  # the server exited before it found a display
            return None
        text += chunk
    return int(text)


def stop_xvfb(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
