"""Plain-text and JSON pictures of a game and its score sheet, for the command line."""

from __future__ import annotations

from .core.rules import ScoreSheet
from .games.rotw.engine.scoring import CATEGORIES as ROTW_CATEGORIES
from .games.ttr_nyc.engine import Card, TtrNyc, TtrState
from .gamelog import Game
from .games.rotw import report as rotw_report
from .games.traffiq import report as traffiq_report

CATEGORY_TITLES = {
    "routes": "Routes",
    "tickets_completed": "Tickets won",
    "tickets_failed": "Tickets lost",
    "attractions": "Attractions",
    **rotw_report.CATEGORY_TITLES,
    **traffiq_report.CATEGORY_TITLES,
}


def state_json(game: Game) -> dict:
    if game.header.game == "rotw-card-game":
        return rotw_report.state_json(game)
    if game.header.game == "manhattan-traffiq":
        return traffiq_report.state_json(game)
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


def describe_state(game: Game) -> str:
    if game.header.game == "rotw-card-game":
        return rotw_report.describe_state(game)
    if game.header.game == "manhattan-traffiq":
        return traffiq_report.describe_state(game)
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


def score_table(sheet: ScoreSheet) -> str:
    titles = [CATEGORY_TITLES.get(c, c) for c in sheet.categories] + ["Total"]
    width = max(len(name) for name in sheet.players + ("Player",))
    rows = [["Player".ljust(width)] + titles]
    for seat, name in enumerate(sheet.players):
        cells = [str(v) for v in sheet.points[seat]] + [str(sheet.totals[seat])]
        rows.append([name.ljust(width)] + [c.rjust(len(t)) for c, t in zip(cells, titles)])
    out = ["  ".join(row) for row in rows]
    winners = " and ".join(sheet.players[seat] for seat in sheet.winners)
    if not sheet.final and sheet.categories in (traffiq_report.CATEGORIES, ROTW_CATEGORIES):
        out.append("Provisional: the game is not over yet.")
    elif not sheet.final:
        out.append("Provisional: tickets are not revealed yet.")
    elif sheet.decided_by == traffiq_report.ALL_VEHICLES:
        out.append(f"Winner: {winners} (every vehicle on the map).")
    elif sheet.shared:
        out.append(f"Shared victory: {winners}.")
    elif sheet.decided_by:
        out.append(f"Winner: {winners} (tie on points, decided by {sheet.decided_by.replace('_', ' ')}).")
    else:
        out.append(f"Winner: {winners}.")
    return "\n".join(out) + "\n"
