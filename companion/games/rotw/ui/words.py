"""Railways of the World: The Card Game in the player's language: cards, colours, cities, moves, reasons."""

from __future__ import annotations

from companion.core.rules import RuleViolation
from .. import GAME_KIND
from ..engine import START
from ..engine.box import parse_card
from companion.app.i18n import _, ngettext
from companion.app.why import Refusal
from companion.app.words import PHASE_NAMES

RAIL_NAMES = {
    "purple": lambda: _("purple"),
    "light_green": lambda: _("light green"),
    "brown": lambda: _("brown"),
    "orange": lambda: _("orange"),
    "white": lambda: _("white"),
}
GOODS_NAMES = {
    "blue": lambda: _("blue"),
    "red": lambda: _("red"),
    "black": lambda: _("black"),
    "yellow": lambda: _("yellow"),
}
PLAYER_COLOUR_NAMES = {  # the trains in the box
    "purple": lambda: _("purple"),
    "light_blue": lambda: _("light blue"),
    "grey": lambda: _("grey"),
    "green": lambda: _("green"),
}
STEP_NAMES = {
    "action": lambda: _("the action"),
    "take": lambda: _("taking cards"),
    "hand_limit": lambda: _("the hand limit"),
    "final_delivery": lambda: _("the final deliveries"),
}


def rail_name(colour: str | None) -> str:
    name = RAIL_NAMES.get(colour or "")
    return name() if name else str(colour)


def goods_name(goods: str | None) -> str:
    name = GOODS_NAMES.get(goods or "")
    return name() if name else str(goods)


def player_colour_name(colour: str) -> str:
    name = PLAYER_COLOUR_NAMES.get(colour)
    return name() if name else colour


def card_name(key: str) -> str:
    """'Locomotive', 'City 3', 'orange 2'."""
    if key == "loco":
        return _("Locomotive")
    if key.startswith("city-"):
        return _("City {value}").format(value=key[5:])
    colour, _dash, value = key.rpartition("-")
    return f"{rail_name(colour)} {value}"


def city_name(city_id: str, state=None) -> str:
    """'the start board', or a city by its value and demand: 'City 3 (red) · c4'."""
    if city_id == START:
        return _("the start board")
    city = state.cities.get(city_id) if state is not None else None
    if city is None:
        return city_id
    if city.demand is None:
        return _("City {value}").format(value=city.value) + f" · {city_id}"
    return _("City {value} ({goods})").format(value=city.value, goods=goods_name(city.demand)) \
        + f" · {city_id}"


def city_card_label(card) -> str:
    """A city card's printed features: 'City 3 (red): orange, brown'."""
    points = ", ".join(rail_name(c) for c in card.points)
    if card.demand is None:
        return _("City {value}: {points}").format(value=card.value, points=points)
    return _("City {value} ({goods}): {points}").format(
        value=card.value, goods=goods_name(card.demand), points=points)


def cards_label(keys) -> str:
    """'2 × orange 1 + Locomotive'."""
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return " + ".join(card_name(k) if n == 1 else f"{n} × {card_name(k)}"
                      for k, n in counts.items())


def _param(key: str, value, state):
    if not isinstance(value, str):
        return value
    if key == "also":  # the engine's English aside: ' (or "start")'
        return _(" (or the start board)") if value else ""
    if key == "colour":
        return rail_name(value)
    if key == "goods":
        return goods_name(value)
    if key in ("card", "actual", "named"):
        try:
            return card_name(parse_card(value).key)
        except RuleViolation:
            return value
    if key in ("city", "a", "b"):
        return city_name(value, state)
    if key == "step":
        return STEP_NAMES[value]() if value in STEP_NAMES else value
    if key == "phase":
        return PHASE_NAMES[value]() if value in PHASE_NAMES else value
    return value


def explain(violation: RuleViolation, state=None) -> str:
    """The engine's reason, translated, with colours, cards and cities named in the language."""
    params = {key: _param(key, value, state) for key, value in violation.params.items()}
    template = _(violation.template).replace("{city!r}", "{city}").replace("{card!r}", "{card}")
    template = template.replace("{goods!r}", "{goods}").replace("{colour!r}", "{colour}")
    try:
        text = template.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with a broken blank
        text = violation.message
    return Refusal(text, violation.code, GAME_KIND)  # its code opens the rule card (Why?)


PLAYER_LINES = {  # the log lines that name only the player
    "show_card": lambda: _("{player} scanned a card dealt at setup"),
    "pass": lambda: _("{player} passed"),
    "take_deck": lambda: _("{player} drew a card from the deck"),
    "stop_taking": lambda: _("{player} took no second card"),
}


def describe(action, players: tuple[str, ...], rules=None, state=None) -> str:
    """One line of the game's log; with `state` (the game's, at or after the move: a city
    built stays), its cities named as the network shows them ("City 3 (red) · c4")."""
    if action is None:
        return _("A move was taken back.")
    kind = action.type
    who = players[action.seat] if getattr(action, "seat", None) is not None else ""
    if kind in PLAYER_LINES:
        return PLAYER_LINES[kind]().format(player=who)
    if kind == "turn_up":
        return _("Turned face up: {cards}").format(
            cards=", ".join(card_name(c) for c in action.cards))
    if kind == "draw_goods":
        return _("Drawn from the bag: {cubes}").format(
            cubes=", ".join(goods_name(c) for c in action.cubes))
    if kind == "build":
        return _("{player} built a link ({colour}) to a City {value}, paying {cards}").format(
            player=who, colour=rail_name(action.colour), value=action.value,
            cards=cards_label(action.cards))
    if kind == "play_locomotive":
        if action.goods:
            return _("{player} played a Locomotive and delivered {goods} goods").format(
                player=who, goods=goods_name(action.goods))
        return _("{player} played a Locomotive").format(player=who)
    if kind == "deliver":
        return _("{player} delivered {goods} goods from {a} to {b}").format(
            player=who, goods=goods_name(action.goods), a=city_name(action.origin, state), b=city_name(action.destination, state))
    if kind == "discard_draw":
        return _("{player} discarded {card} and drew a card").format(
            player=who, card=card_name(action.card))
    if kind == "discard_restock":
        return _("{player} discarded {card} and restocked {city}").format(
            player=who, card=card_name(action.card), city=city_name(action.city, state))
    if kind in ("take_display", "take_discard"):
        return _("{player} took {card}").format(player=who, card=card_name(action.card))
    if kind == "discard_excess":
        return _("{player} discarded down to the hand limit: {cards}").format(
            player=who, cards=cards_label(action.cards))
    if kind == "place_city":
        return _("City {value} on the table").format(value=action.value)
    if kind == "place_link":
        return _("{player}: a link {a} – {b} worth {value}").format(
            player=who, a=city_name(action.a, state), b=city_name(action.b, state),
            value=action.value)
    if kind == "set_locomotives":
        return ngettext("{player}: {count} Locomotive", "{player}: {count} Locomotives",
                        action.count).format(player=who, count=action.count)
    if kind == "set_delivered":
        count = len(action.cubes)
        return ngettext("{player}: {count} cube delivered", "{player}: {count} cubes delivered",
                        count).format(player=who, count=count)
    if kind == "set_track":
        return _("{player}: {points} on the score track").format(player=who,
                                                                 points=action.points)
    if kind == "finish_scoring":
        return _("Everything entered: the scoring")
    return kind


def verdict(sheet, players) -> tuple[str, str]:
    """The results screen's two lines: who won, and why when a tie-break had a say (also
    when it only narrowed a shared victory)."""
    winners = " & ".join(players[seat] for seat in sheet.winners)
    if sheet.shared:
        return _("Shared victory: {players}").format(players=winners), {
            "most_connections": _("Tied on points: these players also have the most "
                                  "connections and the same goods delivered."),
            "most_goods": _("Tied on points and connections: these players also delivered "
                            "the most goods, still tied."),
        }.get(sheet.decided_by or "", _("Tied on points, connections and goods delivered."))
    return _("{player} wins!").format(player=winners), {
        "most_connections": _("Tied on points: more connections decided it."),
        "most_goods": _("Tied on points and connections: more goods delivered decided it."),
    }.get(sheet.decided_by or "", "")
