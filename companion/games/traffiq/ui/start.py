"""The start tiles checked at the table before a scenario's first game, and remembered after.

The app's start tiles are not copied from the printed ones (nobody had them at hand), so before a
game the players compare them with the tiles on their table: a tap on a tile sets its sides or
turns it, and "Same as on our table: start" starts the game with that layout (the engine's
`start_tiles` option). The layout confirmed for a scenario is stored and shown next time, so
checking is a one-time job per box.
"""

from __future__ import annotations

import json

from kivy.app import App
from kivy.properties import StringProperty

from companion.boards import rules_for
from companion.core.rules import RuleViolation
from ..engine import Tile
from ..engine.box import parse_layout
from companion.store import StoreError
from companion.app.i18n import _
from companion.app.why import Refusal
from companion.app.screens import BaseScreen
from .dialog import TraffiqDialog
from .tile_chooser import GAME
from .words import explain

SCREEN = "traffiq_start"
Layout = dict[tuple[int, int], Tile]


def setting_key(scenario: str) -> str:
    return f"traffiq.start_tiles.{scenario}"


def layout_rows(layout: Layout) -> list[list]:
    """The layout as the engine's `start_tiles` option: [x, y, north, east, south, west] rows."""
    return [[x, y, *(edge.value for edge in tile.edges)]
            for (x, y), tile in sorted(layout.items(), key=lambda item: (item[0][1], item[0][0]))]


def printed_layout(scenario: str) -> Layout:
    """The start tiles as the app's box data has them."""
    return dict(rules_for(GAME).box.scenarios[scenario].tiles)


def remembered_layout(store, scenario: str) -> Layout | None:
    """The layout the players confirmed for this scenario before (None: never, or unreadable)."""
    text = store.setting(setting_key(scenario))
    if not text:
        return None
    try:
        return parse_layout(json.loads(text))
    except (ValueError, RuleViolation):  # a damaged setting: check the tiles again
        return None


def before_start(start: dict) -> bool:
    """New game's Start: in play, the start tiles are checked first (score-only needs none)."""
    if start["mode"] != "play":
        return False
    app = App.get_running_app()
    screen = app.root.get_screen(SCREEN)
    screen.prepare(start)
    app.go(SCREEN)
    return True


class TraffiqStartScreen(BaseScreen):
    """The chosen scenario's start tiles on the map, each one changeable by a tap."""

    scenario_text = StringProperty("")
    note = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.start: dict = {}  # App.start_game's arguments, from New game
        self.layout: Layout = {}
        self.remembered: Layout | None = None
        self.dialog: StartTileDialog | None = None
        self.changed = None  # the cell tapped last: a mismatch is named by it (it was changed)

    @property
    def scenario(self) -> str:
        return self.start.get("variants", {}).get("scenario", "times_square")

    @property
    def city(self):
        return self.ids.city

    def on_pre_enter(self, *args) -> None:
        self.city.on_tap = self.map_tapped
        super().on_pre_enter(*args)

    def prepare(self, start: dict) -> None:
        """The start tiles for the game New game is about to start: as confirmed last time,
        else as printed in the app."""
        self.start = start
        self.changed = None
        self.ids.message.hide()
        self.remembered = remembered_layout(App.get_running_app().store, self.scenario)
        self.show_layout(dict(self.remembered or printed_layout(self.scenario)))

    def show_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.city.cells_lit = []
        self.city.tiles = dict(layout)
        self.city.fit()
        self.refresh()

    def refresh(self) -> None:
        from .. import SCENARIO
        name = dict(SCENARIO.choices).get(self.scenario)
        self.scenario_text = _("Scenario: {scenario}").format(
            scenario=_(name) if name else self.scenario)
        if self.remembered is not None and self.layout == self.remembered:
            self.note = _("You checked these start tiles before. If they still match your "
                          "table, one tap starts the game.")
        else:
            self.note = _("Lay out the start tiles as the rulebook shows and compare them with "
                          "these. Tap a tile to set its sides or turn it.")
        if self.dialog is not None:
            self.dialog.refresh_texts()

    # ---- changing a tile ---------------------------------------------------------------

    def map_tapped(self, cell, _point) -> None:
        if cell in self.layout and self.dialog is None:
            self.dialog = StartTileDialog(self, cell)
            self.dialog.open(animation=False)

    def tile_changed(self, cell, tile: Tile | None) -> None:
        """The dialog closed: the tile as tapped (None: cancelled)."""
        self.dialog = None
        self.city.ghost = None
        if tile is not None:
            self.layout[cell] = tile
            self.changed = cell
            self.show_layout(dict(self.layout))

    def as_printed(self) -> None:
        self.show_layout(printed_layout(self.scenario))

    def back(self) -> None:
        App.get_running_app().go("new_game")

    # ---- starting ----------------------------------------------------------------------

    def confirm(self) -> None:
        """Start the game on this layout; remember it once the game has started."""
        rows = layout_rows(self.layout)
        try:  # the tile changed last checked first: two tiles that clash, it is the one named
            parse_layout(sorted(rows, key=lambda row: tuple(row[:2]) != self.changed))
        except RuleViolation as violation:
            self._refused(violation)
            return
        app = App.get_running_app()
        start = dict(self.start, variants={**self.start["variants"], "start_tiles": rows})
        if not app.start_game(**start):
            return
        try:
            app.store.set_setting(setting_key(self.scenario), json.dumps(rows))
        except StoreError:  # the game is on; the tiles are only asked about again next time
            pass

    def _refused(self, violation: RuleViolation) -> None:
        x, y = violation.params.get("x"), violation.params.get("y")
        self.city.cells_lit = [(x, y)] if (x, y) in self.layout else []
        reason = explain(violation)
        if self.city.cells_lit:  # still the refusal, so its Why? stays
            reason = Refusal(_("{reason} It is lit on the map.").format(reason=reason),
                             violation.code, reason.game)
        self.ids.message.show(reason, seconds=8)


class StartTileDialog(TraffiqDialog):
    """One start tile: each side's colour tapped, or the whole tile turned."""

    def __init__(self, screen: TraffiqStartScreen, cell):
        super().__init__("tile")
        self.screen, self.cell = screen, cell
        self.turn, self.cancel, self.done = self.tile_layout(self._changed, (
            (self.turn_tile, False), (lambda: self.close(None), False),
            (lambda: self.close(self.chooser.tile), True)))
        self.show(screen.layout[cell])
        self.refresh_texts()

    def show(self, tile: Tile) -> None:
        """Every side free to tap, each showing the tile's edge now."""
        self.chooser.set_free((None,) * 4)
        for side, edge in enumerate(tile.edges):
            self.chooser.choose(side, edge)

    def turn_tile(self) -> None:
        self.show(Tile(tuple(self.chooser.chosen)).rotated(1))

    def refresh_texts(self) -> None:
        self.heading.text = _("This start tile")
        self.note.text = _("Tap the colour of each side as on your table, or turn the tile.")
        self.turn.text = _("Turn the tile")
        self.cancel.text = _("Cancel")
        self.done.text = _("Done")

    def _changed(self) -> None:
        self.screen.city.ghost = (self.cell, tuple(self.chooser.chosen))

    def close(self, tile: Tile | None) -> None:
        self.dismiss(animation=False)
        self.screen.tile_changed(self.cell, tile)
