"""Plain-text and JSON pictures of a Manhattan TraffIQ game, for the command line."""

from __future__ import annotations

from .engine import Mode, Traffiq, TraffiqState
from .engine.scoring import ALL_VEHICLES, CATEGORIES
from companion.gamelog import FoldedGame

CATEGORY_TITLES = {"vans": "Vans", "taxis": "Taxis"}
__all__ = ["ALL_VEHICLES", "CATEGORIES", "CATEGORY_TITLES", "PROVISIONAL", "WINNER_NOTES",
           "describe_state", "state_json"]

PROVISIONAL = "Provisional: the game is not over yet."
WINNER_NOTES = {ALL_VEHICLES: "every vehicle on the map"}
END_REASONS = {
    "all_vehicles": "a player put their last vehicle on the map",
    "final_round": "the supply ran out and the final round was played",
    "score_only": "a finished game was scored",
}


def state_json(game: FoldedGame) -> dict:
    s: TraffiqState = game.state
    rules: Traffiq = game.rules
    status = rules.status(s)
    allot = rules.allotment(len(s.players))
    return {
        "phase": status.phase.value,
        "seat": status.seat,
        "waiting_for": status.waiting_for,
        "final_round": status.final_round,
        "end_reason": s.end_reason.value if s.end_reason else None,
        "scenario": s.scenario,
        "supply": s.supply,
        "done": [act.value for act in s.done],
        "pending": [list(p) for p in s.pending],
        "tiles": [[x, y, *tile.names()] for (x, y), tile in sorted(s.tiles.items())],
        "vehicles": [[x, y, standing.seat, standing.vehicle.value]
                     for (x, y), standing in sorted(s.vehicles.items())],
        "players": [
            {"name": name, "taxis": p.taxis, "vans": p.vans, "hand": len(p.hand),
             "on_map": {"taxis": allot.taxis - p.taxis, "vans": allot.vans - p.vans}}
            for name, p in zip(s.players, s.seats)
        ],
    }


def describe_state(game: FoldedGame) -> str:
    s: TraffiqState = game.state
    rules: Traffiq = game.rules
    status = rules.status(s)
    count = len(game.actions)
    lines = [f"Manhattan TraffIQ, {len(s.players)} players, "
             f"{count} action{'s' if count != 1 else ''}"]
    if status.over:
        lines.append(f"Game over: {END_REASONS[s.end_reason.value]}.")
    else:
        who = s.players[status.seat] if status.seat is not None else "the table"
        lines.append(f"Now: {status.phase.value}, {who}"
                     + (f" (waiting for {status.waiting_for})" if status.waiting_for else "")
                     + (", final round" if status.final_round else "") + ".")
    if s.mode is Mode.PLAY:
        lines.append(f"  Map: {len(s.tiles)} tiles, {len(rules.points(s))} crossings and street "
                     f"corners; {s.supply} district tiles left to draw.")
    allot = rules.allotment(len(s.players))
    for name, p in zip(s.players, s.seats):
        lines.append(f"  {name}: on the map {allot.vans - p.vans} vans, "
                     f"{allot.taxis - p.taxis} taxis; in supply {p.vans} vans, "
                     f"{p.taxis} taxis; {len(p.hand)} tiles in hand")
    return "\n".join(lines) + "\n"
