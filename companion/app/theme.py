"""Colours and sizes the screens share: card colours, the box's taxi colours, touch targets."""

from __future__ import annotations

from kivy.metrics import dp

# Transportation cards and routes (RGBA).
CARD_RGBA = {
    "blue": (0.15, 0.42, 0.88, 1),
    "green": (0.18, 0.62, 0.28, 1),
    "black": (0.10, 0.10, 0.12, 1),
    "pink": (0.95, 0.45, 0.72, 1),
    "red": (0.86, 0.16, 0.16, 1),
    "orange": (0.98, 0.55, 0.10, 1),
    "taxi": (0.98, 0.80, 0.10, 1),
    "gray": (0.62, 0.62, 0.64, 1),
}
# Text that reads on each card colour.
CARD_TEXT = {"black": (1, 1, 1, 1), "blue": (1, 1, 1, 1), "green": (1, 1, 1, 1),
             "red": (1, 1, 1, 1), "pink": (0.1, 0.1, 0.1, 1), "orange": (0.1, 0.1, 0.1, 1),
             "taxi": (0.1, 0.1, 0.1, 1), "gray": (0.1, 0.1, 0.1, 1)}

# The plastic taxis in the box, one colour per player.
TAXI_RGBA = {
    "blue": (0.25, 0.55, 1.0, 1),
    "purple": (0.62, 0.35, 0.88, 1),
    "white": (0.96, 0.96, 0.96, 1),
    "yellow": (1.0, 0.86, 0.12, 1),
}

BACKGROUND = (0.11, 0.13, 0.16, 1)
PANEL = (0.17, 0.19, 0.23, 1)
ACCENT = (0.13, 0.42, 0.78, 1)  # white text on it stays readable (contrast above 4.5:1)
WARNING = (0.85, 0.22, 0.20, 1)
DANGER = (0.60, 0.18, 0.16, 1)  # an answer that cannot be undone; white on it above 4.5:1
GOOD = (0.25, 0.68, 0.35, 1)



def portrait() -> bool:
    """The screen is taller than wide (the Touch Display 2 upright, 720×1280): panels that sit
    side by side on a landscape screen are stacked. The window's size is fixed for the app's
    life (`resizable` is off), so layouts read this once when they are built."""
    from kivy.core.window import Window
    return Window.height > Window.width


def touch(extra: float = 0) -> float:
    """The smallest touch target (48 dp), plus `extra` dp.

    A function, not a constant: dp() asks the window for its dpi, and a window made at import
    time would be made before the configuration (size, fullscreen, keyboard) is final."""
    return dp(48 + extra)
