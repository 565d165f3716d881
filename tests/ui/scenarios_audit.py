"""The screenshot audit's tours (tests/ui/test_audit.py): one scenario per
game, started like every scenario through the real entry point (driver.py).

Each tour plays a seeded random game of its game through its screens, and at every stop — a
screen, or a dialog open over one — audits what the window shows (audit.py: touch targets,
text that fits, titles/winner lines/names never shortened, nothing overlapping, nothing outside
the window, contrast) in every language, switched while the app runs (`app.set_language`). A
dialog is closed before the language changes and opened again after, so that it is built in
the new language as a player would see it.

The players have long names: New game with 2 and 4 of them; the game played to its results has
4 (the most columns), a second game with 2 is left unfinished for Home. Where a position takes
many moves to reach, the moves go straight to the app (`app.table.submit`, as in the other
tours); every screen and dialog audited is opened by touch.

Audits are named STOP.LANGUAGE (screenshot STOP.LANGUAGE-WxH.png); the report lists the stops
(`stops`), any stop that could not be reached (`stop_errors`, with the traceback), the seconds
each stop took (`seconds`) and the seconds of play before it (`gaps`).
"""

from __future__ import annotations

import traceback

from companion.core.rules import Phase
from scenarios import (at_turn_start, claimable, coloured_choice, fill_new_game, gray_choice,
                       open_dialogs, open_new_game, read_score_only_example, reveal, screen,
                       tap_route, tap_text)

LANGUAGES = ("en", "de", "hu", "ro", "sv")
TWO = ("Dominika-Alexandra", "Kristóf-Bartholomew")
FOUR = TWO + ("Ștefan-Cristian", "Åsa-Margareta")


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


# ---- the machinery -------------------------------------------------------------------------


SETTLE = 0.12  # s: a screen or dialog laid out after a tap or a language switch (7 frames)


class Tour:
    """Stops audited in every language; a stop that cannot be reached is noted, and the tour
    goes on (so that one broken dialog does not hide the findings of the rest)."""

    def __init__(self, d, languages: str | None = None):
        import audit
        self.d = d
        self.languages = tuple(languages.split(",")) if languages else LANGUAGES
        self.stops: list[str] = []
        self.errors: dict[str, str] = {}
        audit.NAMES[:] = list(FOUR)
        d.record("languages", list(self.languages))
        quick_fingers(d)
        read_catalogs_once()
        import time
        self.last = time.monotonic()  # the end of the last stop: the time between is play

    async def visit(self, stop: str, open=None, close=None) -> None:
        """Audit what is shown (after `open()`, undone by `close()`) in each language."""
        import time
        d = self.d
        assert stop not in self.stops, f"two stops named {stop!r}"
        self.stops.append(stop)
        d.record("stops", self.stops)
        began = time.monotonic()
        d.report.setdefault("gaps", {})[stop] = round(began - self.last, 2)
        try:
            for language in self.languages:
                crash = switch_language(d, language)
                await d.frames(0.04)
                if open is not None:
                    await open()
                found = await audit_now(d, f"{stop}.{language}")
                if crash:
                    found["crash"] = [crash]
                if close is not None:
                    await close()
        except Exception:  # noqa: BLE001 — noted in the report, judged by the test
            self.errors[stop] = traceback.format_exc()[-3000:]
            d.record("stop_errors", self.errors)
            close_modals(d)
        finally:
            switch_language(d, "en")
            await d.frames(0.04)
            self.last = time.monotonic()
            d.report.setdefault("seconds", {})[stop] = round(self.last - began, 2)
            d._write_report()

    async def step(self, what: str, coroutine) -> bool:
        """A step between stops (reaching a position); its failure is noted like a stop's."""
        try:
            await coroutine
            return True
        except Exception:  # noqa: BLE001
            self.errors[what] = traceback.format_exc()[-3000:]
            self.d.record("stop_errors", self.errors)
            close_modals(self.d)
            return False


async def not_your_turn(d, play) -> None:
    """Another player's seat button pressed while the play screen asks something: the refusal
    ("It is Anna's turn.", with its Why?) said inside the question."""
    table = d.app.table
    places = table.header.options.get("places") or range(len(table.header.players))
    other = next(p for p in range(len(table.header.players)) if p != table.status.seat)
    d.app.rig.pressed(places[other], False)  # as the button's pin reports it (none drawn here)
    await d.wait_for(lambda: said_in(play.dialog), what="the refusal in the question")


def said_in(dialog) -> bool:
    """A message shows inside the question (a refusal said where one looks)."""
    message = getattr(dialog, "message", None)
    return message is not None and message.opacity > 0


async def hush(dialog) -> None:
    """The question's message hidden (the room it made given back)."""
    if getattr(dialog, "message", None) is not None:
        dialog.message.hide()


async def audit_now(d, name: str) -> dict:
    """`Driver.audit` with less waiting: a screenshot once the frame is laid out, then every
    check of audit.py (the report is written after the stop)."""
    from pathlib import Path
    from kivy.core.window import Window
    import audit
    await d.frames(SETTLE)
    target = d.shots / f"{name}-{d.size}.png"
    saved = Window.screenshot(name=str(d.shots / f"{name}-{d.size}-.png"))
    Path(saved).replace(target)
    found = audit.audit(target)
    found["screen"] = d.app.root.current
    d.report["audits"][name] = found
    return found


def quick_fingers(d) -> None:
    """Taps as the driver's, without its pauses (a touch down and up, then two frames): the
    tours tap a few hundred times."""
    from kivy.tests.common import UnitTestTouch

    async def tap_at(x: float, y: float) -> None:
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        await d.frames(0.04)

    async def tap(widget) -> None:
        await d.frames(0.02)  # a widget just added is laid out on the next frame
        assert widget.get_root_window() is not None, f"{widget} is not on screen"
        assert not widget.disabled, f"{widget} ({getattr(widget, 'text', '')!r}) is disabled"
        await tap_at(*widget.to_window(*widget.center))

    d.tap_at, d.tap = tap_at, tap


def read_catalogs_once() -> None:
    """Each language's catalog read and compiled the first time the tour switches to it, not
    again at every stop (the app reads the .po file at each switch: a tenth of a second, four
    times a stop in five languages, over a tenth of a tour's time)."""
    import functools
    from companion.app import i18n
    if not hasattr(i18n.catalog, "cache_info"):
        i18n.catalog = functools.lru_cache(maxsize=None)(i18n.catalog)


def switch_language(d, language: str) -> str:
    """The language as Settings switches it; "" or what went wrong (then the switch is done
    again without the layouts' dead bindings, so that the tour can go on)."""
    from companion.app.i18n import tr
    try:
        d.app.set_language(language)
        return ""
    except ReferenceError as error:
        found = (f"switching to {language!r} raised ReferenceError ({error}): the translator "
                 "still holds the layout bindings of widgets that are gone (i18n.Translator "
                 "observers of rebuilt kv rules)")

    def alive(observer) -> bool:
        try:
            observer[1][0].uid
            return True
        except (ReferenceError, IndexError, TypeError, AttributeError):
            return False

    tr.observers[:] = [o for o in tr.observers if alive(o)]
    d.app.set_language(language)
    return found


def close_modals(d) -> None:
    """Every dialog off the window (after a stop that failed half-way)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    for widget in list(Window.children):
        if isinstance(widget, ModalView):
            widget.dismiss(animation=False)
    current = d.app.root.current_screen
    if getattr(current, "dialog", None) is not None and hasattr(current, "close_dialog"):
        current.close_dialog()


def modals(d) -> list:
    return open_dialogs(d)


async def close_all(d) -> None:
    close_modals(d)
    await d.frames(0.05)


def buttons_in(widget) -> list:
    from kivy.uix.behaviors import ButtonBehavior
    return [w for w in widget.walk(restrict=True) if isinstance(w, ButtonBehavior)]


async def tap_modal(d, text: str) -> None:
    """The button with these words in the topmost dialog."""
    dialogs = modals(d)
    assert dialogs, "no dialog is open"
    for button in buttons_in(dialogs[0]):
        if getattr(button, "text", None) == text and not button.disabled:
            await d.tap(button)
            return
    shown = [getattr(b, "text", "") for b in buttons_in(dialogs[0])]
    raise AssertionError(f"no button {text!r} in {shown}")


async def escape(d) -> None:
    from kivy.core.window import Window
    Window.dispatch("on_keyboard", 27, 41, None, [])
    await d.frames(0.1)


async def leave_game(d) -> None:
    """Escape, then Leave: Home, whatever question the game has open."""
    await escape(d)
    await tap_modal(d, _("Leave"))
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")


async def new_game_form(d, game_id: str, names, first: int | None = 0, mode: str = "play"):
    """Home → the game's box (or Score a finished game → the game) → the names typed in."""
    await open_new_game(d, game_id, mode)
    await fill_new_game(d, names, first if first is not None else 0,
                        mode if first is not None else "score_only")
    await d.frames(0.1)


async def toggle_strict_scan(d, game_id: str) -> None:
    """Settings' "scan every card drawn" toggle of this game, tapped (Settings is open)."""
    from companion.app.games import game_ui
    key = game_ui(game_id).strict_scan[0]
    await d.tap_id("settings", key)


async def go_home(d) -> None:
    d.app.go_home()
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")


async def common_stops(tour: Tour, game_id: str, others: bool = False) -> None:
    """After a game: History, its log page, Home with the game left unfinished (with `others`,
    three more games, as a family's Home looks), Abandon's question, Settings
    and the Teach screen of this game; with `others` too, a game abandoned and History again."""
    d = tour.d
    await go_home(d)
    await d.tap_id("home", "history")
    await d.wait_for(lambda: d.app.root.current == "history", what="History")
    await tour.visit(f"{game_id}-history")

    async def open_log():
        rows = list(reversed(screen(d, "history").ids.games.children))
        await d.tap(rows[0])  # newest first: the game just played
        await d.wait_for(lambda: d.app.root.current == "game_log", what="the game's log")

    async def back_from_log():
        await d.tap_id("game_log", "back")
        await d.wait_for(lambda: d.app.root.current == "history", what="History")

    await tour.visit(f"{game_id}-game-log", open_log, back_from_log)
    if others:
        start_unfinished(d)
    await go_home(d)
    await tour.visit(f"{game_id}-home-unfinished")
    home = screen(d, "home")

    async def ask_abandon():
        from scenarios_rotw import tap_in_view
        await tap_in_view(d, home.abandon_buttons[min(home.abandon_buttons)])  # the oldest
        await d.wait_for(lambda: modals(d), what="the abandon question")

    async def keep_it():
        await tap_modal(d, _("Keep it"))

    if home.abandon_buttons:
        await tour.visit(f"{game_id}-home-abandon", ask_abandon, keep_it)
    if others and home.abandon_buttons:
        async def abandon_and_look():
            await ask_abandon()
            await tap_modal(d, _("Abandon"))
            await d.tap_id("home", "history")
            await d.wait_for(lambda: d.app.root.current == "history", what="History")

        if await tour.step("abandon a game", abandon_and_look()):
            await tour.visit("history-abandoned")
        await go_home(d)
    await d.tap_id("home", "settings")
    await d.wait_for(lambda: d.app.root.current == "settings", what="Settings")
    await d.tap_id("settings", "teach")
    await d.wait_for(lambda: d.app.root.current == "teach", what="Teach")
    from companion.app.games import game_ui
    teach = screen(d, "teach")

    async def this_game():
        tab = next((b for b in teach.ids.games.children if getattr(b, "text", "") ==
                    game_ui(game_id).title), None)
        if tab is not None:
            await d.tap(tab)

    await tour.visit(f"{game_id}-teach", this_game)
    await go_home(d)


def start_unfinished(d) -> None:
    """Three more games, started and played a little, left unfinished (straight into the
    store, as scenarios_games.four_unfinished does): Home lists four, and scrolls."""
    from scenarios_games import planned
    from companion.table import Table
    for n, (game_id, names, moves) in enumerate((("rotw-card-game", FOUR, 6),
                                                 ("manhattan-traffiq", TWO, 3),
                                                 ("ttr-nyc", ("Anna", "Ben", "Cleo"), 4))):
        plan = planned(game_id, len(names), n + 1)
        table = Table.start(d.app.store, game_id, list(names), plan.options)
        for action in plan.log[:moves]:
            table.submit(action)


# ---- Ticket to Ride: New York --------------------------------------------------------------


def ttr_make_playout(seed: int, players: int):
    from scenarios import make_playout
    return make_playout(seed, players)


async def audit_ttr(d, args):
    """Home, Settings, New game (2 and 4 players), every question of play, the final round,
    the ticket entry, the results, History, the game's log, Home with a game not finished,
    score-only — in every language."""
    from companion.games.ttr_nyc.engine import PlaceRoute
    from companion.app.rig import UndoQuestion
    tour = Tour(d, args.languages)
    app = d.app
    play = screen(d, "ttr_nyc_play")
    new = screen(d, "new_game")

    # Home as it first looks; its questions; Settings
    await tour.visit("home")

    async def score_only_choice():
        await d.tap_id("home", "score_only")
        await d.wait_for(lambda: modals(d), what="which game")

    await tour.visit("home-score-only-choice", score_only_choice, lambda: close_all(d))

    async def ask_close():
        await escape(d)
        await d.wait_for(lambda: modals(d), what="Close the app?")

    await tour.visit("home-close", ask_close, lambda: tap_modal(d, _("Stay")))
    await d.tap_id("home", "settings")
    await tour.visit("settings")
    await toggle_strict_scan(d, "ttr-nyc")  # the next game asks for every card
    await go_home(d)

    # a 2-player game, every card scanned: the dealt hands are asked; left unfinished
    await new_game_form(d, "ttr-nyc", TWO, 0)
    await tour.visit("new-game-2")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: play.dialog is not None and play.dialog.kind == "turn_up",
                     what="the turn-up question")
    await tour.visit("ttr-turn-up")


    async def five_cards():
        from scenarios import card_name
        for key in ("red", "blue", "green", "black", "pink"):
            await tap_text(d, card_name(key))
        await d.wait_for(lambda: play.dialog is not None and play.dialog.kind == "which_card",
                         what="the dealt-hand question")

    if await tour.step("ttr: the display turned up", five_cards()):
        await tour.visit("ttr-dealt-hand")

    async def ask_leave():
        await escape(d)
        await d.wait_for(lambda: len(modals(d)) >= 2, what="Leave this game?")

    await tour.visit("ttr-leave", ask_leave, lambda: tap_modal(d, _("Stay")))
    await leave_game(d)
    await d.tap_id("home", "settings")
    await toggle_strict_scan(d, "ttr-nyc")  # off again
    await go_home(d)

    # a 4-player game, played to its results
    playout = ttr_make_playout(args.seed, 4)
    log = playout.log
    await new_game_form(d, "ttr-nyc", FOUR, playout.options["first"])
    await tour.visit("new-game-4")  # with "Not finished: 1" beside Start

    async def unfinished():
        await d.tap(new.ids.unfinished)
        await d.wait_for(lambda: modals(d), what="the games not finished")

    await tour.visit("new-game-unfinished", unfinished, lambda: close_all(d))
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: app.root.current == "ttr_nyc_play", what="the play screen")
    i = 0

    async def advance(until, what):
        nonlocal i
        while not until():
            assert i < len(log) and log[i].type != "reveal_tickets", f"never reached {what}"
            app.table.submit(log[i])
            i += 1
        await d.frames(0.1)

    def asked(kind):
        return lambda: play.dialog is not None and play.dialog.kind == kind

    if await tour.step("ttr: keep tickets", advance(asked("keep_setup"), "keep tickets")):
        await tour.visit("ttr-keep-tickets")
    if await tour.step("ttr: a claim", advance(
            lambda: at_turn_start(d) and coloured_choice(d) is not None, "a claim")):
        await tour.visit("ttr-play")
        route = coloured_choice(d)

        async def claim():
            await tap_route(d, "ttr_nyc_play", route)
            await d.wait_for(asked("claim"), what="the claim dialog")

        await tour.visit("ttr-claim", claim, lambda: close_all(d))

        async def claim_refused():  # another seat's button: refused inside the question
            await claim()
            await not_your_turn(d, play)

        await tour.visit("ttr-claim-refused", claim_refused, lambda: close_all(d))
        if not play.ids.tickets.closed:
            async def tickets():
                await d.tap_id("ttr_nyc_play", "tickets")
                await d.wait_for(asked("keep_draw"), what="the ticket question")

            await tour.visit("ttr-keep-draw", tickets, lambda: close_all(d))
        s = app.table.state
        payable = claimable(d)
        refused = next((r for r in sorted(app.table.rules.board.routes) if r not in payable
                        and r not in s.owners), None)
        message = play.ids.map_message

        async def refuse():
            message.hide()
            await tap_route(d, "ttr_nyc_play", refused)
            await d.frames(0.2)

        async def hide():
            message.hide()

        if refused is not None:
            await tour.visit("ttr-refused", refuse, hide)

        async def ask_undo():
            UndoQuestion().open(animation=False)  # the seat button held
            await d.frames(0.1)

        await tour.visit("ttr-undo", ask_undo, lambda: close_all(d))

        async def unknown_tag():
            app.scanned("0B0000A0D1")  # a tag nobody taught, from the card scanner
            await d.wait_for(lambda: modals(d), what="the unknown tag's question")

        await tour.visit("ttr-unknown-tag", unknown_tag, lambda: tap_modal(d, _("Not now")))
    if await tour.step("ttr: a gray route", advance(
            lambda: at_turn_start(d) and gray_choice(d) is not None, "a gray route")):
        route = gray_choice(d)

        async def gray():
            await tap_route(d, "ttr_nyc_play", route)
            await d.wait_for(asked("claim"), what="the claim dialog")
            if screen(d, "ttr_nyc_play").map.selected != route:
                await tap_text(d, _("The other route of this double route"))

        async def pay():
            await gray()
            chip = next(b for b in buttons_in(play.dialog) if getattr(b, "card", ""))
            await d.tap(chip)

        await tour.visit("ttr-claim-colour", gray, lambda: close_all(d))
        await tour.visit("ttr-claim-pay", pay, lambda: close_all(d))
    if await tour.step("ttr: the middle", advance(
            lambda: len(app.table.actions) >= 60 and at_turn_start(d), "the middle")):
        await tour.visit("ttr-play-midgame")
    if await tour.step("ttr: the final round", advance(
            lambda: app.table.status.final_round and at_turn_start(d), "the final round")):
        await tour.visit("ttr-final-round")
    if await tour.step("ttr: scoring", advance(
            lambda: app.table.status.phase is Phase.SCORING, "the scoring")):
        await d.wait_for(lambda: app.root.current == "ttr_nyc_scoring", what="the scoring screen")
        await tour.visit("ttr-ticket-entry")

        async def reveal_all():
            for action in log[i:]:
                await reveal(d, action.tickets, shot=None)
            await d.wait_for(lambda: app.table.status.phase is Phase.OVER, what="the results")

        if await tour.step("ttr: the results", reveal_all()):
            await tour.visit("ttr-results")
    await common_stops(tour, "ttr-nyc", others=True)

    # score-only, 4 players: the routes (the example's, for three of them), then the tickets
    players, routes, _tickets = read_score_only_example()
    await new_game_form(d, "ttr-nyc", FOUR, None, mode="score_only")
    await tour.visit("new-game-score-only")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: app.root.current == "ttr_nyc_score_only", what="the score-only map")
    for seat in routes:
        for route_id in routes[seat]:
            app.table.submit(PlaceRoute(seat, route_id))
    await d.frames(0.1)
    await tour.visit("ttr-score-only")
    await d.tap_id("ttr_nyc_score_only", "to_tickets")
    await d.wait_for(lambda: app.root.current == "ttr_nyc_scoring", what="the tickets")
    await tour.visit("ttr-score-only-tickets")
    d.record("done", True)


# ---- Railways of the World: The Card Game --------------------------------------------------


async def audit_rotw(d, args):
    """New game (2 and 4 players), every question of play as its move comes up in a seeded
    4-player game, the final round and deliveries, the results, History, the log, Home with a
    game not finished, Teach, score-only and its questions — in every language."""
    import scenarios_rotw as rotw
    from companion.games.rotw.engine import Step
    from companion.games.rotw.ui.words import city_name, rail_name
    tour = Tour(d, args.languages)
    app = d.app
    game = rotw.GAME

    # a 2-player game where every card drawn is scanned: which card came off the pile; left
    # unfinished
    two = rotw.make_playout(args.seed, 2, strict=True)  # as the toggle makes it: hands named
    await d.tap_id("home", "settings")
    await toggle_strict_scan(d, game)
    await go_home(d)
    await new_game_form(d, game, TWO, two.options["first"])
    await tour.visit("rotw-new-game-2")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: app.root.current == "rotw_play", what="the play screen")
    ps = rotw.play(d)
    await d.frames(0.3)
    await tour.visit("rotw-setup-cards")  # the question for the cards dealt at setup

    async def to_the_pile():
        for action in two.log:
            if app.table.status.waiting_for is None and ps.is_open("take_deck"):
                return
            app.table.submit(action)
        raise AssertionError("the draw pile was never open")

    async def take_deck():
        await d.tap_id("rotw_play", "deck")
        await d.wait_for(lambda: rotw.dialog_kind(d) == "take_deck", what="which card")

    async def close_picker():
        ps.close_dialog()

    async def to_the_final_round():
        table = app.table
        for action in two.log[len(table.actions):]:
            if table.state.triggered is not None and table.status.waiting_for is None:
                return
            table.submit(action)
        raise AssertionError("the final round never came")

    if await tour.step("rotw: the draw pile", to_the_pile()):
        await d.frames(0.1)
        await tour.visit("rotw-drawn-card", take_deck, close_picker)

    async def build_where(action):  # the played card scanned: where it joins, likeliest first
        from companion.games.rotw.ui.city_card import CityCard
        from companion.store import TaggedComponent
        tag = "7A-AUDIT-CITY"
        card = CityCard(action.value, action.demand, tuple(action.points))
        app.store.teach(TaggedComponent(tag, game, "city", card.to_value()))
        app.scanned(tag)
        await d.wait_for(lambda: rotw.dialog_kind(d) in ("build_where", "build_pay"),
                         what="where the known card joins")

    def likeliest_known(action) -> bool:
        """The card played, were it scanned, would have a likeliest build (its payment seen)."""
        found = app.table.rules.completions(app.table.state, {
            "type": "build", "value": action.value, "demand": action.demand,
            "points": list(action.points)})
        return bool(found) and "cards" in found[0]

    known_build = []

    async def to_a_known_build():
        """On to a build whose card, scanned, has a likeliest build (the hands are named)."""
        table = app.table
        for action in two.log[len(table.actions):]:
            if action.type == "build" and table.status.waiting_for is None and \
                    likeliest_known(action):
                known_build.append(action)
                return
            table.submit(action)
        raise AssertionError("no build with a likeliest build came")

    if await tour.step("rotw: a known card's build", to_a_known_build()):
        await d.frames(0.1)
        await tour.visit("rotw-build-where", lambda: build_where(known_build[0]), close_picker)
    if await tour.step("rotw: late in the 2-player game", to_the_final_round()):
        await d.frames(0.3)  # every city built a finger's target (the network's tap_targets)
        d.report.setdefault("late_cities", {})["2"] = len(app.table.state.cities)
        d.report.setdefault("late_clashes", {})["2"] = rotw.label_clashes(ps.ids.network,
                                                                          app.table.state)
        await tour.visit("rotw-late-2")
    await leave_game(d)
    await d.tap_id("home", "settings")
    await toggle_strict_scan(d, game)  # off again
    await go_home(d)

    playout = rotw.make_playout(args.seed, 4)
    log = playout.log
    await new_game_form(d, game, FOUR, playout.options["first"])
    await tour.visit("rotw-new-game-4")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: rotw.dialog_kind(d) == "turn_up", what="the turn-up question")
    await tour.visit("rotw-turn-up")
    ps = rotw.play(d)
    seen: set[str] = set()

    async def close():
        ps.delivering.cancel()
        ps.close_dialog()

    async def build_city(action):
        await rotw.tap_action(d, "build")

    async def build_value(action):
        await build_city(action)
        await d.wait_for(lambda: rotw.dialog_kind(d) in ("build_city", "build_pay",
                                                         *rotw.AFTER_PAYMENT),
                         what="the value, or the cards for the one the hand can pay")
        if rotw.dialog_kind(d) == "build_city":
            await d.tap(ps.building.unseen.values[action.value])

    async def build_pay(action):
        await build_value(action)
        await rotw.to_the_payment(d)  # (the one payment the cards seen allow: Change cards)

    async def build_card(action):
        await build_value(action)
        await d.wait_for(lambda: rotw.dialog_kind(d) in ("build_pay", *rotw.AFTER_PAYMENT),
                         what="the cards paid, or the question after them")
        if sorted(ps.building.paid) != sorted(action.cards):
            await rotw.to_the_payment(d)
            for card in action.cards:
                await d.tap(ps.dialog.cards[card])
        elif rotw.dialog_kind(d) == "build_pay":
            await rotw.tap_dialog(d, wid="confirm_build")
        await d.wait_for(lambda: rotw.dialog_kind(d) in ("build_join", "build_card",
                                                         "build_seen"),
                         what="where it joins, or the card's points")
        if rotw.dialog_kind(d) == "build_join":
            await d.frames(0.5)  # the list laid out
            await rotw.tap_joint(d, rotw.joint_text(d, action), then="build_card")
        await rotw.another_card(d)
        await rotw.tap_points(d, ps.building.form, action)  # the demand left open (it stores)

    async def build_refused(action):
        await build_pay(action)
        if ps.building.paid:  # the cheapest payment pre-selected: emptied
            await rotw.tap_dialog(d, _("Clear"))
        await d.tap(ps.dialog.cards["loco"])  # a Locomotive alone pays for no link
        await rotw.tap_dialog(d, wid="confirm_build")  # (with nothing paid Next is grey)
        await d.frames(0.2)

    async def deliver_from(action):
        await rotw.tap_city(d, "rotw_play", action.origin)

    async def deliver_to(action):
        await deliver_from(action)
        if rotw.dialog_kind(d) == "colour":
            await rotw.tap_dialog(d, card=action.goods)
        await d.wait_for(lambda: ps.ids.network.selected == action.origin, what="the cube")

    def several_destinations(action) -> bool:
        table = app.table
        return len({d.destination for d in table.rules.cube_deliveries(
            table.state, action.seat, False)
            if (d.origin, d.goods) == (action.origin, action.goods)}) > 1

    async def discard(action, button):
        await rotw.tap_action(d, button)

    async def then(action, button):
        await rotw.tap_action(d, button)
        await d.tap(ps.dialog.cards[action.card])

    async def goods_words():  # the cube-draw question's buttons, switched while it is open
        from kivy.uix.behaviors import ButtonBehavior
        from companion.app.i18n import tr
        d.report.setdefault("goods_words", {})[tr.language] = [
            w.text for w in ps.dialog.walk(restrict=True) if isinstance(w, ButtonBehavior)]

    def once(name: str) -> bool:
        if name in seen:
            return False
        seen.add(name)
        return True

    async def stops_before(i, action):
        """The stops this position offers (each once): questions the table answers, and the
        questions of the move about to be made, opened by touch and closed again."""
        table = app.table
        s, status, kind = table.state, table.status, action.type
        asked = rotw.dialog_kind(d)
        if asked in ("goods", "hand_limit") and once(asked):
            await tour.visit(f"rotw-{asked.replace('_', '-')}",
                             goods_words if asked == "goods" else None)
        if status.waiting_for is not None or asked:
            return
        if s.step is Step.FINAL_DELIVERY and once("final-delivery"):
            await tour.visit("rotw-final-delivery")
        elif status.final_round and once("final-round"):
            d.report.setdefault("late_cities", {})["4"] = len(s.cities)
            d.report.setdefault("late_clashes", {})["4"] = rotw.label_clashes(ps.ids.network, s)
            await tour.visit("rotw-final-round")
        elif s.step is Step.TAKE and ps.is_open("stop_taking") and once("take-second"):
            await tour.visit("rotw-take-second")
        elif i >= 12 and s.step is Step.ACTION and once("play"):
            await tour.visit("rotw-play")
        if s.step is not Step.ACTION:
            return
        if kind == "build" and once("build"):
            for name, opener in (("city", build_city), ("pay", build_pay),
                                 ("card", build_card), ("refused", build_refused)):
                await tour.visit(f"rotw-build-{name}", lambda o=opener: o(action), close)
        elif kind == "deliver" and several_destinations(action) and once("deliver"):
            # (a cube that can reach one city only is delivered at its tap: no stop to see)
            city = s.cities.get(action.origin)
            if city is not None and sum(1 for n in city.goods if n) > 1:
                await tour.visit("rotw-deliver-colour", lambda: deliver_from(action), close)
            await tour.visit("rotw-deliver-to", lambda: deliver_to(action), close)
        elif kind == "play_locomotive" and table.rules.check_deliver_with_locomotive(
                s, action.seat) is None and once("locomotive"):  # else played at one tap
            await tour.visit("rotw-locomotive",
                             lambda: rotw.tap_action(d, "locomotive"), close)
        elif kind == "discard_draw" and once("discard_draw"):
            await tour.visit("rotw-discard", lambda: discard(action, "discard_draw"), close)
            await tour.visit("rotw-draw-after", lambda: then(action, "discard_draw"), close)
        elif kind == "discard_restock" and len(table.rules.restock_cities(s)) > 1 and \
                once("discard_restock"):  # (one city without goods: restocked at the card)
            await tour.visit("rotw-restock-city", lambda: then(action, "restock"), close)

    async def play_on():
        for i, action in enumerate(log):
            await d.frames(0.02)
            await stops_before(i, action)
            app.table.submit(action)
        await d.wait_for(lambda: app.root.current == "rotw_scoring", what="the results")

    if await tour.step("rotw: the game", play_on()):
        await tour.visit("rotw-results")
        d.record("results", rotw.results_seen(d, playout))  # four players' totals, as planned
    await common_stops(tour, game)

    # score-only: the example's cities and links, then a player's entries
    header, entries = rotw.read_score_only_example()
    await new_game_form(d, game, FOUR, None, mode="score_only")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: app.root.current == "rotw_score_only", what="score-only")
    so = screen(d, "rotw_score_only")
    for entry in entries:
        if entry["type"] in ("place_city", "place_link"):
            app.table.submit(app.table.rules.parse_action(entry))
    await d.frames(0.1)
    await tour.visit("rotw-score-only")

    async def close_so():
        so._close_dialog()

    async def link_value():
        await d.tap(list(reversed(so.ids.tabs.children))[0])
        cities = sorted(app.table.state.cities)
        await rotw.tap_city(d, "rotw_score_only", cities[0])
        await rotw.tap_city(d, "rotw_score_only", cities[-1])
        await d.wait_for(lambda: so.dialog is not None, what="the link's value")

    async def player_entry():
        await d.tap(list(reversed(so.ids.tabs.children))[1])
        await d.tap_id("rotw_score_only", "player_entry")
        await d.wait_for(lambda: so.dialog is not None, what="the player's entries")

    await tour.visit("rotw-link-value", link_value, close_so)
    await tour.visit("rotw-player-entry", player_entry, close_so)
    d.record("done", True)


# ---- Manhattan TraffIQ ---------------------------------------------------------------------


def traffiq_compete_ride(seed: int, players: int):
    """A seeded game with a taxi ride at the start of a turn that competes and removes
    someone's vehicles; (playout, the ride's index)."""
    import scenarios_traffiq as tq
    from companion.boards import rules_for
    rules = rules_for(tq.GAME)
    for attempt in range(seed, seed + 400):
        playout = tq.make_playout(attempt, players)
        state = rules.new_state(playout.players, playout.options)
        for i, action in enumerate(playout.log):
            if action.type == "taxi_ride" and action.compete and not state.done and \
                    rules.preview(state, action).removed:
                return playout, i
            rules.apply(state, action)
    raise AssertionError("no game with a competing taxi ride")


async def audit_traffiq(d, args):
    """New game (2 and 4 players, the scenarios), the start tiles and their questions, every
    question of play, the final round, the results, History, the log, Home with a game not
    finished, Teach and score-only — in every language."""
    import scenarios_traffiq as tq
    from companion.games.traffiq.engine import Edge
    from companion.games.traffiq.ui.tile_chooser import EDGE_ORDER
    tour = Tour(d, args.languages)
    app = d.app
    game, play_name, start_name = tq.GAME, tq.PLAY, tq.START

    # a 2-player game, started and left unfinished
    two = tq.make_playout(args.seed, 2)
    await new_game_form(d, game, TWO, two.options["first"])
    await tour.visit("tq-new-game-2")
    await d.tap_id("new_game", "start")
    await tq.confirm_start_tiles(d)
    await d.wait_for(lambda: app.root.current == play_name, what="the play screen")
    for action in two.log[:5]:
        app.table.submit(action)
    await leave_game(d)

    playout, ride_at = traffiq_compete_ride(args.seed, 4)
    log = playout.log
    await new_game_form(d, game, FOUR, playout.options["first"])
    await tour.visit("tq-new-game-4")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: app.root.current == start_name, what="the start tiles")
    await tour.visit("tq-start-tiles")
    start = screen(d, start_name)

    async def start_tile():
        await tq.tap_start_tile(d, (0, 0))

    async def close_start_tile():
        await tq.tap_button(d, start.dialog, _("Cancel"))

    await tour.visit("tq-start-tile", start_tile, close_start_tile)

    async def refused():
        await tq.tap_start_tile(d, (1, 1))
        await d.tap(start.dialog.chooser.chips[0][EDGE_ORDER.index(Edge.PARK)])
        await tq.tap_button(d, start.dialog, _("Done"))
        await d.tap_id(start_name, "confirm")
        await d.frames(0.2)

    async def as_printed():
        start.ids.message.hide()
        await d.tap_id(start_name, "printed")

    await tour.visit("tq-start-refused", refused, as_printed)
    await d.tap_id(start_name, "confirm")
    await d.wait_for(lambda: app.root.current == play_name, what="the play screen")
    play = tq.play_screen(d)
    i = 0

    async def advance(until, what):
        nonlocal i
        while not until():
            assert i < len(log), f"the game ended before {what}"
            if len(app.table.actions) <= i:  # else: a turn with nothing left, ended by the screen
                app.table.submit(log[i])
            i += 1
        await d.frames(0.1)

    async def cancel():
        play.close_dialog()
        play.cancel()
        play.ids.map_message.hide()

    await tour.visit("tq-play")

    async def closed_action():  # the first player has no taxi on the map yet
        play.ids.map_message.hide()
        await d.tap_id(play_name, "taxi")
        await d.frames(0.1)

    if play.ids.taxi.closed:
        await tour.visit("tq-closed-action", closed_action, cancel)
    if await tour.step("tq: a tile", advance(
            lambda: log[len(app.table.actions)].type == "place_tile", "a tile to place")):
        action = log[i]

        async def cells():
            await d.tap_id(play_name, "place")
            await d.frames(0.1)

        async def tile():  # laid at the tap; a tap on it asks its sides
            await cells()
            await tq.tap_cell(d, (action.x, action.y))
            await d.wait_for(lambda: len(app.table.actions) == i + 1, what="the tile laid")
            await tq.open_laid_tile(d, (action.x, action.y))

        async def take_back():
            await cancel()
            if len(app.table.actions) > i:
                app.undo()
                await d.frames(0.1)

        await tour.visit("tq-place-cells", cells, cancel)
        await tour.visit("tq-tile", tile, take_back)
    if await tour.step("tq: a crossing", advance(lambda: tq.dialog_kind(d) == "vehicle",
                                                 "a new crossing")):
        await tour.visit("tq-vehicle")

        await tour.visit("tq-vehicle-refused", lambda: not_your_turn(d, play),
                         lambda: hush(play.dialog))
    if await tour.step("tq: the ride", advance(lambda: len(app.table.actions) == ride_at,
                                               "the ride")):
        ride = log[i]

        async def targets():
            await d.tap_id(play_name, "taxi")
            if play.choice.start is None:
                await tq.tap_point(d, (ride.from_x, ride.from_y))
            await d.frames(0.1)

        async def compete():
            await targets()
            await tq.tap_point(d, (ride.to_x, ride.to_y))
            await d.wait_for(lambda: tq.dialog_kind(d) == "compete", what="compete")

        await tour.visit("tq-ride", targets, cancel)
        await tour.visit("tq-compete", compete, cancel)
    if await tour.step("tq: actions left", advance(
            lambda: play.dialog is None and 0 < len(app.table.state.done) and
            any(play.is_open(k) for k in (play.place_kind, play.taxi_kind, play.van_kind)),
            "a turn with an action left")):
        ended = len(app.table.actions)

        async def end_turn():  # ended at the tap, said over the map
            await d.tap_id(play_name, "end_turn")
            await d.wait_for(lambda: len(app.table.actions) == ended + 1, what="the turn ended")

        async def undo_end():
            if len(app.table.actions) > ended:
                app.undo()
            await d.frames(0.1)

        await tour.visit("tq-end-turn", end_turn, undo_end)
    if await tour.step("tq: the final round", advance(
            lambda: app.table.status.final_round and play.dialog is None,
            "the final round")):
        await tour.visit("tq-final-round")
    if await tour.step("tq: the end", advance(
            lambda: app.table.status.phase is Phase.OVER, "the end")):
        await d.wait_for(lambda: app.root.current == tq.SCORING, what="the results")
        await tour.visit("tq-results")
    await common_stops(tour, game)

    await new_game_form(d, game, FOUR, None, mode="score_only")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: app.root.current == tq.SCORE_ONLY, what="score-only")
    await tour.visit("tq-score-only")
    d.record("done", True)



# ---- the checks themselves -------------------------------------------------------------------


async def audit_checks_selftest(d, args):
    """The overlap and ellipsized checks find what they are meant to, and pass what the rule
    allows: faults planted in a layer of their own on top of Home."""
    import audit
    from kivy.core.window import Window
    from kivy.factory import Factory
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button
    from kivy.uix.floatlayout import FloatLayout
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.widget import Widget
    from companion.app.widgets import Message
    audit.NAMES[:] = ["Kristóf-Bartholomew"]
    layer = FloatLayout(size=Window.size)

    def put(widget, x, y, w, h):
        widget.size_hint, widget.pos, widget.size = (None, None), (x, y), (w, h)
        layer.add_widget(widget)
        return widget

    planted = {
        # two buttons on top of each other: found
        "over_a": put(Button(text="over a"), 10, 10, 120, 60),
        "over_b": put(Button(text="over b"), 70, 40, 120, 60),
        # a toast over a button: found; a toast over a label: allowed
        "toast_button": put(Button(text="under the toast"), 220, 10, 120, 60),
        "toast_label": put(Label(text="a label under the toast"), 220, 100, 200, 40),
        # a button beside another, 2 px apart and touching: allowed
        "near_a": put(Button(text="near a"), 450, 10, 100, 60),
        "near_b": put(Button(text="near b"), 548, 10, 100, 60),
        # a shortened title, a shortened name, a shortened log line keeping the name whole
        "title": put(Factory.Title(text="Shared victory: Dominika-Alexandra & Kristóf"),
                     10, 200, 220, 44),
        "name": put(Label(text="Kristóf-Bartholomew – taxis: 15, cards: 2", shorten=True),
                    10, 260, 150, 24),
        "log_line": put(Label(text="Kristóf-Bartholomew took a face-up red card and the "
                                   "deck's top card", shorten=True, shorten_from="right"),
                        10, 300, 300, 24),
    }
    toast = Message(text="A message floating over the screen", width=200)
    toast.pos = (200, 30)
    layer.add_widget(toast)
    toast.show("A message floating over the screen", seconds=30)
    for name in ("title", "name", "log_line"):
        planted[name].bind(size=lambda w, sz: setattr(w, "text_size", sz))
        planted[name].text_size = planted[name].size
    # a surface filling a floating layout, a button floating over it: allowed
    holder = put(FloatLayout(), 460, 200, 300, 160)
    surface = Widget(size_hint=(1, 1))
    holder.add_widget(surface)
    with surface.canvas:
        from kivy.graphics import Color, Rectangle
        Color(0.3, 0.3, 0.4, 1)
        ground = Rectangle()
    surface.bind(pos=lambda w, pos: setattr(ground, "pos", pos),
                 size=lambda w, size: setattr(ground, "size", size))
    floating = Button(text="whole map", size_hint=(None, None), size=(120, 50),
                      pos=(470, 210))
    holder.add_widget(floating)
    planted["floating"] = floating
    # a list scrolled to its end: the rows above its view are out of sight, under a button
    scroll = put(ScrollView(do_scroll_x=False), 460, 360, 200, 60)
    column = BoxLayout(orientation="vertical", size_hint_y=None, height=240)
    hidden = Button(text="scrolled away")
    column.add_widget(hidden)
    for n in range(3):
        column.add_widget(Button(text=f"row {n}"))
    scroll.add_widget(column)
    scroll.scroll_y = 0  # the last rows in sight: the first is above the view, out of sight
    planted["hidden"] = hidden
    planted["cover"] = put(Button(text="above the list"), 460, 421, 200, 48)
    # a question's panel filling its floating layer, a refusal floating over its buttons
    # (found, as is a label there); over a button greyed out, it hides nothing to tap
    question = put(FloatLayout(), 200, 380, 250, 90)
    panel = BoxLayout(size_hint=(1, 1), pos_hint={"x": 0, "y": 0})
    question.add_widget(panel)
    for name in ("dialog_button", "greyed"):
        planted[name] = Button(text=name.replace("_", " "), disabled=name == "greyed")
        panel.add_widget(planted[name])
    refusal = Message(size_hint=(None, None), size=(110, 40), pos=(205, 385))
    question.add_widget(refusal)
    refusal.show("A refusal", seconds=30)
    planted["refusal"] = refusal
    planted["over_greyed"] = Label(text="a label over a greyed button", size_hint=(None, None),
                                   size=(100, 40), pos=(340, 400))
    question.add_widget(planted["over_greyed"])
    planted["over_button"] = Label(text="a label", size_hint=(None, None), size=(60, 18),
                                   pos=(262, 450))
    question.add_widget(planted["over_button"])
    Window.add_widget(layer)
    await d.frames(0.3)
    refusal.pos = (205, 385)  # planted there, wherever the app would have moved it
    await d.frames(0.1)
    found = await audit_now(d, "selftest")
    Window.remove_widget(layer)
    d.record("planted", {name: getattr(w, "text", "") for name, w in planted.items()})
    d.record("found", found)
    d.record("room", await _a_question_makes_room(d))
    d._write_report()


async def _a_question_makes_room(d) -> dict:
    """A question full of buttons says a long refusal: it covers none of them (the question
    makes room), and it stands inside the question; the room is given back when it goes."""
    from kivy.factory import Factory
    from kivy.uix.gridlayout import GridLayout
    from companion.app.dialogs import Dialog
    class Full(Dialog):
        SIZES = {"full": ((0.6, 0.8), {"right": 0.99, "center_y": 0.5})}

    question = Full("full")
    question.title("A question full of buttons")
    grid = GridLayout(cols=3, spacing=6)
    for n in range(12):  # the rows fill the question: no band free for the message
        grid.add_widget(Factory.BigButton(text=f"answer {n + 1}", size_hint_y=1))
    question.box.add_widget(grid)
    question.open(animation=False)
    await d.frames(0.2)
    before = [question.size_hint_y, list(question.box.padding)]
    question.say("A refusal long enough to take two lines or three in a question this narrow, "
                 "as a translation may be.")
    await d.frames(0.4)
    found = await audit_now(d, "selftest-room")
    m, q = question.message, question
    mx, my = m.to_window(*m.pos)
    inside = q.x - 1 <= mx and mx + m.width <= q.right + 1 and q.y - 1 <= my and \
        my + m.height <= q.top + 1
    grown = [question.size_hint_y, list(question.box.padding)]
    question.message.hide()
    await d.frames(0.2)
    after = [question.size_hint_y, list(question.box.padding)]
    question.dismiss(animation=False)
    return {"overlap": found["overlap"], "touch": found["touch"], "inside": inside,
            "before": before, "grown": grown, "after": after,
            "message": [mx, my, m.width, m.height, m.opacity], "grid": [*grid.to_window(
                *grid.pos), grid.width, grid.height], "question": [q.x, q.y, q.width, q.height]}
