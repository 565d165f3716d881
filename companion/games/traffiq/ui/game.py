"""Manhattan TraffIQ in the app: its box, colours, screens, log lines and scanner parts."""

from __future__ import annotations

from companion.app.games import GameUi
from companion.app.i18n import _
from companion.games import lazy

from .. import GAME

UI = __package__  # its screens' modules, imported when first used (lazy(...).call)

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


SCANNED = "traffiq_scanned_draws"  # Settings' key: new games scan every tile, the setup's too


def _options(store, mode: str) -> dict:
    """A new game's colours are held to the box's vehicles (older logs replay as stored)."""
    from companion.app.settings import strict_scan
    scanned = ({"scanned_draws": True, "scanned_setup": True}
               if mode == "play" and strict_scan(store, SCANNED) else {})
    return {"rulebook_colours": True, **scanned}


def game_ui() -> GameUi:
    return GameUi(
        game=GAME, rgba=RGBA, colour_names=lazy(f"{UI}.words", "colour_name").call,
        starts=lambda: _("Who starts? Whoever was in New York most recently (otherwise the "
                         "youngest)."),
        make_screens=_screens, describe=lazy(f"{UI}.words", "describe").call,
        explain=lazy(f"{UI}.words", "explain").call,
        teach_panel=lazy(f"{UI}.tile_chooser", "TraffiqTeachPanel").call,
        component_name=lazy(f"{UI}.tile_chooser", "tile_component_name").call, options=_options,
        strict_scan=(SCANNED, lambda: _("scan every tile, the 2 drawn at setup too")),
        before_start=lazy(f"{UI}.start", "before_start").call)
