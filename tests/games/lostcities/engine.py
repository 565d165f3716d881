"""Lost Cities (Reiner Knizia, Kosmos), the rules: the engine of a test-only game.

Two players, five expeditions (one per colour), each a row of cards in rising order: up to
three wager cards first, then number cards 2 to 10. A turn is one card played to your own
expedition or discarded onto its colour's pile, then one card drawn: from the deck or from the
top of a discard pile (not the card you just discarded). The game ends when the last card of
the deck is drawn. Each started expedition scores (its numbers' sum − 20) × (1 + wagers), and
20 more with 8 cards or more.

The table keeps the hands, as the box's players do: the engine sees only the cards laid out,
the discard piles, the deck's count and each hand's size. Pure like every engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.options import Mode, read_mode
from companion.core.rules import (Action, ActionCodec, Move, Phase, RuleViolation, Rules,
                                  ScoreSheet, Status, check_players, next_seat)

GAME_KIND = "lost-cities-test"
COLOURS = ("yellow", "blue", "white", "green", "red")
WAGER = 0  # a wager card's value; numbers are 2 to 10
VALUES = (WAGER, *range(2, 11))
WAGERS = 3  # wager cards a colour has
DECK = len(COLOURS) * (WAGERS + 9)  # 60 cards
HAND = 8


@dataclass(frozen=True)
class PlayCard(Action):
    """A card laid on the seat's own expedition of its colour."""

    type = "play_card"
    seat: int
    colour: str
    value: int


@dataclass(frozen=True)
class Discard(Action):
    """A card laid face up on its colour's discard pile."""

    type = "discard"
    seat: int
    colour: str
    value: int


@dataclass(frozen=True)
class DrawDeck(Action):
    type = "draw_deck"
    seat: int


@dataclass(frozen=True)
class DrawDiscard(Action):
    """The top card of a colour's discard pile taken into the hand."""

    type = "draw_discard"
    seat: int
    colour: str


@dataclass(frozen=True)
class EnterExpedition(Action):
    """Score-only: a finished expedition, its wagers and its numbers."""

    type = "enter_expedition"
    seat: int
    colour: str
    wagers: int
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class FinishScoring(Action):
    type = "finish_scoring"


@dataclass
class LostCitiesState:
    players: tuple[str, ...]
    mode: Mode = Mode.PLAY
    current: int = 0
    drawing: bool = False  # the seat has played or discarded and now draws
    deck: int = DECK - 2 * HAND
    hands: list[int] = field(default_factory=lambda: [HAND, HAND])
    expeditions: list[dict[str, list[int]]] = field(
        default_factory=lambda: [{c: [] for c in COLOURS} for _ in range(2)])
    discards: dict[str, list[int]] = field(default_factory=lambda: {c: [] for c in COLOURS})
    discarded: str | None = None  # the colour just discarded (not to be drawn back)
    phase: Phase = Phase.PLAY

    def copy(self) -> "LostCitiesState":
        return LostCitiesState(
            self.players, self.mode, self.current, self.drawing, self.deck, self.hands[:],
            [{c: row[:] for c, row in e.items()} for e in self.expeditions],
            {c: pile[:] for c, pile in self.discards.items()}, self.discarded, self.phase)

    def seen(self, colour: str, value: int) -> int:
        """How many of this card lie on the table."""
        rows = [e[colour] for e in self.expeditions] + [self.discards[colour]]
        return sum(row.count(value) for row in rows)


def expedition_points(row: list[int]) -> int:
    if not row:
        return 0
    wagers = row.count(WAGER)
    numbers = sum(v for v in row if v != WAGER)
    return (numbers - 20) * (1 + wagers) + (20 if len(row) >= 8 else 0)


class LostCities(Rules):
    game_kind = GAME_KIND
    codec = ActionCodec([PlayCard, Discard, DrawDeck, DrawDiscard, EnterExpedition,
                         FinishScoring])

    def new_state(self, players, options) -> LostCitiesState:
        check_players(tuple(players), "Lost Cities", 2, 2)
        return LostCitiesState(tuple(players), read_mode(options), int(options.get("first", 0)))

    def _card(self, s: LostCitiesState, colour: str, value: int) -> RuleViolation | None:
        if colour not in COLOURS or value not in VALUES:
            return RuleViolation("no_such_card", "There is no such card: {colour} {value}.",
                           colour=colour, value=value)
        if s.seen(colour, value) >= (WAGERS if value == WAGER else 1):
            return RuleViolation("card_out", "Every such card is already on the table: {colour} "
                           "{value}.", colour=colour, value=value)
        return None

    def _refusal(self, s: LostCitiesState, a: Action) -> RuleViolation | None:
        if s.phase is Phase.OVER:
            return RuleViolation("game_over", "The game is over.")
        if s.mode is Mode.SCORE_ONLY:
            return self._entry_refusal(s, a)
        if not isinstance(a, (PlayCard, Discard, DrawDeck, DrawDiscard)):
            return RuleViolation("unknown_action", "That is not a move of a game being played.")
        if a.seat != s.current:
            return RuleViolation("not_your_turn", "It is not your turn.")
        if isinstance(a, (PlayCard, Discard)):
            if s.drawing:
                return RuleViolation("draw_now", "Draw a card first: the deck or a discard pile.")
            problem = self._card(s, a.colour, a.value)
            row = s.expeditions[a.seat][a.colour] if problem is None else []
            if isinstance(a, PlayCard) and row and a.value < row[-1]:
                return RuleViolation("rising_order", "An expedition rises: no card below its last "
                               "one ({last}).", last=row[-1])
            return problem
        if not s.drawing:
            return RuleViolation("play_first", "Play or discard a card first.")
        if isinstance(a, DrawDiscard) and (a.colour not in COLOURS or not s.discards[a.colour]):
            return RuleViolation("pile_empty", "That discard pile is empty.")
        if isinstance(a, DrawDiscard) and a.colour == s.discarded:
            return RuleViolation("own_discard", "The card just discarded cannot be drawn back.")
        return None

    def _entry_refusal(self, s: LostCitiesState, a: Action) -> RuleViolation | None:
        if isinstance(a, FinishScoring):
            return None
        if not isinstance(a, EnterExpedition):
            return RuleViolation("unknown_action", "That is not a move of a game being scored.")
        if a.seat not in (0, 1) or a.colour not in COLOURS or not 0 <= a.wagers <= WAGERS:
            return RuleViolation("no_such_card", "There is no such card: {colour} {value}.",
                           colour=a.colour, value=a.wagers)
        numbers = list(a.numbers)
        if numbers != sorted(set(numbers)) or not set(numbers) <= set(VALUES[1:]):
            return RuleViolation("rising_order", "An expedition rises: no card below its last "
                           "one ({last}).", last=max(numbers, default=0))
        return None

    def apply(self, s: LostCitiesState, a: Action) -> LostCitiesState:
        refusal = self._refusal(s, a)
        if refusal is not None:
            raise refusal
        if isinstance(a, EnterExpedition):
            s.expeditions[a.seat][a.colour] = [WAGER] * a.wagers + list(a.numbers)
        elif isinstance(a, FinishScoring):
            s.phase = Phase.OVER
        elif isinstance(a, (PlayCard, Discard)):
            target = (s.expeditions[a.seat] if isinstance(a, PlayCard) else s.discards)
            target[a.colour].append(a.value)
            s.hands[a.seat] -= 1
            s.drawing, s.discarded = True, a.colour if isinstance(a, Discard) else None
        else:
            if isinstance(a, DrawDiscard):
                s.discards[a.colour].pop()
            else:
                s.deck -= 1
            s.hands[a.seat] += 1
            s.drawing, s.discarded = False, None
            if s.deck == 0:
                s.phase = Phase.OVER
            else:
                s.current = next_seat(s.current, 2)
        return s

    def moves(self, s: LostCitiesState, seat: int) -> list[Move]:
        kinds = ((EnterExpedition.type, FinishScoring.type) if s.mode is Mode.SCORE_ONLY else
                 (PlayCard.type, Discard.type, DrawDeck.type, DrawDiscard.type))
        return [Move(kind, self._kind_refusal(s, seat, kind)) for kind in kinds]

    def _kind_refusal(self, s: LostCitiesState, seat: int, kind: str) -> RuleViolation | None:
        if s.phase is Phase.OVER:
            return RuleViolation("game_over", "The game is over.")
        if s.mode is Mode.SCORE_ONLY:
            return None
        if seat != s.current:
            return RuleViolation("not_your_turn", "It is not your turn.")
        drawing = kind in (DrawDeck.type, DrawDiscard.type)
        if drawing and not s.drawing:
            return RuleViolation("play_first", "Play or discard a card first.")
        if not drawing and s.drawing:
            return RuleViolation("draw_now", "Draw a card first: the deck or a discard pile.")
        return None

    def completions(self, s: LostCitiesState, partial) -> list[dict]:
        """The draws open now (the cards in a hand are the table's secret)."""
        seat = partial.get("seat", s.current)
        options = [DrawDeck(seat)] + [DrawDiscard(seat, c) for c in COLOURS]
        return [dict(partial, **a.to_json()) for a in options if self._refusal(s, a) is None
                and all(a.to_json().get(k, v) == v for k, v in partial.items())]

    def status(self, s: LostCitiesState) -> Status:
        over = s.phase is Phase.OVER
        return Status(s.phase, None if over or s.mode is Mode.SCORE_ONLY else s.current)

    def score(self, s: LostCitiesState) -> ScoreSheet:
        points = [[expedition_points(e[c]) for c in COLOURS] for e in s.expeditions]
        return ScoreSheet.build(s.players, COLOURS, points, final=s.phase is Phase.OVER)
