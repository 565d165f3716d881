"""A question a game needs answered before it goes on: the floating panel every game's dialogs share."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from .theme import portrait
from .widgets import panel

SHEET = 0.55  # of a portrait screen's height: the most a docked question takes as a sheet


class Dialog(ModalView):
    """A question the game needs answered before it goes on (never dismissed by a stray tap).

    A game's dialogs subclass it and say in `SIZES` how much of the screen each kind of
    question takes (size_hint, pos_hint); any other kind floats in the middle. On a portrait
    screen a question docked at a side (beside the map) is a sheet along the bottom instead:
    a side's share of 720 px is too narrow for its words, and the map above stays in sight."""

    kind = StringProperty("")
    SIZES: dict = {}

    def __init__(self, kind: str, **kwargs):
        size, pos = self.SIZES.get(kind, ((0.9, 0.9), {"center_x": 0.5, "center_y": 0.5}))
        if portrait() and ("right" in pos or "x" in pos) and size[1] is not None:
            size, pos = (0.98, min(SHEET, size[1] * SHEET)), {"center_x": 0.5, "y": 0.01}
        super().__init__(auto_dismiss=False, size_hint=size, pos_hint=pos,
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.2), **kwargs)
        self.kind = kind
        self.box = panel(spacing=dp(8))
        self.add_widget(self.box)
        self.message = None  # a message said over the question (made at the first `say`)

    def message_layer(self):
        """The question and, floating over it, its Message (a refusal said where one looks):
        made once, at the first `say` (or by a game's question that says things often)."""
        if self.message is None:
            from kivy.uix.floatlayout import FloatLayout
            from .widgets import Message
            self.remove_widget(self.box)
            layer = FloatLayout()
            self.box.pos_hint, self.box.size_hint = {"x": 0, "y": 0}, (1, 1)
            layer.add_widget(self.box)
            self.message = Message(pos_hint={"center_x": 0.5, "y": 0.18}, size_hint=(0.94, None))
            layer.add_widget(self.message)
            self.add_widget(layer)
        return self.message

    def say(self, text: str, good: bool = False) -> None:
        """A message over the question, where the player is looking (a refusal of its
        answer); it keeps clear of the question's buttons (companion/app/message_place.py)."""
        self.message_layer().show(text, good=good)

    def title(self, text: str) -> Label:
        label = Factory.Note(text=text, font_size=sp(19), bold=True)
        self.box.add_widget(label)
        return label

    def button(self, text: str, callback, accent: bool = False, **kwargs):
        button = (Factory.AccentButton if accent else Factory.BigButton)(text=text, **kwargs)
        button.bind(on_release=lambda *_: callback())
        return button
