"""The one engine-purity checker: an engine imports only an allow-list, and no I/O names.

An engine (companion/core, each companion/games/<game>/engine, a test game's engine module) is
read with `ast`, never imported, so a forbidden import is found even in a branch that never
runs. It may import the standard library's allow-list, the core, and its own engine: never
another game, the app, the store or the hardware. tests/core/test_engine_purity.py runs it over
the shipped engines, tests/games/test_conformance.py over every registered game's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).resolve().parent
CORE_PACKAGE = "companion.core"

ALLOWED_STDLIB = frozenset({
    "__future__", "dataclasses", "enum", "typing", "types", "functools", "itertools",
    "collections", "math",
})

# Names whose mere use in engine code means I/O, a clock, randomness or dynamic code.
FORBIDDEN_NAMES = frozenset({
    "open", "print", "input", "breakpoint", "exec", "eval", "compile", "__import__",
    "random", "time", "os", "sys", "io", "json", "datetime", "pathlib",
})

OUTSIDE = "<above the top package>"


def module_name(path: Path) -> tuple[str, str]:
    """The module's dotted name and the package its relative imports start from (a file
    outside companion/, a test game's engine, is a top-level module)."""
    path = path.resolve()
    root = PACKAGE.parent if path.is_relative_to(PACKAGE) else path.parent
    parts = list(path.relative_to(root).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    module = ".".join(parts)
    package = module if is_package else module.rpartition(".")[0]
    return module, package


def own_engine(module: str, package: str) -> str:
    """The pure package a module belongs to: companion.core, companion.games.<game>.engine, or
    a top-level test engine module itself."""
    parts = package.split(".")
    if parts[:2] == ["companion", "games"] and len(parts) >= 4:
        return ".".join(parts[:4])
    if parts[0] == "companion":
        return CORE_PACKAGE
    return module


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


def bad_imports(path: Path) -> list[str]:
    """Each import of the file outside the allow-list, as "file:line: module"."""
    module, package = module_name(path)
    own = own_engine(module, package)
    return [f"{path.name}:{line}: {name}"
            for line, name in imported_modules(path.read_text(encoding="utf-8"), package)
            if not is_allowed(name, own)]


def impurities(path: Path) -> list[str]:
    """Everything impure in an engine file: imports outside the allow-list, I/O names."""
    names = forbidden_names(path.read_text(encoding="utf-8"))
    return bad_imports(path) + [f"{path.name}:{line}: {name}" for line, name in names]
