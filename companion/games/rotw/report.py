"""Plain-text and JSON pictures of a Railways of the World game, for the command line."""

from __future__ import annotations

from .engine import GOODS, Card, Rotw, RotwState
from companion.gamelog import FoldedGame

CATEGORY_TITLES = {
    "track": "Track",
    "cities": "Cities",
    "locomotives": "Locomotives",
    "goods_sets": "Goods sets",
}

PROVISIONAL = "Provisional: the game is not over yet."
END_REASONS = {
    "deck_empty": "the draw pile ran out",
    "no_trains": "a player placed their last train",
    "bag_empty": "the goods bag was emptied",
    "score_only": "a finished game was scored",
}


def _card(card: int | None) -> str | None:
    return None if card is None else Card(card).key


def _cubes(counts: list[int]) -> dict[str, int]:
    return {goods: n for goods, n in zip(GOODS, counts) if n}


def state_json(game: FoldedGame) -> dict:
    s: RotwState = game.state
    status = game.rules.status(s)
    return {
        "phase": status.phase.value,
        "seat": status.seat,
        "step": s.step.value,
        "waiting_for": status.waiting_for,
        "final_round": status.final_round,
        "end_reason": s.triggered.value if s.triggered else None,
        "display": [_card(card) for card in s.display],
        "discard": [_card(card) for card in s.discard],
        "deck": s.deck,
        "bag": _cubes(s.bag),
        "cities": [
            {"id": c.id, "value": c.value, "demand": c.demand, "points": list(c.points),
             "goods": _cubes(c.goods)} for c in s.cities.values()
        ],
        "links": [
            {"id": link.id, "a": link.a, "b": link.b, "colour": link.colour, "value": link.value,
             "owner": link.owner} for link in s.links.values()
        ],
        "players": [
            {"name": name, "hand": p.hand.size,
             "hand_known": {Card(k).key: n for k, n in enumerate(p.hand.known) if n},
             "trains": p.trains, "locomotives": p.locomotives, "track": p.track,
             "delivered": _cubes(p.delivered), "links": list(p.links)}
            for name, p in zip(s.players, s.seats)
        ],
    }


def describe_state(game: FoldedGame) -> str:
    rules: Rotw = game.rules
    s: RotwState = game.state
    status = rules.status(s)
    count = len(game.actions)
    lines = [f"Railways of the World: The Card Game, {len(s.players)} players, "
             f"{count} action{'s' if count != 1 else ''}" + (", family game" if s.family else "")]
    if status.over:
        lines.append(f"Game over: {END_REASONS[s.triggered.value]}.")
    else:
        who = s.players[status.seat] if status.seat is not None else "the table"
        lines.append(f"Now: {status.phase.value}, {who}, step {s.step.value}"
                     + (f" (waiting for {status.waiting_for})" if status.waiting_for else "")
                     + (", last round" if status.final_round else "") + ".")
    lines.append(f"  Draw pile {s.deck}, discard pile {len(s.discard)}, "
                 f"{s.bag_size} cubes in the bag, {len(s.cities)} cities on the table.")
    for name, p in zip(s.players, s.seats):
        cubes = ", ".join(f"{n} {goods}" for goods, n in _cubes(p.delivered).items()) or "none"
        lines.append(f"  {name}: {p.track} on the track, {p.trains} trains left, "
                     f"{len(p.links)} links, pulling power {p.locomotives}, {p.hand.size} cards; "
                     f"delivered: {cubes}")
    return "\n".join(lines) + "\n"
