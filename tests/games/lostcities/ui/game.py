"""Lost Cities in the app: its screens, its players' colours and its log lines."""

from __future__ import annotations

from companion.app.games import GameUi
from companion.app.i18n import _

from .. import GAME

RGBA = {"blue": (0.35, 0.55, 0.95, 1), "red": (0.9, 0.3, 0.3, 1)}


def _screens() -> list:
    from .play import LostCitiesPlayScreen
    from .score_only import LostCitiesScoreOnlyScreen
    from .scoring import LostCitiesScoringScreen
    screens = GAME.screens
    return [LostCitiesPlayScreen(name=screens.play),
            LostCitiesScoreOnlyScreen(name=screens.score_only),
            LostCitiesScoringScreen(name=screens.scoring)]


def game_ui() -> GameUi:
    from .words import card_colour, describe
    return GameUi(game=GAME, rgba=RGBA, colour_names=card_colour,
                  starts=lambda: _("Who starts? The youngest player."), make_screens=_screens,
                  describe=describe)
