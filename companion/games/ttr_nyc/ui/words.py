"""Ticket to Ride: New York's words in the player's language: cards, taxi colours, routes, tickets, log lines."""

from __future__ import annotations

from companion.app import words
from companion.app.i18n import _
from companion.core.rules import Action, RuleViolation

from .. import GAME_KIND
from ..engine import Board

# Marked for translation here; looked up through _() when shown.
CARD_NAMES = {
    "blue": lambda: _("blue"),
    "green": lambda: _("green"),
    "black": lambda: _("black"),
    "pink": lambda: _("pink"),
    "red": lambda: _("red"),
    "orange": lambda: _("orange"),
    "taxi": lambda: _("Taxi"),
    "gray": lambda: _("grey"),
}
TAXI_COLOUR_NAMES = {
    "blue": lambda: _("blue"),
    "purple": lambda: _("purple"),
    "white": lambda: _("white"),
    "yellow": lambda: _("yellow"),
}
# Parameters of a RuleViolation that name a card.
_CARD_PARAMS = ("card", "colour", "actual", "named")


def card_name(key: str) -> str:
    name = CARD_NAMES.get(key)
    return name() if name else key


def taxi_colour_name(key: str) -> str:
    name = TAXI_COLOUR_NAMES.get(key)
    return name() if name else key


def blank_name(key: str, value):
    """A reason's blank in words: a card's colour by its name in the language."""
    if isinstance(value, str) and key in _CARD_PARAMS:
        return card_name(value)
    return value


def explain(violation: RuleViolation, _state=None) -> str:
    """The engine's reason, translated, its cards named in the language."""
    return words.explain(violation, blank_name, GAME_KIND)


def route_label(board: Board, route_id: str) -> str:
    route = board.routes[route_id]
    a, b = board.locations[route.a].name, board.locations[route.b].name
    return f"{a} – {b}"


def ticket_label(board: Board, ticket_id: str) -> str:
    ticket = board.tickets[ticket_id]
    a, b = board.locations[ticket.a].name, board.locations[ticket.b].name
    return f"{a} – {b} ({ticket.points})"


def payment_label(cards: tuple[str, ...]) -> str:
    """'2 × red + 1 × Taxi'."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return " + ".join(f"{n} × {card_name(card)}" for card, n in counts.items())


def describe(action: Action | None, players: tuple[str, ...], board: Board) -> str:
    """One line of the game's log."""
    if action is None:
        return _("A move was taken back.")
    kind = action.type
    who = players[action.seat] if getattr(action, "seat", None) is not None else ""
    if kind == "turn_up":
        cards = ", ".join(card_name(c) for c in action.cards)
        return _("Turned face up: {cards}").format(cards=cards)
    if kind == "keep_tickets":
        return _("{player} kept tickets: {count}").format(player=who, count=action.kept)
    if kind == "show_hand":
        return _("{player} was dealt: {cards}").format(
            player=who, cards=", ".join(card_name(c) for c in action.cards))
    if kind == "draw_blind":
        if action.card is not None:
            return _("{player} drew a {card} card from the deck").format(
                player=who, card=card_name(action.card))
        return _("{player} drew a card from the deck").format(player=who)
    if kind == "take_face_up":
        return _("{player} took a face-up {card} card").format(player=who,
                                                                card=card_name(action.card))
    if kind == "claim_route":
        return _("{player} claimed {route} with {cards}").format(
            player=who, route=route_label(board, action.route), cards=payment_label(action.cards))
    if kind == "draw_tickets":
        return _("{player} drew tickets and kept {count}").format(player=who, count=action.kept)
    if kind == "pass":
        return _("{player} passed").format(player=who)
    if kind == "reveal_tickets":
        return _("{player} revealed tickets: {count}").format(player=who,
                                                             count=len(action.tickets))
    if kind == "place_route":
        return _("{player}: {route}").format(player=who, route=route_label(board, action.route))
    return kind


def verdict(sheet, players) -> tuple[str, str]:
    """The results screen's two lines: who won, and why when completed tickets had a say (issue
    14: also when they only narrowed a shared victory)."""
    winners = " & ".join(players[seat] for seat in sheet.winners)
    if sheet.shared:
        return _("Shared victory: {players}").format(players=winners), (
            _("Tied on points: these players also completed the most tickets, still tied.")
            if sheet.decided_by else _("Tied on points and on completed tickets."))
    return _("{player} wins!").format(player=winners), (
        _("Tied on points: more completed tickets decided it.") if sheet.decided_by else "")
