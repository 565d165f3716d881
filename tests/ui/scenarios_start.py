"""A start on a damaged database (tests/ui/test_start_ui.py): Home, then History and back."""

from __future__ import annotations

from scenarios import screen


async def damaged_start(d, args):
    """What Home shows at start, then every game History lists, and Home again."""
    await d.frames(0.5)
    home = screen(d, "home")
    d.record("home", {"screen": d.app.root.current, "message": home.ids.message.text,
                      "unfinished": len(home.ids.unfinished.children),
                      "stored": len(d.app.store.games())})
    await d.shot("start")
    await d.tap_id("home", "history")
    await d.wait_for(lambda: d.app.root.current == "history", what="History")
    await d.frames(0.3)
    d.record("history", len(screen(d, "history").ids.games.children))
    await d.shot("history")
    await d.tap_id("history", "back")
    await d.wait_for(lambda: d.app.root.current == "home", what="Home again")
