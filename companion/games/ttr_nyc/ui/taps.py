"""Ticket to Ride: New York entered by taps: `act(d, action)` does one engine action on the
screens the way a player does it, with a finger `d` (companion.touch.Touch); and what that turn
is at the table (`physical`, `turn_kind`), for `companion bench --taps` and the UI tests.

Physical acts at the table, one each: a card taken (face-up or from the deck), a card turned
face up to refill the display (the five at setup too), a ticket drawn (the tickets kept and
given back are not counted again), a card played to claim a route (its taxis too), a route's
trains placed (one act a route, whatever its length), a ticket revealed at the end. A card
scanned where every card is scanned is not an extra act: it is the card taken.
"""

from __future__ import annotations

GAME = "ttr-nyc"
TICKETS_DRAWN = 2  # the New York box: two tickets drawn, at least one kept


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


def screen(d, name: str):
    return d.app.root.get_screen(name)


def the_map(d, name: str):
    """The BoardView a screen shows (its own `map` id, or the app's one map it holds)."""
    shown = screen(d, name)
    if "map" in shown.ids:
        return shown.ids.map
    return shown.map


def dialog_buttons(d):
    """The buttons of the play screen's open dialog, in reading order."""
    from kivy.uix.button import Button
    dialog = screen(d, "ttr_nyc_play").dialog
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


async def name_card(d, key: str) -> None:
    """A card the open question asks for: scanned where a scanner is at the table, else its
    button tapped."""
    from .words import card_name
    if d.scanner:
        await d.scan(GAME, "card", key)
    else:
        await tap_text(d, card_name(key))


async def tap_route(d, screen_name, route_id):
    """A finger on the route, at a point where it is the nearest route and that no message
    hides (a player taps the route they see); a message over the map gives way (a tap on it
    hides it and reaches the route under it), so where one hides all of the route the finger
    taps it there all the same; only a message that keeps its taps costs a tap first."""
    board_view = the_map(d, screen_name)
    (ax, ay), (bx, by) = board_view._segments[route_id]
    points = [board_view.to_window(ax + (bx - ax) * t, ay + (by - ay) * t)
              for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.45, 0.55)]
    points = [p for p in points if board_view.route_at(*board_view.to_widget(*p)) == route_id]
    if not points:
        raise AssertionError(f"no point of {route_id} is nearest to it")
    seen = [p for p in points if hiding_message(d, screen_name, p) is None]
    if not seen and hiding_message(d, screen_name, points[0]).passes_taps:
        seen = points
    if not seen:
        await d.tap(hiding_message(d, screen_name, points[0]))
        await d.wait_for(lambda: hiding_message(d, screen_name, points[0]) is None,
                         what="the message tapped away")
        seen = points
    await d.tap_at(*seen[0])


def hiding_message(d, screen_name, point):
    """The message shown over this point of the window, if any."""
    from companion.app.widgets import Message
    return next((m for m in screen(d, screen_name).ids.values()
                 if isinstance(m, Message) and m.opacity > 0
                 and m.collide_point(*m.to_widget(*point))), None)


def dialog_is(d, kind: str) -> bool:
    dialog = screen(d, "ttr_nyc_play").dialog
    return dialog is not None and dialog.kind == kind


async def act(d, action):
    """One engine action, done the way a player does it on the screen."""
    from .words import card_name, payment_label
    kind = action.type
    play = screen(d, "ttr_nyc_play")
    if kind == "turn_up":
        await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the turn-up question")
        for card in action.cards:
            await name_card(d, card)
    elif kind == "show_hand":
        await d.wait_for(lambda: dialog_is(d, "which_card"), what="the dealt-hand question")
        for card in action.cards:
            await name_card(d, card)
    elif kind in ("keep_tickets", "draw_tickets"):
        if kind == "draw_tickets":
            await d.tap_id("ttr_nyc_play", "tickets")
        await d.wait_for(lambda: play.dialog is not None, what="the tickets question")
        await tap_text(d, str(action.kept))
    elif kind == "draw_blind":
        if action.card is not None and d.app.table.state.scanned_hands and d.scanner:
            await d.scan(GAME, "card", action.card)  # the scan is the take: no tap on the deck
            return
        await d.tap_id("ttr_nyc_play", "deck")
        if action.card is not None and d.app.table.state.scanned_hands:
            await d.wait_for(lambda: dialog_is(d, "which_card"), what="the drawn-card question")
            await name_card(d, action.card)
    elif kind == "take_face_up":
        await d.tap_id("ttr_nyc_play", f"slot{action.slot}")
    elif kind == "claim_route":
        stored = len(d.app.table.actions)
        await tap_route(d, "ttr_nyc_play", action.route)
        # the payment question opens, or the only payment the cards allow is claimed at once
        # (a frame or so later on a loaded machine)
        await d.wait_for(lambda: play.dialog is not None or len(d.app.table.actions) > stored,
                         what="the payment question or the route claimed")
        if len(d.app.table.actions) > stored:
            return
        board = d.app.table.rules.board
        if play.dialog is not None and the_map(d, "ttr_nyc_play").selected != action.route:
            await tap_text(d, _("The other route of this double route"))
        route = board.routes[action.route]
        if route.colour is None and any(b.text == card_name(action.cards[0])
                                        for b in dialog_buttons(d)):
            await tap_text(d, card_name(action.cards[0]))
        await tap_text(d, payment_label(action.cards))
    elif kind == "pass":
        await d.tap_id("ttr_nyc_play", "pass_button")
    elif kind == "reveal_tickets":
        await reveal(d, action.tickets, shot="scoring-tickets" if hasattr(d, "shot") else None)
    else:
        raise AssertionError(f"cannot play {kind}")


async def reveal(d, tickets, shot: str | None = None):
    """A player's tickets on the scoring screen, then Done (a screenshot `shot` before it)."""
    scoring = screen(d, "ttr_nyc_scoring")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_scoring", what="the scoring screen")
    stored, counted = len(d.app.table.actions), not scoring.score_only
    chosen = [b for b in reversed(scoring.ids.tickets.children) if b.ticket_id in tickets]
    for n, button in enumerate(chosen):
        if shot and counted and n == len(chosen) - 1:
            await d.shot(shot)  # before the last ticket, whose tap stores them all
            shot = None
        if d.scanner:
            await d.scan(GAME, "ticket", button.ticket_id)
        else:
            await d.tap(button)
    if shot:
        await d.shot(shot)
    if len(d.app.table.actions) == stored:  # the tickets held are not counted (score-only)
        await d.tap_id("ttr_nyc_scoring", "done")


def same_move(done, planned) -> bool:
    """The stored action is the planned one (revealed tickets in any order)."""
    if planned.type == "reveal_tickets":
        return (done.type, done.seat, sorted(done.tickets)) == \
            (planned.type, planned.seat, sorted(planned.tickets))
    return done == planned


def physical(action) -> int:
    """The acts of the players' hands this action stands for (see the module's docstring)."""
    kind = action.type
    if kind == "turn_up":
        return len(action.cards)
    if kind in ("take_face_up", "draw_blind"):
        return 1
    if kind in ("keep_tickets", "draw_tickets"):
        return TICKETS_DRAWN
    if kind == "claim_route":
        return len(action.cards) + 1
    if kind == "reveal_tickets":
        return len(action.tickets)
    return 0  # show_hand: the cards dealt are in the hand already; pass: nothing moves


TURN_KINDS = {"take_face_up": "draw cards", "draw_blind": "draw cards",
              "draw_tickets": "draw tickets", "claim_route": "claim a route", "pass": "pass",
              "keep_tickets": "setup", "show_hand": "setup", "reveal_tickets": "end: tickets"}


def turn_kind(action) -> str | None:
    """The kind of turn an action opens or belongs to; None for the table's report of a card
    turned up (part of the turn it follows)."""
    return TURN_KINDS.get(action.type)


# The playout's options for a game where every card is scanned (Settings' toggle).
SCANNED_PLAYOUT = {"scanned_hands": True}
