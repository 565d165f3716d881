"""What a seat may do now: the kinds of move open to it, and the concrete choices behind each.

The screens offer exactly these choices and give the reasons found here for the rest. Every
reason comes from the checks `apply` runs (checks.py), so the screen offers nothing the rules
refuse and hides nothing they accept (tests/games/ttr_nyc/test_ttr_nyc_moves.py walks random
games to hold both).
"""

from __future__ import annotations

from typing import Callable

from companion.core.rules import Move, RuleViolation
from .actions import (ClaimRoute, DrawBlind, DrawTickets, KeepTickets, Pass, PlaceRoute,
    RevealTickets, ShowHand, TakeFaceUp, TurnUp)
from .board import CARDS, COLOURS, KINDS, TAXI, Board, Card, Route
from .checks import (check_box, check_claim_open, check_draw_blind_open, check_draw_tickets_open,
    check_hand, check_hand_size, check_keep_open, check_place_open, check_reveal_open,
    check_route_free, check_show_hand_open, check_slot, check_taxi_second, check_tickets_free,
    check_turn, check_turn_start, check_turned_up, route_name, wrong_count)
from .deck import can_draw_cards
from .state import Hand, TtrState


def refusal(check: Callable, *args) -> RuleViolation | None:
    """The reason a check gives, or None when it passes."""
    try:
        check(*args)
    except RuleViolation as violation:
        return violation
    return None


# ---- the kinds of move --------------------------------------------------------------------

def moves(board: Board, s: TtrState, seat: int) -> list[Move]:
    """Every kind of move, open to this seat now or with the reason it is not: open means
    that some move of that kind is accepted."""
    return [Move(kind, refusal(opener, board, s, seat)) for kind, opener in _OPENERS]


def _turn_up_open(board: Board, s: TtrState, seat: int) -> None:
    if not s.pending:
        raise RuleViolation("no_turn_up_expected", "No card is waiting to be turned face up.")


def _take_face_up_open(board: Board, s: TtrState, seat: int) -> None:
    check_turn(s, seat)
    reasons = [refusal(_check_face_up, s, slot) for slot in range(len(s.display))]
    if not all(reasons):
        return
    for reason in reasons:
        if reason.code != "empty_slot":
            raise reason  # a face-up Taxi as the second card
    raise RuleViolation("no_face_up", "There is no face-up card to take.")


def _claim_open(board: Board, s: TtrState, seat: int) -> None:
    check_turn_start(s, seat)
    if not claims(board, s, seat):
        raise RuleViolation("no_claim", "{player} cannot claim a route now: no free route fits "
                            "their cards and taxis.", player=s.players[seat])


def _place_open(board: Board, s: TtrState, seat: int) -> None:
    check_place_open(s, seat)
    if not placements(board, s, seat):
        raise RuleViolation("no_placement", "{player}'s taxis left fit on no free route.",
                            player=s.players[seat])


def check_pass(board: Board, s: TtrState, seat: int) -> None:
    """A player passes only when no action is possible."""
    check_turn(s, seat)
    if s.drawn:
        raise RuleViolation("must_draw_second", "Take your second card.")
    if can_draw_cards(s) or s.ticket_deck:
        raise RuleViolation("pass_not_allowed", "You can only pass when no action is possible: "
                            "cards or tickets can still be drawn.")
    if certain_claims(board, s, seat):
        raise RuleViolation("pass_not_allowed", "You can only pass when no action is possible: "
                            "you can claim a route.")


_OPENERS = (  # each kind of move (its action's type) and the check that it is open
    (TurnUp.type, _turn_up_open),
    (ShowHand.type, lambda board, s, seat: check_show_hand_open(s, seat)),
    (KeepTickets.type, lambda board, s, seat: check_keep_open(s, seat)),
    (TakeFaceUp.type, _take_face_up_open),
    (DrawBlind.type, lambda board, s, seat: check_draw_blind_open(s, seat)),
    (DrawTickets.type, lambda board, s, seat: check_draw_tickets_open(s, seat)),
    (ClaimRoute.type, _claim_open),
    (Pass.type, check_pass),
    (RevealTickets.type, lambda board, s, seat: check_reveal_open(s, seat)),
    (PlaceRoute.type, _place_open),
)
KINDS_OF_MOVE = tuple(kind for kind, _opener in _OPENERS)


# ---- the cards the table reports --------------------------------------------------------------

def turn_up_refusal(board: Board, s: TtrState, so_far: tuple[Card, ...],
                    card: Card) -> RuleViolation | None:
    """Why `card` cannot be the next one turned face up after `so_far` (None: it can)."""
    if len(so_far) >= len(s.pending):
        return refusal(_turn_up_open, board, s, s.current) or wrong_count(s, None, len(so_far) + 1)
    return refusal(check_turned_up, board, s, [*so_far, card])


def turn_up_choices(board: Board, s: TtrState, so_far: tuple[Card, ...] = ()) -> list[Card]:
    """The cards that can be the next one turned face up, after `so_far` (in slot order)."""
    return [card for card in CARDS if turn_up_refusal(board, s, so_far, card) is None]


def dealt_refusal(board: Board, s: TtrState, seat: int, so_far: tuple[Card, ...],
                  card: Card) -> RuleViolation | None:
    """Every card scanned: why `card` cannot be the next one dealt to this seat (None: it can)."""
    hand = s.seats[seat].hand if 0 <= seat < len(s.seats) else None
    if hand is not None and hand.unknown and len(so_far) >= hand.unknown:
        return wrong_count(s, seat, len(so_far) + 1)
    return refusal(check_show_hand_open, s, seat) or refusal(
        check_box, board, s, card, so_far.count(card) + 1)


def dealt_choices(board: Board, s: TtrState, seat: int,
                  so_far: tuple[Card, ...] = ()) -> list[Card]:
    """Every card scanned: the cards that can be the next one dealt to this seat at setup."""
    return [card for card in CARDS if dealt_refusal(board, s, seat, so_far, card) is None]


def blind_draws(board: Board, s: TtrState, seat: int) -> list[Card | None]:
    """What the table may report drawn from the deck: a card it saw (scanned), or None when it
    did not see it, which a game where every card is scanned does not allow."""
    if refusal(check_draw_blind_open, s, seat):
        return []
    seen: list[Card | None] = [card for card in CARDS
                               if refusal(check_turned_up, board, s, [card]) is None]
    return seen if s.scanned_hands else [None, *seen]


# ---- the player's choices ---------------------------------------------------------------------

def _check_face_up(s: TtrState, slot: int) -> None:
    check_taxi_second(s, check_slot(s, slot))


def face_up_choices(s: TtrState, seat: int) -> list[int]:
    """The display slots this seat may take a card from now."""
    if refusal(check_turn, s, seat):
        return []
    return [slot for slot in range(len(s.display)) if refusal(_check_face_up, s, slot) is None]


def ticket_choices(board: Board, s: TtrState, seat: int) -> list[int]:
    """How many tickets this seat may keep if it draws tickets now (none: it may not draw)."""
    if refusal(check_draw_tickets_open, s, seat):
        return []
    return list(range(board.keep_min, min(board.tickets_drawn, s.ticket_deck) + 1))


def keep_choices(board: Board, s: TtrState, seat: int) -> list[int]:
    """How many of the tickets dealt at setup this seat may keep."""
    if refusal(check_keep_open, s, seat):
        return []
    return list(range(board.keep_min, board.tickets_dealt + 1))


def revealable(board: Board, s: TtrState, seat: int) -> list[str]:
    """At scoring: the tickets this seat may reveal (every one nobody else revealed)."""
    if refusal(check_reveal_open, s, seat):
        return []
    return [ticket for ticket in board.tickets
            if refusal(check_tickets_free, board, s, (ticket,)) is None]


def placements(board: Board, s: TtrState, seat: int) -> list[str]:
    """Score-only game: the routes this seat's taxis may still be placed on."""
    if refusal(check_place_open, s, seat):
        return []
    taxis = s.seats[seat].taxis
    return [route.id for route in board.routes.values() if route.length <= taxis
            and refusal(check_route_free, board, s, seat, route.id) is None]


# ---- claiming a route -------------------------------------------------------------------------

def payments(board: Board, s: TtrState, seat: int, route_id: str) -> list[tuple[Card, ...]]:
    """Every payment `apply` accepts for this route now: colour cards first, then Taxis.

    Unseen cards in the hand may stand for any card the box still has unseen."""
    if refusal(_check_claim_cardless, board, s, seat, route_id):
        return []
    route = board.routes[route_id]
    return _payments(route, s.seats[seat].hand, _unseen(board, s))


def claims(board: Board, s: TtrState, seat: int) -> dict[str, list[tuple[Card, ...]]]:
    """The routes this seat may claim now, each with the payments `apply` accepts."""
    if refusal(check_turn_start, s, seat):
        return {}
    hand, unseen = s.seats[seat].hand, _unseen(board, s)
    found = {}
    for route in board.routes.values():
        if claimable(board, s, seat, route) and hand.size >= route.length:
            options = _payments(route, hand, unseen)
            if options:
                found[route.id] = options
    return found


def claim_refusal(board: Board, s: TtrState, seat: int, route_id: str) -> RuleViolation | None:
    """Why this seat cannot claim this route now, whichever cards it pays with (None: it can)."""
    reason = refusal(_check_claim_cardless, board, s, seat, route_id)
    if reason is not None:
        return reason
    route, hand = board.routes[route_id], s.seats[seat].hand
    if _payments(route, hand, _unseen(board, s)):
        return None
    in_any_box = _payments(route, hand, [hand.unknown] * KINDS)
    if in_any_box:  # the unseen cards could pay, were the box not out of those cards
        return refusal(check_hand, board, s, seat, _counted(in_any_box[0]))
    return _cannot_pay(board, s, seat, route)


def _check_claim_cardless(board: Board, s: TtrState, seat: int, route_id: str) -> None:
    check_hand_size(board, s, seat, check_claim_open(board, s, seat, route_id))


def _unseen(board: Board, s: TtrState) -> list[int]:
    """Of each kind, how many cards the table has not seen anywhere (so a hand may hide)."""
    return [board.box[card] - s.known_count(card) for card in CARDS]


def _payments(route: Route, hand: Hand, unseen: list[int]) -> list[tuple[Card, ...]]:
    colours = COLOURS if route.colour is None else (route.colour,)
    known, options = hand.known, []
    for colour in colours:
        for taxis in range(route.length + 1):
            plain = route.length - taxis
            if not plain and colour is not colours[0]:
                continue  # all Taxis: one payment, whatever the colour
            short = max(0, plain - known[colour])
            short_taxis = max(0, taxis - known[TAXI])
            if (short + short_taxis <= hand.unknown and short <= unseen[colour]
                    and short_taxis <= unseen[TAXI]):
                options.append((colour,) * plain + (TAXI,) * taxis)
    return options


def _counted(cards: tuple[Card, ...]) -> dict[Card, int]:
    paid: dict[Card, int] = {}
    for card in cards:
        paid[card] = paid.get(card, 0) + 1
    return paid


def _cannot_pay(board: Board, s: TtrState, seat: int, route: Route) -> RuleViolation:
    """The hand holds too few cards of any colour the route takes: say how many it holds."""
    hand = s.seats[seat].hand
    params = dict(route=route_name(board, route), length=route.length, player=s.players[seat],
                  taxis=hand.known[TAXI], unseen=hand.unknown)
    if route.colour is not None and hand.unknown:
        return RuleViolation("cannot_pay", "{route} costs {length} × {colour}; {player} holds "
                             "{held} × {colour}, {taxis} × Taxi and {unseen} more the table has "
                             "not seen.", colour=route.colour.key,
                             held=hand.known[route.colour], **params)
    if route.colour is not None:
        return RuleViolation("cannot_pay", "{route} costs {length} × {colour}; {player} holds "
                             "{held} × {colour} and {taxis} × Taxi.", colour=route.colour.key,
                             held=hand.known[route.colour], **params)
    held = max(hand.known[colour] for colour in COLOURS)
    if hand.unknown:
        return RuleViolation("cannot_pay", "{route} costs cards of one colour: {length}; "
                             "{player} has at most {held} of one colour, {taxis} × Taxi and "
                             "{unseen} more the table has not seen.", held=held, **params)
    return RuleViolation("cannot_pay", "{route} costs cards of one colour: {length}; "
                         "{player} has at most {held} of one colour and {taxis} × Taxi.", held=held,
                         **params)


# ---- what a seat can surely do ----------------------------------------------------------------

def claimable(board: Board, s: TtrState, seat: int, route: Route) -> bool:
    """Free to this seat and within its taxis (the cards aside)."""
    if route.id in s.owners or s.seats[seat].taxis < route.length:
        return False
    sibling_owner = s.owners.get(route.sibling) if route.sibling else None
    if sibling_owner is None:
        return True
    return sibling_owner != seat and len(s.players) not in board.doubles_single_use


def certain_claims(board: Board, s: TtrState, seat: int) -> list[Route]:
    """Routes this seat can surely claim now, whatever its unseen cards are."""
    hand = s.seats[seat].hand
    return [r for r in board.routes.values()
            if claimable(board, s, seat, r) and surely_pays(r, hand)]


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
