"""Railways of the World in the app: its screens, layouts, player colours, log lines and scanner parts."""

from __future__ import annotations

from companion.app.games import GameUi
from companion.app.i18n import _
from companion.games import lazy

from .. import GAME

UI = __package__  # its screens' modules, imported when first used (lazy(...).call)


def _screens() -> list:
    from .play import RotwPlayScreen
    from .score_only import RotwScoreOnlyScreen
    from .scoring import RotwScoringScreen
    screens = GAME.screens
    return [RotwPlayScreen(name=screens.play), RotwScoreOnlyScreen(name=screens.score_only),
            RotwScoringScreen(name=screens.scoring)]


SCANNED = "rotw_scanned_draws"  # Settings' key: new games scan every card, the dealt ones too


def _options(store, mode: str) -> dict:
    from companion.app.settings import strict_scan
    return ({"scanned_draws": True, "scanned_setup": True}
            if mode == "play" and strict_scan(store, SCANNED) else {})


def game_ui() -> GameUi:
    from .colours import PLAYER_RGBA
    return GameUi(
        game=GAME, rgba=PLAYER_RGBA, colour_names=lazy(f"{UI}.words", "player_colour_name").call,
        starts=lambda: _("Who starts? Choose the start player."), make_screens=_screens,
        describe=lazy(f"{UI}.words", "describe").call, explain=lazy(f"{UI}.words", "explain").call,
        teach_panel=lazy(f"{UI}.teach", "RotwTeachPanel").call,
        component_name=lazy(f"{UI}.teach", "component_name").call, options=_options,
        strict_scan=(SCANNED, lambda: _("scan every card, the ones dealt at setup too")))
