"""The rules of Ticket to Ride: New York: which reported moves are legal and what they change."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.rules import (ActionCodec, Phase, RuleViolation, Rules, ScoreSheet, Status,
    check_players, next_seat)
from .actions import (ACTIONS, ClaimRoute, DrawBlind, DrawTickets, KeepTickets, Pass, PlaceRoute,
    RevealTickets, ShowHand, TakeFaceUp, TurnUp)
from .board import COLOURS, KINDS, TAXI, Board, Card, Route, parse_card
from .scoring import score_sheet
from .state import EndReason, Hand, Mode, PlayerState, TtrState

# [decision] After this many 3-Taxi flushes in a row the display stays as it is.
MAX_FLUSHES = 3

_PLAYING = (Phase.PLAY, Phase.FINAL_ROUND)
_SETTLING = (Phase.SETUP, Phase.PLAY, Phase.FINAL_ROUND)


class TtrNyc(Rules):
    """The engine. States are owned by the caller; `apply` checks fully, then changes."""

    game_id = "ttr-nyc"
    codec = ActionCodec(ACTIONS)

    def __init__(self, board: Board):
        self.board = board
        self._handlers = {
            TurnUp: self._turn_up,
            KeepTickets: self._keep_tickets,
            ShowHand: self._show_hand,
            DrawBlind: self._draw_blind,
            TakeFaceUp: self._take_face_up,
            ClaimRoute: self._claim_route,
            DrawTickets: self._draw_tickets,
            Pass: self._pass,
            RevealTickets: self._reveal_tickets,
            PlaceRoute: self._place_route,
        }

    # ---- setting up -------------------------------------------------------------------

    def new_state(self, players: tuple[str, ...] | list[str],
                  options: Mapping[str, Any] | None = None) -> TtrState:
        """Setup: 2 cards dealt to each player, 5 to turn face up, 2 tickets dealt to each."""
        options = dict(options or {})
        board, players = self.board, tuple(players)
        check_players(players, "Ticket to Ride: New York", board.min_players, board.max_players)
        mode = _option_mode(options)
        first = options.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(players):
            raise RuleViolation("bad_option", "The starting seat must be 0 to {last}.",
                                last=len(players) - 1)
        hand = board.initial_hand if mode is Mode.PLAY else 0
        seats = [PlayerState(Hand(unknown=hand), board.taxis_per_player) for _ in players]
        state = TtrState(
            players=players, mode=mode, first=first, phase=Phase.SETUP, current=first, seats=seats,
            display=[None] * board.face_up, discard=[0] * KINDS,
            deck=sum(board.box) - hand * len(players), deck_max=None,
            ticket_deck=len(board.tickets) - board.tickets_dealt * len(players),
            scanned_hands=_option_scanned_hands(options),
        )
        if mode is Mode.SCORE_ONLY:
            state.phase = Phase.SCORING
            state.end_reason = EndReason.SCORE_ONLY
            state.ticket_deck = len(board.tickets)
            return state
        state.pending = tuple(range(board.face_up))
        return state

    # ---- the engine interface -----------------------------------------------------------

    def apply(self, state: TtrState, action) -> TtrState:
        handler = self._handlers.get(type(action))
        if handler is None:
            raise RuleViolation("unknown_action", "{kind!r} is not a Ticket to Ride: New York action.",
                                kind=getattr(action, "type", type(action).__name__))
        handler(state, action)
        return state

    def status(self, state: TtrState) -> Status:
        final = state.trigger is not None
        if state.phase is Phase.OVER:
            return Status(Phase.OVER, None, None, state.end_reason, final)
        if state.pending:
            return Status(state.phase, state.current, "turn_up", None, final)
        if state.phase is Phase.SETUP:
            unseen = next((s for s, p in enumerate(state.seats) if p.hand.unknown), None)
            if state.scanned_hands and unseen is not None:
                return Status(Phase.SETUP, unseen, "show_hand")
            seat = next(s for s, p in enumerate(state.seats) if not p.kept_at_setup)
            return Status(Phase.SETUP, seat, "keep_tickets")
        if state.phase is Phase.SCORING:
            seat = next(s for s, p in enumerate(state.seats) if p.revealed is None)
            return Status(Phase.SCORING, seat, "reveal_tickets", state.end_reason, final)
        return Status(state.phase, state.current, None, None, final)

    def score(self, state: TtrState) -> ScoreSheet:
        """The score sheet; provisional (tickets not yet counted) until every player revealed."""
        tickets = [p.revealed or () for p in state.seats]
        return score_sheet(self.board, state.players, [p.routes for p in state.seats], tickets,
                           final=state.phase is Phase.OVER)

    # ---- what the table reports ---------------------------------------------------------

    def _turn_up(self, s: TtrState, action: TurnUp) -> None:
        if not s.pending:
            raise RuleViolation("no_turn_up_expected", "No card is waiting to be turned face up.")
        if len(action.cards) != len(s.pending):
            raise RuleViolation("turn_up_count", "{expected} card(s) should be turned face up, "
                                "not {given}.", expected=len(s.pending), given=len(action.cards))
        cards = [parse_card(name) for name in action.cards]
        self._check_turned_up(s, cards)
        for slot, card in zip(s.pending, cards):
            _take_from_deck(s, card)
            s.display[slot] = card
        s.pending = ()
        self._settle(s)

    def _keep_tickets(self, s: TtrState, action: KeepTickets) -> None:
        seat = self._check_seat(s, action.seat)
        self._check_no_pending(s)
        if s.phase is not Phase.SETUP:
            raise RuleViolation("not_setup", "Tickets dealt at setup are kept before the first turn.")
        player = s.seats[seat]
        if s.scanned_hands and any(p.hand.unknown for p in s.seats):
            raise RuleViolation("show_hand_first", "Every card is scanned in this game: first "
                                "scan the cards dealt to each player.")
        if player.kept_at_setup:
            raise RuleViolation("already_kept", "{player} has already chosen their tickets.",
                                player=s.players[seat])
        self._check_kept(action.kept, self.board.tickets_dealt)
        player.kept_at_setup = True
        player.tickets = action.kept
        s.ticket_deck += self.board.tickets_dealt - action.kept  # returned under the ticket deck
        if all(p.kept_at_setup for p in s.seats):
            s.phase = Phase.PLAY
            s.current = s.first

    def _show_hand(self, s: TtrState, action: ShowHand) -> None:
        """[decision] Strict scanning: the dealt hands are scanned at setup, so every hand is
        known exactly from the start."""
        seat = self._check_seat(s, action.seat)
        self._check_no_pending(s)
        if s.phase is not Phase.SETUP:
            raise RuleViolation("show_hand_at_setup", "The dealt cards are scanned at setup, "
                                "before the first turn.")
        hand = s.seats[seat].hand
        if not hand.unknown:
            raise RuleViolation("hand_already_shown", "{player}'s cards are already known.",
                                player=s.players[seat])
        if len(action.cards) != hand.unknown:
            raise RuleViolation("show_hand_count", "{player} was dealt {expected} cards, not "
                                "{given}.", player=s.players[seat], expected=hand.unknown,
                                given=len(action.cards))
        cards = [parse_card(name) for name in action.cards]
        for card in set(cards):
            self._check_box(s, card, cards.count(card))
        for card in cards:
            hand.known[card] += 1
        hand.unknown = 0

    # ---- a turn ---------------------------------------------------------------------------

    def _draw_blind(self, s: TtrState, action: DrawBlind) -> None:
        seat = self._check_turn(s, action.seat)
        if s.deck + sum(s.discard) == 0:
            raise RuleViolation("deck_empty", "The deck and the discard pile are both empty: "
                                "there is no card to draw blind.")
        if s.scanned_hands and action.card is None:
            raise RuleViolation("scan_drawn_card", "Every card is scanned in this game: scan "
                                "the card {player} drew from the deck.", player=s.players[seat])
        card = None if action.card is None else parse_card(action.card)
        if card is not None:
            self._check_turned_up(s, [card])
        _take_from_deck(s, card)
        hand = s.seats[seat].hand
        if card is None:
            hand.unknown += 1
        else:
            hand.known[card] += 1
        self._card_taken(s, ends_draw=False)

    def _take_face_up(self, s: TtrState, action: TakeFaceUp) -> None:
        seat = self._check_turn(s, action.seat)
        if not 0 <= action.slot < len(s.display) or s.display[action.slot] is None:
            raise RuleViolation("empty_slot", "There is no face-up card in slot {slot}.",
                                slot=action.slot)
        card = s.display[action.slot]
        named = parse_card(action.card)
        if named is not card:
            raise RuleViolation("face_up_mismatch", "The face-up card in slot {slot} is {actual}, "
                                "not {named}.", slot=action.slot, actual=card.key, named=named.key)
        if card is TAXI and s.drawn:
            raise RuleViolation("taxi_second_card", "A face-up Taxi card cannot be taken as the "
                                "second card.")
        s.display[action.slot] = None
        s.seats[seat].hand.known[card] += 1
        s.flushes = 0
        self._refill(s)
        self._card_taken(s, ends_draw=card is TAXI)  # a face-up Taxi first is the whole draw

    def _card_taken(self, s: TtrState, ends_draw: bool) -> None:
        s.drawn += 1
        if ends_draw or s.drawn == 2:
            self._end_turn(s)
        else:
            self._settle(s)

    def _claim_route(self, s: TtrState, action: ClaimRoute) -> None:
        seat = self._check_turn_start(s, action.seat)
        route = self._check_route_free(s, seat, action.route)
        player = s.seats[seat]
        if player.taxis < route.length:
            raise RuleViolation("not_enough_taxis", "{route} needs {length} taxis; {player} has "
                                "only {taxis} left.", route=self.route_name(route),
                                length=route.length, player=s.players[seat], taxis=player.taxis)
        paid = self._check_payment(route, action.cards)
        if player.hand.size < route.length:
            raise RuleViolation("not_enough_cards", "{route} needs {length} cards; {player} holds "
                                "only {held}.", route=self.route_name(route), length=route.length,
                                player=s.players[seat], held=player.hand.size)
        from_unknown = self._check_hand(s, seat, paid)
        hand = player.hand
        for card, count in paid.items():
            hand.known[card] -= count - from_unknown.get(card, 0)
            s.discard[card] += count
        hand.unknown -= sum(from_unknown.values())
        self._place(s, seat, route)
        s.flushes = 0
        self._refill(s)  # an empty display slot can be refilled now the discard pile has cards
        self._end_turn(s)
        self._settle(s)  # with new cards in the discard pile, a stuck 3-Taxi display can flush

    def _draw_tickets(self, s: TtrState, action: DrawTickets) -> None:
        seat = self._check_turn_start(s, action.seat)
        if s.ticket_deck == 0:
            raise RuleViolation("no_tickets_left", "There are no destination tickets left to draw.")
        drawn = min(self.board.tickets_drawn, s.ticket_deck)
        self._check_kept(action.kept, drawn)
        s.seats[seat].tickets += action.kept
        s.ticket_deck -= action.kept  # the others go back under the ticket deck
        self._end_turn(s)

    def _pass(self, s: TtrState, action: Pass) -> None:
        seat = self._check_turn(s, action.seat)
        if s.drawn:
            raise RuleViolation("must_draw_second", "Take your second card.")
        if self.can_draw_cards(s) or s.ticket_deck:
            raise RuleViolation("pass_not_allowed", "You can only pass when no action is possible: "
                                "cards or tickets can still be drawn.")
        if self.certain_claims(s, seat):
            raise RuleViolation("pass_not_allowed", "You can only pass when no action is possible: "
                                "you can claim a route.")
        s.passes += 1
        self._end_turn(s, passed=True)

    # ---- scoring ---------------------------------------------------------------------------

    def _reveal_tickets(self, s: TtrState, action: RevealTickets) -> None:
        seat = self._check_seat(s, action.seat)
        if s.phase is not Phase.SCORING:
            raise RuleViolation("not_scoring", "Tickets are revealed when the game is over.")
        player = s.seats[seat]
        if player.revealed is not None:
            raise RuleViolation("already_revealed", "{player} has already revealed their tickets.",
                                player=s.players[seat])
        tickets = action.tickets
        for ticket in tickets:
            if ticket not in self.board.tickets:
                raise RuleViolation("unknown_ticket", "There is no ticket {ticket!r}.", ticket=ticket)
        if len(set(tickets)) != len(tickets):
            raise RuleViolation("ticket_twice", "A ticket is listed twice.")
        for other, holder in enumerate(s.seats):
            shared = set(tickets) & set(holder.revealed or ())
            if shared:
                raise RuleViolation("ticket_held_by_other", "{player} already revealed {ticket}.",
                                    player=s.players[other], ticket=self.ticket_name(min(shared)))
        if s.mode is Mode.PLAY and len(tickets) != player.tickets:
            raise RuleViolation("ticket_count", "{player} kept {kept} ticket(s) but revealed "
                                "{given}.", player=s.players[seat], kept=player.tickets,
                                given=len(tickets))
        if s.mode is Mode.SCORE_ONLY and not tickets:
            raise RuleViolation("no_tickets", "Every player keeps at least one ticket: enter "
                                "{player}'s tickets.", player=s.players[seat])
        player.revealed = tuple(tickets)
        player.tickets = len(tickets)
        if all(p.revealed is not None for p in s.seats):
            s.phase = Phase.OVER

    def _place_route(self, s: TtrState, action: PlaceRoute) -> None:
        seat = self._check_seat(s, action.seat)
        if s.mode is not Mode.SCORE_ONLY or s.phase is not Phase.SCORING:
            raise RuleViolation("not_score_only", "Routes are placed without cards only when "
                                "scoring a finished game.")
        route = self._check_route_free(s, seat, action.route)
        if s.seats[seat].taxis < route.length:
            raise RuleViolation("too_many_taxis", "{player} would need more than {total} taxis: "
                                "each player has only {total}.", player=s.players[seat],
                                total=self.board.taxis_per_player)
        self._place(s, seat, route)

    # ---- checks (they change nothing) -----------------------------------------------------

    def _check_seat(self, s: TtrState, seat: int) -> int:
        if not 0 <= seat < len(s.players):
            raise RuleViolation("no_such_seat", "There is no seat {seat} in a game of {count}.",
                                seat=seat, count=len(s.players))
        return seat

    def _check_no_pending(self, s: TtrState) -> None:
        if s.pending:
            raise RuleViolation("turn_up_first", "First say which card(s) were turned face up.")

    def _check_turn(self, s: TtrState, seat: int) -> int:
        if seat == s.current and not s.pending and s.phase in _PLAYING:
            return seat  # the usual case, checked first
        self._check_seat(s, seat)
        self._check_no_pending(s)
        if s.phase not in _PLAYING:
            raise RuleViolation("not_playing", "That move is made during play; the game is in "
                                "{phase}.", phase=s.phase.value)
        if seat != s.current:
            raise RuleViolation("not_your_turn", "It is {player}'s turn, not {other}'s.",
                                player=s.players[s.current], other=s.players[seat])
        return seat

    def _check_turn_start(self, s: TtrState, seat: int) -> int:
        """One action per turn: claiming or drawing tickets cannot follow a first card."""
        self._check_turn(s, seat)
        if s.drawn:
            raise RuleViolation("one_action", "You are drawing cards this turn: take your second "
                                "card. Only one action per turn.")
        return seat

    def _check_kept(self, kept: int, drawn: int) -> None:
        if not self.board.keep_min <= kept <= drawn:
            raise RuleViolation("keep_tickets", "Keep at least {min} and at most {max} of the "
                                "{max} ticket(s).", min=self.board.keep_min, max=drawn)

    def _check_box(self, s: TtrState, card: Card, more: int) -> None:
        """A card that comes to light must still be somewhere unseen: the box has only so many."""
        if s.known_count(card) + more > self.board.box[card]:
            raise self._too_many(card)

    def _too_many(self, card: Card) -> RuleViolation:
        return RuleViolation("too_many_cards", "That would be more {card} cards than the box "
                             "holds ({box}): check the cards reported.",
                             card=card.key, box=self.board.box[card])

    def _check_turned_up(self, s: TtrState, cards: list[Card]) -> None:
        """Cards coming off the deck, in order, must exist: in the box, and in the deck.

        An empty deck takes in the discard pile first; from then on the deck holds only what
        that pile held, so a card it never had is refused too.
        """
        box = self.board.box
        if len(cards) == 1 and s.deck:  # the usual report: one replacement, no reshuffle
            card = cards[0]
            if s.known_count(card) >= box[card]:
                raise self._too_many(card)
            if s.deck_max is not None and s.deck_max[card] < 1:
                raise self._not_in_deck(card)
            return
        deck, discard, deck_max = s.deck, s.discard, s.deck_max
        face_up = [0] * KINDS  # turned up so far in this report
        from_deck = [0] * KINDS  # taken so far from the current deck
        for card in cards:
            if deck == 0:
                deck, deck_max, discard = sum(discard), discard, [0] * KINDS
                from_deck = [0] * KINDS
            deck -= 1
            face_up[card] += 1
            from_deck[card] += 1
            if s.known_count(card) - s.discard[card] + discard[card] + face_up[card] > box[card]:
                raise self._too_many(card)
            if deck_max is not None and from_deck[card] > deck_max[card]:
                raise self._not_in_deck(card)

    def _not_in_deck(self, card: Card) -> RuleViolation:
        return RuleViolation("not_in_deck", "The deck was shuffled from the discard pile and has "
                             "no {card} card left: check the card reported.", card=card.key)

    def _check_route_free(self, s: TtrState, seat: int, route_id: str) -> Route:
        route = self.board.routes.get(route_id)
        if route is None:
            raise RuleViolation("unknown_route", "There is no route {route!r}.", route=route_id)
        if route_id in s.owners:
            raise RuleViolation("route_taken", "{route} is already claimed by {player}.",
                                route=self.route_name(route), player=s.players[s.owners[route_id]])
        sibling_owner = s.owners.get(route.sibling) if route.sibling else None
        if sibling_owner == seat:
            raise RuleViolation("double_route_twice", "{player} already has the other route of "
                                "this double route.", player=s.players[seat])
        if sibling_owner is not None and len(s.players) in self.board.doubles_single_use:
            raise RuleViolation("double_route_closed", "With {count} players only one route of "
                                "a double route can be claimed.", count=len(s.players))
        return route

    def _check_payment(self, route: Route, names: tuple[str, ...]) -> dict[Card, int]:
        if len(names) != route.length:
            raise RuleViolation("payment_count", "{route} needs {length} cards, not {given}.",
                                route=self.route_name(route), length=route.length,
                                given=len(names))
        paid: dict[Card, int] = {}
        for name in names:
            card = parse_card(name)
            paid[card] = paid.get(card, 0) + 1
        colours = [card for card in paid if card is not TAXI]
        if len(colours) > 1:
            raise RuleViolation("payment_mixed", "A route is paid with cards of one colour "
                                "(Taxi cards are wild).")
        if colours and route.colour is not None and colours[0] is not route.colour:
            raise RuleViolation("payment_colour", "{route} is {colour}: pay with {colour} or Taxi "
                                "cards.", route=self.route_name(route), colour=route.colour.key)
        return paid

    def _check_hand(self, s: TtrState, seat: int, paid: dict[Card, int]) -> dict[Card, int]:
        """How many of each paid card came from the unseen part of the hand."""
        hand = s.seats[seat].hand
        known = hand.known
        from_unknown = {card: count - known[card] for card, count in paid.items()
                        if count > known[card]}
        if sum(from_unknown.values()) > hand.unknown:
            raise RuleViolation("not_in_hand", "{player} does not hold those cards.",
                                player=s.players[seat])
        for card, count in from_unknown.items():
            self._check_box(s, card, count)
        return from_unknown

    # ---- changes ---------------------------------------------------------------------------

    def _place(self, s: TtrState, seat: int, route: Route) -> None:
        s.owners[route.id] = seat
        player = s.seats[seat]
        player.routes.append(route.id)
        player.taxis -= route.length

    def _refill(self, s: TtrState) -> None:
        """Ask the table for a card for each empty slot, as far as deck and discard pile allow."""
        if None not in s.display:
            s.pending = ()
            return
        empty = [slot for slot, card in enumerate(s.display) if card is None]
        s.pending = tuple(empty[:s.deck + sum(s.discard)])

    def _settle(self, s: TtrState) -> None:
        """After the table turned cards up: flush 3 Taxis, or end a draw that cannot go on."""
        if s.pending or s.phase not in _SETTLING:
            return
        if self._must_flush(s):
            for card in s.display:
                if card is not None:
                    s.discard[card] += 1
            s.display = [None] * len(s.display)
            s.flushes += 1
            self._refill(s)
            return
        if s.drawn == 1 and s.phase in _PLAYING and not self.can_draw_second(s):
            self._end_turn(s)  # [decision] no second card can be had: the draw ends after one

    def _must_flush(self, s: TtrState) -> bool:
        taxis = s.display.count(TAXI)
        if taxis < self.board.flush_threshold or s.flushes >= MAX_FLUSHES:
            return False
        # [decision] Flush only if the cards that would be turned up could hold fewer than 3
        # Taxis: first the deck's cards, then (if it runs out) the reshuffled discard pile,
        # which by then holds the flushed cards too.
        pile_colours = sum(s.display.count(c) + s.discard[c] for c in COLOURS)  # after the flush
        new = min(len(s.display), s.deck + sum(s.discard) + sum(c is not None for c in s.display))
        from_deck = min(new, s.deck)
        colours_in_deck = sum(self._possible_in_deck(s, c) for c in COLOURS)
        colours = min(from_deck, colours_in_deck) + min(new - from_deck, pile_colours)
        return colours >= new - (self.board.flush_threshold - 1)

    def _possible_in_deck(self, s: TtrState, card: Card) -> int:
        """At most this many cards of a kind can be in the deck."""
        unseen = self.board.box[card] - s.known_count(card)
        return unseen if s.deck_max is None else min(unseen, s.deck_max[card])

    def _end_turn(self, s: TtrState, passed: bool = False) -> None:
        seat = s.current
        s.drawn = 0
        s.passes = s.passes if passed else 0
        if s.trigger is None and s.seats[seat].taxis <= self.board.end_trigger:
            s.trigger = seat
            s.final_turns_left = len(s.players)  # every player, the trigger too, has one more turn
            s.phase = Phase.FINAL_ROUND
        elif s.trigger is not None:
            s.final_turns_left -= 1
        if s.trigger is not None and s.final_turns_left == 0:
            self._game_over(s, EndReason.TAXIS_LOW)
        elif s.passes >= len(s.players):
            self._game_over(s, EndReason.NO_MOVES)
        else:
            s.current = next_seat(seat, len(s.players))

    def _game_over(self, s: TtrState, reason: EndReason) -> None:
        s.phase = Phase.SCORING
        s.end_reason = reason
        s.pending = ()  # nobody needs to know the card turned up after the last turn

    # ---- questions the UI and the table simulation ask -------------------------------------

    def can_draw_cards(self, s: TtrState) -> bool:
        return s.deck + sum(s.discard) > 0 or any(c is not None for c in s.display)

    def can_draw_second(self, s: TtrState) -> bool:
        if s.deck + sum(s.discard) > 0:
            return True
        return any(c is not None and c is not TAXI for c in s.display)

    def claimable(self, s: TtrState, seat: int, route: Route) -> bool:
        """Free to this seat and within its taxis (the cards aside)."""
        if route.id in s.owners or s.seats[seat].taxis < route.length:
            return False
        sibling_owner = s.owners.get(route.sibling) if route.sibling else None
        if sibling_owner is None:
            return True
        return sibling_owner != seat and len(s.players) not in self.board.doubles_single_use

    def payments(self, route: Route, hand: list[int], unknown: int = 0) -> list[tuple[Card, ...]]:
        """Every way to pay a route from a hand: colour cards first, then Taxis.

        With unseen cards in the hand any payment they could cover is offered.
        """
        colours = COLOURS if route.colour is None else (route.colour,)
        options = []
        for colour in colours:
            for taxis in range(route.length + 1):
                plain = route.length - taxis
                short = max(0, plain - hand[colour]) + max(0, taxis - hand[TAXI])
                if short <= unknown and (plain or colour is colours[0]):
                    options.append((colour,) * plain + (TAXI,) * taxis)
        return options

    def certain_claims(self, s: TtrState, seat: int) -> list[Route]:
        """Routes this seat can surely claim now, whatever its unseen cards are."""
        hand = s.seats[seat].hand
        return [r for r in self.board.routes.values()
                if self.claimable(s, seat, r) and surely_pays(r, hand)]

    def route_name(self, route: Route) -> str:
        locations = self.board.locations
        return f"{locations[route.a].name} – {locations[route.b].name}"

    def ticket_name(self, ticket_id: str) -> str:
        ticket = self.board.tickets[ticket_id]
        return f"{self.board.locations[ticket.a].name} – {self.board.locations[ticket.b].name}"


def _reshuffle(s: TtrState) -> None:
    """The discard pile is shuffled into a new deck; its cards are unseen again, but the deck
    can now only hold what the pile held."""
    s.deck += sum(s.discard)
    s.deck_max = s.discard
    s.discard = [0] * KINDS


def _take_from_deck(s: TtrState, card: Card | None) -> None:
    """The top card leaves the deck (its kind is None when nobody saw it)."""
    if s.deck == 0:
        _reshuffle(s)
    s.deck -= 1
    if card is not None and s.deck_max is not None:
        s.deck_max[card] -= 1


def surely_pays(route: Route, hand: Hand) -> bool:
    """Whether the hand pays the route however its unseen cards turn out.

    At worst no unseen card is a Taxi or the route's colour; for a gray route, at worst they
    are spread as evenly as they can be over the six colours.
    """
    known, wild = hand.known, hand.known[TAXI]
    if route.colour is not None:
        return known[route.colour] + wild >= route.length
    counts = [known[c] for c in COLOURS]
    level = 0
    while sum(max(0, level - k) for k in counts) < hand.unknown:
        level += 1
    return max(max(counts), level) + wild >= route.length


def _option_scanned_hands(options: Mapping[str, Any]) -> bool:
    value = options.get("scanned_hands", False)
    if not isinstance(value, bool):
        raise RuleViolation("bad_option", "The option scanned_hands must be true or false.")
    return value


def _option_mode(options: Mapping[str, Any]) -> Mode:
    try:
        return Mode(options.get("mode", Mode.PLAY.value))
    except ValueError:
        raise RuleViolation("bad_option", "Unknown mode {mode!r}: use 'play' or 'score_only'.",
                            mode=options.get("mode")) from None
