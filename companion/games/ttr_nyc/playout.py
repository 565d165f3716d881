"""Random games at a pretend table: a really shuffled box answers the engine and random players move.

The engine never shuffles; this module does, so tests and the benchmark can play thousands of
complete games. It keeps what a real table hides (the deck order, each hand, each ticket) and
reports to the engine only what players would tell the companion.
"""

from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import dataclass, field

from companion.core.rules import Action, Phase
from .engine import (Card, ClaimRoute, DrawBlind, DrawTickets, KeepTickets, Pass, Route,
    RevealTickets, ShowHand, TakeFaceUp, TtrNyc, TtrState, TurnUp)
from .engine.board import COLOURS, KINDS, TAXI
from .engine.deck import can_draw_cards
from .engine.moves import claimable
from companion.core.playout_loop import PlayoutLoop

KEYS = tuple(card.key for card in Card)
CARDS = tuple(Card)
SETUP, SCORING, OVER = Phase.SETUP, Phase.SCORING, Phase.OVER  # plain names: Enum lookups are slow


@dataclass
class HiddenTable:
    """What only the physical table knows: deck order, hands, tickets."""

    deck: list[Card]
    hands: list[list[int]]
    ticket_deck: list[str]
    tickets: list[list[str]] = field(default_factory=list)
    dealt: list[list[str]] = field(default_factory=list)


class TtrPlayout(PlayoutLoop):
    """Plays one random game of Ticket to Ride: New York, action by action."""

    def __init__(self, rules: TtrNyc, players: int, rng: random.Random, *,
                 scan_blind: bool = False, claim_bias: float = 0.6, ticket_bias: float = 0.05,
                 aim: bool = False, scanned_hands: bool = False):
        self.rules = rules
        self.rng = rng
        # The table reports every blind card (a scanner); with `scanned_hands` the dealt hands
        # too, and the engine insists on it.
        self.scan_blind = scan_blind or scanned_hands
        self.claim_bias = claim_bias
        self.ticket_bias = ticket_bias
        # Aiming players claim routes on shortest paths of their tickets (games worth reading).
        self.paths = ticket_paths(rules.board) if aim else None
        board = rules.board
        self.players = tuple(f"P{seat + 1}" for seat in range(players))
        self.options = {"first": rng.randrange(players)}
        if scanned_hands:
            self.options["scanned_hands"] = True
        self.state: TtrState = rules.new_state(self.players, self.options)
        deck = _cards(board.box)
        rng.shuffle(deck)
        tickets = list(board.tickets)
        rng.shuffle(tickets)
        hands = [[0] * KINDS for _ in range(players)]
        for seat in range(players):
            for _ in range(board.initial_hand):
                hands[seat][deck.pop()] += 1
        dealt = [[tickets.pop() for _ in range(board.tickets_dealt)] for _ in range(players)]
        self.hidden = HiddenTable(deck, hands, tickets, [[] for _ in range(players)], dealt)
        self.log: list[Action] = []
        # Routes nobody owns yet, with what the claim check needs at hand.
        self._free = [(r, r.id, -1 if r.colour is None else int(r.colour), r.length)
                      for r in board.routes.values()]
        self._owned = 0

    # ---- choosing the next move ---------------------------------------------------------

    def choose(self) -> Action:
        s = self.state
        if s.pending:
            return self._turn_up(len(s.pending))
        if s.phase is SETUP:
            unseen = next((i for i, p in enumerate(s.seats) if p.hand.unknown), None)
            if s.scanned_hands and unseen is not None:
                hand = self.hidden.hands[unseen]
                return ShowHand(unseen, tuple(KEYS[c] for c in Card for _ in range(hand[c])))
            seat = next(i for i, p in enumerate(s.seats) if not p.kept_at_setup)
            return self._keep(seat, self.hidden.dealt[seat], KeepTickets)
        if s.phase is SCORING:
            seat = next(i for i, p in enumerate(s.seats) if p.revealed is None)
            return RevealTickets(seat, tuple(self.hidden.tickets[seat]))
        if s.drawn:
            return self._draw_card(second=True)
        return self._turn_start()

    # ---- the hidden table answers ------------------------------------------------------

    def _deck_card(self) -> Card:
        """The top card; an empty deck takes in the discard pile, just when the engine's does."""
        hidden, s = self.hidden, self.state
        if not hidden.deck:
            hidden.deck = _cards(s.discard)
            self.rng.shuffle(hidden.deck)
        return hidden.deck.pop()

    def _turn_up(self, count: int) -> TurnUp:
        if count == 1:  # the usual report
            return _one_turned_up(KEYS[self._deck_card()])
        return TurnUp(tuple(KEYS[self._deck_card()] for _ in range(count)))

    # ---- random players ----------------------------------------------------------------

    def _keep(self, seat: int, drawn: list[str], make) -> Action:
        kept = self.rng.randint(1, len(drawn))
        self.rng.shuffle(drawn)
        self.hidden.tickets[seat].extend(drawn[:kept])
        self.hidden.ticket_deck[:0] = drawn[kept:]  # returned under the ticket deck
        drawn.clear()
        return make(seat, kept)

    def _turn_start(self) -> Action:
        s, rng = self.state, self.rng
        seat = s.current
        if rng.random() < self.claim_bias:
            claim = self._random_claim(seat)
            if claim is not None:
                return claim
        if s.ticket_deck and rng.random() < self.ticket_bias:
            return self._draw_tickets(seat)
        if can_draw_cards(s):
            return self._draw_card(second=False)
        claim = self._random_claim(seat, aiming=False)  # nothing else to do: any route will do
        if claim is not None:
            return claim
        if s.ticket_deck:
            return self._draw_tickets(seat)
        return Pass(seat)

    def _draw_tickets(self, seat: int) -> Action:
        hidden = self.hidden
        count = min(self.rules.board.tickets_drawn, len(hidden.ticket_deck))
        drawn = [hidden.ticket_deck.pop() for _ in range(count)]
        return self._keep(seat, drawn, DrawTickets)

    def _draw_card(self, second: bool) -> Action:
        s, rng = self.state, self.rng
        seat = s.current
        slots = [i for i, c in enumerate(s.display)
                 if c is not None and not (second and c is TAXI)]
        blind = s.deck + sum(s.discard) > 0
        choices = len(slots) + (1 if blind else 0)
        pick = int(rng.random() * choices)
        if pick < len(slots):
            slot = slots[pick]
            card = s.display[slot]
            self.hidden.hands[seat][card] += 1
            return _take_face_up(seat, slot, KEYS[card])
        card = self._deck_card()
        self.hidden.hands[seat][card] += 1
        return _draw_blind(seat, KEYS[card] if self.scan_blind else None)

    def _affordable(self, seat: int, hand: list[int], limit: int,
                    wanted: set[str] | None) -> Route | None:
        """A random free route the hand pays for (among `wanted` ones, if given)."""
        board, s, owners = self.rules.board, self.state, self.state.owners
        wild = hand[TAXI]
        routes = self._free
        # Scan from a random route onwards: cheaper than listing every affordable route.
        start = int(self.rng.random() * len(routes))
        for r, rid, colour, length in routes[start:] + routes[:start]:
            if (length <= limit
                    and (colour < 0 or hand[colour] + wild >= length)
                    and (wanted is None or rid in wanted)
                    and (r.sibling not in owners or claimable(board, s, seat, r))):
                return r
        return None

    def _random_claim(self, seat: int, aiming: bool = True) -> Action | None:
        """A random route this player can pay for from their real hand, with a random payment."""
        s, rng = self.state, self.rng
        hand = self.hidden.hands[seat]
        wild = hand[TAXI]
        best = max(hand[:TAXI]) + wild
        owners = s.owners
        limit = min(best, s.seats[seat].taxis)
        if limit <= 0:
            return None
        if len(owners) != self._owned:  # routes were claimed since: forget them
            self._free = [row for row in self._free if row[1] not in owners]
            self._owned = len(owners)
        route = None
        if aiming and self.paths is not None:
            wanted = set().union(*(self.paths[t] for t in self.hidden.tickets[seat]))
            route = self._affordable(seat, hand, limit, wanted)
            if route is None and rng.random() < 0.7:
                return None  # nothing on the way: an aiming player rather draws cards
        if route is None:
            route = self._affordable(seat, hand, limit, None)
        if route is None:
            return None
        colours = [c for c in ((route.colour,) if route.colour is not None else COLOURS)
                   if hand[c] + wild >= route.length]
        colour = colours[int(rng.random() * len(colours))] if colours else TAXI
        fewest = max(0, route.length - hand[colour]) if colour is not TAXI else route.length
        taxis = fewest + int(rng.random() * (min(route.length, wild) - fewest + 1))
        cards = (colour,) * (route.length - taxis) + (TAXI,) * taxis
        for card in cards:
            hand[card] -= 1
        return ClaimRoute(seat, route.id, tuple(KEYS[c] for c in cards))


# Actions are immutable, so the few that recur all game long are made once and reused.
_one_turned_up = lru_cache(maxsize=None)(lambda card: TurnUp((card,)))
_take_face_up = lru_cache(maxsize=None)(TakeFaceUp)
_draw_blind = lru_cache(maxsize=None)(DrawBlind)


def _cards(counts: list[int] | tuple[int, ...]) -> list[Card]:
    """A pile holding these many cards of each kind, in kind order."""
    pile: list[Card] = []
    for card, count in zip(CARDS, counts):
        pile += [card] * count
    return pile


def ticket_paths(board) -> dict[str, frozenset[str]]:
    """For each ticket, the routes that lie on some shortest path between its locations."""
    def distances(source: str) -> dict[str, int]:
        dist, todo = {source: 0}, [source]
        while todo:
            todo.sort(key=dist.get)
            here = todo.pop(0)
            for route in board.routes.values():
                if here in (route.a, route.b):
                    there = route.b if here == route.a else route.a
                    if dist[here] + route.length < dist.get(there, 1 << 30):
                        dist[there] = dist[here] + route.length
                        todo.append(there)
        return dist

    paths = {}
    for ticket in board.tickets.values():
        start, end = distances(ticket.a), distances(ticket.b)
        best = start[ticket.b]
        paths[ticket.id] = frozenset(
            r.id for r in board.routes.values()
            if min(start[r.a] + end[r.b], start[r.b] + end[r.a]) + r.length == best)
    return paths
