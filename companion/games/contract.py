"""The game contract: the typed pieces a game declares, and the check run when it registers.

A game's `GAME` (a `companion.games.Game`) names every piece the shared code will ask for: its
engine, playout, recount, rule cards, report and bench (each a `Loader`: a module and a name in
it, imported only when first used), whether it scores finished games, its screens (`Screens`,
named from its package), its layouts under kv/, its data folder under data/ and the options
its engine accepts beyond the ones the app sends every engine (`APP_OPTIONS`), and its gettext
domain (its words, in its package's `locale/`). `check` reads
the declaration and the files it names (never importing them: Home lists the games without
loading an engine or Kivy) and raises one `ContractError` naming every missing or misnamed
piece and the section of docs/adding-a-game.md that describes it.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

DOC = "docs/adding-a-game.md"

# The options the app's New game writes into every game's header, whatever the game: who
# starts (a seat number), each seat's colour, where each player sits at the table (the seat
# strip's places, docs/seats.md) and "play" or "score_only". Every engine's `new_state` takes them.
APP_OPTIONS = ("first", "colours", "places", "mode")

# The doc's sections, by the piece they describe.
SECTIONS = {
    "id": "1. The contract", "rules": "2. The engine", "data": "3. Its box data",
    "playout": "4. Around the engine", "report": "4. Around the engine",
    "bench": "4. Around the engine", "components": "4. Around the engine",
    "recount": "4. Around the engine", "rule_cards": "4. Around the engine",
    "options": "1. The contract", "score_only": "5. Its screens", "ui": "5. Its screens",
    "screens": "5. Its screens", "kv": "5. Its screens", "domain": "7. Its words",
}


class ContractError(ValueError):
    """A game's declaration is incomplete or names a piece that is not there."""


@dataclass(frozen=True)
class Loader:
    """`module.attribute` (or the whole module), imported the first time it is called."""

    module: str
    attribute: str | None = None

    def __call__(self) -> Any:
        loaded = importlib.import_module(self.module)
        return loaded if self.attribute is None else getattr(loaded, self.attribute)

    def call(self, *args, **kwargs) -> Any:
        """What it loads, called with these arguments: `lazy(module, name).call` stands for a
        function whose module is imported only when the function is first used."""
        return self()(*args, **kwargs)


@dataclass(frozen=True)
class Screens:
    """A game's screens, each named `<prefix>_<role>` (the prefix: the game's package name),
    so that no two games' screens share a name: playing, entering a finished game's final
    position, the results, and any more of its own (TraffIQ's start tiles)."""

    prefix: str
    more: tuple[str, ...] = ()  # roles of its other screens

    @property
    def play(self) -> str:
        return f"{self.prefix}_play"

    @property
    def score_only(self) -> str:
        return f"{self.prefix}_score_only"

    @property
    def scoring(self) -> str:
        return f"{self.prefix}_scoring"

    def named(self, role: str) -> str:
        return f"{self.prefix}_{role}"

    def all(self) -> tuple[str, ...]:
        return (self.play, self.score_only, self.scoring, *map(self.named, self.more))


def check(game, registered: Iterable = ()) -> None:
    """Raise one ContractError listing each missing or misnamed piece of `game` (a Game), and
    each screen name it would share with a game `registered` before it."""
    problems = [*_identity(game), *_loaders(game), *_screens(game, registered), *_files(game)]
    if problems:
        lines = [f"  - {piece}: {text} (see {DOC}, \"{SECTIONS[piece]}\")"
                 for piece, text in problems]
        raise ContractError(f"The game {game.game_kind!r} ({game.package or 'no package'}) "
                            f"does not meet the game contract:\n" + "\n".join(lines))


def _identity(game) -> list[tuple[str, str]]:
    problems = []
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", game.game_kind or ""):
        problems.append(("id", f"game_kind {game.game_kind!r} is not lower-case words joined by '-'"))
    if not game.package:
        problems.append(("id", "package is not set (the module that registers the game)"))
    if not 1 <= game.least <= game.most:
        problems.append(("id", f"players {game.least} to {game.most} is not a range"))
    if len(game.colours) < game.most:
        problems.append(("id", f"{len(game.colours)} colours for up to {game.most} players"))
    if not callable(game.rules):
        problems.append(("rules", "rules is not a function returning the engine"))
    if game.domain is not None and (not re.fullmatch(r"[a-z][a-z0-9_]*", game.domain)
                                    or game.domain == "companion"):
        problems.append(("domain", f"domain {game.domain!r} is not a lower-case identifier other "
                                   f"than the shared 'companion'"))
    clash = sorted(set(game.options) & set(APP_OPTIONS))
    if clash:
        problems.append(("options", f"{clash} are the app's own options (APP_OPTIONS), not the "
                                    f"game's"))
    undeclared = [v.option for v in game.variants if v.option not in game.options]
    if undeclared:
        problems.append(("options", f"New game's choices {undeclared} are not in options"))
    return problems


# Each loaded piece and the file a game package keeps it in.
LOADED = {"ui": "ui/game.py", "report": "report.py", "bench": "bench.py",
          "playout": "playout.py", "components": "engine/components.py",
          "recount": "recount.py", "rule_cards": "rule_cards.py"}


def _loaders(game) -> list[tuple[str, str]]:
    """Each Loader names a module file that exists and defines the name it loads."""
    problems = []
    for piece in LOADED:
        loader = getattr(game, piece)
        if not isinstance(loader, Loader):
            if loader is None and _undeclared(game, LOADED[piece]):
                problems.append((piece, f"{LOADED[piece]} is there but {piece} is not declared"))
            continue  # None, or a test game's own function: nothing to read
        path = _module_file(loader.module)
        if path is None:
            problems.append((piece, f"no module {loader.module}"))
        elif loader.attribute and not _defines(path, loader.attribute):
            problems.append((piece, f"{loader.module} defines no {loader.attribute!r}"))
    return problems


def _undeclared(game, file: str) -> bool:
    """The game's package has the file a piece lives in (so not declaring it is a slip)."""
    loaded = sys.modules.get(game.package)
    path = Path(getattr(loaded, "__file__", None) or ".")
    return path.name == "__init__.py" and (path.parent / file).is_file()


def _screens(game, registered) -> list[tuple[str, str]]:
    problems = []
    if game.screens is None:
        if game.ui is not None:
            problems.append(("screens", "ui is declared, screens (Screens(...)) is not"))
        return problems
    if game.ui is None:
        problems.append(("ui", "screens are declared, ui (its GameUi) is not"))
    short = game.package.rpartition(".")[2]
    if game.screens.prefix != short:
        problems.append(("screens", f"Screens({game.screens.prefix!r}): the prefix must be the "
                                    f"game's package name {short!r}"))
    taken = {name: other.game_kind for other in registered
             if other.game_kind != game.game_kind and other.screens is not None
             for name in other.screens.all()}
    problems += [("screens", f"screen name {name!r} is taken by {taken[name]}")
                 for name in game.screens.all() if name in taken]
    if not game.kv:
        problems.append(("kv", "no layout files (kv) for its screens"))
    if not game.domain:
        problems.append(("domain", "a game with screens has words: name its gettext domain "
                                   "(domain=...; its catalogs go in its package's locale/)"))
    if not game.score_only:
        problems.append(("score_only", "a game with screens must score finished games too "
                                       "(score_only=True, and its engine honours "
                                       "options['mode'] == 'score_only')"))
    return problems


def builtin(game) -> bool:
    """A game shipped in the companion package (else one registered from outside it: a test's
    game, named by COMPANION_GAMES)."""
    return game.package.startswith("companion.")


def kv_folder(game) -> Path:
    """Where a game's layouts (`Game.kv`) are: the app's kv/ for a shipped game, its own
    package's kv/ for one registered from outside the package."""
    from companion import resources  # the shipped folders (not an override's)
    return resources.kv_dir() if builtin(game) else package_folder(game.package) / "kv"


def _files(game) -> list[tuple[str, str]]:
    """The layouts and the data folder it names are shipped."""
    from companion import resources  # the shipped folders (not an override's)
    where = "kv/" if builtin(game) else f"{game.package}/kv/"
    problems = [("kv", f"no layout {where}{name}") for name in game.kv
                if not (kv_folder(game) / name).is_file()]
    if game.data is not None and not (resources.shipped_data_dir() / game.data).is_dir():
        problems.append(("data", f"no data folder data/{game.data}"))
    return problems


def package_folder(package: str) -> Path:
    """The folder of a (game's) package, found without importing anything more."""
    path = _module_file(package)
    if path is None:
        raise ContractError(f"no package {package}")
    return path.parent


def _module_file(name: str) -> Path | None:
    """The file of module `name`, found from its nearest imported package (importing nothing
    more: a game's engine and screens stay unloaded until they are used)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        loaded = sys.modules.get(".".join(parts[:cut]))
        if loaded is not None and getattr(loaded, "__file__", None):
            base = Path(loaded.__file__)
            if cut == len(parts):
                return base
            if base.name != "__init__.py":
                return None  # a module, not a package: it has no submodules
            path = base.parent.joinpath(*parts[cut:])
            for found in (path.with_suffix(".py"), path / "__init__.py"):
                if found.is_file():
                    return found
            return None
    spec = importlib.util.find_spec(name)
    return Path(spec.origin) if spec is not None and spec.origin else None


def _defines(path: Path, name: str) -> bool:
    """The module's source defines or imports `name` at its top level (read, not imported)."""
    text = path.read_text(encoding="utf-8")
    word = re.escape(name)
    return re.search(rf"^(?:(?:async\s+)?def|class)\s+{word}\b|^{word}\s*[:=]|"
                     rf"^(?:from\s+\S+\s+)?import\s[^\n]*\b{word}\b", text, re.M) is not None
