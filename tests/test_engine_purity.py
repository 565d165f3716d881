"""The rules engines stay pure: no I/O, no clock, no randomness, no Kivy, no hardware.

Every module under companion/engine is read with `ast` (never imported), so a forbidden import
is found even in a branch that never runs.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import companion.engine

ENGINE = Path(companion.engine.__file__).resolve().parent
ENGINE_PACKAGE = "companion.engine"

ALLOWED_STDLIB = frozenset({
    "__future__", "dataclasses", "enum", "typing", "types", "functools", "itertools",
    "collections", "math",
})

FORBIDDEN_MODULES = (
    "kivy", "gpiozero", "serial", "sqlite3", "sqlite_utils", "hardware",
    "companion.ui", "companion.store", "companion.table", "companion.cli", "companion.boards",
    "companion.playout",
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
    return sorted(ENGINE.rglob("*.py"))


def _module_name(path: Path) -> tuple[str, str]:
    """The module's dotted name and the package its relative imports start from."""
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    module = ".".join([ENGINE_PACKAGE, *parts])
    package = module if is_package else module.rpartition(".")[0]
    return module, package


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


def is_allowed(module: str) -> bool:
    top = module.split(".")[0]
    if top in ALLOWED_STDLIB:
        return True
    return module == ENGINE_PACKAGE or module.startswith(ENGINE_PACKAGE + ".")


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


def test_engine_files_are_found():
    names = {p.relative_to(ENGINE).as_posix() for p in ENGINE_FILES}
    assert {"__init__.py", "core.py", "ttr_nyc/__init__.py", "ttr_nyc/board.py",
            "ttr_nyc/actions.py", "ttr_nyc/state.py", "ttr_nyc/rules.py",
            "ttr_nyc/scoring.py"} <= names


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_imports_only_the_allow_list(path):
    module, package = _module_name(path)
    imports = imported_modules(path.read_text(encoding="utf-8"), package)
    bad = [f"{path.name}:{line}: {name}" for line, name in imports if not is_allowed(name)]
    assert not bad, f"{module} imports outside the allow-list:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_imports_nothing_forbidden(path):
    _, package = _module_name(path)
    imports = imported_modules(path.read_text(encoding="utf-8"), package)
    bad = [f"{path.name}:{line}: {name} ({forbidden})"
           for line, name in imports for forbidden in FORBIDDEN_MODULES
           if _is_forbidden(name, forbidden)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_uses_no_io_clock_or_randomness_names(path):
    bad = forbidden_names(path.read_text(encoding="utf-8"))
    assert not bad, "\n".join(f"{path.name}:{line}: {name}" for line, name in bad)


def test_importing_the_engine_loads_no_app_or_hardware_module():
    """Belt and braces: a fresh interpreter that imports the engine loads none of these."""
    code = ("import sys, companion.engine.ttr_nyc, companion.engine.core; "
            "print('\\n'.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ENGINE.parents[1]).stdout.split()
    for name in out:
        for forbidden in ("kivy", "gpiozero", "serial", "sqlite3", "sqlite_utils", "hardware",
                          "random", "json", "companion.ui", "companion.store", "companion.table",
                          "companion.cli", "companion.boards", "companion.playout"):
            assert not _is_forbidden(name, forbidden), name


# ---- the checker itself catches what it should -------------------------------------------------

@pytest.mark.parametrize("source, package, expected", [
    ("import os", "companion.engine", ["os"]),
    ("import os.path as p", "companion.engine", ["os.path"]),
    ("from pathlib import Path", "companion.engine", ["pathlib", "pathlib.Path"]),
    ("def f():\n    import random\n", "companion.engine", ["random"]),
    ("import kivy.app", "companion.engine", ["kivy.app"]),
    ("from companion import boards", "companion.engine", ["companion", "companion.boards"]),
    ("from .. import boards", "companion.engine", ["companion", "companion.boards"]),
    ("from ...store import x", "companion.engine.ttr_nyc", ["companion.store",
                                                           "companion.store.x"]),
    ("from .... import x", "companion.engine.ttr_nyc", [OUTSIDE, OUTSIDE + ".x"]),
])
def test_checker_flags_bad_imports(source, package, expected):
    flagged = [name for _, name in imported_modules(source, package) if not is_allowed(name)]
    assert flagged == expected


@pytest.mark.parametrize("source, package", [
    ("from __future__ import annotations", "companion.engine"),
    ("import dataclasses\nfrom typing import Any", "companion.engine"),
    ("from collections import Counter\nimport math", "companion.engine"),
    ("from ..core import Action", "companion.engine.ttr_nyc"),
    ("from . import rules", "companion.engine.ttr_nyc"),
    ("from .board import Card", "companion.engine.ttr_nyc"),
    ("from companion.engine.core import Phase", "companion.engine"),
])
def test_checker_allows_good_imports(source, package):
    assert all(is_allowed(name) for _, name in imported_modules(source, package))


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
