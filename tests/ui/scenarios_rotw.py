"""Railways of the World: The Card Game on the touchscreen, one async function per scenario.

The driver (driver.py) finds these by name. A seeded random game (companion.games.rotw.playout) says
what happens at the table; each move is tapped in the way a player would.
"""

from __future__ import annotations

import json
import random

from companion.boards import data_dir, rules_for
from companion.games.rotw.engine import Step
from companion.games.rotw.playout import RotwPlayout
from companion.games.rotw.ui.taps import (  # noqa: F401  (the scenarios' finger)
    AFTER_PAYMENT, act, another_card, build_by_touch, choose_delivery, counted_taps_back, deliver_by_touch, dialog_button,
    joint_text, tap_joint, tap_points, to_the_payment,
    dialog_kind, play, same, scan_card, settled, tap_action, tap_city, tap_dialog, tap_drawn,
    tap_in_view)
from scenarios import (fill_new_game, open_dialogs, open_new_game, screen, stored_rows,
                       totals_row, walk_buttons as buttons_under)

GAME = "rotw-card-game"
PLAYERS = ("Anna", "Ben")
FOUR_PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
SCORE_ONLY_EXAMPLE = data_dir() / "rotw" / "examples" / "rotw-score-only.jsonl"


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


async def start_game(d, playout) -> None:
    await open_new_game(d, GAME, "play")
    players = PLAYERS if len(playout.players) == 2 else FOUR_PLAYERS[:len(playout.players)]
    await fill_new_game(d, players, playout.options["first"])
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "rotw_play", what="the play screen")


def make_playout(seed: int, players: int = 2, strict: bool = False) -> RotwPlayout:
    """A seeded game; `strict`: every card scanned, the dealt ones too (Settings' toggle)."""
    playout = RotwPlayout(rules_for(GAME), players, random.Random(seed), strict=strict)
    playout.play()
    return playout


TAPPED_ALWAYS = ("discard_excess", "discard_restock")  # rare: tapped wherever they come


async def rotw_short_game(d, args):
    """A seeded 2-player game: its first moves, its hand-limit discards and restocks and its
    final round tapped in, the rest entered at once (the table's own submit); then the
    scoring screen."""
    playout = make_playout(args.seed)
    log = playout.log
    await start_game(d, playout)
    await d.audit("rotw_setup")
    table = d.app.table
    tapped: dict[str, int] = {}
    shots = {"build": "rotw_build_city", "deliver": "rotw_deliver"}
    for i, action in enumerate(log):
        final = table.state.triggered is not None
        if i < 60 or final or action.type in TAPPED_ALWAYS:
            if action.type in shots and action.type not in tapped:
                await shoot_dialog(d, action, shots[action.type])
            await act(d, action)
            tapped[action.type] = tapped.get(action.type, 0) + 1
            await d.wait_for(lambda: len(table.actions) == i + 1,
                             what=f"move {i} ({action.type}) stored")
            assert same(table.actions[-1], action), (table.actions[-1], action)
        else:
            table.submit(action)
        if i == 59:
            await d.frames(0.3)
            await d.audit("rotw_play")
        if final and table.state.step is Step.FINAL_DELIVERY and "final" not in d.report \
                and table.status.waiting_for is None:
            d.record("final", True)
            await d.frames(0.3)
            await d.audit("rotw_final_delivery")
    d.record("tapped", tapped)
    d.record("planned", len(log))
    d.record("stored", len(table.actions))
    await d.wait_for(lambda: d.app.root.current == "rotw_scoring", what="the scoring screen")
    await d.audit("rotw_results")
    d.record("results", results_seen(d, playout))


async def shoot_dialog(d, action, name: str) -> None:
    """The first build or delivery: its questions, screenshotted on the way."""
    if action.type == "build":
        await tap_action(d, "build")
        await d.audit(name)
        await tap_dialog(d, _("Cancel"))
    elif action.type == "deliver":
        await tap_city(d, "rotw_play", action.origin)
        if dialog_kind(d) == "colour":
            await tap_dialog(d, card=action.goods)
        await d.audit(name)
        d.app.root.get_screen("rotw_play").delivering.cancel()
    await d.frames(0.2)


def results_seen(d, playout=None) -> dict:
    scoring = screen(d, "rotw_scoring")
    grid = scoring.ids.results
    cols = grid.cols or 1
    cells = [c.text for c in reversed(grid.children)]
    rows = [cells[i:i + cols] for i in range(0, len(cells), cols)]
    sheet = d.app.table.score()
    return {"screen": d.app.root.current, "winner_text": scoring.winner_text,
            "reason_text": scoring.reason_text, "rows": rows,
            "shown_totals": totals_row(rows),
            "table_totals": list(sheet.totals),
            "planned_totals": list(playout.rules.score(playout.state).totals) if playout else None,
            "chart": list(scoring.ids.chart.values),
            "details": [c.text for c in reversed(scoring.ids.details.children)],
            "stored_status": d.app.store.game(d.app.table.game_id).status}


async def rotw_illegal_build(d, args):
    """Right after setup the start player builds a City 2 paying only a Locomotive (worth 1):
    refused, the reason over the question, nothing stored; then the question is cancelled."""
    playout = make_playout(args.seed)
    await start_game(d, playout)
    await act(d, playout.log[0])  # the three cards turned face up
    await d.wait_for(lambda: len(d.app.table.actions) == 1, what="the display")
    ps = play(d)
    rows_before = stored_rows(d.app.db_path)
    await tap_action(d, "build")
    await d.wait_for(lambda: dialog_kind(d) == "build_city", what="the value question")
    await d.tap(ps.building.unseen.values[2])  # the cards paid next: they tell the colour
    await to_the_payment(d)
    marks = {"pre_selected": list(ps.building.paid), "at_first": card_marks(ps.dialog)}
    if ps.building.paid:  # the cheapest payment pre-selected: emptied
        await tap_dialog(d, _("Clear"))
    d.record("next_with_nothing_paid", {"disabled": ps.dialog.buttons.children[0].disabled})
    marks["cleared"] = card_marks(ps.dialog)
    await d.audit("rotw_build_pay")
    await d.tap(ps.dialog.cards["loco"])
    marks["tapped"] = card_marks(ps.dialog)
    d.record("payment_marks", marks)
    await tap_dialog(d, wid="confirm_build")
    await d.frames(0.3)
    message = ps.dialog.message if ps.dialog is not None else None
    await d.audit("rotw_illegal_build")
    d.record("illegal_build", {
        "message_text": message.text if message is not None else "",
        "message_opacity": message.opacity if message is not None else 0,
        "message_shown": message is not None and message.get_root_window() is not None,
        "dialog": dialog_kind(d),
        "rows_before": rows_before, "rows_after": stored_rows(d.app.db_path),
        "actions": len(d.app.table.actions)})
    await tap_dialog(d, _("Back"))
    await tap_dialog(d, _("Cancel"))
    await d.frames(0.2)
    d.record("after_cancel", {"dialog": dialog_kind(d), "modal_views": len(open_dialogs(d))})


def card_marks(picker) -> dict:
    """The picker's cards marked as in the answer: {card: [tapped, pre-selected]}."""
    return {key: [button.taken, button.kept] for key, button in picker.cards.items()
            if button.taken or button.kept}


def read_score_only_example():
    lines = [json.loads(line) for line in SCORE_ONLY_EXAMPLE.read_text().splitlines() if line]
    return lines[0], lines[1:]


async def rotw_score_only(d, args):
    """Score a finished game: the example's network, Locomotives, cubes and track, by touch."""
    header, entries = read_score_only_example()
    await open_new_game(d, GAME, "score_only")
    await fill_new_game(d, header["players"], mode="score_only")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "rotw_score_only", what="score-only")
    so = screen(d, "rotw_score_only")
    for entry in entries:
        kind = entry["type"]
        if kind == "place_city":
            await d.tap_id("rotw_score_only", f"city{entry['value']}")
        elif kind == "place_link":
            await d.tap(list(reversed(so.ids.tabs.children))[entry["seat"]])
            await tap_city(d, "rotw_score_only", entry["a"])
            await tap_city(d, "rotw_score_only", entry["b"])
            await d.wait_for(lambda: so.dialog is not None, what="the link's value")
            button = next(b for b in buttons_under(so.dialog) if b.text == str(entry["value"]))
            await d.tap(button)
        elif kind == "set_locomotives":
            await enter_counter(d, so, entry["seat"], "locomotives", entry["count"])
        elif kind == "set_delivered":
            for goods in ("blue", "red", "black", "yellow"):
                count = entry["cubes"].count(goods)
                if count:
                    await enter_counter(d, so, entry["seat"], goods, count)
        elif kind == "set_track":
            await enter_counter(d, so, entry["seat"], "track", entry["points"])
        elif kind == "finish_scoring":
            await d.audit("rotw_score_only")
            await d.tap_id("rotw_score_only", "finish")
    await d.wait_for(lambda: d.app.root.current == "rotw_scoring", what="the scoring screen")
    await d.audit("rotw_score_only_results")
    d.record("results", results_seen(d))


async def enter_counter(d, so, seat: int, key: str, target: int) -> None:
    """In the player's dialog: +10 and +1 taps up to the number wanted."""
    await d.tap(list(reversed(so.ids.tabs.children))[seat])
    await d.tap_id("rotw_score_only", "player_entry")
    await d.wait_for(lambda: so.dialog is not None, what="the player's entries")
    if key == "track" and "rotw_player_entry" not in d.report["audits"]:
        await d.audit("rotw_player_entry")
    row = so._counters[key].parent
    steps = {b.text: b for b in buttons_under(row)}
    while int(so._counters[key].text) < target:
        left = target - int(so._counters[key].text)
        await d.tap(steps["+10"] if left >= 10 and "+10" in steps else steps["+1"])
    await tap_dialog_of(d, so, _("Done"))


async def tap_dialog_of(d, owner, text: str) -> None:
    button = next(b for b in buttons_under(owner.dialog) if b.text == text)
    await d.tap(button)


async def rotw_teach_city(d, args):
    """Settings → Teach: a city card's tag learns its features; a scan fills the build question."""
    await d.tap_id("home", "settings")
    await d.wait_for(lambda: d.app.root.current == "settings", what="settings")
    teach = screen(d, "teach")
    d.app.go("teach")
    await d.frames(0.3)
    tab = next(t for t in teach.ids.games.children
               if t.text == "Railways of the World: The Card Game")
    await d.tap(tab)
    teach.typed("CITY-TAG-1")
    panel = teach._panels[GAME]
    await d.tap(panel.form.values[3])
    await d.tap(panel.form.demands["red"])
    await d.tap(panel.form.colours["orange"])
    await d.tap(panel.form.colours["brown"])
    await d.audit("rotw_teach")
    await d.tap(panel.button)
    d.record("taught", d.app.store.tag("CITY-TAG-1").value)
    teach.typed("RAIL-TAG-1")  # a rail card: one tap on its kind beside the city card form
    await d.tap(panel.kinds["purple-2"])  # (the last "Learned" covers the bottom row)
    rail = d.app.store.tag("RAIL-TAG-1")
    d.record("taught_rail", {"kind": rail.kind, "value": rail.value,
                             "message": teach.ids.message.text, "tag_after": teach.tag})
    await d.tap_id("teach", "back")
    d.app.go("home")
    playout = make_playout(args.seed)
    await start_game(d, playout)
    await act(d, playout.log[0])
    await d.wait_for(lambda: len(d.app.table.actions) == 1, what="the display")
    d.app.scanned("CITY-TAG-1")
    await d.frames(0.3)
    ps = play(d)
    card = ps.building.card
    d.record("scanned", {"dialog": dialog_kind(d),
                         "build": {"card": card.to_value() if card else None}})
    await d.audit("rotw_scanned_build")


async def rotw_resume(d, args):
    """Home in the middle of a game, then Resume: the same game, at the same question."""
    playout = make_playout(args.seed)
    await start_game(d, playout)
    table = d.app.table
    d.record("first_undo", await undo_in_the_first_question(d, playout.log[0].cards[0]))
    for action in playout.log[:5]:
        await act(d, action)
    await d.wait_for(lambda: len(table.actions) == 5, what="five moves")
    asked = dialog_kind(d)
    if asked:  # a question is open: it covers Home, as it should; leave by the app's way
        d.app.go_home()
    else:
        await d.tap_id("rotw_play", "home")
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    await d.audit("rotw_home_resume")
    await d.tap_id("home", "resume")
    await d.wait_for(lambda: d.app.root.current == "rotw_play", what="the game again")
    await d.frames(0.3)
    d.record("resumed", {"screen": d.app.root.current, "actions": len(d.app.table.actions),
                         "asked_before": asked, "asked_after": dialog_kind(d),
                         "resume_text": screen(d, "home").resume_text})
    await pass_by_taking_the_top_card(d, playout)


async def undo_in_the_first_question(d, card: str) -> dict:
    """The first setup question's Undo: grey with nothing stored or tapped, lit once a card is
    tapped (it takes the tap back), grey again after."""
    await d.wait_for(lambda: dialog_kind(d) == "turn_up", what="the setup question")
    ps = play(d)
    undo = next(b for b in buttons_under(ps.dialog.buttons) if b.text == _("Undo"))
    seen = {"at_first": undo.disabled}
    await d.tap(ps.dialog.cards[card])
    await d.frames(0.2)
    seen["after_a_card"] = undo.disabled
    await d.tap(undo)
    await d.frames(0.2)
    seen.update(after_undo=undo.disabled, collected=list(ps.questions.collected),
                open=dialog_kind(d))
    return seen


async def pass_by_taking_the_top_card(d, playout) -> None:
    """On to the next action step that a card taken would pass; the draw pile tapped there
    (Pass and the take stored at once). The app then stops: rotw_undo_after_restart goes on."""
    table, ps = d.app.table, play(d)
    log = playout.log
    while not (table.status.waiting_for is None and d.app.root.current == "rotw_play"
               and ps.dialog is None and ps.passes_by_taking("take_deck")):
        table.submit(log[len(table.actions)])
        await d.frames(0.1)
    stored = len(table.actions)
    seen = await seat_button_passes(d, stored)
    await d.tap_id("rotw_play", "deck")
    await d.wait_for(lambda: len(table.actions) == stored + 2, what="Pass and the card taken")
    d.record("passed_by_taking", {"kinds": [a.type for a in table.actions[-2:]],
                                  "stored": len(table.actions), **seen})


async def seat_button_passes(d, stored: int) -> dict:
    """At the action step the mover's seat button takes the top card, as the draw pile's tap:
    what it said and stored, and the Undo beside that took both back."""
    from scenarios import press_seat
    from companion.app.seat_press import seat_words
    table, ps = d.app.table, play(d)
    mover = table.status.seat
    places = table.header.options.get("places") or range(len(table.header.players))
    words = seat_words(ps, table, mover)
    await press_seat(d, places[mover])
    await d.wait_for(lambda: len(table.actions) >= stored + 2, what="the seat button's move")
    kinds, line = [a.type for a in table.actions[stored:]], ps.last_move
    await d.tap_id("rotw_play", "undo")
    await d.wait_for(lambda: len(table.actions) < stored + 2, what="the undo")
    await d.frames(0.2)
    return {"seat_words": words, "seat_kinds": kinds, "seat_line": line,
            "seat_undone_to": len(table.actions) - stored}


async def rotw_undo_after_restart(d, args):
    """The app started again on rotw_resume's database: Resume, then one Undo takes back the
    Pass and the card taken that said it, as before the restart; the last-move line names
    both."""
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    await d.tap_id("home", "resume")
    await d.wait_for(lambda: d.app.root.current == "rotw_play", what="the game again")
    await go_on_after_the_break(d)
    table, ps = d.app.table, play(d)
    await d.frames(0.3)
    stored, line = len(table.actions), ps.last_move
    await d.tap_id("rotw_play", "undo")
    await d.wait_for(lambda: len(table.actions) < stored, what="the undo")
    await d.frames(0.2)
    d.record("undone_after_restart", {"line": line, "stored": stored,
                                      "taken_back": stored - len(table.actions),
                                      "step": table.state.step.value,
                                      "message": ps.ids.panel_message.text})


async def go_on_after_the_break(d) -> None:
    """A game left opens in its break: Go on playing."""
    from kivy.core.window import Window
    from companion.app.records_clock import BreakView
    await d.frames(0.3)
    for view in [w for w in Window.children if isinstance(w, BreakView)]:
        await d.tap(next(b for b in buttons_under(view) if b.text == _("Go on playing")))
        await d.frames(0.3)


async def rotw_family(d, args):
    """New game with the family rules chosen by touch: no goods, so Deliver, Locomotive and
    restocking are off; the game ends without final deliveries and is scored."""
    playout = RotwPlayout(rules_for(GAME), 2, random.Random(args.seed), family=True)
    playout.play()
    await open_new_game(d, GAME, "play")
    await fill_new_game(d, PLAYERS, playout.options["first"])
    new = screen(d, "new_game")
    family = next(b for b in buttons_under(new.ids.variants)
                  if b.text == _("Family game (no goods)"))
    await d.tap(family)
    await d.audit("rotw_new_game_family")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "rotw_play", what="the play screen")
    table = d.app.table
    log = list(playout.log)
    while len(table.actions) < 20 or table.state.step is not Step.ACTION or \
            table.status.waiting_for is not None:
        table.submit(log[len(table.actions)])
    await d.frames(0.3)
    await d.audit("rotw_family_play")
    off = {wid: play(d).action_button(wid).disabled
           for wid in ("deliver", "locomotive", "restock", "build", "pass")}
    for action in log[len(table.actions):]:
        table.submit(action)
    await d.wait_for(lambda: d.app.root.current == "rotw_scoring", what="the scoring screen")
    d.record("family", {"option": table.header.options.get("family"), "off": off,
                        "results": results_seen(d, playout)})


async def rotw_deliver_closed(d, args):
    """The start player has played a Locomotive but no city is on the table: Deliver is grey;
    tapped, it says why (the engine's reason) and the map does not wait for a city."""
    from companion.games.rotw.engine import Pass, PlayLocomotive, TakeDeck
    playout = make_playout(args.seed)
    await start_game(d, playout)
    table = d.app.table
    table.submit(playout.log[0])  # the display turned face up
    first = table.state.current
    other = (first + 1) % len(playout.players)
    for action in (PlayLocomotive(first), TakeDeck(first), TakeDeck(first), Pass(other),
                   TakeDeck(other), TakeDeck(other)):
        table.submit(action)
    await d.frames(0.3)
    ps = play(d)
    button = ps.action_button("deliver")
    before = ps.prompt
    await d.tap_at(*button.to_window(*button.center))  # a finger on it, grey or not
    await d.frames(0.3)
    await d.audit("rotw_deliver_closed")
    d.record("deliver_closed", {
        "grey": button.disabled, "prompt_before": before, "prompt_after": ps.prompt,
        "cancel_shown": ps.action_button("cancel_delivery") is not None,
        "marked": list(ps.ids.network.marked),
        "messages": [ps.ids[m].text for m in ("panel_message", "map_message")
                     if ps.ids[m].opacity > 0.5]})


async def rotw_card_row(d, args):
    """A game entered move by move: where the take-cards row stands under each prompt (the
    prompt above it changes with the step; the row must not move)."""
    playout = make_playout(args.seed)
    await start_game(d, playout)
    table, ps = d.app.table, play(d)
    places: dict[str, list[int]] = {}

    async def note() -> None:
        await d.frames(0.15)
        places[ps.prompt] = [round(ps.ids[w].to_window(*ps.ids[w].pos)[1])
                             for w in ("slot0", "deck")]

    from kivy.core.window import Window
    name = ps.ids.player
    highest: dict[str, float] = {"top": 0, "window": Window.height}
    for action in playout.log:
        if d.app.root.current == "rotw_play":  # the last move's lines: the panel stays on screen
            await d.frames(0.02)
            top = name.to_window(name.x, name.top)[1]
            if top > highest["top"]:
                highest.update(top=top, last_move=ps.last_move, prompt=ps.prompt)
        if table.status.waiting_for is None and ps.prompt not in places \
                and d.app.root.current == "rotw_play":
            await note()
            deliver = ps.action_button("deliver")
            if deliver is not None and not deliver.disabled \
                    and ps.action_button("cancel_delivery") is None:
                await d.tap(deliver)  # the delivery's prompt too
                await note()
                await tap_action(d, "cancel_delivery")
        table.submit(action)
    d.record("card_row", places)
    d.record("player_name_top", highest)


async def rotw_scanned_setup(d, args):
    """Settings' "scan every card, the ones dealt at setup too": after the display is turned
    up, each player's 2 dealt cards are asked for (tapped, one a scanned city card); Undo takes
    one back; play refused meanwhile (the question covers it); then the first turn is played."""
    from companion.store import TaggedComponent
    tag, city = "0C00000092", '{"value":3,"demand":"red","points":["orange","brown"]}'
    d.app.store.set_setting("rotw_scanned_draws", "1")
    d.app.store.teach(TaggedComponent(tag, GAME, "city", city))
    playout = make_playout(args.seed, strict=True)
    await start_game(d, playout)
    table, ps = d.app.table, play(d)
    seen = {"options": table.header.options, "asked": [], "seats": []}
    log = playout.log
    await d.wait_for(lambda: dialog_kind(d) == "turn_up", what="the display's question")
    seen["display"] = log[0].cards  # the display turned up, each card scanned (a Locomotive)
    for card in log[0].cards:
        await scan_card(d, card)
    await d.wait_for(lambda: dialog_kind(d) == "show_card", what="the dealt cards' question")
    seen["display_stored"] = table.actions[0].to_json()
    seen["waiting"] = table.status.waiting_for
    seen["refused"] = table.check(log[5]).code if table.check(log[5]) else None
    seen["asked"].append(ps.dialog.heading.text)
    await d.shot("rotw-setup-cards")
    seen["audit"] = await d.audit("rotw_setup_cards")
    first = log[1]
    await act(d, first)
    await d.wait_for(lambda: len(table.actions) == 2, what="the first dealt card")
    seen["asked"].append(ps.dialog.heading.text)
    await tap_dialog(d, _("Undo"))
    await d.wait_for(lambda: len(table.actions) == 1, what="the dealt card taken back")
    await d.frames(0.2)
    seen["after_undo"] = {"dialog": dialog_kind(d), "asked": ps.dialog.heading.text}
    for done, action in enumerate(log[1:5], start=2):
        seen["seats"].append(table.status.seat)
        if action.card == "city-3" and "scanned" not in seen:
            d.app.scanned(tag)  # a city card dealt at setup, scanned
            seen["scanned"] = True
        elif table.status.seat == 1:
            await scan_card(d, action.card)  # a rail card dealt at setup, scanned
        else:
            await act(d, action)
        await d.wait_for(lambda: len(table.actions) == done, what=f"dealt card {done - 1}")
    await d.frames(0.3)
    seen["dialog_after"] = dialog_kind(d)
    seen["status"] = [table.status.phase.value, table.status.seat, table.status.waiting_for]
    seen["hands"] = [[p.hand.unknown, sum(p.hand.known)] for p in table.state.seats]
    seen["stored"] = [a.to_json() for a in table.actions[1:]]
    seen["hand_text"] = ps.hand_text
    seen["log_line"] = ps.last_move
    await act(d, log[5])  # the first turn's action, by touch
    await d.wait_for(lambda: len(table.actions) == 6, what="the first move of play")
    seen["played"] = same(table.actions[-1], log[5])
    await d.frames(0.3)
    seen["audit_play"] = await d.audit("rotw_setup_cards_done")
    d.record("setup", seen)
    for done, action in enumerate(log[6:8], start=7):  # a face-up card taken, one turned up
        await act(d, action)
        await d.wait_for(lambda: len(table.actions) == done, what=f"{action.type} stored")
    drawn = log[8]  # a rail card scanned off the draw pile: the scan is the take, no tap
    assert drawn.type == "take_deck" and not drawn.card.startswith("city"), drawn
    taps = d.counts.taps
    await scan_card(d, drawn.card)
    await d.wait_for(lambda: len(table.actions) == 9, what="the scanned card taken")
    seen["scanned_draw"] = {"stored": table.actions[-1].to_json(), "planned": drawn.to_json(),
                            "taps": d.counts.taps - taps, "dialog": dialog_kind(d)}
    d.record("setup", seen)



def printed_features(action) -> int:
    """The taps a build's city card needs for what is printed on it: its demand colour and its
    connection points (a scan tells them)."""
    return (action.demand is not None) + len(action.points)


async def rotw_fewest_taps(d, args):
    """A seeded 2-player game's first moves, each tapped the fewest ways the screens allow;
    the taps each move needed, by kind (every tap goes through the driver's finger). An earlier
    game of the same box is stored first with its first three cities: those cards are then
    offered at their builds (one tap), the others go past the box's cards (Another card)."""
    playout = make_playout(args.seed)
    store_earlier_game(d, playout, builds=3)
    await start_game(d, playout)
    table = d.app.table
    counted = {"n": 0}
    d.tap_counter = counted
    finger = d.tap_at

    async def tap_at(x, y):
        counted["n"] += 1
        await finger(x, y)

    d.tap_at = tap_at
    taps: list[dict] = []
    for i, action in enumerate(playout.log[:90]):
        before = counted["n"]
        d.next_action = playout.log[i + 1]  # a pass followed by a card taken: the take
        await act(d, action)
        await d.wait_for(lambda: len(table.actions) > i, what=f"move {i} stored")
        assert same(table.actions[i], action), (table.actions[i], action)
        entry = {"kind": action.type, "taps": counted["n"] - before}
        if action.type == "pass":  # the card taken next said it: stored with it
            entry["by_taking"] = len(table.actions) > i + 1
            if entry["by_taking"] and "undone" not in d.report:
                await undo_the_pass_and_the_take(d, playout.log[i:i + 2])
                counted["n"] = before + 1  # (not the undo, not the take entered again)
        if action.type == "build":
            entry.update(d.last_build, features=printed_features(action),
                         points=list(action.points))
        elif action.type in ("draw_goods", "turn_up"):
            entry["reported"] = len(getattr(action, "cubes", None) or action.cards)
        taps.append(entry)
    d.record("taps", taps)


async def undo_the_pass_and_the_take(d, moves) -> None:
    """The card taken that said its player passed: the last-move line and the undo question
    name both moves, one Undo takes both back; the card is then taken again."""
    from scenarios import press_seat
    from companion.app.i18n import _
    from companion.games.rotw.ui.words import describe
    table, ps = d.app.table, play(d)
    stored = len(table.actions)
    line = ps.last_move
    await press_seat(d, table.status.seat, hold=1.4)  # the long press asks to take it back
    asked = [getattr(v, "text", "") for v in open_dialogs(d)]
    asked += [getattr(w, "text", "") for v in open_dialogs(d) for w in v.walk()]
    undo = next(b for v in open_dialogs(d) for b in buttons_under(v) if b.text == _("Undo"))
    await d.tap(undo)
    await d.wait_for(lambda: len(table.actions) < stored, what="the undo")
    words = [describe(m, table.header.players, state=table.state) for m in moves]
    d.record("undone", {"line": line, "asked": asked, "words": words,
                        "taken_back": stored - len(table.actions),
                        "step": table.state.step.value})
    d.next_action, d.taken_ahead = moves[1], None
    await act(d, moves[0])
    await d.wait_for(lambda: len(table.actions) == stored, what="the card taken again")


def store_earlier_game(d, playout, builds: int) -> None:
    """An earlier game of this box, stored as the table would: its moves until its first
    `builds` cities lie on its table."""
    from companion.table import Table
    table = Table.start(d.app.store, GAME, playout.players, playout.options)
    for action in playout.log:
        if action.type == "build":
            if builds == 0:
                return
            builds -= 1
        table.submit(action)


def label_clashes(network, state) -> list[str]:
    """The network's labels as drawn that overlap: a city's id or a link's tag over another
    id or tag, over a city's dot or over its demand symbol, a tag over a city's cubes."""
    prints = network.footprints
    ids = [f for f in prints.texts() if f.name in state.cities]
    tags = [f for f in prints.drawn if f.kind == "shape" and f.name.startswith("tag ")]
    shapes = [f for f in prints.drawn if f.kind == "shape"]
    dots = [f for f in shapes if f.name.split()[0] in ("city", "demand")]
    cubes = [f for f in shapes if f.name.startswith("cubes ")]
    labels = ids + tags
    found = [f"{a.name} over {b.name}" for i, a in enumerate(labels) for b in labels[i + 1:]
             if a.overlaps(b)]
    found += [f"{a.name} over {b.name}" for a in labels for b in dots if covers(a, b)]
    found += [f"{a.name} over {b.name}" for a in tags for b in cubes if a.overlaps(b)]
    return found


def covers(label, dot, slack: float = 2.0) -> bool:
    """A label's box over a round dot (drawn as the square round it): nearer its middle than
    its radius."""
    from companion.app.label_placer import Box
    (cx, cy), r = dot.centre, dot.w / 2
    return Box(label.x, label.y, label.w, label.h).gap_to(cx, cy) < r - slack


async def rotw_late_targets(d, args):
    """A 2-player and then a 4-player game played to its final round (submitted at once), the
    play screen audited there: every city a finger taps is reached by at least 48 px."""
    for players in (2, 4):
        playout = make_playout(args.seed, players)
        if players == 4:
            d.app.go_home()
            await d.frames(0.3)
        await start_game(d, playout)
        table = d.app.table
        for action in playout.log:
            if table.state.triggered is not None and table.status.waiting_for is None:
                break
            table.submit(action)
        await d.frames(0.5)
        network = play(d).ids.network
        d.record(f"cities_{players}p", len(table.state.cities))
        d.record(f"targets_{players}p", [round(w) for _c, w in network.tap_targets()])
        d.record(f"clashes_{players}p", label_clashes(network, table.state))
        d.record(f"radius_{players}p", round(network.radius()))
        await d.audit(f"rotw_late_{players}p")
        if players == 4:
            d.record("pinched", await pinch_and_drag(d, network))


async def pinch_and_drag(d, network) -> dict:
    """Two fingers spread over the network's middle (it zooms), one drags it, a tap on a city
    there still reaches it; then Show all fits it again."""
    from kivy.tests.common import UnitTestTouch
    x, y = network.to_window(*network.center)
    a, b = UnitTestTouch(x - 30, y), UnitTestTouch(x + 30, y)
    a.touch_down()
    b.touch_down()
    for step in range(1, 11):
        b.touch_move(x + 30 + 9 * step, y)
        await d.frames(0.02)
    b.touch_up()
    a.touch_up()
    drag = UnitTestTouch(x, y)
    drag.touch_down()
    for step in range(1, 6):
        drag.touch_move(x + 8 * step, y)
    drag.touch_up()
    await d.frames(0.3)
    seen = {"scale": round(network.scale_px, 2), "radius": round(network.radius()),
            "targets": [round(w) for _c, w in network.tap_targets()],
            "button": network.fit_button is not None}
    await d.audit("rotw_late_4p_zoomed")
    if network.fit_button is not None:
        await d.tap(network.fit_button)
        await d.frames(0.3)
    seen["fitted"] = network.scale_px == 1.0 and network.fit_button is None
    return seen


async def rotw_build_flow(d, args):
    """Screenshots of the build with its cube draw and of a delivery, in a game where the cards
    drawn are scanned (the hands are known, so the engine pre-selects the place and payment)."""
    playout = RotwPlayout(rules_for(GAME), 2, random.Random(args.seed), scan=True)
    playout.play()
    await start_game(d, playout)
    table = d.app.table
    ps = play(d)
    shot = {"build": False, "goods": False, "deliver": False}
    for i, action in enumerate(playout.log):
        if all(shot.values()):
            break
        if action.type == "build" and not shot["build"] \
                and table.status.waiting_for is None:
            await tap_action(d, "build")
            await d.wait_for(lambda: dialog_kind(d) in ("build_city", "build_pay",
                                                        *AFTER_PAYMENT),
                             what="the city card's value")
            if dialog_kind(d) == "build_city":
                await d.tap(ps.building.unseen.values[action.value])
            await to_the_payment(d)
            if ps.building.paid:  # the cheapest payment seen in the hand, pre-selected
                shot["build"] = True
                await d.audit("rotw_build_likely")
                await tap_dialog(d, wid="confirm_build")
                await d.wait_for(lambda: dialog_kind(d) in ("build_join", "build_card",
                                                            "build_seen"),
                                 what="where it joins, or the card's points")
                if dialog_kind(d) == "build_join":
                    await d.audit("rotw_build_other")
                    await tap_in_view(d, buttons_under(ps.dialog)[0])
                await another_card(d)
                await d.audit("rotw_build_card")  # the link's colour marked
            ps.close_dialog()
            await d.frames(0.2)
        if action.type == "draw_goods" and not shot["goods"] and len(action.cubes) > 1:
            await d.wait_for(lambda: dialog_kind(d) == "goods", what="the goods question")
            await d.tap(ps.questions.goods_buttons[action.cubes[0]])
            shot["goods"] = True
            await d.audit("rotw_goods_counted")
            await tap_dialog(d, _("Undo"))  # the cube tapped taken back: the question again
            await d.frames(0.2)
        if action.type == "deliver" and not shot["deliver"]:
            await choose_delivery(d, action.origin, action.destination, action.goods)
            shot["deliver"] = True
            await d.audit("rotw_delivered")  # stored at the last tap, said, Undo beside
        else:
            if action.type in ("draw_goods", "turn_up"):
                await act(d, action)
            else:
                table.submit(action)
        await d.wait_for(lambda: len(table.actions) == i + 1, what=f"move {i} stored")
    d.record("shot", shot)
