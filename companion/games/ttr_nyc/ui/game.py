"""Ticket to Ride: New York in the app: its screens, layouts, taxi colours, log lines and scanner parts."""

from __future__ import annotations

from companion.app.games import GameUi
from companion.app.i18n import _
from companion.app.theme import TAXI_RGBA

from .. import GAME


def _screens() -> list:
    from .play import TtrPlayScreen
    from .score_only import ScoreOnlyScreen
    from .scoring import ScoringScreen
    screens = GAME.screens
    return [TtrPlayScreen(name=screens.play), ScoreOnlyScreen(name=screens.score_only),
            ScoringScreen(name=screens.scoring)]


def _describe(action, players, rules) -> str:
    from .words import describe
    return describe(action, players, rules.board)


def _colour(colour: str) -> str:
    from .words import taxi_colour_name
    return taxi_colour_name(colour)


SCANNED = "scanned_hands"  # Settings' key: new games scan every card dealt or drawn


def _options(store, mode: str) -> dict:
    from companion.app.settings import strict_scan
    return {"scanned_hands": True} if mode == "play" and strict_scan(store, SCANNED) else {}


def _teach_panel(teach):
    from .teach import TtrTeachPanel
    return TtrTeachPanel(teach)


def _component_name(component) -> str:
    from .teach import component_name
    return component_name(component)


def _explain(violation, state) -> str:
    from .words import explain
    return explain(violation, state)


def game_ui() -> GameUi:
    return GameUi(
        game=GAME, rgba=TAXI_RGBA, colour_names=_colour,
        starts=lambda: _("Who starts? The youngest player."),
        make_screens=_screens, describe=_describe, explain=_explain, options=_options,
        teach_panel=_teach_panel, component_name=_component_name,
        strict_scan=(SCANNED, lambda: _("scan every card dealt or drawn")))
