"""The whole table in every game: the seat strip every play screen has (whose turn,
the drawn LEDs and buttons, what each seat's button does), Railways' known hand, a scanned
TraffIQ tile drawn with its edges, the results maps with the largest game the box allows."""

from __future__ import annotations

import random

from companion.boards import rules_for
from scenarios import press_seat

PLAYERS = ["Anna", "Benedikt", "Cleo", "Dora"]
GAMES = {  # game id: (its play screen, the colours)
    "ttr-nyc": ("ttr_nyc_play", ["blue", "purple", "white", "yellow"]),
    "rotw-card-game": ("rotw_play", ["purple", "light_blue", "grey", "green"]),
    "manhattan-traffiq": ("traffiq_play", ["red", "yellow", "blue", "green"]),
}


def strip_seen(screen) -> list[dict]:
    """The seat strip as a player reads it: per cell, the lamp's seat, the words beside it and
    what it says for its seat (its own words, else the strip's shared line), how wide."""
    strip = screen.seat_strip
    return [{"seat": cell.lamp.seat, "words": cell.words.text, "hint": cell.hint,
             "says": cell.says() or (strip.others.text if not cell.to_move else ""),
             "to_move": cell.to_move, "letter": cell.lamp.letter, "width": cell.width,
             "lamp": [cell.lamp.width, cell.lamp.height], "level": cell.lamp.level,
             "font": cell.words.font_size, "others": strip.others.text,
             "others_font": strip.others.font_size}
            for cell in strip.cells()]


def presses(table) -> list[list[str]]:
    """Per player, what a short and a long press of their seat's button does now."""
    from companion.app.seat_press import press_of
    return [[press_of(table, player, long).value for long in (False, True)]
            for player in range(len(table.header.players))]


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


PLACES = {2: [1, 0], 4: [2, 0, 1, 3]}  # the players at other seats than their numbers


async def table_seat_strip(d, args):
    """Every game's play screen has the seat strip, from the shared base: a lamp per player at
    their seat, the player to move's lit, each with what its button does now (2 and 4
    players); with four, the buttons do what the words say: the mover's makes the move (a
    card, a tile), a waiting seat's says whose turn it is, and held, pauses and goes on."""
    found = {}
    for game_id in GAMES:
        for count in (2, 4):
            screen, _pretend = await start(d, game_id, players=PLAYERS[:count],
                                           places=PLACES[count], until=TAKING.get(game_id))
            seen = {"strip": strip_seen(screen), "mover": d.app.table.status.seat,
                    "presses": presses(d.app.table),
                    "audit": await d.audit(f"table-strip-{game_id}-{count}"),
                    "inside": inside(screen.seat_strip, screen)}
            if count == 4:
                seen.update(await _press_every_kind(d, screen))
            found[f"{game_id}-{count}"] = seen
            d.app.go_home()
            await d.frames(0.3)
    d.record("games", found)


async def _press_every_kind(d, screen) -> dict:
    """The mover's button, then a waiting seat's pressed and held (twice): what each did."""
    table = d.app.table
    before = len(table.actions)
    places = table.header.options["places"]
    await press_seat(d, places[table.status.seat])
    await d.frames(0.5)
    seen = {"pressed": len(table.actions) - before, "strip_after": strip_seen(screen)}
    waiting = places[next(p for p in range(len(places)) if p != table.status.seat)]
    await press_seat(d, waiting)
    await d.frames(0.3)
    seen["said"] = [getattr(w.text, "code", None) for w in screen.walk(restrict=True)
                    if type(w).__name__ == "Message" and w.text]
    await press_seat(d, waiting, hold=1.4)
    await d.frames(0.4)
    seen["paused"] = table.paused
    seen["strip_paused"] = strip_seen(screen)
    seen["presses_paused"] = presses(table)
    await press_seat(d, waiting, hold=1.4)
    await d.frames(0.4)
    seen["resumed"] = not table.paused
    return seen


async def table_known_hand(d, args):
    """Railways where every card drawn is scanned (Settings): the card named from the draw pile
    and the one taken from the display go into the mover's hand, which the play screen shows."""
    from scenarios_rotw import act, make_playout, start_game
    from companion.core.rules import Phase
    from companion.games.rotw.ui.words import card_name
    d.app.store.set_setting("rotw_scanned_draws", "1")
    pretend = make_playout(5, players=2, strict=True)  # only its setup is used (dealt cards too)
    await start_game(d, pretend)
    table = d.app.table
    for done, action in enumerate(pretend.log):  # setup (the dealt cards named), the first action
        if table.status.phase is not Phase.SETUP and _taking(table) \
                and table.status.waiting_for is None:
            break
        await act(d, action)
        await d.wait_for(lambda: len(table.actions) == done + 1, what=f"{action.type} stored")
    play = d.app.root.current_screen
    seat = d.app.table.status.seat
    seen = {"scanned_draws": d.app.table.state.scanned_draws, "before": play.hand_text}
    await d.tap_id("rotw_play", "deck")
    await d.wait_for(lambda: getattr(play.dialog, "kind", None) == "take_deck",
                     what="which card came off the draw pile")
    picker = play.dialog
    seen["asked"] = picker.heading.text
    key = next(k for k, button in picker.cards.items() if not button.disabled)
    await d.shot("table-rotw-which-card")
    await d.tap(picker.cards[key])
    await d.wait_for(lambda: play.dialog is None, what="the picker closed")
    await d.frames(0.3)
    hand = d.app.table.state.seats[seat].hand
    seen.update({"taken": d.app.table.actions[-1].to_json(), "drawn_name": card_name(key),
                 "after": play.hand_text, "mover_after": d.app.table.status.seat,
                 "known": sum(hand.known), "unknown": hand.unknown,
                 "hand_inside": inside(play.ids.hand, play),
                 "audit": await d.audit("table-rotw-known-hand")})
    d.record("rotw", seen)


async def table_scanned_tile(d, args):
    """Manhattan TraffIQ where every tile drawn is scanned (Settings): a drawn tile waits for
    its scan; the scanned tile's edges go into the draw, and placing it asks only its turn."""
    from scenarios_traffiq import play_screen, start_game
    from companion.games.traffiq.engine import Edge
    from companion.games.traffiq.ui.tile_chooser import EDGE_ORDER
    from companion.store import TaggedComponent
    tag = "0C00000077"
    d.app.store.set_setting("traffiq_scanned_draws", "1")
    d.app.store.teach(TaggedComponent(tag, "manhattan-traffiq", "tile", "red,beige,red,park"))
    await start_game(d, PLAYERS[:2], 0)
    play = play_screen(d)
    seen = {"scanned_draws": d.app.table.state.scanned_draws}
    for shown in range(1, 5):  # first the 2 tiles each player drew at setup (show_tile)
        d.app.scanned(tag)
        await d.wait_for(lambda: len(d.app.table.actions) == shown, what="a setup tile")
    await d.frames(0.3)
    await d.tap_id("traffiq_play", "draw")  # the drawn tile's question: Cancel draws nothing
    await d.wait_for(lambda: dialog_of(play) == "drawn_tile", what="the drawn tile's question")
    await d.tap(play.dialog.cancel)
    await d.wait_for(lambda: play.dialog is None, what="the question closed")
    seen["after_cancel"] = len(d.app.table.actions) - 4
    await d.tap_id("traffiq_play", "draw")
    await d.wait_for(lambda: dialog_of(play) == "drawn_tile", what="the drawn tile's question")
    seen["asked"] = [play.dialog.heading.text, play.dialog.note.text]
    seen["after_tap"] = len(d.app.table.actions) - 4
    seen["audit_asked"] = await d.audit("table-traffiq-drawn-tile")
    d.app.scanned(tag)
    await d.wait_for(lambda: len(d.app.table.actions) == 5, what="the scanned tile drawn")
    seen["drawn"] = d.app.table.actions[-1].to_json()
    await d.frames(0.3)
    state = d.app.table.state
    seen["in_hand"] = [list(t.names()) for t in state.seats[0].hand if t is not None]
    seen["message"] = play.ids.map_message.text if play.ids.map_message.opacity else ""
    seen["audit"] = await d.audit("table-traffiq-scanned-draw")
    await d.tap_id("traffiq_play", "draw")  # the second draw: no scanner at hand, sides tapped
    await d.wait_for(lambda: dialog_of(play) == "drawn_tile", what="the drawn tile's question")
    sides = (Edge.BEIGE, Edge.RED, Edge.BEIGE, Edge.RED)
    for side, edge in enumerate(sides):
        await d.tap(play.dialog.chooser.chips[side][EDGE_ORDER.index(edge)])
    await d.tap(play.dialog.save)
    await d.wait_for(lambda: len(d.app.table.actions) == 6, what="the tapped tile drawn")
    seen["tapped"] = d.app.table.actions[-1].to_json()
    d.record("traffiq", seen)


def dialog_of(play) -> str:
    return play.dialog.kind if play.dialog is not None else ""


async def table_discard_draw_scanned(d, args):
    """Railways where every card drawn is scanned: Discard and draw (action D) from the top of
    the draw pile asks which card came off it too; a scanned city card answers it."""
    from scenarios_rotw import act, dialog_kind, make_playout, start_game, tap_action, tap_dialog
    from companion.core.rules import Phase
    from companion.games.rotw.engine import Card, Step
    from companion.games.rotw.ui.words import card_name
    from companion.store import TaggedComponent
    tag, city = "0C00000091", '{"value":3,"demand":"red","points":["orange","brown"]}'
    d.app.store.set_setting("rotw_scanned_draws", "1")
    d.app.store.teach(TaggedComponent(tag, "rotw-card-game", "city", city))
    pretend = make_playout(5, players=2, strict=True)  # only its setup is used (dealt cards too)
    await start_game(d, pretend)
    table = d.app.table
    for done, action in enumerate(pretend.log):  # the setup, up to the first player's action
        if table.status.phase is not Phase.SETUP and table.state.step is Step.ACTION \
                and table.status.waiting_for is None:
            break
        await act(d, action)
        await d.wait_for(lambda: len(table.actions) == done + 1, what=f"{action.type} stored")
    play, seat, before = d.app.root.current_screen, table.status.seat, len(table.actions)
    await tap_action(d, "discard_draw")
    await d.wait_for(lambda: dialog_kind(d) == "discard", what="the card to discard")
    await d.tap(play.dialog.cards["city-2"])
    await tap_dialog(d, "The top of the draw pile")
    await d.wait_for(lambda: dialog_kind(d) == "take_deck", what="which card came off the pile")
    seen = {"asked": play.dialog.heading.text, "stored_before_scan": len(table.actions) - before}
    await d.shot("table-rotw-discard-draw-which-card")
    seen["audit"] = await d.audit("table-rotw-discard-draw")
    d.app.scanned(tag)
    await d.wait_for(lambda: len(table.actions) == before + 1, what="the discard and draw stored")
    await d.frames(0.3)
    seen.update({"stored": table.actions[-1].to_json(), "dialog": dialog_kind(d),
                 "city_3": table.state.seats[seat].hand.known[Card.CITY_3],
                 "city_3_shown": card_name("city-3") in play.hand_text})
    d.record("discard_draw", seen)
