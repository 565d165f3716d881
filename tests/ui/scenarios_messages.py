"""Messages at 800×480: one place per screen, never over a control the
player needs, never two at once, gone as soon as a move is stored or undone; the recent moves and
TTR's figures whole."""

from __future__ import annotations

from scenarios import open_new_game, screen, tap_route
from scenarios_table import start


def _box(widget):
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def shown_messages() -> list:
    from kivy.core.window import Window
    from companion.app.widgets import Message
    return [w for root in Window.children for w in root.walk(restrict=True)
            if isinstance(w, Message) and w.opacity > 0]


def controls_under(message) -> list[str]:
    """The visible buttons (other than its own Why?) that a message lies over."""
    from kivy.core.window import Window
    from kivy.uix.behaviors import ButtonBehavior
    why = getattr(message, "_why", None)
    own = why.button if why is not None else None
    box = _box(message)
    found = []
    for root in Window.children:
        for w in root.walk(restrict=True):
            if isinstance(w, ButtonBehavior) and w is not own and w.opacity > 0 \
                    and w.width > 1 and w.height > 1 and _overlap(box, _box(w)):
                found.append(str(getattr(w, "text", "")) or type(w).__name__)
    return found


def messages_seen() -> list[dict]:
    return [{"text": str(m.text), "under": controls_under(m), "box": list(_box(m))}
            for m in shown_messages()]


async def messages_in_ttr(d, args):
    """A refused claim (Chelsea – Soho needs 4 cards), a stored draw (gone), two refusals in
    the screen's two message widgets (one box), undo (said alone)."""
    play, _pretend = await start(d, "ttr-nyc", players=["Anna", "Ben"])
    seen = {}
    await tap_route(d, "ttr_nyc_play", "r23")
    await d.frames(0.4)
    seen["refused"] = messages_seen()
    await d.audit("ttr-refused")
    before = len(d.app.table.actions)
    await d.tap(play.ids.deck)
    await d.frames(0.4)
    seen["stored"] = len(d.app.table.actions) - before
    seen["after_move"] = messages_seen()
    seen["stats"] = play.stats
    await d.audit("ttr-drawn")
    await tap_route(d, "ttr_nyc_play", "r23")  # a second action: refused over the map
    await d.frames(0.3)
    await d.tap(play.ids.tickets)  # greyed after a card: refused in the panel's message
    await d.frames(0.4)
    seen["twice"] = messages_seen()
    await d.audit("ttr-twice")
    await d.tap(play.ids.undo)
    await d.frames(0.4)
    seen["after_undo"] = messages_seen()
    await d.audit("ttr-undone")
    seen["note"] = await _tap_under_the_note(d, play, _pretend)
    d.record("ttr", seen)


def _payments(d, route_id: str) -> int:
    table = d.app.table
    if route_id in table.state.owners:
        return 0
    return len(table.rules.completions(table.state, {"type": "claim_route", "route": route_id}))


async def _tap_under_the_note(d, play, pretend) -> dict:
    """A route claimed with the only payment the cards allow (its note over the top of the
    map), then at once one finger on another route under the note: that tap reaches the
    route (its question opens, or it is claimed), the note gives way."""
    from companion.games.ttr_nyc.ui.taps import the_map
    board = the_map(d, "ttr_nyc_play")
    routes = sorted(d.app.table.rules.board.routes)
    for _step in range(40):  # on in the game until a route is payable one way only
        single = next((r for r in routes if _payments(d, r) == 1), None)
        if single is not None:
            break
        d.app.submit(pretend.step())
    await d.frames(0.3)
    await tap_route(d, "ttr_nyc_play", single)
    await d.frames(0.3)
    note = play.ids.map_message
    found = {"claimed": single in d.app.table.state.owners, "note": str(note.text),
             "shown": note.opacity > 0}
    x0, y0, x1, y1 = _box(note)
    under = []
    for route_id in routes:  # points of routes the next player can pay, under the note
        if _payments(d, route_id) == 0:
            continue
        (ax, ay), (bx, by) = board._segments[route_id]
        for t in (0.5, 0.3, 0.7, 0.4, 0.6):
            x, y = board.to_window(ax + (bx - ax) * t, ay + (by - ay) * t)
            if x0 + 10 < x < x1 - 10 and y0 + 4 < y < y1 - 4 and \
                    board.route_at(*board.to_widget(x, y)) == route_id:
                under.append((route_id, x, y))
                break
    found["under"] = [u[0] for u in under]
    if not under or not found["shown"]:
        return found
    route_id, x, y = under[0]
    stored = len(d.app.table.actions)
    await d.tap_at(x, y)  # one tap, where the note lies
    await d.frames(0.4)
    found.update(tapped=route_id, note_after=note.opacity > 0,
                 asked=play.dialog is not None and play.dialog.kind == "claim",
                 selected=board.selected, stored=len(d.app.table.actions) - stored)
    play.close_dialog()
    return found


async def messages_in_rotw(d, args):
    """The greyed Deliver tapped: the refusal says no Locomotive was played, over the map and
    clear of every button; a Pass stored makes it go."""
    play, _pretend = await start(d, "rotw-card-game", players=["Anna", "Ben"])
    seen = {}
    deliver = play.action_button("deliver")
    await d.tap_at(*deliver.to_window(*deliver.center))
    await d.frames(0.4)
    seen["refused"] = messages_seen()
    await d.audit("rotw-refused")
    before = len(d.app.table.actions)
    await d.tap(play.action_button("pass"))
    await d.frames(0.5)
    seen["stored"] = len(d.app.table.actions) - before
    seen["after_move"] = messages_seen()
    d.record("rotw", seen)


async def messages_in_new_game(d, args):
    """Start with a name missing: the message stands on the "Who starts?" line, not over the
    buttons below it."""
    await open_new_game(d, "ttr-nyc", "play")
    new = screen(d, "new_game")
    await d.tap_id("new_game", "start")
    await d.frames(0.4)
    seen = {"refused": messages_seen(),
            "starts": [list(_box(b)) for b in new.ids.starts.children]}
    await d.audit("new-game-refused")
    d.record("new_game", seen)


async def ttr_log_and_figures(d, args):
    """Moves with long words: each recent move whole (at most two lines), the figures each with
    its number."""
    for language in ("en", "de", "hu"):
        d.app.set_language(language)
        play, _pretend = await start(d, "ttr-nyc", players=["Jürgen", "Cleo"], until=lambda t:
                                     len(t.actions) >= 14)
        await d.frames(0.5)
        lines = []
        for label in reversed(play.ids.log.children):
            if not getattr(label, "text", ""):
                continue
            label.texture_update()
            lines.append({"text": label.text, "height": label.height,
                          "texture": label.texture_size[1],
                          "words": _label_lines(label)})
        stats = [line for line in play.walk(restrict=True) if getattr(line, "text", "")
                 == play.stats]
        stats_lines = _label_lines(stats[0]) if stats else []
        await d.audit(f"ttr-log-{language}")
        d.record(f"log_{language}", {"lines": lines, "stats": stats_lines,
                                     "log_box": [play.ids.log.y, play.ids.log.height]})
        d.app.go_home()
        await d.frames(0.3)


def _label_lines(label) -> list[str]:
    """The lines a label drew, as it broke them."""
    core = label._label
    return ["".join(word.text for word in line.words) for line in (core._cached_lines or [])]


async def rotw_last_move(d, args):
    """Railways' last move under the actions, just after a link is built ("Ben built a white
    link to … City 2"): whole, on at most two lines, in English and German."""
    from companion.games.rotw.engine import Build
    seen = {}
    for language in ("en", "de"):
        d.app.set_language(language)
        play, pretend = await start(d, "rotw-card-game", players=["Anna", "Ben"])
        while True:  # up to a link built (the table's report of it still to come)
            action = pretend.step()
            d.app.submit(action)
            if isinstance(action, Build):
                break
        await d.frames(0.5)
        label = next(w for w in play.walk(restrict=True)
                     if getattr(w, "text", None) == play.last_move and w.text)
        label.texture_update()
        seen[language] = {"text": label.text, "words": _label_lines(label),
                          "height": label.height, "texture": label.texture_size[1]}
        await d.audit(f"rotw-last-move-{language}")
        # the longest kind: a City 5 paid with four cards
        play.last_move = play.describe(Build(0, 5, None, ("purple", "brown"), "start", "brown",
                                             ("brown-2", "orange-1", "white-1", "loco")))
        await d.frames(0.3)
        label.texture_update()
        seen[f"{language}, four cards"] = {
            "text": label.text, "words": _label_lines(label), "height": label.height,
            "texture": label.texture_size[1]}
        await d.audit(f"rotw-last-move-four-cards-{language}")
        d.app.go_home()
        await d.frames(0.3)
    d.record("rotw_last_move", seen)
