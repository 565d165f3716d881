"""The rules of Railways of the World: The Card Game: the engine the table drives, and the questions
its screens ask (which moves are open, and the concrete choices of each)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Mapping, Sequence

from companion.core.options import read_bool, read_mode
from companion.core.rules import (ActionCodec, Move, Phase, RuleViolation, Rules, ScoreSheet,
    Status, check_players)
from companion.core.table_options import read_table_options
from . import building, completing, delivering, discarding, network, reports, score_only, taking
from .actions import (ACTIONS, Build, Deliver, DiscardDraw, DiscardExcess, DiscardRestock,
    DrawGoods, FinishScoring, Pass, PlaceCity, PlaceLink, PlayLocomotive, SetDelivered,
    SetLocomotives, SetTrack, ShowCard, StopTaking, TakeDeck, TakeDiscard, TakeDisplay, TurnUp)
from .box import GOODS, LOCO, Box, Card
from .delivering import Delivery
from .holding import hand_cards
from .moves import moves, reason_of
from .options import FamilyLocomotives, RotwTable
from .payments import least_payments
from .scoring import score_sheet
from .state import EndReason, Hand, Link, Mode, PlayerState, RotwState, Step
from .turn import after_action, check_turn, delivery_step, final_deliveries, next_final_delivery


class Rotw(Rules):
    """The engine. States are owned by the caller; `apply` checks fully, then changes."""

    game_kind = "rotw-card-game"
    codec = ActionCodec(ACTIONS)

    def __init__(self, box: Box):
        self.box = box
        # The family game whose table leaves the Locomotive cards in the box plays with fewer
        # cards: the same rules, checked against that box.
        self._no_locomotives = replace(box, cards=tuple(
            0 if card is LOCO else count for card, count in zip(Card, box.cards)))
        self._handlers = {id(b): _handlers(b) for b in (box, self._no_locomotives)}

    def box_of(self, s: RotwState) -> Box:
        """The cards this game is played with: the box, without its Locomotive cards in a family
        game whose table removed them (table option `family_locomotives`)."""
        if s.family and s.table.family_locomotives is FamilyLocomotives.REMOVED:
            return self._no_locomotives
        return self.box

    # ---- setting up -------------------------------------------------------------------

    def new_state(self, players: tuple[str, ...] | list[str],
                  options: Mapping[str, Any] | None = None) -> RotwState:
        """Setup: each player holds a Locomotive, a value-2 city and 2 unseen cards; 3 cards are
        waiting to be turned face up (and, with `scanned_setup`, the unseen cards named)."""
        options = dict(options or {})
        box, players = self.box, tuple(players)
        check_players(players, "Railways of the World: The Card Game", box.min_players,
                      box.max_players)
        mode = read_mode(options)
        first = options.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(players):
            raise RuleViolation("bad_option", "The starting seat must be 0 to {last}.",
                                last=len(players) - 1)
        family = options.get("family", False)
        if not isinstance(family, bool):
            raise RuleViolation("bad_option", "The option family must be true or false.")
        scanned, scanned_setup = (read_bool(options, key)
                                  for key in ("scanned_draws", "scanned_setup"))
        table = read_table_options(RotwTable, options)
        removed = family and table.family_locomotives is FamilyLocomotives.REMOVED
        box = self._no_locomotives if removed else box
        seats = [PlayerState(Hand(), box.trains) for _ in players]
        state = RotwState(
            players=players, mode=mode, family=family, first=first, phase=Phase.SETUP,
            current=first, step=Step.ACTION, seats=seats, display=[None] * box.display,
            discard=[], deck=sum(box.cards), bag=[box.cubes_per_colour] * len(GOODS),
            scanned_draws=scanned, table=table, scanned_setup=scanned_setup,
        )
        if mode is Mode.SCORE_ONLY:
            state.phase = Phase.SCORING
            state.triggered = EndReason.SCORE_ONLY
            return state
        dealt = 1 if removed else 2  # the Locomotive too, where the game has them
        for player in seats:
            player.hand.known[LOCO] = 0 if removed else 1
            player.hand.known[Card.CITY_2] = 1
            player.hand.unknown = box.hand_at_setup - 2
        state.deck -= (box.hand_at_setup - 2 + dealt) * len(players)
        state.pending_slots = tuple(range(box.display))
        return state

    # ---- the engine interface -----------------------------------------------------------

    def apply(self, state: RotwState, action) -> RotwState:
        handler = self._handlers[id(self.box_of(state))].get(type(action))
        if handler is None:
            raise RuleViolation("unknown_action", "{kind!r} is not a Railways of the World "
                                "action.", kind=getattr(action, "type", type(action).__name__))
        handler(state, action)
        return state

    def moves(self, state: RotwState, seat: int | None) -> list[Move]:
        return moves(self.box_of(state), state, seat)

    def completions(self, s: RotwState, partial: Mapping[str, Any]) -> list[dict]:
        """Every legal way to finish a partly entered move, likeliest first (see `Rules`): a
        build's joint and cheapest payment from the cards seen in the hand, a delivery's
        destination, a discard's draw; never a city card's printed features or a draw unseen."""
        seat = self.status(s).seat
        seat = s.current if seat is None else seat

        def legal(move: dict) -> bool:
            try:
                action = self.parse_action(move)
            except RuleViolation:
                return False
            return self.check(s, action) is None

        return completing.completions(self.box_of(s), s, partial, seat, legal)

    def status(self, s: RotwState) -> Status:
        final = s.triggered is not None
        if s.phase is Phase.OVER:
            return Status(Phase.OVER, None, None, s.triggered, final)
        if s.phase is Phase.SCORING:
            return Status(Phase.SCORING, None, "score_entries", s.triggered, final)
        if s.pending_slots:
            return Status(s.phase, s.current, "turn_up", s.triggered, final)
        if s.phase is Phase.SETUP:  # the dealt cards are scanned: this seat's are asked for
            return Status(s.phase, s.current, "show_card")
        if s.pending_goods:
            return Status(s.phase, s.current, "draw_goods", s.triggered, final)
        return Status(s.phase, s.current, None, s.triggered, final)

    def score(self, s: RotwState) -> ScoreSheet:
        """The score sheet; provisional (as if the game ended now) until the game is over."""
        return score_sheet(s, final=s.phase is Phase.OVER)

    def running_scores(self, s: RotwState) -> tuple[int, ...]:
        """The live score during play: each player's marker on the score track."""
        return tuple(p.track for p in s.seats)

    # ---- the concrete choices the screens offer ---------------------------------------------

    def joints(self, s: RotwState, points: tuple[str, ...]) -> list[network.Joint]:
        """Where a city card with these connection points can join, and with which colours."""
        return network.joints(s, points)

    def payment_cards(self, s: RotwState, seat: int, value: int, colour: str,
                      chosen: Sequence[Card] = ()) -> list[Card]:
        """The cards that may join `chosen` in paying for a link to a new City `value`."""
        return building.payment_cards(self.box_of(s), s, seat, value, colour, chosen)

    def hand_cards(self, s: RotwState, seat: int, chosen: Sequence[Card] = ()) -> list[Card]:
        """The cards the seat may discard next, `chosen` being discarded already."""
        return hand_cards(self.box_of(s), s, seat, chosen)

    def over_limit(self, s: RotwState, seat: int) -> int:
        """The cards the seat must discard at the hand limit."""
        return taking.over_limit(self.box_of(s), s, seat)

    def reportable_cards(self, s: RotwState, chosen: Sequence[Card] = ()) -> list[Card]:
        """The cards the table may report turned up next."""
        return reports.reportable_cards(self.box_of(s), s, chosen)

    def drawable_goods(self, s: RotwState, chosen: Sequence[str] = ()) -> list[str]:
        """The goods the table may report drawn from the bag next."""
        return reports.drawable_goods(s, chosen)

    def draw_sources(self, s: RotwState) -> list[int | None]:
        """Where a card may be taken from after a discard: the draw pile (None) or a slot."""
        return discarding.draw_sources(s)

    def restock_cities(self, s: RotwState) -> list[str]:
        """The cities a restock may bring a cube to."""
        return discarding.restock_cities(s)

    def pulling_power(self, s: RotwState, seat: int, locomotive: bool = False) -> int:
        """The seat's pulling power (after playing one more Locomotive when `locomotive`)."""
        return delivering.pulling_power(s, seat, locomotive)

    def cube_deliveries(self, s: RotwState, seat: int, locomotive: bool = False
                        ) -> list[Delivery]:
        """Every delivery open to the seat, with its route, stops and points."""
        return delivering.deliveries(s, seat, locomotive)

    def check_deliver_with_locomotive(self, s: RotwState, seat: int) -> RuleViolation | None:
        """Why the seat may not play a Locomotive and deliver at once (None if it may)."""
        return reason_of(lambda: delivering.check_can_deliver_with_locomotive(self.box_of(s), s, seat))

    def check_cube(self, s: RotwState, seat: int, origin: str, goods: str,
                   locomotive: bool = False) -> RuleViolation | None:
        """Why this cube cannot be delivered by the seat now (None if it can)."""
        return reason_of(lambda: delivering.check_cube(s, seat, origin, goods, locomotive))

    def deliveries(self, s: RotwState, seat: int, power: int | None = None
                   ) -> list[tuple[str, str, str]]:
        """Every legal delivery (origin, destination, goods) for this seat at this pulling power
        (the random players' quick question)."""
        power = delivering.pulling_power(s, seat) if power is None else power
        return delivering.options(s, seat, power)

    def route(self, s: RotwState, origin: str, destination: str) -> list[Link] | None:
        """The links a cube would travel from `origin` to `destination`."""
        return network.route(s, origin, destination)

    def delivery_points(self, s: RotwState, seat: int, origin: str,
                        destination: str) -> tuple[int, ...] | None:
        """The points each seat would score for this seat's delivery (legality aside)."""
        links = network.route(s, origin, destination)
        return None if links is None else delivering.route_points(s, seat, links)

    def payments(self, hand: list[int], value: int, colour: str) -> list[tuple[Card, ...]]:
        """The least payments for a link of `colour` to a city of `value` from these cards:
        no card of one could be left out."""
        return least_payments(hand, value, colour)


def _handlers(box: Box) -> dict:
    """Each action's handler, with the cards the game is played with."""
    return {
        TurnUp: partial(reports.turn_up, box), DrawGoods: partial(reports.draw_goods, box),
        ShowCard: partial(reports.show_card, box),
        Build: partial(building.build, box),
        PlayLocomotive: partial(delivering.play_locomotive, box),
        Deliver: partial(delivering.deliver, box),
        DiscardDraw: partial(discarding.discard_draw, box),
        DiscardRestock: partial(discarding.discard_restock, box),
        Pass: partial(_pass, box), TakeDeck: partial(taking.take_deck, box),
        TakeDisplay: partial(taking.take_display, box),
        TakeDiscard: partial(taking.take_discard, box),
        StopTaking: partial(taking.stop_taking, box),
        DiscardExcess: partial(taking.discard_excess, box),
        PlaceCity: partial(score_only.place_city, box),
        PlaceLink: partial(score_only.place_link, box),
        SetLocomotives: partial(score_only.set_locomotives, box),
        SetDelivered: partial(score_only.set_delivered, box),
        SetTrack: score_only.set_track, FinishScoring: score_only.finish_scoring,
    }


def _pass(box: Box, s: RotwState, action: Pass) -> None:
    """E) Nothing happens; in the final deliveries, no delivery."""
    final = final_deliveries(s)
    check_turn(s, action.seat, delivery_step(s))
    if final:
        next_final_delivery(s)
    else:
        after_action(box, s)
