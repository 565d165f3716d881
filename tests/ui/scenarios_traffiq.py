"""Manhattan TraffIQ by touch (see driver.py): placing a tile, a ride with competing, the
scoring, score-only, and a tour of every screen and question for the audits.

Positions come from seeded random games at a pretend table (companion.games.traffiq.playout); the
moves the scenario is about are made by touch, the rest (with --fast) straight at the Table.
"""

from __future__ import annotations

import random

from companion.boards import rules_for
from companion.core.rules import Phase, RuleViolation
from companion.games.traffiq.engine import Edge, Tile, Vehicle
from companion.games.traffiq.playout import TraffiqPlayout
from companion.games.traffiq.ui.picking import Pick
from companion.games.traffiq.ui.tile_chooser import EDGE_ORDER
from companion.games.traffiq.ui.taps import (act, buttons_of, dialog_kind, end_turn_by_touch,
                                             ended_by_screen, ended_by_screen_at, open_laid_tile,
                                             place_tile_by_touch, placement_plan, play_screen,
                                             preview,
                                             ride_by_touch, same, tap_button, tap_cell, tap_dialog,
                                             tap_point, tap_question, vehicle_by_touch)
from scenarios import (PLAYERS, _, fill_new_game, open_dialogs, open_new_game, screen,
                       stored_rows, totals_row, visible_texts)

GAME = "manhattan-traffiq"
PLAY, SCORE_ONLY, SCORING = "traffiq_play", "traffiq_score_only", "traffiq_scoring"
START = "traffiq_start"


# ---- looking at the app ------------------------------------------------------------------


def make_playout(seed: int, players: int = 2) -> TraffiqPlayout:
    playout = TraffiqPlayout(rules_for(GAME), players, random.Random(seed))
    playout.play()
    return playout


async def confirm_start_tiles(d) -> None:
    """After New game's Start: the start tiles as shown are the table's."""
    await d.wait_for(lambda: d.app.root.current == START, what="the start tiles")
    await d.tap_id(START, "confirm")


async def start_game(d, players, first: int) -> None:
    await open_new_game(d, GAME, "play")
    await fill_new_game(d, players, first)
    await d.tap_id("new_game", "start")
    await confirm_start_tiles(d)
    await d.wait_for(lambda: d.app.root.current == PLAY, what="the play screen")


async def play_action(d, action, shots: str | None = None) -> None:
    """One move, made the way a player makes it on the screen; then checked stored."""
    before = len(d.app.table.actions)
    if action.type == "end_turn" and ended_by_screen(d, action.seat):
        before = ended_by_screen_at(d, action.seat)  # nothing left to do: the screen ended it
    await act(d, action, shots)
    await d.wait_for(lambda: len(d.app.table.actions) > before, what=f"{action.type} stored")
    done = d.app.table.actions[before]
    assert same(done, action), f"stored {done.to_json()}, planned {action.to_json()}"


async def advance(d, log, i: int, until, what: str, fast: bool = True) -> int:
    """Moves from the log (straight at the Table when fast) until `until()` holds."""
    while not until():
        assert i < len(log), f"the game ended before {what}"
        if len(d.app.table.actions) > i:  # a turn with nothing left, ended by the screen
            i += 1
            continue
        if fast:
            d.app.table.submit(log[i])
            await d.frames(0.02)
        else:
            await play_action(d, log[i])
        i += 1
    await d.frames()
    return i


def find_compete_ride(seed_from: int = 1):
    """A seeded game with a taxi ride that competes and removes someone's vehicles."""
    rules = rules_for(GAME)
    for seed in range(seed_from, seed_from + 400):
        playout = make_playout(seed)
        state = rules.new_state(playout.players, playout.options)
        for i, action in enumerate(playout.log):
            if action.type == "taxi_ride" and action.compete and not state.done:
                outcome = rules.preview(state, action)
                if len(outcome.removed) >= 1:
                    return playout, i
            rules.apply(state, action)
    raise AssertionError("no game with a competing taxi ride")


async def tap_closed(d, button: str) -> None:
    """A greyed action tapped: the engine's reason is shown, nothing else happens."""
    play = play_screen(d)
    moves = len(d.app.table.actions)
    await d.tap_id(PLAY, button)
    await d.frames()
    d.record("closed_tap", {"closed": play.ids[button].closed,
                            "message": play.ids.map_message.text,
                            "shown": play.ids.map_message.opacity > 0,
                            "mode": play.choice.mode.value,
                            "moves": [moves, len(d.app.table.actions)]})
    play.ids.map_message.hide()


# ---- the scenarios ------------------------------------------------------------------------


async def traffiq_place_tile(d, args):
    """New game from Home; the first tile placed by touch: the lit cells, the free sides
    tapped, Place; a new vehicle on a completed crossing if the game has one."""
    playout = make_playout(args.seed)
    log = playout.log
    await d.audit("traffiq-home")
    await start_game(d, PLAYERS[:2], playout.options["first"])
    await d.audit("traffiq-play")
    await tap_closed(d, "taxi")
    i = 0
    while log[i].type != "place_tile":
        await play_action(d, log[i])
        i += 1
    rows = stored_rows(args.db)
    await play_action(d, log[i], shots="traffiq-place")
    await d.audit("traffiq-placed")
    await open_laid_tile(d, (log[i].x, log[i].y))  # a tap on it: its sides, as laid
    await d.audit("traffiq-place-dialog")
    await tap_dialog(d, _("Cancel"))  # it stays as laid
    d.record("placed", {"stored": d.app.table.actions[-1].to_json(),
                        "planned": log[i].to_json(), "rows": [rows, stored_rows(args.db)],
                        "tiles": len(d.app.table.state.tiles)})
    i = await advance(d, log, i + 1, lambda: dialog_kind(d) == "vehicle", "a new crossing")
    await play_action(d, log[i], shots="traffiq-new")
    d.record("vehicle", {"stored": d.app.table.actions[-1].to_json(),
                         "planned": log[i].to_json()})
    moves = len(d.app.table.actions)
    await d.tap_id(PLAY, "home")
    await d.tap_id("home", "resume")
    await d.wait_for(lambda: d.app.root.current == PLAY, what="the game resumed")
    d.record("resumed", {"moves": [moves, len(d.app.table.actions)],
                         "player": play_screen(d).player,
                         "seat": d.app.table.header.players[d.app.table.state.current]})


async def traffiq_ride_compete(d, args):
    """A taxi ride by touch: the taxi, the points it can reach lit, the target; the preview of
    what competing removes (marked on the map), then Compete."""
    playout, i = find_compete_ride(args.seed)
    log = playout.log
    await start_game(d, PLAYERS[:2], playout.options["first"])
    i = await advance(d, log, 0, lambda: len(d.app.table.actions) == i, "the ride")
    table = d.app.table
    ride = log[i]
    outcome = preview(table, ride)
    before = dict(table.state.vehicles)
    await play_action(d, ride, shots="traffiq-ride")
    after = table.state.vehicles
    d.record("ride", {"stored": table.actions[-1].to_json(), "planned": ride.to_json(),
                      "removed": sorted(p for p, _s in outcome.removed),
                      "gone": sorted(p for p in before if p not in after and
                                     p != (ride.from_x, ride.from_y)),
                      "doomed_shown": True})
    await d.audit("traffiq-after-ride")


def empty_turn(table) -> bool:
    """The engine leaves the player to move nothing to do (none of the four actions open)."""
    if table.status.waiting_for is not None:
        return False
    moves = {m.kind: m.open for m in table.moves(table.status.seat)}
    return moves.get("end_turn", False) and not any(
        moves.get(kind) for kind in ("place_tile", "taxi_ride", "van_ride", "draw_tile"))


async def undo_empty_turn(d, action) -> dict:
    """The turn the screen ended taken back by Undo: it stays (End turn waits for a tap), and
    End turn ends it again."""
    table, stored = d.app.table, len(d.app.table.actions)
    await d.tap_id(PLAY, "undo")
    await d.wait_for(lambda: len(table.actions) == stored - 1, what="the end taken back")
    await d.frames(0.5)  # the screen does not end it by itself again
    kept = len(table.actions) == stored - 1 and table.state.current == action.seat
    await d.tap_id(PLAY, "end_turn")
    await d.wait_for(lambda: len(table.actions) == stored, what="the turn ended again")
    return {"kept": kept, "again": same(table.actions[-1], action)}


async def traffiq_whole_game(d, args):
    """A whole game from Home to the results, every move by touch; then Undo back to play."""
    playout = make_playout(args.seed)
    log = playout.log
    await start_game(d, PLAYERS[:2], playout.options["first"])
    empty: list[dict] = []  # turns with nothing left to do: ended by the screen, no tap
    for action in log:
        by_screen = action.type == "end_turn" and ended_by_screen(d, action.seat)
        nothing_left = by_screen or (action.type == "end_turn" and empty_turn(d.app.table))
        before = d.counts.copy()
        await play_action(d, action)
        if nothing_left:  # (not by the screen: a tile just laid that could lie otherwise)
            empty.append({"taps": d.counts.since(before).taps, "by_screen": by_screen,
                          "note": play_screen(d).ids.map_message.text})
            if len(empty) == 1:
                empty[0]["undone"] = await undo_empty_turn(d, action)
    d.record("empty_turns", empty)
    await d.wait_for(lambda: d.app.root.current == SCORING, what="the results")
    await d.audit("traffiq-results")
    d.record("results", results_seen(d))
    d.record("expected", list(playout.rules.score(playout.state).totals))


async def traffiq_scoring(d, args):
    """The end of a game (moves straight at the Table, the last ones by touch): the results."""
    playout = make_playout(args.seed)
    log = playout.log
    await start_game(d, PLAYERS[:2], playout.options["first"])
    i = await advance(d, log, 0, lambda: len(d.app.table.actions) >= len(log) - 4, "the end")
    for action in log[i:]:
        await play_action(d, action)
    await d.wait_for(lambda: d.app.root.current == SCORING, what="the results")
    await d.audit("traffiq-results")
    d.record("results", results_seen(d))
    d.record("expected", list(playout.rules.score(playout.state).totals))
    await d.tap_id(SCORING, "undo")
    await d.wait_for(lambda: d.app.root.current == PLAY, what="back to play after Undo")
    d.record("after_undo", d.app.root.current)
    await play_action(d, log[-1])
    await d.wait_for(lambda: d.app.root.current == SCORING, what="the results again")
    await d.tap_id(SCORING, "history")
    await d.wait_for(lambda: d.app.root.current == "history", what="History")
    games = list(reversed(screen(d, "history").ids.games.children))
    await d.tap(games[0])
    await d.wait_for(lambda: d.app.root.current == "game_log", what="the game's log")
    await d.audit("traffiq-game-log")
    d.record("log_texts", visible_texts(screen(d, "game_log")))


def results_seen(d) -> dict:
    scoring = screen(d, SCORING)
    grid = scoring.ids.results
    cols = grid.cols or 1
    cells = [c.text for c in reversed(grid.children)]
    rows = [cells[i:i + cols] for i in range(0, len(cells), cols)]
    return {"screen": d.app.root.current, "winner_text": scoring.winner_text,
            "reason_text": scoring.reason_text, "rows": rows,
            "totals": totals_row(rows), "chart": list(scoring.ids.chart.values),
            "table_totals": list(d.app.table.score().totals),
            "stored_status": d.app.store.game(d.app.table.game_id).status}


async def traffiq_score_only(d, args):
    """Score a finished game: taxis and vans on the map per player by touch, then Score."""
    counts = {0: (5, 2), 1: (3, 1), 2: (4, 1)}  # taxis, vans on the map
    await open_new_game(d, GAME, "score_only")
    await fill_new_game(d, PLAYERS[:3], mode="score_only")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == SCORE_ONLY, what="the score-only screen")
    so = screen(d, SCORE_ONLY)
    for seat, (taxis, vans) in counts.items():
        for index, count in enumerate((taxis, vans)):
            for _n in range(count):
                row = list(reversed(so.ids.rows.children))[seat]
                plus = [b for b in buttons_of(row) if b.text == "+"][index]
                await d.tap(plus)
    await d.audit("traffiq-score-only")
    await d.tap_id(SCORE_ONLY, "score")
    await d.wait_for(lambda: d.app.root.current == SCORING, what="the results")
    await d.audit("traffiq-score-only-results")
    d.record("results", results_seen(d))
    d.record("entered", [a.to_json() for a in d.app.table.actions])


async def traffiq_teach_and_scan(d, args):
    """A tile taught on the Teach screen (four edges tapped); scanned during play, it fills the
    placement: only its turn is chosen."""
    tag = "0C00000042"
    await d.tap_id("home", "settings")
    await d.tap_id("settings", "teach")
    teach = screen(d, "teach")
    tab = next((b for b in teach.ids.games.children if b.text == "Manhattan TraffIQ"), None)
    if tab is not None:
        await d.tap(tab)
    d.app.scanned(tag)
    await d.frames()
    panel = teach.ids.components.children[0]
    tile = Tile((Edge.RED, Edge.BEIGE, Edge.RED, Edge.PARK))
    for side, edge in enumerate(tile.edges):
        await d.tap(panel.chooser.chips[side][EDGE_ORDER.index(edge)])
    await d.audit("traffiq-teach")
    await d.tap(panel.button)
    taught = d.app.store.tag(tag)
    d.record("taught", [taught.game, taught.kind, taught.value] if taught else None)
    await d.tap_id("teach", "back")
    await d.tap_id("settings", "back")
    await start_game(d, PLAYERS[:2], 0)
    d.app.scanned(tag)
    play = play_screen(d)
    await d.wait_for(lambda: play.choice.mode is Pick.CELL, what="placing the scanned tile")
    state = d.app.table.state
    cells = [spot.cell for spot in d.app.table.rules.tile_spots(state, state.current, tile)]
    d.record("lit", [sorted(play.ids.city.cells_lit), sorted(cells)])
    spot = next(s for s in d.app.table.rules.tile_spots(state, state.current, tile)
                if s.cell == cells[0])
    await tap_cell(d, cells[0])  # laid at the tap in its likeliest fitting turn
    await d.wait_for(lambda: len(d.app.table.actions) == 1, what="the tile stored")
    d.record("known_turns", len(spot.turns))
    await d.audit("traffiq-scanned-tile")
    first = d.app.table.actions[-1].edges
    if len(spot.turns) > 1:
        await tap_cell(d, cells[0])  # a tap on it turns it
        await d.wait_for(lambda: d.app.table.actions[-1].edges != first, what="the tile turned")
    placed = Tile.parse(d.app.table.actions[-1].edges)
    d.record("placed", {"stored": d.app.table.actions[-1].to_json(),
                        "moves": len(d.app.table.actions), "same_tile": tile.same_tile(placed),
                        "turned": [list(first), list(placed.names())]})


async def traffiq_scanned_tile_in_hand(d, args):
    """The hand holds scanned tiles and the two drawn at setup (nobody saw
    them). Tapping a cell where the scanned tile fits offers its turns first; the second tab
    sets another tile's sides; the first places the scanned one."""
    from companion.games.traffiq.engine import DrawTile
    tile = Tile((Edge.RED, Edge.BEIGE, Edge.RED, Edge.PARK))
    await start_game(d, PLAYERS[:2], 0)
    play, table = play_screen(d), d.app.table
    for seat in (0, 0, 1, 1):  # a round of scanned draws, straight at the table
        table.submit(DrawTile(seat, tile.names()))
        await d.frames(0.05)
    state = table.state
    seen = {"hand": [t.names() if t else None for t in state.seats[0].hand],
            "seat": state.current}
    spot = next(s for s in table.rules.tile_spots(state, 0) if s.turns)
    before = len(table.actions)
    await tap_cell(d, spot.cell)  # the scanned tile laid at once, in its first turn
    await d.wait_for(lambda: len(table.actions) == before + 1, what="the tile laid")
    seen["laid"] = table.actions[-1].edges
    await open_laid_tile(d, spot.cell)  # a tap on it: the hand has unseen tiles too
    dialog = play.dialog
    scanned_tab, other_tab = dialog.tabs
    seen["first"] = {"tabs": [scanned_tab.state, other_tab.state],
                     "turns": [t.names() for t in dialog.chooser.turns],
                     "spot_turns": [t.names() for t in spot.turns],
                     "chosen": [e.value for e in dialog.chooser.chosen]}
    seen["audit_scanned"] = await d.audit("traffiq-scanned-in-hand")
    await d.tap(other_tab)
    await d.frames()
    seen["other"] = {"tabs": [scanned_tab.state, other_tab.state],
                     "turns": len(dialog.chooser.turns), "place": dialog.place.disabled,
                     "chosen": [e.value if e else None for e in dialog.chooser.chosen],
                     "implied": [e.value if e else None for e in spot.implied],
                     "likely": [e.value for e in table.rules.likely_edges(state, spot.cell)]}
    seen["audit_other"] = await d.audit("traffiq-another-tile")
    await d.tap(scanned_tab)
    await d.frames()
    if len(dialog.chooser.turns) > 1:
        await tap_dialog(d, _("Turn the tile"))
    chosen = dialog.chooser.tile
    await tap_dialog(d, _("Place"))
    await d.wait_for(lambda: list(table.actions[-1].edges) == list(chosen.names()),
                     what="the tile stored as chosen")
    seen["placed"] = {"stored": table.actions[-1].to_json(), "chosen": list(chosen.names()),
                      "same_tile": tile.same_tile(chosen),
                      "hand": [t.names() if t else None for t in table.state.seats[0].hand]}
    d.record("scanned_in_hand", seen)


async def traffiq_setup_tiles_scanned(d, args):
    """Where every tile is scanned (Settings), the game starts by asking each
    player for the 2 tiles drawn at setup, one at a time: the first by its sides tapped, the
    others scanned; then the first turn, every hand known, a tile placed asks only its turn."""
    from companion.store import TaggedComponent
    tag, tile = "0C00000079", Tile((Edge.RED, Edge.BEIGE, Edge.RED, Edge.PARK))
    tapped = Tile((Edge.BEIGE, Edge.RED, Edge.BEIGE, Edge.RED))
    d.app.store.set_setting("traffiq_scanned_draws", "1")
    d.app.store.teach(TaggedComponent(tag, GAME, "tile", "red,beige,red,park"))
    await start_game(d, PLAYERS[:2], 0)
    play, table = play_screen(d), d.app.table
    await d.wait_for(lambda: dialog_kind(d) == "show_tile", what="the setup tiles asked for")
    dialog = play.dialog
    seen = {"options": {k: table.header.options.get(k) for k in ("scanned_draws",
                                                                  "scanned_setup")},
            "asked": [dialog.heading.text, dialog.note.text], "seat": dialog.seat,
            "closed": sorted(kind for kind, move in play.moves.items() if not move.open),
            "place_disabled": dialog.save.disabled}
    seen["audit_asked"] = await d.audit("traffiq-setup-tiles")
    for side, edge in enumerate(tapped.edges):
        await d.tap(dialog.chooser.chips[side][EDGE_ORDER.index(edge)])
    await tap_dialog(d, _("Done"))
    await d.wait_for(lambda: len(table.actions) == 1, what="the tapped tile stored")
    seen["first"] = table.actions[-1].to_json()
    for done in (2, 3, 4):  # the rest scanned: Anna's second tile, then Ben's two
        await d.wait_for(lambda: dialog_kind(d) == "show_tile", what="the next setup tile")
        if done == 3:
            seen["second_seat"] = [play.dialog.seat, play.dialog.heading.text]
        d.app.scanned(tag)
        await d.wait_for(lambda: len(table.actions) == done, what=f"setup tile {done} stored")
    await d.frames(0.3)
    state = table.state
    seen["after"] = {"phase": table.status.phase.value, "dialog": dialog_kind(d),
                     "hands": [[t.names() if t else None for t in p.hand] for p in state.seats],
                     "types": [a.type for a in table.actions],
                     "log": play.describe(table.actions[0])}
    spot = next(s for s in table.rules.tile_spots(state, 0) if s.turns)
    await tap_cell(d, spot.cell)  # every hand known: laid at the tap, nothing asked
    await d.wait_for(lambda: len(table.actions) == 5, what="the tile laid")
    await d.frames(0.2)
    seen["placing"] = {"dialog": dialog_kind(d), "turns": len(spot.turns),
                       "implied": spot.implied, "laid": list(table.actions[-1].edges) in [
                           list(t.names()) for t in spot.turns]}
    await d.shot("traffiq-setup-tiles-placing")
    d.record("setup_tiles", seen)


# ---- the start tiles checked at the table ---------------------------------------------------


async def tap_start_tile(d, cell) -> None:
    start = screen(d, START)
    city = start.ids.city
    await d.tap_at(*city.to_window(*city.cell_pos(cell)))
    await d.wait_for(lambda: start.dialog is not None, what="the start tile's sides")


async def set_start_tile(d, cell, edges) -> None:
    """A start tile's sides tapped as on the table, then Done."""
    await tap_start_tile(d, cell)
    dialog = screen(d, START).dialog
    for side, edge in enumerate(edges):
        if dialog.chooser.chosen[side] is not edge:
            await d.tap(dialog.chooser.chips[side][EDGE_ORDER.index(edge)])
    await tap_button(d, dialog, _("Done"))
    await d.wait_for(lambda: screen(d, START).dialog is None, what="the dialog closed")


def stored_games(db) -> int:
    from companion.store import Store
    store = Store(db)
    try:
        return store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        store.close()


def start_seen(d) -> dict:
    start = screen(d, START)
    return {"screen": d.app.root.current, "note": start.note,
            "layout": {f"{x},{y}": [e.value for e in tile.edges]
                       for (x, y), tile in start.layout.items()},
            "setting": d.app.store.setting("traffiq.start_tiles.times_square")}


async def open_start_tiles(d, first: int) -> None:
    """Home → New game for two → Start: the start tiles come first."""
    await open_new_game(d, GAME, "play")
    await fill_new_game(d, PLAYERS[:2], first)
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == START, what="the start tiles")


async def traffiq_start_tiles(d, args):
    """The start tiles compared with the table: a side that does not match its neighbour is
    refused with the engine's reason (no game, nothing remembered); one outer side changed,
    the game starts on that layout; the next New game shows it remembered."""
    await open_start_tiles(d, 0)
    d.record("first_seen", start_seen(d))
    await d.audit("traffiq-start-tiles")
    tile = Tile.parse(["beige", "beige", "red", "red"])  # (1, 1) as printed in the app
    await tap_start_tile(d, (1, 1))
    dialog = screen(d, START).dialog
    await d.tap(dialog.chooser.chips[0][EDGE_ORDER.index(Edge.PARK)])  # its north: (1, 0)'s south
    await d.audit("traffiq-start-tile")
    await tap_button(d, dialog, _("Done"))
    await d.tap_id(START, "confirm")
    await d.frames(0.3)
    await d.audit("traffiq-start-refused")
    d.record("refused", {"message": screen(d, START).ids.message.text,
                         "screen": d.app.root.current, "games": stored_games(args.db),
                         "lit": [list(c) for c in screen(d, START).ids.city.cells_lit],
                         "setting": d.app.store.setting("traffiq.start_tiles.times_square")})
    changed = (tile.edges[0], Edge.WATER, tile.edges[2], tile.edges[3])  # east: out of town
    await set_start_tile(d, (1, 1), changed)
    await d.tap_id(START, "confirm")
    await d.wait_for(lambda: d.app.root.current == PLAY, what="the play screen")
    table = d.app.table
    d.record("started", {"options": table.header.options.get("start_tiles"),
                         "tile": [e.value for e in table.state.tiles[(1, 1)].edges]})
    await d.tap_id(PLAY, "home")
    await open_start_tiles(d, 1)
    d.record("remembered", start_seen(d))
    await d.audit("traffiq-start-remembered")
    await d.tap_id(START, "printed")
    d.record("printed", start_seen(d))
    await d.tap_id(START, "back")
    await d.wait_for(lambda: d.app.root.current == "new_game", what="back to New game")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == START, what="the start tiles once more")
    d.record("again", start_seen(d))
    await d.tap_id(START, "confirm")
    await d.wait_for(lambda: d.app.root.current == PLAY, what="one tap to play")
    d.record("second_game", d.app.table.header.options.get("start_tiles"))


# ---- New game: the colours the box deals for the player count -------------------------------


def colours_seen(d) -> dict:
    """Per row: the colour chips offered (in the row, left to right) and the one chosen."""
    new = screen(d, "new_game")
    return {"offered": [[chip.colour for chip in reversed(row.children) if chip in row.chips]
                        for row in new.rows],
            "chosen": [row.colour for row in new.rows],
            "chip_sizes": [list(chip.size) for row in new.rows for chip in row.chips]}


async def traffiq_new_game_colours(d, args):
    """New game for Manhattan TraffIQ offers the rulebook's colours for the player count: 2
    players red and yellow, a third blue, a fourth green; a player removed gives the colours back
    (the green one gone, nobody keeps green). The game starts with the colours chosen, held to
    the box (`rulebook_colours`)."""
    await open_new_game(d, GAME, "play")
    await d.wait_for(lambda: d.app.root.current == "new_game", what="New game")
    await d.frames()
    d.record("two", colours_seen(d))
    await d.audit("traffiq-new-game-two")
    new = screen(d, "new_game")
    await d.tap(new.rows[1].chips[0])  # the second player takes red too
    d.record("same", colours_seen(d))
    await d.tap(new.rows[1].chips[1])  # … and yellow again
    await d.tap_id("new_game", "add_player")
    d.record("three", colours_seen(d))
    await d.audit("traffiq-new-game-three")
    await d.tap_id("new_game", "add_player")
    d.record("four", colours_seen(d))
    await d.tap(new.rows[0].chips[3])  # the first player takes green, the fourth red
    await d.tap(new.rows[3].chips[0])
    await d.tap(new.rows[2].remove)  # blue leaves: three players, nobody keeps green
    d.record("three_again", colours_seen(d))
    await d.audit("traffiq-new-game-three-again")
    await fill_new_game(d, PLAYERS[:3], 0)
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == START, what="the start tiles")
    await d.tap_id(START, "confirm")
    await d.wait_for(lambda: d.app.root.current == PLAY, what="the play screen")
    options = d.app.table.header.options
    d.record("started", {"colours": options.get("colours"),
                         "rulebook": options.get("rulebook_colours"),
                         "vehicles": [[p.taxis, p.vans] for p in d.app.table.state.seats]})


FEWEST_MOVES = {False: 34, True: 14}  # without / with the scanner: every kind of move


def fewest_place_taps(rules, state, action) -> int:
    """The taps a tile placement needs at least: the lit cell lays the engine's likeliest tile
    (a known tile's likeliest fitting turn, else an unseen one with its free sides guessed); a tap
    on the tile laid turns a known one, one tap a turn. An unseen tile whose guess is wrong:
    a tap on it opens its sides, the sides that differ, Place. In a mixed hand, picking the
    tile in the hand first where that is fewer (see `placement_plan`)."""
    cell = (action.x, action.y)
    spot = next(s for s in rules.tile_spots(state, action.seat) if s.cell == cell)
    tile = Tile.parse(action.edges)
    if spot.implied is None:  # every tile of the hand known: the cell, then one tap a turn
        turns = [t.edges for t in spot.turns]
        return min(1 + turns.index(tile.edges), placement_plan(rules, state, action)[1])
    if not spot.turns:  # only unseen tiles: the cell; a wrong guess, its sides and Place
        likely = rules.likely_edges(state, cell)
        differ = sum(i is None and e is not g for i, e, g in zip(spot.implied, tile.edges,
                                                                    likely))
        return 1 + (2 + differ if differ else 0)
    return placement_plan(rules, state, action)[1]


async def start_playout_game(d, playout) -> None:
    """A 2-player game started as the playout's (from Home: a game on screen is left first)."""
    if d.app.table is not None:
        d.app.go_home()
        await d.frames(0.3)
    options = dict(playout.options)
    first = options.pop("first", 0)
    options.pop("colours", None)
    assert d.app.start_game(GAME, list(playout.players), ["red", "yellow"], first,
                            variants=options)
    await d.wait_for(lambda: d.app.root.current == PLAY, what="the play screen")
    await d.frames(0.3)


async def traffiq_fewest_taps(d, args):
    """A seeded 2-player game's first moves tapped the fewest ways the screens allow, without
    a scanner and then with every tile scanned: the taps each move needed and the fewest the
    rules leave to ask (every tap goes through the driver's counting finger)."""
    from companion.games.traffiq.ui.taps import SCANNED_PLAYOUT
    rules = rules_for(GAME)
    found: list[dict] = []
    for scanner, extra in ((False, {}), (True, SCANNED_PLAYOUT)):
        playout = TraffiqPlayout(rules, 2, random.Random(args.seed), **extra)
        playout.play()
        d.scanner = scanner
        await start_playout_game(d, playout)
        table = d.app.table
        for action in playout.log[:FEWEST_MOVES[scanner]]:
            state = table.state.copy()
            before = d.counts.copy()
            await play_action(d, action)
            await d.frames(0.1)
            entry = {"kind": action.type, "scanner": scanner, "taps": d.counts.since(before).taps}
            if action.type == "place_tile":
                entry["fewest"] = fewest_place_taps(rules, state, action)
            elif action.type in ("place_vehicle", "taxi_ride", "van_ride"):
                outcome = preview_in(rules, state, action)
                entry["compete"] = bool(outcome and outcome.removed)
            found.append(entry)
            if table.status.phase in (Phase.SCORING, Phase.OVER):
                break
        if not scanner:
            found.append(await empty_turn_taps(d, playout.log))
    d.record("taps", found)
    d.record("late_end_turn", await end_turn_tapped_late(d))


async def end_turn_tapped_late(d, seed: int = 4) -> dict:
    """End turn tapped the moment the screen ended a turn itself (the engine left nothing to
    do; the screen's clock held at that moment, no wall clock): it was meant for that turn, so
    the next player's turn goes on and the note says whose turn a second tap ends. A seeded
    game whose first such turn is not its last, reached by moves straight at the Table."""
    playout = make_playout(seed)
    await start_playout_game(d, playout)
    table, guard = d.app.table, play_screen(d).empty_turn
    i = 0
    while not (empty_turn(table) and playout.log[i].type == "end_turn"):
        table.submit(playout.log[i])  # no frame between: the screen ends no turn meanwhile
        i += 1
    await d.wait_for(lambda: ended_by_screen(d, playout.log[i].seat), what="the turn ended")
    moment = guard.ended_at[2]
    real, guard.clock = guard.clock, lambda: moment
    stored, seat = len(table.actions), table.state.current
    await d.tap_id(PLAY, "end_turn")
    await d.frames(0.1)
    guard.clock = real
    await d.audit("traffiq-late-end-turn")  # the note below the final round's banner
    return {"stored": len(table.actions) - stored, "next": table.header.players[seat],
            "said": play_screen(d).ids.map_message.text, "screen": d.app.root.current}


async def empty_turn_taps(d, log) -> dict:
    """The game's first turn the engine leaves nothing to do in (late: no tile in the hand, none
    left to draw, no ride), reached by moves straight at the Table, its end entered by touch."""
    table = d.app.table
    i = len(table.actions)
    while not (empty_turn(table) and log[i].type == "end_turn"):
        table.submit(log[i])  # no frame between: the screen ends no turn meanwhile
        i += 1
    before = d.counts.copy()
    await play_action(d, log[i])
    return {"kind": "end_turn", "scanner": False, "empty": True,
            "taps": d.counts.since(before).taps}


def preview_in(rules, state, action):
    try:
        return rules.preview(state, action)
    except RuleViolation:
        return None


async def traffiq_entered_tile_not_asked_again(d, args):
    """A tile nobody saw laid, a side changed by a tap on it, the placement taken back with
    Undo: on the same cell its sides are not asked again (laid at the tap as entered)."""
    await start_game(d, PLAYERS[:2], 0)
    play, table = play_screen(d), d.app.table
    spot = next(s for s in table.rules.tile_spots(table.state, 0) if s.implied is not None)
    side = spot.implied.index(None)
    await tap_cell(d, spot.cell)
    await d.wait_for(lambda: len(table.actions) == 1, what="the tile laid")
    guessed = table.actions[-1].to_json()
    await open_laid_tile(d, spot.cell)
    await d.tap(play.dialog.chooser.chips[side][EDGE_ORDER.index(Edge.PARK)])
    await tap_dialog(d, _("Place"))
    await d.wait_for(lambda: table.actions[-1].edges[side] == "park", what="the side changed")
    first = table.actions[-1].to_json()
    await d.tap_id(PLAY, "undo")
    await d.wait_for(lambda: not table.actions, what="the placement taken back")
    await d.frames(0.3)
    before = d.counts.copy()
    await tap_cell(d, spot.cell)
    await d.wait_for(lambda: len(table.actions) == 1, what="the tile laid again")
    seen = {"guessed": guessed, "first": first, "again": table.actions[-1].to_json(),
            "taps": d.counts.since(before).taps, "moves": len(table.actions)}
    await d.shot("traffiq-entered-again")
    d.record("entered", seen)
