"""The Kivy app: one window, one screen manager, the store, the live Table and the language."""

from __future__ import annotations

import gc
import logging
import os
import time
from collections import deque
from functools import partial
from pathlib import Path

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.lang import Builder
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition

from companion.core.rules import Action, Phase, RuleViolation
from companion.recovery import MovedAside, nothing_saved, open_store
from companion.resources import kv_file
from companion.store import Store, StoreError, UnreadableGame, default_path
from companion.table import Table
from companion.watchdog import Watchdog
from . import keyboard, memory, single, storage
from .games import game_kinds, game_ui
from . import kiosk
from .screen_size import screen_size
from .i18n import LANGUAGES, _, tr
from .screens import LazyScreens
from .theme import BACKGROUND
from .words import explain

log = logging.getLogger(__name__)

KV_FILES = ("app/widgets.kv", "app/home.kv")  # Home's; each other screen loads its own
RESULTS_KV = "app/results.kv"  # every game's results screen (results_screen.py), with a game


def app_screens():
    """The app's screens but Home: (name, its layout file, a function giving its class),
    made when first opened."""
    def new_game():
        from .newgame import NewGameScreen
        return NewGameScreen

    def history():
        from .history import HistoryScreen
        return HistoryScreen

    def game_log():
        from .history import GameLogScreen
        return GameLogScreen

    def settings():
        from .settings import SettingsScreen
        return SettingsScreen

    def teach():
        from .scanning import TeachScreen
        return TeachScreen

    return (("new_game", "app/newgame.kv", new_game), ("history", "app/history.kv", history),
            ("game_log", "app/history.kv", game_log),
            ("settings", "app/settings.kv", settings), ("teach", "app/teach.kv", teach))


class CompanionApp(App):
    """Home, new game, play, scoring, history, settings; every move through the Table."""

    table: Table | None = ObjectProperty(None, allownone=True)
    language = StringProperty("en")

    def __init__(self, db_path: Path | str | None = None, kiosk: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.title = "companion"
        self.db_path = db_path
        self.store: Store | None = None
        self.moved_aside: MovedAside | None = None  # a damaged database set aside at start
        self.config_problem: str | None = None  # why companion.toml is not used (Home says)
        self.unopened: StoreError | None = None  # why the database could not be opened at all
        self.scanning = None
        self.rig = None
        self.watchdog = Watchdog.from_environment()  # systemd's, in the kiosk
        self.register_event_type("on_table_change")
        self._asking = None  # the question Escape opened, while it is open
        self.kiosk = kiosk  # --fullscreen: nobody has a keyboard
        self._kv_loaded: set[str] = set()
        self._built_games: set[str] = set()
        self._stopping = False

    # ---- start and stop ----------------------------------------------------------------

    def build(self):
        from kivy.core.window import Window  # not before the size is configured
        Window.clearcolor = BACKGROUND
        try:
            self.store, self.moved_aside = open_store(self.db_path)
            self.unopened = self.store.read_only  # read-only storage: every game, no saving
        except StoreError as error:  # e.g. a missing disk: run, say why, save nothing
            log.error("the database cannot be opened: %s", error)
            self.store, self.unopened = nothing_saved(), error
        self.language = known_language(self.store.setting("language", "en"))
        self.set_keyboard(keyboard.wanted(self.store, self.kiosk))
        tr.switch(self.language)
        from companion.config import problem
        self.config_problem = problem()
        from . import widgets  # noqa: F401  the widgets the layouts name
        from .home import HomeScreen
        for name in KV_FILES:
            self.layout(name)
        # Home alone at start; every other screen (a game's too) when first opened, as in
        # Kivy's showcase: the start-up budget of docs/benchmarks.md.
        manager = LazyScreens(transition=NoTransition())
        manager.add_widget(HomeScreen(name="home"))
        for name, kv, make in app_screens():
            manager.promise((name,), partial(self._make_screen, manager, kv, make, name))
        for game_kind in game_kinds():
            game = game_ui(game_kind)
            manager.promise(game.screens, partial(self.ensure_game, game_kind))
        manager.bind(current=lambda _m, _name: memory.after_next_frame(Window))
        self.root = manager
        return manager

    def layout(self, name: str) -> None:
        """A layout file, loaded once (a second load would apply its rules twice)."""
        if name not in self._kv_loaded:
            Builder.load_file(kv_file(name))
            self._kv_loaded.add(name)

    def _make_screen(self, manager, kv: str, make, name: str) -> None:
        self.layout(kv)
        manager.add_widget(make()(name=name))
        long_lived()

    def ensure_game(self, game_kind: str) -> None:
        """A game's layouts and screens, built the first time the game is opened."""
        if game_kind in self._built_games:
            return
        game = game_ui(game_kind)
        self.layout(RESULTS_KV)  # before the game's own: its results screen builds on it
        for name in game.kv_files:
            self.layout(name)
        for screen in game.make_screens():
            self.root.add_widget(screen)
        self._built_games.add(game_kind)
        long_lived()

    def _on_key(self, _window, key: int, *_args) -> bool:
        """Escape (and a remote's Back) never quits at once: see `escape`."""
        if key != 27:
            return False
        self.escape()
        return True

    def escape(self) -> None:
        """On a game's screen Escape asks before leaving the game; on Home it asks before
        closing the app; on any other screen it goes back to Home."""
        from .widgets import Question
        if self._asking is not None and self._asking.parent is not None:
            return  # Escape's own question is open: it is answered with its buttons
        current = self.root.current
        if current == "home":
            self._asking = Question(_("Close the app?"), _("Close"), self.stop, _("Stay"))
        elif self.table is not None and current in self._game_screens():
            self._asking = Question(_("Leave this game? It is saved: Home offers to resume it."),
                                    _("Leave"), self.go_home, _("Stay"))
        else:
            self.go_home()
            return
        self._asking.open(animation=False)  # over any question of the game's

    def _game_screens(self) -> set[str]:
        game = game_ui(self.table.header.game)
        return set(game.screens)

    def on_start(self) -> None:
        from kivy.clock import Clock
        from kivy.core.window import Window
        Window.bind(on_keyboard=self._on_key)
        self.watchdog.start(Clock, Window)
        Window.bind(on_flip=self._first_frame)

    def _first_frame(self, window) -> None:
        """Home is on its way to the screen: what it does not show waits for the next frame
        (the start-up budget, docs/benchmarks.md)."""
        window.unbind(on_flip=self._first_frame)
        from kivy.clock import Clock
        Clock.schedule_once(lambda _dt: self._settle())

    def _settle(self) -> None:
        """The seat LEDs and buttons, the scanner, and the garbage collector's freeze."""
        if self._stopping:
            return
        from .rig import Rig
        from .scanning import Scanning
        self.scanning, self.rig = Scanning(self), Rig(self)
        self.scanning.start()
        self.rig.start()
        self.rig.follow(self.table)  # a game resumed in the meantime
        long_lived()

    def scanned(self, tag: str) -> None:
        """A scanner tag, on the main thread (the reader hands it over; tests call it)."""
        if self.scanning is not None:  # None only before Home's first frame is shown
            self.scanning.scanned(tag)

    def on_stop(self) -> None:
        self._stopping = True
        self._set_aside()  # systemctl stop, a shutdown, Close: the time off counts for nobody
        self.watchdog.stop()
        if self.scanning is not None:
            self.scanning.stop()
        if self.rig is not None:
            self.rig.stop()
        if self.store is not None:
            self.store.close()

    # ---- moving between screens --------------------------------------------------------

    def go(self, name: str) -> None:
        self.root.current = name

    def go_home(self) -> None:
        self._set_aside()  # Home lists it with the others: its clocks wait for the players
        self.go("home")

    def _set_aside(self) -> None:
        """The live game, left, stops its clocks with a stored pause; it opens again in its
        break (records_clock.set_aside, docs/records.md)."""
        if self.table is not None and self.store is not None:
            from .records_clock import set_aside
            set_aside(self.table)

    # ---- the live game -------------------------------------------------------------------

    def start_game(self, game_kind: str, players: list[str], colours: list[str], first: int,
                   mode: str = "play", places: tuple[int, ...] | None = None,
                   variants: dict | None = None) -> bool:
        options = {"first": first, "mode": mode, "colours": colours, **(variants or {})}
        if places is not None:  # who sits where, from New game's seat buttons
            options["places"] = list(places)
        options.update(game_ui(game_kind).options(self.store, mode))
        try:
            self.set_table(Table.start(self.store, game_kind, players, options))
        except RuleViolation as violation:
            self.root.current_screen.show_message(game_ui(game_kind).explain(violation, None))
            return False
        except StoreError as error:
            self._not_stored(error)
            return False
        self.open_current_game()
        return True

    def resume(self, game_id: int) -> None:
        self.set_table(Table.resume(self.store, game_id))
        self.open_current_game()

    def set_table(self, table: Table | None) -> None:
        if self.table is not None:
            if table is None or table.game_id != self.table.game_id:
                self._set_aside()  # another game, or none: this one is left
            self.table.remove_listener(self._table_changed)
        self.table = table
        if table is not None:
            table.add_listener(self._table_changed)
        if self.rig is not None:
            self.rig.follow(table)

    def open_current_game(self) -> None:
        """The screen the game needs now: play, the score-only map, or scoring."""
        table = self.table
        game = game_ui(table.header.game)
        self.ensure_game(game.game_kind)
        status = table.status
        score_only = table.header.options.get("mode") == "score_only"
        if status.phase is Phase.OVER:
            self.go(game.scoring)
        elif score_only:
            self.go(game.score_only)
        elif status.phase is Phase.SCORING:
            self.go(game.scoring)
        else:
            self.go(game.play)

    def submit(self, action: Action | list[Action], where=None) -> bool:
        """Hand a move to the Table (or the moves one tap makes, stored together); a refused
        one is explained and nothing is stored."""
        try:
            if isinstance(action, list):
                self.table.submit_all(action)
            else:
                self.table.submit(action)
        except RuleViolation as violation:
            self.root.current_screen.show_message(self.explain(violation), where)
            if self.rig is not None:
                self.rig.refused()
            return False
        except StoreError as error:
            self._not_stored(error)
            return False
        return True

    def undo(self, where=None, count: int = 1) -> bool:
        try:
            self.table.undo(count)
        except RuleViolation as violation:
            self.root.current_screen.show_message(self.explain(violation), where)
            return False
        except StoreError as error:
            self._not_stored(error)
            return False
        return True

    def explain(self, violation: RuleViolation) -> str:
        """A refusal of the live game in words, its pieces named as that game names them."""
        if self.table is None:
            return explain(violation)
        return game_ui(self.table.header.game).explain(violation, self.table.state)

    def _not_stored(self, error: StoreError) -> None:
        """A full or read-only disk: the move is refused, said on screen, and the app goes on."""
        log.error("not stored (%s): %s", error.trouble.value, error)
        storage.alert(error)  # over any question that is open, where it cannot be missed
        if self.rig is not None:
            self.rig.refused()

    def _table_changed(self, table: Table, action: Action | None) -> None:
        from kivy.core.window import Window
        from .widgets import hide_messages
        hide_messages(Window)  # a refusal said before this move is stale
        self.dispatch("on_table_change", action)
        memory.after_next_frame(Window)  # a move redraws the map: its old buffers are freed

    def on_table_change(self, action: Action | None) -> None:
        """Screens listen to this to redraw after every move."""

    def set_keyboard(self, on: bool) -> None:
        """The on-screen keyboard for the fields focused from now on."""
        from kivy.core.window import Window
        keyboard.enable(Window, on)

    # ---- the language --------------------------------------------------------------------

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            return
        self.language = language
        tr.switch(language)
        try:
            self.store.set_setting("language", language)
        except StoreError:
            log.exception("the language could not be remembered")
        screen = self.root.current_screen
        if hasattr(screen, "refresh"):
            screen.refresh()


def long_lived() -> None:
    """What was built so far lives as long as the app (screens, layouts): out of the garbage
    collector's full passes, which otherwise stall a tap now and then. Its garbage is collected
    first (after the first freeze that pass only looks at what came since: a few ms)."""
    gc.collect()
    gc.freeze()


class BackHome(ExceptionHandler):
    """An exception nothing else caught, in Kivy's main loop: logged, and the app goes back to
    Home with a message instead of stopping (under systemd a stop is a restart into the same
    fault, and a group at the table loses its screen). The stored games are safe: every move was
    stored before it was shown. A fault that repeats keeps the app on Home; only its traceback is
    not logged again and again (at most LIMIT within WINDOW seconds), so a fault in every frame
    cannot fill the card. The app stops only when Home itself cannot be shown: then the window
    is what failed, and systemd's restart is the only way back."""

    LIMIT, WINDOW = 5, 10.0  # tracebacks logged: at most 5 within 10 s

    def __init__(self, app: "CompanionApp"):
        self.app = app
        self.recent: deque[float] = deque()

    def handle_exception(self, error: BaseException):
        if not isinstance(error, Exception):  # SystemExit, KeyboardInterrupt, cancellation
            return ExceptionManager.RAISE
        now = time.monotonic()
        self.recent.append(now)
        while self.recent and now - self.recent[0] > self.WINDOW:
            self.recent.popleft()
        if len(self.recent) > self.LIMIT:
            log.error("uncaught %s again (%d within %.0f s): %s", type(error).__name__,
                      len(self.recent), self.WINDOW, error)
        else:
            log.error("uncaught %s: %s", type(error).__name__, error, exc_info=error)
        try:
            self._home(error)
        except Exception:  # Home cannot be shown: the window itself has failed
            log.exception("could not go back to Home: the app stops")
            return ExceptionManager.RAISE
        return ExceptionManager.PASS

    def _home(self, error: Exception) -> None:
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView
        app = self.app
        for view in [w for w in Window.children if isinstance(w, ModalView)]:
            view.dismiss(animation=False)  # a question left open would cover Home
        app.set_table(None)
        app.go_home()
        if isinstance(error, UnreadableGame):
            text = _("This game cannot be opened: {reason}").format(reason=error.reason)
        else:
            text = _("Something went wrong, so the app went back to Home. Your games are saved "
                     "up to the last move.")
        app.root.get_screen("home").show_message(text)


def configure(size: tuple[int, int] | None = None, fullscreen: bool = False) -> None:
    """Kivy's configuration for this start, before anything makes the window.

    The window takes its size, mode and keyboard from `Config` once, when it is created: every
    setting must be in place before the first dp()/sp() or `Window` (tests/app/ checks that
    importing the UI makes no window)."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")  # no xclip/xsel needed on the Pi
    from kivy.config import Config
    if size is None and fullscreen:  # the window made at the screen's size (screen_size.py)
        size = screen_size()
    size = size or (800, 480)  # the Raspberry Pi's official 7" touchscreen
    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "0")
    Config.set("kivy", "exit_on_escape", "0")  # Escape asks first (CompanionApp.escape)
    keyboard.configure(Config)
    if fullscreen:  # the kiosk: no physical keyboard, so names are typed on the screen
        Config.set("graphics", "fullscreen", "auto")
        Config.set("kivy", "keyboard_mode", "systemanddock")
        kiosk.configure_input(Config)


def run(db_path: Path | str | None = None, size: tuple[int, int] | None = None,
        fullscreen: bool = False, driver=None) -> int:
    """Start the app (the `companion` command); its exit code.

    `driver` is for the UI tests only: an async function given the app, run beside it on the
    same asyncio loop, so that a test drives exactly what `companion` starts."""
    configure(size, fullscreen)
    db = Path(db_path) if db_path is not None else default_path()
    try:
        lock = single.hold(db)
    except single.AlreadyRunning:
        return already_running(db)
    app = CompanionApp(db_path, kiosk=fullscreen)
    app.lock = lock  # held (open) as long as the app runs
    ExceptionManager.add_handler(BackHome(app))
    kiosk.stop_on_sigterm(app)
    if driver is None:
        app.run()
        return 0
    import asyncio

    async def both() -> None:
        await asyncio.gather(app.async_run(async_lib="asyncio"), driver(app))

    asyncio.run(both())
    return 0


def already_running(db: Path, seconds: float = 6.0) -> int:
    """A second start on the same database: one sentence in the log and on the screen (in the
    language chosen in Settings), then exit code 1."""
    tr.switch(_stored_language(db))
    text = tr._("The app is already running: use the window that is open.")
    log.error("the companion is already running on %s; this start stops", db)
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.factory import Factory
    from kivy.metrics import sp

    class Notice(App):
        def build(self):
            Window.clearcolor = BACKGROUND
            Clock.schedule_once(lambda _dt: self.stop(), seconds)
            label = Factory.Label(text=text, font_size=sp(24), halign="center", valign="middle")
            label.bind(size=lambda w, size: setattr(w, "text_size", (size[0] * 0.8, None)))
            label.bind(on_touch_down=lambda *_: self.stop())
            return label

    Notice(title="companion").run()
    return 1


def _stored_language(db: Path) -> str:
    try:
        store = Store(db, create=False)
    except (StoreError, OSError):
        return "en"
    try:
        return known_language(store.setting("language", "en"))
    except StoreError:
        return "en"
    finally:
        store.close()


def known_language(stored: str | None) -> str:
    """The stored language where this version has it, else English (a damaged cell)."""
    from .i18n import LANGUAGES
    return stored if stored in LANGUAGES else "en"
