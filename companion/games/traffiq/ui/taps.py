"""Manhattan TraffIQ entered by taps: `act(d, action)` does one engine action on the screens the
way a player does it, with a finger `d` (companion.touch.Touch); and what that turn is at the
table (`physical`, `turn_kind`), for `companion bench --taps` and the UI tests.

Physical acts at the table, one each: a district tile drawn, a tile placed on the map, a
vehicle moved in a ride, a vehicle put on a crossing, each vehicle removed by competing (as the
engine's preview says, counted where the bench knows it: see `physical`). A tile named at setup
(`show_tile`, where every tile is scanned: each of the 2 tiles a player drew at setup) counts
none: it is the setup's deal, which no game's driver counts (Ticket to Ride's `show_hand`,
Railways' `show_card`); its scan is the scanner's own cost. Ending the turn moves nothing.
"""

from __future__ import annotations

from companion.core.rules import RuleViolation
from companion.games.traffiq.engine import Tile, Vehicle
from companion.games.traffiq.ui.tile_chooser import EDGE_ORDER

GAME = "manhattan-traffiq"
PLAY = "traffiq_play"


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


def screen(d, name: str):
    return d.app.root.get_screen(name)


def open_dialogs(d) -> list:
    """Every modal view attached to the window (a dialog that "stays open")."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    return [w for w in Window.children if isinstance(w, ModalView)]


def play_screen(d):
    return screen(d, PLAY)


def dialog_kind(d) -> str:
    dialog = play_screen(d).dialog
    return dialog.kind if dialog is not None else ""


def buttons_of(widget) -> list:
    from kivy.uix.button import Button
    return [w for w in widget.walk(restrict=True) if isinstance(w, Button)]


async def tap_button(d, widget, text: str) -> None:
    for button in buttons_of(widget):
        if button.text == text and not button.disabled and button.opacity > 0:
            await d.tap(button)
            return
    raise AssertionError(f"no button {text!r} in {[b.text for b in buttons_of(widget)]}")


async def tap_dialog(d, text: str) -> None:
    await tap_button(d, play_screen(d).dialog, text)


async def tap_question(d, text: str) -> None:
    question = next(w for w in open_dialogs(d) if type(w).__name__ == "Question")
    await tap_button(d, question, text)


async def tap_cell(d, cell) -> None:
    city = play_screen(d).ids.city  # a note over the map passes the tap on to it
    await d.tap_at(*city.to_window(*city.cell_pos(cell)))


async def tap_point(d, point) -> None:
    city = play_screen(d).ids.city
    await d.tap_at(*city.to_window(*city.point_pos(point)))


def preview(table, action):
    """What competing after this move would remove, as the engine says (None: not legal)."""
    try:
        return table.rules.preview(table.state, action)
    except RuleViolation:
        return None


def same(done, planned) -> bool:
    """The stored move is the planned one; competing where it removes nothing is no matter."""
    a, b = done.to_json(), planned.to_json()
    if a.get("compete") != b.get("compete"):
        a.pop("compete", None), b.pop("compete", None)
    return a == b


# ---- every move by touch ------------------------------------------------------------------


def _index(turns, tile: Tile) -> int | None:
    return next((i for i, turn in enumerate(turns) if turn.edges == tile.edges), None)


def placement_plan(rules, state, action) -> tuple[object, int]:
    """The fewest taps a tile placement needs on the screens, and the tile of the hand to pick
    first (None: the cell tap's likeliest will do; `UNSEEN`: the tile nobody saw). The lit cell
    lays the first way the engine offers there (a known tile's likeliest fitting turn, else an
    unseen tile with the guessed sides); a tap on the tile laid turns a known tile (a hand of
    known tiles only) or opens its sides: a tab, the turns or the sides that differ, Place."""
    from .picking import UNSEEN
    cell, wanted = (action.x, action.y), Tile.parse(action.edges)
    spot = next(s for s in rules.tile_spots(state, action.seat) if s.cell == cell)
    guessed = rules.likely_edges(state, cell)
    differ = (sum(i is None and e is not g for i, e, g in zip(spot.implied, wanted.edges, guessed))
              if spot.implied is not None else 0)
    unseen_cost = 2 + (2 + differ if differ else 0)  # picked: "?", the cell, its sides
    at = _index(spot.turns, wanted)
    if at is None:  # a tile nobody saw
        if not spot.turns:
            return None, 1 + (2 + differ if differ else 0)
        return UNSEEN, unseen_cost
    whole = 1 + at if spot.implied is None else (1 if at == 0 else 3 + at)
    own = next(t for t in state.seats[action.seat].hand if t is not None and t.same_tile(wanted))
    picked = next(s for s in rules.tile_spots(state, action.seat, own) if s.cell == cell)
    alone = 2 + _index(picked.turns, wanted)
    return (own, alone) if alone < whole else (None, whole)


async def place_tile_by_touch(d, action, shots: str | None = None) -> None:
    """The tile of the hand picked where that saves taps, the lit cell tapped (the action's
    button only when the cells are not lit yet): the likeliest tile laid at once. Then, until
    it lies as on the table, a tap on it turns it, or opens its sides (see `placement_plan`)."""
    play, table = play_screen(d), d.app.table
    cell, stored = (action.x, action.y), len(table.actions)
    city = play.ids.city
    pick, _fewest = placement_plan(table.rules, table.state, action)
    if not await _lit(d, cell):
        await d.tap_id(PLAY, "place")
    if pick is not None:
        await d.tap(next(item for item in play.hand.children if item.tile == pick))
    await d.wait_for(lambda: cell in city.cells_lit, what="the lit cells")
    if shots:
        await d.audit(f"{shots}-cells")
    await tap_cell(d, cell)
    await d.wait_for(lambda: len(table.actions) > stored or dialog_kind(d) == "tile",
                     what="the tile laid (the game's last: its question)")
    wanted = tuple(action.edges)
    for _tap in range(8):
        laid = len(table.actions) > stored and tuple(table.actions[stored].edges) == wanted
        if laid and (play.dialog is None or dialog_kind(d) == "vehicle"):
            return
        if dialog_kind(d) != "tile":
            x, y = city.to_window(*city.cell_pos(cell))
            if play.dialog is not None and play.dialog.children[0].collide_point(x, y):
                raise AssertionError(f"the tile laid on {cell} is under the question")
            await tap_cell(d, cell)  # the tile just laid: turned, or its sides asked
            await d.frames()
            continue
        await _correct_in_dialog(d, action, shots)
        await d.frames()
    raise AssertionError(f"the tile on {cell} never lay as {wanted}")


async def open_laid_tile(d, cell) -> None:
    """A tap on the tile just laid whose hand may hold an unseen tile: its question opens."""
    await tap_cell(d, cell)
    await d.wait_for(lambda: dialog_kind(d) == "tile", what="the laid tile's question")


async def _correct_in_dialog(d, action, shots) -> None:
    """The tile laid, corrected in its question: a known tile turned to its own turn, else the
    other tile's tab and the sides that differ; then Place."""
    dialog = play_screen(d).dialog
    wanted = tuple(action.edges)
    if any(tuple(turn.names()) == wanted for turn in dialog.chooser.turns):
        for _turn in range(len(dialog.chooser.turns)):
            if dialog.chooser.tile is not None and tuple(dialog.chooser.tile.names()) == wanted:
                break
            await tap_dialog(d, _("Turn the tile"))
    else:
        if dialog.tabs is not None and dialog.tabs[1].state != "down":
            await d.tap(dialog.tabs[1])
        edges = Tile.parse(action.edges).edges
        for side, edge in enumerate(edges):
            if dialog.chooser.implied[side] is None and dialog.chooser.chosen[side] is not edge:
                await d.tap(dialog.chooser.chips[side][EDGE_ORDER.index(edge)])
    if shots:
        await d.audit(f"{shots}-corrected")
    await tap_dialog(d, _("Place"))


async def _lit(d, cell, wait: float = 0.6) -> bool:
    """Whether the play screen lights `cell` with nothing chosen (placing offered at once);
    it is given a moment, as a player looks before tapping."""
    play = play_screen(d)
    try:
        await d.wait_for(lambda: cell in play.ids.city.cells_lit and play.dialog is None,
                         timeout=wait, what="the cells lit")
    except AssertionError:
        return False
    return True


async def ride_by_touch(d, action, shots: str | None = None) -> None:
    play = play_screen(d)
    table = d.app.table
    vehicle = Vehicle.TAXI if action.type == "taxi_ride" else Vehicle.VAN
    start, end = (action.from_x, action.from_y), (action.to_x, action.to_y)
    many = len(table.rules.rides(table.state, table.state.current, vehicle)) > 1
    await d.tap_id(PLAY, "taxi" if vehicle is Vehicle.TAXI else "van")
    if many:
        await tap_point(d, start)
    await d.wait_for(lambda: play.choice.start == start, what="the vehicle chosen")
    if shots:
        await d.audit(f"{shots}-targets")
    outcome = preview(table, action)
    await tap_point(d, end)
    if outcome is not None and outcome.removed:
        await d.wait_for(lambda: dialog_kind(d) == "compete", what="the compete question")
        if shots:
            await d.audit(f"{shots}-compete")
        await tap_dialog(d, _("Compete") if action.compete else _("Don't compete"))


async def vehicle_by_touch(d, action, shots: str | None = None) -> None:
    play = play_screen(d)
    table = d.app.table
    point = (action.x, action.y)
    await d.wait_for(lambda: dialog_kind(d) == "vehicle", what="the new-vehicle question")
    while play.dialog.point != point:
        await tap_dialog(d, _("Another crossing"))
    if shots:
        await d.audit(f"{shots}-vehicle")
    outcome = preview(table, action)
    player = table.state.seats[table.state.current]
    left = player.taxis if action.vehicle == "taxi" else player.vans
    label = (_("Taxi ({count} left)") if action.vehicle == "taxi"
             else _("Van ({count} left)")).format(count=left)
    await tap_dialog(d, label)
    if outcome is not None and outcome.removed:
        await d.wait_for(lambda: dialog_kind(d) == "compete", what="the compete question")
        if shots:
            await d.audit(f"{shots}-compete")
        await tap_dialog(d, _("Compete") if action.compete else _("Don't compete"))


def ended_by_screen_at(d, seat: int) -> int | None:
    """Where the play screen stored the end of `seat`'s turn itself (nothing left to do,
    `EmptyTurn`): among the ends of turns stored last (the screen may end several in a row, a
    seat after seat with nothing to do). None: not ended yet."""
    actions = d.app.table.actions
    at = len(actions) - 1
    while at >= 0 and actions[at].type == "end_turn":
        if actions[at].seat == seat:
            return at if d.app.table.status.seat != seat else None
        at -= 1
    return None


def ended_by_screen(d, seat: int) -> bool:
    return ended_by_screen_at(d, seat) is not None


async def end_turn_by_touch(d, seat: int) -> None:
    """End turn tapped; a turn with nothing left to do, ended by the screen: no tap."""
    play = play_screen(d)
    if ended_by_screen(d, seat) or play.empty_turn.empty(d.app.table, d.app.table.status):
        await d.wait_for(lambda: ended_by_screen(d, seat), what="the empty turn ended")
        return
    if dialog_kind(d) == "vehicle":
        await tap_dialog(d, _("No vehicle"))
        await d.frames()
        if d.app.table.state.done == [] or play_screen(d).ids.end_turn.closed:
            return  # both actions were taken: declining ended the turn
    # a player looks before tapping: a tap just after the screen ended the turn before is
    # taken as meant for that turn (said, not acted on)
    await d.wait_for(lambda: not play.empty_turn.just_ended(d.app.table),
                     what="the turn before ended a moment ago")
    await d.tap_id(PLAY, "end_turn")  # ended at the tap: Undo takes it back


async def scan_tile(d, edges) -> None:
    """A tile on the reader (where every tile is scanned): its sides, in one scan."""
    if not d.scanner:
        raise AssertionError("this driver names a tile's sides by scanning only")
    await d.scan(GAME, "tile", ",".join(Tile.parse(edges).names()))


async def act(d, action, shots: str | None = None) -> None:
    """One move, made the way a player makes it on the screen (a new vehicle the player
    leaves off the map declined first: the question stands beside the map until answered)."""
    kind = action.type
    if dialog_kind(d) == "vehicle" and kind not in ("place_vehicle", "end_turn"):
        await tap_dialog(d, _("No vehicle"))
        await d.frames()
    if kind == "place_tile":
        await place_tile_by_touch(d, action, shots)
    elif kind in ("taxi_ride", "van_ride"):
        await ride_by_touch(d, action, shots)
    elif kind == "place_vehicle":
        await vehicle_by_touch(d, action, shots)
    elif kind == "draw_tile" and action.edges is not None:
        await scan_tile(d, action.edges)  # drawn into the hand with its sides
    elif kind == "draw_tile":
        await d.tap_id(PLAY, "draw")
    elif kind == "show_tile":
        await d.wait_for(lambda: dialog_kind(d) == "show_tile", what="the setup tile question")
        await scan_tile(d, action.edges)
    elif kind == "end_turn":
        await end_turn_by_touch(d, action.seat)
    else:
        raise AssertionError(f"cannot play {kind}")


def physical(action) -> int:
    """The acts of the players' hands this action stands for (see the module's docstring).
    Vehicles removed by competing are not counted: the log does not say how many."""
    kind = action.type
    if kind in ("draw_tile", "place_tile", "taxi_ride", "van_ride", "place_vehicle"):
        return 1
    return 0  # show_tile, end_turn


TURN_KINDS = {"place_tile": "place a tile", "taxi_ride": "ride", "van_ride": "ride",
              "place_vehicle": "ride", "draw_tile": "draw a tile", "end_turn": "end turn",
              "show_tile": "setup"}


def turn_kind(action) -> str | None:
    """The kind of an action (a TraffIQ turn is two actions and the end of the turn)."""
    return TURN_KINDS.get(action.type)


same_move = same  # the name `companion bench --taps` asks every game's driver for
# The playout's options for a game where every tile is scanned (Settings' toggle).
SCANNED_PLAYOUT = {"scan_draws": True, "options": {"scanned_draws": True, "scanned_setup": True}}
