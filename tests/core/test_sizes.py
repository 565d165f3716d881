"""Small pieces: no class over 300 lines and no function over 60 anywhere in the companion:
a screen or an engine that grows past that is split along its ideas."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).resolve().parent
MAX_CLASS, MAX_FUNCTION = 300, 60


def modules(package: Path = PACKAGE) -> list[Path]:
    """Every module of the package, the rig's included: companion/hardware is a link to
    hardware/, and Path.rglob does not follow links (before Python 3.13)."""
    found = []
    for folder, subfolders, files in os.walk(package, followlinks=True):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        found += [Path(folder) / name for name in files if name.endswith(".py")]
    return sorted(found)


def test_the_rig_is_measured_too():
    assert PACKAGE / "hardware" / "scanner.py" in modules()


def _too_long() -> list[str]:
    found = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            limit = (MAX_CLASS if isinstance(node, ast.ClassDef) else
                     MAX_FUNCTION if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                     else None)
            if limit is None:
                continue
            lines = node.end_lineno - node.lineno + 1
            if lines > limit:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}: "
                             f"{lines} lines (at most {limit})")
    return found


def test_no_class_over_300_lines_and_no_function_over_60():
    found = _too_long()
    assert not found, "\n".join(found)
