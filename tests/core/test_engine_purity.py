"""The rules engines stay pure: no I/O, no clock, no randomness, no Kivy, no hardware.

Every module of the shared core (companion/core) and of each game's engine
(companion/games/<game>/engine) is read with `ast` (never imported), so a forbidden import is
found even in a branch that never runs. An engine may import the standard library's allow-list,
the core, and its own game's engine: never another game, the app, the store or the hardware.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import companion

PACKAGE = Path(companion.__file__).resolve().parent
CORE = PACKAGE / "core"
CORE_PACKAGE = "companion.core"
PURE_DIRS = [CORE, *sorted(PACKAGE.glob("games/*/engine"))]

ALLOWED_STDLIB = frozenset({
    "__future__", "dataclasses", "enum", "typing", "types", "functools", "itertools",
    "collections", "math",
})

FORBIDDEN_MODULES = (
    "kivy", "gpiozero", "serial", "sqlite3", "sqlite_utils", "hardware", "companion.hardware",
    "companion.app", "companion.store", "companion.table", "companion.cli", "companion.boards",
    "companion.games.ttr_nyc.playout",
    "os", "sys", "io", "time", "datetime", "random", "secrets", "pathlib", "json", "shutil",
    "subprocess", "socket", "threading", "asyncio", "logging", "tempfile", "glob", "pickle",
    "importlib", "builtins", "uuid",
)

# Names whose mere use in engine code means I/O, a clock, randomness or dynamic code.
FORBIDDEN_NAMES = frozenset({
    "open", "print", "input", "breakpoint", "exec", "eval", "compile", "__import__",
    "random", "time", "os", "sys", "io", "json", "datetime", "pathlib",
})


def _engine_files() -> list[Path]:
    return sorted(path for folder in PURE_DIRS for path in folder.rglob("*.py"))


def _module_name(path: Path) -> tuple[str, str]:
    """The module's dotted name and the package its relative imports start from."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    module = ".".join(parts)
    package = module if is_package else module.rpartition(".")[0]
    return module, package


def _own_engine(package: str) -> str:
    """The pure package a module belongs to: companion.core, or companion.games.<game>.engine."""
    parts = package.split(".")
    if parts[:2] == ["companion", "games"] and len(parts) >= 4:
        return ".".join(parts[:4])
    return CORE_PACKAGE


OUTSIDE = "<above the top package>"


def _resolve(package: str, level: int, module: str | None) -> str:
    base = package.split(".")
    if level > 1:
        if level - 1 >= len(base):
            return OUTSIDE  # climbs out of every package: never allowed
        base = base[:len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def imported_modules(source: str, package: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the source, relative ones resolved.

    `from X import a, b` yields X.a and X.b as well, since a and b may be submodules.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = (_resolve(package, node.level, node.module) if node.level
                    else node.module or "")
            found.append((node.lineno, base))
            if node.module != "__future__":
                found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names
                             if alias.name != "*")
    return found


def is_allowed(module: str, own: str = CORE_PACKAGE) -> bool:
    top = module.split(".")[0]
    if top in ALLOWED_STDLIB:
        return True
    return any(module == pure or module.startswith(pure + ".") for pure in (CORE_PACKAGE, own))


def _is_forbidden(module: str, forbidden: str) -> bool:
    return module == forbidden or module.startswith(forbidden + ".")


def forbidden_names(source: str) -> list[tuple[int, str]]:
    """Uses of forbidden names (as a bare name, an attribute call like x.open(), or an alias)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.alias) and (node.asname or node.name) in FORBIDDEN_NAMES:
            found.append((node.lineno, node.asname or node.name))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in {"open", "print", "read_text", "write_text", "read_bytes",
                                     "write_bytes"}):
            found.append((node.lineno, node.func.attr))
    return found


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
    module, package = _module_name(path)
    imports = imported_modules(path.read_text(encoding="utf-8"), package)
    bad = [f"{path.name}:{line}: {name}" for line, name in imports
           if not is_allowed(name, _own_engine(package))]
    assert not bad, f"{module} imports outside the allow-list:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", ENGINE_FILES, ids=_id)
def test_engine_imports_nothing_forbidden(path):
    _, package = _module_name(path)
    imports = imported_modules(path.read_text(encoding="utf-8"), package)
    bad = [f"{path.name}:{line}: {name} ({forbidden})"
           for line, name in imports for forbidden in FORBIDDEN_MODULES
           if _is_forbidden(name, forbidden)]
    assert not bad, "\n".join(bad)


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
    engines = ", ".join(_module_name(folder / "__init__.py")[0] for folder in PURE_DIRS)
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
