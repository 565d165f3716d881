"""Ticket to Ride: New York in the app: its screens, layouts, taxi colours, log lines and scanner parts."""

from __future__ import annotations

from companion.app.games import GameUi
from companion.app.i18n import _
from companion.games import lazy
from companion.app.theme import TAXI_RGBA

from .. import GAME

UI = __package__  # its screens' modules, imported when first used (lazy(...).call)


def _screens() -> list:
    from .play import TtrPlayScreen
    from .score_only import TtrScoreOnlyScreen
    from .scoring import ScoringScreen
    screens = GAME.screens
    return [TtrPlayScreen(name=screens.play), TtrScoreOnlyScreen(name=screens.score_only),
            ScoringScreen(name=screens.scoring)]


def _describe(action, players, rules, state=None) -> str:
    from .words import describe
    return describe(action, players, rules.board)


SCANNED = "scanned_hands"  # Settings' key: new games scan every card dealt or drawn


def _options(store, mode: str) -> dict:
    from companion.app.settings import strict_scan
    return {"scanned_hands": True} if mode == "play" and strict_scan(store, SCANNED) else {}


def game_ui() -> GameUi:
    return GameUi(
        game=GAME, rgba=TAXI_RGBA, colour_names=lazy(f"{UI}.words", "taxi_colour_name").call,
        starts=lambda: _("Who starts? The youngest player."), make_screens=_screens,
        describe=_describe, explain=lazy(f"{UI}.words", "explain").call, options=_options,
        teach_panel=lazy(f"{UI}.teach", "TtrTeachPanel").call,
        component_name=lazy(f"{UI}.teach", "component_name").call,
        strict_scan=(SCANNED, lambda: _("scan every card dealt or drawn")))
