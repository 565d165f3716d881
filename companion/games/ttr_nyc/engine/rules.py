"""The rules of Ticket to Ride: New York: which reported moves are legal and what they change."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.options import read_mode
from companion.core.rules import (ActionCodec, Move, Phase, RuleViolation, Rules, ScoreSheet,
    Status, check_players, next_seat)
from .actions import (ACTIONS, ClaimRoute, DrawBlind, DrawTickets, KeepTickets, Pass, PlaceRoute,
    RevealTickets, ShowHand, TakeFaceUp, TurnUp)
from .board import KINDS, TAXI, Board, Route, parse_card
from .checks import (PLAYING, check_box, check_claim_open, check_draw_blind_open,
    check_draw_tickets_open, check_hand, check_hand_size, check_keep_open, check_kept,
    check_payment, check_place_open, check_reveal_open, check_revealed, check_route_free,
    check_show_hand_open, check_slot, check_taxi_second, check_turn, check_turned_up, route_name,
    ticket_name, wrong_count)
from .deck import MAX_FLUSHES, can_draw_second, flush, must_flush, refill, take_from_deck
from .completions import completions
from .moves import check_pass, moves
from .scoring import score_sheet
from .state import EndReason, Hand, Mode, PlayerState, TtrState

__all__ = ["MAX_FLUSHES", "TtrNyc"]

_SETTLING = (Phase.SETUP, Phase.PLAY, Phase.FINAL_ROUND)


class TtrNyc(Rules):
    """The engine. States are owned by the caller; `apply` checks fully, then changes."""

    game_kind = "ttr-nyc"
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
        mode = read_mode(options)
        first = _option_first(options, players)
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
            raise RuleViolation("unknown_action",
                                "{kind!r} is not a Ticket to Ride: New York action.",
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

    def moves(self, state: TtrState, seat: int) -> list[Move]:
        return moves(self.board, state, seat)

    def completions(self, state: TtrState, partial: Mapping[str, Any]) -> list[dict]:
        """See Rules.completions: the routes and payments the hand allows (fewest Taxis first),
        the card in a face-up slot, the tickets that may be kept (most first at setup)."""
        return completions(self.board, state, self.status(state), partial)

    # ---- what the table reports ---------------------------------------------------------

    def _turn_up(self, s: TtrState, action: TurnUp) -> None:
        if not s.pending:
            raise RuleViolation("no_turn_up_expected", "No card is waiting to be turned face up.")
        if len(action.cards) != len(s.pending):
            raise wrong_count(s, None, len(action.cards))
        cards = [parse_card(name) for name in action.cards]
        check_turned_up(self.board, s, cards)
        for slot, card in zip(s.pending, cards):
            take_from_deck(s, card)
            s.display[slot] = card
        s.pending = ()
        self._settle(s)

    def _keep_tickets(self, s: TtrState, action: KeepTickets) -> None:
        seat = check_keep_open(s, action.seat)
        check_kept(self.board, action.kept, self.board.tickets_dealt)
        player = s.seats[seat]
        player.kept_at_setup = True
        player.tickets = action.kept
        s.ticket_deck += self.board.tickets_dealt - action.kept  # returned under the ticket deck
        if all(p.kept_at_setup for p in s.seats):
            s.phase = Phase.PLAY
            s.current = s.first

    def _show_hand(self, s: TtrState, action: ShowHand) -> None:
        """[decision] Strict scanning: the dealt hands are scanned at setup, so every hand is
        known exactly from the start."""
        seat = check_show_hand_open(s, action.seat)
        hand = s.seats[seat].hand
        if len(action.cards) != hand.unknown:
            raise wrong_count(s, seat, len(action.cards))
        cards = [parse_card(name) for name in action.cards]
        for card in set(cards):
            check_box(self.board, s, card, cards.count(card))
        for card in cards:
            hand.known[card] += 1
        hand.unknown = 0

    # ---- a turn ---------------------------------------------------------------------------

    def _draw_blind(self, s: TtrState, action: DrawBlind) -> None:
        seat = check_draw_blind_open(s, action.seat)
        if s.scanned_hands and action.card is None:
            raise RuleViolation("scan_drawn_card", "Every card is scanned in this game: scan "
                                "the card {player} drew from the deck.", player=s.players[seat])
        card = None if action.card is None else parse_card(action.card)
        if card is not None:
            check_turned_up(self.board, s, [card])
        take_from_deck(s, card)
        hand = s.seats[seat].hand
        if card is None:
            hand.unknown += 1
        else:
            hand.known[card] += 1
        self._card_taken(s, ends_draw=False)

    def _take_face_up(self, s: TtrState, action: TakeFaceUp) -> None:
        seat = check_turn(s, action.seat)
        card = check_slot(s, action.slot)
        named = parse_card(action.card)
        if named is not card:
            raise RuleViolation("face_up_mismatch", "The face-up card in slot {slot} is {actual}, "
                                "not {named}.", slot=action.slot, actual=card.key, named=named.key)
        check_taxi_second(s, card)
        s.display[action.slot] = None
        s.seats[seat].hand.known[card] += 1
        s.flushes = 0
        refill(s)
        self._card_taken(s, ends_draw=card is TAXI)  # a face-up Taxi first is the whole draw

    def _card_taken(self, s: TtrState, ends_draw: bool) -> None:
        s.drawn += 1
        if ends_draw or s.drawn == 2:
            self._end_turn(s)
        else:
            self._settle(s)

    def _claim_route(self, s: TtrState, action: ClaimRoute) -> None:
        seat = action.seat
        route = check_claim_open(self.board, s, seat, action.route)
        paid = check_payment(self.board, route, action.cards)
        check_hand_size(self.board, s, seat, route)
        from_unknown = check_hand(self.board, s, seat, paid)
        hand = s.seats[seat].hand
        for card, count in paid.items():
            hand.known[card] -= count - from_unknown.get(card, 0)
            s.discard[card] += count
        hand.unknown -= sum(from_unknown.values())
        self._place(s, seat, route)
        s.flushes = 0
        refill(s)  # an empty display slot can be refilled now the discard pile has cards
        self._end_turn(s)
        self._settle(s)  # with new cards in the discard pile, a stuck 3-Taxi display can flush

    def _draw_tickets(self, s: TtrState, action: DrawTickets) -> None:
        seat = check_draw_tickets_open(s, action.seat)
        check_kept(self.board, action.kept, min(self.board.tickets_drawn, s.ticket_deck))
        s.seats[seat].tickets += action.kept
        s.ticket_deck -= action.kept  # the others go back under the ticket deck
        self._end_turn(s)

    def _pass(self, s: TtrState, action: Pass) -> None:
        check_pass(self.board, s, action.seat)
        s.passes += 1
        self._end_turn(s, passed=True)

    # ---- scoring ---------------------------------------------------------------------------

    def _reveal_tickets(self, s: TtrState, action: RevealTickets) -> None:
        seat = check_reveal_open(s, action.seat)
        check_revealed(self.board, s, seat, action.tickets)
        player = s.seats[seat]
        player.revealed = tuple(action.tickets)
        player.tickets = len(action.tickets)
        if all(p.revealed is not None for p in s.seats):
            s.phase = Phase.OVER

    def _place_route(self, s: TtrState, action: PlaceRoute) -> None:
        seat = check_place_open(s, action.seat)
        route = check_route_free(self.board, s, seat, action.route)
        if s.seats[seat].taxis < route.length:
            raise RuleViolation("too_many_taxis", "{player} would need more taxis than each "
                                "player has ({total}).", player=s.players[seat],
                                total=self.board.taxis_per_player)
        self._place(s, seat, route)

    # ---- changes ---------------------------------------------------------------------------

    def _place(self, s: TtrState, seat: int, route: Route) -> None:
        s.owners[route.id] = seat
        player = s.seats[seat]
        player.routes.append(route.id)
        player.taxis -= route.length

    def _settle(self, s: TtrState) -> None:
        """After the table turned cards up: flush 3 Taxis, or end a draw that cannot go on."""
        if s.pending or s.phase not in _SETTLING:
            return
        if must_flush(self.board, s):
            flush(s)
            return
        if s.drawn == 1 and s.phase in PLAYING and not can_draw_second(s):
            self._end_turn(s)  # [decision] no second card can be had: the draw ends after one

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

    # ---- names for reports ------------------------------------------------------------------

    def route_name(self, route: Route) -> str:
        return route_name(self.board, route)

    def ticket_name(self, ticket_id: str) -> str:
        return ticket_name(self.board, ticket_id)


def _option_first(options: Mapping[str, Any], players: tuple[str, ...]) -> int:
    first = options.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(players):
        raise RuleViolation("bad_option", "The starting seat must be 0 to {last}.",
                            last=len(players) - 1)
    return first


def _option_scanned_hands(options: Mapping[str, Any]) -> bool:
    value = options.get("scanned_hands", False)
    if not isinstance(value, bool):
        raise RuleViolation("bad_option", "The option scanned_hands must be true or false.")
    return value
