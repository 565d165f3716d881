"""Lost Cities, a test-only fourth game: one package outside `companion`, registered only by
its tests (test_lostcities.py) or, for the real `companion` command, by COMPANION_GAMES.

docs/adding-a-game.md is written from this package: every file here is a step there.
"""

from __future__ import annotations

from companion.games import Game, Screens, lazy, module

PACKAGE = __name__
GAME_KIND = "lost-cities-test"  # the engine's LostCities.game_kind


def rules():
    from .engine import LostCities
    return LostCities()


GAME = Game(
    game_kind=GAME_KIND, title="Lost Cities", least=2, most=2, colours=("blue", "red"),
    rules=rules, package=PACKAGE, score_only=True,
    screens=Screens("lostcities"),
    kv=("lostcities/play.kv", "lostcities/score_only.kv", "lostcities/scoring.kv"),
    domain="lostcities", rule_cards=module(f"{PACKAGE}.rule_cards"),
    ui=lazy(f"{PACKAGE}.ui.game", "game_ui"), report=module(f"{PACKAGE}.report"),
    playout=lazy(f"{PACKAGE}.playout", "LostCitiesPlayout"),
    components=lazy(f"{PACKAGE}.playout", "components"),
    recount=lazy(f"{PACKAGE}.playout", "recount"))
