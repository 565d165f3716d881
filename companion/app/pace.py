"""How often Kivy's event loop reads the touchscreen: 120 times a second, set before Kivy loads.

Kivy's loop sleeps until its next tick, reads the input, runs the handlers and draws. A finger
lifted just after a tick waits for the next one before any of the app's code runs: at Kivy's
default of 60 ticks a second that wait was 7 ms in the median and most of the app's share of a
tap (docs/benchmarks.md). At 120 it halves. Drawing is unchanged: the loop draws only when a
widget changed, and the screen's vsync still paces the frames. Idle, at Home, the app used the
same 1.2-1.5% of a core at 120 as at 60 (measured, docs/benchmarks.md).

Kivy's clock reads `maxfps` once, when `kivy.clock` is first imported, so this goes through
Kivy's own `KCFG_<SECTION>_<KEY>` environment setting before the first Kivy import; a value
already in the environment (a person's own choice) wins.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping

TICKS_PER_SECOND = 120
SETTING = "KCFG_GRAPHICS_MAXFPS"


def before_kivy(env: MutableMapping[str, str] = os.environ) -> None:
    env.setdefault(SETTING, str(TICKS_PER_SECOND))
