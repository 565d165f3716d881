"""Manhattan TraffIQ in the app: its box, colours, screens, log lines and scanner parts."""

from __future__ import annotations

from companion.app.games import GameUi
from companion.app.i18n import _

from .. import GAME

COLOURS = GAME.colours  # the vehicles in the box, in the box's order
RGBA = {
    "red": (0.90, 0.22, 0.20, 1),
    "yellow": (1.0, 0.84, 0.10, 1),
    "blue": (0.25, 0.52, 1.0, 1),
    "green": (0.22, 0.72, 0.32, 1),
}


def _screens() -> list:
    from .play import TraffiqPlayScreen
    from .scoring import TraffiqScoreOnlyScreen, TraffiqScoringScreen
    from .start import TraffiqStartScreen
    screens = GAME.screens
    return [TraffiqPlayScreen(name=screens.play),
            TraffiqScoreOnlyScreen(name=screens.score_only),
            TraffiqScoringScreen(name=screens.scoring),
            TraffiqStartScreen(name=screens.named("start"))]


def _describe(action, players, rules) -> str:
    from .words import describe
    return describe(action, players, rules)


def _colour(colour: str) -> str:
    from .words import colour_name
    return colour_name(colour)


def _teach_panel(teach):
    from .tile_chooser import TraffiqTeachPanel
    return TraffiqTeachPanel(teach)


def _component_name(component) -> str:
    from .tile_chooser import tile_component_name
    return tile_component_name(component)


def _before_start(start: dict) -> bool:
    from .start import before_start
    return before_start(start)


def _explain(violation, state) -> str:
    from .words import explain
    return explain(violation, state)


SCANNED = "traffiq_scanned_draws"  # Settings' key: new games scan every tile, the setup's too


def _options(store, mode: str) -> dict:
    """A new game's colours are held to the box's vehicles (older logs replay as stored)."""
    from companion.app.settings import strict_scan
    scanned = ({"scanned_draws": True, "scanned_setup": True}
               if mode == "play" and strict_scan(store, SCANNED) else {})
    return {"rulebook_colours": True, **scanned}


def game_ui() -> GameUi:
    return GameUi(
        game=GAME, rgba=RGBA, colour_names=_colour,
        starts=lambda: _("Who starts? Whoever was in New York most recently (otherwise the "
                         "youngest)."),
        make_screens=_screens, describe=_describe, explain=_explain, teach_panel=_teach_panel,
        component_name=_component_name, options=_options,
        strict_scan=(SCANNED, lambda: _("scan every tile, the 2 drawn at setup too")), before_start=_before_start)
