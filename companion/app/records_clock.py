"""The turn clocks on the play screens: the running clock with its Pause button beside the seat
strip, and the break itself (every player's time, one big button to go on)."""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.records.clocks import seconds_text
from companion.store import StoreError
from .i18n import _, tr
from .theme import touch
from .widgets import panel

log = logging.getLogger(__name__)


def toggle_pause() -> None:
    """Pause the live game's clocks, or start them again; the break shows over the screen."""
    table = App.get_running_app().table
    if table is None or table.status.over:
        return
    _store_break(table.resume_clocks if table.paused else table.pause)


def go_on() -> None:
    """The break's Go on playing: the clocks start again, unless a move made meanwhile has
    already started them (a toggle would pause them again); the break closes."""
    table = App.get_running_app().table
    _store_break(table.resume_clocks if table is not None and table.paused else None)


def _store_break(change) -> None:
    """Store the pause or the resume (`change`; None: nothing to store), then show the break
    as it now stands."""
    app = App.get_running_app()
    if change is not None:
        try:
            change()
        except StoreError as error:  # the break is not stored: say so, change nothing
            app._not_stored(error)
            return
    show_break()


def set_aside(table) -> None:
    """The live game is left (Home, another game, the app stopping): its clocks stop with a
    stored pause, as the Pause button stops them, so the time away counts for nobody and the
    game opens again in its break. A game over, already paused, or only being scored (no
    clocks on its screens) stores nothing. Leaving must never fail: a pause that cannot be
    stored is logged, and the time away then counts as before."""
    try:
        close_break()
        if (table is None or table.status.over or table.paused
                or table.header.options.get("mode") == "score_only"):
            return
        table.pause()
    except Exception:  # a full disk, a clock that cannot be read: the game is left anyway
        log.warning("game %s was left without a pause", getattr(table, "game_id", None),
                    exc_info=True)


def close_break() -> None:
    """The break's view goes with the game's screen (it floats over the whole window)."""
    from kivy.core.window import Window
    for view in [w for w in Window.children if isinstance(w, BreakView)]:
        view.dismiss(animation=False)


def show_break() -> None:
    """The break over the play screen while the live game is paused (also after a restart)."""
    from kivy.core.window import Window
    table = App.get_running_app().table
    open_views = [w for w in Window.children if isinstance(w, BreakView)]
    if table is not None and table.paused and not table.status.over:
        if not open_views:
            BreakView().open(animation=False)
    else:
        close_break()


class ClockButton:
    """Beside the seat strip: the clock of the player to move, running; a tap pauses. (The
    button is made here, not subclassed: its look is a kv rule, known once the layouts load.)"""

    def __init__(self, screen):
        self.button = Factory.QuietButton(size_hint=(None, None), width=dp(64), height=touch(),
                                          font_size=sp(15), halign="center", valign="middle")
        self.screen = screen
        self._event = None
        self.button.bind(on_release=lambda *_: toggle_pause())
        # A move or an undo ends a break by itself (a scanned card, a seat button: the break's
        # view covers neither), so the view goes with it: it would say "Paused" over a game
        # whose clocks run.
        App.get_running_app().bind(on_table_change=lambda *_: show_break())
        # "Pause" in the new language at once, not at the next second's tick.
        tr.fbind("_", lambda *_: self.tick(0))

    def start(self) -> None:
        if self._event is None:
            self._event = Clock.schedule_interval(self.tick, 1)
        self.tick(0)
        Clock.schedule_once(lambda _dt: show_break(), 0)  # a game opened paused stays paused

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def tick(self, _dt) -> None:
        if App.get_running_app() is None:  # the app is closing
            return
        table = self.screen.table
        if table is None or table.status.over:
            self.button.text, self.button.disabled = "", True
            return
        self.button.disabled = False
        try:
            clocks = table.clocks
        except Exception:  # a clock that cannot be read must never stop the game
            log.warning("the clocks of game %s cannot be read", table.game_id, exc_info=True)
            self.button.text = _("Pause")
            return
        seat = clocks.mover
        running = seconds_text(clocks.player(seat, table.running()).total) \
            if seat is not None else ""
        self.button.text = f"{running}\n{_('Pause')}" if running else _("Pause")


class BreakView(ModalView):
    """The game is paused: every player's time on the clock, one big button to go on, and
    Home beside it (the game stays paused there: Home offers it again)."""

    def __init__(self, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.7, 0.86),
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.6), **kwargs)
        table = App.get_running_app().table
        box = panel(spacing=dp(10))
        box.add_widget(Factory.Title(text=_("Paused: every clock has stopped"),
                                     size_hint_y=None, height=dp(44)))
        box.add_widget(clock_table(table, table.clocks, table.running()))
        buttons = BoxLayout(size_hint_y=None, height=touch(12), spacing=dp(10))
        home = Factory.QuietButton(text=_("Home"), size_hint_x=0.35)
        home.bind(on_release=lambda *_: App.get_running_app().go_home())
        button = Factory.AccentButton(text=_("Go on playing"))
        button.bind(on_release=lambda *_: go_on())
        buttons.add_widget(home)
        buttons.add_widget(button)
        box.add_widget(buttons)
        self.add_widget(box)


def clock_table(game, clocks, running: float = 0.0, big: bool = False) -> GridLayout:
    """Per player: time on the clock in all, per turn on average, and the longest turn. `game`
    has the header (the live Table or a stored game's records); `running`: the seconds of the
    mover's turn not yet stored."""
    from .games import game_ui, player_colours
    size = sp(20 if big else 18)
    grid = GridLayout(cols=4, spacing=(dp(6), dp(4)), cols_minimum={0: dp(90 if big else 120)})
    for n, text in enumerate(("", _("On the clock"), _("Average turn"), _("Longest turn"))):
        heading = _cell(text, sp(15), bold=True, wrap=True)
        heading.size_hint_x = 0.7 if n == 0 else 1
        grid.add_widget(heading)
    ui = game_ui(game.header.game)
    colours = player_colours(game)
    for seat, player in enumerate(clocks.all(running)):
        rgba = ui.rgba.get(colours[seat] if seat < len(colours) else "", (1, 1, 1, 1))
        name = _cell(game.header.players[seat], size, bold=True, colour=rgba)
        name.size_hint_x = 0.7  # the times, not the names, get the room
        grid.add_widget(name)
        for seconds in (player.total, player.average, player.longest):
            grid.add_widget(_cell(seconds_text(seconds), size))
    return grid


def _cell(text: str, size: float, bold: bool = False, colour=(1, 1, 1, 1),
          wrap: bool = False) -> Label:
    """A cell of the clocks' table: a heading wraps, a name is shortened if it must be."""
    label = Label(text=text, font_size=size, bold=bold, color=colour, shorten=not wrap,
                  max_lines=2 if wrap else 1, halign="center", valign="middle")
    label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
    return label


def add_clock(screen, slot: BoxLayout) -> ClockButton:
    """The play screens' hook: the clock button at the end of the seat strip's slot."""
    clock = ClockButton(screen)
    slot.add_widget(clock.button)
    return clock
