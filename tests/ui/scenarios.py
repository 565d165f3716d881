"""What the UI tests do with the app, one async function per scenario (see driver.py).

A scenario asserts what must hold for it to go on (a move it made is stored, the screen it
needs is there); what the tests judge — the position after a resume, a message where the player
is looking, the touch-target and text-fits audits — it records with `d.record` / `d.audit`,
and test_ui.py asserts those from the report.
"""

from __future__ import annotations

import json
import os
import random
import signal

from companion.boards import data_dir, rules_for
from companion.core.rules import Phase
from companion.games.ttr_nyc.engine import Card
from companion.games.ttr_nyc.engine.moves import claims
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.store import Store
from companion.games.ttr_nyc.ui.words import card_name, payment_label
from companion.games.ttr_nyc.ui.taps import (act as play_action, dialog_buttons, dialog_is,
                                              same_move, screen, tap_route, tap_text, the_map)
from companion.games.ttr_nyc.ui.taps import reveal as _reveal

CARD_KEYS = ("blue", "green", "black", "pink", "red", "orange", "taxi")

PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
SCORE_ONLY_EXAMPLE = data_dir() / "ttr_nyc" / "examples" / "ttr-nyc-score-only.jsonl"


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


# ---- looking at the app ------------------------------------------------------------------


def window_rect(widget) -> tuple[float, float, float, float]:
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def inside(widget, outer) -> bool:
    """The middle of `widget` lies on `outer`, on the window."""
    x0, y0, x1, y1 = window_rect(widget)
    ox0, oy0, ox1, oy1 = window_rect(outer)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return ox0 <= cx <= ox1 and oy0 <= cy <= oy1


def open_dialogs(d) -> list:
    """Every modal view attached to the window (a dialog that "stays open")."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    return [w for w in Window.children if isinstance(w, ModalView)]


async def reveal(d, tickets, shot: str | None = "scoring-tickets"):
    await _reveal(d, tickets, shot)


def stored_rows(db) -> int:
    """Rows of the action log in the database, read through a connection of our own."""
    store = Store(db)
    try:
        return store.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    finally:
        store.close()


def visible_texts(widget) -> list[str]:
    """The texts of the visible labels and buttons under a widget, in tree order."""
    from kivy.uix.label import Label
    found = []

    def walk(w):
        if w.opacity <= 0:
            return
        if isinstance(w, Label) and w.text.strip():
            found.append(w.text)
        for child in reversed(w.children):
            walk(child)
    walk(widget)
    return found


def alive(proxy) -> bool:
    """A kv id's widget is still there and on the window (ids are weak references)."""
    try:
        return proxy.get_root_window() is not None
    except ReferenceError:
        return False


def totals_row(rows: list[list[str]]) -> list[str]:
    """The results table's totals, a value per player: the row headed Total (the time on the
    clock may follow it)."""
    from companion.app.i18n import _
    found = [row for row in rows if row and row[0] == _("Total")]
    return found[0][1:] if found else []


def results_seen(d) -> dict:
    """What the results part of the scoring screen shows (the table read either way round:
    players down and categories across, or categories down and players across)."""
    scoring = screen(d, "ttr_nyc_scoring")
    grid = scoring.ids.results
    cols = grid.cols or 1
    cells = [c.text for c in reversed(grid.children)]
    rows = [cells[i:i + cols] for i in range(0, len(cells), cols)]
    players = list(d.app.table.header.players)
    if rows and rows[0][1:] == players:  # players across: the totals are a row
        shown_players, shown_totals = rows[0][1:], totals_row(rows)
    else:  # players down: the totals are the last column
        shown_players, shown_totals = [r[0] for r in rows[1:]], [r[-1] for r in rows[1:]]
    return {"screen": d.app.root.current, "entering": scoring.entering,
            "winner_text": scoring.winner_text, "rows": rows,
            "shown_players": shown_players, "shown_totals": shown_totals,
            "chart": list(scoring.ids.chart.values),
            "results_shown": alive(scoring.ids.results_box)
            if "results_box" in scoring.ids else False,
            "entry_shown": alive(scoring.ids.entry_box) if "entry_box" in scoring.ids else False,
            "table_totals": list(d.app.table.score().totals),
            "stored_status": d.app.store.game(d.app.table.game_id).status}


# ---- doing things as a player does -------------------------------------------------------


def make_playout(seed: int, players: int = 2) -> TtrPlayout:
    playout = TtrPlayout(rules_for("ttr-nyc"), players, random.Random(seed), aim=True,
                         claim_bias=0.8)
    playout.play()
    return playout


async def new_game(d, players, first=0, mode="play"):
    """Home → New game (or Score a finished game) → names → who starts → Start."""
    await open_new_game(d, "ttr-nyc", mode)
    await fill_new_game(d, players, first, mode)
    await d.tap_id("new_game", "start")


async def open_new_game(d, game_kind: str, mode: str = "play", audit: bool = False):
    """Home → a game's box, or Score a finished game → which game (when there is a choice)."""
    if mode == "play":
        await d.tap(screen(d, "home").game_buttons[game_kind])
        return
    await d.tap_id("home", "score_only")
    choice = next((c for c in open_dialogs(d) if type(c).__name__ == "GameChoice"), None)
    if choice is not None:
        if audit:
            await d.audit("score_only_choice")
        await d.tap(choice.choices[game_kind])
    await d.wait_for(lambda: d.app.root.current == "new_game", what="New game")


async def fill_new_game(d, players, first=0, mode="play"):
    new = screen(d, "new_game")
    while len(new.rows) < len(players):
        await d.tap_id("new_game", "add_player")
    for row, name in zip(new.rows, players):
        row.name_input.text = name  # typing is the on-screen keyboard's business
    await d.frames()
    if mode == "play":
        buttons = list(reversed(new.ids.starts.children))
        await d.tap(buttons[first])


async def play_by_touch(d, actions, first_number: int = 0, shot_at: int | None = None):
    """Each planned action by touch; each must be stored exactly as planned."""
    for n, action in enumerate(actions, start=first_number):
        before = len(d.app.table.actions)
        await play_action(d, action)
        await d.wait_for(lambda: len(d.app.table.actions) == before + 1,
                         what=f"action {n} ({action.to_json()}) to be stored")
        assert same_move(d.app.table.actions[-1], action), (n, d.app.table.actions[-1], action)
        if n == shot_at:
            await d.shot("play")


async def advance(d, log, index: int, reached, what: str) -> int:
    """Submit planned actions straight to the table (no taps) until `reached()` holds."""
    while not reached():
        if index >= len(log) or log[index].type == "reveal_tickets":
            raise AssertionError(f"the game never reached {what}")
        d.app.table.submit(log[index])
        index += 1
    await d.frames()
    return index


def at_turn_start(d) -> bool:
    table = d.app.table
    s = table.state
    return table.status.phase in (Phase.PLAY, Phase.FINAL_ROUND) and not s.pending \
        and not s.drawn


def claimable(d) -> dict[str, list[tuple[str, ...]]]:
    """Free routes the current player can pay for now, with the payments the dialog offers
    (the engine's: the dialog offers those)."""
    table = d.app.table
    s = table.state
    return {route_id: [tuple(card.key for card in cards) for cards in options]
            for route_id, options in claims(table.rules.board, s, s.current).items()}


def gray_choice(d) -> str | None:
    """A gray route the current player could pay in more than one colour."""
    board = d.app.table.rules.board
    for route_id, payments in claimable(d).items():
        if board.routes[route_id].colour is None and len({p[0] for p in payments}) > 1:
            return route_id
    return None


def coloured_choice(d) -> str | None:
    """A coloured route the current player could pay in more than one way."""
    board = d.app.table.rules.board
    for route_id, payments in claimable(d).items():
        if board.routes[route_id].colour is not None and len(payments) > 1:
            return route_id
    return None


# ---- the scenarios -----------------------------------------------------------------------


async def full_game(d, args):
    """A complete 2-player game from New game to the scoring screen, all by touch."""
    rules = rules_for("ttr-nyc")
    playout = make_playout(args.seed)
    first = playout.options["first"]
    await d.shot("home")
    await new_game(d, PLAYERS[:2], first=first)
    await d.shot("play-setup")
    if args.fast:  # straight to the end, for debugging
        for action in playout.log:
            if action.type != "reveal_tickets":
                d.app.table.submit(action)
        await play_by_touch(d, [a for a in playout.log if a.type == "reveal_tickets"])
    else:
        await play_by_touch(d, playout.log, shot_at=40)
    await d.wait_for(lambda: d.app.table.status.phase is Phase.OVER, what="the end")
    await d.shot("scoring")
    d.record("planned_totals", list(rules.score(playout.state).totals))
    d.record("results", results_seen(d))
    d.record("stored", len(d.app.store.log(d.app.table.game_id)))
    d.record("planned", len(playout.log))


async def illegal_moves(d, args):
    """A claim the player cannot pay and a face-up Taxi as second card: refused, nothing stored."""
    play = screen(d, "ttr_nyc_play")
    await new_game(d, PLAYERS[:2], first=0)
    await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the turn-up question")
    for key in ("red", "taxi", "blue", "green", "black"):
        await tap_text(d, card_name(key))
    for _n in range(2):
        await d.wait_for(lambda: dialog_is(d, "keep_setup"), what="the keep-tickets question")
        await tap_text(d, "2")
    await d.wait_for(lambda: d.app.table.status.phase is Phase.PLAY and play.dialog is None,
                     what="the first turn")
    message = play.ids.map_message
    # Anna holds the 2 cards dealt to her, unseen: Chelsea – Soho needs 4.
    rows, actions = stored_rows(args.db), len(d.app.table.actions)
    await tap_route(d, "ttr_nyc_play", "r23")
    await d.frames(0.2)
    d.record("long_route", {
        "message_opacity": message.opacity, "message_text": message.text,
        "message_on_map": inside(message, the_map(d, "ttr_nyc_play")),
        "dialog": play.dialog.kind if play.dialog else None, "modal_views": len(open_dialogs(d)),
        "selected": the_map(d, "ttr_nyc_play").selected,
        "rows_before": rows, "rows_after": stored_rows(args.db),
        "actions_before": actions, "actions_after": len(d.app.table.actions)})
    await d.shot("illegal-claim")

    # Anna takes the face-up red card; the table turns up a pink one in its place.
    await d.tap_id("ttr_nyc_play", "slot0")
    await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the replacement question")
    await tap_text(d, card_name("pink"))
    await d.wait_for(lambda: len(d.app.table.actions) == actions + 2 and play.dialog is None,
                     what="the first card to be stored")
    s = d.app.table.state
    slot = s.display.index(Card.TAXI)
    button = play.ids[f"slot{slot}"]
    rows = stored_rows(args.db)
    x, y = button.to_window(*button.center)
    await d.tap_at(x, y)  # a finger on it anyway
    await d.frames(0.2)
    d.record("taxi_second", {
        "slot": slot, "text": button.text, "disabled": button.disabled,
        "closed": button.closed, "reason": play.ids.panel_message.text
        if play.ids.panel_message.opacity > 0 else "",
        "drawn_before": 1, "drawn_after": d.app.table.state.drawn,
        "rows_before": rows, "rows_after": stored_rows(args.db),
        "dialog": play.dialog.kind if play.dialog else None, "hint": play.ids.draw_hint.text})
    await d.shot("taxi-second-card")

    # A claim while drawing cards: refused with the reason, on the map.
    first_text = message.text
    message.hide()
    await tap_route(d, "ttr_nyc_play", "r08")
    await d.frames(0.2)
    d.record("claim_mid_draw", {
        "message_opacity": message.opacity, "message_text": message.text,
        "first_text": first_text, "dialog": play.dialog.kind if play.dialog else None,
        "rows_before": rows, "rows_after": stored_rows(args.db)})

    # Draw tickets is greyed mid-draw, and a tap on it says why (the engine's reason).
    panel = play.ids.panel_message
    panel.hide()
    tickets = play.ids.tickets
    x, y = tickets.to_window(*tickets.center)
    await d.tap_at(x, y)
    await d.frames(0.2)
    d.record("tickets_mid_draw", {
        "closed": tickets.closed, "disabled": tickets.disabled,
        "message_opacity": panel.opacity, "message_text": panel.text,
        "reason": play.moves["draw_tickets"].reason.code
        if play.moves["draw_tickets"].reason else None,
        "dialog": play.dialog.kind if play.dialog else None,
        "rows_before": rows, "rows_after": stored_rows(args.db)})


async def route_colours(d, args):
    """Every route colour by touch, blue (the card whose value is 0) first: the claim dialog
    names the route's own colour and offers its cards; a route the cards cannot pay is refused
    naming the colour and the counts; a blue route is claimed with blue cards."""
    from companion.games.ttr_nyc.engine import DrawBlind
    play = screen(d, "ttr_nyc_play")
    await new_game(d, PLAYERS[:2], first=0)
    await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the turn-up question")
    for key in ("green", "black", "pink", "red", "orange"):
        await tap_text(d, card_name(key))
    for _n in range(2):
        await d.wait_for(lambda: dialog_is(d, "keep_setup"), what="the keep-tickets question")
        await tap_text(d, "2")
    await d.wait_for(lambda: d.app.table.status.phase is Phase.PLAY and play.dialog is None,
                     what="the first turn")
    table = d.app.table
    for seat, key in ((0, "blue"), (0, "blue"), (1, "pink"), (1, "pink")):  # a scanner saw them
        table.submit(DrawBlind(seat, key))
    await d.frames()
    # Anna holds 2 blue cards and the 2 dealt to her, unseen: every 2-space route is payable.
    routes = table.rules.board.routes.values()
    message = play.ids.map_message
    dialogs = {}
    for colour in (*CARD_KEYS[:-1], "gray"):
        route = next(r for r in routes if (r.colour.key if r.colour is not None else "gray")
                     == colour and r.length == 2)
        await tap_route(d, "ttr_nyc_play", route.id)
        await d.wait_for(lambda: dialog_is(d, "claim"), what=f"the claim dialog of {route.id}")
        if the_map(d, "ttr_nyc_play").selected != route.id:
            await tap_text(d, _("The other route of this double route"))
        dialogs[colour] = {"route": route.id, "title": visible_texts(play.dialog)[0],
                           "buttons": [b.text for b in dialog_buttons(d)]}
        if colour in ("blue", "gray"):
            await d.shot(f"claim-{colour}")
        await tap_text(d, _("Cancel"))
    d.record("dialogs", dialogs)

    refusals = {}
    for colour in CARD_KEYS[1:-1]:  # 3 spaces: 2 unseen cards cannot make 3 of these
        route = next(r for r in routes if r.colour is not None and r.colour.key == colour
                     and r.length == 3)
        message.hide()
        await tap_route(d, "ttr_nyc_play", route.id)
        await d.frames(0.2)
        refusals[colour] = {"text": message.text, "opacity": message.opacity,
                            "dialog": play.dialog.kind if play.dialog else None}
    d.record("refusals", refusals)

    blue = dialogs["blue"]["route"]
    await tap_route(d, "ttr_nyc_play", blue)
    await d.wait_for(lambda: dialog_is(d, "claim"), what="the blue route's claim dialog")
    if the_map(d, "ttr_nyc_play").selected != blue:
        await tap_text(d, _("The other route of this double route"))
    await tap_text(d, payment_label(("blue", "blue")))
    await d.wait_for(lambda: table.actions[-1].type == "claim_route", what="the claim")
    d.record("claimed", table.actions[-1].to_json())

    # Ben holds 2 pink cards and 2 unseen: a 3-space blue route is refused, naming blue.
    route = next(r for r in routes if r.colour is Card.BLUE and r.length == 3)
    message.hide()
    await tap_route(d, "ttr_nyc_play", route.id)
    await d.frames(0.2)
    d.record("blue_refused", {"text": message.text, "opacity": message.opacity,
                              "player": table.state.current})
    await d.shot("refused-blue")


async def killed_mid_game(d, args):
    """Plays 15 actions by touch, opens the ticket question, then dies like a pulled plug."""
    playout = make_playout(args.seed)
    await new_game(d, PLAYERS[:2], first=playout.options["first"])
    await play_by_touch(d, playout.log[:15])
    play = screen(d, "ttr_nyc_play")
    d.record("before_kill", {"game_id": d.app.table.game_id,
                             "actions": len(d.app.table.actions),
                             "rows": stored_rows(args.db)})
    if not play.ids.tickets.closed:
        await d.tap_id("ttr_nyc_play", "tickets")  # a question open, nothing stored yet
    await d.shot("before-kill")
    d.record("dialog_at_kill", play.dialog.kind if play.dialog else None)
    os.kill(os.getpid(), signal.SIGKILL)


async def resume_after_kill(d, args):
    """The next start on the same database: Resume, the same position, and on to the end."""
    from companion.gamelog import Header, fold
    playout = make_playout(args.seed)
    home = screen(d, "home")
    await d.frames(0.2)
    resume, ttr = home.ids.resume, home.game_buttons["ttr-nyc"]
    d.record("resume_button", {"text": resume.text, "opacity": resume.opacity,
                               "height": resume.height, "disabled": resume.disabled,
                               "above_new_game": window_rect(resume)[1] >= window_rect(ttr)[3],
                               "screen": d.app.root.current})
    await d.audit("home-resume")
    await d.tap_id("home", "resume")
    await d.wait_for(lambda: d.app.table is not None, what="the game to be resumed")
    table = d.app.table
    store = Store(args.db)
    record = store.game(table.game_id)
    entries = store.log(table.game_id)
    store.close()
    folded = fold(Header(record.game, record.players, record.options), entries)
    play = screen(d, "ttr_nyc_play")
    d.record("resumed", {"screen": d.app.root.current, "game_id": table.game_id,
                         "actions": len(table.actions), "entries": len(entries),
                         "same_state": folded.state == table.state,
                         "same_actions": list(folded.actions) == list(table.actions),
                         "dialog": play.dialog.kind if play.dialog else None,
                         "waiting_for": table.status.waiting_for,
                         "player_shown": play.player,
                         "player_expected": table.header.players[
                             table.status.seat if table.status.seat is not None
                             else table.state.current]})
    await d.shot("resumed")
    await play_by_touch(d, playout.log[len(table.actions):], first_number=len(table.actions))
    await d.wait_for(lambda: d.app.table.status.phase is Phase.OVER, what="the end")
    await d.shot("scoring")
    d.record("planned_totals", list(rules_for("ttr-nyc").score(playout.state).totals))
    d.record("results", results_seen(d))


def home_texts(d) -> dict:
    home = screen(d, "home")
    return {"screen": d.app.root.current, "language": d.app.language,
            "stored_language": d.app.store.setting("language"),
            "buttons": {key: home.ids[key].text for key in ("score_only", "history", "settings")},
            "visible": visible_texts(home)}


async def language_switch(d, args):
    """Home → Settings → Magyar → Home: the Home buttons speak Hungarian."""
    await d.tap_id("home", "settings")
    settings = screen(d, "settings")
    await d.frames()
    magyar = next(b for b in settings.ids.languages.children if b.text == "Magyar")
    await d.tap(magyar)
    await d.wait_for(lambda: d.app.language == "hu", what="Hungarian")
    d.record("settings", {"visible": visible_texts(settings), "magyar_down": magyar.state})
    await d.shot("settings-hu")
    await d.tap_id("settings", "back")
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    d.record("home", home_texts(d))
    await d.shot("home-hu")


async def language_remembered(d, args):
    """A second start on the same database: still Hungarian."""
    await d.frames(0.2)
    d.record("home", home_texts(d))
    await d.shot("home-restarted")


def read_score_only_example():
    lines = [json.loads(line) for line in SCORE_ONLY_EXAMPLE.read_text().splitlines()
             if line.strip()]
    header, entries = lines[0], lines[1:]
    routes = {seat: [] for seat in range(len(header["players"]))}
    tickets = {}
    for entry in entries:
        if entry["type"] == "place_route":
            routes[entry["seat"]].append(entry["route"])
        elif entry["type"] == "reveal_tickets":
            tickets[entry["seat"]] = entry["tickets"]
    return header["players"], routes, tickets


async def score_only_game(d, args):
    """Score a finished game: the routes tapped on the map, then each player's tickets."""
    players, routes, tickets = read_score_only_example()
    await new_game(d, players, mode="score_only")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_score_only", what="the score-only map")
    so = screen(d, "ttr_nyc_score_only")
    for seat, name in enumerate(players):
        tab = next(t for t in so.ids.tabs.children if t.text == name)
        await d.tap(tab)
        await d.wait_for(lambda: so.seat == seat, what=f"{name}'s tab")
        for route_id in routes[seat]:
            before = len(d.app.table.actions)
            await tap_route(d, "ttr_nyc_score_only", route_id)
            await d.wait_for(lambda: len(d.app.table.actions) == before + 1,
                             what=f"{name}'s route {route_id} to be stored")
            done = d.app.table.actions[-1]
            assert (done.type, done.seat, done.route) == ("place_route", seat, route_id), done
    await d.shot("score-only-map")
    from kivy.core.window import Window
    d.record("map_share", the_map(d, "ttr_nyc_score_only").width / Window.width)
    await d.tap_id("ttr_nyc_score_only", "to_tickets")
    for seat, name in enumerate(players):
        await d.wait_for(lambda: d.app.table.status.seat == seat, what=f"{name}'s tickets")
        await reveal(d, tickets[seat], shot=f"score-only-tickets-{seat}")
    await d.wait_for(lambda: d.app.table.status.phase is Phase.OVER, what="the results")
    await d.shot("score-only-results")
    d.record("results", results_seen(d))
    d.record("players", list(players))


async def tour(d, args):
    """Every screen and dialog, each screenshotted and audited (positions reached with --fast
    moves: only the taps that open a screen or a dialog are done by touch)."""
    playout = make_playout(args.seed)
    log = playout.log
    play = screen(d, "ttr_nyc_play")
    d.record("language", d.app.language)
    await d.audit("home")
    await d.tap(screen(d, "home").game_buttons["ttr-nyc"])
    await fill_new_game(d, PLAYERS[:2], playout.options["first"])
    await d.audit("new_game")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the turn-up question")
    await d.audit("turn_up")
    i = await advance(d, log, 0, lambda: dialog_is(d, "keep_setup"), "the keep-tickets question")
    await d.audit("keep_tickets")

    i = await advance(d, log, i, lambda: at_turn_start(d) and coloured_choice(d) is not None,
                      "a route with several payments")
    await tap_route(d, "ttr_nyc_play", coloured_choice(d))
    await d.wait_for(lambda: dialog_is(d, "claim"), what="the claim dialog")
    await d.audit("claim")
    await tap_text(d, _("Cancel"))
    if not play.ids.tickets.closed:
        await d.tap_id("ttr_nyc_play", "tickets")
        await d.wait_for(lambda: dialog_is(d, "keep_draw"), what="the ticket question")
        await d.audit("keep_draw")
        await tap_text(d, _("Cancel"))
    i = await advance(d, log, i, lambda: at_turn_start(d) and gray_choice(d) is not None,
                      "a gray route payable in several colours")
    await tap_route(d, "ttr_nyc_play", gray_choice(d))
    await d.wait_for(lambda: dialog_is(d, "claim"), what="the claim dialog")
    if the_map(d, "ttr_nyc_play").selected != gray_choice(d):
        await tap_text(d, _("The other route of this double route"))
    await d.audit("claim_colour")
    chip = next(b for b in dialog_buttons(d) if getattr(b, "card", ""))
    await d.tap(chip)
    await d.audit("claim_colour_pay")
    await tap_text(d, _("Cancel"))
    await d.audit("play")

    await d.tap_id("ttr_nyc_play", "home")
    await d.audit("home_resume")
    await d.tap_id("home", "resume")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the game again")
    i = await advance(d, log, i, lambda: len(d.app.table.actions) >= 40 and
                      at_turn_start(d), "the middle of the game")
    await d.audit("play_midgame")
    i = await advance(d, log, i, lambda: d.app.table.status.final_round and
                      at_turn_start(d), "the final round")
    await d.audit("final_round")
    i = await advance(d, log, i, lambda: d.app.table.status.phase is Phase.SCORING,
                      "the scoring")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_scoring", what="the scoring screen")
    await d.audit("scoring_entry")
    for action in log[i:]:
        await reveal(d, action.tickets, shot=None)
    await d.wait_for(lambda: d.app.table.status.phase is Phase.OVER, what="the results")
    await d.audit("results")
    d.record("results", results_seen(d))

    await d.tap_id("ttr_nyc_scoring", "home")
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    await d.tap_id("home", "history")
    await d.audit("history")
    games = list(reversed(screen(d, "history").ids.games.children))
    await d.tap(games[0])
    await d.wait_for(lambda: d.app.root.current == "game_log", what="the game's log")
    await d.audit("game_log")
    await d.tap_id("game_log", "back")
    await d.tap_id("history", "back")
    await d.tap_id("home", "settings")
    await d.audit("settings")
    await d.tap_id("settings", "back")

    players, routes, _tickets = read_score_only_example()
    await open_new_game(d, "ttr-nyc", "score_only", audit=True)
    await fill_new_game(d, players, mode="score_only")
    await d.audit("new_game_score_only")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_score_only", what="the score-only map")
    from companion.games.ttr_nyc.engine import PlaceRoute
    for seat in routes:
        for route_id in routes[seat]:
            d.app.table.submit(PlaceRoute(seat, route_id))
    await d.audit("score_only")
    await d.tap_id("ttr_nyc_score_only", "to_tickets")
    await d.audit("score_only_tickets")


async def audit_selftest(d, args):
    """The audits find what they are meant to: planted faults on top of Home."""
    from kivy.core.window import Window
    from kivy.uix.button import Button
    from kivy.uix.label import Label
    from kivy.uix.togglebutton import ToggleButton
    planted = {
        "small_button": Button(text="x", size_hint=(None, None), size=(40, 30), pos=(10, 10)),
        "small_toggle": ToggleButton(text="t", size_hint=(None, None), size=(60, 40),
                                     pos=(60, 10)),
        "overflow": Label(text="a text far too long for its label", size_hint=(None, None),
                          size=(60, 24), pos=(140, 10)),
        "cut_lines": Label(text="one two three four five six", size_hint=(None, None),
                           size=(60, 24), text_size=(60, 24), pos=(220, 10)),
        "broken_word": Label(text="Sehenswürdigkeiten", size_hint=(None, None),
                             size=(60, 200), text_size=(60, None), pos=(300, 10)),
        "off_window": Label(text="off", size_hint=(None, None), size=(80, 24),
                            pos=(Window.width - 40, 10)),
        "faint": Label(text="faint text", color=(0.16, 0.18, 0.22, 1), size_hint=(None, None),
                       size=(120, 30), pos=(380, 10)),
        "shortened_ok": Label(text="a text far too long, shortened on purpose",
                              shorten=True, size_hint=(None, None), size=(80, 24),
                              text_size=(80, 24), pos=(520, 10)),
        "disabled_small": Button(text="d", disabled=True, size_hint=(None, None), size=(30, 30),
                                 pos=(620, 10)),
    }
    for widget in planted.values():
        Window.add_widget(widget)
    found = await d.audit("selftest")
    for widget in planted.values():
        Window.remove_widget(widget)
    d.record("planted", {name: getattr(w, "text", "") for name, w in planted.items()})
    d.record("found", found)


async def scanning(d, args):
    """A real serial scanner on a pty: scanned cards answer the turn-up question, an unknown tag
    is taught in one tap, unplug and replug are said on screen, scanned tickets at scoring."""
    import pty
    import tempfile
    from pathlib import Path

    from companion.store import TaggedComponent
    from companion.hardware.scanner import rdm6300_frame

    app = d.app
    tags = {key: f"0A{index:08X}" for index, key in enumerate(CARD_KEYS)}
    for key, tag in tags.items():
        app.store.teach(TaggedComponent(tag, "ttr-nyc", "card", key))
    folder = Path(tempfile.mkdtemp(prefix="scanner-"))
    link = folder / "scanner"  # the device path the app is told; a pty stands behind it

    def plug_in() -> int:
        master, slave = pty.openpty()
        link.unlink(missing_ok=True)
        link.symlink_to(os.ttyname(slave))
        return master

    master = plug_in()
    app.scanning.stop()
    os.environ["COMPANION_SCANNER"] = str(link)
    app.scanning.start()
    app.scanning.reader.retry_seconds = 0.1
    await d.wait_for(lambda: app.scanning.reader.connected, what="the scanner to connect")

    await new_game(d, PLAYERS[:2], first=0)
    await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the turn-up question")
    setup = ("red", "blue", "green", "black", "pink")
    for key in setup:  # one card on the reader at a time, as at the table
        os.write(master, rdm6300_frame(tags[key]) * 2)  # a card on the reader: read twice
        count = setup.index(key) + 1
        await d.wait_for(lambda: count == 5 or
                         len(screen(d, "ttr_nyc_play").reports.collected) == count,
                         what=f"the scanned {key} card")
    await d.wait_for(lambda: d.app.table.state.display[0] is not None, what="the display")
    d.record("display", [c.key for c in d.app.table.state.display])

    os.write(master, rdm6300_frame("0B00000001") * 2)  # a tag nobody taught
    await d.wait_for(lambda: any(type(c).__name__ == "TeachQuestion" for c in open_dialogs(d)),
                     what="the teach-it-now question")
    await d.shot("unknown-tag")
    question = next(c for c in open_dialogs(d) if type(c).__name__ == "TeachQuestion")
    teach_button = next(b for b in walk_buttons(question) if b.text == _("Teach it now"))
    await d.tap(teach_button)
    await d.wait_for(lambda: app.root.current == "teach", what="the teach screen")
    d.record("teach_tag", screen(d, "teach").tag)
    taxi = next(b for b in walk_buttons(screen(d, "teach")) if getattr(b, "card", "") == "taxi")
    await d.tap(taxi)
    d.record("taught", str(app.store.tag("0B00000001")))
    await d.tap_id("teach", "back")
    await d.wait_for(lambda: app.root.current == "ttr_nyc_play", what="back to the game")

    messages = []
    original = screen(d, "ttr_nyc_play").show_message
    screen(d, "ttr_nyc_play").show_message = lambda text, *a, **k: (messages.append(text),
                                                            original(text, *a, **k))
    os.close(master)  # unplugged
    link.unlink()
    await d.wait_for(lambda: not app.scanning.reader.connected, what="the unplug to be seen")
    master = plug_in()  # plugged in again
    await d.wait_for(lambda: len(messages) >= 2, timeout=10, what="both messages")
    d.record("plug_messages", messages)
    os.close(master)
    app.scanning.stop()


def walk_buttons(widget) -> list:
    from kivy.uix.behaviors import ButtonBehavior
    found = []
    for child in widget.walk(restrict=True):
        if isinstance(child, ButtonBehavior):
            found.append(child)
    return found


async def press_seat(d, seat: int, hold: float = 0.15) -> None:
    """A seat button pressed off the Pi: the keys 1–4, as a player would use them."""
    from kivy.core.window import Window
    key = 49 + seat
    Window.dispatch("on_key_down", key, 0, str(seat + 1), [])
    await d.frames(hold)
    Window.dispatch("on_key_up", key, 0)
    await d.frames(0.15)


async def seats_and_scanned_hands(d, args):
    """New game seats the players by their seat buttons; a game where every card is scanned
    (Settings) asks for the dealt hands and for each card drawn from the deck."""
    app = d.app
    await d.tap_id("home", "settings")
    await d.tap_id("settings", "scanned_hands")
    d.record("setting", app.store.setting("scanned_hands"))
    await d.tap_id("settings", "back")

    await d.tap(screen(d, "home").game_buttons["ttr-nyc"])
    new = screen(d, "new_game")
    for row, name in zip(new.rows, PLAYERS[:2]):
        row.name_input.text = name
    await d.frames()
    await press_seat(d, 2)  # Anna sits at seat 3
    await press_seat(d, 0)  # Ben at seat 1
    await press_seat(d, 0)  # again: already his
    await d.wait_for(lambda: [r.place for r in new.rows] == [2, 0], what="both seats taken")
    d.record("places_chosen", [r.place for r in new.rows])
    d.record("new_game_lights", [m.value for m in app.rig.modes()])
    await d.shot("new-game-seats")
    await d.tap(list(reversed(new.ids.starts.children))[0])
    await d.tap_id("new_game", "start")
    d.record("options", app.table.header.options)

    play = screen(d, "ttr_nyc_play")
    await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the turn-up question")
    for key in ("red", "blue", "green", "black", "pink"):
        await tap_text(d, card_name(key))
    await d.wait_for(lambda: dialog_is(d, "which_card"), what="the dealt-hand question")
    d.record("hand_question", play.dialog.heading.text)
    await d.shot("scan-dealt-hand")
    for key in ("red", "red", "blue", "orange"):
        await tap_text(d, card_name(key))
    for _n in range(2):
        await d.wait_for(lambda: dialog_is(d, "keep_setup"), what="the keep-tickets question")
        await tap_text(d, "2")
    await d.wait_for(lambda: app.table.status.phase is Phase.PLAY and play.dialog is None,
                     what="the first turn")
    d.record("play_lights", [m.value for m in app.rig.modes()])

    rows = stored_rows(args.db)
    messages = []
    original = play.show_message
    play.show_message = lambda text, *a, **k: (messages.append(text), original(text, *a, **k))
    await press_seat(d, 0)  # Ben's button during Anna's turn
    await d.wait_for(lambda: messages, what="who is to play")
    play.show_message = original
    d.record("other_seat", {"message": messages[-1], "shown": play.ids.message.text,
                            "rows_before": rows, "rows_after": stored_rows(args.db)})
    await press_seat(d, 2)  # Anna's button: a card from the deck, which one?
    await d.wait_for(lambda: dialog_is(d, "which_card"), what="the drawn-card question")
    d.record("draw_question", play.dialog.heading.text)
    await d.shot("scan-drawn-card")
    await tap_text(d, card_name("pink"))
    await d.wait_for(lambda: app.table.state.drawn == 1, what="the first card")
    await d.tap_id("ttr_nyc_play", "deck")
    await d.wait_for(lambda: dialog_is(d, "which_card"), what="the second drawn-card question")
    await tap_text(d, card_name("taxi"))
    await d.wait_for(lambda: app.table.state.current == 1, what="Ben's turn")
    hand = app.table.state.seats[0].hand
    d.record("anna_hand", {"known": list(hand.known), "unknown": hand.unknown})
    d.record("actions", [a.to_json() for a in app.table.actions])
    d.record("ben_lights", [m.value for m in app.rig.modes()])

    # Ben puts the card he took from the deck on the reader, nothing asked: the scan is the take
    from companion.store import TaggedComponent
    app.store.teach(TaggedComponent("0C00000001", "ttr-nyc", "card", "green"))
    app.scanning.scanned("0C00000001")
    await d.wait_for(lambda: app.table.state.drawn == 1, what="the card scanned as drawn")
    d.record("scanned_draw", app.table.actions[-1].to_json())


async def game_variants(d, args):
    """New game offers a game's own choices: Manhattan TraffIQ's Central Park scenario."""
    await open_new_game(d, "manhattan-traffiq")
    new = screen(d, "new_game")
    for row, name in zip(new.rows, PLAYERS[:2]):
        row.name_input.text = name
    await d.frames()
    tabs = [w for w in new.ids.variants.children if getattr(w, "group", "").startswith("variant")]
    d.record("choices", sorted(t.text for t in tabs))
    park = next(t for t in tabs if t.text == _("Central Park"))
    await d.tap(park)
    await d.audit("new_game_variants")
    await d.tap(list(reversed(new.ids.starts.children))[1])
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "traffiq_start", what="the start tiles")
    await d.tap_id("traffiq_start", "confirm")
    await d.wait_for(lambda: d.app.table is not None and d.app.table.header.game ==
                     "manhattan-traffiq", what="the game to start")
    d.record("options", dict(d.app.table.header.options))
