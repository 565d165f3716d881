"""Playing Ticket to Ride: New York: the map, the face-up cards, whose turn it is, every move."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.core.rules import Phase, RuleViolation
from ..engine import (Card, ClaimRoute, DrawBlind, DrawTickets, KeepTickets, Pass, ShowHand,
    TakeFaceUp, TurnUp)
from companion.app.i18n import _
from companion.app.screens import BaseScreen
from companion.app.theme import PANEL, TAXI_RGBA, touch
from companion.app.dialogs import Dialog
from companion.app.widgets import CardButton
from companion.app.words import card_name, describe, explain, payment_label, route_label

CARD_KEYS = [card.key for card in Card]


def legal(table, action) -> RuleViolation | None:
    """Try a move on a copy of the state: None if the rules allow it, else the reason."""
    try:
        table.rules.apply(table.state.copy(), action)
    except RuleViolation as violation:
        return violation
    return None


class TtrDialog(Dialog):
    """A Ticket to Ride question: the map and cards stay in sight where possible."""

    SIZES = {"turn_up": ((0.56, 0.96), {"right": 0.99, "center_y": 0.5}),
             "which_card": ((0.56, 0.96), {"right": 0.99, "center_y": 0.5}),
             "keep_setup": ((0.56, 0.6), {"right": 0.99, "center_y": 0.5}),
             "keep_draw": ((0.56, 0.6), {"right": 0.99, "center_y": 0.5}),
             "claim": ((0.62, 0.96), {"right": 0.99, "center_y": 0.5})}


class TurnUpQuestion(TtrDialog):
    """Which card(s) the table turned face up, or (every card scanned) which cards a player
    was dealt or drew: one tap (or scan) per card, with a way back."""

    def __init__(self, on_card, on_back, kind: str = "turn_up"):
        super().__init__(kind)
        self.heading = self.title("")
        self.chosen = BoxLayout(size_hint_y=None, height=dp(36), spacing=dp(4))
        self.chips = [CardButton(size=(dp(90), dp(34)), font_size=sp(13), disabled=True)
                      for _ in range(5)]
        self.box.add_widget(self.chosen)
        grid = GridLayout(cols=2, spacing=dp(8))
        self.cards = {}
        for key in CARD_KEYS:
            button = CardButton(card=key, size_hint=(1, 1))
            button.bind(on_release=lambda _b, key=key: on_card(key))
            self.cards[key] = button
            grid.add_widget(button)
        self.back = self.button("", on_back)
        self.back.size_hint = (1, 1)
        grid.add_widget(self.back)
        self.box.add_widget(grid)

    def show(self, heading: str, collected: list[str], allowed: set[str] | None,
             back: str | None = None) -> None:
        """Bring the question up to date: the cards tapped so far, the cards possible."""
        self.heading.text = heading
        self.chosen.clear_widgets()
        for chip, key in zip(self.chips, collected):
            chip.card, chip.text = key, card_name(key)
            self.chosen.add_widget(chip)
        for key, button in self.cards.items():
            button.text = card_name(key)
            button.disabled = allowed is not None and key not in allowed
        self.back.text = back or _("Undo")


class TtrPlayScreen(BaseScreen):
    player = StringProperty("")
    player_rgba = ListProperty([1, 1, 1, 1])
    stats = StringProperty("")
    final_round = BooleanProperty(False)
    final_text = StringProperty("")
    log_lines = ListProperty([])
    can_pass = BooleanProperty(False)
    can_tickets = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dialog: Dialog | None = None
        self._turn_up_question: TurnUpQuestion | None = None
        self._collected: list[str] = []
        self._which_card: TurnUpQuestion | None = None  # every card scanned: dealt or drawn
        self._which_for = ""  # "show_hand" or "draw_blind"

    # ---- reading the game --------------------------------------------------------------

    def on_leave(self, *args) -> None:
        # A question floats over the whole window: it goes with the screen, and comes back
        # with it (refresh asks again whatever the game still needs).
        self._close_dialog()
        self.ids.seat_lamps.stop()

    def refresh(self) -> None:
        table = self.table
        if table is None:
            return
        s, status = table.state, table.status
        if status.phase in (Phase.SCORING, Phase.OVER):
            self._close_dialog()
            App.get_running_app().go("scoring")
            return
        colours = self.show_game_map(table)
        seat = status.seat if status.seat is not None else s.current
        player = s.seats[seat]
        self.player = table.header.players[seat]
        self.player_rgba = list(TAXI_RGBA.get(colours[seat], (1, 1, 1, 1)))
        self.stats = _("Taxis left: {taxis}   Cards: {cards}   Tickets: {tickets}").format(
            taxis=player.taxis, cards=player.hand.size, tickets=player.tickets)
        self.final_round = status.final_round
        self.final_text = _("Final round: everyone has one last turn")
        self._refresh_cards(table)
        self._refresh_players(table, colours)
        self._refresh_seat_buttons(colours)
        self.can_pass = status.phase in (Phase.PLAY, Phase.FINAL_ROUND) and not s.pending \
            and legal(table, Pass(s.current)) is None
        self.can_tickets = s.ticket_deck > 0 and not s.drawn and not s.pending
        players = table.header.players
        recent = table.actions[-5:]
        self.log_lines = [describe(a, players, table.rules.board) for a in reversed(recent)]
        self.fill_log()
        self._ask_what_is_needed(table)

    def _refresh_cards(self, table) -> None:
        s = table.state
        playing = table.status.phase in (Phase.PLAY, Phase.FINAL_ROUND) and not s.pending
        for slot, card in enumerate(s.display):
            button = self.ids[f"slot{slot}"]
            button.card = card.key if card is not None else ""
            button.text = card_name(card.key) if card is not None else ""
            button.disabled = not playing or card is None or (card is Card.TAXI and s.drawn > 0)
        deck = self.ids.deck
        deck.text = _("Deck") + f"\n{s.deck}"
        deck.disabled = not playing or s.deck + sum(s.discard) == 0
        if s.drawn:
            self.ids.draw_hint.text = _("Take your second card: a face-up card or the deck")
        else:
            self.ids.draw_hint.text = _("Tap 2 cards (or the deck), a route to claim, "
                                        "or Draw tickets")

    def fill_log(self) -> None:
        """The last moves, newest first, one shortened line each, as many as the space holds."""
        box = self.ids.get("log")
        if box is None:  # still being built
            return
        box.clear_widgets()
        line = dp(17)
        for text in self.log_lines[:max(0, int(box.height // line))]:
            label = Label(text=text, font_size=sp(12), color=(1, 1, 1, 0.75), shorten=True,
                          shorten_from="right", halign="left", valign="middle",
                          size_hint_y=None, height=line)
            label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
            box.add_widget(label)
        box.add_widget(Widget())

    def _refresh_seat_buttons(self, colours) -> None:
        """What the seat buttons do now; off the Pi, the LEDs and buttons drawn here too."""
        rig = App.get_running_app().rig
        lamps = self.ids.seat_lamps
        if rig is not None and rig.mock and rig.lights is not None:
            lamps.show_seats(colours)
            lamps.opacity, lamps.height = 1, touch()
            self.ids.button_hint.text = _("Seat buttons (or keys 1–4): draw from the deck; "
                                          "hold to undo")
        else:
            lamps.stop()
            lamps.clear_widgets()
            lamps.opacity, lamps.height = 0, 0
            self.ids.button_hint.text = _("Your seat button draws from the deck; hold it to "
                                          "undo")

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """The player to move pressed their seat button: the single obvious move, a card
        from the deck; while a question is open, the answer must be tapped."""
        if not end_turn:
            self.show_message(_("Answer the question on the screen."), "panel_message")
            return
        self.draw_blind()

    def _refresh_players(self, table, colours) -> None:
        box = self.ids.players
        box.clear_widgets()
        s = table.state
        for seat, name in enumerate(table.header.players):
            p = s.seats[seat]
            line = _("{player} – taxis: {taxis}, cards: {cards}").format(
                player=escape_markup(name), taxis=p.taxis, cards=p.hand.size)
            if seat == s.current:
                line = f"[b][u]{line}[/u][/b]"
            label = Label(text=line, markup=True, font_size=sp(15),
                          color=TAXI_RGBA.get(colours[seat], (1, 1, 1, 1)), halign="left",
                          valign="middle", size_hint_y=None, height=dp(24), shorten=True)
            label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
            box.add_widget(label)

    # ---- what the game asks before it can go on ----------------------------------------

    def _ask_what_is_needed(self, table) -> None:
        status, s = table.status, table.state
        if status.waiting_for == "turn_up":
            self._open_turn_up(len(s.pending))
        elif status.waiting_for == "show_hand":
            self._open_which_card("show_hand")
        elif status.waiting_for == "keep_tickets":
            self._open_keep(status.seat, table.rules.board.tickets_dealt, setup=True)
        elif self.dialog is not None and self.dialog.kind in ("turn_up", "keep_setup") or (
                self.dialog is not None and self._which_for == "show_hand"):
            self._close_dialog()

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)
            self.dialog = None
        self._which_for = ""

    def _open_turn_up(self, count: int) -> None:
        """One tap per card the table turned face up."""
        if self.dialog is None or self.dialog.kind != "turn_up":
            self._close_dialog()
            self._collected = []
            if self._turn_up_question is None:  # built once: it is asked after most moves
                self._turn_up_question = TurnUpQuestion(self._turned_up, self._turn_up_back)
            self.dialog = self._turn_up_question
            self.dialog.open(animation=False)
        self._draw_turn_up(count)

    def _draw_turn_up(self, count: int) -> None:
        table = self.table
        if count == 1:
            heading = _("Which card was turned face up?")
        elif table.state.phase is Phase.SETUP:
            heading = _("Setup: deal 2 cards and 2 tickets to each player. Then turn up 5 "
                        "cards and tap each one ({n} of {count}).").format(
                n=len(self._collected) + 1, count=count)
        else:
            heading = _("Turn up {count} new face-up cards and tap each one ({n} of {count})"
                        ).format(n=len(self._collected) + 1, count=count)
        allowed = None
        if count == 1:
            allowed = {key for key in CARD_KEYS if legal(table, TurnUp((key,))) is None}
        self.dialog.show(heading, self._collected, allowed)

    def component_scanned(self, component) -> bool:
        """A scanned card answers the card question open (turned up, dealt or drawn);
        anything else is not for this screen."""
        if component.kind != "card" or self.dialog is None or \
                self.dialog.kind not in ("turn_up", "which_card"):
            return False
        button = self.dialog.cards.get(component.value)
        if button is None or button.disabled:
            reason = legal(self.table, self._card_action(component.value))
            self.show_message(explain(reason) if reason else
                              _("That card cannot have been turned up."), "panel_message")
            return True
        button.dispatch("on_release")
        return True

    def _card_action(self, key: str):
        """The move a card answers, for checking it: a turn-up, a card dealt or drawn."""
        if self._which_for == "draw_blind":
            return DrawBlind(self.table.state.current, key)
        return TurnUp((key,))

    # ---- every card scanned: the cards dealt and drawn --------------------------------------

    def _open_which_card(self, purpose: str) -> None:
        if self.dialog is None or self.dialog.kind != "which_card" or self._which_for != purpose:
            self._close_dialog()
            self._collected = []
            self._which_for = purpose
            if self._which_card is None:
                self._which_card = TurnUpQuestion(self._card_named, self._which_back,
                                                  kind="which_card")
            self.dialog = self._which_card
            self.dialog.open(animation=False)
        self._draw_which_card()

    def _draw_which_card(self) -> None:
        table = self.table
        seat = table.status.seat if table.status.seat is not None else table.state.current
        player = table.header.players[seat]
        if self._which_for == "show_hand":
            count = table.state.seats[seat].hand.unknown
            heading = _("{player}: scan the cards you were dealt, or tap them ({n} of {count})"
                        ).format(player=player, n=len(self._collected) + 1, count=count)
            self.dialog.show(heading, self._collected, None)
            return
        heading = _("{player}: scan the card you drew from the deck, or tap it").format(
            player=player)
        allowed = {key for key in CARD_KEYS if legal(table, DrawBlind(seat, key)) is None}
        self.dialog.show(heading, [], allowed, back=_("Cancel"))

    def _card_named(self, key: str) -> None:
        table = self.table
        app = App.get_running_app()
        if self._which_for == "draw_blind":
            self._close_dialog()
            app.submit(DrawBlind(table.state.current, key), "panel_message")
            return
        seat = table.status.seat
        self._collected.append(key)
        if len(self._collected) < table.state.seats[seat].hand.unknown:
            self._draw_which_card()
            return
        cards, self._collected = tuple(self._collected), []
        action = ShowHand(seat, cards)
        reason = legal(table, action)
        if reason is not None:
            self._draw_which_card()
            self.show_message(explain(reason), "panel_message")
            return
        app.submit(action, "panel_message")

    def _which_back(self) -> None:
        """Take back the last card tapped; with none, the last move (setup) or the question."""
        if self._collected:
            self._collected.pop()
            self._draw_which_card()
            return
        purpose = self._which_for
        self._close_dialog()
        if purpose == "show_hand":
            self.undo()

    def _turned_up(self, key: str) -> None:
        count = len(self.table.state.pending)
        self._collected.append(key)
        if len(self._collected) < count:
            self._draw_turn_up(count)
            return
        cards, self._collected = tuple(self._collected), []
        if not App.get_running_app().submit(TurnUp(cards)):
            self._draw_turn_up(count)
            violation = legal(self.table, TurnUp(cards))
            if violation is not None:  # else it was fine but not stored, and the app said why
                self.show_message(explain(violation), "panel_message")

    def _turn_up_back(self) -> None:
        """Take back the last tap, or with none, the last move."""
        if self._collected:
            self._collected.pop()
            self._draw_turn_up(len(self.table.state.pending))
            return
        self._close_dialog()
        self.undo()

    def _open_keep(self, seat: int, most: int, setup: bool) -> None:
        kind = "keep_setup" if setup else "keep_draw"
        table = self.table
        self._close_dialog()
        self.dialog = dialog = TtrDialog(kind)
        name = table.header.players[seat]
        if setup:
            dialog.title(_("{player}: you were dealt 2 tickets. How many did you keep?")
                         .format(player=name))
        elif most == 1:
            dialog.title(_("{player}: only one ticket was left. You keep it.").format(player=name))
        else:
            dialog.title(_("{player}: draw 2 tickets. How many did you keep?").format(player=name))
        row = BoxLayout(spacing=dp(12))
        for kept in range(1, most + 1):
            action = KeepTickets(seat, kept) if setup else DrawTickets(seat, kept)
            button = dialog.button(str(kept), lambda a=action: self._kept(a), accent=True,
                                   font_size=sp(40))
            button.size_hint_y = 1
            row.add_widget(button)
        dialog.box.add_widget(row)
        dialog.box.add_widget(dialog.button(_("Undo") if setup else _("Cancel"),
                                            self.undo if setup else self._close_dialog))
        dialog.open(animation=False)

    def _kept(self, action) -> None:
        self._close_dialog()
        App.get_running_app().submit(action, "panel_message")

    # ---- the player's moves --------------------------------------------------------------

    def take_face_up(self, slot: int) -> None:
        s = self.table.state
        card = s.display[slot]
        if card is None:
            return
        App.get_running_app().submit(TakeFaceUp(s.current, slot, card.key), "panel_message")

    def draw_blind(self) -> None:
        s = self.table.state
        reason = legal(self.table, DrawBlind(s.current))
        if reason is not None and reason.code == "scan_drawn_card":
            self._open_which_card("draw_blind")  # every card is scanned: which one was it?
            return
        App.get_running_app().submit(DrawBlind(s.current), "panel_message")

    def draw_tickets(self) -> None:
        s = self.table.state
        if s.ticket_deck == 0:
            self.show_message(_("There are no destination tickets left to draw."),
                              "panel_message")
            return
        self._open_keep(s.current, min(2, s.ticket_deck), setup=False)

    def pass_turn(self) -> None:
        App.get_running_app().submit(Pass(self.table.state.current), "panel_message")

    def undo(self) -> None:
        table = self.table
        if not table.actions:
            self.show_message(_("There is nothing to undo."), "panel_message")
            return
        undone = table.actions[-1]
        if App.get_running_app().undo("panel_message"):
            self.show_message(_("Taken back: {move}").format(
                move=describe(undone, table.header.players, table.rules.board)),
                "panel_message", good=True)

    def route_tapped(self, route_id: str) -> None:
        table = self.table
        if table.status.phase not in (Phase.PLAY, Phase.FINAL_ROUND) or table.state.pending:
            return
        self.map.selected = route_id
        self._open_claim(route_id)

    # ---- claiming a route ------------------------------------------------------------------

    def payments(self, route_id: str) -> list[tuple[str, ...]]:
        """Only the payments the rules allow for this player now."""
        table = self.table
        s = table.state
        route = table.rules.board.routes[route_id]
        hand = s.seats[s.current].hand
        options = []
        for cards in table.rules.payments(route, hand.known, hand.unknown):
            keys = tuple(card.key for card in cards)
            if legal(table, ClaimRoute(s.current, route_id, keys)) is None:
                options.append(keys)
        return options

    def _open_claim(self, route_id: str, colour: str | None = None) -> None:
        table = self.table
        s = table.state
        board = table.rules.board
        route = board.routes[route_id]
        options = self.payments(route_id)
        if not options:
            plain = (route.colour.key if route.colour else "red",) * route.length
            reason = legal(table, ClaimRoute(s.current, route_id, plain))
            self.map.selected = ""
            self.show_message(explain(reason) if reason else
                              _("You cannot pay for this route with your cards."), "map_message")
            return
        self._close_dialog()
        self.dialog = dialog = TtrDialog("claim")
        kind = card_name(route.colour.key) if route.colour else card_name("gray")
        dialog.title(_("Claim {route} – length {length}, {colour}").format(
            route=route_label(board, route_id), length=route.length, colour=kind))
        colours = sorted({cards[0] for cards in options}, key=CARD_KEYS.index)
        if route.colour is None and len(colours) > 1 and colour is None:
            dialog.box.add_widget(Factory.Note(text=_("Which colour do you pay with?")))
            grid = GridLayout(cols=4, spacing=dp(8))
            for key in colours:
                button = CardButton(card=key, text=card_name(key), size_hint=(1, 1))
                button.bind(on_release=lambda b, key=key: self._open_claim(route_id, key))
                grid.add_widget(button)
            dialog.box.add_widget(grid)
        else:
            dialog.box.add_widget(Factory.Note(text=_("Pay with:")))
            grid = GridLayout(cols=2, spacing=dp(8), row_force_default=True,
                              row_default_height=dp(64))
            for cards in options:
                if colour is not None and cards[0] != colour:
                    continue
                button = dialog.button(payment_label(cards),
                                       lambda c=cards: self._claim(route_id, c), accent=True)
                grid.add_widget(button)
            dialog.box.add_widget(grid)
        dialog.box.add_widget(Factory.Widget())
        row = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(8))
        if route.sibling:
            row.add_widget(dialog.button(_("The other route of this double"),
                                         lambda: self._switch_double(route.sibling)))
        row.add_widget(dialog.button(_("Cancel"), self._cancel_claim))
        dialog.box.add_widget(row)
        dialog.open(animation=False)

    def _switch_double(self, route_id: str) -> None:
        self._close_dialog()
        self.map.selected = route_id
        self._open_claim(route_id)

    def _cancel_claim(self) -> None:
        self._close_dialog()
        self.map.selected = ""

    def _claim(self, route_id: str, cards: tuple[str, ...]) -> None:
        self._close_dialog()
        self.map.selected = ""
        App.get_running_app().submit(ClaimRoute(self.table.state.current, route_id, cards),
                                     "map_message")
