"""The rules of Railways of the World: The Card Game: which reported moves are legal, what they change."""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from companion.core.rules import (ActionCodec, Phase, RuleViolation, Rules, ScoreSheet, Status,
    check_players, next_seat)
from . import network, score_only
from .actions import (ACTIONS, Build, Deliver, DiscardDraw, DiscardExcess, DiscardRestock,
    DrawGoods, FinishScoring, Pass, PlaceCity, PlaceLink, PlayLocomotive, SetDelivered,
    SetLocomotives, SetTrack, StopTaking, TakeDeck, TakeDiscard, TakeDisplay, TurnUp)
from .box import (ANY_GOODS_VALUE, CITY_VALUES, GOODS, LOCO, START, Box, Card, city_card,
    parse_card, parse_goods, parse_rail_colour)
from .payments import check_payment, least_payments
from .refusals import bad_city_value, check_seat, unknown_city
from .scoring import score_sheet
from .state import City, EndReason, Hand, Link, Mode, PlayerState, RotwState, Step

MAX_POINTS = 6  # [decision] a city card is a hexagon: at most 6 connection points
_PLAYING = (Phase.PLAY, Phase.FINAL_ROUND)


class Rotw(Rules):
    """The engine. States are owned by the caller; `apply` checks fully, then changes."""

    game_id = "rotw-card-game"
    codec = ActionCodec(ACTIONS)

    def __init__(self, box: Box):
        self.box = box
        self._handlers = {
            TurnUp: self._turn_up, DrawGoods: self._draw_goods, Build: self._build,
            PlayLocomotive: self._play_locomotive, Deliver: self._deliver,
            DiscardDraw: self._discard_draw, DiscardRestock: self._discard_restock,
            Pass: self._pass, TakeDeck: self._take_deck, TakeDisplay: self._take_display,
            TakeDiscard: self._take_discard, StopTaking: self._stop_taking,
            DiscardExcess: self._discard_excess,
            PlaceCity: partial(score_only.place_city, box),
            PlaceLink: partial(score_only.place_link, box),
            SetLocomotives: partial(score_only.set_locomotives, box),
            SetDelivered: partial(score_only.set_delivered, box),
            SetTrack: score_only.set_track, FinishScoring: score_only.finish_scoring,
        }

    # ---- setting up -------------------------------------------------------------------

    def new_state(self, players: tuple[str, ...] | list[str],
                  options: Mapping[str, Any] | None = None) -> RotwState:
        """Setup: each player holds a Locomotive, a value-2 city and 2 unseen cards; 3 cards are
        waiting to be turned face up."""
        options = dict(options or {})
        box, players = self.box, tuple(players)
        check_players(players, "Railways of the World: The Card Game", box.min_players,
                      box.max_players)
        mode = _option_mode(options)
        first = options.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(players):
            raise RuleViolation("bad_option", "The starting seat must be 0 to {last}.",
                                last=len(players) - 1)
        family = options.get("family", False)
        if not isinstance(family, bool):
            raise RuleViolation("bad_option", "The option family is true or false.")
        seats = [PlayerState(Hand(), box.trains) for _ in players]
        state = RotwState(
            players=players, mode=mode, family=family, first=first, phase=Phase.SETUP,
            current=first, step=Step.ACTION, seats=seats, display=[None] * box.display,
            discard=[], deck=sum(box.cards), bag=[box.cubes_per_colour] * len(GOODS),
        )
        if mode is Mode.SCORE_ONLY:
            state.phase = Phase.SCORING
            state.triggered = EndReason.SCORE_ONLY
            return state
        for player in seats:
            player.hand.known[LOCO] = 1
            player.hand.known[Card.CITY_2] = 1
            player.hand.unknown = box.hand_at_setup - 2
        state.deck -= box.hand_at_setup * len(players)
        state.pending_slots = tuple(range(box.display))
        return state

    # ---- the engine interface -----------------------------------------------------------

    def apply(self, state: RotwState, action) -> RotwState:
        handler = self._handlers.get(type(action))
        if handler is None:
            raise RuleViolation("unknown_action", "{kind!r} is not a Railways of the World "
                                "action.", kind=getattr(action, "type", type(action).__name__))
        handler(state, action)
        return state

    def status(self, s: RotwState) -> Status:
        final = s.triggered is not None
        if s.phase is Phase.OVER:
            return Status(Phase.OVER, None, None, s.triggered, final)
        if s.phase is Phase.SCORING:
            return Status(Phase.SCORING, None, "score_entries", s.triggered, final)
        if s.pending_slots:
            return Status(s.phase, s.current, "turn_up", s.triggered, final)
        if s.pending_goods:
            return Status(s.phase, s.current, "draw_goods", s.triggered, final)
        return Status(s.phase, s.current, None, s.triggered, final)

    def score(self, s: RotwState) -> ScoreSheet:
        """The score sheet; provisional (as if the game ended now) until the game is over."""
        return score_sheet(s, final=s.phase is Phase.OVER)

    # ---- what the table reports ---------------------------------------------------------

    def _turn_up(self, s: RotwState, action: TurnUp) -> None:
        if not s.pending_slots:
            raise RuleViolation("no_turn_up_expected", "No card is waiting to be turned face up.")
        if len(action.cards) != len(s.pending_slots):
            raise RuleViolation("turn_up_count", "{expected} card(s) should be turned face up, "
                                "not {given}.", expected=len(s.pending_slots),
                                given=len(action.cards))
        cards = [parse_card(name) for name in action.cards]
        for card in set(cards):
            self._check_box(s, card, cards.count(card))
        for slot, card in zip(s.pending_slots, cards):
            s.display[slot] = card
        s.pending_slots = ()
        self._off_the_deck(s, len(cards))
        if s.phase is Phase.SETUP:
            s.phase = Phase.PLAY
            s.current = s.first
        self._settle(s)

    def _draw_goods(self, s: RotwState, action: DrawGoods) -> None:
        if s.pending_goods is None:
            raise RuleViolation("no_goods_expected", "No goods are waiting to be drawn.")
        city_id, count = s.pending_goods
        if len(action.cubes) != count:
            raise RuleViolation("goods_count", "{expected} cube(s) should be drawn from the bag, "
                                "not {given}.", expected=count, given=len(action.cubes))
        drawn = [GOODS.index(parse_goods(name)) for name in action.cubes]
        for goods in set(drawn):
            if drawn.count(goods) > s.bag[goods]:
                raise RuleViolation("not_in_bag", "The bag holds only {left} {goods} cube(s): "
                                    "check the cubes reported.", left=s.bag[goods],
                                    goods=GOODS[goods])
        city = s.cities[city_id]
        for goods in drawn:
            city.goods[goods] += 1
            s.bag[goods] -= 1
        s.pending_goods = None
        if s.bag_size == 0:
            self._trigger(s, EndReason.BAG_EMPTY)
        self._settle(s)

    # ---- step 1: the five actions ----------------------------------------------------------

    def _build(self, s: RotwState, action: Build) -> None:
        seat = self._check_turn(s, action.seat, Step.ACTION)
        city = self._check_city_card(action)
        colour = parse_rail_colour(action.colour)
        if colour not in city.points:
            raise RuleViolation("city_lacks_colour", "The new city has no {colour} connection "
                                "point.", colour=colour)
        self._check_joint(s, action.to, colour)
        player = s.seats[seat]
        if player.trains == 0:
            raise RuleViolation("no_trains", "{player} has no trains left.",
                                player=s.players[seat])
        paid = [parse_card(name) for name in action.cards]
        check_payment(paid, city.value, colour)
        from_hand = _counts(paid + [city_card(city.value)])
        self._check_hand(s, seat, from_hand)
        # the move is legal: change the state
        self._remove_from_hand(s, seat, from_hand)
        city.id = f"c{len(s.cities) + 1}"
        city.used.append(colour)
        if action.to != START:
            s.cities[action.to].used.append(colour)
        s.cities[city.id] = city
        value = sum(card.rail_value for card in paid)
        link = Link(f"l{len(s.links) + 1}", action.to, city.id, colour, value, seat,
                    tuple(int(card) for card in paid))
        s.links[link.id] = link
        player.links.append(link.id)
        player.trains -= 1
        player.track += value
        if player.trains == 0:
            self._trigger(s, EndReason.NO_TRAINS)
        cubes = 0 if s.family else min(city.value - 1, s.bag_size)
        if cubes:
            s.pending_goods = (city.id, cubes)
        self._after_action(s)

    def _play_locomotive(self, s: RotwState, action: PlayLocomotive) -> None:
        seat = self._check_turn(s, action.seat, Step.ACTION)
        self._check_not_family(s)
        self._check_hand(s, seat, {LOCO: 1})
        given = [v is not None for v in (action.origin, action.destination, action.goods)]
        if any(given) and not all(given):
            raise RuleViolation("delivery_incomplete", "A delivery names the city the cube "
                                "leaves, the city it goes to and its colour.")
        power = s.seats[seat].locomotives + 1
        links = None
        if all(given):
            links = self._check_delivery(s, seat, action.origin, action.destination,
                                         action.goods, power)
        self._remove_from_hand(s, seat, {LOCO: 1})
        s.seats[seat].locomotives = power
        if links is not None:
            self._move_cube(s, seat, action.origin, action.goods, links)
        self._after_action(s)

    def _deliver(self, s: RotwState, action: Deliver) -> None:
        final = s.step is Step.FINAL_DELIVERY and s.phase is Phase.FINAL_ROUND
        seat = self._check_turn(s, action.seat, Step.FINAL_DELIVERY if final else Step.ACTION)
        self._check_not_family(s)
        links = self._check_delivery(s, seat, action.origin, action.destination, action.goods,
                                     s.seats[seat].locomotives)
        self._move_cube(s, seat, action.origin, action.goods, links)
        if final:
            self._next_final_delivery(s)
        else:
            self._after_action(s)

    def _discard_draw(self, s: RotwState, action: DiscardDraw) -> None:
        seat = self._check_turn(s, action.seat, Step.ACTION)
        card = parse_card(action.card)
        from_unknown = self._check_hand(s, seat, {card: 1})
        taken = None if action.taken is None else parse_card(action.taken)
        if action.slot is None:
            if s.deck == 0:
                raise RuleViolation("deck_empty", "The draw pile is empty.")
            if taken is not None:
                self._check_box(s, taken, 1 + from_unknown.get(taken, 0))
        else:
            taken = self._check_display(s, action.slot, action.taken)
            if taken is LOCO:
                raise RuleViolation("loco_after_discard", "After a discard the card taken may not "
                                    "be a Locomotive from the display.")
        self._remove_from_hand(s, seat, {card: 1})
        s.discard.append(card)
        hand = s.seats[seat].hand
        if taken is None:
            hand.unknown += 1
        else:
            hand.known[taken] += 1
        if action.slot is None:
            self._off_the_deck(s, 1)
        else:
            self._empty_slot(s, action.slot)
        self._after_action(s)

    def _discard_restock(self, s: RotwState, action: DiscardRestock) -> None:
        seat = self._check_turn(s, action.seat, Step.ACTION)
        self._check_not_family(s)
        card = parse_card(action.card)
        self._check_hand(s, seat, {card: 1})
        if s.bag_size == 0:
            raise RuleViolation("bag_empty", "The goods bag is empty.")
        city = s.cities.get(action.city)
        if city is None:
            raise unknown_city(action.city, start_ok=False)
        if sum(city.goods):
            raise RuleViolation("city_has_goods", "Goods are restocked only on a city without "
                                "goods; {city} has some.", city=action.city)
        self._remove_from_hand(s, seat, {card: 1})
        s.discard.append(card)
        s.pending_goods = (city.id, 1)
        self._after_action(s)

    def _pass(self, s: RotwState, action: Pass) -> None:
        if s.step is Step.FINAL_DELIVERY and s.phase is Phase.FINAL_ROUND:
            self._check_turn(s, action.seat, Step.FINAL_DELIVERY)
            self._next_final_delivery(s)
            return
        self._check_turn(s, action.seat, Step.ACTION)
        self._after_action(s)

    # ---- step 2: take 1 or 2 cards; step 3: the hand limit ---------------------------------

    def _take_deck(self, s: RotwState, action: TakeDeck) -> None:
        seat = self._check_turn(s, action.seat, Step.TAKE)
        if s.deck == 0:
            raise RuleViolation("deck_empty", "The draw pile is empty.")
        card = None if action.card is None else parse_card(action.card)
        if card is not None:
            self._check_box(s, card, 1)
        hand = s.seats[seat].hand
        if card is None:
            hand.unknown += 1
        else:
            hand.known[card] += 1
        self._off_the_deck(s, 1)
        self._card_taken(s, ends_taking=False)

    def _take_display(self, s: RotwState, action: TakeDisplay) -> None:
        seat = self._check_turn(s, action.seat, Step.TAKE)
        card = self._check_display(s, action.slot, action.card)
        s.seats[seat].hand.known[card] += 1
        self._empty_slot(s, action.slot)
        self._card_taken(s, ends_taking=card is LOCO)

    def _take_discard(self, s: RotwState, action: TakeDiscard) -> None:
        seat = self._check_turn(s, action.seat, Step.TAKE)
        if not s.discard:
            raise RuleViolation("discard_empty", "The discard pile is empty.")
        card = parse_card(action.card)
        top = Card(s.discard[-1])
        if card is not top:
            raise RuleViolation("discard_mismatch", "The top of the discard pile is {actual}, "
                                "not {named}.", actual=top.key, named=card.key)
        s.discard.pop()
        s.seats[seat].hand.known[card] += 1
        self._card_taken(s, ends_taking=card is LOCO)

    def _stop_taking(self, s: RotwState, action: StopTaking) -> None:
        self._check_turn(s, action.seat, Step.TAKE)
        if s.taken == 0:
            raise RuleViolation("take_a_card", "Take at least one card (1 or 2).")
        self._end_taking(s)

    def _discard_excess(self, s: RotwState, action: DiscardExcess) -> None:
        seat = self._check_turn(s, action.seat, Step.HAND_LIMIT)
        excess = s.seats[seat].hand.size - self.box.hand_limit
        if len(action.cards) != excess:
            raise RuleViolation("hand_limit_count", "{player} holds {excess} card(s) over the "
                                "limit of {limit}: discard exactly that many.",
                                player=s.players[seat], excess=excess, limit=self.box.hand_limit)
        cards = [parse_card(name) for name in action.cards]
        self._check_hand(s, seat, _counts(cards))
        self._remove_from_hand(s, seat, _counts(cards))
        s.discard.extend(cards)
        self._end_turn(s)

    # ---- checks (they change nothing) -----------------------------------------------------

    def _check_turn(self, s: RotwState, seat: int, step: Step) -> int:
        if (seat == s.current and s.step is step and s.phase in _PLAYING
                and not s.pending_slots and s.pending_goods is None):
            return seat  # the usual case, checked first
        check_seat(s, seat)
        if s.pending_slots:
            raise RuleViolation("turn_up_first", "First say which card(s) were turned face up.")
        if s.pending_goods is not None:
            raise RuleViolation("goods_first", "First say which cubes were drawn from the bag.")
        if s.phase not in _PLAYING:
            raise RuleViolation("not_playing", "That move is made during play; the game is in "
                                "{phase}.", phase=s.phase.value)
        if seat != s.current:
            raise RuleViolation("not_your_turn", "It is {player}'s turn, not {other}'s.",
                                player=s.players[s.current], other=s.players[seat])
        raise RuleViolation("wrong_step", "That move does not fit now: {player} is at the step "
                            "'{step}'.", player=s.players[seat], step=s.step.value)

    def _check_not_family(self, s: RotwState) -> None:
        if s.family:
            raise RuleViolation("family_no_goods", "The family game has no goods: no deliveries, "
                                "no Locomotive upgrades, no restocking.")

    def _check_city_card(self, action: Build) -> City:
        if action.value not in CITY_VALUES:
            raise bad_city_value(action.value)
        demand = action.demand
        if demand is None and action.value != ANY_GOODS_VALUE:
            raise RuleViolation("city_needs_demand", "A city of value {value} demands one goods "
                                "colour: say which.", value=action.value)
        if demand is not None:
            parse_goods(demand)
        if not 1 <= len(action.points) <= MAX_POINTS:
            raise RuleViolation("bad_points", "A city card shows 1 to {most} connection points, "
                                "not {count}.", most=MAX_POINTS, count=len(action.points))
        points = tuple(parse_rail_colour(colour) for colour in action.points)
        return City("", action.value, demand, points)

    def _check_joint(self, s: RotwState, to: str, colour: str) -> None:
        """The new city joins the start board (any colour) or a free point of the colour."""
        if to == START:
            return
        city = s.cities.get(to)
        if city is None:
            raise unknown_city(to, start_ok=True)
        if not city.free(colour):
            raise RuleViolation("no_free_point", "{city} has no free {colour} connection point.",
                                city=to, colour=colour)

    def _check_hand(self, s: RotwState, seat: int, cards: dict[Card, int]) -> dict[Card, int]:
        """How many of each card came from the unseen part of the hand."""
        hand = s.seats[seat].hand
        from_unknown = {card: count - hand.known[card] for card, count in cards.items()
                        if count > hand.known[card]}
        if sum(from_unknown.values()) > hand.unknown:
            raise RuleViolation("not_in_hand", "{player} does not hold those cards.",
                                player=s.players[seat])
        for card, count in from_unknown.items():
            self._check_box(s, card, count)
        return from_unknown

    def _check_box(self, s: RotwState, card: Card, more: int) -> None:
        """A card coming to light must still be somewhere unseen: the box has only so many."""
        box = self.box.cards[card]
        if known_count(s, card) + more > box:
            raise RuleViolation("too_many_cards", "That would be more {card} cards than the box "
                                "holds ({box}): check the cards reported.", card=card.key, box=box)

    def _check_display(self, s: RotwState, slot: int, named: str | None) -> Card:
        if not 0 <= slot < len(s.display) or s.display[slot] is None:
            raise RuleViolation("empty_slot", "There is no face-up card in slot {slot}.",
                                slot=slot)
        card = Card(s.display[slot])
        if named is None:
            raise RuleViolation("name_the_card", "Say which card is taken from the display.")
        if parse_card(named) is not card:
            raise RuleViolation("display_mismatch", "The face-up card in slot {slot} is {actual}, "
                                "not {named}.", slot=slot, actual=card.key, named=named)
        return card

    def _check_delivery(self, s: RotwState, seat: int, origin: str, destination: str,
                        goods_name: str, power: int) -> list[Link]:
        goods = GOODS.index(parse_goods(goods_name))
        city = s.cities.get(origin)
        if city is None or not city.goods[goods]:
            raise RuleViolation("no_goods_there", "There is no {goods} cube on {city}.",
                                goods=goods_name, city=origin)
        if destination == START:
            raise RuleViolation("start_takes_no_goods", "Goods may pass through the start board "
                                "but are never delivered to it.")
        target = s.cities.get(destination)
        if target is None:
            raise unknown_city(destination, start_ok=False)
        if not target.accepts(goods):
            raise RuleViolation("no_demand", "{city} does not demand {goods} goods.",
                                city=destination, goods=goods_name)
        links = network.route(s, origin, destination)
        if links is None:
            raise RuleViolation("no_route", "There is no route from {a} to {b}.", a=origin,
                                b=destination)
        if power == 0:
            raise RuleViolation("no_locomotive", "{player} has no Locomotive: pulling power 0.",
                                player=s.players[seat])
        if len(links) > power:
            raise RuleViolation("too_far", "The route has {links} links; {player}'s pulling power "
                                "is {power}.", links=len(links), player=s.players[seat],
                                power=power)
        if links[0].owner != seat:
            raise RuleViolation("first_link_not_yours", "The first link of a delivery must be "
                                "yours; it belongs to {owner}.", owner=s.players[links[0].owner])
        for stop in network.cities_on(origin, links)[1:-1]:
            passed = s.cities.get(stop)
            if passed is not None and passed.value != ANY_GOODS_VALUE and passed.accepts(goods):
                raise RuleViolation("stops_earlier", "The cube stops at the first city that "
                                    "demands it: {city}.", city=stop)
        return links

    # ---- changes ---------------------------------------------------------------------------

    def _remove_from_hand(self, s: RotwState, seat: int, cards: dict[Card, int]) -> None:
        """Cards the table saw going in are played first, then unseen ones."""
        hand = s.seats[seat].hand
        for card, count in cards.items():
            seen = min(count, hand.known[card])
            hand.known[card] -= seen
            hand.unknown -= count - seen

    def _move_cube(self, s: RotwState, seat: int, origin: str, goods_name: str,
                   links: list[Link]) -> None:
        goods = GOODS.index(goods_name)
        s.cities[origin].goods[goods] -= 1
        player = s.seats[seat]
        player.delivered[goods] += 1
        player.track += len(links)
        for link in links:
            if link.owner != seat:
                s.seats[link.owner].track += 1

    def _off_the_deck(self, s: RotwState, count: int) -> None:
        s.deck -= count
        if s.deck == 0:
            self._trigger(s, EndReason.DECK_EMPTY)

    def _empty_slot(self, s: RotwState, slot: int) -> None:
        """A card taken from the display is replaced at once, while the draw pile lasts."""
        s.display[slot] = None
        if s.deck:
            s.pending_slots = (slot,)

    def _trigger(self, s: RotwState, reason: EndReason) -> None:
        if s.triggered is None:
            s.triggered = reason
            s.phase = Phase.FINAL_ROUND

    def _after_action(self, s: RotwState) -> None:
        s.step = Step.TAKE
        s.taken = 0
        self._settle(s)

    def _settle(self, s: RotwState) -> None:
        """When the table has reported: end a take step that has no card left to take."""
        if s.pending_slots or s.pending_goods is not None:
            return
        if s.step is Step.TAKE and s.phase in _PLAYING and not can_take(s):
            self._end_taking(s)

    def _card_taken(self, s: RotwState, ends_taking: bool) -> None:
        s.taken += 1
        if ends_taking or s.taken == self.box.cards_per_turn:
            self._end_taking(s)
        else:
            self._settle(s)

    def _end_taking(self, s: RotwState) -> None:
        s.taken = 0
        if s.seats[s.current].hand.size > self.box.hand_limit:
            s.step = Step.HAND_LIMIT
            return
        self._end_turn(s)

    def _end_turn(self, s: RotwState) -> None:
        if s.triggered is not None and s.current == s.last_seat:
            self._start_final_deliveries(s)
            return
        s.current = next_seat(s.current, len(s.players))
        s.step = Step.ACTION

    def _start_final_deliveries(self, s: RotwState) -> None:
        """After the last round each player, the start player first, may make one delivery."""
        if s.family:
            s.phase = Phase.OVER
            return
        s.step = Step.FINAL_DELIVERY
        s.current = s.first
        s.final_left = len(s.players)

    def _next_final_delivery(self, s: RotwState) -> None:
        s.final_left -= 1
        if s.final_left == 0:
            s.phase = Phase.OVER
            return
        s.current = next_seat(s.current, len(s.players))

    # ---- questions the UI asks -----------------------------------------------------------

    def joints(self, s: RotwState, points: tuple[str, ...]) -> list[network.Joint]:
        """Where a city card with these connection points can join, and with which colours."""
        return network.joints(s, points)

    def route(self, s: RotwState, origin: str, destination: str) -> list[Link] | None:
        """The links a cube would travel from `origin` to `destination`."""
        return network.route(s, origin, destination)

    def delivery_points(self, s: RotwState, seat: int, origin: str,
                        destination: str) -> tuple[int, ...] | None:
        """The points each seat would score for this seat's delivery (legality aside)."""
        links = network.route(s, origin, destination)
        if links is None:
            return None
        points = [0] * len(s.players)
        points[seat] += len(links)
        for link in links:
            if link.owner != seat:
                points[link.owner] += 1
        return tuple(points)

    def deliveries(self, s: RotwState, seat: int, power: int | None = None
                   ) -> list[tuple[str, str, str]]:
        """Every legal delivery (origin, destination, goods) for this seat at this pulling power."""
        if s.family:
            return []
        power = s.seats[seat].locomotives if power is None else power
        found = []
        for origin in s.cities.values():
            for goods, count in enumerate(origin.goods):
                if count:
                    found.extend((origin.id, destination, GOODS[goods]) for destination
                                 in network.destinations(s, origin.id, goods, seat, power))
        return found

    def payments(self, hand: list[int], value: int, colour: str) -> list[tuple[Card, ...]]:
        """The least payments for a link of `colour` to a city of `value` from these cards:
        no card of one could be left out."""
        return least_payments(hand, value, colour)


def known_count(s: RotwState, card: Card) -> int:
    """Cards of this kind whose place the table knows: face up, in the discard pile, seen in a
    hand, paid into a link, in front of a player as a Locomotive, or on the table as a city."""
    count = s.discard.count(card) + s.display.count(card)
    for player in s.seats:
        count += player.hand.known[card]
    if card is LOCO:
        count += sum(p.locomotives for p in s.seats)
    if card.is_city:
        count += sum(1 for c in s.cities.values() if c.value == card.city_value)
    for link in s.links.values():
        count += link.cards.count(card)
    return count


def can_take(s: RotwState) -> bool:
    """Some card can be taken: the draw pile, the display or the discard pile has one."""
    return s.deck > 0 or bool(s.discard) or any(c is not None for c in s.display)


def _counts(cards: list[Card]) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _option_mode(options: Mapping[str, Any]) -> Mode:
    try:
        return Mode(options.get("mode", Mode.PLAY.value))
    except ValueError:
        raise RuleViolation("bad_option", "Unknown mode {mode!r}: use 'play' or 'score_only'.",
                            mode=options.get("mode")) from None
