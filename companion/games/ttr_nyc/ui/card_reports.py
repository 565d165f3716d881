"""The cards the table reports, one tap or scan each: turned face up, dealt or drawn (when scanned).

The question offers only the cards the engine says can come next (`turn_up_choices`,
`dealt_choices`, `blind_draws`); a card scanned that cannot come is explained by the engine's
reason.
"""

from __future__ import annotations

from kivy.app import App

from companion.app.i18n import _, ngettext
from companion.app.scanning import scanner_configured
from .words import explain
from companion.core.rules import Phase, RuleViolation
from ..engine import Card, DrawBlind, ShowHand, TurnUp
from ..engine.board import parse_card
from ..engine.moves import (blind_draws, dealt_choices, dealt_refusal, turn_up_choices,
    turn_up_refusal)
from .questions import CardQuestion

TURN_UP, SHOW_HAND, DRAW_BLIND = "turn_up", "show_hand", "draw_blind"


class CardReports:
    """Asks for the cards the engine waits for, on the play screen it belongs to."""

    def __init__(self, screen):
        self.screen = screen
        self.purpose = ""  # TURN_UP, SHOW_HAND or DRAW_BLIND while a question is open
        self.collected: list[str] = []
        self._questions: dict[str, CardQuestion] = {}  # built once: asked after most moves

    # ---- asking ----------------------------------------------------------------------------

    def ask(self, purpose: str) -> None:
        """Open the question for this purpose (or bring the open one up to date)."""
        screen = self.screen
        kind = "turn_up" if purpose == TURN_UP else "which_card"
        if self.purpose != purpose or screen.dialog is None or screen.dialog.kind != kind:
            screen.close_dialog()
            self.purpose, self.collected = purpose, []
            if kind not in self._questions:
                self._questions[kind] = CardQuestion(self._tapped, self._back, kind=kind)
            screen.open_dialog(self._questions[kind])
        self._draw()

    def closed(self) -> None:
        """The screen closed the question."""
        self.purpose, self.collected = "", []

    def _seat(self) -> int:
        table = self.table
        return table.status.seat if table.status.seat is not None else table.state.current

    @property
    def table(self):
        return self.screen.table

    def _so_far(self) -> tuple[Card, ...]:
        return tuple(parse_card(key) for key in self.collected)

    def _needed(self) -> int:
        s = self.table.state
        if self.purpose == TURN_UP:
            return len(s.pending)
        return s.seats[self._seat()].hand.unknown if self.purpose == SHOW_HAND else 1

    def _draw(self) -> None:
        table = self.table
        # Undo greyed while there is nothing to take back (the question must stay up)
        self.screen.dialog.back.disabled = self.purpose != DRAW_BLIND and \
            not self.collected and not table.actions
        board, s, seat = table.rules.board, table.state, self._seat()
        if self.purpose == TURN_UP:
            allowed = turn_up_choices(board, s, self._so_far())
            self.screen.dialog.show(self._turn_up_heading(), self.collected, _keys(allowed))
            return
        player = table.header.players[seat]
        if self.purpose == SHOW_HAND:
            heading = (_("{player}: scan the cards you were dealt, or tap them ({n} of {count})")
                       if scanner_configured() else
                       _("{player}: tap the cards you were dealt ({n} of {count})")
                       ).format(player=player, n=len(self.collected) + 1, count=self._needed())
            allowed = dealt_choices(board, s, seat, self._so_far())
            self.screen.dialog.show(heading, self.collected, _keys(allowed))
            return
        heading = (_("{player}: scan the card you drew from the deck, or tap it")
                   if scanner_configured() else
                   _("{player}: tap the card you drew from the deck")).format(player=player)
        allowed = [card for card in blind_draws(board, s, seat) if card is not None]
        self.screen.dialog.show(heading, [], _keys(allowed), back=_("Cancel"))

    def _turn_up_heading(self) -> str:
        count = self._needed()
        if count == 1:
            return _("Which card was turned face up?")
        n = len(self.collected) + 1
        if self.table.state.phase is Phase.SETUP:
            return _("Setup: deal 2 cards and 2 tickets to each player. Then turn up 5 "
                     "cards and tap each one ({n} of {count}).").format(n=n, count=count)
        s = self.table.state
        if s.flushes and count == len(s.display):  # three Taxis face up: all five went
            return _("Three Taxis were face up: the 5 face-up cards go to the discard pile. "
                     "Turn up 5 new cards and tap each one ({n} of {count})").format(
                n=n, count=count)
        return ngettext("Turn up {count} new face-up card and tap it ({n} of {count})",
                        "Turn up {count} new face-up cards and tap each one ({n} of {count})",
                        count).format(n=n, count=count)

    # ---- the answers -----------------------------------------------------------------------

    def _tapped(self, key: str) -> None:
        app = App.get_running_app()
        if self.screen.dialog.cards[key].closed:  # greyed: the engine's reason, nothing else
            reason = self._refusal(key)
            if reason is not None:
                self.screen.show_message(explain(reason), "panel_message")
                return
        if self.purpose == DRAW_BLIND:
            seat = self._seat()
            self.screen.close_dialog()
            app.submit(DrawBlind(seat, key), "panel_message")
            return
        self.collected.append(key)
        if len(self.collected) < self._needed():
            self._draw()
            return
        cards, self.collected = tuple(self.collected), []
        action = TurnUp(cards) if self.purpose == TURN_UP else ShowHand(self._seat(), cards)
        if not app.submit(action, "panel_message"):
            self._draw()

    def _back(self) -> None:
        """Take back the last card tapped; with none, the last move (or, for a card drawn,
        the question)."""
        if self.collected:
            self.collected.pop()
            self._draw()
            return
        purpose = self.purpose
        if purpose != DRAW_BLIND and not self.table.actions:
            self.screen.undo()  # says there is nothing to undo; the question stays up
            return
        self.screen.close_dialog()
        if purpose != DRAW_BLIND:
            self.screen.undo()

    def scanned(self, component) -> bool:
        """A scanned card answers the question open; anything else is not for it."""
        if component.kind != "card" or not self.purpose or self.screen.dialog is None:
            return False
        reason = self._refusal(component.value)
        if reason is not None:
            self.screen.show_message(explain(reason), "panel_message")
            return True
        self.screen.dialog.cards[component.value].dispatch("on_release")
        return True

    def _refusal(self, key: str) -> RuleViolation | None:
        """The engine's reason why this card cannot be the next one reported."""
        table = self.table
        try:
            card = parse_card(key)
        except RuleViolation as violation:
            return violation
        board, s, seat = table.rules.board, table.state, self._seat()
        if self.purpose == TURN_UP:
            return turn_up_refusal(board, s, self._so_far(), card)
        if self.purpose == SHOW_HAND:
            return dealt_refusal(board, s, seat, self._so_far(), card)
        return table.check(DrawBlind(seat, key))


def _keys(cards) -> set[str]:
    return {card.key for card in cards}
