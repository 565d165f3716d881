"""Rules help: every RuleViolation code of every engine links to one rule card of
its game (or one every game shares), and every card and table option is translated into every
language. The codes are read from the engines' source with `ast` (as `grep RuleViolation(`
would), the shared core's with them: a code added later without a card fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion
from companion.app.catalog import read_all
from companion.app.i18n import LANGUAGES
from companion.games import games
from companion.games.rule_cards import COMMON, card_for, cards, rule_book, table_options

PACKAGE = Path(companion.__file__).resolve().parent
GAMES = [game for game in games() if game.package.startswith("companion.games.")]


def codes_in(folder: Path) -> set[str]:
    """The code (first argument) of every `RuleViolation(...)` in a folder's modules."""
    found = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleViolation"):
                assert isinstance(node.args[0], ast.Constant), f"{path}: a code not literal"
                found.add(node.args[0].value)
    return found


def engine_codes(game) -> set[str]:
    engine = PACKAGE / "games" / game.package.rsplit(".", 1)[-1] / "engine"
    return codes_in(engine) | codes_in(PACKAGE / "core") | {"malformed_action"}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.game_kind)
def test_every_refusal_code_has_a_rule_card(game):
    missing = sorted(code for code in engine_codes(game) if card_for(game.game_kind, code) is None)
    assert missing == [], f"{game.game_kind}: codes without a rule card: {missing}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.game_kind)
def test_each_code_links_to_one_card_and_each_card_to_codes_of_its_game(game):
    own = rule_book(game.game_kind).CARDS
    linked = [code for card in own for code in card.codes]
    assert len(linked) == len(set(linked)), "a code on two of the game's cards"
    shared = {code for card in COMMON for code in card.codes}
    assert not set(linked) & shared, "a code on a game's card and a shared card"
    codes = engine_codes(game)
    for card in own:
        assert set(card.codes) <= codes, f"{card.rule}: codes the engine never raises"
    rules = [card.rule for card in cards(game.game_kind)]
    assert len(rules) == len(set(rules)), "one rule card per rule id"
    options = {option.option for option in table_options(game.game_kind)}
    assert {card.option for card in own if card.option} <= options


def msgids(game) -> list[str]:
    found = []
    for card in cards(game.game_kind):
        found += [card.title, card.text]
    for option in table_options(game.game_kind):
        found += [option.label, option.meaning, *(name for _value, name in option.choices)]
    return found


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_rule_card_and_table_option_is_translated(language):
    catalog = read_all(language)
    untranslated = sorted({text for game in GAMES for text in msgids(game)
                           if not (catalog.get(text) and catalog.get(text).string)})
    assert untranslated == [], f"{language}: {untranslated}"


def test_table_options_default_to_the_engines_reading():
    """The first choice New game offers is the engine's default (a log without the option)."""
    from companion.boards import rules_for
    for game in GAMES:
        for option in table_options(game.game_kind):
            state = rules_for(game.game_kind).new_state(("A", "B"), {})
            value = getattr(state.table, option.option)
            assert getattr(value, "value", value) == option.choices[0][0], option.option


def test_the_rules_screen_lists_the_options_that_apply_to_the_game():
    """The family game's option is listed only for a family game; each with the header's value,
    else its default."""
    from companion.games.rule_cards import in_force
    full = dict((o.option, v) for o, v in in_force("rotw-card-game", {"locomotive_second": False}))
    assert full == {"locomotive_second": False, "value_five_stops": False}
    family = dict((o.option, v) for o, v in in_force("rotw-card-game", {"family": True}))
    assert family["family_locomotives"] == "jokers"
    assert in_force("ttr-nyc", {}) == []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.game_kind)
def test_a_refusal_finds_its_games_card_before_the_game_is_live(game):
    """Every refusal has its Why?, also one said before its game is live (New game's start,
    TraffIQ's start tiles): no game is live then, or an earlier game of another kind is, so the
    card comes from the game whose words said the refusal, not from the live table."""
    from companion.app.games import game_ui
    from companion.app.why import card_of
    from companion.core.rules import RuleViolation
    own = rule_book(game.game_kind).CARDS
    for card in own:
        refusal = game_ui(game.game_kind).explain(RuleViolation(card.codes[0], "No."), None)
        assert card_of(refusal) == card, (game.game_kind, card.codes[0])


def test_traffiqs_start_tiles_refusal_keeps_its_card():
    """A start layout that does not fit, said before the game starts, opens its rule card."""
    from companion.app.why import card_of
    from companion.games.traffiq.engine.box import parse_layout
    from companion.games.traffiq.ui.words import explain
    from companion.core.rules import RuleViolation
    with pytest.raises(RuleViolation) as info:
        parse_layout([[0, 0, "red", "red", "red", "red"], [0, 0, "red", "red", "red", "red"]])
    card = card_of(explain(info.value))
    assert card is not None and "bad_layout" in card.codes


def test_table_rules_quote_the_rulebook_and_translate_it_only_for_another_language():
    """New game's Table rules: the rulebook's own sentence as printed; in the
    rulebook's language that alone, in any other with its meaning in the player's language."""
    from companion.app.i18n import tr
    from companion.app.table_rules import language_name, quote_text
    before = tr.language
    try:
        for game in GAMES:
            for option in table_options(game.game_kind):
                for language in LANGUAGES:
                    tr.switch(language)
                    text = quote_text(option)
                    assert option.quote in text, (option.option, language)
                    meaning = tr._(option.meaning)
                    if language == option.quote_language:
                        assert "\n" not in text, (option.option, language)
                    else:  # which language the quote is in, and the meaning's, in words
                        assert text.endswith(meaning), (option.option, language)
                        assert language_name(option.quote_language) in text.split("\n")[0]
                        assert language_name(language) in text.split("\n")[1]
                        assert language == "en" or meaning != option.meaning, option.option
    finally:
        tr.switch(before)


def test_each_games_strict_scanning_card_says_what_it_scans():
    """Strict scanning differs by game, so its card is each game's own and
    says whether the hands dealt at setup are scanned (Ticket to Ride: yes, show_hand;
    TraffIQ: yes, show_tile; Railways: yes, show_card)."""
    assert not {"scan_the_card", "scan_the_tile", "scan_drawn_card"} & {
        code for card in COMMON for code in card.codes}
    ttr = card_for("ttr-nyc", "scan_drawn_card")
    assert card_for("ttr-nyc", "show_hand_first") is ttr and "dealt at setup and" in ttr.text
    traffiq = card_for("manhattan-traffiq", "scan_the_tile")
    assert card_for("manhattan-traffiq", "show_tiles_first") is traffiq
    assert "scans the 2 tiles drawn at setup" in traffiq.text, traffiq
    card = card_for("rotw-card-game", "scan_the_card")
    assert card.rule in {c.rule for c in rule_book("rotw-card-game").CARDS}, card
    assert card_for("rotw-card-game", "show_cards_first") is card
    assert "the 2 cards dealt at setup" in card.text and "every hand exactly" in card.text, card
