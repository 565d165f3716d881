"""Lost Cities, the test-only fourth game (tests/games/lostcities/): its rules as the rulebook
says them, the conformance checks every game passes, its catalogs, and that nothing outside
its own files names it. It is registered only while this module's tests run."""

from __future__ import annotations

from pathlib import Path

import pytest

import lostcities
import test_conformance as conformance
from companion.app import catalog
from companion.core.rules import Phase, RuleViolation
from companion.games import games, register, unregister
from lostcities.engine import (COLOURS, DECK, Discard, DrawDeck, DrawDiscard, EnterExpedition,
                               FinishScoring, LostCities, PlayCard, expedition_points)

GAME = lostcities.GAME


@pytest.fixture(scope="module", autouse=True)
def registered():
    register(GAME)
    yield
    unregister(GAME.game_kind)


def new(mode: str = "play"):
    return LostCities().new_state(("Ann", "Ben"), {"first": 0, "mode": mode})


def refusal(s, action) -> str:
    violation = LostCities().check(s, action)
    return violation.code if isinstance(violation, RuleViolation) else "accepted"


# ---- the rulebook -------------------------------------------------------------------------


def test_an_expedition_scores_its_sum_less_20_times_one_plus_its_wagers():
    assert expedition_points([]) == 0  # not started: nothing
    assert expedition_points([2, 3]) == -15
    assert expedition_points([0, 0, 4, 5, 6, 7]) == 3 * 2
    assert expedition_points([0, 2, 3, 4, 5, 6, 7, 8]) == (35 - 20) * 2 + 20  # 8 cards: +20


def test_a_turn_is_one_card_laid_then_one_drawn():
    rules, s = LostCities(), new()
    assert refusal(s, DrawDeck(0)) == "play_first"
    rules.apply(s, PlayCard(0, "red", 4))
    assert refusal(s, PlayCard(0, "red", 5)) == "draw_now"
    rules.apply(s, DrawDeck(0))
    assert s.current == 1 and s.deck == DECK - 16 - 1


def test_an_expedition_rises_and_wagers_come_first():
    rules, s = LostCities(), new()
    for action in (PlayCard(0, "blue", 5), DrawDeck(0), Discard(1, "red", 9), DrawDeck(1)):
        rules.apply(s, action)
    assert refusal(s, PlayCard(0, "blue", 3)) == "rising_order"
    assert refusal(s, PlayCard(0, "blue", 0)) == "rising_order"  # a wager after a number
    assert refusal(s, PlayCard(0, "red", 9)) == "card_out"  # the one red 9 lies on the pile


def test_the_card_just_discarded_is_not_drawn_back():
    rules, s = LostCities(), new()
    rules.apply(s, Discard(0, "green", 7))
    assert refusal(s, DrawDiscard(0, "green")) == "own_discard"
    assert refusal(s, DrawDiscard(0, "white")) == "pile_empty"


def test_the_last_card_of_the_deck_ends_the_game():
    rules, s = LostCities(), new()
    s.deck = 1
    rules.apply(s, PlayCard(0, "yellow", 2))
    rules.apply(s, DrawDeck(0))
    assert s.phase is Phase.OVER and refusal(s, PlayCard(1, "red", 2)) == "game_over"


def test_score_only_takes_each_finished_expedition():
    rules, s = LostCities(), new("score_only")
    rules.apply(s, EnterExpedition(1, "white", 2, (3, 4, 10)))
    assert refusal(s, PlayCard(0, "red", 4)) == "unknown_action"
    rules.apply(s, FinishScoring())
    assert rules.score(s).totals == (0, (17 - 20) * 3) and s.phase is Phase.OVER


# ---- what every game passes (tests/games/test_conformance.py, over this game) -------------


def test_conformance_random_games_end_and_keep_every_piece():
    conformance.test_random_games_end_and_keep_every_piece(GAME)


def test_conformance_every_move_played_is_checked_and_offered():
    conformance.test_every_move_played_is_checked_and_offered(GAME)


def test_conformance_options_the_app_sends_and_only_declared_ones():
    conformance.test_the_engine_takes_the_options_the_app_sends_every_game(GAME)
    conformance.test_a_game_uses_only_the_options_it_declares(GAME)


def test_conformance_undo_the_store_an_export_and_the_recount(tmp_path, capsys):
    conformance.test_undo_equals_refolding_the_shorter_log(GAME, tmp_path)
    conformance.test_the_log_survives_json_the_store_and_an_export(GAME, tmp_path, capsys)
    conformance.test_the_score_equals_an_independent_recount(GAME)
    conformance.test_the_engine_imports_nothing_impure(GAME)


# ---- its rule cards and its words ------------------------------------------------------


def test_every_refusal_code_has_a_rule_card():
    from companion.games.rule_cards import card_for
    from test_rule_cards import codes_in
    codes = codes_in(Path(lostcities.__file__).parent)
    assert codes and not [c for c in codes if card_for(GAME.game_kind, c) is None]


def test_its_words_are_in_its_own_catalogs_complete_and_up_to_date():
    assert GAME in games()
    by_domain = catalog.split(catalog.extract_with_files())
    assert "Deck: {count}" in by_domain["lostcities"] and "Undo" in by_domain["companion"]
    for language in catalog.TRANSLATED:
        path = Path(lostcities.__file__).parent / "locale" / language / "LC_MESSAGES"
        built = catalog.build(language, by_domain["lostcities"], None, "lostcities", {})
        assert catalog.serialise(built) == (path / "lostcities.po").read_text(encoding="utf-8")
        assert catalog.gaps(built) == []


def test_nothing_outside_its_own_files_names_it():
    root = Path(__file__).resolve().parents[2]
    for folder in ("companion", "kv", "data"):
        for path in (root / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".kv", ".json", ".po"):
                text = path.read_text(encoding="utf-8", errors="replace")
                assert "lostcities" not in text and "Lost Cities" not in text, path
