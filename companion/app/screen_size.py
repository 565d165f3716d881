"""The size of the screen the app opens on, read before Kivy makes its window (`--fullscreen`).

Kivy asks SDL2 for a "desktop" fullscreen window (`fullscreen = auto`). SDL then reports the
screen's size to Kivy, which lays the app out for it, but on X with no window manager (a kiosk
on X, a bare Xvfb) nobody acts on the fullscreen request: the window keeps the size it was
created with (800×480), centred, while the layout is drawn for the whole screen. Creating the
window at the screen's own size from the start makes both agree with or without a window
manager (a window of the screen's size is centred at 0,0). On the console (KMS/DRM) SDL's
window always covers the screen; the size read here is the same one SDL gives it.

The size comes from the SDL2 library Kivy itself is linked to (its wheel bundles one in
`Kivy.libs/`, a Kivy built on the Pi uses the system's), through ctypes: the video subsystem is
started, the desktop mode read and the subsystem shut again before Kivy starts it for good.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import importlib.util
import os

SDL_INIT_VIDEO = 0x20


class _DisplayMode(ctypes.Structure):
    _fields_ = [("format", ctypes.c_uint32), ("w", ctypes.c_int), ("h", ctypes.c_int),
                ("refresh_rate", ctypes.c_int), ("driverdata", ctypes.c_void_p)]


def _sdl_candidates() -> list[str]:
    """The SDL2 library Kivy's window module loads: its wheel's own copy first."""
    found = []
    spec = importlib.util.find_spec("kivy")
    if spec is not None and spec.origin:
        site = os.path.dirname(os.path.dirname(spec.origin))
        found += sorted(glob.glob(os.path.join(site, "Kivy.libs", "libSDL2-2*.so*")))
    system = ctypes.util.find_library("SDL2")
    found += [name for name in (system, "libSDL2-2.0.so.0") if name]
    return found


def screen_size() -> tuple[int, int] | None:
    """(width, height) of the first display in pixels, or None when SDL cannot say."""
    for name in _sdl_candidates():
        try:
            sdl = ctypes.CDLL(name)
        except OSError:
            continue
        return _desktop_mode(sdl)
    return None


def _desktop_mode(sdl) -> tuple[int, int] | None:
    if sdl.SDL_InitSubSystem(ctypes.c_uint32(SDL_INIT_VIDEO)) != 0:
        return None
    try:
        mode = _DisplayMode()
        if sdl.SDL_GetDesktopDisplayMode(0, ctypes.byref(mode)) != 0 or mode.w <= 0 or \
                mode.h <= 0:
            return None
        return mode.w, mode.h
    finally:
        sdl.SDL_QuitSubSystem(ctypes.c_uint32(SDL_INIT_VIDEO))
