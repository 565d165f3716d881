"""Small widgets every screen uses: a card button, a message that fades, a bar chart."""

from __future__ import annotations

import weakref

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from .names import NameLabel
from .theme import CARD_RGBA, CARD_TEXT, GOOD, PANEL, touch, WARNING


class CardButton(Button):
    """A transportation card (or the deck) as a big coloured button."""

    card = StringProperty("")
    rgba = ListProperty([0.3, 0.3, 0.3, 1])
    ink = ListProperty([1, 1, 1, 1])

    def on_card(self, _instance, card: str) -> None:
        self.rgba = list(CARD_RGBA.get(card, (0.25, 0.27, 0.31, 1)))
        self.ink = list(CARD_TEXT.get(card, (1, 1, 1, 1)))


def panel(spacing: float) -> BoxLayout:
    """A vertical box on the panel colour: the body of a question floating over a screen."""
    box = BoxLayout(orientation="vertical", padding=dp(12), spacing=spacing)
    with box.canvas.before:
        Color(*PANEL)
        background = Rectangle()
    box.bind(pos=lambda w, p: setattr(background, "pos", p),
             size=lambda w, s: setattr(background, "size", s))
    return box


class Question(ModalView):
    """A short question over the screen with two answers (or a notice with one, when `no` is
    None); a stray tap never dismisses it. It is as tall as its words (no empty band, long
    names wrap), with room above them. `destructive`: the yes answer cannot be undone (Abandon):
    it is drawn in the warning red and the safe answer is the accented default."""

    def __init__(self, text: str, yes: str, on_yes, no: str | None,
                 destructive: bool = False, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.64, None), height=dp(190),
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.3), **kwargs)
        box = panel(spacing=dp(12))
        box.padding = dp(18)
        self.note = Factory.Note(text=text, font_size=sp(18))
        box.add_widget(self.note)
        row = BoxLayout(spacing=dp(10), size_hint_y=None, height=touch(8))
        if destructive:
            yes_button = Factory.DangerButton(text=yes)
        else:
            yes_button = Factory.AccentButton(text=yes)
        yes_button.bind(on_release=lambda *_: (self.dismiss(animation=False), on_yes()))
        self.yes_button = yes_button
        row.add_widget(yes_button)
        if no is not None:
            no_button = (Factory.AccentButton if destructive else Factory.BigButton)(text=no)
            no_button.bind(on_release=lambda *_: self.dismiss(animation=False))
            row.add_widget(no_button)
        box.add_widget(row)
        self.add_widget(box)

        def fit(*_args) -> None:
            self.height = (self.note.height + row.height + box.spacing + box.padding[1]
                           + box.padding[3])

        self.note.bind(height=fit)
        fit()


class PlayerTab(ToggleButton):
    """A player to choose (who starts, whose routes): name in white, their colour at the side."""

    rgba = ListProperty([0, 0, 0, 0])


class Message(Label):
    """A short message shown where the player is looking, then faded out. One at a time: a
    message shown hides any other on the window, and every message goes as soon as a move is
    stored or undone (`hide_messages`): what it said may be stale by then."""

    background = ListProperty(list(WARNING))
    # over a map where every tap is a move (Manhattan TraffIQ): a tap on the message hides it
    # and goes on to the map under it, instead of being spent on the message alone
    passes_taps = BooleanProperty(False)

    def show(self, text: str, good: bool = False, seconds: float = 4.0) -> None:
        hide_messages(self.get_root_window(), keep=self)  # never two boxes stacked
        _SHOWN.add(self)
        self.text = text
        self.background = list(GOOD if good else WARNING)
        Animation.cancel_all(self, "opacity")
        self.opacity = 1
        Clock.unschedule(self._fade)
        Clock.schedule_once(self._fade, seconds)
        from . import message_place, why
        why.offer(self, text)  # a refusal's Why? button
        message_place.follow(self)  # never over a control it names

    def on_touch_down(self, touch) -> bool:
        """A tap on a shown message dismisses it, and goes no further: a finger meant for the
        message must not claim the route under it. Its Why? button takes its own taps."""
        if self.opacity <= 0 or not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        if super().on_touch_down(touch):
            return True
        self.hide()
        if self.passes_taps:
            return False
        touch.ud["message_dismissed"] = True
        return True

    def on_touch_up(self, touch) -> bool:
        if touch.ud.get("message_dismissed"):
            return True
        return super().on_touch_up(touch)

    def hide(self) -> None:
        Clock.unschedule(self._fade)
        Animation.cancel_all(self, "opacity")
        self.opacity = 0

    def _fade(self, _dt) -> None:
        Animation(opacity=0, duration=0.4).start(self)


# The messages shown since the app started (each once): hiding them looks at these, not at every
# widget of the window, as that runs on every move (the tap's time budget:
# docs/benchmarks.md).
_SHOWN: "weakref.WeakSet[Message]" = weakref.WeakSet()


def hide_messages(window, keep: Message | None = None) -> None:
    """Hide every message shown on the window (the screen's and any question's) but `keep`."""
    if window is None:
        return
    for widget in list(_SHOWN):
        if widget is not keep and widget.opacity > 0 and widget.get_root_window() is window:
            widget.hide()


class BarChart(Widget):
    """Totals as bars, one per player, in the players' taxi colours; each name whole under its
    bar (on two lines if it must). With `lead` and `column` set, the bars stand under the
    results table's columns (the table's heads start `lead` px in, `column` px each)."""

    values = ListProperty([])
    names = ListProperty([])
    colours = ListProperty([])  # RGBA per bar
    lead = NumericProperty(0)
    column = NumericProperty(0)  # 0: the chart's width shared out

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._labels: list[Label] = []
        self.bind(pos=self.redraw, size=self.redraw, values=self.redraw, names=self.redraw,
                  colours=self.redraw, lead=self.redraw, column=self.redraw)

    def redraw(self, *_args) -> None:
        self.canvas.clear()
        for label in self._labels:
            self.remove_widget(label)
        self._labels.clear()
        if not self.values:
            return
        n = len(self.values)
        slot = self.column or (self.width - self.lead) / n
        names = [NameLabel(name=self.names[i] if i < len(self.names) else "", bold=True,
                           font_size=sp(15), size_hint_y=None, width=slot)
                 for i in range(n)]
        low = max([label.height for label in names] + [dp(20)])
        self._bars(slot, low)
        for i, label in enumerate(names):
            label.pos = (self.x + self.lead + slot * i, self.y)
            self._add(label)

    def _bars(self, slot: float, low: float) -> None:
        """The bars above the names, and each total at its bar's end."""
        top = max(max(self.values), 1)
        bottom = min(min(self.values), 0)
        span = top - bottom
        room = max(self.height - low - dp(24), 1)
        bar = min(slot * 0.6, dp(90))
        base = self.y + low + dp(2) + room * (-bottom / span)
        with self.canvas:
            Color(1, 1, 1, 0.4)
            Rectangle(pos=(self.x + self.lead, base - 1), size=(slot * len(self.values), 2))
            for i, value in enumerate(self.values):
                Color(*(self.colours[i] if i < len(self.colours) else (0.6, 0.6, 0.6, 1)))
                height = room * value / span
                x = self.x + self.lead + slot * i + (slot - bar) / 2
                Rectangle(pos=(x, min(base, base + height)), size=(bar, abs(height)))
        for i, value in enumerate(self.values):
            height = room * value / span
            y = base + height + (2 if value >= 0 else -dp(20))
            self._add(Label(text=str(value), font_size=sp(15), bold=True, size=(slot, dp(20)),
                            pos=(self.x + self.lead + slot * i, y), text_size=(slot, dp(20)),
                            halign="center", valign="middle"))

    def _add(self, label: Label) -> None:
        self._labels.append(label)
        self.add_widget(label)
