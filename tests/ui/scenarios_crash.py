"""Nothing stops the kiosk (see tests/ui/test_crash_ui.py): stored rows the app cannot read, an
uncaught error in a tap, and a database on read-only storage, all by touch."""

from __future__ import annotations

from scenarios import PLAYERS, _, new_game, screen


async def finger(d, widget) -> None:
    """A tap that arrives as a real finger's does: in Kivy's main loop (the driver's own taps
    are dispatched from the scenario, where Kivy's ExceptionManager never sees an error)."""
    from kivy.clock import Clock
    from kivy.tests.common import UnitTestTouch
    await d.frames(0.05)
    touch = UnitTestTouch(*widget.to_window(*widget.center))
    Clock.schedule_once(lambda _dt: touch.touch_down())
    await d.frames(0.05)
    Clock.schedule_once(lambda _dt: touch.touch_up())
    await d.frames()


def home_state(d) -> dict:
    home = screen(d, "home")
    message = home.ids.message
    return {"screen": d.app.root.current, "message": message.text, "opacity": message.opacity,
            "cards": sorted(home.cards), "table": d.app.table is not None}


async def back_home(d) -> None:
    """From a game's screen: Escape, then Leave."""
    from kivy.core.window import Window
    from scenarios_games import tap_button
    Window.dispatch("on_keyboard", 27, 41, None, [])
    await d.frames(0.2)
    await tap_button(d, _("Leave"))
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")


async def broken_rows_by_taps(d, args):
    """Home lists every unfinished game, the broken ones too; a tap on each resumes the sound
    one and says why the others cannot be opened, and the app goes on."""
    await d.frames(0.5)
    d.record("start", home_state(d))
    await d.shot("crash-home-broken-rows")
    tapped = {}
    for game_id in home_state(d)["cards"]:
        home = screen(d, "home")
        home.ids.unfinished_scroll.scroll_to(home.cards[game_id], padding=0, animate=False)
        await d.frames(0.1)  # more games than Home shows at once: the card scrolled into view
        await finger(d, home.cards[game_id])
        await d.frames(0.4)
        tapped[str(game_id)] = {**home_state(d), "actions": len(d.app.table.actions)
                                if d.app.table is not None else None,
                                "asked": dialog_texts(d),
                                "card": screen(d, "home").cards[game_id].details}
        if d.app.root.current == "home" and dialog_texts(d):
            await d.shot("crash-cannot-be-opened")
            await finger(d, dialog_button(d, _("Export it")))  # its rows, as stored
            await d.frames(0.3)
            tapped[str(game_id)]["exported"] = screen(d, "home").ids.message.text
        if d.app.root.current != "home":
            await back_home(d)
    d.record("tapped", tapped)


def dialog_texts(d) -> list[str]:
    from scenarios import open_dialogs
    texts = []
    for dialog in open_dialogs(d):
        texts += [w.text for w in dialog.walk() if isinstance(getattr(w, "text", None), str)]
    return [t for t in texts if t]


def dialog_button(d, text: str):
    from kivy.uix.button import Button
    from scenarios import open_dialogs
    for dialog in open_dialogs(d):
        for widget in dialog.walk():
            if isinstance(widget, Button) and widget.text == text:
                return widget
    raise AssertionError(f"no button {text!r} is open")


def planted_bug(parent):
    """A button whose handler has a bug (an error nothing catches, as a real bug would be)."""
    from kivy.uix.button import Button
    bug = Button(text="bug", size_hint=(None, None), size=(160, 60), pos=(300, 200))
    bug.bind(on_release=lambda *_: 1 / 0)
    parent.add_widget(bug)
    return bug


async def uncaught_error_by_tap(d, args):
    """A tap on a button with a bug: its traceback is logged, the app goes back to Home and
    says so, and the game resumes as stored."""
    await d.frames(0.5)
    home = screen(d, "home")
    await d.tap(home.cards[home_state(d)["cards"][0]])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the play screen")
    before = len(d.app.table.actions)
    bug = planted_bug(screen(d, "ttr_nyc_play"))
    await finger(d, bug)
    await d.frames(0.4)
    d.record("after_bug", {**home_state(d), "before": before})
    await d.shot("crash-back-home")
    await d.tap(screen(d, "home").cards[home_state(d)["cards"][0]])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the play screen again")
    d.record("resumed", {"screen": d.app.root.current, "actions": len(d.app.table.actions)})


async def repeated_error_stays_home(d, args):
    """The same bug again and again: each time the app goes back to Home with its message and
    keeps running (only the first tracebacks are logged)."""
    await d.frames(0.5)
    bug = planted_bug(screen(d, "home"))
    for n in range(8):
        d.record("taps", n + 1)
        await finger(d, bug)
        await d.frames(0.1)
    d.record("still_running", True)
    d.record("after", home_state(d))


async def read_only_at_start(d, args):
    """On read-only storage: every saved game on Home, one sentence saying nothing new can be
    saved, a game resumes; a new game is refused with the read-only notice."""
    from scenarios_durability import close_alert
    await d.frames(0.5)
    d.record("home", {**home_state(d), "games": len(d.app.store.games())})
    await d.shot("read-only-home")
    await finger(d, screen(d, "home").cards[home_state(d)["cards"][0]])
    await d.frames(0.4)
    d.record("resumed", {"screen": d.app.root.current,
                         "actions": len(d.app.table.actions) if d.app.table else None})
    await back_home(d)
    await new_game(d, PLAYERS[:2])
    await d.frames(0.3)
    d.record("new_game", {"screen": d.app.root.current, "alert": await close_alert(d),
                          "games": len(d.app.store.games())})


async def broken_rows_in_history(d, args):
    """History's page of every game: the sound ones list their moves, the ones that can't be
    opened say why over what can be read, and "Export it" says where their rows went."""
    await d.frames(0.5)
    await d.tap_id("home", "history")
    await d.wait_for(lambda: d.app.root.current == "history", what="History")
    seen = {}
    for n in range(len(screen(d, "history").ids.games.children)):
        rows = list(reversed(screen(d, "history").ids.games.children))
        await d.tap(rows[n])
        await d.wait_for(lambda: d.app.root.current == "game_log", what="the game's log")
        await d.frames(0.3)
        page = screen(d, "game_log")
        shown = seen[str(page.game_id)] = {"lines": len(page.ids.lines.children),
                                           "asked": dialog_texts(d)}
        if shown["asked"]:
            await d.shot(f"history-cannot-be-opened-{n}")
            await finger(d, dialog_button(d, _("Export it")))
            await d.frames(0.3)
            shown["exported"] = page.ids.message.text
            shown["opacity"] = page.ids.message.opacity
            await d.shot(f"history-exported-{n}")
        await d.tap_id("game_log", "back")
        await d.wait_for(lambda: d.app.root.current == "history", what="History")
    d.record("history", seen)
