"""A turn with nothing left to do, ended without a tap: where the engine says none of the four
actions is open to the player to move (no tile of the hand fits, no vehicle can ride, no tile
left to draw) and the turn may end, the play screen ends it and says so. Undo takes it back, and
at that move the turn is not ended by itself again (End turn stays for the player to tap). A tile
just laid that could lie otherwise keeps the turn open: a tap on it must still correct it.

End turn tapped a moment after such an end was aimed at the turn that ended: it does not end the
next player's turn, it says whose turn a second tap ends (`GRACE`)."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock

from companion.app.i18n import _
from companion.core.rules import Phase
from ..engine import DrawTile, EndTurn, PlaceTile, TaxiRide, VanRide

ACTIONS = (PlaceTile.type, TaxiRide.type, VanRide.type, DrawTile.type)  # the turn's choices
# Seconds after a turn ended by itself in which End turn is taken as meant for that turn: a
# player who reached for it sees the next player's name only after lifting the finger.
GRACE = 1.0


class EmptyTurn:
    """Ends the turn of a player the engine leaves nothing to do (see the module's docstring)."""

    def __init__(self, screen, clock=Clock.get_boottime):
        self.screen = screen
        self.clock = clock  # seconds, only compared with itself
        self.ended: set[tuple] = set()  # (game, moves stored) where it ended a turn itself
        self.ended_at: tuple | None = None  # (game, moves stored after, when) of the last end

    def just_ended(self, table) -> bool:
        """Whether the screen ended the last turn itself a moment ago (nothing stored since):
        End turn now was most likely meant for that turn."""
        at = self.ended_at
        return (at is not None and at[:2] == self._key(table)
                and self.clock() - at[2] < GRACE)

    def held_back(self, table) -> bool:
        """End turn tapped: if a moment after this screen ended a turn itself, it was meant
        for that turn; not acted on, said (whose turn a second tap ends)."""
        if not self.just_ended(table):
            return False
        self.ended_at = None  # said once: the next tap acts
        names = table.header.players
        self.screen.show_message(_("{ended}'s turn ended by itself; now it is {player}'s turn. "
                                   "Tap End turn again to end it.").format(
                                       ended=names[table.actions[-1].seat],
                                       player=names[table.state.current]), "map_message")
        return True

    @staticmethod
    def _key(table) -> tuple:
        return table.game_id, len(table.actions)

    def empty(self, table, status) -> bool:
        """Whether the player to move has nothing left to do and the turn may end now (the
        screen's moves as the engine last gave them)."""
        screen = self.screen
        return (status.phase in (Phase.PLAY, Phase.FINAL_ROUND) and status.waiting_for is None
                and screen.dialog is None and screen.is_open(EndTurn.type)
                and not any(screen.is_open(kind) for kind in ACTIONS)
                and self._key(table) not in self.ended and not self._correctable())

    def _correctable(self) -> bool:
        """The tile just laid could lie otherwise (turned, or other sides): a tap on it still
        corrects it, so the turn waits for End turn."""
        laying = self.screen.laying
        laid = laying.laid
        if laid is None or laying.correctable(laid.cell) is None:
            return False
        return laid.spot.implied is not None or len(laid.spot.turns) > 1

    def check(self, table, status) -> None:
        """At each refresh: a turn with nothing left is ended at the next frame (not inside the
        refresh a stored move started)."""
        if self.empty(table, status):
            key = self._key(table)
            Clock.schedule_once(lambda _dt: self._end(key), 0)

    def _end(self, key: tuple) -> None:
        screen = self.screen
        table = screen.own_table()
        if table is None or self._key(table) != key:
            return  # another move came first
        status = table.status
        screen.read_moves(status.seat)
        if not self.empty(table, status):
            return
        self.ended.add(key)
        player = table.header.players[status.seat]
        if App.get_running_app().submit(EndTurn(status.seat), "map_message"):
            self.ended_at = (*self._key(table), self.clock())
            screen.show_message(_("{player} has nothing left to do this turn: it ended. Undo "
                                  "takes it back.").format(player=player), "map_message",
                                good=True)
