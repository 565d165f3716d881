"""Score-only: tap each player's routes on the map, then their tickets, and get the scoring."""

from __future__ import annotations

from kivy.app import App

from companion.app.score_only_screen import ScoreOnlyBase
from .. import GAME
from ..engine import PlaceRoute
from companion.app.i18n import ngettext
from .map_screen import TtrScreen
from companion.app.theme import TAXI_RGBA, touch
from companion.app.widgets import PlayerTab


class TtrScoreOnlyScreen(ScoreOnlyBase, TtrScreen):
    """Each player's routes tapped on the map (`seat`: whose), then their tickets."""

    game_kind = GAME.game_kind

    def show(self, table) -> None:
        colours = self.show_game_map(table)
        tabs = self.ids.tabs
        tabs.clear_widgets()
        for seat, name in enumerate(table.header.players):
            tab = PlayerTab(text=name, group="score_only_seat", allow_no_selection=False,
                            state="down" if seat == self.seat else "normal",
                            rgba=TAXI_RGBA.get(colours[seat], (1, 1, 1, 1)),
                            size_hint_y=None, height=touch())
            tab.bind(on_release=lambda b, seat=seat: self.choose(seat))
            tabs.add_widget(tab)
        player = table.state.seats[self.seat]
        taxis = table.rules.board.taxis_per_player
        routes = len(player.routes)
        self.summary = ngettext("{player}: {routes} route, taxis used: {used} of {taxis}",
                                "{player}: {routes} routes, taxis used: {used} of {taxis}",
                                routes).format(player=table.header.players[self.seat],
                                               routes=routes, used=taxis - player.taxis,
                                               taxis=taxis)

    def route_tapped(self, route_id: str) -> None:
        App.get_running_app().submit(PlaceRoute(self.seat, route_id), "map_message")

    def undo(self) -> None:
        App.get_running_app().undo("map_message")

    def tickets(self) -> None:
        App.get_running_app().go(GAME.screens.scoring)
