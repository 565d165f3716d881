"""The checks a move passes before it changes anything: seat, turn, route, payment, hand, the box.

Each raises the RuleViolation the player sees. The engine's moves and the questions the screens
ask (moves.py) run the same checks, so a reason shown on the screen is the one `apply` gives.
"""

from __future__ import annotations

from companion.core.rules import Phase, RuleViolation
from .board import KINDS, TAXI, Board, Card, Route, parse_card
from .state import Mode, TtrState

PLAYING = (Phase.PLAY, Phase.FINAL_ROUND)


def route_name(board: Board, route: Route) -> str:
    locations = board.locations
    return f"{locations[route.a].name} – {locations[route.b].name}"


def ticket_name(board: Board, ticket_id: str) -> str:
    ticket = board.tickets[ticket_id]
    return f"{board.locations[ticket.a].name} – {board.locations[ticket.b].name}"


# ---- who may move ---------------------------------------------------------------------------

def check_seat(s: TtrState, seat: int) -> int:
    if not isinstance(seat, int) or not 0 <= seat < len(s.players):
        raise RuleViolation("no_such_seat", "There is no seat {seat} in a game of {count}.",
                            seat=seat, count=len(s.players))
    return seat


def check_no_pending(s: TtrState) -> None:
    if s.pending:
        raise RuleViolation("turn_up_first", "First say which cards were turned face up.")


def check_turn(s: TtrState, seat: int) -> int:
    if seat == s.current and not s.pending and s.phase in PLAYING:
        return seat  # the usual case, checked first
    check_seat(s, seat)
    check_no_pending(s)
    if s.phase not in PLAYING:
        raise RuleViolation("not_playing", "That move is made during play; the game is in "
                            "{phase}.", phase=s.phase.value)
    if seat != s.current:
        raise RuleViolation("not_your_turn", "It is {player}'s turn, not {other}'s.",
                            player=s.players[s.current], other=s.players[seat])
    return seat


def check_turn_start(s: TtrState, seat: int) -> int:
    """One action per turn: claiming or drawing tickets cannot follow a first card."""
    check_turn(s, seat)
    if s.drawn:
        raise RuleViolation("one_action", "You are drawing cards this turn: take your second "
                            "card. Only one action per turn.")
    return seat


def check_report(s: TtrState, seat: int) -> int:
    """A report about this seat that waits for nothing else the table has to say first."""
    check_seat(s, seat)
    check_no_pending(s)
    return seat


# ---- the kinds of move, before their particulars ----------------------------------------------

def check_show_hand_open(s: TtrState, seat: int) -> int:
    """[decision] Strict scanning: the dealt hands are scanned at setup."""
    check_report(s, seat)
    if s.phase is not Phase.SETUP:
        raise RuleViolation("show_hand_at_setup", "The dealt cards are scanned at setup, "
                            "before the first turn.")
    if not s.seats[seat].hand.unknown:
        raise RuleViolation("hand_already_shown", "{player}'s cards are already known.",
                            player=s.players[seat])
    return seat


def check_keep_open(s: TtrState, seat: int) -> int:
    check_report(s, seat)
    if s.phase is not Phase.SETUP:
        raise RuleViolation("not_setup", "Which dealt tickets to keep is decided before the first turn.")
    if s.scanned_hands and any(p.hand.unknown for p in s.seats):
        raise RuleViolation("show_hand_first", "Every card is scanned in this game: first "
                            "scan the cards dealt to each player.")
    if s.seats[seat].kept_at_setup:
        raise RuleViolation("already_kept", "{player} has already chosen their tickets.",
                            player=s.players[seat])
    return seat


def check_draw_blind_open(s: TtrState, seat: int) -> int:
    check_turn(s, seat)
    if s.deck + sum(s.discard) == 0:
        raise RuleViolation("deck_empty", "The deck and the discard pile are both empty: "
                            "there is no card to draw blind.")
    return seat


def check_draw_tickets_open(s: TtrState, seat: int) -> int:
    check_turn_start(s, seat)
    if s.ticket_deck == 0:
        raise RuleViolation("no_tickets_left", "There are no destination tickets left to draw.")
    return seat


def check_reveal_open(s: TtrState, seat: int) -> int:
    check_seat(s, seat)
    if s.phase is not Phase.SCORING:
        raise RuleViolation("not_scoring", "Tickets are revealed when the game is over.")
    if s.seats[seat].revealed is not None:
        raise RuleViolation("already_revealed", "{player} has already revealed their tickets.",
                            player=s.players[seat])
    return seat


def check_place_open(s: TtrState, seat: int) -> int:
    check_seat(s, seat)
    if s.mode is not Mode.SCORE_ONLY or s.phase is not Phase.SCORING:
        raise RuleViolation("not_score_only", "Routes are placed without cards only when "
                            "scoring a finished game.")
    return seat


def check_claim_open(board: Board, s: TtrState, seat: int, route_id: str) -> Route:
    """Everything about a claim but the cards: the turn, the route, the taxis."""
    check_turn_start(s, seat)
    route = check_route_free(board, s, seat, route_id)
    player = s.seats[seat]
    if player.taxis < route.length:
        raise RuleViolation("not_enough_taxis", "Taxis needed for {route}: {length}; {player} "
                            "has only {taxis} left.", route=route_name(board, route),
                            length=route.length, player=s.players[seat], taxis=player.taxis)
    return route


def check_hand_size(board: Board, s: TtrState, seat: int, route: Route) -> None:
    player = s.seats[seat]
    if player.hand.size < route.length:
        raise RuleViolation("not_enough_cards", "Cards needed for {route}: {length}; {player} "
                            "holds only {held}.", route=route_name(board, route), length=route.length,
                            player=s.players[seat], held=player.hand.size)


# ---- particulars ------------------------------------------------------------------------------

def check_slot(s: TtrState, slot: int) -> Card:
    """The face-up card in this slot (there must be one)."""
    card = s.display[slot] if 0 <= slot < len(s.display) else None
    if card is None:
        raise RuleViolation("empty_slot", "There is no face-up card in slot {slot}.", slot=slot)
    return card


def check_taxi_second(s: TtrState, card: Card) -> None:
    if card is TAXI and s.drawn:
        raise RuleViolation("taxi_second_card", "A face-up Taxi card cannot be taken as the "
                            "second card.")


def check_kept(board: Board, kept: int, drawn: int) -> None:
    if not board.keep_min <= kept <= drawn:
        raise RuleViolation("keep_tickets", "Tickets drawn: {max}; keep at least {min} of "
                            "them.", min=board.keep_min, max=drawn)


def wrong_count(s: TtrState, seat: int | None, given: int) -> RuleViolation:
    """More or fewer cards reported than the table had to say: turned up, or dealt to `seat`."""
    if seat is None:
        return RuleViolation("turn_up_count", "Cards to turn face up: {expected}, not "
                             "{given}.", expected=len(s.pending), given=given)
    return RuleViolation("show_hand_count", "Cards dealt to {player}: {expected}, not {given}.",
                         player=s.players[seat], expected=s.seats[seat].hand.unknown,
                         given=given)


def check_box(board: Board, s: TtrState, card: Card, more: int) -> None:
    """A card that comes to light must still be somewhere unseen: the box has only so many."""
    if s.known_count(card) + more > board.box[card]:
        raise too_many(board, card)


def too_many(board: Board, card: Card) -> RuleViolation:
    return RuleViolation("too_many_cards", "That would be more {card} cards than the box "
                         "holds ({box}): check the cards reported.",
                         card=card.key, box=board.box[card])


def not_in_deck(card: Card) -> RuleViolation:
    return RuleViolation("not_in_deck", "The deck was shuffled from the discard pile and has "
                         "no {card} card left: check the card reported.", card=card.key)


def check_turned_up(board: Board, s: TtrState, cards: list[Card]) -> None:
    """Cards coming off the deck, in order, must exist: in the box, and in the deck.

    An empty deck takes in the discard pile first; from then on the deck holds only what
    that pile held, so a card it never had is refused too.
    """
    box = board.box
    if len(cards) == 1 and s.deck:  # the usual report: one replacement, no reshuffle
        card = cards[0]
        if s.known_count(card) >= box[card]:
            raise too_many(board, card)
        if s.deck_max is not None and s.deck_max[card] < 1:
            raise not_in_deck(card)
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
            raise too_many(board, card)
        if deck_max is not None and from_deck[card] > deck_max[card]:
            raise not_in_deck(card)


def check_route_free(board: Board, s: TtrState, seat: int, route_id: str) -> Route:
    route = board.routes.get(route_id)
    if route is None:
        raise RuleViolation("unknown_route", "There is no route {route!r}.", route=route_id)
    if route_id in s.owners:
        raise RuleViolation("route_taken", "{route} is already claimed by {player}.",
                            route=route_name(board, route), player=s.players[s.owners[route_id]])
    sibling_owner = s.owners.get(route.sibling) if route.sibling else None
    if sibling_owner == seat:
        raise RuleViolation("double_route_twice", "{player} already has the other route of "
                            "this double route.", player=s.players[seat])
    if sibling_owner is not None and len(s.players) in board.doubles_single_use:
        raise RuleViolation("double_route_closed", "In a game of {count}, only one route "
                            "of a double route can be claimed.", count=len(s.players))
    return route


def check_payment(board: Board, route: Route, names: tuple[str, ...]) -> dict[Card, int]:
    """The cards' shape: as many as the route is long, one colour (the route's) and Taxis."""
    if len(names) != route.length:
        raise RuleViolation("payment_count", "Cards needed for {route}: {length}, not {given}.",
                            route=route_name(board, route), length=route.length,
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
                            "cards.", route=route_name(board, route), colour=route.colour.key)
    return paid


def check_hand(board: Board, s: TtrState, seat: int, paid: dict[Card, int]) -> dict[Card, int]:
    """How many of each paid card came from the unseen part of the hand."""
    hand = s.seats[seat].hand
    known = hand.known
    from_unknown = {card: count - known[card] for card, count in paid.items()
                    if count > known[card]}
    if sum(from_unknown.values()) > hand.unknown:
        raise RuleViolation("not_in_hand", "{player} does not hold those cards.",
                            player=s.players[seat])
    for card, count in from_unknown.items():
        check_box(board, s, card, count)
    return from_unknown


def check_revealed(board: Board, s: TtrState, seat: int, tickets: tuple[str, ...]) -> None:
    """The tickets a player reveals at scoring: real, each once, nobody else's, as many as kept."""
    check_tickets_free(board, s, tickets)
    if s.mode is Mode.PLAY and len(tickets) != s.seats[seat].tickets:
        raise RuleViolation("ticket_count", "Tickets {player} kept: {kept}; revealed: "
                            "{given}.", player=s.players[seat], kept=s.seats[seat].tickets,
                            given=len(tickets))
    if s.mode is Mode.SCORE_ONLY and not tickets:
        raise RuleViolation("no_tickets", "Every player keeps at least one ticket: enter "
                            "{player}'s tickets.", player=s.players[seat])


def check_tickets_free(board: Board, s: TtrState, tickets: tuple[str, ...]) -> None:
    """Tickets in the box, each named once, none already revealed by a player."""
    for ticket in tickets:
        if ticket not in board.tickets:
            raise RuleViolation("unknown_ticket", "There is no ticket {ticket!r}.", ticket=ticket)
    if len(set(tickets)) != len(tickets):
        raise RuleViolation("ticket_twice", "A ticket is listed twice.")
    for other, holder in enumerate(s.seats):
        shared = set(tickets) & set(holder.revealed or ())
        if shared:
            raise RuleViolation("ticket_held_by_other", "{player} already revealed {ticket}.",
                                player=s.players[other], ticket=ticket_name(board, min(shared)))
