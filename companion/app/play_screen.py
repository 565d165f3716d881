"""The skeleton every game's play screen shares: the moves open now, the question floating over
the screen, undo that says what it takes back, and the seat buttons' default."""

from __future__ import annotations

from kivy.app import App

from companion.core.rules import Move

from .games import game_ui
from .i18n import _
from .screens import BaseScreen


class PlayScreen(BaseScreen):
    """A game's play screen: subclasses draw the game and handle its moves; what may be tapped
    comes from the engine (`moves`), and a question is opened through `open_dialog`."""

    message_at = "panel_message"  # the id of the Message where this screen speaks

    def __init__(self, **kwargs):
        self.dialog = None  # the question open over the screen, if any
        self.moves: dict[str, Move] = {}  # the kinds of move open now, or why not
        super().__init__(**kwargs)

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
        return game_ui(table.header.game).describe(action, table.header.players, table.rules)

    # ---- the question over the screen ----------------------------------------------------

    def open_dialog(self, dialog):
        """Open a question; one already open makes way (without `close_dialog`'s tidying: the
        game's move goes on in the new question)."""
        if self.dialog is not None and self.dialog is not dialog:
            self.dialog.dismiss(animation=False)
        self.dialog = dialog
        dialog.open(animation=False)
        return dialog

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)
            self.dialog = None

    def on_leave(self, *args) -> None:
        # A question floats over the whole window: it goes with the screen, and comes back
        # with it (refresh asks again whatever the game still needs).
        super().on_leave(*args)
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
        undone = table.actions[-1]
        self.close_dialog()
        self.left()
        if App.get_running_app().undo(self.message_at):
            self.show_message(_("Taken back: {move}").format(move=self.describe(undone)),
                              self.message_at, good=True)

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """A seat button pressed where the game has no single obvious move for it."""
        self.show_message(_("Tap your move on the screen."), self.message_at)
