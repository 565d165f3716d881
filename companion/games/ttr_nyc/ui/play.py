"""Playing Ticket to Ride: New York: the map, the face-up cards, whose turn it is, every move.

What may be tapped comes from the engine (`table.moves`, and the choices in engine/moves.py);
the questions the table answers live in card_reports.py, the claim of a route in claim.py.
"""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.label import Label
from kivy.utils import escape_markup

from companion.app.play_screen import PlayScreen
from companion.app.i18n import _
from companion.app.lines import Lines
from .map_screen import TtrScreen
from companion.app.theme import TAXI_RGBA
from .words import card_name, describe, explain
from companion.core.rules import Phase
from .. import GAME
from ..engine import DrawBlind, DrawTickets, KeepTickets, Pass, TakeFaceUp
from ..engine.moves import blind_draws, face_up_choices, keep_choices, ticket_choices
from .card_reports import DRAW_BLIND, SHOW_HAND, TURN_UP, CardReports
from .claim import ClaimFlow
from .questions import keep_question


LOG_FONT = 15  # sp: the recent moves' text
NBSP = "\u00a0"


def figures(template: str) -> str:
    """A line of figures ("Cards: {cards}") whose numbers never wrap away from their words."""
    return template.replace(": {", ":" + NBSP + "{")


def log_height(text: str, width: float) -> float:
    """The height of one move in the recent moves at this width: its lines and a small gap."""
    from kivy.core.text import Label as CoreLabel
    core = CoreLabel(text=text, font_size=sp(LOG_FONT), text_size=(max(width, 1), None))
    core.refresh()
    return core.texture.size[1] + dp(3)


class TtrPlayScreen(PlayScreen, TtrScreen):
    game_kind = GAME.game_kind
    player = StringProperty("")
    player_rgba = ListProperty([1, 1, 1, 1])
    stats = StringProperty("")
    final_round = BooleanProperty(False)
    final_text = StringProperty("")
    log_lines = ListProperty([])
    can_pass = BooleanProperty(False)
    can_tickets = BooleanProperty(False)

    def __init__(self, **kwargs):
        self._log_lines: Lines | None = None  # the log's and players' labels, kept
        self._player_lines: Lines | None = None
        super().__init__(**kwargs)
        self.reports = CardReports(self)
        self.claim = ClaimFlow(self)

    # ---- reading the game --------------------------------------------------------------

    def refresh(self) -> None:
        table = self.own_table()
        if table is None or self.results_once(table, Phase.SCORING, Phase.OVER):
            return
        s, status = table.state, table.status
        colours = self.show_game_map(table)
        seat = status.seat if status.seat is not None else s.current
        self.read_moves(seat)
        player = s.seats[seat]
        self.player = table.header.players[seat]
        self.player_rgba = list(TAXI_RGBA.get(colours[seat], (1, 1, 1, 1)))
        stats = figures(_("Taxis left: {taxis}   Cards: {cards}   Tickets: {tickets}"))
        self.stats = stats.format(taxis=player.taxis, cards=player.hand.size,
                                  tickets=player.tickets)
        self.final_round = status.final_round
        self.final_text = _("Final round: everyone has one last turn")
        self._refresh_cards(table, seat)
        self._refresh_players(table, colours)
        self.can_pass = self.moves["pass"].open
        self.can_tickets = self.moves["draw_tickets"].open
        recent = table.actions[-5:]
        self.log_lines = [describe(a, table.header.players, table.rules.board)
                          for a in reversed(recent)]
        self.fill_log()
        self._ask_what_is_needed(table)

    def _refresh_cards(self, table, seat: int) -> None:
        s = table.state
        takeable = face_up_choices(s, seat)
        for slot, card in enumerate(s.display):
            button = self.ids[f"slot{slot}"]
            button.card = card.key if card is not None else ""
            button.text = card_name(card.key) if card is not None else ""
            # greyed when it may not be taken now; a tap on it says why (the engine's reason)
            button.disabled = card is None
            button.closed = slot not in takeable
        deck = self.ids.deck
        deck.text = _("Deck") + f"\n{s.deck}"
        deck.closed = not self.moves["draw_blind"].open
        if s.drawn:
            self.ids.draw_hint.text = _("Take your second card: a face-up card or the deck")
        else:
            self.ids.draw_hint.text = _("Tap 2 cards (or the deck), a route to claim, "
                                        "or Draw tickets")

    def fill_log(self) -> None:
        """The last moves, newest first, each whole (the end of a line says the route, the cards
        turned up: two lines, three for a claim with its payment), as many as the space holds."""
        box = self.ids.get("log")
        if box is None:  # still being built
            return
        if self._log_lines is None:
            self._log_lines = Lines(box, self._log_label, spacer=True)
        entries, room = [], box.height
        for text in self.log_lines:
            height = log_height(text, box.width)
            if height > room:
                break
            entries.append({"text": text, "height": height})
            room -= height
        self._log_lines.show(entries)

    @staticmethod
    def _log_label() -> Label:
        label = Label(font_size=sp(LOG_FONT), color=(1, 1, 1, 0.8), halign="left",
                      valign="middle", size_hint_y=None, height=dp(21))
        label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        return label

    def button_hint(self, seat: int) -> str:
        if self.dialog is not None or self.table.status.waiting_for is not None:
            return _("answer on the screen")
        if self.moves.get("draw_blind") is not None and self.is_open("draw_blind"):
            return _("draw from the deck")
        return "—"

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """The player to move pressed their seat button: the single obvious move, a card
        from the deck; while a question is open, the answer must be tapped."""
        if not end_turn:
            self.show_message(_("Answer the question on the screen."), "panel_message")
            return
        self.draw_blind()

    def _refresh_players(self, table, colours) -> None:
        if self._player_lines is None:
            self._player_lines = Lines(self.ids.players, self._player_label)
        s = table.state
        lines = []
        for seat, name in enumerate(table.header.players):
            p = s.seats[seat]
            line = _("{player} – taxis: {taxis}, cards: {cards}").format(
                player=escape_markup(name), taxis=p.taxis, cards=p.hand.size)
            if seat == s.current:
                line = f"[b][u]{line}[/u][/b]"
            lines.append({"text": line,
                          "color": TAXI_RGBA.get(colours[seat], (1, 1, 1, 1))})
        self._player_lines.show(lines)

    @staticmethod
    def _player_label() -> Label:
        # never shortened: a long name's line wraps after the name (at a space)
        label = Label(markup=True, font_size=sp(15), halign="left", valign="middle",
                      size_hint_y=None, height=dp(24))
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                   texture_size=lambda w, size: setattr(w, "height",
                                                        max(dp(24), size[1] + dp(2))))
        return label

    # ---- the questions ------------------------------------------------------------------

    def _ask_what_is_needed(self, table) -> None:
        """Whatever the engine waits for is asked; a question it no longer needs goes."""
        status = table.status
        if status.waiting_for == "turn_up":
            self.reports.ask(TURN_UP)
        elif status.waiting_for == "show_hand":
            self.reports.ask(SHOW_HAND)
        elif status.waiting_for == "keep_tickets":
            self._ask_kept(status.seat, keep_choices(table.rules.board, table.state,
                                                     status.seat), setup=True)
        elif self.dialog is not None and (self.dialog.kind in ("turn_up", "keep_setup")
                                          or self.reports.purpose == SHOW_HAND):
            self.close_dialog()

    def close_dialog(self) -> None:
        super().close_dialog()
        self.reports.closed()

    def component_scanned(self, component) -> bool:
        """A scanned card answers the card question open; with none open, where every card is
        scanned, it is the card just taken from the deck: the scan is the take, no tap on the
        deck first. Anything else is not for this screen."""
        return self.reports.scanned(component) or self._drawn_by_scan(component)

    def _drawn_by_scan(self, component) -> bool:
        table = self.table
        if (table is None or component.kind != "card" or self.dialog is not None
                or not table.state.scanned_hands):
            return False
        action = DrawBlind(table.state.current, component.value)
        reason = table.check(action)  # not the time to draw (a claim begun, the deck empty)
        if reason is not None:
            self.show_message(explain(reason), "panel_message")
            return True
        App.get_running_app().submit(action, "panel_message")
        return True

    def _ask_kept(self, seat: int, choices: list[int], setup: bool) -> None:
        def kept(count: int) -> None:
            self.close_dialog()
            action = KeepTickets(seat, count) if setup else DrawTickets(seat, count)
            App.get_running_app().submit(action, "panel_message")

        self.close_dialog()
        player = self.table.header.players[seat]
        self.open_dialog(keep_question(player, choices, setup, kept,
                                       self.undo if setup else self.close_dialog))

    # ---- the player's moves --------------------------------------------------------------

    def take_face_up(self, slot: int) -> None:
        s = self.table.state
        card = s.display[slot]
        if card is None:
            return
        # a closed card is tapped too: the Table refuses it and the engine's reason is shown
        App.get_running_app().submit(TakeFaceUp(s.current, slot, card.key), "panel_message")

    def draw_blind(self) -> None:
        """A card from the deck; where every card is scanned, the question which one it was."""
        table = self.table
        seat = table.state.current
        if self.explain_closed("draw_blind"):
            return
        draws = blind_draws(table.rules.board, table.state, seat)
        if draws and None not in draws:
            self.reports.ask(DRAW_BLIND)
            return
        App.get_running_app().submit(DrawBlind(seat), "panel_message")

    def draw_tickets(self) -> None:
        table = self.table
        seat = table.state.current
        if self.explain_closed("draw_tickets"):
            return
        self._ask_kept(seat, ticket_choices(table.rules.board, table.state, seat), setup=False)

    def explain_closed(self, kind: str) -> bool:
        """A tap on a greyed move: the engine's reason it is not open now (True), else False."""
        move = self.moves.get(kind)
        if move is None or move.open:
            return False
        self.show_message(explain(move.reason), "panel_message")
        return True

    def pass_turn(self) -> None:
        App.get_running_app().submit(Pass(self.table.state.current), "panel_message")

    def route_tapped(self, route_id: str) -> None:
        self.claim.route_tapped(route_id)
