"""Plain-text and JSON pictures of a Ticket to Ride: New York game, for the command line."""

from __future__ import annotations

from companion.gamelog import FoldedGame

from .engine import Card, TtrNyc, TtrState

CATEGORY_TITLES = {
    "routes": "Routes",
    "tickets_completed": "Tickets won",
    "tickets_failed": "Tickets lost",
    "attractions": "Attractions",
}
PROVISIONAL = "Provisional: tickets are not revealed yet."


def state_json(game: FoldedGame) -> dict:
    s: TtrState = game.state
    status = game.rules.status(s)
    return {
        "phase": status.phase.value,
        "seat": status.seat,
        "waiting_for": status.waiting_for,
        "final_round": status.final_round,
        "end_reason": s.end_reason.value if s.end_reason else None,
        "display": [card.key if card is not None else None for card in s.display],
        "deck": s.deck,
        "discard": {card.key: s.discard[card] for card in Card if s.discard[card]},
        "ticket_deck": s.ticket_deck,
        "players": [
            {"name": name, "taxis": p.taxis, "hand": p.hand.size,
             "hand_known": {card.key: p.hand.known[card] for card in Card if p.hand.known[card]},
             "tickets": p.tickets, "routes": list(p.routes),
             "revealed": list(p.revealed) if p.revealed is not None else None}
            for name, p in zip(s.players, s.seats)
        ],
    }


def describe_state(game: FoldedGame) -> str:
    rules: TtrNyc = game.rules
    s: TtrState = game.state
    status = rules.status(s)
    count = len(game.actions)
    lines = [f"Ticket to Ride: New York, {len(s.players)} players, "
             f"{count} action{'s' if count != 1 else ''}"]
    if status.over:
        reason = {"taxis_low": "the final round was played",
                  "no_moves": "no player could move",
                  "score_only": "a finished game was scored"}[s.end_reason.value]
        lines.append(f"Game over: {reason}.")
    else:
        who = s.players[status.seat] if status.seat is not None else "the table"
        lines.append(f"Now: {status.phase.value}, {who}"
                     + (f" (waiting for {status.waiting_for})" if status.waiting_for else "")
                     + (", final round" if status.final_round else "") + ".")
    for name, p in zip(s.players, s.seats):
        routes = ", ".join(rules.route_name(rules.board.routes[r]) for r in p.routes) or "none"
        lines.append(f"  {name}: {p.taxis} taxis left, {p.hand.size} cards, "
                     f"{p.tickets} tickets; routes: {routes}")
        if p.revealed:
            tickets = ", ".join(rules.ticket_name(t) for t in p.revealed)
            lines.append(f"      tickets: {tickets}")
    return "\n".join(lines) + "\n"
