"""Finishing a partly entered move: every legal way the engine can see, likeliest first, with the
fields only the players know (a city card's printed features, cubes drawn from the bag, a card
drawn unseen) left out for the screen to ask."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from .box import (ANY_GOODS_VALUE, CITY_VALUES, GOODS, LOCO, RAIL_COLOURS, START, Box, Card,
    city_card)
from .building import can_pay
from .delivering import deliveries
from .discarding import draw_sources, restock_cities
from .holding import hand_cards
from .moves import PLAY, reason_of
from .network import joints
from .payments import least_payments
from .state import RotwState

Check = Callable[[dict], bool]  # whether a completion (all its fields given) is legal now


def completions(box: Box, s: RotwState, partial: Mapping[str, Any], seat: int,
                legal: Check) -> list[dict]:
    """The completions of `partial` (see `Rules.completions`); `legal` checks a full one."""
    kind = partial.get("type")
    base = {**partial, "seat": partial.get("seat", seat)} if kind in _SEATED else dict(partial)
    if "seat" in base and base["seat"] != seat:
        return []
    make = _KINDS.get(kind)
    return [] if make is None else make(box, s, base, legal)


def _given(partial: Mapping[str, Any], key: str, values: Iterable) -> list:
    """The values a field may take: the one given, where it is given and among them."""
    values = list(values)
    if key not in partial:
        return values
    return [partial[key]] if partial[key] in values else []


# ---- A) building ------------------------------------------------------------------------------

def _build(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    seat = p["seat"]
    values = [v for v in _given(p, "value", CITY_VALUES)
              if any(can_pay(box, s, seat, v, colour) for colour in RAIL_COLOURS)]
    hand = s.seats[seat].hand
    # the city cards the table saw go into the hand are the likeliest to be played
    values.sort(key=lambda v: (-hand.known[city_card(v)], v))
    found: list[dict] = []
    for value in values:
        partial = {**p, "value": value}
        if value == ANY_GOODS_VALUE:
            if p.get("demand") is not None:
                continue
            partial["demand"] = None  # a value-5 city takes any goods: no demand to ask
        elif "demand" in p and p["demand"] is None:
            continue
        if "points" not in p:  # printed on the card: only the players know them
            found.append(partial)
            continue
        points = tuple(p["points"])
        for joint in joints(s, points):
            if not _given(p, "to", [joint.city]) or not _given(p, "colour", [joint.colour]):
                continue
            found.extend(_payments(box, s, {**partial, "to": joint.city,
                                             "colour": joint.colour}, legal))
    if "points" in p:
        found.sort(key=_build_likeliness)
    return found


def _payments(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    """The build with each least payment from the cards the table saw in the hand (the cheapest
    first), then the build with its payment left to the players: any other legal payment (one
    with cards the table did not see go into the hand, or more cards than the least) is theirs
    to tell."""
    if "cards" in p:
        return [p] if _full_legal(p, legal) else []
    seat, value, colour = p["seat"], p["value"], p["colour"]
    if not can_pay(box, s, seat, value, colour):
        return []
    hand = list(s.seats[seat].hand.known)
    hand[city_card(value)] -= 1  # the city card played does not pay
    found = []
    for payment in sorted(least_payments(hand, value, colour), key=_payment_cost):
        move = {**p, "cards": [card.key for card in payment]}
        if _full_legal(move, legal):
            found.append(move)
    return [*found, p]


def _full_legal(move: dict, legal: Check) -> bool:
    """A build checked whole; where its demand is still to be told, with any demand (it does
    not bear on where the city joins or what pays)."""
    return legal(move if "demand" in move else {**move, "demand": GOODS[0]})


def _payment_cost(payment: tuple[Card, ...]) -> tuple:
    """Cheapest first: Locomotives kept (they pull), then the fewest cards, the least overpaid."""
    return (payment.count(LOCO), len(payment), sum(card.rail_value for card in payment))


def _build_likeliness(move: dict) -> tuple:
    """A payment the table can see first (cheapest first), then the network's own order."""
    cards = move.get("cards")
    cost = (0, *_payment_cost(tuple(Card[_CARD_NAMES[k]] for k in cards))) if cards \
        else (1, 0, 0, 0)
    to = move["to"]
    return (*cost, 0 if to == START else int(to[1:]), RAIL_COLOURS.index(move["colour"]))


_CARD_NAMES = {card.key: card.name for card in Card}


# ---- B) and C): Locomotives and deliveries ----------------------------------------------------

def _delivery_moves(s: RotwState, p: dict, locomotive: bool) -> list[dict]:
    found = []
    for d in deliveries(s, p["seat"], locomotive):
        if _given(p, "origin", [d.origin]) and _given(p, "goods", [d.goods]) and \
                _given(p, "destination", [d.destination]):
            found.append((d.points[p["seat"]], {**p, "origin": d.origin,
                                                 "destination": d.destination,
                                                 "goods": d.goods}))
    found.sort(key=lambda pair: -pair[0])  # the most points for the mover first
    return [move for _points, move in found]


def _deliver(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    return [move for move in _delivery_moves(s, p, locomotive=False) if legal(move)]


def _locomotive(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    found = []
    if all(p.get(key) is None for key in ("origin", "destination", "goods")):
        plain = {**p, "origin": None, "destination": None, "goods": None}
        if legal(plain):
            found.append(plain)
    if any(key in p and p[key] is None for key in ("origin", "destination", "goods")):
        return found  # played alone: no cube goes with it
    found.extend(move for move in _delivery_moves(s, p, locomotive=True) if legal(move))
    return found


# ---- D) discarding ----------------------------------------------------------------------------

def _discard_cards(box: Box, s: RotwState, p: dict) -> list[str]:
    """The cards the seat may discard, those the table saw in the hand first."""
    hand = s.seats[p["seat"]].hand
    cards = sorted(hand_cards(box, s, p["seat"]), key=lambda c: (-hand.known[c], int(c)))
    return _given(p, "card", [card.key for card in cards])


def _discard_draw(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    found = []
    for card in _discard_cards(box, s, p):
        for slot in _given(p, "slot", draw_sources(s)):
            move = {**p, "card": card, "slot": slot}
            if slot is not None:  # a face-up card: the table sees which
                move["taken"] = Card(s.display[slot]).key
                if _given(p, "taken", [move["taken"]]) and legal(move):
                    found.append(move)
            elif "taken" in p:
                if legal(move):
                    found.append(move)
            elif s.scanned_draws:  # the card drawn: the player scans it
                found.append(move)
            elif legal({**move, "taken": None}):
                found.append({**move, "taken": None})
    return found


def _restock(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    return [move for card in _discard_cards(box, s, p)
            for city in _given(p, "city", restock_cities(s))
            if legal(move := {**p, "card": card, "city": city})]


# ---- step 2 and the table's reports -----------------------------------------------------------

def _take_display(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    found = []
    for slot, shown in enumerate(s.display):
        if shown is None or not _given(p, "slot", [slot]):
            continue
        move = {**p, "slot": slot, "card": Card(shown).key}
        if _given(p, "card", [move["card"]]) and legal(move):
            found.append(move)
    return found


def _take_discard(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    top = s.discard_top
    if top is None:
        return []
    move = {**p, "card": Card(top).key}
    return [move] if _given(p, "card", [move["card"]]) and legal(move) else []


def _take_deck(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    """The card drawn is seen by the player alone: asked where every draw is scanned."""
    if "card" in p:
        return [p] if legal(p) else []
    if s.scanned_draws:
        return [p] if any(legal({**p, "card": card.key}) for card in Card) else []
    return [p] if legal({**p, "card": None}) else []


def _plain(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
    """A move with nothing to choose but its seat (a pass, no second card)."""
    return [p] if legal(p) else []


def _players_know(field: str, kind: str):
    """A report of what the players alone saw (cards turned up, cubes drawn, a dealt card, the
    cards given up at the hand limit): when it is expected, the field is theirs to tell."""
    def make(box: Box, s: RotwState, p: dict, legal: Check) -> list[dict]:
        if field in p:
            return [p] if legal(p) else []
        seat = p.get("seat", s.current)
        return [p] if reason_of(lambda: PLAY[kind](box, s, seat)) is None else []
    return make


_SEATED = {"build", "play_locomotive", "deliver", "discard_draw", "discard_restock", "pass",
           "take_deck", "take_display", "take_discard", "stop_taking", "discard_excess",
           "show_card"}
_KINDS = {
    "build": _build, "play_locomotive": _locomotive, "deliver": _deliver,
    "discard_draw": _discard_draw, "discard_restock": _restock, "pass": _plain,
    "stop_taking": _plain, "take_deck": _take_deck, "take_display": _take_display,
    "take_discard": _take_discard,
    "draw_goods": _players_know("cubes", "draw_goods"),
    "turn_up": _players_know("cards", "turn_up"),
    "show_card": _players_know("card", "show_card"),
    "discard_excess": _players_know("cards", "discard_excess"),
}
