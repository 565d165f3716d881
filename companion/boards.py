"""Where component data lives on disk, and reading a game's data file (board, box) from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import resources
from .core.rules import Rules


def data_dir() -> Path:
    """`COMPANION_DATA` if set, else the data shipped with the package (companion.resources)."""
    return resources.data_dir()


def load_json(folder: str, name: str) -> Any:
    """A game's data file, data/<folder>/<name>, as JSON (resources.DataFileError when it is
    missing or damaged: the installation's fault, not the log's)."""
    return resources.load_json(folder, name)


def rules_for(game_kind: str) -> Rules:
    """The engine for a game id as written in logs and the database (the registry's)."""
    from .games import rules_for as registered
    return registered(game_kind)
