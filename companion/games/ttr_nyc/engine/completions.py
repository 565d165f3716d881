"""Ticket to Ride: New York's legal completions of a partly entered move (`Rules.completions`):
the seat whose move it is, the routes and payments the hand allows (cheapest first), the
face-up card in a slot, how many tickets may be kept. What only the table knows (cards turned
up or drawn unseen, tickets held) is left for the screen to ask."""

from __future__ import annotations

from typing import Any, Mapping

from .board import TAXI, Board
from .checks import check_reveal_open
from .moves import (blind_draws, check_pass, claims, face_up_choices, keep_choices, placements,
                    refusal, ticket_choices)
from .state import TtrState


def completions(board: Board, s: TtrState, status, partial: Mapping[str, Any]) -> list[dict]:
    kind = partial.get("type")
    seat = partial.get("seat", status.seat)
    found = _candidates(board, s, status, kind, seat) if isinstance(seat, int) or \
        kind == "turn_up" else []
    return [dict(partial, **c) for c in found if _agrees(c, partial)]


def _agrees(candidate: Mapping[str, Any], partial: Mapping[str, Any]) -> bool:
    """The candidate keeps every answer given (a list in the order given)."""
    for key, value in partial.items():
        if key in candidate and _plain(candidate[key]) != _plain(value):
            return False
    return True


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _candidates(board: Board, s: TtrState, status, kind, seat) -> list[dict]:
    if kind == "turn_up":
        return [{"type": kind}] if s.pending else []
    if kind == "show_hand":
        unknown = status.waiting_for == "show_hand" and status.seat == seat
        return [{"type": kind, "seat": seat}] if unknown else []
    if kind == "keep_tickets":
        return [{"type": kind, "seat": seat, "kept": kept}
                for kept in reversed(keep_choices(board, s, seat))]
    if kind == "draw_tickets":
        return [{"type": kind, "seat": seat, "kept": kept}
                for kept in ticket_choices(board, s, seat)]
    if kind == "take_face_up":
        return [{"type": kind, "seat": seat, "slot": slot, "card": s.display[slot].key}
                for slot in face_up_choices(s, seat)]
    if kind == "draw_blind":
        draws = blind_draws(board, s, seat)
        if not draws:
            return []
        # the card drawn is the table's to say (unseen: None, where that is allowed)
        return [{"type": kind, "seat": seat}]
    if kind == "claim_route":
        hand = s.seats[seat].hand
        found = []
        for route_id, payments in claims(board, s, seat).items():
            for cards in payments:
                found.append((_cost(cards, hand), {"type": kind, "seat": seat,
                                                   "route": route_id,
                                                   "cards": [c.key for c in cards]}))
        return [c for _cost_, c in sorted(found, key=lambda pair: pair[0])]
    if kind == "pass":
        return [{"type": kind, "seat": seat}] if refusal(check_pass, board, s, seat) is None else []
    if kind == "reveal_tickets":
        # which tickets the player held is theirs to say
        return [{"type": kind, "seat": seat}] if refusal(check_reveal_open, s, seat) is None \
            else []
    if kind == "place_route":
        return [{"type": kind, "seat": seat, "route": route}
                for route in placements(board, s, seat)]
    return []


def _cost(cards, hand) -> tuple[int, int]:
    """Cheapest first: fewest Taxis (the wild cards are worth keeping), then fewest cards the
    table has not seen in the hand."""
    taxis = sum(1 for c in cards if c is TAXI)
    counted: dict = {}
    for c in cards:
        counted[c] = counted.get(c, 0) + 1
    unseen = sum(max(0, n - hand.known[c]) for c, n in counted.items())
    return taxis, unseen
