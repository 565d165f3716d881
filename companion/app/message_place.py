"""A message never covers a control it names, nor a button of the question it is shown in.

Every screen shows its messages in one place (its layout's Messages all stand there, one shown
at a time: widgets.hide_messages); when a message names a button that lies under it (a message
saying "Locomotive" over the Locomotive button), `keep_clear` moves the message up past that
button, or down if there is no room above, for as long as it is shown. Buttons are matched by
their words in the message (three letters or more).

A message shown inside a question (a dialog, such as a refusal of the cards paid) keeps clear of
every button of that question a finger may tap: it moves to the free band nearest its place
(above the button row, over the question's heading), and where the question has no band free
and tall enough, the question makes room: its content moves down by the message's height (a
question shorter than the window grows first) and the message sits in the band this frees at
its top, until it goes.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

GAP = 4  # dp between the message and the control it moved away from
TALLEST = 0.97  # of the window's height: the most a question grows to make room for a message
_VERTICAL = ("y", "top", "center_y")


def _box(widget) -> tuple[float, float, float, float]:
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _shown(widget) -> bool:
    """Drawn now: some opacity all the way up to the window."""
    while isinstance(widget, Widget):
        if widget.opacity <= 0:
            return False
        widget = widget.parent
    return True


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


def question_of(message):
    """The question (a dialog) the message is shown in, or None for a screen's message."""
    from kivy.uix.modalview import ModalView  # (imported late: it opens the window)
    widget = message.parent
    while isinstance(widget, Widget):
        if isinstance(widget, ModalView):
            return widget
        widget = widget.parent
    return None


def question_controls(message) -> list:
    """The buttons of the message's question a finger may tap now (not the message's own)."""
    from kivy.uix.textinput import TextInput  # (imported late: it opens the window)
    question = question_of(message)
    if question is None:
        return []
    own = set(map(id, message.walk(restrict=True)))
    return [w for w in question.walk(restrict=True)
            if isinstance(w, (ButtonBehavior, TextInput)) and id(w) not in own
            and not w.disabled and w.width > 0 and w.height > 0 and _shown(w)]


def covered(message) -> list:
    """The controls the message must keep clear of that lie under it."""
    box = _box(message)
    return [w for w in named_controls(message) + question_controls(message)
            if _overlap(box, _box(w))]


def _fits(box, obstacles, shifts, low: float, high: float) -> float | None:
    """The first of `shifts` (vertical, px) that keeps `box` between `low` and `high` and off
    every obstacle, or None when none does."""
    for shift in shifts:
        moved = (box[0], box[1] + shift, box[2], box[3] + shift)
        if moved[1] >= low - 0.5 and moved[3] <= high + 0.5 and \
                not any(_overlap(moved, b) for b in obstacles):
            return shift
    return None


def _nearest_band(box, obstacles, low: float, high: float) -> float | None:
    """The smallest shift that puts `box` in a free band between `low` and `high`: its own
    place, just above or below an obstacle, or against either end."""
    gap = dp(GAP)
    shifts = [0.0, high - box[3], low - box[1]]
    for b in obstacles:
        shifts += [b[3] + gap - box[1], b[1] - gap - box[3]]
    return _fits(box, obstacles, sorted(shifts, key=abs), low, high)


def _move(message, shift: float) -> None:
    """Move the message up by `shift` px until its next text (pos_hint or kv-bound y alike)."""
    hint = message.pos_hint
    if any(key in hint for key in _VERTICAL) and message.parent is not None \
            and message.parent.height > 0:
        if getattr(message, "_home_hint", None) is None:
            message._home_hint = dict(hint)
        moved = {k: v for k, v in hint.items() if k not in _VERTICAL}
        moved["y"] = (message.y + shift - message.parent.y) / message.parent.height
        message.pos_hint = moved
    message.y += shift
    message._shifted = getattr(message, "_shifted", 0) + shift
    why = getattr(message, "_why", None)  # its Why? button goes with it
    if why is not None:
        why.place()


def keep_clear(message) -> None:
    """Move the message off the controls it names and its question's buttons."""
    if message.opacity == 0 or message.get_root_window() is None:
        return
    obstacles = [_box(w) for w in named_controls(message) + question_controls(message)]
    box = _box(message)
    if not any(_overlap(box, b) for b in obstacles):
        return
    question = question_of(message)
    if question is None:  # a screen's message: up past what it names if it fits, else down
        under = [b for b in obstacles if _overlap(box, b)]
        up = max(b[3] for b in under) + dp(GAP) - box[1]
        down = min(b[1] for b in under) - dp(GAP) - box[3]
        shift = _fits(box, obstacles, (up, down), 0, message.get_root_window().height)
    else:
        inner = _box(question)
        shift = _nearest_band(box, obstacles, inner[1] + dp(GAP), inner[3] - dp(GAP))
    if shift is not None:
        _move(message, shift)
    elif question is not None:
        _make_room(question, message)


def _make_room(question, message) -> None:
    """The question's content moves down by the message's height (the question grows first
    where it is shorter than the window allows), the message in the band at its top."""
    box = getattr(question, "box", None)
    window = message.get_root_window()
    if box is None or window is None:
        return
    need = message.height + dp(GAP)
    room = {"box_padding": list(box.padding), "size_hint_y": question.size_hint_y}
    if question.size_hint_y is not None:
        grow = min(need / window.height, max(0.0, TALLEST - question.size_hint_y))
        question.size_hint_y += grow
    box.padding = [box.padding[0], box.padding[1] + need, box.padding[2], box.padding[3]]
    message._room = (question, room)
    message.bind(opacity=_give_back)

    def place(_dt) -> None:  # once the question is laid out again
        top = _box(question)[3] - dp(GAP) - message.height
        _move(message, top - _box(message)[1])

    Clock.schedule_once(place, 0)
    Clock.schedule_once(place, 0.05)


def _give_back(message, opacity: float = 0) -> None:
    """The message gone, its question takes back the room it made."""
    room = getattr(message, "_room", None)
    if room is None or opacity > 0:
        return
    question, saved = room
    message._room = None
    message.unbind(opacity=_give_back)
    question.box.padding = saved["box_padding"]
    question.size_hint_y = saved["size_hint_y"]


def follow(message) -> None:
    """Called as a message is shown: back in its screen's place (a message moved off a control
    stays moved only while it says that), then clear of what it must not cover once laid out."""
    _give_back(message)
    home = getattr(message, "_home_hint", None)
    if home is not None:
        message.pos_hint = home
        message._home_hint = None
    shifted = getattr(message, "_shifted", 0)
    if shifted:
        message.y -= shifted
        message._shifted = 0
    Clock.schedule_once(lambda _dt: keep_clear(message), 0.05)
