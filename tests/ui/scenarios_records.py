"""Play records on the screen: the turn clock and Pause, the break after a restart, the
chart and the clocks of a finished game, statistics per game, export and backup from the app."""

from __future__ import annotations

from pathlib import Path

from scenarios_table import inside, start


def _clock_seen(screen) -> dict:
    button = screen.clock_button.button
    return {"text": button.text, "size": [button.width, button.height],
            "inside": inside(button, screen), "font": button.font_size}


async def records_clocks(d, args):
    """A Ticket to Ride game with the clock beside the seat strip: a tap pauses every clock
    (the break covers the screen), Go on playing starts them again; a long press on another
    seat's button pauses too."""
    from kivy.core.window import Window
    from companion.app.records_clock import BreakView
    screen, pretend = await start(d, "ttr-nyc")
    table = d.app.table
    table.wall_clock = PretendClock()
    for _ in range(12):
        d.app.submit(pretend.step())
    while table.status.waiting_for is not None:  # the card turned up: no question open
        d.app.submit(pretend.step())
    await d.frames(1.2)
    seen = {"clock": _clock_seen(screen), "audit": await d.audit("records-clock")}
    await d.tap(screen.clock_button.button)
    await d.frames(0.4)
    views = [w for w in Window.children if isinstance(w, BreakView)]
    seen["paused"] = table.paused
    seen["break_open"] = len(views)
    seen["break_audit"] = await d.audit("records-break")
    await d.tap(_find(views[0], "Go on playing"))
    await d.frames(0.4)
    seen["after_go_on"] = table.paused
    seen["break_after"] = len([w for w in Window.children if isinstance(w, BreakView)])
    d.app.rig.pressed((table.status.seat + 1) % 4, long=True)  # another seat, held
    await d.frames(0.4)
    seen["long_press_paused"] = table.paused
    seen["log"] = [entry.get("type") for _, entry in d.app.store.log(table.game_id)][-3:]
    from companion.app.i18n import tr
    language = tr.language
    tr.switch("sv")  # the clock's words follow at once, not at its next second
    seen["switched"] = screen.clock_button.button.text
    tr.switch(language)
    d.record("clocks", seen)


async def records_break_ends_by_a_move(d, args):
    """A move made during a break (a scanned card, a seat button: the break's view does not
    cover them) ends the break: its view goes with it and the clocks run; no stale Go on
    playing is left to pause them again."""
    from kivy.core.window import Window
    from companion.app.records_clock import BreakView

    def views():
        return [w for w in Window.children if isinstance(w, BreakView)]

    screen, pretend = await start(d, "ttr-nyc")
    table = d.app.table
    table.wall_clock = PretendClock()
    await d.tap(screen.clock_button.button)
    await d.frames(0.4)
    seen = {"paused": table.paused, "open": len(views())}
    opened = views()
    d.app.submit(pretend.step())  # as a scanned card or a seat button hands a move over
    while table.status.waiting_for is not None:  # the card turned up: no question left open
        d.app.submit(pretend.step())
    await d.frames(0.4)
    seen["after_move"] = {"paused": table.paused, "open": len(views())}
    if opened and opened[0].parent is not None:  # a view left standing: its button
        await d.tap(_find(opened[0], "Go on playing"))
        await d.frames(0.4)
    seen["after_go_on"] = {"paused": table.paused, "open": len(views())}
    kinds = [entry.get("type") for _, entry in d.app.store.log(table.game_id)]
    seen["log"] = kinds[kinds.index("pause"):]  # from the break on
    d.record("break_move", seen)


class PretendClock:
    """A wall clock for the scenario: every stored entry 15-75 s after the one before, so the
    clocks and the chart look like a real evening's game."""

    def __init__(self, seed: int = 7):
        import random
        from datetime import datetime, timezone
        self.now = datetime.now(timezone.utc)
        self.rng = random.Random(seed)

    def __call__(self):
        from datetime import timedelta
        self.now += timedelta(seconds=self.rng.randint(15, 75))
        return self.now


def _find(root, text: str):
    """The widget showing this English text, in the language the app speaks now."""
    from companion.app.i18n import _
    return next(w for w in root.walk() if getattr(w, "text", None) == _(text))


async def played_to_the_end(d, game_id: str, players=None):
    """A game played to its end by a pretend table with a pretend clock; the results screen."""
    import scenarios_table
    screen, pretend = await start(d, game_id, players=players or scenarios_table.PLAYERS[:3])
    d.app.table.wall_clock = PretendClock()
    while not d.app.table.status.over:
        d.app.submit(pretend.step())
    d.app.open_current_game()
    await d.frames(0.8)
    return d.app.root.current_screen


def _clock_row(results, players: int) -> list[str]:
    """The results table's row of the time on the clock: its heading and a value per player."""
    from companion.app.i18n import _
    cells = [getattr(w, "name", "") or getattr(w, "text", "")
             for w in reversed(results.ids.results.children)]
    heading = _("Time on the clock")
    if heading not in cells:
        return []
    at = cells.index(heading)
    return cells[at:at + 1 + players]


async def records_chart(d, args):
    """Each game's results screen has Chart & times: the score over time with every player's
    clock, large; Back returns to the results. History's page of a game has it too."""
    found = {}
    for game_id in ("ttr-nyc", "rotw-card-game", "manhattan-traffiq"):
        results = await played_to_the_end(d, game_id)
        name = results.name
        results_audit = await d.audit(f"records-results-{game_id}")
        clock_row = _clock_row(results, len(d.app.table.header.players))
        from companion.records.clocks import seconds_text
        clocks = [seconds_text(p.total) for p in d.app.table.clocks.all()]
        await d.tap(_find(results, "Chart & times"))
        await d.wait_for(lambda: d.app.root.current == "game_record", what="the record")
        record = d.app.root.current_screen
        await d.frames(0.5)
        chart = next(w for w in record.walk() if type(w).__name__ == "ScoreChart")
        found[game_id] = {"results": name, "points": len(chart.series.points),
                          "final": chart.series.final, "chart": [chart.width, chart.height],
                          "audit": await d.audit(f"records-chart-{game_id}"),
                          "results_audit": results_audit, "clock_row": clock_row,
                          "clocks": clocks}
        await d.tap(_find(record, "Back"))
        await d.frames(0.3)
        found[game_id]["back_to"] = d.app.root.current
        game_number = d.app.table.game_id
        d.app.go_home()
        await d.frames(0.3)
    d.app.go("history")
    await d.frames(0.3)
    log_screen = d.app.root.get_screen("game_log")
    log_screen.game_id = game_number
    d.app.go("game_log")
    await d.frames(0.5)
    log_audit = await d.audit("records-game-log")
    await d.tap(_find(log_screen, "Chart & times"))
    await d.frames(0.5)
    found["history"] = {"screen": d.app.root.current, "log_audit": log_audit,
                        "audit": await d.audit("records-chart-history")}
    await d.tap(_find(d.app.root.current_screen, "Export for BG Stats"))
    await d.frames(0.4)
    exports = Path(d.app.store.path).parent / "exports"
    found["history"]["exported"] = sorted(p.name for p in exports.glob("play-*"))
    found["history"]["export_audit"] = await d.audit("records-exported")
    from kivy.core.window import Window
    notice = next(w for w in Window.children if type(w).__name__ == "Question")
    await d.tap(_find(notice, "OK"))
    await d.frames(0.3)
    await d.tap(_find(d.app.root.current_screen, "Back"))
    await d.frames(0.3)
    found["history"]["back_to"] = d.app.root.current
    d.record("charts", found)


async def records_stats(d, args):
    """Three finished games of Ticket to Ride and one of Railways: History's way to each game's
    statistics, the table and head to head (a tap on a name picks the next player)."""
    from kivy.uix.label import Label
    for players, seed in ((["Anna", "Ben", "Cleo"], 3), (["Anna", "Ben"], 4),
                          (["Anna", "Ben", "Cleo", "Dora"], 5)):
        await played_to_the_end(d, "ttr-nyc", players=players)
        d.app.go_home()
    await played_to_the_end(d, "rotw-card-game", players=["Anna", "Ben"])
    d.app.go("history")
    await d.frames(0.5)
    seen = {"history_audit": await d.audit("records-history")}
    history = d.app.root.current_screen
    from companion.app.i18n import _
    buttons = [w for w in history.walk() if getattr(w, "text", "") == _("Statistics and head to head")]
    seen["buttons"] = len(buttons)
    await d.tap(buttons[0])
    await d.wait_for(lambda: d.app.root.current == "game_stats", what="the statistics")
    screen = d.app.root.current_screen
    await d.frames(0.4)
    seen["title"] = screen.title.text
    seen["summary"] = screen.summary.text
    seen["rows"] = len(screen.grid.children) // 6 - 1
    seen["pair"] = list(screen.pair)
    seen["audit"] = await d.audit("records-stats")
    name_buttons = [w for w in screen.duel.walk() if type(w).__name__ == "QuietButton"]
    await d.tap(name_buttons[1])
    await d.frames(0.3)
    seen["pair_after"] = list(screen.pair)
    seen["duel_after"] = " ".join(w.text for w in screen.duel.walk() if isinstance(w, Label))
    await d.tap(_find(screen, "Back"))
    await d.frames(0.3)
    seen["back_to"] = d.app.root.current
    d.record("stats", seen)


async def records_backup(d, args):
    """Settings' Back up to a USB stick: without a stick it says what to do; with one the
    database and every game go into a new folder on it, and the notice says where."""
    import os
    from kivy.core.window import Window
    await played_to_the_end(d, "manhattan-traffiq", players=["Anna", "Ben"])
    stick = Path(d.app.store.path).parent / "stick"
    os.environ["COMPANION_USB"] = str(stick)  # not plugged in yet: the folder is not there
    d.app.go("settings")
    await d.frames(0.5)
    screen = d.app.root.current_screen
    seen = {"audit": await d.audit("records-settings")}

    def notice_text(notice) -> str:
        return " ".join(w.text for w in notice.walk() if type(w).__name__ == "Label"
                        or getattr(w, "text", None) and "Note" in type(w).__name__)

    async def tap_backup(name, during=None):
        await d.tap(_find(screen, "Back up to a USB stick"))
        await d.frames(0.2)
        notice = next(w for w in Window.children if type(w).__name__ == "Question")
        if during is not None:
            await during(notice)
        await d.wait_for(lambda: not notice.yes_button.disabled, timeout=60,
                         what="the backup to end")
        text = notice_text(notice)
        audit = await d.audit(name)
        await d.tap(_find(notice, "OK"))
        await d.frames(0.3)
        return text, audit

    seen["none"], seen["none_audit"] = await tap_backup("records-backup-none")
    stick.mkdir()
    seen["done"], seen["done_audit"] = await tap_backup("records-backup-done")
    seen["folders"] = [p.name for p in stick.iterdir()]
    seen["files"] = sorted(str(p.relative_to(stick)).split("/", 1)[1] for p in stick.rglob("*")
                           if p.is_file())

    # a slow stick: the notice shows how far it is, the UI's loop (which feeds systemd's
    # watchdog) runs on meanwhile, and OK waits for the end
    from kivy.clock import Clock
    from companion.records import backup as module
    import time
    real = module._write_file

    def slow(path, data):
        time.sleep(2.5)
        real(path, data)

    module._write_file = slow

    async def watch(notice):
        frames = Clock.frames
        await d.frames(1.0)
        seen["progress"] = notice_text(notice)
        seen["ok_while_running"] = not notice.yes_button.disabled
        seen["progress_audit"] = await d.audit("records-backup-progress")
        seen["frames_while_running"] = Clock.frames - frames

    try:
        seen["slow"], _audit = await tap_backup("records-backup-slow", during=watch)
    finally:
        module._write_file = real
    d.record("backup", seen)


def _kinds(d, game_id: int) -> list:
    return [entry.get("type") for _, entry in d.app.store.log(game_id)]


def _break_views() -> list:
    from kivy.core.window import Window
    from companion.app.records_clock import BreakView
    return [w for w in Window.children if isinstance(w, BreakView)]


def _last_real_move(d, game_id: int) -> str:
    """The game's last move (not a pause or a resume) as its log line says it."""
    from companion.app.games import game_ui
    from companion.boards import rules_for
    from companion.gamelog import CLOCK_ENTRIES
    record = d.app.store.game(game_id)
    entry = [e for _, e in d.app.store.log(game_id) if e.get("type") not in CLOCK_ENTRIES][-1]
    rules = rules_for(record.game)
    return game_ui(record.game).describe(rules.parse_action(entry), record.players, rules)


async def _two_moves(d, pretend) -> None:
    table = d.app.table
    for _ in range(2):
        d.app.submit(pretend.step())
        while table.status.waiting_for is not None:  # a card turned up: no question left open
            d.app.submit(pretend.step())
    await d.frames(0.3)


async def records_set_aside(d, args):
    """A game left for Home and another game stops its clocks with a stored pause: the time
    away counts for nobody, the game opens in its break (whose Home keeps it paused), Go on
    playing starts the clocks, and Home's line names the last real move, not the pause."""
    from scenarios import screen as screen_of
    from scenarios_crash import back_home
    from companion.app.i18n import _
    screen, pretend = await start(d, "ttr-nyc")
    first = d.app.table.game_id
    await _two_moves(d, pretend)
    moves = len(d.app.store.log(first))
    await d.tap(screen.ids.home)
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    home = screen_of(d, "home")
    seen = {"home": {"log": _kinds(d, first)[moves - 1:], "details": home.cards[first].details,
                     "last": _last_real_move(d, first), "breaks": len(_break_views())}}
    await d.shot("records-home-after-leaving")
    await d.frames(1.6)  # the time away, measurably long
    _other, other_pretend = await start(d, "rotw-card-game")  # another game meanwhile
    second = d.app.table.game_id
    await _two_moves(d, other_pretend)
    await back_home(d)  # Escape's Leave
    seen["other"] = _kinds(d, second)[-1]
    await d.tap(home.cards[first])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the first game's play screen")
    await d.frames(0.4)
    seen["reopened"] = {"paused": d.app.table.paused, "breaks": len(_break_views())}
    seen["break_audit"] = await d.audit("records-break-on-reopening")
    await d.tap(_find(_break_views()[0], "Home"))  # the break's own way Home
    await d.wait_for(lambda: d.app.root.current == "home", what="Home from the break")
    seen["break_home"] = {"breaks": len(_break_views()), "log": _kinds(d, first)[moves:]}
    await d.tap(home.cards[first])
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_play", what="the first game again")
    await d.frames(0.4)
    await d.tap(_find(_break_views()[0], "Go on playing"))
    await d.frames(0.3)
    table = d.app.table
    times = [(e.get("type"), e["at"]) for _, e in d.app.store.log(first, times=True)]
    seen["resumed"] = {"paused": table.paused, "breaks": len(_break_views()),
                       "log": _kinds(d, first)[moves:], "times": times,
                       "created": d.app.store.game(first).created,
                       "clocks": [p.total for p in table.clocks.all()]}
    await d.tap(screen.ids.home)
    await d.wait_for(lambda: d.app.root.current == "home", what="Home at last")
    seen["home_again"] = {"details": home.cards[first].details, "paused": _("Paused")}
    d.record("set_aside", seen)


async def records_sigterm_pauses(d, args):
    """`systemctl stop` (SIGTERM) while a game is played: the app's own stop stores a pause,
    so the hours it is off count for nobody."""
    import asyncio
    import os
    import signal
    _screen, pretend = await start(d, "ttr-nyc")
    await _two_moves(d, pretend)
    game_id = d.app.table.game_id
    d.record("sigterm", {"game": game_id, "log": _kinds(d, game_id)})
    os.kill(os.getpid(), signal.SIGTERM)  # as systemd sends it
    for _ in range(50):  # the app looks at the flag four times a second
        await asyncio.sleep(0.1)
        if d.app._stopping:
            break
    d.record("stopped", d.app._stopping)
