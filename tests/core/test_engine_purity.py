"""The rules engines stay pure: no I/O, no clock, no randomness, no Kivy, no hardware.

The checker is tests/purity.py (the one every purity test uses).

Every module of the shared core (companion/core) and of each game's engine
(companion/games/<game>/engine) is read with `ast` (never imported), so a forbidden import is
found even in a branch that never runs. An engine may import the standard library's allow-list,
the core, and its own game's engine: never another game, the app, the store or the hardware.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from purity import (OUTSIDE, PACKAGE, bad_imports, forbidden_names,
                    imported_modules, is_allowed, module_name, own_engine)

CORE = PACKAGE / "core"
PURE_DIRS = [CORE, *sorted(PACKAGE.glob("games/*/engine"))]


def _engine_files() -> list[Path]:
    return sorted(path for folder in PURE_DIRS for path in folder.rglob("*.py"))


def _own_engine(package: str) -> str:
    return own_engine(package, package)


def _is_forbidden(module: str, forbidden: str) -> bool:
    return module == forbidden or module.startswith(forbidden + ".")


ENGINE_FILES = _engine_files()


def _id(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def test_engine_files_are_found():
    names = {_id(p) for p in ENGINE_FILES}
    assert {"core/__init__.py", "core/rules.py", "games/ttr_nyc/engine/__init__.py",
            "games/ttr_nyc/engine/rules.py", "games/rotw/engine/rules.py",
            "games/traffiq/engine/rules.py"} <= names


@pytest.mark.parametrize("path", ENGINE_FILES, ids=_id)
def test_engine_imports_only_the_allow_list(path):
    bad = bad_imports(path)
    assert not bad, f"{module_name(path)[0]} imports outside the allow-list:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", ENGINE_FILES, ids=_id)
def test_engine_uses_no_io_clock_or_randomness_names(path):
    bad = forbidden_names(path.read_text(encoding="utf-8"))
    assert not bad, "\n".join(f"{path.name}:{line}: {name}" for line, name in bad)


BARE = "import sys; print('\\n'.join(sorted(sys.modules)))"


def _loaded(code: str) -> set[str]:
    return set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, cwd=PACKAGE.parent).stdout.split())


def test_importing_the_engines_loads_no_app_or_hardware_module():
    """Belt and braces: a fresh interpreter that imports every engine loads none of these,
    beyond what a bare interpreter of this installation already loaded at start-up (a site
    `.pth` file may import `random` or `json` before any of our code runs)."""
    engines = ", ".join(module_name(folder / "__init__.py")[0] for folder in PURE_DIRS)
    bare = _loaded(BARE)
    loaded = _loaded(f"import {engines}; " + BARE) - bare
    for name in sorted(loaded):
        for forbidden in ("kivy", "gpiozero", "serial", "sqlite3", "sqlite_utils", "hardware",
                          "random", "json", "companion.app", "companion.store", "companion.table",
                          "companion.cli", "companion.boards", "companion.hardware"):
            assert not _is_forbidden(name, forbidden), name


# ---- the checker itself catches what it should -------------------------------------------------

@pytest.mark.parametrize("source, package, expected", [
    ("import os", "companion.core", ["os"]),
    ("import os.path as p", "companion.core", ["os.path"]),
    ("from pathlib import Path", "companion.core", ["pathlib", "pathlib.Path"]),
    ("def f():\n    import random\n", "companion.core", ["random"]),
    ("import kivy.app", "companion.core", ["kivy.app"]),
    ("from companion import boards", "companion.core", ["companion", "companion.boards"]),
    ("from .. import boards", "companion.core", ["companion", "companion.boards"]),
    ("from ....store import x", "companion.games.ttr_nyc.engine", ["companion.store",
                                                           "companion.store.x"]),
    ("from ..... import x", "companion.games.ttr_nyc.engine", [OUTSIDE, OUTSIDE + ".x"]),
    ("from companion.games.rotw.engine import Rotw", "companion.games.ttr_nyc.engine",
     ["companion.games.rotw.engine", "companion.games.rotw.engine.Rotw"]),
    ("from ...rotw.engine import box", "companion.games.ttr_nyc.engine",
     ["companion.games.rotw.engine", "companion.games.rotw.engine.box"]),
])
def test_checker_flags_bad_imports(source, package, expected):
    flagged = [name for _, name in imported_modules(source, package)
               if not is_allowed(name, _own_engine(package))]
    assert flagged == expected


@pytest.mark.parametrize("source, package", [
    ("from __future__ import annotations", "companion.core"),
    ("import dataclasses\nfrom typing import Any", "companion.core"),
    ("from collections import Counter\nimport math", "companion.core"),
    ("from companion.core.rules import Action", "companion.games.ttr_nyc.engine"),
    ("from . import rules", "companion.games.ttr_nyc.engine"),
    ("from .board import Card", "companion.games.ttr_nyc.engine"),
    ("from .rules import Phase", "companion.core"),
])
def test_checker_allows_good_imports(source, package):
    assert all(is_allowed(name, _own_engine(package))
               for _, name in imported_modules(source, package))


@pytest.mark.parametrize("source, expected", [
    ("with open('f') as f: pass", ["open"]),
    ("print(1)", ["print"]),
    ("x = random.random()", ["random"]),
    ("t = time.monotonic()", ["time"]),
    ("Path('x').read_text()", ["read_text"]),
    ("from random import random", ["random"]),
    ("x = 1\ny = 'random time print(open('", []),  # text in strings is fine
])
def test_checker_flags_bad_names(source, expected):
    assert [name for _, name in forbidden_names(source)] == expected
