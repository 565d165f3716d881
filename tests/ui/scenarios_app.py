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
    await d.wait_for(lambda: d.app.root.current == "play", what="the play screen")
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
    await d.wait_for(lambda: d.app.root.current == "play", what="the first app plays on")
