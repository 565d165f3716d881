"""Railways of the World: The Card Game (Eagle Games), as the companion knows it: registered in `GAME`."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from companion.games import N_, Game, Screens, Variant, lazy, module

if TYPE_CHECKING:
    from .engine import Box, Rotw

PACKAGE = __name__
GAME_KIND = "rotw-card-game"  # the engine's Rotw.game_kind; the engine is imported when first used

FAMILY = Variant("family", N_("Which rules?"), (
    (False, N_("Full game")),
    (True, N_("Family game (no goods)"))))


@lru_cache(maxsize=None)
def box() -> Box:
    """The box's cards (data/rotw/box.json)."""
    from companion.boards import load_json  # files: not when only the engine is imported
    from .engine import Box
    return Box.from_json(load_json("rotw", "box.json"))


def rules() -> Rotw:
    from .engine import Rotw
    return Rotw(box())


GAME = Game(
    game_kind=GAME_KIND, title="Railways of the World: The Card Game", least=2, most=4,
    colours=("purple", "light_blue", "grey", "green"), rules=rules, package=PACKAGE,
    variants=(FAMILY,),
    options=("family", "scanned_draws", "scanned_setup", "locomotive_second", "value_five_stops",
             "family_locomotives"),
    score_only=True, screens=Screens("rotw"),
    kv=("rotw/play.kv", "rotw/score_only.kv", "rotw/scoring.kv"),
    data="rotw", domain="rotw", rule_cards=module(f"{PACKAGE}.rule_cards"),
    ui=lazy(f"{PACKAGE}.ui.game", "game_ui"), report=module(f"{PACKAGE}.report"),
    bench=module(f"{PACKAGE}.bench"), playout=lazy(f"{PACKAGE}.playout", "RotwPlayout"),
    components=lazy(f"{PACKAGE}.engine.components", "components"),
    recount=lazy(f"{PACKAGE}.recount", "totals"))
