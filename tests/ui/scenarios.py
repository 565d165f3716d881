"""What the UI tests do with the app, one async function per scenario (see driver.py)."""

from __future__ import annotations

import random

from companion.boards import rules_for
from companion.engine.core import Phase
from companion.playout import TtrPlayout
from companion.ui.words import card_name, payment_label

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")


async def new_game(d, players, first=0, mode="play"):
    """Home → New game (or Score a finished game) → names → who starts → Start."""
    await d.tap_id("home", "ttr" if mode == "play" else "score_only")
    screen = d.app.root.get_screen("new_game")
    while len(screen.rows) < len(players):
        await d.tap_id("new_game", "add_player")
    for row, name in zip(screen.rows, players):
        row.name_input.text = name
    await d.frames()
    if mode == "play":
        buttons = list(reversed(screen.ids.starts.children))
        await d.tap(buttons[first])
    await d.tap_id("new_game", "start")


def dialog_buttons(d):
    """The buttons of the open dialog, in reading order."""
    from kivy.uix.button import Button
    dialog = d.app.root.get_screen("play").dialog
    assert dialog is not None, "no dialog is open"
    found = []

    def walk(widget):
        for child in reversed(widget.children):
            if isinstance(child, Button):
                found.append(child)
            walk(child)
    walk(dialog)
    return found


async def tap_text(d, text):
    for button in dialog_buttons(d):
        if button.text == text and not button.disabled:
            await d.tap(button)
            return
    raise AssertionError(f"no button {text!r} in {[b.text for b in dialog_buttons(d)]}")


async def tap_route(d, screen_name, route_id):
    """A finger on the route, at a point where it is the nearest route."""
    board_view = d.app.root.get_screen(screen_name).ids.map
    (ax, ay), (bx, by) = board_view._segments[route_id]
    for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.45, 0.55):
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        if board_view.route_at(x, y) == route_id:
            await d.tap_at(*board_view.to_window(x, y))
            return
    raise AssertionError(f"no point of {route_id} is nearest to it")


async def play_action(d, action):
    """One engine action, done the way a player does it on the screen."""
    kind = action.type
    play = d.app.root.get_screen("play")
    if kind == "turn_up":
        await d.wait_for(lambda: play.dialog is not None and play.dialog.kind == "turn_up",
                         what="the turn-up question")
        for card in action.cards:
            await tap_text(d, card_name(card))
    elif kind in ("keep_tickets", "draw_tickets"):
        if kind == "draw_tickets":
            await d.tap_id("play", "tickets")
        await tap_text(d, str(action.kept))
    elif kind == "draw_blind":
        await d.tap_id("play", "deck")
    elif kind == "take_face_up":
        await d.tap_id("play", f"slot{action.slot}")
    elif kind == "claim_route":
        await tap_route(d, "play", action.route)
        board = d.app.table.rules.board
        if play.dialog is not None and play.ids.map.selected != action.route:
            await tap_text(d, "The other route of this double")
        route = board.routes[action.route]
        if route.colour is None and any(b.text == card_name(action.cards[0])
                                        for b in dialog_buttons(d)):
            await tap_text(d, card_name(action.cards[0]))
        await tap_text(d, payment_label(action.cards))
    elif kind == "pass":
        await d.tap_id("play", "pass_button")
    elif kind == "reveal_tickets":
        await reveal(d, action.tickets)
    else:
        raise AssertionError(f"cannot play {kind}")


async def reveal(d, tickets):
    scoring = d.app.root.get_screen("scoring")
    await d.wait_for(lambda: d.app.root.current == "scoring", what="the scoring screen")
    for button in list(reversed(scoring.ids.tickets.children)):
        if button.ticket_id in tickets:
            await d.tap(button)
    await d.shot("scoring-tickets")
    await d.tap_id("scoring", "done")


def same_move(done, planned) -> bool:
    """The stored action is the planned one (revealed tickets in any order)."""
    if planned.type == "reveal_tickets":
        return (done.type, done.seat, sorted(done.tickets)) == \
            (planned.type, planned.seat, sorted(planned.tickets))
    return done == planned


async def full_game(d, args):
    """A complete 2-player game from New game to the scoring screen, all by touch."""
    rules = rules_for("ttr-nyc")
    playout = TtrPlayout(rules, 2, random.Random(args.seed), aim=True, claim_bias=0.8)
    playout.play()
    first = playout.options["first"]
    await d.shot("home")
    await new_game(d, PLAYERS[:2], first=first)
    await d.shot("play-setup")
    for n, action in enumerate(playout.log):
        if args.fast and action.type != "reveal_tickets":  # straight to the end, for debugging
            d.app.table.submit(action)
            continue
        before = len(d.app.table.actions)
        await play_action(d, action)
        await d.wait_for(lambda: len(d.app.table.actions) == before + 1,
                         what=f"action {n} ({action.to_json()}) to be stored")
        assert same_move(d.app.table.actions[-1], action), (n, d.app.table.actions[-1], action)
        if n == 40:
            await d.shot("play")
    await d.wait_for(lambda: d.app.table.status.phase is Phase.OVER, what="the end")
    await d.shot("scoring")
    sheet = d.app.table.score()
    assert sheet.totals == rules.score(playout.state).totals
    assert d.app.store.game(d.app.table.game_id).status == "finished"
