"""Playing Railways of the World: The Card Game: the screen that holds the network, the cards, the
players and the step's moves; each kind of move is handled in a module of its own."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.app.games import player_colours
from companion.app.i18n import _, ngettext
from companion.app.play_screen import PlayScreen
from companion.core.rules import Phase
from ..engine import Card, Pass, Rotw, Step
from .actions import ActionPanel
from .building import Building
from .delivering import Delivering
from .discarding import Discarding
from .network import PLAYER_RGBA
from .questions import Questions
from .scanned import card_scanned
from .taking import Taking, moves_of_last_tap
from .widgets import RotwPlayerRow
from .words import card_name, describe, explain



class RotwPlayScreen(PlayScreen):
    game_kind = Rotw.game_kind
    player = StringProperty("")
    player_rgba = ListProperty([1, 1, 1, 1])
    prompt = StringProperty("")
    prompt_height = NumericProperty(0)  # the longest prompt's (see ActionPanel.fit_prompt)
    last_move = StringProperty("")
    final_round = BooleanProperty(False)
    final_text = StringProperty("")
    hand_text = StringProperty("")  # the cards the table saw go into the hand of the player to move

    def __init__(self, **kwargs):
        # The parts first: the layout (applied in super().__init__) wires taps to them.
        self._rows: list[RotwPlayerRow] = []
        self.scanned_cities: dict[int, list] = {}  # seat -> city cards scanned into the hand
        self.questions = Questions(self)
        self.taking = Taking(self)
        self.building = Building(self)
        self.delivering = Delivering(self)
        self.discarding = Discarding(self)
        self.actions = ActionPanel(self)
        super().__init__(**kwargs)

    # ---- reading the game --------------------------------------------------------------

    @property
    def seat(self) -> int:
        """Whose move it is (the current player while the table reports)."""
        seat = self.table.status.seat
        return self.table.state.current if seat is None else seat

    def colours(self) -> list[str]:
        return player_colours(self.table)

    def left(self) -> None:
        self.delivering.stop()

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.ids.network.on_city = self.delivering.city_tapped
        self.ids.network.on_choose = self.delivering.choose_city
        self.taking.bind_cards()
        self.ids.prompt.bind(width=self.actions.fit_prompt)

    def refresh(self) -> None:
        table = self.own_table()
        if table is None or self.results_once(table, Phase.SCORING, Phase.OVER):
            return
        self.read_moves(self.seat)
        self._refresh_turn()
        self.delivering.refresh()
        self.taking.refresh()
        self._refresh_players()
        self.hand_text = hand_words(table.state.seats[self.seat].hand)
        self.actions.refresh()
        self.last_move = self._last_move()
        self.questions.ask_what_is_needed()

    def _last_move(self) -> str:
        """The last move in words; a card taken that said its player passed says both."""
        table = self.table
        recent = table.actions[-self.moves_to_undo():]
        return "; ".join(describe(action, table.header.players, state=table.state)
                         for action in recent)

    def _refresh_turn(self) -> None:
        table, seat = self.table, self.seat
        self.player = table.header.players[seat]
        self.player_rgba = list(PLAYER_RGBA.get(self.colours()[seat], (1, 1, 1, 1)))
        self.final_round = table.status.final_round
        self.final_text = (_("Final deliveries: one delivery each, or none")
                           if table.state.step is Step.FINAL_DELIVERY else
                           _("Final round: play to the player before the start player"))
        self.ids.network.show(table.state, self.colours())

    def _refresh_players(self) -> None:
        table, colours = self.table, self.colours()
        s = table.state
        box = self.ids.players
        if len(self._rows) != len(s.seats):
            box.clear_widgets()
            self._rows = [RotwPlayerRow() for _seat in s.seats]
            for row in self._rows:
                box.add_widget(row)
        lead = max([25, *(p.track for p in s.seats)])
        for seat, row in enumerate(self._rows):
            player = s.seats[seat]
            rgba = PLAYER_RGBA.get(colours[seat], (1, 1, 1, 1))
            row.show(table.header.players[seat], rgba, player,
                     table.rules.pulling_power(s, seat), player.track / lead, seat == s.current)
        heads = self.ids.heads
        for label, text in zip(reversed(heads.children),
                               ("", _("Points"), _("Cards"), _("Power"), _("Trains"),
                                _("Goods"))):
            label.text = text

    def waiting(self) -> bool:
        """The table has to report something (a card turned up, cubes drawn) first."""
        return self.table.status.waiting_for is not None

    def action_button(self, wid: str):
        return self.actions.button(wid)

    # ---- moving through the table -----------------------------------------------------------

    def open_move(self, kind: str, where: str = "panel_message") -> bool:
        """Whether this kind of move is open now; if not, its reason is shown."""
        move = self.moves.get(kind)
        if move is None or move.open:
            return move is not None
        self.refuse(move.reason, where)
        return False

    def refuse(self, reason, where: str = "panel_message") -> None:
        self.show_message(explain(reason, self.table.state), where)

    def submit(self, action, where: str = "panel_message") -> bool:
        """A move the rules refuse is explained here (the game's words), and nothing stored."""
        reason = self.table.check(action)
        if reason is not None:
            self.refuse(reason, where)
            return False
        return App.get_running_app().submit(action, where)

    def may_take(self, kind: str, where: str = "panel_message") -> bool:
        """Whether a card may be taken now this way (`kind`: take_deck, take_display,
        take_discard): while cards are taken, or at the action step where the engine opens
        Pass (taking a card then says the player passed); if not, the engine's reason."""
        if self.passes_by_taking(kind):
            return True
        return self.open_move(kind, where)

    def passes_by_taking(self, kind: str) -> bool:
        """At the action step a card taken is the pass: Pass open, the take only not yet."""
        move = self.moves.get(kind)
        return (move is not None and not move.open and move.reason.code == "take_after_action"
                and self.is_open("pass"))

    def take(self, action) -> bool:
        """A card taken; at the action step it says the player passed: Pass and the take are
        stored together (checked in turn by the engine), and one Undo takes both back."""
        if not self.passes_by_taking(action.type):
            return self.submit(action)
        return App.get_running_app().submit([Pass(self.seat), action], "panel_message")

    def last_move_lines(self, panel: float, prompt: float, actions: float,
                        font_size: float) -> int:
        """How many lines of the last move fit between the actions and Undo (1 to 4), so the
        panel never grows past the screen's top (kv/rotw/play.kv: its fixed rows, paddings
        and spacings)."""
        fixed = dp(8) * 2 + dp(5) * 7 + dp(34) + dp(50) * 2 + dp(52)
        room = panel - fixed - prompt - actions
        return max(1, min(4, int(room // (font_size * 1.25))))

    def moves_to_undo(self) -> int:
        """Pass and the card taken that said it, taken back together: read from the stored
        moves, so it holds after a restart too."""
        return moves_of_last_tap(self.table.actions)

    def button_hint(self, seat: int) -> str:
        if self.dialog is not None or self.waiting():
            return _("answer on the screen")
        if self.is_open("take_deck"):
            return _("take the top card")
        return _("pass and take the top card") if self.passes_by_taking("take_deck") else "—"

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """The seat button takes the top card of the draw pile while cards are taken, and at the
        action step where a card taken says its player passed (Pass and the take, as a tap on
        the draw pile)."""
        if end_turn and (self.is_open("take_deck") or self.passes_by_taking("take_deck")):
            self.taking.deck()
            return
        self.show_message(_("Tap your move on the screen."), "panel_message")

    def component_scanned(self, component) -> bool:
        """A scanned card: the card a question asks for, the top of the draw pile taken, or a
        build's city card (see scanned.py)."""
        if self.table is None:
            return False
        return card_scanned(self, component)

    # ---- the questions that float over the screen ---------------------------------------

    def show_message(self, text: str, where=None, good: bool = False) -> None:
        """Said where the player is looking: over the open question, else on the screen."""
        if self.dialog is None:
            super().show_message(text, where, good)
            return
        self.dialog.say(text, good)


def hand_words(hand) -> str:
    """The cards in a hand the table saw go in (known), and how many it did not (unseen)."""
    from kivy.utils import escape_markup
    seen = [(_("{count} × {card}").format(count=count, card=card_name(Card(kind).key))
             if count > 1 else card_name(Card(kind).key))
            for kind, count in enumerate(hand.known) if count]
    if hand.unknown:
        seen.append(ngettext("{count} card not seen", "{count} cards not seen",
                             hand.unknown).format(count=hand.unknown))
    return f"[b]{escape_markup(_('Your cards:'))}[/b] " + escape_markup(", ".join(seen))
