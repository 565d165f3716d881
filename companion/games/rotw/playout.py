"""Random games of Railways of the World: The Card Game at a pretend table.

The engine never shuffles; this module does, so tests and the benchmark can play thousands of
complete games. It keeps what a real table hides (the draw pile's order, each hand, the bag, the
features of city cards not yet played) and tells the engine only what players would report.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.rules import Action, Phase
from .engine import (GOODS, RAIL_COLOURS, Build, Card, Deliver, DiscardDraw, DiscardExcess,
    DiscardRestock, DrawGoods, Pass, PlayLocomotive, Rotw, RotwState, ShowCard, Step, StopTaking,
    TakeDeck, TakeDiscard, TakeDisplay, TurnUp)
from .engine.box import KINDS, LOCO, PAYING
from companion.core.playout_loop import PlayoutLoop

CARDS = tuple(Card)
RAILS_OF = {colour: tuple(c for c in PAYING if c.colour == colour) for colour in RAIL_COLOURS}
POINTS_PER_VALUE = {2: 4, 3: 3, 4: 2, 5: 2}  # [invented] the real per-card list is not published


@dataclass
class HiddenTable:
    """What only the physical table knows."""

    deck: list[Card]  # the top is the end of the list
    hands: list[list[int]]  # count per Card
    bag: list[str]


class RotwPlayout(PlayoutLoop):
    """Plays one random game, action by action."""

    max_steps = 20_000  # a 4-player game of many small turns

    def __init__(self, rules: Rotw, players: int, rng: random.Random, *, family: bool = False,
                 scan: bool = False, strict: bool = False, build_bias: float = 0.7,
                 deliver_bias: float = 0.7):
        self.rules = rules
        self.rng = rng
        # The table reports every card drawn blind (a scanner); strict: it must (the options
        # scanned_draws and scanned_setup), the cards dealt at setup too.
        self.scan = scan or strict
        self.build_bias = build_bias
        self.deliver_bias = deliver_bias
        box = rules.box
        self.players = tuple(f"P{seat + 1}" for seat in range(players))
        self.options = {"first": rng.randrange(players), "family": family}
        if strict:
            self.options.update(scanned_draws=True, scanned_setup=True)
        self.state: RotwState = rules.new_state(self.players, self.options)
        counts = list(box.cards)
        counts[LOCO] -= players
        counts[Card.CITY_2] -= players
        deck = [card for card, count in zip(CARDS, counts) for _ in range(count)]
        rng.shuffle(deck)
        hands = []
        for _ in range(players):
            hand = [0] * KINDS
            hand[LOCO] = hand[Card.CITY_2] = 1
            for _ in range(box.hand_at_setup - 2):
                hand[deck.pop()] += 1
            hands.append(hand)
        bag = [goods for goods in GOODS for _ in range(box.cubes_per_colour)]
        rng.shuffle(bag)
        self.hidden = HiddenTable(deck, hands, bag)
        self.log: list[Action] = []

    # ---- choosing the next move ---------------------------------------------------------

    def choose(self) -> Action:
        s = self.state
        if s.pending_slots:
            return TurnUp(tuple(self._deck_card().key for _ in s.pending_slots))
        if s.pending_goods is not None:
            return DrawGoods(tuple(self.hidden.bag.pop() for _ in range(s.pending_goods[1])))
        seat = s.current
        if s.phase is Phase.SETUP:  # strict: a dealt card the table has not named yet
            known, held = s.seats[seat].hand.known, self.hidden.hands[seat]
            return ShowCard(seat, next(c for c in CARDS if held[c] > known[c]).key)
        if s.step is Step.TAKE:
            return self._take(seat)
        if s.step is Step.HAND_LIMIT:
            excess = s.seats[seat].hand.size - self.rules.box.hand_limit
            return DiscardExcess(seat, tuple(self._pick(seat).key for _ in range(excess)))
        if s.step is Step.FINAL_DELIVERY:
            return self._delivery(seat) or Pass(seat)
        return self._action(seat)

    # ---- the hidden table answers ------------------------------------------------------

    def _deck_card(self) -> Card:
        return self.hidden.deck.pop()

    def _pick(self, seat: int, kinds=CARDS) -> Card:
        """A random card of these kinds out of the real hand (it leaves the hand)."""
        hand = self.hidden.hands[seat]
        cards = [card for card in kinds for _ in range(hand[card])]
        card = cards[int(self.rng.random() * len(cards))]
        hand[card] -= 1
        return card

    # ---- random players ----------------------------------------------------------------

    def _action(self, seat: int) -> Action:
        rng, s, hand = self.rng, self.state, self.hidden.hands[seat]
        if rng.random() < self.build_bias:
            build = self._build(seat)
            if build is not None:
                return build
        if not s.family:
            if hand[LOCO] and rng.random() < 0.35:
                return self._play_locomotive(seat)
            if rng.random() < self.deliver_bias:
                delivery = self._delivery(seat)
                if delivery is not None:
                    return delivery
        roll = rng.random()
        if roll < 0.15 and sum(hand):
            draw = self._discard_draw(seat)
            if draw is not None:
                return draw
        elif roll < 0.25 and sum(hand) and not s.family:
            restock = self._restock(seat)
            if restock is not None:
                return restock
        return Pass(seat)

    def _build(self, seat: int) -> Action | None:
        rng, s, hand = self.rng, self.state, self.hidden.hands[seat]
        values = [v for v in (2, 3, 4, 5) if hand[v - 1]]
        if not values or not s.seats[seat].trains:
            return None
        value = values[int(rng.random() * len(values))]
        points = tuple(rng.sample(RAIL_COLOURS, POINTS_PER_VALUE[value]))
        joints = [j for j in self.rules.joints(s, points)
                  if any(hand[c] for c in RAILS_OF[j.colour])]
        if not joints:
            return None
        joint = joints[int(rng.random() * len(joints))]
        paid = self._payment(hand, value, joint.colour)
        if paid is None:
            return None
        for card in paid:
            hand[card] -= 1
        hand[value - 1] -= 1
        demand = GOODS[int(rng.random() * len(GOODS))]
        if value == 5:
            demand = None  # a value-5 city takes any goods: it has no demand colour
        return Build(seat, value, demand, points, joint.city, joint.colour,
                     tuple(card.key for card in paid))

    def _payment(self, hand: list[int], value: int, colour: str) -> list[Card] | None:
        """One rail card of the colour, then random paying cards until the value is reached."""
        rng = self.rng
        own = [c for c in RAILS_OF[colour] for _ in range(hand[c])]
        first = own[int(rng.random() * len(own))]
        rest = [c for c in PAYING for _ in range(hand[c] - (c is first))]
        rng.shuffle(rest)
        paid, total = [first], first.rail_value
        while total < value and rest:
            card = rest.pop()
            paid.append(card)
            total += card.rail_value
        return paid if total >= value else None

    def _play_locomotive(self, seat: int) -> Action:
        self.hidden.hands[seat][LOCO] -= 1
        power = self.state.seats[seat].locomotives + 1
        options = self.rules.deliveries(self.state, seat, power)
        if options and self.rng.random() < 0.8:
            origin, destination, goods = options[int(self.rng.random() * len(options))]
            return PlayLocomotive(seat, origin, destination, goods)
        return PlayLocomotive(seat)

    def _delivery(self, seat: int) -> Action | None:
        if self.state.family:
            return None
        options = self.rules.deliveries(self.state, seat)
        if not options:
            return None
        origin, destination, goods = options[int(self.rng.random() * len(options))]
        return Deliver(seat, origin, destination, goods)

    def _discard_draw(self, seat: int) -> Action | None:
        s, hidden = self.state, self.hidden
        slots = [i for i, c in enumerate(s.display) if c is not None and c != LOCO]
        if not s.deck and not slots:
            return None
        card = self._pick(seat)
        if s.deck and (not slots or self.rng.random() < 0.5):
            taken = self._deck_card()
            hidden.hands[seat][taken] += 1
            return DiscardDraw(seat, card.key, None, taken.key if self.scan else None)
        slot = slots[int(self.rng.random() * len(slots))]
        taken = Card(s.display[slot])
        hidden.hands[seat][taken] += 1
        return DiscardDraw(seat, card.key, slot, taken.key)

    def _restock(self, seat: int) -> Action | None:
        s = self.state
        empty = [c.id for c in s.cities.values() if not sum(c.goods)]
        if not empty or not s.bag_size:
            return None
        card = self._pick(seat)
        return DiscardRestock(seat, card.key, empty[int(self.rng.random() * len(empty))])

    def _take(self, seat: int) -> Action:
        s, rng, hand = self.state, self.rng, self.hidden.hands[seat]
        if s.taken and rng.random() < 0.2:
            return StopTaking(seat)
        slots = [i for i, c in enumerate(s.display) if c is not None]
        choices = len(slots) + (1 if s.deck else 0) + (1 if s.discard else 0)
        pick = int(rng.random() * choices)
        if pick < len(slots):
            card = Card(s.display[slots[pick]])
            hand[card] += 1
            return TakeDisplay(seat, slots[pick], card.key)
        if s.deck and pick == len(slots):
            card = self._deck_card()
            hand[card] += 1
            return TakeDeck(seat, card.key if self.scan else None)
        card = Card(s.discard[-1])
        hand[card] += 1
        return TakeDiscard(seat, card.key)
