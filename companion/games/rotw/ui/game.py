"""Railways of the World in the app: its screens, layouts, player colours, log lines and scanner parts."""

from __future__ import annotations

from companion.app.games import GameUi
from companion.app.i18n import _

from .. import GAME


def _screens() -> list:
    from .play import RotwPlayScreen
    from .score_only import RotwScoreOnlyScreen
    from .scoring import RotwScoringScreen
    screens = GAME.screens
    return [RotwPlayScreen(name=screens.play), RotwScoreOnlyScreen(name=screens.score_only),
            RotwScoringScreen(name=screens.scoring)]


def _describe(action, players, rules) -> str:
    from .words import describe
    return describe(action, players, rules)


def _colour(colour: str) -> str:
    from .words import player_colour_name
    return player_colour_name(colour)


def _teach_panel(teach):
    from .teach import RotwTeachPanel
    return RotwTeachPanel(teach)


def _component_name(component) -> str:
    from .teach import component_name
    return component_name(component)


def _explain(violation, state) -> str:
    from .words import explain
    return explain(violation, state)


SCANNED = "rotw_scanned_draws"  # Settings' key: new games scan every card, the dealt ones too


def _options(store, mode: str) -> dict:
    from companion.app.settings import strict_scan
    return ({"scanned_draws": True, "scanned_setup": True}
            if mode == "play" and strict_scan(store, SCANNED) else {})


def game_ui() -> GameUi:
    from .colours import PLAYER_RGBA
    return GameUi(
        game=GAME, rgba=PLAYER_RGBA, colour_names=_colour,
        starts=lambda: _("Who starts? Choose the start player."),
        make_screens=_screens, describe=_describe, explain=_explain, teach_panel=_teach_panel,
        component_name=_component_name, options=_options,
        strict_scan=(SCANNED, lambda: _("scan every card, the ones dealt at setup too")))
