"""The registry is the only list of games: no game id is written, and no game is imported,
anywhere but in that game's own package, its layouts, its data and the tests."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import companion
from companion.games import PACKAGES, games

ROOT = Path(companion.__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"
GAMES_DIR = PACKAGE / "games"


def _python_files():
    """Every module of the companion (the rig included), with the game package it belongs to
    (None for shared code)."""
    # os.walk, not Path.rglob: companion/hardware is a link to hardware/, which rglob skips
    for folder, subfolders, files in os.walk(PACKAGE, followlinks=True):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        for path in sorted(Path(folder) / name for name in files if name.endswith(".py")):
            parts = path.relative_to(PACKAGE).parts
            owner = parts[1] if parts[0] == "games" and len(parts) > 2 else None
            yield path, owner


def test_the_rig_is_read_too():
    assert PACKAGE / "hardware" / "seats.py" in [path for path, _owner in _python_files()]


def _owner_of(game_id: str) -> str:
    return next(g.package.rpartition(".")[2] for g in games() if g.game_kind == game_id)


def test_every_registered_package_is_a_folder_of_its_own():
    # exactly these: a test's own game (test_conformance.py) is registered only during its tests
    assert [g.package for g in games()] == [f"companion.games.{package}" for package in PACKAGES]
    for package in PACKAGES:
        assert (GAMES_DIR / package / "__init__.py").is_file()


def test_no_game_id_is_written_outside_its_own_package():
    ids = {g.game_kind: _owner_of(g.game_kind) for g in games() if g.package.startswith("companion.")}
    found = []
    for path, owner in _python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            for game_id, package in ids.items():
                if game_id in node.value and owner != package:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {game_id!r}")
    for path in sorted((ROOT / "kv").rglob("*.kv")):
        folder = path.parent.name
        for game_id, package in ids.items():
            if game_id in path.read_text(encoding="utf-8") and folder != package:
                found.append(f"{path.relative_to(ROOT)}: {game_id!r}")
    assert not found, "game ids outside their game's package:\n" + "\n".join(found)


def _imports(path: Path) -> list[tuple[int, str]]:
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def test_no_module_imports_another_games_package():
    """A game imports the shared code and itself; shared code imports no game (the registry
    loads them by name)."""
    found = []
    for path, owner in _python_files():
        for line, name in _imports(path):
            parts = name.split(".")
            if parts[:2] != ["companion", "games"] or len(parts) < 3:
                continue
            if parts[2] in PACKAGES and parts[2] != owner:
                found.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert not found, "imports across games:\n" + "\n".join(found)
