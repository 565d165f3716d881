"""Freed memory back to the system after a move or a change of screen (memory
after a game at most the empty Kivy app's + 60 MB).

glibc keeps the memory the app freed (a screen's old textures, the map's drawing buffers under
Mesa's llvmpipe, Python's objects) for reuse, so the process stays that large: about 20 MB
after a game on this project's machine. `malloc_trim(0)` hands the unused pages back. It runs
once the frame that shows the move or the new screen is on screen, when what the old drawing
held is gone: about 1 ms, after the tap's answer is shown, never between the tap and it.
Elsewhere than glibc (macOS, musl) it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from functools import lru_cache

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def _trim():
    """glibc's malloc_trim, or None where there is none."""
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None


def release() -> bool:
    """Give the memory freed so far back to the system; False where that is not possible."""
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True


_pending: list = []  # the one release waiting for its frame, if any


def after_next_frame(window) -> None:
    """`release` once the next frame is on screen (Kivy's window; its clock's next tick); asked
    again before then (several moves in one frame), still once."""
    if _pending:
        return
    from kivy.clock import Clock

    def drawn(*_args) -> None:
        window.unbind(on_flip=drawn)
        Clock.schedule_once(lambda _dt: (_pending.clear(), release()))

    _pending.append(drawn)
    window.bind(on_flip=drawn)
