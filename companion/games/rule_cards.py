"""Rules help: a rule card for every refusal, in our own words, and the table options a game offers.

Each game may declare a `rule_cards` module (its `Game.rule_cards`) with `CARDS` (its RuleCards) and
`TABLE_OPTIONS` (its TableOptions); the cards here, `COMMON`, explain the refusals every game
shares. Every `RuleViolation` code of every engine is linked from exactly one card of its game
or of `COMMON` (tests/games/test_rule_cards.py checks it, in every language). Titles and texts
are msgids (`N_()`): the catalog tool collects them, the app translates them when shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import N_, Variant, game


@dataclass(frozen=True)
class RuleCard:
    """One rule in our own words, and the refusal codes it explains."""

    rule: str  # the rule's id
    title: str  # msgid
    text: str  # msgid: the rule in our own words, a few sentences
    codes: tuple[str, ...]  # the RuleViolation codes it is the reason for
    option: str = ""  # the table option that changes this rule, if one does


@dataclass(frozen=True)
class TableOption(Variant):
    """A reading the rulebook leaves open (a Variant New game shows under "Table rules"): the
    first choice is the default (the engine's reading before the option existed)."""

    quote: str = ""  # the rulebook's own sentence, as printed (a short quote)
    quote_language: str = ""  # the language it is printed in
    meaning: str = ""  # msgid: the sentence in English, translated for the other languages
    when: str = ""  # the game option it belongs to (the family game's), if it applies only there


# Strict scanning has a card in each game's own CARDS: what is scanned differs by game, and a
# shared card would tell every game's players the same.
COMMON = (
    RuleCard("turns", N_("Whose turn it is"), N_(
        "Play goes clockwise, one player after the other. Only the player whose turn it is "
        "makes a move; the seat strip at the bottom shows who that is."),
        ("not_your_turn", "no_such_seat")),
    RuleCard("phases", N_("Setup, play and the end"), N_(
        "A move of play is made while the game is being played: not before setup is done, and "
        "not once the game has ended and is being scored."),
        ("not_playing",)),
    RuleCard("players", N_("The players"), N_(
        "Each game is for as many players as its box says. Every player needs a name of their "
        "own, so that the app can tell them apart."),
        ("player_count", "player_name", "player_names_twice")),
    RuleCard("reports", N_("What the app understands"), N_(
        "This is not a rule of the game: the app could not read what it was told (a move "
        "or a setting it does not know). Check what was entered or scanned, and try again."),
        ("malformed_action", "unknown_action", "bad_option")),
    RuleCard("score_only", N_("Scoring a finished game"), N_(
        "The final position is entered only when you score a game that was played without the "
        "app. During play, the moves build the position by themselves."),
        ("not_score_only",)),
)


def rule_book(game_kind: str) -> Any | None:
    """The game's `rule_cards` module (CARDS, TABLE_OPTIONS), or None if it declares none."""
    loader = game(game_kind).rule_cards
    return loader() if loader is not None else None


def cards(game_kind: str) -> tuple[RuleCard, ...]:
    """The game's own rule cards, then the ones every game shares."""
    book = rule_book(game_kind)
    return (*(book.CARDS if book else ()), *COMMON)


def card_for(game_kind: str, code: str) -> RuleCard | None:
    """The rule card a refusal code of this game links to (the game's own first)."""
    return next((card for card in cards(game_kind) if code in card.codes), None)


def table_options(game_kind: str) -> tuple[TableOption, ...]:
    book = rule_book(game_kind)
    return tuple(getattr(book, "TABLE_OPTIONS", ())) if book else ()


def table_defaults(game_kind: str) -> dict[str, Any]:
    """Each table option at its default: what New game writes into a new game's header."""
    return {option.option: option.choices[0][0] for option in table_options(game_kind)}


def in_force(game_kind: str, options: dict[str, Any]) -> list[tuple[TableOption, Any]]:
    """Each table option that applies to a game with these options (its header's), with the
    value they give it (its default if none)."""
    return [(option, options.get(option.option, option.choices[0][0]))
            for option in table_options(game_kind) if not option.when or options.get(option.when)]
