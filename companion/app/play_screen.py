"""The skeleton every game's play screen shares: the moves open now, the question floating over
the screen, undo that says what it takes back, and the seat buttons' default."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp

from companion.core.rules import Move

from .games import game_ui, player_colours
from .i18n import _, tr
from .rig import SeatStrip, rig_fitted
from .seat_press import is_paused, seat_words
from .screens import BaseScreen


class PlayScreen(BaseScreen):
    """A game's play screen: subclasses draw the game and handle its moves; what may be tapped
    comes from the engine (`moves`), and a question is opened through `open_dialog`."""

    message_at = "panel_message"  # the id of the Message where this screen speaks
    strip_at = "seat_slot"  # the id of the box in the layout that holds the seat strip

    def __init__(self, **kwargs):
        self.dialog = None  # the question open over the screen, if any
        self.moves: dict[str, Move] = {}  # the kinds of move open now, or why not
        self.clock_button = None  # the turn clock beside the seat strip (records_clock)
        super().__init__(**kwargs)

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.seat_strip = SeatStrip(self)
        slot = self.ids.get(self.strip_at)
        if slot is None:  # a layout without the slot: the strip along the screen's bottom
            self.seat_strip.size_hint_x, self.seat_strip.pos = 0.6, (dp(4), dp(4))
            slot = self
        slot.add_widget(self.seat_strip)
        from .records_clock import add_clock  # the turn clock and Pause
        self.clock_button = add_clock(self, slot) if slot is not self else None
        if slot is not self:  # the rules screen, one tap from play
            from .rules_screen import rules_button
            slot.add_widget(rules_button(self))

    def on_enter(self, *args) -> None:
        super_enter = getattr(super(), "on_enter", None)
        if super_enter is not None:
            super_enter(*args)
        self.seat_strip.start()
        if self.clock_button is not None:
            self.clock_button.start()

    # ---- the engine's answers ------------------------------------------------------------

    def read_moves(self, seat: int | None) -> dict[str, Move]:
        """The kinds of move open to `seat` now, from the engine (none when no seat is to move)."""
        self.moves = {} if seat is None else {m.kind: m for m in self.table.moves(seat)}
        return self.moves

    def is_open(self, kind: str) -> bool:
        move = self.moves.get(kind)
        return move is not None and move.open

    def describe(self, action) -> str:
        """One move in words, as the game's log says it."""
        table = self.table
        return game_ui(table.header.game).describe(action, table.header.players, table.rules,
                                                   state=table.state)

    # ---- the question over the screen ----------------------------------------------------

    def open_dialog(self, dialog):
        """Open a question; one already open makes way (without `close_dialog`'s tidying: the
        game's move goes on in the new question)."""
        if self.dialog is not None and self.dialog is not dialog:
            self.dialog.dismiss(animation=False)
        self.dialog = dialog
        dialog.open(animation=False)
        return dialog

    def show_message(self, text: str, where=None, good: bool = False) -> None:
        """Said where the player is looking: over the open question (clear of its buttons),
        else in the screen's place; a screen's message under a question would lie hidden
        behind it."""
        dialog = self.dialog
        if dialog is not None and dialog.get_root_window() is not None and \
                hasattr(dialog, "say"):
            dialog.say(text, good)
            return
        super().show_message(text, where, good)

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)
            self.dialog = None

    def on_leave(self, *args) -> None:
        # A question floats over the whole window: it goes with the screen, and comes back
        # with it (refresh asks again whatever the game still needs).
        super().on_leave(*args)
        self.seat_strip.stop()
        if self.clock_button is not None:
            self.clock_button.stop()
        self.close_dialog()
        self.left()

    def left(self) -> None:
        """A game's own tidying when its screen is left (a pick on the map, a delivery)."""

    # ---- undo and the seat buttons -------------------------------------------------------

    def undo(self) -> None:
        """Take back the last move, and say which one it was."""
        table = self.table
        if not table.actions:
            self.show_message(_("There is nothing to undo."), self.message_at)
            return
        count = self.moves_to_undo()
        undone = table.actions[-count:]
        self.close_dialog()
        self.left()
        if App.get_running_app().undo(self.message_at, count):
            moves = "; ".join(self.describe(action) for action in undone)
            self.show_message(_("Taken back: {move}").format(move=moves),
                              self.message_at, good=True)

    def moves_to_undo(self) -> int:
        """How many moves one Undo takes back: the last (a game's screen says more where one
        tap stored several, as a card taken that said its player passed)."""
        return 1

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """A seat button pressed where the game has no single obvious move for it."""
        self.show_message(_("Tap your move on the screen."), self.message_at)

    # ---- the seat strip: whose turn, and what each seat's button does ----------------------

    def to_move(self) -> int | None:
        """The player whose move it is (who answers the table's question), if anyone."""
        table = self.table
        if table is None or table.status.over:
            return None
        return table.status.seat

    def button_hint(self, seat: int) -> str:
        """What the button of `seat` (the player to move) does now, in a few words; a game
        says its single obvious move here (and does it in `seat_button`)."""
        return "—"

    def seat_lines(self) -> list[tuple]:
        """For the seat strip, per player: (the physical seat they sit at, rgba, name, what the
        button does now, to move?)."""
        table = self.table
        if table is None:
            return []
        ui = game_ui(table.header.game)
        colours = player_colours(table)
        mover = self.to_move()
        places = table.header.options.get("places") or range(len(table.header.players))
        lines = []
        for seat, name in enumerate(table.header.players):
            rgba = ui.rgba.get(colours[seat] if seat < len(colours) else "", (1, 1, 1, 1))
            # what the rig does on a press now; no buttons, no words about them
            words = seat_words(self, table, seat) if rig_fitted() else ""
            lines.append((places[seat], rgba, name, words, seat == mover))
        return lines

    def seat_strip_key(self) -> tuple:
        """What the strip's words depend on: it redraws when this changes."""
        table = self.table
        if table is None:
            return (None,)
        return (table.game_id, len(table.actions), table.status.waiting_for, tr.language,
                self.dialog is not None, getattr(self, "picking", False), is_paused(table))
