"""The app's side of a registered game: its screens, layouts, colours as drawn, and its words.

Each game's `ui/game.py` builds its `GameUi`; `game_ui(game_kind)` finds it through the registry
(companion.games), so that Home, New game, History and resuming read everything game-specific
from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping

from companion.games import Game, Variant, game as registered, games as registered_games

from . import words
from .i18n import _

RGBA = tuple[float, float, float, float]


@dataclass(frozen=True)
class GameUi:
    game: Game  # the registry's entry: id, box name, players, colours, variants
    rgba: Mapping[str, RGBA]  # how each colour is drawn
    colour_names: Callable[[str], str]  # a colour in the player's language
    starts: Callable[[], str] | None  # New game's "who starts?" (None: the rules don't say)
    make_screens: Callable[[], list]  # builds this game's screens (after its kv is loaded)
    # one log line: action, players, rules (and, as a keyword, the game's state where known:
    # Railways names a city by what its state says of it)
    describe: Callable[..., str]
    options: Callable[[Any, str], dict] = lambda store, mode: {}  # extra options for a new game
    # A refusal in words, its blanks named as the game names its pieces: (violation, state).
    explain: Callable[[Any, Any], str] = lambda violation, state: words.explain(violation)
    # The scanner: a panel of this game's components to tap when teaching a tag (built with
    # `teach(kind, value)` to call; it has a `refresh()` for the language), and a component's
    # name in the player's language. None: the game has nothing to scan.
    teach_panel: Callable[[Callable[[str, str], None]], Any] | None = None
    component_name: Callable[[Any], str] | None = None
    # Called by New game's Start with `App.start_game`'s arguments (a dict of them): True when
    # the game takes over (its own screen before the game starts, which then calls
    # `start_game` itself); False (or None here) to start at once.
    before_start: Callable[[dict], bool] | None = None
    # Settings' "scan every card drawn" for this game: (the setting's key, what it scans, in
    # words); None where the game has no strict scanning. `options` applies it to new games.
    strict_scan: tuple[str, Callable[[], str]] | None = None

    @property
    def game_kind(self) -> str:
        return self.game.game_kind

    @property
    def play(self) -> str:  # the screens' names: playing, entering a finished game, the results
        return self.game.screens.play

    @property
    def score_only(self) -> str:
        return self.game.screens.score_only

    @property
    def scoring(self) -> str:
        return self.game.screens.scoring

    @property
    def screens(self) -> tuple[str, ...]:
        """Every screen of the game, its own extra ones too."""
        return self.game.screens.all()

    @property
    def kv_files(self) -> tuple[str, ...]:
        """Its layouts' files (under kv/, or a game's own kv/ outside the package)."""
        from companion.games import kv_folder
        return tuple(str(kv_folder(self.game) / name) for name in self.game.kv)

    @property
    def title(self) -> str:
        from .i18n import tr
        return self.game.name(tr.language)

    @property
    def least(self) -> int:
        return self.game.least

    @property
    def most(self) -> int:
        return self.game.most

    @property
    def colours(self) -> tuple[str, ...]:
        return self.game.colours

    @property
    def variants(self) -> tuple[Variant, ...]:
        return self.game.variants

    def player_count(self) -> str:
        return _("{game} is for {least} to {most} players.").format(
            game=self.title, least=self.least, most=self.most)


@lru_cache(maxsize=None)
def game_ui(game_kind: str) -> GameUi:
    """The app's side of a game (its module is imported the first time it is asked for)."""
    return registered(game_kind).ui()()


def player_colours(table) -> list[str]:
    """Each seat's colour as chosen in New game (the box's order if none was)."""
    return list(table.header.options.get("colours") or game_ui(table.header.game).colours)


def game_kinds() -> tuple[str, ...]:
    """Every game the app offers, in Home's order."""
    return tuple(game.game_kind for game in registered_games() if game.ui is not None)
