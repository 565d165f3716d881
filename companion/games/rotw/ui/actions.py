"""The moves of the step a player is at, as big buttons under a prompt: lit when the engine opens
them, grey when it does not, and a grey one tapped says the engine's reason."""

from __future__ import annotations

from types import SimpleNamespace

from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.metrics import sp

from companion.app.i18n import _
from ..engine import GOODS, Pass, Step, StopTaking
from .words import city_name, goods_name


PROMPTS = {  # what the player is asked, by state; the prompt's height fits the longest
    "answer": lambda: _("Answer the question on the screen."),
    "deliver_from": lambda: _("Tap a city with the cube to deliver"),
    "deliver_to": lambda: widest_deliver_to(),
    "locomotive_from": lambda: _("Locomotive: tap a cube to deliver with it, or play it "
                                 "alone"),
    "action": lambda: _("Choose one action, tap a cube to deliver it, or take a card to "
                        "pass"),
    "action_no_delivery": lambda: _("Choose one action, or take a card to pass"),
    "take": lambda: _("Take 1 or 2 cards: a face-up card, the draw pile or the discard pile"),
    "second": lambda: _("Take a second card, or none"),
    "final": lambda: _("Last delivery: tap a cube to deliver, or none"),
    "hand_limit": lambda: _("Discard down to the hand limit"),
}


def deliver_to(goods: str, origin: str, state) -> str:
    """The delivery's last question: which cube it is (its colour, the city it leaves) and
    where to tap."""
    return _("The cube ({goods}) from {city}: tap the city it goes to (ringed)").format(
        goods=goods_name(goods), city=city_name(origin, state))


def widest_deliver_to() -> str:
    """The delivery's last question at its widest (the longest colour's cube leaving a city of
    the longest demand colour, a two-digit id), for the prompt's height."""
    from ..engine import City
    longest = max(GOODS, key=lambda goods: len(goods_name(goods)))
    city = City("c25", 4, longest, ())
    return deliver_to(longest, "c25", SimpleNamespace(cities={"c25": city}))


def action_prompt(is_open) -> str:
    """The action step's prompt: a cube to tap is offered only where one can be delivered (not
    at the start, before a Locomotive, or in the family game without goods)."""
    return "action" if is_open("deliver") else "action_no_delivery"


def on_grey_tap(button, say) -> None:
    """A tap on the button while it is grey calls `say` (which tells why it is)."""
    def touched(widget, touch) -> bool:
        if not (widget.disabled and widget.collide_point(*touch.pos)):
            return False
        say()
        return True
    button.bind(on_touch_down=touched)


class ActionPanel:
    def __init__(self, screen):
        self.screen = screen
        self._fitted: tuple = ()  # the texts, width and size the prompt's height was fitted to

    def button(self, wid: str):
        return next((b for b in self.screen.ids.actions.children
                     if getattr(b, "wid", "") == wid), None)

    def refresh(self) -> None:
        screen = self.screen
        screen.ids.actions.clear_widgets()
        self.fit_prompt()
        if screen.waiting():
            self._ask("answer")
            return
        if screen.delivering.active:
            delivering = screen.delivering
            if delivering.origin:
                screen.prompt = deliver_to(delivering.goods, delivering.origin,
                                           screen.table.state)
            else:
                self._ask("locomotive_from" if delivering.locomotive else "deliver_from")
            self._add(_("Cancel"), screen.delivering.cancel, "cancel_delivery")
            if screen.delivering.locomotive and not screen.delivering.origin:
                self._add(_("Play it alone"), screen.delivering.play_locomotive_alone,
                          "locomotive_alone")
            return
        step = screen.table.state.step
        if step is Step.ACTION:
            self._actions()
        elif step is Step.TAKE:
            self._taking()
        elif step is Step.FINAL_DELIVERY:
            self._ask("final")
            self._add(_("Deliver"), screen.delivering.start, "deliver", "deliver")
            self._add(_("No delivery"), self._pass, "pass", "pass")
        else:
            self._ask("hand_limit")

    def _ask(self, prompt: str) -> None:
        self.screen.prompt = PROMPTS[prompt]()

    def fit_prompt(self, *_args) -> None:
        """The prompt's height: the longest prompt's in this language and width, so that the
        cards under it never move as the prompt changes."""
        label = self.screen.ids.prompt
        texts = tuple(prompt() for prompt in PROMPTS.values())
        key = (texts, round(label.width), label.font_size)
        if key == self._fitted or label.width < 50:
            return
        self._fitted = key
        heights = []
        for text in texts:
            core = CoreLabel(text=text, font_size=label.font_size, text_size=(label.width, None),
                             halign="left")
            core.refresh()
            heights.append(core.texture.size[1])
        self.screen.prompt_height = max(heights)

    def _actions(self) -> None:
        screen = self.screen
        self._ask(action_prompt(screen.is_open))
        self._add(_("Build"), screen.building.start, "build", "build")
        self._add(_("Deliver"), screen.delivering.start, "deliver", "deliver")
        self._add(_("Locomotive"), screen.delivering.open_locomotive, "locomotive",
                  "play_locomotive")
        self._add(_("Discard and draw"), screen.discarding.draw, "discard_draw", "discard_draw")
        self._add(_("Discard and restock"), screen.discarding.restock, "restock",
                  "discard_restock")
        self._add(_("Pass"), self._pass, "pass", "pass")

    def _taking(self) -> None:
        self._ask("second" if self.screen.is_open("stop_taking") else "take")
        if self.screen.is_open("stop_taking"):
            self._add(_("No second card"), self._stop_taking, "stop_taking", "stop_taking")

    def _add(self, text: str, callback, wid: str, kind: str | None = None) -> None:
        """A button for a kind of move: grey when the engine closes it, and saying why."""
        button = Factory.BigButton(text=text, font_size=sp(16))
        button.wid = wid
        button.bind(on_release=lambda *_: callback())
        if kind is not None:
            button.disabled = not self.screen.is_open(kind)
            on_grey_tap(button, lambda: self.screen.open_move(kind))
        self.screen.ids.actions.add_widget(button)

    def _pass(self) -> None:
        self.screen.submit(Pass(self.screen.seat))

    def _stop_taking(self) -> None:
        self.screen.submit(StopTaking(self.screen.seat))
