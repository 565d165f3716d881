"""A whole evening at the kiosk: no keyboard, an 800×480 screen.

A 4-player game with names typed on the on-screen keyboard, played by touch, set aside for
another game, resumed from Home and scored, without a cut-off word or a dead end."""

from __future__ import annotations

from companion.core.rules import Phase
from scenarios import advance, fill_new_game, make_playout, open_new_game, play_by_touch, screen
from scenarios_app import dialog_button, docked_keyboard, key_centre, type_on_screen

NAMES = ("Ștefan", "Ödön", "Åsa", "Jürgen")  # every one needs a key only the kiosk board has
TOUCHED_MOVES = 12  # played by touch before the game is set aside


def cut_words(audit: dict) -> list:
    """What the audit found cut, shortened or off the window."""
    return [finding for kind in ("text", "ellipsized", "outside", "overlap", "touch")
            for finding in audit.get(kind, [])]


async def type_names(d, new) -> None:
    """Each name field tapped, the keyboard docked, the name typed key by key."""
    await d.tap(new.rows[0].name_input)
    for row, name in zip(new.rows, NAMES):
        await d.wait_for(lambda: docked_keyboard() is not None and row.name_input.focus,
                         what=f"the keyboard for {name}")
        await d.frames(0.3)
        await type_on_screen(d, name)
        await d.tap_at(*key_centre(docked_keyboard(), "\u23ce"))  # on to the next name
    await d.wait_for(lambda: docked_keyboard() is None, what="the keyboard to go")
    await d.frames(0.3)


async def way_home(d, play) -> None:
    """Home from a play screen: its own button, or the question's while one covers it."""
    if play.dialog is None:
        await d.tap(play.ids.home)
        return
    await d.audit("evening-question")
    await d.tap(await dialog_button(d, _("Home")))


async def kiosk_evening(d, args) -> None:
    """Set up, play, set aside, resume, score: every step by touch under --fullscreen."""
    pretend = make_playout(args.seed, players=4)
    found: dict = {"audits": {}}
    await open_new_game(d, "ttr-nyc", "play")
    new = screen(d, "new_game")
    while len(new.rows) < 4:
        await d.tap_id("new_game", "add_player")
    await type_names(d, new)
    found["typed"] = [row.name_input.text for row in new.rows]
    await d.tap(list(reversed(new.ids.starts.children))[pretend.options["first"]])
    found["audits"]["new-game"] = cut_words(await d.audit("evening-new-game"))
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the game")
    ttr_game = d.app.table.game_id
    found["players"] = list(d.app.table.header.players)
    await play_by_touch(d, pretend.log[:TOUCHED_MOVES])
    found["audits"]["play"] = cut_words(await d.audit("evening-play"))

    await d.tap_id("ttr_nyc_play", "home")  # the game is saved move by move: Home keeps it
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    await open_new_game(d, "rotw-card-game", "play")
    new = screen(d, "new_game")
    found["notice"] = new.unfinished_text
    await d.tap(new.ids.unfinished)
    await d.tap(await dialog_button(d, _("Set aside")))
    await fill_new_game(d, ["Anna", "Ben"], 0)
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "rotw_play", what="the second game")
    await d.frames(0.5)
    rotw = screen(d, "rotw_play")
    found["rotw_question"] = rotw.dialog.kind if rotw.dialog is not None else ""
    await way_home(d, rotw)
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    home = screen(d, "home")
    await d.frames(0.3)
    found["home_games"] = sorted(home.cards)
    found["audits"]["home"] = cut_words(await d.audit("evening-home"))

    await d.tap(home.cards[ttr_game])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the set-aside game")
    found["resumed"] = {"game": d.app.table.game_id, "moves": len(d.app.table.actions),
                        "same": [a.to_json() for a in d.app.table.actions]
                        == [a.to_json() for a in pretend.log[:TOUCHED_MOVES]]}
    index = await advance(d, pretend.log, TOUCHED_MOVES,
                          lambda: pretend.log[len(d.app.table.actions)].type == "reveal_tickets",
                          "the tickets' reveal")
    await play_by_touch(d, pretend.log[index:])  # each player's tickets, tapped
    await d.wait_for(lambda: d.app.table.status.phase is Phase.OVER, what="the end")
    await d.frames(0.5)
    found["audits"]["results"] = cut_words(await d.audit("evening-results"))
    found["totals"] = list(d.app.table.score().totals)
    found["planned"] = list(d.app.table.rules.score(pretend.state).totals)
    found["winner_text"] = screen(d, "ttr_nyc_scoring").winner_text
    found["stored_status"] = d.app.store.game(ttr_game).status
    d.record("evening", found)


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


def covered(widget, dialog) -> bool:
    """Whether an open question lies over the widget's centre."""
    x, y = widget.to_window(*widget.center)
    return dialog.collide_point(x, y)


async def home_from_the_first_question(d, args) -> None:
    """Each game just started: the way Home is there while its first question is open."""
    from scenarios_table import GAMES, PLAYERS
    found = {}
    for game_id, (name, _colours) in GAMES.items():
        await open_new_game(d, game_id, "play")
        await fill_new_game(d, PLAYERS[:2], 0)
        await d.tap_id("new_game", "start")
        await d.frames(0.5)
        play = d.app.root.current_screen
        seen = {"screen": play.name, "question": getattr(getattr(play, "dialog", None), "kind", "")}
        home = play.ids.get("home") or play.ids.get("back")
        seen["home_covered"] = bool(home is not None and getattr(play, "dialog", None) is not None
                                    and covered(home, play.dialog))
        await d.shot(f"first-question-{game_id}")
        if getattr(play, "dialog", None) is not None and seen["home_covered"]:
            await d.tap(await dialog_button(d, _("Home")))
        elif home is not None:
            await d.tap(home)
        await d.frames(0.3)
        if d.app.root.current != "home":  # a start screen's Back leads to New game
            seen["after_back"] = d.app.root.current
            if d.app.root.current == "new_game":
                await d.tap_id("new_game", "back")
        await d.wait_for(lambda: d.app.root.current == "home", what=f"Home from {game_id}")
        found[game_id] = seen
    d.record("games", found)
