"""The durability scenarios: the real app played by touch until it is SIGKILLed, and started on a
damaged database (see tests/ui/test_durability_ui.py; run through durability_driver.py).

`powercut_player` prints one line to stdout for every log entry the app stored, from the app's
own `on_table_change` event, which the Table raises only after the entry is committed:

    ack <game id> <seq> <entry as JSON>

and `resumed <game id> <entries> <screen>` after tapping Resume on a restart. The test kills the
process at a random moment and checks the database against the acknowledgements.
"""

from __future__ import annotations

import json
import random
import sys

from companion.gamelog import UNDO, Header, fold
from companion.store import Store

from scenarios import PLAYERS, _, at_turn_start, make_playout, play_action, screen

UNDO_CHANCE = 0.15  # at a turn's start with no question open, take the last move back


def game_playout(seed: int, game_id: int):
    """Game number `game_id` of a run: the same on every restart."""
    return make_playout(seed * 1000 + game_id)


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def powercut_player(d, args):
    """Resume the unfinished game by its Home button (checked against a fresh fold), or start
    the next one by touch; then play it by touch, undos included, acknowledging each entry."""
    app = d.app
    await d.frames(0.2)
    home = screen(d, "home")
    if home.resume_id:
        await d.tap_id("home", "resume")
        await d.wait_for(lambda: app.table is not None, what="the game to be resumed")
        await d.frames(0.2)
        check_resumed(d, args.db)
    else:
        game_id = (app.store.db.execute("SELECT max(id) FROM games").fetchone()[0] or 0) + 1
        first = game_playout(args.seed, game_id).options["first"]
        from scenarios import new_game
        await new_game(d, PLAYERS[:2], first=first)
        await d.wait_for(lambda: app.table is not None, what="the new game")
        assert app.table.game_id == game_id, (app.table.game_id, game_id)
    table = app.table
    stored = {"seq": len(app.store.log(table.game_id))}

    def acknowledge(_app, action) -> None:
        stored["seq"] += 1
        entry = {"type": UNDO} if action is None else action.to_json()
        say(f"ack {app.table.game_id} {stored['seq']} "
            f"{json.dumps(entry, separators=(',', ':'))}")

    app.bind(on_table_change=acknowledge)
    say(f"playing {table.game_id} {stored['seq']}")
    playout = game_playout(args.seed, table.game_id)
    while len(app.table.actions) < len(playout.log):
        before = stored["seq"]
        if wants_undo(d, args.seed, before):
            await d.tap_id("ttr_nyc_play", "undo")
        else:
            await play_action(d, playout.log[len(app.table.actions)])
        await d.wait_for(lambda: stored["seq"] == before + 1, what=f"entry {before + 1} stored")
    say("game over")


def wants_undo(d, seed: int, seq: int) -> bool:
    """Now and then, when the Undo button is there to be tapped (a turn's start, no question)."""
    play = screen(d, "ttr_nyc_play")
    if d.app.root.current != "ttr_nyc_play" or play.dialog is not None or not d.app.table.actions:
        return False
    return at_turn_start(d) and random.Random(f"{seed}:{seq}").random() < UNDO_CHANCE


def check_resumed(d, db) -> None:
    """The resumed game is a fresh fold of its stored log, on the screen it needs."""
    table = d.app.table
    store = Store(db)
    try:
        record = store.game(table.game_id)
        entries = store.log(table.game_id)
    finally:
        store.close()
    folded = fold(Header(record.game, record.players, record.options), entries)
    assert folded.state == table.state and list(folded.actions) == list(table.actions), \
        "the resumed game is not a fresh fold of its log"
    assert d.app.root.current in ("ttr_nyc_play", "ttr_nyc_scoring"), d.app.root.current
    say(f"resumed {table.game_id} {len(entries)} {d.app.root.current}")


async def damaged_at_start(d, args):
    """Started on a damaged database: Home says so and names where the old file was kept."""
    await d.frames(0.5)
    home = screen(d, "home")
    message = home.ids.message
    d.record("home", {"screen": d.app.root.current, "message": message.text,
                      "opacity": message.opacity,
                      # the lines as drawn: where the wrap broke the text
                      "lines": ["".join(word.text for word in line.words)
                                for line in message._label._cached_lines],
                      "kept": str(d.app.moved_aside.kept) if d.app.moved_aside else None,
                      "games": len(d.app.store.games())})
    await d.shot("home-damaged")


async def unopened_at_start(d, args):
    """The database cannot be opened at all: Home says so, and a new game is refused."""
    from scenarios import new_game
    await d.frames(0.5)
    home = screen(d, "home").ids.message
    d.record("home", {"screen": d.app.root.current, "message": home.text,
                      "opacity": home.opacity})
    await d.shot("home-unopened")
    await new_game(d, PLAYERS[:2])
    await d.frames(0.3)
    await d.shot("new-game-refused")
    d.record("new_game", {"screen": d.app.root.current, "alert": await close_alert(d),
                          "table": d.app.table is not None})


async def close_alert(d) -> str:
    """The text of the storage notice over the screen; then its OK is tapped."""
    from companion.app.widgets import Question
    from scenarios import open_dialogs, visible_texts, walk_buttons
    notices = [v for v in open_dialogs(d) if isinstance(v, Question)]
    assert len(notices) == 1, notices
    text = " ".join(visible_texts(notices[0]))
    await d.tap(next(b for b in walk_buttons(notices[0]) if b.text == _("OK")))
    assert notices[0] not in open_dialogs(d), "the notice stays open after OK"
    return text


async def full_during_play(d, args):
    """The disk fills up during a game: the move is refused on screen, the game stays as
    stored, and once there is room again the same move is taken."""
    from scenarios import new_game
    playout = game_playout(args.seed, 1)
    await new_game(d, PLAYERS[:2], first=playout.options["first"])
    store = d.app.store
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # no room for another page
    play = screen(d, "ttr_nyc_play")
    refused = None
    for n, action in enumerate(playout.log):
        await play_action(d, action)
        await d.frames(0.2)
        if len(d.app.table.actions) == n:  # not taken
            refused = n
            break
    assert refused is not None, "the disk never filled up"
    table = d.app.table
    await d.shot("play-storage-full")
    d.record("refused", {"move": refused, "actions": len(table.actions),
                         "screen": d.app.root.current, "alert": await close_alert(d),
                         "question": play.dialog.kind if play.dialog else None,
                         "stored": len(d.app.store.log(table.game_id))})
    await d.shot("play-after-ok")
    store.db.execute("PRAGMA max_page_count = 1000000")  # room again: the same move, as the
    assert d.app.submit(playout.log[refused], "panel_message")  # screen hands it over
    d.record("after_room", {"actions": len(d.app.table.actions)})
