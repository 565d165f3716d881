"""A game's record: its score over time as a chart and every player's clock, large; reached from
the results screens and from a game's History page (and back to where it came from)."""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.records.played import played
from companion.store import GameStatus, UnreadableGame
from . import l10n
from .games import game_ui, player_colours
from .i18n import _
from .records_chart import ScoreChart
from .records_clock import clock_table
from .records_hooks import title_bar
from .screens import BaseScreen
from .stored import game_name

log = logging.getLogger(__name__)
NAME = "game_record"


def open_record(game_id: int, back: str) -> None:
    """Show a stored game's record; its Back returns to the screen `back`."""
    from .records_hooks import show_screen
    show_screen(NAME, GameRecordScreen, back, game_id=game_id)


class GameRecordScreen(BaseScreen):
    """The chart on the left, the clocks on the right; below, where this game's records go."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.game_id, self.back = 0, "history"
        root = BoxLayout(orientation="vertical", padding=dp(10), spacing=dp(8))
        top, self.title = title_bar(self)
        self.body = BoxLayout(spacing=dp(12))
        self.buttons = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
        for widget in (top, self.body, self.buttons):
            root.add_widget(widget)
        self.add_widget(root)

    def refresh(self) -> None:
        self.body.clear_widgets()
        self.buttons.clear_widgets()
        if not self.game_id:
            return
        store = App.get_running_app().store
        try:
            game = played(store, self.game_id)
        except UnreadableGame as error:
            log.warning("no record of game %s: %s", self.game_id, error)
            self.title.text = _("This game cannot be opened.")
            return
        name = game_name(game.header.game)
        # the game's date by the wall clock once it was set (a Pi without a battery clock
        # starts in 1970): without one, the game's name alone
        self.title.text = _("{game} · {date}").format(game=name, date=l10n.day(game.date)) \
            if game.date else name
        ui = game_ui(game.header.game)
        chart = ScoreChart()
        chart.colours = [ui.rgba.get(c, (0.7, 0.7, 0.7, 1)) for c in player_colours(game)]
        chart.series = game.series
        for heading, widget, share in ((_("Score after each round"), chart, 0.5),
                                       (_("Time on the clock"),
                                        clock_table(game, game.clocks, big=True), 0.5)):
            column = BoxLayout(orientation="vertical", size_hint_x=share, spacing=dp(4))
            column.add_widget(Factory.Note(text=heading, bold=True))
            column.add_widget(widget)
            self.body.add_widget(column)
        self._add_buttons(game)

    def _add_buttons(self, game) -> None:
        """Where this game's records lead: the game's statistics, and its export once over."""
        from .records_hooks import record_buttons
        for button in record_buttons(game.record, finished=game.record.status is
                                     GameStatus.FINISHED):
            self.buttons.add_widget(button)
