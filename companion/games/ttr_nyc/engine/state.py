"""What the table knows about a game of Ticket to Ride: New York at one moment."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from companion.core.hands import SecretHand
from companion.core.options import Mode
from companion.core.rules import Phase
from .board import KINDS, Card


class EndReason(Enum):
    TAXIS_LOW = "taxis_low"  # a player ended a turn with 2 or fewer taxis; the final round was played
    NO_MOVES = "no_moves"  # every player passed in turn: nobody can move [decision]
    SCORE_ONLY = "score_only"  # a finished game was entered for scoring


@dataclass(slots=True)
class Hand(SecretHand):
    """A player's secret hand of this game's cards (companion.core.hands)."""

    known: list[int] = field(default_factory=lambda: [0] * KINDS)  # count per Card


@dataclass(slots=True)
class PlayerState:
    hand: Hand
    taxis: int
    tickets: int = 0  # tickets kept; which ones stays secret until scoring
    routes: list[str] = field(default_factory=list)
    kept_at_setup: bool = False
    revealed: tuple[str, ...] | None = None

    def copy(self) -> "PlayerState":
        return replace(self, hand=self.hand.copy(), routes=self.routes[:])


@dataclass(slots=True)
class TtrState:
    players: tuple[str, ...]
    mode: Mode
    first: int
    phase: Phase
    current: int
    seats: list[PlayerState]
    display: list[Card | None]  # the face-up cards; None is an empty slot
    discard: list[int]  # count per Card; the discard pile is face up, so it is known
    deck: int  # cards in the draw deck (their order and colours are unknown)
    deck_max: list[int] | None  # after a reshuffle: at most this many of each Card in the deck
    ticket_deck: int
    owners: dict[str, int] = field(default_factory=dict)  # route id -> seat
    pending: tuple[int, ...] = ()  # display slots waiting for the table to say what was turned up
    drawn: int = 0  # transportation cards taken so far this turn
    flushes: int = 0  # 3-Taxi flushes in a row since a player last changed the display
    trigger: int | None = None  # the seat whose turn started the final round
    final_turns_left: int = 0
    passes: int = 0  # passes in a row
    end_reason: EndReason | None = None
    scanned_hands: bool = False  # every card going into a hand is scanned: hands are known exactly

    def copy(self) -> "TtrState":
        # replace() carries every field over; only the mutable ones are copied by hand
        # (tests/games/ttr_nyc/test_ttr_nyc_state.py finds one that is not).
        return replace(self, seats=[p.copy() for p in self.seats], display=self.display[:],
                       discard=self.discard[:], owners=dict(self.owners),
                       deck_max=None if self.deck_max is None else self.deck_max[:])

    def known_count(self, card: Card) -> int:
        """Cards of this kind whose place the table knows: face up, discarded or seen in a hand."""
        count = self.discard[card] + self.display.count(card)
        for player in self.seats:
            count += player.hand.known[card]
        return count
