"""Lost Cities in words: its colours, its cards and its moves, in the player's language."""

from __future__ import annotations

from companion.app.i18n import _

from ..engine import WAGER

COLOUR_NAMES = {"yellow": lambda: _("yellow"), "blue": lambda: _("blue"),
                "white": lambda: _("white"), "green": lambda: _("green"),
                "red": lambda: _("red")}


def card_colour(colour: str) -> str:
    return COLOUR_NAMES[colour]() if colour in COLOUR_NAMES else colour


def card_value(value: int) -> str:
    return _("wager") if value == WAGER else str(value)


def card_name(colour: str, value: int) -> str:
    return _("{colour}: {value}").format(colour=card_colour(colour), value=card_value(value))


def describe(action, players, rules, state=None) -> str:
    """One move as the game's log says it."""
    data = action.to_json()
    player = players[data["seat"]] if "seat" in data else ""
    if action.type == "play_card":
        text = _("{player} lays {card}")
    elif action.type == "discard":
        text = _("{player} discards {card}")
    elif action.type == "draw_deck":
        text = _("{player} draws from the deck")
    elif action.type == "draw_discard":
        text = _("{player} draws from a discard pile ({colour})")
    elif action.type == "enter_expedition":
        text = _("{player}: expedition ({colour}) entered")
    else:
        text = _("Final position entered")
    colour = data.get("colour", "")
    return text.format(player=player, colour=card_colour(colour),
                       card=card_name(colour, data.get("value", 0)))
