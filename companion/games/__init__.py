"""The registry: the only list of the games the companion knows, and what each one brings.

Each game is a package `companion.games.<package>` whose `GAME` is a `Game`: its id (as in
logs and the database), its names, player counts and colours, the choices New game offers, its
rules with their box data, and its report, bench, playout, score recount and screens, each loaded
when first asked for (the screens need Kivy; the command line never loads them). Home, New game,
score-only, History, resume, the command line's report and bench, and the catalog tool all
read this registry. Tests may `register` a game of their own.

Names shown to players are marked with `N_()`: the catalog tool collects them, and the app
translates them when it shows them (this module imports no Kivy, so it cannot translate).
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.core.rules import RuleViolation, Rules

from .contract import (APP_OPTIONS, ContractError, Loader, Screens, check,  # noqa: F401
                       kv_folder, package_folder)

PACKAGES = ("ttr_nyc", "rotw", "traffiq")  # Home shows them in this order
# Modules (comma-separated) whose `GAME` registers after the shipped games, in every process
# that reads the registry (the app, the command line, the catalog tool): how a game kept
# outside the package (a test's game, tests/games/) plays through the real `companion` command.
# The module must be importable (PYTHONPATH). docs/adding-a-game.md, "1. The contract".
EXTRA_GAMES = "COMPANION_GAMES"


def N_(text: str) -> str:
    """A msgid to translate when shown (gettext's "noop" marker)."""
    return text


@dataclass(frozen=True)
class Variant:
    """A choice New game offers before the game starts: a scenario, a variant of the rules."""

    option: str  # the game option it sets
    label: str  # what is being chosen (a msgid)
    choices: tuple[tuple[Any, str], ...]  # (option value, its name as a msgid); first: default


@dataclass(frozen=True)
class Game:
    """One game the companion knows, and its contract: every piece the shared code may ask of
    it, checked when it registers (companion.games.contract, docs/adding-a-game.md)."""

    game_kind: str  # the kind of game, as logs and the database name it ("ttr-nyc")
    title: str  # the box's name as sold in English
    least: int  # players
    most: int
    colours: tuple[str, ...]  # the players' colours in the box, in the box's order
    rules: Callable[[], Rules]  # the engine with its box data
    package: str = ""  # the module that registered it (its screens, report … live there)
    names: Mapping[str, str] = field(default_factory=dict)  # language -> the box's local name
    variants: tuple[Variant, ...] = ()
    # Its engine's own options, beyond the app's APP_OPTIONS (each Variant's among them).
    options: tuple[str, ...] = ()
    # Its engine takes options["mode"] == "score_only": only a finished position is entered.
    score_only: bool = False
    screens: Screens | None = None  # its screens' names (None: no screens, a test game)
    kv: tuple[str, ...] = ()  # its layouts, under kv/
    data: str | None = None  # its folder under data/ (box.json, examples/)
    # Its gettext domain: the words only it uses, in its package's
    # locale/<lang>/LC_MESSAGES/<domain>.po (None: it has no words of its own).
    domain: str | None = None
    # Loaded when first asked for: `ui` returns the app's side (companion.app.games.GameUi),
    # `report` the module with describe_state(game), state_json(game), CATEGORY_TITLES and
    # PROVISIONAL (and optionally WINNER_NOTES: decided_by -> the winner line's note), `bench`
    # the module with run(report_line, quick) -> figures (and optionally long_game), `playout`
    # the class (rules, players, rng) -> a PlayoutLoop, `rule_cards` the module with CARDS
    # (and optionally TABLE_OPTIONS).
    ui: Callable[[], Any] | None = None
    report: Callable[[], Any] | None = None
    bench: Callable[[], Any] | None = None
    playout: Callable[[], Callable[..., Any]] | None = None
    rule_cards: Callable[[], Any] | None = None
    # (rules, state) -> the count of each kind of piece: the same after every move of a game.
    components: Callable[[], Callable[[Rules, Any], dict[str, int]]] | None = None
    # (a finished playout) -> each seat's total worked out without the engine's scoring code,
    # for the conformance test to compare with `score` (None: the game has no such recount).
    recount: Callable[[], Callable[[Any], tuple[int, ...]]] | None = None
    # players -> the colours played with that many, for New game to offer (None: every colour)
    colours_for: Callable[[int], tuple[str, ...]] | None = None
    bgg_id: int | None = None  # BoardGameGeek's id, for exports to other apps (docs/records.md)

    def colours_at(self, players: int) -> tuple[str, ...]:
        """The colours New game offers this many players (the box's rule, where it has one)."""
        return self.colours_for(players) if self.colours_for is not None else self.colours

    def name(self, language: str) -> str:
        """The box's name in a language: the local edition's name where there is one."""
        return self.names.get(language, self.title)


def locale_folder(game: Game) -> Path:
    """The folder of a game's catalogs: its package's `locale/`, or the `locale/` of the data
    folder `COMPANION_DATA` names (which then stands in for every domain's catalogs)."""
    if os.environ.get("COMPANION_DATA"):
        from companion.resources import locale_dir
        return locale_dir()
    return package_folder(game.package) / "locale"


def lazy(module: str, attribute: str) -> Loader:
    """A loader for `module.attribute`, imported when the loader is first called."""
    return Loader(module, attribute)


def module(name: str) -> Loader:
    """A loader for a whole module, imported when the loader is first called."""
    return Loader(name)


_games: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game (the built-in ones are added on first use; tests add their own), once its
    contract is checked: ContractError names each missing or misnamed piece."""
    _load()
    check(game, _games.values())
    _games[game.game_kind] = game
    return game


def unregister(game_kind: str) -> None:
    _games.pop(game_kind, None)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for package in PACKAGES:
        game = importlib.import_module(f"{__name__}.{package}").GAME
        check(game, _games.values())
        _games.setdefault(game.game_kind, game)
    for name in filter(None, os.environ.get(EXTRA_GAMES, "").split(",")):
        game = importlib.import_module(name.strip()).GAME
        check(game, _games.values())
        _games.setdefault(game.game_kind, game)


def games() -> tuple[Game, ...]:
    """Every game, in Home's order (registered test games last)."""
    _load()
    return tuple(_games.values())


def game(game_kind: str) -> Game:
    """A game by its id, or the refusal that names the ids this version knows."""
    _load()
    found = _games.get(game_kind)
    if found is None:
        raise RuleViolation("unknown_game", "Unknown game {game!r}; this version knows {known}.",
                            game=game_kind, known=", ".join(_games))
    return found


def rules_for(game_kind: str) -> Rules:
    """The engine for a game id as written in logs and the database."""
    return game(game_kind).rules()
