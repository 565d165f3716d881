"""Lost Cities' random playout (a pretend table holding the real deck and hands), its piece
count and its score recount, for the conformance test."""

from __future__ import annotations

import random

from companion.core.playout_loop import PlayoutLoop
from companion.core.rules import Action

from .engine import (COLOURS, DECK, HAND, VALUES, WAGER, Discard, DrawDeck, DrawDiscard,
                     LostCities, LostCitiesState, PlayCard)


class LostCitiesPlayout(PlayoutLoop):
    """Random legal turns. `choose()` moves the card it names between the pretend deck and
    hands itself: the conformance test calls `choose()` and `apply()` without `step()`."""

    def __init__(self, rules: LostCities, players: int, rng: random.Random):
        self.rules, self.rng = rules, rng
        self.players = tuple(f"P{seat + 1}" for seat in range(players))
        self.options = {"first": rng.randrange(players)}
        self.state = rules.new_state(self.players, self.options)
        self.log: list[Action] = []
        deck = [(c, v) for c in COLOURS for v in VALUES for _ in range(3 if v == WAGER else 1)]
        rng.shuffle(deck)
        self.hands = [deck[:HAND], deck[HAND:2 * HAND]]
        self.deck = deck[2 * HAND:]

    def choose(self) -> Action:
        s, seat = self.state, self.state.current
        if s.drawing:
            piles = [c for c in COLOURS if s.discards[c] and c != s.discarded]
            if piles and self.rng.random() < 0.3:
                colour = self.rng.choice(piles)
                self.hands[seat].append((colour, s.discards[colour][-1]))
                return DrawDiscard(seat, colour)
            self.hands[seat].append(self.deck.pop())
            return DrawDeck(seat)
        hand = self.hands[seat]
        playable = [card for card in hand if self.rules.check(s, PlayCard(seat, *card)) is None]
        card = self.rng.choice(playable if playable and self.rng.random() < 0.7 else hand)
        hand.remove(card)
        return PlayCard(seat, *card) if card in playable else Discard(seat, *card)


def components(rules: LostCities, s: LostCitiesState) -> dict[str, int]:
    """Every card is in the deck, a hand, an expedition or a discard pile."""
    laid = sum(len(row) for e in s.expeditions for row in e.values())
    piles = sum(len(pile) for pile in s.discards.values())
    return {"cards": s.deck + sum(s.hands) + laid + piles, "box": DECK}


def recount(playout: LostCitiesPlayout) -> tuple[int, ...]:
    """Each seat's total from the rulebook's sum, apart from the engine's scoring code."""
    totals = []
    for expeditions in playout.state.expeditions:
        total = 0
        for row in (r for r in expeditions.values() if r):
            numbers = [v for v in row if v != WAGER]
            total += (sum(numbers) - 20) * (len(row) - len(numbers) + 1)
            total += 20 if len(row) > 7 else 0
        totals.append(total)
    return tuple(totals)
