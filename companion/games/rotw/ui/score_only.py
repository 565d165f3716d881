"""Railways of the World score-only: enter the finished network, each player's Locomotives, cubes
and score track, and get the end-game scoring."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from ..engine import (GOODS, FinishScoring, PlaceCity, PlaceLink, Rotw, SetDelivered,
    SetLocomotives, SetTrack)
from companion.app.games import player_colours
from companion.app.i18n import _, ngettext
from .network import PLAYER_RGBA
from .widgets import GoodsButton, RotwDialog
from .words import city_name, explain, goods_name
from companion.app.score_only_screen import ScoreOnlyBase
from companion.app.theme import touch
from companion.app.widgets import PlayerTab

LINK_VALUES = tuple(range(2, 11))  # a link is paid with at least the city's value (2 to 5)


class RotwScoreOnlyScreen(ScoreOnlyBase):
    """Each player's links (two cities tapped), Locomotives, cubes and score track."""

    game_kind = Rotw.game_kind

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dialog = None
        self._link_end: str | None = None  # the first city tapped for a link

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.ids.network.on_city = self.city_tapped

    def on_leave(self, *args) -> None:
        super().on_leave(*args)
        self._close_dialog()

    def show(self, table) -> None:
        s = table.state
        colours = player_colours(table)
        network = self.ids.network
        network.show(s, colours)
        network.selected = self._link_end or ""
        tabs = self.ids.tabs
        tabs.clear_widgets()
        for seat, name in enumerate(table.header.players):
            tab = PlayerTab(text=name, group="rotw_score_only_seat", allow_no_selection=False,
                            state="down" if seat == self.seat else "normal",
                            rgba=PLAYER_RGBA.get(colours[seat], (1, 1, 1, 1)),
                            size_hint_y=None, height=touch())
            tab.bind(on_release=lambda b, seat=seat: self.choose(seat))
            tabs.add_widget(tab)
        player = s.seats[self.seat]
        links, locos, cubes = len(player.links), player.locomotives, sum(player.delivered)
        # three counts: each counted phrase takes its own plural form
        self.summary = _("{player}: {links}, {locos}, {cubes}, {track} on the score track").format(
            player=table.header.players[self.seat],
            links=ngettext("{n} link", "{n} links", links).format(n=links),
            locos=ngettext("{n} Locomotive", "{n} Locomotives", locos).format(n=locos),
            cubes=ngettext("{n} cube", "{n} cubes", cubes).format(n=cubes), track=player.track)
        self.prompt = (_("Now tap the other city of the link.") if self._link_end else
                       _("Add the cities; then tap a player and two cities for each of their "
                         "links."))

    def submit(self, action) -> bool:
        table = self.table
        reason = table.check(action)
        if reason is not None:
            self.show_message(explain(reason, table.state), "map_message")
            return False
        return App.get_running_app().submit(action, "map_message")

    def add_city(self, value: int) -> None:
        self.submit(PlaceCity(value))

    def city_tapped(self, city_id: str) -> None:
        if self.dialog is not None:
            return
        if self._link_end is None:
            self._link_end = city_id
            self.refresh()
            return
        first, self._link_end = self._link_end, None
        if first == city_id:
            self.refresh()
            return
        self._ask_value(first, city_id)

    def _ask_value(self, a: str, b: str) -> None:
        table = self.table
        self._close_dialog()
        self.dialog = dialog = RotwDialog("link_value")
        dialog.title(_("{player}'s link {a} – {b}: what were the cards paid worth?").format(
            player=table.header.players[self.seat], a=city_name(a, table.state),
            b=city_name(b, table.state)))
        grid = GridLayout(cols=3, spacing=dp(8))
        for value in LINK_VALUES:
            button = dialog.button(str(value), lambda v=value: self._link(a, b, v), accent=True,
                                   font_size=sp(24))
            button.size_hint_y = 1
            grid.add_widget(button)
        dialog.box.add_widget(grid)
        dialog.box.add_widget(dialog.button(_("Cancel"), self._close_dialog))
        dialog.open(animation=False)

    def _link(self, a: str, b: str, value: int) -> None:
        self._close_dialog()
        self.submit(PlaceLink(self.seat, a, b, value))

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)
            self.dialog = None
        self.refresh()

    # ---- a player's Locomotives, cubes and score track -----------------------------------

    def open_player(self) -> None:
        table = self.table
        self._close_dialog()
        self.dialog = dialog = RotwDialog("player_entry")
        dialog.title(_("{player}: Locomotives, delivered goods and the score track").format(
            player=table.header.players[self.seat]))
        self._counters = {}
        rows = BoxLayout(orientation="vertical", spacing=dp(6))
        rows.add_widget(self._counter("locomotives", _("Locomotives"), (-1, 1)))
        rows.add_widget(self._counter("track", _("Score track"), (-10, -1, 1, 10)))
        for goods in GOODS:
            rows.add_widget(self._counter(goods, goods_name(goods), (-1, 1), goods=goods))
        dialog.box.add_widget(rows)
        dialog.box.add_widget(dialog.button(_("Done"), self._close_dialog, accent=True))
        dialog.open(animation=False)
        self._show_counters()

    def _counter(self, key: str, title: str, steps, goods: str | None = None) -> BoxLayout:
        row = BoxLayout(spacing=dp(6), size_hint_y=None, height=touch())
        if goods is not None:
            label = GoodsButton(card=goods, text=title, size_hint=(0.4, 1))  # a swatch
        else:
            label = Label(text=title, font_size=sp(16), size_hint_x=0.4, halign="left",
                          valign="middle", shorten=True)
            label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        row.add_widget(label)
        for step in steps[:len(steps) // 2]:
            row.add_widget(self._step_button(key, step))
        value = Label(font_size=sp(20), bold=True, size_hint_x=0.2)
        row.add_widget(value)
        for step in steps[len(steps) // 2:]:
            row.add_widget(self._step_button(key, step))
        self._counters[key] = value
        return row

    def _step_button(self, key: str, step: int):
        button = Factory.BigButton(text=f"{step:+d}", size_hint_x=0.2)
        button.bind(on_release=lambda *_: self._change(key, step))
        return button

    def _show_counters(self) -> None:
        player = self.table.state.seats[self.seat]
        self._counters["locomotives"].text = str(player.locomotives)
        self._counters["track"].text = str(player.track)
        for goods, count in zip(GOODS, player.delivered):
            self._counters[goods].text = str(count)

    def _change(self, key: str, step: int) -> None:
        player = self.table.state.seats[self.seat]
        if key == "locomotives":
            action = SetLocomotives(self.seat, max(0, player.locomotives + step))
        elif key == "track":
            action = SetTrack(self.seat, max(0, player.track + step))
        else:
            cubes = list(player.delivered)
            cubes[GOODS.index(key)] = max(0, cubes[GOODS.index(key)] + step)
            action = SetDelivered(self.seat, tuple(g for g, n in zip(GOODS, cubes)
                                                   for _ in range(n)))
        self.submit(action)
        self._show_counters()

    def show_message(self, text: str, where=None, good: bool = False) -> None:
        if self.dialog is not None:  # the question covers the map: say it in its title
            self.dialog.box.children[-1].text = text
            return
        super().show_message(text, where, good)

    def undo(self) -> None:
        self._link_end = None
        App.get_running_app().undo("map_message")

    def finish(self) -> None:
        self.submit(FinishScoring())
