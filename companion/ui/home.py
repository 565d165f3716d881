"""Home: the three game boxes, resume an unfinished game, score a finished one, history, settings."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import NumericProperty, StringProperty

from . import storage
from .i18n import _
from .screens import BaseScreen

GAME_NAMES = {"ttr-nyc": "Ticket to Ride: New York"}
NOTICE_SECONDS = 600  # a damaged database set aside: long enough to be read and acted on


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")
    resume_id = NumericProperty(0)

    def refresh(self) -> None:
        app = App.get_running_app()
        unfinished = app.store.unfinished()
        if unfinished:
            game = unfinished[0]
            self.resume_id = game.id
            self.resume_text = _("Resume: {game} – {players}").format(
                game=GAME_NAMES.get(game.game, game.game), players=", ".join(game.players))
        else:
            self.resume_id = 0
            self.resume_text = ""
        if app.moved_aside is not None:  # stays up while Home is shown, in every language
            self.ids.message.show(storage.moved_aside(app.moved_aside), seconds=NOTICE_SECONDS)

    def new_game(self, mode: str) -> None:
        app = App.get_running_app()
        app.root.get_screen("new_game").prepare(mode)
        app.go("new_game")

    def resume(self) -> None:
        if self.resume_id:
            App.get_running_app().resume(self.resume_id)
