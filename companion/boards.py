"""Where component data lives on disk, and loading it into the engines' board models."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

from .core.rules import RuleViolation
from .games.rotw.engine import Box, Rotw
from .games.traffiq.engine import Box as TraffiqBox, Traffiq
from .games.ttr_nyc.engine import Board, TtrNyc


def data_dir() -> Path:
    """`COMPANION_DATA` if set, else the `data/` folder beside the package (the checkout)."""
    override = os.environ.get("COMPANION_DATA")
    return Path(override) if override else Path(__file__).resolve().parent.parent / "data"


@lru_cache(maxsize=None)
def ttr_nyc_board() -> Board:
    with open(data_dir() / "ttr_nyc" / "board.json", encoding="utf-8") as f:
        return Board.from_json(json.load(f))


@lru_cache(maxsize=None)
def rotw_box() -> Box:
    with open(data_dir() / "rotw" / "box.json", encoding="utf-8") as f:
        return Box.from_json(json.load(f))


@lru_cache(maxsize=None)
def traffiq_box() -> TraffiqBox:
    with open(data_dir() / "traffiq" / "box.json", encoding="utf-8") as f:
        return TraffiqBox.from_json(json.load(f))


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
