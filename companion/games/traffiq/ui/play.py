"""Playing Manhattan TraffIQ: the city map, whose turn it is, the actions, and every question the
rules ask (a tile's free sides, a new vehicle, competing), each with a way back."""

from __future__ import annotations

from dataclasses import replace

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup

from companion.core.rules import Phase
from ..engine import Act, DrawTile, EndTurn, Tile, Vehicle
from companion.app.i18n import _
from companion.app.screens import BaseScreen
from companion.app.theme import touch
from .moves import (PLAYING, actions_left, fitting_turns, hand_has_unseen, known_tiles, legal,
    place_tile, place_vehicle, placement_cells, preview, ride, ride_starts, ride_targets,
    tile_from_value, turn_choices)
from .tile_chooser import GAME, TileChooser
from .words import describe, vehicle_name
from companion.app.dialogs import Dialog
from companion.app.widgets import Question

ACT_NAMES = {
    Act.PLACE: lambda: _("place a tile"),
    Act.TAXI: lambda: _("taxi ride"),
    Act.VAN: lambda: _("van ride"),
    Act.DRAW: lambda: _("draw a tile"),
}
RIGHT = {"right": 0.995, "center_y": 0.5}


class TraffiqDialog(Dialog):
    """A question beside the map (the map stays in sight, the cell or point on it lit)."""

    SIZES = {"tile": ((0.55, 0.98), RIGHT), "vehicle": ((0.38, 0.96), RIGHT),
             "compete": ((0.42, 0.9), RIGHT)}


def player_colours(table) -> list[str]:
    from .game import COLOURS
    return list(table.header.options.get("colours") or COLOURS)


def seat_rgba(table) -> list:
    from .game import RGBA
    return [RGBA.get(colour, (1, 1, 1, 1)) for colour in player_colours(table)]


class TraffiqPlayScreen(BaseScreen):
    player = StringProperty("")
    player_rgba = ListProperty([1, 1, 1, 1])
    turn_text = StringProperty("")
    stats = StringProperty("")
    hint = StringProperty("")
    final_round = BooleanProperty(False)
    final_text = StringProperty("")
    picking = BooleanProperty(False)  # a tile's cell or a ride is being chosen on the map
    can_place = BooleanProperty(False)
    can_taxi = BooleanProperty(False)
    can_van = BooleanProperty(False)
    can_draw = BooleanProperty(False)
    can_end = BooleanProperty(False)
    taxi_kind, van_kind = Vehicle.TAXI, Vehicle.VAN  # for the layout's buttons

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dialog: Dialog | None = None
        self.mode = ""  # "place" or "ride" while chosen on the map
        self.scanned: Tile | None = None  # a scanned tile being placed
        self.vehicle: Vehicle | None = None  # the kind of vehicle riding
        self.start = None  # the point it rides from
        self._seen = -1  # the moves the screen was last drawn for
        self._game = None  # and the game (its id in the store)
        self._declined = -1  # no new vehicle wanted, after this many moves
        self._view_before = None  # where the map was before a question panned it

    @property
    def city(self):
        return self.ids.city

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.ids.city.on_tap = self.map_tapped

    def on_leave(self, *args) -> None:
        self._reset()

    # ---- reading the game --------------------------------------------------------------

    def refresh(self) -> None:
        table = self.table
        if table is None or table.header.game != GAME:
            return
        s, status = table.state, table.status
        if status.phase in (Phase.SCORING, Phase.OVER):
            self._close_dialog()
            App.get_running_app().go("traffiq_scoring")
            return
        new_game = table.game_id != self._game
        if new_game or len(table.actions) != self._seen:  # a move was made or taken back
            self._game, self._seen = table.game_id, len(table.actions)
            self._reset()
        rgba = seat_rgba(table)
        city = self.city
        city.colours = rgba
        city.tiles = dict(s.tiles)
        city.vehicles = dict(s.vehicles)
        if new_game:
            city.fit()
        seat = s.current
        player = s.seats[seat]
        self.player = table.header.players[seat]
        self.player_rgba = list(rgba[seat])
        done = ", ".join(ACT_NAMES[act]() for act in s.done) or _("none yet")
        self.turn_text = _("This turn: {done} ({left} of 2 actions left)").format(
            done=done, left=actions_left(s))
        self.stats = _("Tiles in hand: {hand}   Supply: {supply}").format(
            hand=len(player.hand), supply=s.supply)
        self.final_round = status.final_round and status.phase is Phase.FINAL_ROUND
        self.final_text = _("Final round: everyone has one last turn")
        choices = turn_choices(table.rules, s)
        self.can_place, self.can_taxi, self.can_van = choices.place, choices.taxi, choices.van
        self.can_draw, self.can_end = choices.draw, choices.end_turn
        self._refresh_players(table, rgba)
        self._show_hint()
        if status.waiting_for == "place_vehicle" and self._declined != len(table.actions) \
                and not self.mode and self.dialog is None:
            self._ask_vehicle(s.pending[0])
        elif self.dialog is not None and hasattr(self.dialog, "refresh_texts"):
            self.dialog.refresh_texts()

    def _refresh_players(self, table, rgba) -> None:
        """Each player's taxis and vans still to place and tiles in hand, as the map's own
        shapes with a number: no words to fit in any language."""
        box = self.ids.players
        box.clear_widgets()
        s = table.state
        for seat, name in enumerate(table.header.players):
            p = s.seats[seat]
            row = BoxLayout(size_hint_y=None, height=dp(24), spacing=dp(2))
            label = Label(text=f"[b]{escape_markup(name)}[/b]" if seat == s.current
                          else escape_markup(name), markup=True, font_size=sp(14),
                          color=readable(rgba[seat]), halign="left", valign="middle",
                          shorten=True)
            label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
            row.add_widget(label)
            for kind, count in (("taxi", p.taxis), ("van", p.vans), ("tile", len(p.hand))):
                row.add_widget(TraffiqCount(kind=kind, text=str(count), rgba=rgba[seat]))
            box.add_widget(row)

    def _show_hint(self) -> None:
        if self.mode == "place":
            self.hint = _("Tap a lit cell to place the tile there")
        elif self.mode == "ride" and self.start is None:
            self.hint = (_("Tap the taxi that rides") if self.vehicle is Vehicle.TAXI
                         else _("Tap the van that rides"))
        elif self.mode == "ride":
            self.hint = (_("Tap where the taxi goes") if self.vehicle is Vehicle.TAXI
                         else _("Tap where the van goes"))
        else:
            self.hint = _("Choose an action; drag to move the map, pinch to zoom")
        self.picking = bool(self.mode)

    # ---- modes: choosing on the map --------------------------------------------------------

    def _reset(self) -> None:
        self._close_dialog()
        self._restore_view()
        self.mode, self.scanned, self.vehicle, self.start = "", None, None, None
        self.city.clear_marks()
        self.picking = False

    def _restore_view(self) -> None:
        """The map as it was before a question moved it."""
        if self._view_before is not None:
            self.city.centre, self.city.cell_px = self._view_before
            self._view_before = None
            self.city.place_view()

    def cancel(self) -> None:
        """Back out of choosing on the map (nothing was done)."""
        self._reset()
        self._show_hint()

    def choose_place(self, tile: Tile | None = None) -> None:
        s = self.table.state
        cells = placement_cells(s, s.current, tile)
        if not cells:
            self.show_message(_("This tile fits nowhere on the map."), "map_message")
            return
        self._reset()
        self.mode, self.scanned = "place", tile
        self.city.cells_lit = cells
        self._show_hint()

    def choose_ride(self, vehicle: Vehicle) -> None:
        s = self.table.state
        starts = ride_starts(s, s.current, vehicle)
        self._reset()
        self.mode, self.vehicle = "ride", vehicle
        if len(starts) == 1:
            self._ride_from(starts[0])
        else:
            self.city.points_lit = starts
        self._show_hint()

    def _ride_from(self, point) -> None:
        self.start = point
        self.city.chosen = point
        self.city.points_lit = sorted(ride_targets(self.table.state, point, self.vehicle),
                                      key=lambda p: (p[1], p[0]))
        self._show_hint()

    def map_tapped(self, cell, point) -> None:
        table = self.table
        if table is None or table.state.phase not in PLAYING or self.dialog is not None:
            return
        s = table.state
        if self.mode == "place":
            if cell in self.city.cells_lit:
                self._ask_tile(cell)
            return
        if self.mode == "ride":
            self._ride_tapped(point)
            return
        standing = s.vehicles.get(point) if point is not None else None
        if standing is not None and standing.seat == s.current:  # a shortcut: tap your vehicle
            allowed = self.can_taxi if standing.vehicle is Vehicle.TAXI else self.can_van
            if allowed and point in ride_starts(s, s.current, standing.vehicle):
                self.choose_ride(standing.vehicle)
                self._ride_from(point)
            return
        if self.can_place and cell in placement_cells(s, s.current):  # a shortcut: tap a cell
            self.choose_place()
            self._ask_tile(cell)

    def _ride_tapped(self, point) -> None:
        if point is None:
            return
        s = self.table.state
        standing = s.vehicles.get(point)
        if standing is not None and standing.seat == s.current and \
                standing.vehicle is self.vehicle and point in ride_starts(s, s.current,
                                                                           self.vehicle):
            self._ride_from(point)
            return
        if self.start is None or point not in self.city.points_lit:
            return
        action = ride(s.current, self.vehicle, self.start, point)
        self.city.points_lit = [point]
        self._compete_or_go(action, back=lambda: self._ride_from(self.start))

    # ---- the player's moves ----------------------------------------------------------------

    def draw_tile(self) -> None:
        App.get_running_app().submit(DrawTile(self.table.state.current), "map_message")

    def end_turn(self) -> None:
        s = self.table.state
        choices = turn_choices(self.table.rules, s)
        if actions_left(s) and (choices.place or choices.taxi or choices.van or choices.draw):
            Question(_("End your turn now? The actions left are given up."), _("End turn"),
                     self._end_turn, _("Keep playing")).open(animation=False)
            return
        self._end_turn()

    def _end_turn(self) -> None:
        App.get_running_app().submit(EndTurn(self.table.state.current), "map_message")

    def undo(self) -> None:
        table = self.table
        if not table.actions:
            self.show_message(_("There is nothing to undo."), "map_message")
            return
        undone = table.actions[-1]
        self._reset()
        if App.get_running_app().undo("map_message"):
            self.show_message(_("Taken back: {move}").format(
                move=describe(undone, table.header.players)), "map_message", good=True)

    def fit_map(self) -> None:
        self.city.fit()

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """The player to move pressed their seat button: a tile from the supply, the one
        obvious move; anything else is tapped on the screen."""
        if self.dialog is not None or not end_turn or not self.can_draw or self.mode:
            self.show_message(_("Answer the question on the screen."), "map_message")
            return
        self.draw_tile()

    def component_scanned(self, component) -> bool:
        """A scanned district tile: placed with its edges known, only its turn to choose."""
        if component.game != GAME or component.kind != "tile":
            return False
        tile = tile_from_value(component.value)
        if tile is None:
            return False
        if self.dialog is not None and self.dialog.kind == "tile":
            self.dialog.scanned(tile)
        elif self.can_place and self.dialog is None:
            self.choose_place(tile)
        else:
            self.show_message(_("No tile can be placed now."), "map_message")
        return True

    # ---- questions ----------------------------------------------------------------------

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)
            self.dialog = None

    def _ask_tile(self, cell) -> None:
        self._close_dialog()
        self.dialog = TileDialog(self, cell)
        self.dialog.open(animation=False)
        self._show_beside_dialog([(cell[0] + 0.5, -cell[1] - 0.5)], 0.44)

    def _show_beside_dialog(self, spots, free: float) -> None:
        """Pan (and zoom in, if the map is small) so that these map spots lie in the part of
        the window a dialog on the right leaves free (`free`: its share of the width)."""
        from kivy.core.window import Window
        city = self.city
        self._view_before = self._view_before or (city.centre, city.cell_px)
        width = min(Window.width * free, city.width)
        height = city.height - city.reserve_top - city.reserve_bottom
        xs, ys = [x for x, _y in spots], [y for _x, y in spots]
        span_x, span_y = max(xs) - min(xs) + 2, max(ys) - min(ys) + 2
        city.cell_px = max(city.cell_px, min(dp(80), width / span_x, height / span_y))
        s = city.cell_px
        middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        target = (city.x + width / 2, city.y + city.reserve_bottom + height / 2)
        city.centre = (middle[0] - (target[0] - city.center_x) / s,
                       middle[1] - (target[1] - city.center_y) / s)
        city.place_view()

    def _ask_vehicle(self, point) -> None:
        self._close_dialog()
        self.city.points_lit = list(self.table.state.pending)
        self.city.chosen = point
        self.dialog = VehicleDialog(self, point)
        self.dialog.open(animation=False)
        self._show_beside_dialog([(x, -y) for x, y in self.table.state.pending], 0.6)

    def decline_vehicle(self) -> None:
        """No new vehicle: the turn goes on (or ends, both actions taken)."""
        table = self.table
        self._declined = len(table.actions)
        self._reset()
        if not actions_left(table.state):
            self._end_turn()
            return
        self.refresh()

    def vehicle_chosen(self, point, vehicle: Vehicle) -> None:
        action = place_vehicle(self.table.state.current, point, vehicle)
        self._compete_or_go(action, back=lambda: self._ask_vehicle(point))

    def _compete_or_go(self, action, back) -> None:
        """Before competing: which vehicles would go back; confirm or skip. Nothing to win:
        the move is made at once."""
        table = self.table
        outcome = preview(table.rules, table.state, action)
        if outcome is None:
            reason = legal(table.rules, table.state, action)
            if reason is not None:
                from companion.app.words import explain
                self.show_message(explain(reason), "map_message")
            return
        if not outcome.removed:
            self._submit(action)
            return
        self._close_dialog()
        self.city.doomed = [p for p, _standing in outcome.removed]
        self.dialog = CompeteDialog(self, action, outcome, back)
        self.dialog.open(animation=False)
        spots = [p for street in outcome.streets for p in street.points]
        self._show_beside_dialog([(x, -y) for x, y in spots], 0.56)

    def _submit(self, action) -> None:
        self._close_dialog()
        self.city.doomed = []
        App.get_running_app().submit(action, "map_message")

    def compete(self, action, competing: bool) -> None:
        self._submit(replace(action, compete=competing))

    def back_from_compete(self, back) -> None:
        self._close_dialog()
        self.city.doomed = []
        self._restore_view()
        back()


class TraffiqCount(Label):
    """A small taxi, van or tile as drawn on the map (see kv/traffiq/play.kv), and how many."""

    kind = StringProperty("taxi")
    rgba = ListProperty([1, 1, 1, 1])


def readable(rgba) -> tuple:
    """A player's colour made light enough to read on the dark panel."""
    r, g, b = rgba[:3]
    return (0.35 + 0.65 * r, 0.35 + 0.65 * g, 0.35 + 0.65 * b, 1)


class TileDialog(TraffiqDialog):
    """Where a tile goes: its free sides tapped (or a scanned tile turned), then Place."""

    def __init__(self, screen: TraffiqPlayScreen, cell):
        super().__init__("tile")
        self.screen, self.cell = screen, cell
        s = screen.table.state
        self.heading = self.title("")
        self.note = Factory.Note(font_size=sp(14))
        self.box.add_widget(self.note)
        self.chooser = TileChooser(on_change=self._changed, pos_hint={"center_x": 0.5})
        self.box.add_widget(self.chooser)
        self.box.add_widget(Factory.Widget())  # a tall window: the rest stays at the top
        row = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(8))
        self.turn = self.button("", self.chooser.turn)
        self.cancel = self.button("", screen.cancel)
        self.place = self.button("", self._place, accent=True)
        for button in (self.turn, self.cancel, self.place):
            row.add_widget(button)
        self.box.add_widget(row)
        if screen.scanned is not None:
            self.scanned(screen.scanned)
        elif hand_has_unseen(s, s.current):
            self.chooser.set_free(screen.table.rules.implied_edges(s, cell))
        else:
            self._known(known_tiles(s, s.current))
        self.refresh_texts()

    def _known(self, tiles: list[Tile]) -> None:
        s = self.screen.table.state
        turns = [t for tile in tiles for t in fitting_turns(s, self.cell, tile)]
        if not turns:
            self.screen.show_message(_("This tile does not fit here."), "map_message")
            return
        self.chooser.set_known(turns)

    def scanned(self, tile: Tile) -> None:
        self._known([tile])
        self.refresh_texts()

    def refresh_texts(self) -> None:
        self.heading.text = _("Place the district tile here")
        if self.chooser.turns:
            self.note.text = _("The tile's sides are known: turn it until it lies as on the "
                               "table.")
        else:
            self.note.text = _("Tap the colour of each open side (or scan the tile). Sides "
                               "touching the map are set: they must match.")
        self.turn.text = _("Turn the tile")
        self.cancel.text = _("Cancel")
        self.place.text = _("Place")
        self._changed()

    def _changed(self) -> None:
        chooser = self.chooser
        self.place.disabled = chooser.tile is None
        self.turn.disabled = len(chooser.turns) < 2
        self.turn.opacity = 1 if chooser.turns else 0
        self.screen.city.ghost = (self.cell, tuple(chooser.chosen))

    def _place(self) -> None:
        tile = self.chooser.tile
        if tile is None:
            return
        screen = self.screen
        action = place_tile(screen.table.state.current, self.cell, tile)
        screen._close_dialog()
        if not App.get_running_app().submit(action, "map_message"):
            screen.city.ghost = None


class VehicleDialog(TraffiqDialog):
    """The tile completed a crossing: a taxi or a van on it, or none."""

    def __init__(self, screen: TraffiqPlayScreen, point):
        super().__init__("vehicle")
        self.screen, self.point = screen, point
        self.heading = self.title("")
        self.taxi = self.button("", lambda: screen.vehicle_chosen(point, Vehicle.TAXI),
                                accent=True)
        self.van = self.button("", lambda: screen.vehicle_chosen(point, Vehicle.VAN),
                               accent=True)
        self.none = self.button("", screen.decline_vehicle)
        self.undo = self.button("", screen.undo)
        self.other = self.button("", self._other)
        pending = screen.table.state.pending
        for button in (self.taxi, self.van, self.none) + ((self.other,) if len(pending) > 1
                                                           else ()):
            self.box.add_widget(button)
        self.box.add_widget(Factory.Widget())
        self.box.add_widget(self.undo)
        self.refresh_texts()

    def refresh_texts(self) -> None:
        table = self.screen.table
        s = table.state
        player = s.seats[s.current]
        self.heading.text = _("{player}: your tile completed a crossing. Put a vehicle on it?"
                              ).format(player=table.header.players[s.current])
        self.taxi.text = _("Taxi ({count} left)").format(count=player.taxis)
        self.van.text = _("Van ({count} left)").format(count=player.vans)
        self.taxi.disabled, self.van.disabled = player.taxis == 0, player.vans == 0
        self.none.text = _("No vehicle")
        self.undo.text = _("Undo")
        self.other.text = _("Another crossing")

    def _other(self) -> None:
        """The tile completed several crossings: ask about the next one."""
        pending = self.screen.table.state.pending
        here = pending.index(self.point) if self.point in pending else -1
        self.screen._ask_vehicle(pending[(here + 1) % len(pending)])


class CompeteDialog(TraffiqDialog):
    """Before competing: who would lose which vehicles (marked on the map); compete or not."""

    def __init__(self, screen: TraffiqPlayScreen, action, outcome, back):
        super().__init__("compete")
        self.screen, self.action, self.outcome = screen, action, outcome
        self.heading = self.title("")
        self.losses = Factory.Note(font_size=sp(16), markup=True)
        self.box.add_widget(self.losses)
        self.box.add_widget(Factory.Widget())
        self.yes = self.button("", lambda: screen.compete(action, True), accent=True)
        self.no = self.button("", lambda: screen.compete(action, False))
        self.back = self.button("", lambda: screen.back_from_compete(back))
        for button in (self.yes, self.no, self.back):
            self.box.add_widget(button)
        self.refresh_texts()

    def refresh_texts(self) -> None:
        table = self.screen.table
        lost: dict[int, list[int]] = {}
        for _point, standing in self.outcome.removed:
            counts = lost.setdefault(standing.seat, [0, 0])
            counts[0 if standing.vehicle is Vehicle.TAXI else 1] += 1
        lines = []
        for seat, counts in sorted(lost.items()):
            vehicles = ", ".join(f"{n} × {vehicle_name(kind)}"
                                 for n, kind in zip(counts, (Vehicle.TAXI, Vehicle.VAN)) if n)
            lines.append(_("{player} loses: {vehicles}").format(
                player=escape_markup(table.header.players[seat]), vehicles=vehicles))
        self.heading.text = _("Compete? On the streets through this crossing, weaker players "
                              "take their vehicles back:")
        self.losses.text = "\n".join(lines)
        self.yes.text = _("Compete")
        self.no.text = _("Don't compete")
        self.back.text = _("Back")

