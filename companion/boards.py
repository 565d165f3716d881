"""Where component data lives on disk, and loading it into the engines' board models."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from . import resources
from .core.rules import RuleViolation
from .games.rotw.engine import Box, Rotw
from .games.traffiq.engine import Box as TraffiqBox, Traffiq
from .games.ttr_nyc.engine import Board, TtrNyc


def data_dir() -> Path:
    """`COMPANION_DATA` if set, else the data shipped with the package (companion.resources)."""
    return resources.data_dir()


@lru_cache(maxsize=None)
def ttr_nyc_board() -> Board:
    return Board.from_json(resources.load_json("ttr_nyc", "board.json"))


@lru_cache(maxsize=None)
def rotw_box() -> Box:
    return Box.from_json(resources.load_json("rotw", "box.json"))


@lru_cache(maxsize=None)
def traffiq_box() -> TraffiqBox:
    return TraffiqBox.from_json(resources.load_json("traffiq", "box.json"))


def rules_for(game_id: str):
    """The engine for a game id as written in logs and the database."""
    if game_id == TtrNyc.game_id:
        return TtrNyc(ttr_nyc_board())
    if game_id == Rotw.game_id:
        return Rotw(rotw_box())
    if game_id == Traffiq.game_id:
        return Traffiq(traffiq_box())
    raise RuleViolation("unknown_game", "Unknown game {game!r}; this version knows {known}.",
                        game=game_id, known=f"{TtrNyc.game_id}, {Rotw.game_id}, {Traffiq.game_id}")
