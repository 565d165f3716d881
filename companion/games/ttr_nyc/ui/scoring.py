"""Scoring: each player taps the tickets they hold; then the table, the chart, the winner and why."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.togglebutton import ToggleButton

from companion.core.rules import Phase
from .. import GAME_KIND
from ..engine import RevealTickets
from ..engine.moves import revealable
from ..engine.scoring import ticket_path
from companion.app.i18n import _, ngettext
from companion.app.results_screen import ResultsScreen, sheet_rows
from .board_view import map_fit, map_height
from .map_screen import TtrScreen
from companion.app.theme import TAXI_RGBA, touch
from .words import explain, ticket_label, verdict

COLUMNS = (("routes", lambda: _("Routes")), ("tickets_completed", lambda: _("Tickets won")),
           ("tickets_failed", lambda: _("Tickets lost")), ("attractions", lambda: _("Attractions")))


class ScoringScreen(TtrScreen, ResultsScreen):
    game_kind = GAME_KIND
    entering = BooleanProperty(True)  # tickets are being tapped in (else: the results)
    prompt = StringProperty("")

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        # ids are weak: keep both parts alive while one of them is off the screen
        self._parts = {True: self.ids.entry_box.__self__, False: self.ids.results_box.__self__}
        self.remove_widget(self._parts[True])  # laid out over the screen: it goes in container
        self.ids.beside.bind(size=self.fit_map)

    def fit_map(self, *_args) -> None:
        """The map as tall as it needs beside the results (upright in a narrow column, where
        that draws it larger), leaving at least a row and a half of tickets below it. A turned
        map reaches its box's top right corner (Brooklyn): it gets room above and below it
        (centred) for the magnifier there."""
        beside, board = self.ids.beside, self.map.board
        most = beside.height - beside.spacing - 1.5 * touch(2)
        if board is None or most <= 0:
            self.ids.map_holder.height = max(beside.height * 0.6, 0)
            return
        height = map_height(board, beside.width, most)
        turned, _scale = map_fit(board, beside.width, height)
        self.ids.map_holder.height = min(height + dp(80), most) if turned else height

    def shows(self, phase: Phase) -> bool:
        return phase in (Phase.SCORING, Phase.OVER)  # the tickets tapped in, then the results

    def show(self, table) -> None:
        status = table.status
        self.entering = status.phase is Phase.SCORING
        self._show_part(self.entering)
        if self.entering:
            self._show_ticket_entry(status.seat)
        else:
            self._show_results()

    def _show_part(self, entering: bool) -> None:
        """Either the ticket entry or the results is on the screen (never both)."""
        container = self.ids.container
        part = self._parts[entering]
        if part.parent is not container:
            container.clear_widgets()
            container.add_widget(part)

    # ---- tapping in tickets ------------------------------------------------------------------

    def _show_ticket_entry(self, seat: int) -> None:
        table = self.table
        s = table.state
        name = table.header.players[seat]
        if self.score_only:
            self.prompt = _("{player}: tap every ticket you hold, then Done.").format(player=name)
        else:
            count = s.seats[seat].tickets
            self.prompt = ngettext(
                "{player}: tap the {count} ticket you kept; that tap stores it.",
                "{player}: tap the {count} tickets you kept; the last tap stores them.",
                count).format(player=name, count=count)
        free = set(revealable(table.rules.board, s, seat))
        grid = self.ids.tickets
        board = table.rules.board
        if not grid.children:  # one button per ticket in the box, made once
            for ticket_id in board.tickets:
                button = ToggleButton(font_size=sp(15), halign="center", valign="middle")
                button.bind(size=lambda w, sz: setattr(w, "text_size", (sz[0] - dp(8), None)))
                button.ticket_id = ticket_id
                button.bind(on_release=self._ticket_tapped)
                grid.add_widget(button)
        for button in grid.children:
            button.text = ticket_label(board, button.ticket_id)
            button.state = "normal"
            # another player's: greyed, yet a tap says whose it is (never disabled: no taps)
            button.closed = button.ticket_id not in free
            button.color = (1, 1, 1, 0.35 if button.closed else 1)
        self.seat = seat

    def _ticket_tapped(self, button) -> None:
        if button.closed:
            button.state = "normal"
            self._explain_closed(button.ticket_id)
            return
        self._done_when_all_in()

    def _done_when_all_in(self) -> None:
        """The tickets the player kept are all in (the engine counts them): stored without
        Done, as Done would; Undo takes them back. Score-only games don't know the count."""
        if self.score_only or self.table is None:
            return
        if len(self._chosen()) == self.table.state.seats[self.seat].tickets:
            self.done()

    def _explain_closed(self, ticket_id: str) -> None:
        """The engine's reason this ticket cannot be revealed (another player revealed it)."""
        reason = self.table.check(RevealTickets(self.seat, (ticket_id,)))
        if reason is not None:
            self.show_message(explain(reason))

    def component_scanned(self, component) -> bool:
        """A scanned ticket goes to the tickets of the player tapping theirs in."""
        if component.kind != "ticket" or not self.entering:
            return False
        for button in self.ids.tickets.children:
            if button.ticket_id == component.value:
                if button.closed:  # the engine's reason: who revealed it
                    self._explain_closed(component.value)
                else:
                    button.state = "down"
                    self._done_when_all_in()
                return True
        return False

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """The seat button of the player tapping in tickets confirms them (Done)."""
        if self.entering:
            self.done()

    def done(self) -> None:
        App.get_running_app().submit(RevealTickets(self.seat, self._chosen()))

    def _chosen(self) -> tuple[str, ...]:
        return tuple(b.ticket_id for b in reversed(self.ids.tickets.children)
                     if b.state == "down" and not b.closed)

    def back_to_map(self) -> None:
        App.get_running_app().go("ttr_nyc_score_only")

    # ---- the results ---------------------------------------------------------------------

    def _show_results(self) -> None:
        table = self.table
        sheet = table.score()
        players = table.header.players
        colours = self.show_game_map(table)
        self.fit_map()
        self.show_results(table, sheet, sheet_rows(sheet, COLUMNS, len(players)),
                          [TAXI_RGBA.get(c) for c in colours], verdict, padding=dp(10))
        self._fill_ticket_list(table, colours)
        self.map.highlight = []
        self.map.marked = []

    def _fill_ticket_list(self, table, colours) -> None:
        box = self.ids.ticket_list
        box.clear_widgets()
        board = table.rules.board
        for seat, name in enumerate(table.header.players):
            player = table.state.seats[seat]
            for ticket_id in player.revealed or ():
                ticket = board.tickets[ticket_id]
                path = ticket_path(board, player.routes, ticket)
                sign = "+" if path is not None else "-"
                ends = f"{board.locations[ticket.a].name} – {board.locations[ticket.b].name}"
                button = Factory.QuietButton(
                    text=f"{name}: {ends}  {sign}{ticket.points}", font_size=sp(15),
                    color=TAXI_RGBA.get(colours[seat], (1, 1, 1, 1)), height=touch())
                button.bind(on_release=lambda b, t=ticket_id, p=path: self.show_path(t, p))
                box.add_widget(button)

    def show_path(self, ticket_id: str, path: list[str] | None) -> None:
        """A completed ticket's path on the map (a failed one: just its two ends)."""
        board = self.table.rules.board
        ticket = board.tickets[ticket_id]
        self.map.highlight = path or []
        self.map.marked = [ticket.a, ticket.b]
        if path is None:
            self.show_message(_("Not completed: no path of this player's routes joins them."))
