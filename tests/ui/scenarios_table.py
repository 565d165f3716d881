"""The whole table in every game (issue 17): the seat strip every play screen has (whose turn,
the drawn LEDs and buttons, what each seat's button does), Railways' known hand, a scanned
TraffIQ tile drawn with its edges, the results maps with the largest game the box allows."""

from __future__ import annotations

import random

from companion.boards import rules_for
from scenarios import press_seat

PLAYERS = ["Anna", "Benedikt", "Cleo", "Dora"]
GAMES = {  # game id: (its play screen, the colours)
    "ttr-nyc": ("play", ["blue", "purple", "white", "yellow"]),
    "rotw-card-game": ("rotw_play", ["purple", "light_blue", "grey", "green"]),
    "manhattan-traffiq": ("traffiq_play", ["red", "yellow", "blue", "green"]),
}


def strip_seen(screen) -> list[dict]:
    """The seat strip as a player reads it: per cell, the lamp's seat, the words, how wide."""
    strip = screen.seat_strip
    return [{"seat": cell.lamp.seat, "words": cell.words.text, "letter": cell.lamp.letter, "width": cell.width,
             "lamp": [cell.lamp.width, cell.lamp.height], "level": cell.lamp.level}
            for cell in reversed(strip.children)]


def inside(widget, screen) -> bool:
    x, y = widget.to_window(*widget.pos)
    return x >= 0 and y >= 0 and x + widget.width <= screen.width + 1 \
        and y + widget.height <= screen.height + 1


def playout(game_id: str, players: int, seed: int = 3, **kwargs):
    if game_id == "ttr-nyc":
        from companion.games.ttr_nyc.playout import TtrPlayout as Playout
    elif game_id == "rotw-card-game":
        from companion.games.rotw.playout import RotwPlayout as Playout
    else:
        from companion.games.traffiq.playout import TraffiqPlayout as Playout
    return Playout(rules_for(game_id), players, random.Random(seed), **kwargs)


async def start(d, game_id: str, players=PLAYERS, places=None, until=None, **kwargs):
    """A game started as New game starts it, its setup (and `until` moves more) reported by a
    pretend table: returns the play screen and the pretend table."""
    from companion.core.rules import Phase
    name, colours = GAMES[game_id]
    pretend = playout(game_id, len(players), **kwargs)
    d.app.start_game(game_id, list(players), colours[:len(players)], pretend.options["first"],
                     places=places, variants={k: v for k, v in pretend.options.items()
                                              if k != "first"})
    await d.wait_for(lambda: d.app.root.current == name, what=f"{game_id}'s play screen")
    table = d.app.table
    while table.status.phase is Phase.SETUP or table.status.waiting_for is not None \
            or (until is not None and not until(table)):
        d.app.submit(pretend.step())
    await d.frames(0.5)
    return d.app.root.current_screen, pretend


def _taking(table) -> bool:
    from companion.games.rotw.engine import Step
    return table.state.step is Step.TAKE


TAKING = {"rotw-card-game": _taking}  # Railways' button takes a card once cards are taken


async def table_seat_strip(d, args):
    """Every game's play screen has the seat strip, from the shared base: a lamp per player at
    their seat, the player to move's lit, each with what its button does; the mover's button
    does it (a card, a tile), a long press asks to undo."""
    found = {}
    for game_id in GAMES:
        screen, _pretend = await start(d, game_id, places=[2, 0, 1, 3],
                                       until=TAKING.get(game_id))
        before = len(d.app.table.actions)
        seen = {"strip": strip_seen(screen), "mover": d.app.table.status.seat, "audit": await d.audit(f"table-strip-{game_id}"),
                "inside": inside(screen.seat_strip, screen)}
        mover = d.app.table.status.seat
        seat = d.app.table.header.options["places"][mover]
        await press_seat(d, seat)
        await d.frames(0.5)
        seen["pressed"] = len(d.app.table.actions) - before
        seen["strip_after"] = strip_seen(screen)
        found[game_id] = seen
        d.app.go_home()
        await d.frames(0.3)
    d.record("games", found)
