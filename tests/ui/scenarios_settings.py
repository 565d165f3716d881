"""Settings' toggles: each says On or Off, the keyboard's beside Teach and
Back up at their height and type size, a game's name broken after its colon."""

from __future__ import annotations

from scenarios import screen


def _toggles(settings) -> dict:
    """What the row of tools and the scanning toggles show."""
    ids = settings.ids
    tools = {key: {"text": ids[key].text, "height": round(ids[key].height),
                   "font_size": round(ids[key].font_size)}
             for key in ("teach", "keyboard", "backup")}
    scanning = [{"text": b.text, "state": b.state, "height": round(b.height)}
                for b in reversed(ids.scanning.children)]
    return {"tools": tools, "scanning": scanning, "keyboard_state": ids.keyboard.state}


async def settings_toggles(d, args) -> None:
    """Settings in English, the keyboard and a game's scanning switched on, then German."""
    await d.tap_id("home", "settings")
    settings = screen(d, "settings")
    await d.frames(0.2)
    d.record("off", _toggles(settings))
    await d.tap_id("settings", "keyboard")
    first_scan = list(reversed(settings.ids.scanning.children))[0]
    await d.tap(first_scan)
    await d.frames(0.2)
    d.record("on", _toggles(settings))
    await d.shot("settings-on")
    deutsch = next(b for b in settings.ids.languages.children if b.text == "Deutsch")
    await d.tap(deutsch)
    await d.wait_for(lambda: d.app.language == "de", what="German")
    await d.frames(0.3)
    d.record("de", _toggles(settings))
    await d.shot("settings-on-de")
    # off again: the setting is stored in the database the test made
    await d.tap_id("settings", "keyboard")
    await d.tap(list(reversed(settings.ids.scanning.children))[0])
    await d.frames(0.1)
