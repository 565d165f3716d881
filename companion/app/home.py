"""Home: a button per game box, resume an unfinished game, score a finished one, history, settings."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from . import storage
from .games import game_ids, game_ui
from .i18n import _
from .screens import BaseScreen
from .theme import touch
from .widgets import panel

NOTICE_SECONDS = 600  # a damaged database set aside: long enough to be read and acted on


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")
    resume_id = NumericProperty(0)

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.game_buttons: dict[str, object] = {}  # game id -> its box's button
        for game_id in game_ids():  # one button per registered game, in the registry's order
            button = Factory.GameBox()
            button.bind(on_release=lambda _b, g=game_id: self.new_game("play", g))
            self.game_buttons[game_id] = button
            self.ids.games.add_widget(button)

    def refresh(self) -> None:
        app = App.get_running_app()
        unfinished = app.store.unfinished()
        if unfinished:
            game = unfinished[0]
            self.resume_id = game.id
            self.resume_text = _("Resume: {game} – {players}").format(
                game=_game_name(game.game), players=", ".join(game.players))
        else:
            self.resume_id = 0
            self.resume_text = ""
        for game_id, button in self.game_buttons.items():
            button.text = game_ui(game_id).title
        if app.moved_aside is not None:  # stays up while Home is shown, in every language
            self.ids.message.show(storage.moved_aside(app.moved_aside), seconds=NOTICE_SECONDS)
        elif app.unopened is not None:
            self.ids.message.show(storage.unopened(app.unopened), seconds=NOTICE_SECONDS)

    def new_game(self, mode: str, game_id: str) -> None:
        app = App.get_running_app()
        app.root.get_screen("new_game").prepare(mode, game_id)
        app.go("new_game")

    def choose_score_only(self) -> None:
        """Score a finished game: which game, when there is more than one."""
        if len(game_ids()) == 1:
            self.new_game("score_only", game_ids()[0])
            return
        GameChoice(lambda game_id: self.new_game("score_only", game_id)).open(animation=False)

    def resume(self) -> None:
        if self.resume_id:
            App.get_running_app().resume(self.resume_id)


def _game_name(game_id: str) -> str:
    """A stored game's box name (an id this version no longer knows is shown as it is)."""
    return game_ui(game_id).title if game_id in game_ids() else game_id


class GameChoice(ModalView):
    """Which game was played: one big button per box, and a way back."""

    def __init__(self, on_choice, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.7, None),
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.3), **kwargs)
        box = panel(spacing=dp(8))
        box.add_widget(Factory.Note(text=_("Score a finished game"), font_size=sp(18)))
        self.choices = {}
        for game_id in game_ids():
            button = Factory.BigButton(text=game_ui(game_id).title)
            button.bind(on_release=lambda _b, g=game_id: (self.dismiss(animation=False),
                                                            on_choice(g)))
            self.choices[game_id] = button
            box.add_widget(button)
        back = Factory.QuietButton(text=_("Back"), size_hint_y=None, height=touch())
        back.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(back)
        self.height = touch(12) * (len(game_ids()) + 2) + dp(24)
        self.add_widget(box)
