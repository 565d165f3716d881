"""The game contract: a game declares its pieces in its `GAME`, and registering checks them.

A missing or misnamed piece is refused when the game registers (for the shipped games: when the
registry is first read, before any test runs), in one message that names every such piece and
the section of docs/adding-a-game.md that describes it.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

import noughts_game
from companion.games import (APP_OPTIONS, ContractError, Screens, Variant, check, game, games,
                             lazy, module, register, unregister)

TTR = "ttr-nyc"


def refusal(entry) -> str:
    with pytest.raises(ContractError) as refused:
        check(entry, games())
    return str(refused.value)


def test_the_shipped_games_meet_the_contract():
    for entry in games():
        check(entry, games())


def test_a_misnamed_module_is_refused_naming_the_piece_and_the_doc_section():
    broken = replace(game(TTR), playout=lazy("companion.games.ttr_nyc.playut", "TtrPlayout"))
    message = refusal(broken)
    assert "playout: no module companion.games.ttr_nyc.playut" in message
    assert 'docs/adding-a-game.md, "4. Around the engine"' in message


def test_a_loader_naming_what_its_module_does_not_define_is_refused():
    broken = replace(game(TTR), recount=lazy("companion.games.ttr_nyc.recount", "total"))
    assert "recount: companion.games.ttr_nyc.recount defines no 'total'" in refusal(broken)


def test_a_piece_whose_file_is_there_but_not_declared_is_refused():
    assert "rule_cards.py is there but rule_cards is not declared" in refusal(
        replace(game(TTR), rule_cards=None))


def test_every_problem_comes_in_one_message():
    broken = replace(game(TTR), rule_cards=None, bench=module("companion.games.ttr_nyc.bnch"),
                     kv=("ttr_nyc/play.kv", "ttr_nyc/nowhere.kv"), data="ttr_nyx")
    lines = refusal(broken).splitlines()
    assert len(lines) == 5, lines
    assert [line.split(":")[0].strip(" -") for line in lines[1:]] == [
        "bench", "rule_cards", "kv", "data"]


def test_screen_names_are_made_from_the_game_package_name():
    screens = Screens("castle", more=("start",))
    assert screens.all() == ("castle_play", "castle_score_only", "castle_scoring", "castle_start")
    assert "the prefix must be the game's package name 'ttr_nyc'" in refusal(
        replace(game(TTR), screens=Screens("ttr")))


def test_a_screen_name_another_game_has_is_refused_at_registration():
    copy = replace(game(TTR), game_kind="ttr-copy")
    with pytest.raises(ContractError, match="screen name 'ttr_nyc_play' is taken by ttr-nyc"):
        register(copy)
    assert "ttr-copy" not in [entry.game_kind for entry in games()]


def test_a_game_with_screens_scores_finished_games_too():
    assert "score_only: a game with screens must score finished games too" in refusal(
        replace(game(TTR), score_only=False))


def test_screens_without_the_app_side_or_the_other_way_round_are_refused():
    assert "ui: screens are declared, ui (its GameUi) is not" in refusal(
        replace(game(TTR), ui=None))
    assert "screens: ui is declared, screens (Screens(...)) is not" in refusal(
        replace(game(TTR), screens=None))


def test_new_games_choices_are_among_the_options_the_game_declares():
    scenario = Variant("scenario", "Scenario", (("short", "Short"),))
    message = refusal(replace(game(TTR), variants=(scenario,)))
    assert "options: New game's choices ['scenario'] are not in options" in message


def test_the_apps_own_options_are_not_declared_as_the_games():
    assert set(APP_OPTIONS) == {"first", "colours", "places", "mode"}
    assert "['mode'] are the app's own options" in refusal(
        replace(game(TTR), options=("scanned_hands", "mode")))


def test_a_test_game_registers_and_unregisters():
    register(noughts_game.GAME)
    try:
        assert game(noughts_game.GAME.game_kind) is noughts_game.GAME
    finally:
        unregister(noughts_game.GAME.game_kind)


def test_a_screen_name_promised_twice_is_refused():
    from companion.app.screens import LazyScreens  # imports Kivy's classes, opens no window
    manager = SimpleNamespace(_makers={})
    manager.has_screen = lambda name: name in manager._makers
    LazyScreens.promise(manager, ("castle_play",), lambda: None)
    with pytest.raises(ValueError, match="'castle_play' is already promised"):
        LazyScreens.promise(manager, ("castle_play",), lambda: None)


def test_a_game_with_screens_names_the_domain_of_its_words():
    assert 'domain: a game with screens has words: name its gettext domain' in refusal(
        replace(game(TTR), domain=None))
    assert "domain 'companion' is not a lower-case identifier other than the shared" in refusal(
        replace(game(TTR), domain="companion"))


def test_a_game_outside_the_package_registers_in_every_process_by_companion_games(monkeypatch):
    """COMPANION_GAMES names modules whose GAME the registry adds after the shipped games, as
    the real `companion` command reads it (how a test's game plays through the app)."""
    import companion.games as registry
    monkeypatch.setenv(registry.EXTRA_GAMES, "noughts_game")
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", False)
    assert [entry.game_kind for entry in games()][-1] == noughts_game.GAME.game_kind
