"""The end of Manhattan TraffIQ: each player's vans and taxis on the map entered (score-only),
then the results: the table, the chart, the winner and why."""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app import storage
from companion.core.rules import RuleViolation
from companion.store import StoreError
from ..engine import EnterVehicles
from companion.app.i18n import _
from companion.app.results_screen import ResultsScreen
from companion.app.score_only_screen import ScoreOnlyBase
from companion.app.theme import touch
from companion.app.marks import table_marks
from .words import explain, verdict
from .players import readable, seat_rgba
from .tile_chooser import GAME

log = logging.getLogger(__name__)

ROWS = ((1, lambda: _("Vans on the map (2 points)")),  # index in Traffiq.on_map's counts
        (0, lambda: _("Taxis on the map (1 point)")))


def _cell(text: str, bold: bool = False, colour=None, heading: bool = False,
          width: float = 0) -> Label:
    label = Label(text=text, bold=bold, font_size=sp(15), size_hint_y=None, height=dp(30),
                  shorten=True, color=colour or (1, 1, 1, 1))
    if heading or width:
        label.size_hint_x, label.width = None, width or dp(210)
    label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
    label.text_size = label.size  # a fixed width is never laid out again
    label.halign, label.valign = ("left" if heading else "center"), "middle"
    return label


class TraffiqScoringScreen(ResultsScreen):
    game_kind = GAME

    def show(self, table) -> None:
        sheet = table.score()
        players = table.header.players
        rgba = seat_rgba(table)
        counts = [table.rules.on_map(table.state, seat) for seat in range(len(players))]
        rows = [(title(), [count[index] for count in counts]) for index, title in ROWS]
        self.show_results(table, sheet, rows, [readable(c) for c in rgba], verdict)
        self.ids.chart.colours = rgba  # the bars in the taxis' own colours
        city = self.ids.city
        city.colours = rgba
        city.marks = table_marks(table)
        city.tiles = dict(table.state.tiles)
        city.vehicles = dict(table.state.vehicles)


class TraffiqScoreOnlyScreen(ScoreOnlyBase):
    """Score a finished game: each player's taxis and vans on the map, then Score."""

    game_kind = GAME

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.counts: list[list[int]] = []  # per seat: taxis, vans on the map

    def show(self, table) -> None:
        s = table.state
        players = table.header.players
        if len(self.counts) != len(players) or not any(s.entered):
            self.counts = [[0, 0] for _name in players]
        for seat, entered in enumerate(s.entered):
            if entered:  # what was stored, not what was tapped
                self.counts[seat] = list(table.rules.on_map(s, seat))
        allot = table.rules.allotment(len(players))
        self.prompt = _("Count each player's taxis and vans on the map (each has {taxis} × "
                        "taxi and {vans} × van), then Score.").format(taxis=allot.taxis,
                                                              vans=allot.vans)
        self._rows(table)

    def _rows(self, table) -> None:
        box = self.ids.rows
        box.clear_widgets()
        rgba = seat_rgba(table)
        for seat, name in enumerate(table.header.players):
            entered = table.state.entered[seat]
            row = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(6))
            row.add_widget(_cell(name, bold=True, colour=readable(rgba[seat]), width=dp(150)))
            for index, label in enumerate((_("Taxis"), _("Vans"))):
                row.add_widget(_cell(label, width=dp(90)))
                for step, text in ((-1, "−"), (1, "+")):
                    button = Factory.BigButton(text=text, size_hint=(None, None),
                                               size=(touch(), touch(4)), disabled=entered)
                    button.bind(on_release=lambda _b, s=seat, i=index, d=step:
                                self.step(s, i, d))
                    row.add_widget(button)
                    if step == -1:
                        value = _cell(str(self.counts[seat][index]), bold=True, width=dp(44))
                        row.add_widget(value)
            row.add_widget(Factory.Widget())
            box.add_widget(row)

    def step(self, seat: int, index: int, delta: int) -> None:
        table = self.table
        allot = table.rules.allotment(len(table.header.players))
        most = allot.taxis if index == 0 else allot.vans
        self.counts[seat][index] = max(0, min(most, self.counts[seat][index] + delta))
        self._rows(table)

    def score(self) -> None:
        """Every player not entered yet, in seat order; checked together before any is stored."""
        table = self.table
        s = table.state
        actions = [EnterVehicles(seat, taxis, vans)
                   for seat, (taxis, vans) in enumerate(self.counts) if not s.entered[seat]]
        reason = table.rules.check_entries(s, actions)
        if reason is not None:
            self.show_message(explain(reason))
            return
        app = App.get_running_app()
        try:
            table.submit_all(actions)  # one tap, one transaction: every count, or none
            return
        except RuleViolation as violation:
            self.show_message(explain(violation))
        except StoreError as error:  # a full or read-only disk: nothing was stored
            log.error("not stored (%s): %s", error.trouble.value, error)
            storage.alert(error)
        if app.rig is not None:
            app.rig.refused()  # the seat LEDs flash, as for any refused move

    def undo(self) -> None:
        App.get_running_app().undo()
