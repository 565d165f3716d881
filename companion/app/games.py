"""The games the app offers: each box's name, player counts and colours, and its own screens.

Adding a game to the app is one `GameUi` in `GAMES` (its screens, kv files and words live in its
own modules); Home, New game, History and resuming read everything game-specific from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .i18n import _

RGBA = tuple[float, float, float, float]


@dataclass(frozen=True)
class Variant:
    """A choice New game offers before the game starts: a scenario, a variant of the rules."""

    option: str  # the game option it sets
    label: Callable[[], str]  # what is being chosen, in the player's language
    choices: tuple[tuple[Any, Callable[[], str]], ...]  # (option value, its name); first: default


@dataclass(frozen=True)
class GameUi:
    game_id: str  # as in logs and the database
    title: str  # the box's name: a product name, the same in every language
    least: int  # players
    most: int
    colours: tuple[str, ...]  # the players' colours in the box, in the box's order
    rgba: Mapping[str, RGBA]  # how each colour is drawn
    colour_names: Callable[[str], str]  # a colour in the player's language
    starts: Callable[[], str] | None  # New game's "who starts?" (None: the rules don't say)
    play: str  # the screens' names: playing, entering a finished game, the results
    score_only: str
    scoring: str
    kv_files: tuple[str, ...]
    make_screens: Callable[[], list]  # builds this game's screens (after its kv is loaded)
    describe: Callable[[Any, tuple[str, ...], Any], str]  # one log line: action, players, rules
    options: Callable[[Any, str], dict] = lambda store, mode: {}  # extra options for a new game
    # The scanner: a panel of this game's components to tap when teaching a tag (built with
    # `teach(kind, value)` to call; it has a `refresh()` for the language), and a component's
    # name in the player's language. None: Ticket to Ride: New York's (cards and tickets).
    teach_panel: Callable[[Callable[[str, str], None]], Any] | None = None
    component_name: Callable[[Any], str] | None = None
    variants: tuple[Variant, ...] = ()  # New game's choices (scenario, rules variant)
    # Called by New game's Start with `App.start_game`'s arguments (a dict of them): True when
    # the game takes over (its own screen before the game starts, which then calls
    # `start_game` itself); False (or None here) to start at once.
    before_start: Callable[[dict], bool] | None = None

    def player_count(self) -> str:
        return _("{game} is for {least} to {most} players.").format(
            game=self.title, least=self.least, most=self.most)


# ---- Ticket to Ride: New York ---------------------------------------------------------------

def _ttr_screens() -> list:
    from companion.games.ttr_nyc.ui.score_only import ScoreOnlyScreen
    from companion.games.ttr_nyc.ui.scoring import ScoringScreen
    from companion.games.ttr_nyc.ui.play import TtrPlayScreen
    return [TtrPlayScreen(name="play"), ScoreOnlyScreen(name="score_only"),
            ScoringScreen(name="scoring")]


def _ttr_describe(action, players, rules) -> str:
    from .words import describe
    return describe(action, players, rules.board)


def _ttr_colour(colour: str) -> str:
    from .words import taxi_colour_name
    return taxi_colour_name(colour)


def _ttr_options(store, mode: str) -> dict:
    from .settings import scanned_hands
    return {"scanned_hands": True} if mode == "play" and scanned_hands(store) else {}


def _ttr() -> GameUi:
    from .theme import TAXI_RGBA
    return GameUi(
        game_id="ttr-nyc", title="Ticket to Ride: New York", least=2, most=4,
        colours=("blue", "purple", "white", "yellow"), rgba=TAXI_RGBA,
        colour_names=_ttr_colour, starts=lambda: _("Who starts? The youngest player."),
        play="play", score_only="score_only", scoring="scoring",
        kv_files=("ttr_nyc/play.kv", "ttr_nyc/score_only.kv", "ttr_nyc/scoring.kv"),
        make_screens=_ttr_screens, describe=_ttr_describe, options=_ttr_options)


def _traffiq() -> GameUi:
    from companion.games.traffiq.ui.game import traffiq
    return traffiq()


# ---- Railways of the World: The Card Game -----------------------------------------------------

def _rotw_screens() -> list:
    from companion.games.rotw.ui.play import RotwPlayScreen
    from companion.games.rotw.ui.score_only import RotwScoreOnlyScreen
    from companion.games.rotw.ui.scoring import RotwScoringScreen
    return [RotwPlayScreen(name="rotw_play"), RotwScoreOnlyScreen(name="rotw_score_only"),
            RotwScoringScreen(name="rotw_scoring")]


def _rotw_describe(action, players, rules) -> str:
    from companion.games.rotw.ui.words import describe
    return describe(action, players, rules)


def _rotw_colour(colour: str) -> str:
    from companion.games.rotw.ui.words import player_colour_name
    return player_colour_name(colour)


def _rotw_teach_panel(teach):
    from companion.games.rotw.ui.teach import RotwTeachPanel
    return RotwTeachPanel(teach)


def _rotw_component(component) -> str:
    from companion.games.rotw.ui.teach import component_name
    return component_name(component)


def _rotw() -> GameUi:
    from companion.games.rotw.ui.network import PLAYER_RGBA
    return GameUi(
        game_id="rotw-card-game", title="Railways of the World: The Card Game", least=2, most=4,
        colours=("purple", "light_blue", "grey", "green"), rgba=PLAYER_RGBA,
        colour_names=_rotw_colour, starts=lambda: _("Who starts? Choose the start player."),
        play="rotw_play", score_only="rotw_score_only", scoring="rotw_scoring",
        kv_files=("rotw/play.kv", "rotw/score_only.kv", "rotw/scoring.kv"),
        make_screens=_rotw_screens, describe=_rotw_describe, teach_panel=_rotw_teach_panel,
        component_name=_rotw_component, variants=(ROTW_FAMILY,))


ROTW_FAMILY = Variant("family", lambda: _("Which rules?"), (
    (False, lambda: _("Full game")),
    (True, lambda: _("Family game (no goods)"))))


def _games() -> dict[str, GameUi]:
    found = {}
    for make in (_ttr, _rotw, _traffiq):
        game = make()
        found[game.game_id] = game
    return found


GAMES: dict[str, GameUi] = _games()


def game_ui(game_id: str) -> GameUi:
    """The app's side of a game."""
    return GAMES[game_id]
