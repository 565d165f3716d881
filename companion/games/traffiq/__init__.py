"""Manhattan TraffIQ (Mücke Spiele), as the companion knows it: registered in `GAME`."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from companion.games import N_, Game, Screens, Variant, lazy, module

if TYPE_CHECKING:
    from .engine import Box, Traffiq

PACKAGE = __name__
GAME_KIND = "manhattan-traffiq"  # the engine's Traffiq.game_kind; the engine is imported when first used

SCENARIO = Variant("scenario", N_("Scenario"),
                   (("times_square", N_("Times Square")),
                    ("central_park", N_("Central Park"))))


@lru_cache(maxsize=None)
def box() -> Box:
    """The box: tiles, vehicles per player count, the start scenarios (data/traffiq/box.json)."""
    from companion.boards import load_json  # files: not when only the engine is imported
    from .engine import Box
    return Box.from_json(load_json("traffiq", "box.json"))


def colours_for(players: int) -> tuple[str, ...]:
    """The colours played with this many players: the box's, as the rulebook deals them."""
    return box().colours_for(players)


def rules() -> Traffiq:
    from .engine import Traffiq
    return Traffiq(box())


GAME = Game(
    game_kind=GAME_KIND, title="Manhattan TraffIQ", least=2, most=4,
    colours=("red", "yellow", "blue", "green"), rules=rules, package=PACKAGE,
    variants=(SCENARIO,),
    options=("scenario", "start_tiles", "rulebook_colours", "scanned_draws", "scanned_setup",
             "forfeit"),
    score_only=True, screens=Screens("traffiq", more=("start",)),
    kv=("traffiq/play.kv", "traffiq/scoring.kv", "traffiq/start.kv"),
    data="traffiq", domain="traffiq", rule_cards=module(f"{PACKAGE}.rule_cards"),
    ui=lazy(f"{PACKAGE}.ui.game", "game_ui"), report=module(f"{PACKAGE}.report"),
    bench=module(f"{PACKAGE}.bench"), playout=lazy(f"{PACKAGE}.playout", "TraffiqPlayout"),
    components=lazy(f"{PACKAGE}.engine.components", "components"),
    recount=lazy(f"{PACKAGE}.recount", "totals"), colours_for=colours_for,
    bgg_id=179813)  # boardgamegeek.com/boardgame/179813 (docs/records.md)
