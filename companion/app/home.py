"""Home: every unfinished game to resume (or abandon), a box per game to start one, score a
finished game, history, settings; and the same unfinished games as New game's notice."""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.store import StoreError, UnreadableGame

from . import storage, unreadable
from .emblems import decorate
from .games import game_kinds, game_ui
from .i18n import _
from .screens import BaseScreen
from .stored import Unfinished, home_games
from .theme import touch
from .widgets import Question, panel

log = logging.getLogger(__name__)

NOTICE_SECONDS = 600  # a damaged database set aside: long enough to be read and acted on
TICK_SECONDS = 60  # "5 min ago" stays true while Home is left open
BOX_COLUMNS = 3  # game boxes side by side; more games take another row


def line_width(text: str, font_size: float) -> float:
    """How wide a text is on one line (Home's top buttons are as wide as their words)."""
    from kivy.core.text import Label as CoreLabel
    return CoreLabel(font_size=font_size).get_extents(text)[0]


class ResumeCard(ButtonBehavior, BoxLayout):
    """An unfinished game: its box and players, its last move and when, and "Resume" at the
    side; the whole card is one big target that resumes it."""

    heading = StringProperty("")
    details = StringProperty("")
    text = StringProperty("")  # the game in one line ("Resume: Ticket to Ride – Anna, Ben")
    game_id = NumericProperty(0)

    def show(self, game: Unfinished) -> None:
        self.game_id = game.game_id
        self.heading, self.details = game.heading, game.details
        self.text = _("Resume: {game} – {players}").format(game=game.name, players=game.players)


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")  # the game played most recently, in one line
    resume_id = NumericProperty(0)  # its id (0: every game is finished)
    unfinished_count = NumericProperty(0)
    list_height = NumericProperty(0)  # the unfinished games' scroll view: what Home can spare

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.game_buttons: dict[str, object] = {}  # game id -> its box's button
        self.cards: dict[int, ResumeCard] = {}  # unfinished game id -> its card
        self.abandon_buttons: dict[int, object] = {}
        self.asking: Question | None = None  # the abandon question, while it is open
        boxes = self.ids.games
        boxes.cols = max(1, min(BOX_COLUMNS, len(game_kinds())))
        for game_kind in game_kinds():  # one button per registered game, in the registry's order
            button = Factory.GameBox()
            button.bind(on_release=lambda _b, g=game_kind: self.new_game("play", g),
                        texture_size=self._fit)
            self.game_buttons[game_kind] = button
            boxes.add_widget(button)
            decorate(button, game_kind)  # the game's emblem in its box
        for widget in (self, self.ids.unfinished, self.ids.unfinished_label, self.ids.choose,
                       self.ids.top):
            widget.bind(size=self._fit)

    def refresh(self) -> None:
        """The unfinished games and the start's notices. Home is where every fault returns to,
        so it never raises itself: what fails here leaves the game buttons and a message."""
        try:
            self._refresh()
        except Exception:  # noqa: BLE001  going Home must always work
            log.exception("Home could not show the unfinished games")
            self.ids.unfinished.clear_widgets()
            self.ids.message.show(_("Something went wrong, so the app went back to Home. Your "
                                    "games are saved up to the last move."))

    def _refresh(self) -> None:
        app = App.get_running_app()
        games, trouble = home_games(app.store)
        self._show_unfinished(games)
        for game_kind, button in self.game_buttons.items():
            button.text = game_ui(game_kind).title
        notices = storage.start_notices(app, trouble)
        if notices:  # stays up while Home is shown, in every language
            self.ids.message.show(" ".join(notices), seconds=NOTICE_SECONDS)

    def _show_unfinished(self, games: list[Unfinished]) -> None:
        """One row per unfinished game, the one played most recently first."""
        box = self.ids.unfinished
        box.clear_widgets()
        self.cards.clear()
        self.abandon_buttons.clear()
        for game in games:
            row = Factory.UnfinishedRow()
            card, abandon = row.ids.card, row.ids.abandon
            card.show(game)
            card.bind(on_release=lambda _c, g=game.game_id: self.resume(g))
            abandon.bind(on_release=lambda _b, g=game: self.ask_abandon(g))
            self.cards[game.game_id] = card
            self.abandon_buttons[game.game_id] = abandon
            box.add_widget(row)
        self.unfinished_count = len(games)
        first = self.cards[games[0].game_id] if games else None
        self.resume_id = first.game_id if first else 0
        self.resume_text = first.text if first else ""
        if first is not None:  # the most recent game's card is Home's `resume` (as before)
            self.ids["resume"] = first.proxy_ref
        else:
            self.ids.pop("resume", None)
        self.ids.unfinished_scroll.scroll_y = 1
        self._fit()

    def _fit(self, *_args) -> None:
        """The list of unfinished games takes what the game boxes can spare (it scrolls when
        there are more than fit); with none, the boxes take it all."""
        boxes = self.ids.games
        rows = -(-len(self.game_buttons) // max(1, boxes.cols))
        tallest = max((b.texture_size[1] for b in self.game_buttons.values()), default=0)
        boxes_least = rows * max(dp(64), tallest + dp(16)) + (rows - 1) * boxes.spacing[1]
        outer = self.ids.outer
        used = sum(self.ids[key].height for key in ("top", "unfinished_label", "choose"))
        room = outer.height - outer.padding[1] - outer.padding[3] - 4 * outer.spacing \
            - used - boxes_least
        self.list_height = max(0, min(self.ids.unfinished.height, room)) \
            if self.unfinished_count else 0

    def on_enter(self, *_args) -> None:
        Clock.schedule_interval(self._tick, TICK_SECONDS)

    def on_leave(self, *args) -> None:
        super().on_leave(*args)
        Clock.unschedule(self._tick)

    def _tick(self, _dt) -> None:
        """How long ago, brought up to date (only the words: a finger may be on a card)."""
        for game in home_games(App.get_running_app().store)[0]:
            card = self.cards.get(game.game_id)
            if card is not None:
                card.details = game.details

    # ---- what the buttons do -------------------------------------------------------------

    def new_game(self, mode: str, game_kind: str) -> None:
        app = App.get_running_app()
        app.root.get_screen("new_game").prepare(mode, game_kind)
        app.go("new_game")

    def choose_score_only(self) -> None:
        """Score a finished game: which game, when there is more than one."""
        if len(game_kinds()) == 1:
            self.new_game("score_only", game_kinds()[0])
            return
        GameChoice(lambda game_kind: self.new_game("score_only", game_kind)).open(animation=False)

    def resume(self, game_id: int | None = None) -> None:
        """An unfinished game again, as its log leaves it (the most recent one by default)."""
        game_id = game_id or self.resume_id
        if not game_id:
            return
        app = App.get_running_app()
        try:
            app.resume(game_id)
        except UnreadableGame as error:  # the others are fine: say why, offer its rows
            app.set_table(None)  # no game is live (the seat LEDs show none)
            card = self.cards.get(game_id)
            if card is not None:
                card.details = _("Can't be opened: {reason}").format(reason=error.reason)
            unreadable.offer(self, error)
        except StoreError as error:  # the file itself could not be read
            app.set_table(None)
            self.ids.message.show(storage.unread(error))

    def ask_abandon(self, game: Unfinished) -> None:
        """Abandon asks first: the game leaves Home for good (History keeps it)."""
        text = "\n".join((_("Abandon this game?"), game.heading,
                          _("It leaves Home and cannot be resumed; History keeps it.")))
        self.asking = Question(text, _("Abandon"), lambda: self.abandon(game.game_id),
                               _("Keep it"), destructive=True)
        self.asking.open(animation=False)

    def abandon(self, game_id: int) -> None:
        app = App.get_running_app()
        try:
            app.store.abandon(game_id)
        except StoreError as error:
            storage.alert(error)
            return
        if app.table is not None and app.table.game_id == game_id:
            app.set_table(None)  # the seat LEDs stop showing a game given up
        self.refresh()
        self.ids.message.show(_("Abandoned. History keeps it."), good=True)


class GameChoice(ModalView):
    """Which game was played: one big button per box, and a way back."""

    def __init__(self, on_choice, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.7, None),
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.3), **kwargs)
        box = panel(spacing=dp(8))
        box.add_widget(Factory.Note(text=_("Score a finished game"), font_size=sp(18)))
        self.choices = {}
        for game_kind in game_kinds():
            button = Factory.BigButton(text=game_ui(game_kind).title)
            button.bind(on_release=lambda _b, g=game_kind: (self.dismiss(animation=False),
                                                            on_choice(g)))
            self.choices[game_kind] = button
            box.add_widget(button)
        back = Factory.QuietButton(text=_("Back"), size_hint_y=None, height=touch())
        back.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(back)
        self.height = touch(12) * (len(game_kinds()) + 2) + dp(24)
        self.add_widget(box)


class SetAside(ModalView):
    """New game's notice of the games not finished yet: tap one to resume it, or set them all
    aside (they stay on Home) and go on with the new game."""

    def __init__(self, games: list[Unfinished], on_resume, on_set_aside, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.9, None),
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.3), **kwargs)
        box = panel(spacing=dp(8))
        text = _("This game is not finished yet: tap it to resume it, or set it aside to start "
                 "the new one. Home keeps it.") if len(games) == 1 else \
            _("These games are not finished yet: tap one to resume it, or set them aside to "
              "start the new one. Home keeps them.")
        note = Factory.Note(text=text, font_size=sp(18))
        box.add_widget(note)
        cards = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6),
                          padding=(0, 0, dp(12), 0))
        cards.bind(minimum_height=cards.setter("height"))
        self.cards: dict[int, ResumeCard] = {}
        for game in games:
            card = ResumeCard()
            card.show(game)
            card.bind(on_release=lambda _c, g=game.game_id: (self.dismiss(animation=False),
                                                               on_resume(g)))
            self.cards[game.game_id] = card
            cards.add_widget(card)
        scroll = Factory.ScrollView(do_scroll_x=False, size_hint_y=None, bar_width=dp(8),
                                    bar_inactive_color=(1, 1, 1, 0.35))
        scroll.add_widget(cards)
        box.add_widget(scroll)
        self.set_aside = Factory.AccentButton(text=_("Set aside"), size_hint_y=None,
                                              height=touch(4))
        self.set_aside.bind(on_release=lambda *_: (self.dismiss(animation=False),
                                                   on_set_aside()))
        box.add_widget(self.set_aside)
        self.add_widget(box)
        self._parts = (box, note, cards, scroll)
        for widget in (note, cards):
            widget.bind(height=self._fit)
        self._fit()

    def _fit(self, *_args) -> None:
        """As tall as its games, up to the window's height (then the games scroll)."""
        from kivy.core.window import Window
        box, note, cards, scroll = self._parts
        rest = note.height + self.set_aside.height + 2 * box.spacing + box.padding[1] \
            + box.padding[3]
        scroll.height = max(0, min(cards.height, Window.height - dp(32) - rest))
        self.height = rest + scroll.height
