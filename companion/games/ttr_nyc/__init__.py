"""Ticket to Ride: New York (Days of Wonder), as the companion knows it: registered in `GAME`."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from companion.games import Game, Screens, lazy, module

if TYPE_CHECKING:
    from .engine import Board, TtrNyc

PACKAGE = __name__
GAME_KIND = "ttr-nyc"  # the engine's TtrNyc.game_kind; the engine is imported when first used


@lru_cache(maxsize=None)
def board() -> Board:
    """The New York board and the box (data/ttr_nyc/board.json)."""
    from companion.boards import load_json  # files: not when only the engine is imported
    from .engine import Board
    return Board.from_json(load_json("ttr_nyc", "board.json"))


def rules() -> TtrNyc:
    from .engine import TtrNyc
    return TtrNyc(board())


GAME = Game(
    game_kind=GAME_KIND, title="Ticket to Ride: New York", least=2, most=4,
    colours=("blue", "purple", "white", "yellow"), rules=rules, package=PACKAGE,
    names={"de": "Zug um Zug: New York"},
    options=("scanned_hands",),
    score_only=True, screens=Screens("ttr_nyc"),
    kv=("ttr_nyc/play.kv", "ttr_nyc/score_only.kv", "ttr_nyc/scoring.kv"),
    data="ttr_nyc", domain="ttr_nyc", rule_cards=module(f"{PACKAGE}.rule_cards"),
    ui=lazy(f"{PACKAGE}.ui.game", "game_ui"), report=module(f"{PACKAGE}.report"),
    bench=module(f"{PACKAGE}.bench"), playout=lazy(f"{PACKAGE}.playout", "TtrPlayout"),
    components=lazy(f"{PACKAGE}.engine.components", "components"),
    recount=lazy(f"{PACKAGE}.recount", "totals"),
    bgg_id=253284)  # boardgamegeek.com/boardgame/253284 (docs/records.md)
