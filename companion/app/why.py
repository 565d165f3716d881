"""A refusal's "Why?": the message that says no carries a button that opens the rule it comes from.

`explain` (companion/app/words.py, a game's ui/words.py) returns a `Refusal`: the words, and the
engine's code. Wherever a Message shows one (a screen's, a question's), `offer` puts a Why?
button inside the message's right end (the text wraps beside it, so the message grows no wider
than before) and keeps the message up longer; the button opens the rule card the code links to
(companion/games/rule_cards.py). A message without a code hides the button.
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp

from .i18n import _
from .theme import touch

WHY_WIDTH = 84  # dp: "Why?" in every language ("Warum?", "Miért?", "De ce?", "Varför?")
SECONDS = 9.0  # a refusal with a Why? stays up long enough to reach for the button


class Refusal(str):
    """A refusal in words that remembers the engine's code (for its rule card) and, where the
    game's own words said it, the game: a refusal before that game is live (New game, TraffIQ's
    start tiles) still finds its card."""

    code: str
    game: str | None

    def __new__(cls, text: str, code: str, game: str | None = None) -> "Refusal":
        made = super().__new__(cls, text)
        made.code = code
        made.game = game
        return made


def live_game_kind() -> str | None:
    """The game whose rules explain a refusal now: the live game's, if there is one."""
    app = App.get_running_app()
    table = getattr(app, "table", None)
    return table.header.game if table is not None else None


def refusal_game(text: str) -> str | None:
    """The game a refusal comes from: the one that worded it, else the live game."""
    return getattr(text, "game", None) or live_game_kind()


def card_of(text: str):
    """The rule card a shown text's refusal links to, or None."""
    code = getattr(text, "code", None)
    if code is None:
        return None
    from companion.games.rule_cards import COMMON, card_for
    game = refusal_game(text)
    if game is None:
        return next((card for card in COMMON if code in card.codes), None)
    return card_for(game, code)


class Why:
    """The Why? button inside one message, at its right end: opens the refusal's rule card."""

    def __init__(self, message):
        self.message = message
        self.card = None
        self.game: str | None = None  # the refusal's game (its card's)
        self.button = Factory.AccentButton(text=_("Why?"), size_hint=(None, None),
                                           font_size=sp(16))
        self.button.bind(on_release=lambda *_: self.open_card())
        message.bind(pos=self.place, size=self.place, texture_size=self.place,
                     opacity=self._follow)

    def place(self, *_args) -> None:
        m, button = self.message, self.button
        button.width, button.height = dp(WHY_WIDTH), max(touch(), m.height - dp(6))
        button.pos = (m.right - button.width - dp(3), m.center_y - button.height / 2)

    def show(self, card, game: str | None = None) -> None:
        self.card, self.game = card, game
        self.button.text = _("Why?")
        if card is None:
            self._take_away()
            return
        if self.button.parent is None:
            self.message.add_widget(self.button)
        self.place()
        Clock.schedule_once(self.place, 0)  # again once the new text is laid out

    def _follow(self, _message, opacity: float) -> None:
        if opacity == 0:  # a faded message takes no taps (a disabled button would swallow them)
            self._take_away()

    def _take_away(self) -> None:
        if self.button.parent is not None:
            self.message.remove_widget(self.button)

    def open_card(self) -> None:
        if self.card is None:
            return
        from .rules_screen import RuleCardView
        self.message.hide()
        # the table's settings and All rules only for the live game; a refusal before its
        # game started (New game, the start tiles) shows the card alone
        live = self.game if self.game == live_game_kind() else None
        RuleCardView(live, self.card).open(animation=False)


def offer(message, text: str) -> None:
    """Called as a Message shows `text`: a Why? button if it is a refusal with a rule card."""
    card = card_of(text)
    why = getattr(message, "_why", None)
    if card is None:
        if why is not None:
            why.show(None)
            message.padding = [0, 0, 0, 0]
        return
    if why is None:
        why = message._why = Why(message)
    # the text wraps left of the button; the message is tall enough for a 48 px button
    message.padding = [0, dp(14), dp(WHY_WIDTH), dp(14)]
    why.show(card, refusal_game(text))
    Clock.unschedule(message._fade)
    Clock.schedule_once(message._fade, SECONDS)
