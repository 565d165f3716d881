"""App-level scenarios (see driver.py): Escape asks before leaving, one app per database."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

from scenarios import new_game, open_dialogs, screen


async def press_escape(d) -> None:
    from kivy.core.window import Window
    Window.dispatch("on_keyboard", 27, 41, None, [])
    await d.frames(0.2)


async def dialog_button(d, text: str):
    from kivy.uix.button import Button
    for dialog in open_dialogs(d):
        stack = [dialog]
        while stack:
            widget = stack.pop()
            if isinstance(widget, Button) and widget.text == text:
                return widget
            stack.extend(widget.children)
    raise AssertionError(f"no button {text!r} is open")


async def escape_asks(d, args) -> None:
    """Escape on a game asks; Stay keeps the game; Leave goes Home with the game saved;
    Escape on New game goes back to Home; on Home it asks before closing."""
    await new_game(d, ["Anna", "Ben"])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the play screen")
    game = d.app.table.game_id
    await press_escape(d)
    asked = [type(v).__name__ for v in open_dialogs(d)]
    await d.shot("escape-asks")
    await d.tap(await dialog_button(d, "Stay"))
    stayed = d.app.root.current
    await press_escape(d)
    await d.tap(await dialog_button(d, "Leave"))
    d.record("escape", {"asked": asked, "stayed": stayed, "left_to": d.app.root.current,
                        "saved": d.app.store.game(game).status,
                        "open_after": [type(v).__name__ for v in open_dialogs(d)]})
    await d.tap(screen(d, "home").game_buttons["ttr-nyc"])
    await press_escape(d)
    back = d.app.root.current
    await press_escape(d)
    d.record("escape_home", {"from_new_game": back,
                             "home_asks": [type(v).__name__ for v in open_dialogs(d)]})
    await d.tap(await dialog_button(d, "Stay"))


async def second_instance(d, args) -> None:
    """A second `companion` on the same database says it is already running and stops; the
    first one plays on."""
    command = Path(sys.executable).with_name("companion")
    env = dict(os.environ, XDG_STATE_HOME=str(Path(args.shots) / "state"))
    started = time.monotonic()
    second = await asyncio.create_subprocess_exec(
        str(command), "--db", args.db, "--size", args.size, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(second.communicate(), 60)
    d.record("second", {"returncode": second.returncode, "seconds": time.monotonic() - started,
                        "output": output.decode("utf-8", "replace")[-3000:]})
    log = Path(args.shots) / "state" / "companion" / "companion.log"
    d.record("second_log", log.read_text(encoding="utf-8") if log.exists() else "")
    await new_game(d, ["Anna", "Ben"])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the first app plays on")


# ---- typing on the kiosk's on-screen keyboard ----------------------------------------------


def docked_keyboard():
    from kivy.core.window import Window
    from kivy.uix.vkeyboard import VKeyboard
    return next((w for w in Window.children if isinstance(w, VKeyboard) and w.docked), None)


def key_centre(keyboard, label: str) -> tuple[float, float]:
    """Where on the window the key showing `label` is, in the keyboard's current mode."""
    layout = keyboard.available_layouts[keyboard.layout]
    for line in range(1, layout["rows"] + 1):
        keys = layout[f"{keyboard.layout_mode}_{line}"]
        for key, (pos, size) in zip(keys, keyboard.layout_geometry[f"LINE_{line}"]):
            if key[0] == label:
                return keyboard.to_window(pos[0] + size[0] / 2, pos[1] + size[1] / 2)
    raise AssertionError(f"no key {label!r} in the {keyboard.layout_mode} keys")


def without_key_repeat(keyboard) -> None:
    """Kivy's keyboard types a key again and again once it is held 0.5 s (by the clock's time
    at its next frame). A tap is down, 30 ms, up; but a process on a loaded machine can wait
    longer than 0.5 s for the core between the two, and the key is typed twice. The scenarios
    check which letter each key types, not the repeat: taps must not depend on the load."""
    keyboard._start_repeat_key = lambda *_args: None


async def type_on_screen(d, text: str) -> None:
    """Each letter tapped on the docked keyboard, shift first for a capital (one tap: the
    letter after it is a capital, the next ones small again)."""
    keyboard = docked_keyboard()
    assert keyboard is not None, "no keyboard is docked"
    without_key_repeat(keyboard)
    for letter in text:
        if letter != letter.lower():
            await d.tap_at(*key_centre(keyboard, "\u21e7"))
            await d.frames(0.1)
        await d.tap_at(*key_centre(keyboard, letter))
        await d.frames(0.05)


async def kiosk_typing(d, args) -> None:
    """Under --fullscreen: tapping a name field docks the keyboard below the field; "Ștefan" and
    "Ödön" are typed key by key; the game starts with those names."""
    from scenarios import window_rect
    await d.tap(screen(d, "home").game_buttons["ttr-nyc"])
    new = screen(d, "new_game")
    while len(new.rows) < 2:
        await d.tap_id("new_game", "add_player")
    sights = []
    for row, name in zip(new.rows, ("Ștefan", "Ödön")):
        await d.tap(row.name_input)
        await d.wait_for(lambda: docked_keyboard() is not None, what="the keyboard")
        await d.frames(0.3)
        keyboard = docked_keyboard()
        field = window_rect(row.name_input)
        top = keyboard.y + keyboard.height * keyboard.scale
        sights.append({"field_bottom": field[1], "field_top": field[3], "keyboard_top": top,
                       "window_height": d.app.root.get_root_window().height})
        await d.shot(f"keyboard-{len(sights)}")
        await type_on_screen(d, name)
    d.record("sights", sights)
    d.record("typed", [row.name_input.text for row in new.rows])
    await d.tap_at(*key_centre(docked_keyboard(), "\u2328\u2193"))  # the keyboard goes
    await d.frames(0.3)
    d.record("after_hiding", {"keyboard": docked_keyboard() is not None,
                              "screens_at": d.app.root.y})
    await d.tap(list(reversed(new.ids.starts.children))[0])
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the game")
    d.record("players", list(d.app.table.header.players))


async def new_game_four(d, args) -> None:
    """New game with four players of long names, for each game: nothing overlaps, nothing is
    cut, Add a player says why it is greyed at the most."""
    from companion.app.games import game_kinds
    names = ["Dominika-Alexandra", "Kristóf-Bartholomew", "Anna", "Ben"]
    found = {}
    for game_id in game_kinds():
        await d.tap(screen(d, "home").game_buttons[game_id])
        new = screen(d, "new_game")
        while len(new.rows) < 4:
            await d.tap_id("new_game", "add_player")
        for row, name in zip(new.rows, names):
            row.name_input.text = name
        await d.frames(0.3)
        audit = await d.audit(f"new-game-4-{game_id}")
        add = new.ids.add_player
        rows = len(new.rows)
        await d.tap(add)  # greyed at the most: it says why, and adds no one
        found[game_id] = {"add_closed": add.closed, "rows_after_tap": len(new.rows) - rows,
                          "said": new.ids.message.text, "audit": audit}
        await d.tap_id("new_game", "back")
        await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    d.record("four", found)


async def zero_ms_seat_tap(d, args) -> None:
    """Off the Pi the keys 1–4 are the seat buttons: a tap with no time between key down and
    key up (a fast typist, a remote) still counts."""
    from scenarios import press_seat
    await d.tap(screen(d, "home").game_buttons["ttr-nyc"])
    new = screen(d, "new_game")
    await press_seat(d, 2, hold=0)
    await d.frames(0.3)
    d.record("places", [row.place for row in new.rows])


async def undo_names_the_move(d, args) -> None:
    """A seat button held asks to take back the last move, and says which move that is; the
    undo then says what it took back."""
    from scenarios import make_playout, press_seat
    playout = make_playout(args.seed)
    await new_game(d, list(playout.players), first=playout.options["first"])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the play screen")
    for action in playout.log[:12]:
        assert d.app.submit(action)
    await d.frames(0.3)
    last = screen(d, "ttr_nyc_play").describe(d.app.table.actions[-1])
    seat = d.app.table.status.seat
    await press_seat(d, seat, hold=1.4)
    asked = [getattr(v, "text", "") for v in open_dialogs(d)]
    texts = []
    for dialog in open_dialogs(d):
        stack = [dialog]
        while stack:
            widget = stack.pop()
            texts.append(getattr(widget, "text", ""))
            stack.extend(widget.children)
    await d.shot("undo-question")
    await d.tap(await dialog_button(d, "Undo"))
    d.record("undo", {"last": last, "texts": texts, "actions": len(d.app.table.actions)})


async def language_after_rebuilt_home(d, args) -> None:
    """Home rebuilds its cards of unfinished games on every visit, and the layouts' words of
    the old cards stay bound to the translator: switching the language then must not crash."""
    from kivy.core.window import Window
    await new_game(d, ["Anna", "Ben"])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the play screen")
    Window.dispatch("on_keyboard", 27, 41, None, [])
    await d.frames(0.2)
    await d.tap(await dialog_button(d, "Leave"))
    for _visit in range(2):
        await d.tap_id("home", "settings")
        await d.tap_id("settings", "back")
        await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    import gc
    gc.collect()  # the old cards are gone for good, as after a while at the table
    await d.tap_id("home", "settings")
    magyar = next(b for b in screen(d, "settings").ids.languages.children if b.text == "Magyar")
    await d.tap(magyar)
    await d.frames(0.3)
    d.record("language", {"language": d.app.language, "screen": d.app.root.current})


async def input_pace(d, args) -> None:
    """How often the running app's event loop reads the touchscreen (companion/app/pace.py)."""
    from kivy.clock import Clock
    from kivy.config import Config
    await d.frames(0.2)
    d.record("pace", {"clock": Clock._max_fps, "config": Config.getint("graphics", "maxfps")})
