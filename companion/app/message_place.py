"""A message never covers a control it names.

Every screen shows its messages in one place (its layout's Messages all stand there, one shown
at a time: widgets.hide_messages); when a message names a button that lies under it (a message
saying "Locomotive" over the Locomotive button), `keep_clear`
moves the message up past that button, or down if there is no room above, for as long as it is
shown. Buttons are matched by their words in the message (three letters or more).
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior

GAP = 4  # dp between the message and the control it moved away from


def _box(widget) -> tuple[float, float, float, float]:
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def named_controls(message) -> list:
    """The visible buttons on the window whose words the message says."""
    window = message.get_root_window()
    if window is None or message.opacity == 0:
        return []
    text = str(message.text).casefold()
    found = []
    for root in window.children:
        for widget in root.walk(restrict=True):
            words = str(getattr(widget, "text", "")).strip()
            if (isinstance(widget, ButtonBehavior) and len(words) >= 3 and widget is not message
                    and words.casefold() in text and widget.opacity > 0
                    and widget.get_root_window() is not None):
                found.append(widget)
    return found


def covered(message) -> list:
    """The controls the message names that lie under it."""
    box = _box(message)
    return [w for w in named_controls(message) if _overlap(box, _box(w))]


def keep_clear(message) -> None:
    """Move the message off the controls it names (up if it fits on the window, else down)."""
    controls = named_controls(message)
    box = _box(message)
    under = [_box(w) for w in controls if _overlap(box, _box(w))]
    if not under:
        return
    window = message.get_root_window()
    boxes = [_box(w) for w in controls]
    up = max(b[3] for b in under) + dp(GAP) - box[1]
    down = min(b[1] for b in under) - dp(GAP) - box[3]
    for shift in (up, down):
        moved = (box[0], box[1] + shift, box[2], box[3] + shift)
        if moved[1] >= 0 and moved[3] <= window.height and \
                not any(_overlap(moved, b) for b in boxes):
            message.y += shift
            message._shifted = shift  # taken back before the next message is placed
            why = getattr(message, "_why", None)  # its Why? button goes with it
            if why is not None:
                why.place()
            return


def follow(message) -> None:
    """Called as a message is shown: back in its screen's place (a message moved off a control
    stays moved only while it says that), then clear of what it names once laid out."""
    shifted = getattr(message, "_shifted", 0)
    if shifted:
        message.y -= shifted
        message._shifted = 0
    Clock.schedule_once(lambda _dt: keep_clear(message), 0.05)
