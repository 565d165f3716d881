"""No stranded games (see driver.py): every unfinished game on Home with its own Resume,
abandoning one (History shows it), and New game's notice of the games not finished yet."""

from __future__ import annotations

import random

from companion.boards import rules_for
from companion.core.rules import Phase
from companion.games import game as registered
from companion.table import Table
from scenarios import fill_new_game, open_dialogs, open_new_game, screen, visible_texts

TTR, ROTW, TRAFFIQ = "ttr-nyc", "rotw-card-game", "manhattan-traffiq"
LONG_NAMES = ("Dominika-Alexandra", "Kristóf-Bartholomew", "Ștefan", "Ödön")


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


def planned(game_id: str, players: int, seed: int):
    """A seeded random game of any registered game: what happens at the table."""
    playout = registered(game_id).playout()(rules_for(game_id), players, random.Random(seed))
    playout.play()
    return playout


async def tap_button(d, text: str) -> None:
    """A button of the topmost open question, by its words."""
    from kivy.uix.button import Button
    stack = list(open_dialogs(d)[:1])
    while stack:
        widget = stack.pop()
        if isinstance(widget, Button) and widget.text == text:
            await d.tap(widget)
            return
        stack.extend(widget.children)
    raise AssertionError(f"no button {text!r} in the open question")


async def leave_game(d) -> None:
    """Escape, then Leave: Home, whatever question the game has open."""
    from kivy.core.window import Window
    Window.dispatch("on_keyboard", 27, 41, None, [])
    await d.frames(0.2)
    await tap_button(d, _("Leave"))
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")


async def start_by_touch(d, game_id: str, players, playout, moves: int) -> int:
    """Home → the game's box → names → who starts → Start; then the first moves (straight to
    the table: the moves are not what is tested here). The new game's id."""
    from companion.app.games import game_ui
    await open_new_game(d, game_id, "play")
    await fill_new_game(d, players, playout.options["first"])
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == game_ui(game_id).play, what="its play screen")
    for action in playout.log[:moves]:
        d.app.table.submit(action)
    await d.frames()
    return d.app.table.game_id


def within(widget, outer) -> bool:
    """The whole of `widget` is on `outer`, on the window."""
    x, y = widget.to_window(widget.x, widget.y)
    ox, oy = outer.to_window(outer.x, outer.y)
    return ox - 1 <= x and oy - 1 <= y and x + widget.width <= ox + outer.width + 1 and \
        y + widget.height <= oy + outer.height + 1


def home_seen(d) -> dict:
    home = screen(d, "home")
    return {"screen": d.app.root.current, "resume_id": home.resume_id,
            "resume_text": home.resume_text,
            "cards": {str(gid): {"heading": c.heading, "details": c.details, "text": c.text,
                                 "shown": c.get_root_window() is not None}
                      for gid, c in home.cards.items()},
            "order": list(home.cards),
            "visible": visible_texts(home)}


async def unfinished_games(d, args):
    """Two games started and left; both on Home; Resume the first (the same game); abandon the
    other (History says so); New game's notice: Resume, then Set aside and start."""
    ttr_plan, rotw_plan = planned(TTR, 2, args.seed), planned(ROTW, 2, args.seed)
    ttr = await start_by_touch(d, TTR, ("Anna", "Ben"), ttr_plan, 8)
    ttr_moves = len(d.app.table.actions)
    await leave_game(d)
    rotw = await start_by_touch(d, ROTW, ("Cleo", "Dan"), rotw_plan, 4)
    await leave_game(d)
    await d.frames(0.3)
    d.record("started", {"ttr": ttr, "rotw": rotw, "ttr_moves": ttr_moves})
    d.record("home", home_seen(d))
    await d.audit("games-home-two")

    home = screen(d, "home")
    await d.tap(home.cards[ttr])
    await d.wait_for(lambda: d.app.table is not None and d.app.root.current == "ttr_nyc_play",
                     what="the first game again")
    d.record("resumed", {"game_id": d.app.table.game_id, "moves": len(d.app.table.actions),
                         "screen": d.app.root.current})
    await leave_game(d)
    await abandon(d, rotw)
    await history_of(d, rotw)
    await new_game_notice(d, ttr)


async def abandon(d, game_id: int) -> None:
    """Abandon on its row: a question first; Keep it changes nothing; Abandon does it."""
    home = screen(d, "home")
    await d.tap(home.abandon_buttons[game_id])
    await d.frames()
    asked = [type(v).__name__ for v in open_dialogs(d)]
    await d.audit("games-abandon-question")
    await tap_button(d, _("Keep it"))
    kept = d.app.store.game(game_id).status
    await d.tap(home.abandon_buttons[game_id])
    await tap_button(d, _("Abandon"))
    await d.frames(0.2)
    d.record("abandoned", {"asked": asked, "kept": kept,
                           "status": d.app.store.game(game_id).status,
                           "on_home": game_id in home.cards, "message": home.ids.message.text,
                           "home": home_seen(d)})
    await d.audit("games-home-abandoned")


async def history_of(d, game_id: int) -> None:
    """History names each game and says the abandoned one is abandoned; its log page too."""
    await d.tap_id("home", "history")
    await d.wait_for(lambda: d.app.root.current == "history", what="History")
    rows = list(reversed(screen(d, "history").ids.games.children))
    d.record("history", {"rows": [row.text for row in rows]})
    await d.audit("games-history")
    await d.tap(rows[0])  # newest first: the abandoned game
    await d.wait_for(lambda: d.app.root.current == "game_log", what="its log")
    log = screen(d, "game_log")
    d.record("game_log", {"game_id": log.game_id, "title": log.title, "outcome": log.outcome,
                          "lines": len(log.ids.lines.children)})
    await d.audit("games-log-abandoned")
    await d.tap_id("game_log", "back")
    await d.tap_id("history", "back")
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")


async def new_game_notice(d, unfinished: int) -> None:
    """New game says a game is not finished: Resume from there, then Set aside and start."""
    home, new = screen(d, "home"), screen(d, "new_game")
    await d.tap(home.game_buttons[ROTW])
    notice = new.ids.unfinished
    seen = {"text": notice.text, "opacity": notice.opacity, "width": notice.width}
    await d.audit("games-new-game-notice")
    await d.tap(notice)
    await d.audit("games-set-aside")
    await d.tap(new.asking.cards[unfinished])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the game resumed from New game")
    seen["resumed"] = d.app.table.game_id
    await leave_game(d)
    await d.tap(home.game_buttons[ROTW])
    await d.tap(new.ids.unfinished)
    await d.tap(new.asking.set_aside)
    await d.frames(0.2)
    seen["after_set_aside"] = {"open": [type(v).__name__ for v in open_dialogs(d)],
                               "notice": new.ids.unfinished.opacity,
                               "message": new.ids.message.text}
    await fill_new_game(d, ("Eva", "Finn"), 0)
    await d.tap_id("new_game", "start")
    from companion.app.games import game_ui
    await d.wait_for(lambda: d.app.root.current == game_ui(ROTW).play, what="the new game")
    seen["started"] = d.app.table.game_id
    await leave_game(d)
    seen["still_unfinished"] = d.app.store.game(unfinished).status
    seen["home"] = home_seen(d)
    d.record("notice", seen)


async def four_unfinished(d, args):
    """Home with four unfinished games, long names, played at different times: it fits, it
    scrolls, every Resume and Abandon can be tapped (screenshots to look at)."""
    store = d.app.store
    games = [(TTR, LONG_NAMES, 12), (ROTW, ("Anna", "Ben", "Cleo", "Dora"), 6),
             (TRAFFIQ, LONG_NAMES[:3], 0), (TTR, ("Dominika-Alexandra", "Ben"), 3)]
    ids = []
    for n, (game_id, players, moves) in enumerate(games):
        plan = planned(game_id, len(players), n + 1)
        table = Table.start(store, game_id, players, plan.options)
        for action in plan.log[:moves]:
            table.submit(action)
        ids.append(table.game_id)
    ages = {ids[0]: "-3 minutes", ids[1]: "-1 day", ids[2]: "-10 days"}
    with store.db.atomic():  # as if played earlier (the store writes the time of each move)
        for game_id, age in ages.items():
            store.db.execute("UPDATE games SET moved = strftime('%Y-%m-%dT%H:%M:%f+00:00', "
                             "'now', ?), created = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', "
                             "?, '-1 hour') WHERE id = ?", [age, age, game_id])
    await d.tap_id("home", "settings")  # Home is drawn afresh when it is shown again
    await d.tap_id("settings", "back")
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    await d.frames(0.3)
    home = screen(d, "home")
    d.record("home", home_seen(d))
    d.record("ids", ids)
    await d.audit("games-home-four")
    scroll = home.ids.unfinished_scroll
    scroll.scroll_y = 0
    await d.audit("games-home-four-scrolled")
    last = home.cards[ids[2]]  # the oldest: at the bottom of the list
    d.record("scrolled", {"last_inside": within(last, scroll), "list_height": home.list_height,
                          "content_height": home.ids.unfinished.height})
    await d.tap(last)
    await d.wait_for(lambda: d.app.table is not None and d.app.table.game_id == ids[2],
                     what="the oldest game resumed")
    d.record("resumed_last", {"screen": d.app.root.current,
                              "phase": d.app.table.status.phase is not Phase.OVER})
