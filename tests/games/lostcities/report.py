"""What `companion replay` prints for a Lost Cities log."""

from __future__ import annotations

from .engine import COLOURS

CATEGORY_TITLES = {colour: colour.capitalize() for colour in COLOURS}
PROVISIONAL = "Provisional: the game is not over yet."


def describe_state(game) -> str:
    s = game.state
    lines = [f"Lost Cities: {s.deck} cards in the deck"]
    for seat, name in enumerate(s.players):
        rows = ", ".join(f"{c} {row}" for c, row in s.expeditions[seat].items() if row)
        lines.append(f"  {name}: {rows or 'no expedition'}")
    return "\n".join(lines) + "\n"


def state_json(game) -> dict:
    s = game.state
    return {"deck": s.deck, "expeditions": s.expeditions, "discards": s.discards,
            "phase": s.phase.value}
