"""The seat LEDs and buttons in the app: real pins on the Pi; off the Pi, gpiozero's mock pins,
drawn on the play screen, with keys 1–4 as the seat buttons.

Button callbacks arrive on gpiozero's threads and are handed to the Kivy main thread here;
nothing else touches the Table.
"""

from __future__ import annotations

import logging
import math
import os
import time

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from .i18n import _
from .theme import touch
from .why import Refusal
from .widgets import Question

log = logging.getLogger(__name__)
MIN_TAP = 0.06  # s: a key or finger press lasts at least this (twice the debouncer's bounce)


DRAWN_RIG = "COMPANION_RIG"  # =drawn: off the Pi, seat buttons drawn on screen and keys 1–4


def drawn_rig_asked() -> bool:
    """Off the Pi, a developer (or a UI test) asks for the seat buttons drawn on the screen."""
    return os.environ.get(DRAWN_RIG, "").strip().lower() == "drawn"


def rig_fitted() -> bool:
    """Whether the players have seat buttons to press: only then do the screens say what a
    press does (a table without buttons would read hints it cannot use)."""
    app = App.get_running_app()
    rig = getattr(app, "rig", None)
    return rig is not None and rig.fitted


class Rig:
    """Builds the LEDs and buttons, keeps the LEDs on the Table's state, reads the presses."""

    def __init__(self, app):
        self.app = app
        self.lights = None
        self.buttons = None
        self.mock = True  # no real GPIO here: draw the LEDs and buttons on screen
        self.fitted = False  # seat buttons to press: real pins, or the drawn ones asked for

    def start(self) -> None:
        self._held_since: dict[int, float] = {}
        from companion.hardware.pins import DEFAULT_PIN_MAP, apply_overrides
        from companion.hardware.seats import SeatButtons, SeatLights, make_pin_factory
        choice = make_pin_factory()
        self.mock = choice.mock
        self.fitted = not choice.mock or drawn_rig_asked()
        from companion.config import ConfigError, config_path, load  # after Home's frame
        try:
            pin_map = apply_overrides(DEFAULT_PIN_MAP, load(), str(config_path()))
        except (ConfigError, ValueError, TypeError, AttributeError) as error:
            log.error("the default pin map is used: %s", error)
            pin_map = DEFAULT_PIN_MAP
        try:
            self.lights = SeatLights(pin_map, choice.factory)
            self.buttons = SeatButtons(pin_map, choice.factory,
                                       on_press=self._handed_over(long=False),
                                       on_long_press=self._handed_over(long=True))
        except Exception:  # no error dialog about hardware: the screen works without it
            log.exception("no seat LEDs and buttons")
            self.lights = self.buttons = None
            self.fitted = False
            return
        if self.mock and self.fitted:
            from kivy.core.window import Window
            Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)

    def stop(self) -> None:
        if self.lights is not None:
            self.lights.off()
            self.lights.close()
        if self.buttons is not None:
            self.buttons.close()
        self.lights = self.buttons = None

    # ---- the LEDs ------------------------------------------------------------------------

    def follow(self, table) -> None:
        """The LEDs show this game (after a resume too), or nothing."""
        if self.lights is None:
            return
        self.lights.unfollow()
        if table is None:
            self.lights.show(None)
            return
        self.lights.assign(table.header.options.get("places"))
        self.lights.follow(table)

    def show_seats(self, seats) -> None:
        """New game: the seats taken so far are lit."""
        if self.lights is not None:
            self.lights.unfollow()
            self.lights.show_seats(seats)

    def refused(self) -> None:
        if self.lights is not None:
            self.lights.flash_refused()

    def modes(self) -> tuple:
        return self.lights.modes if self.lights is not None else ()

    # ---- the buttons -----------------------------------------------------------------------

    def _handed_over(self, long: bool):
        """A callback for gpiozero's thread that runs the press on the Kivy main thread."""
        return lambda seat: Clock.schedule_once(lambda _dt: self.pressed(seat, long))

    def hold(self, seat: int, down: bool) -> None:
        """A finger (or key) on a drawn seat button: the mock pin goes low while it is held.

        A key tapped faster than the debouncer's bounce time (a 0 ms tap from a keyboard or a
        test) would be taken for contact noise and lost: the pin is let go only once the press
        has lasted long enough to count. Keys and fingers don't bounce; real buttons don't come
        this way."""
        if self.buttons is None or not self.mock or not self.fitted \
                or seat >= len(self.buttons.buttons):
            return
        pin = self.buttons.buttons[seat].pin
        if down:
            self._held_since[seat] = time.monotonic()
            pin.drive_low()
            return
        since = self._held_since.pop(seat, None)
        short = MIN_TAP - (time.monotonic() - since) if since is not None else 0
        if short > 0:
            Clock.schedule_once(lambda _dt: pin.drive_high(), short)
            return
        pin.drive_high()

    def _key_down(self, _window, _key, _scancode, codepoint, _modifiers):
        if codepoint in ("1", "2", "3", "4"):
            self.hold(int(codepoint) - 1, True)
            return True
        return False

    def _key_up(self, _window, key, _scancode=None, *_args):
        if 49 <= key <= 52:  # the keys 1–4
            self.hold(key - 49, False)
            return True
        return False

    def pressed(self, seat: int, long: bool) -> None:
        """A seat's button, on the main thread: what it does depends on the game and screen.
        `seat` is the physical seat; the game's `places` say which player sits there."""
        from companion.hardware.seats import player_at
        from .seat_press import Press, press_of  # what it does: the seat strip says the same
        app = self.app
        screen = app.root.current_screen
        take_seat = getattr(screen, "take_seat", None)
        if take_seat is not None:  # New game: "press your seat button"
            if not long:
                take_seat(seat)
            return
        table = app.table
        if table is None:
            return
        players = table.header.players
        player = player_at(seat, len(players), table.header.options.get("places"))
        press = press_of(table, player, long)
        if press in (Press.PAUSE, Press.GO_ON):
            from .records_clock import toggle_pause  # any other seat's long press: a break
            toggle_pause()
        elif press is Press.WHOSE_TURN:  # an empty seat: change nothing, say who is to play
            screen.show_message(_("It is {player}'s turn.").format(
                player=players[table.status.seat]))
        elif press is Press.NOT_YOUR_TURN:  # a refusal: its Why? opens the turns' card
            screen.show_message(Refusal(_("It is {player}'s turn.").format(
                player=players[table.status.seat]), "not_your_turn", table.header.game))
        elif press is Press.UNDO:
            from .games import game_ui
            count = screen.moves_to_undo() if hasattr(screen, "moves_to_undo") else 1
            last = "; ".join(game_ui(table.header.game).describe(
                action, players, table.rules, state=table.state)
                for action in table.actions[-count:])
            UndoQuestion(last).open(animation=False)
        elif press in (Press.MOVE, Press.CONFIRM):
            handler = getattr(screen, "seat_button", None)
            if handler is not None:
                handler(player, press is Press.MOVE)


class UndoQuestion(Question):
    """A long press asks for undo, naming the move it would take back; the screen confirms."""

    def __init__(self, move: str = "", **kwargs):
        text = (_("Take back the last move? {move}").format(move=move) if move
                else _("Take back the last move?"))
        super().__init__(text, _("Undo"), self._undo, _("Keep playing"), **kwargs)

    @staticmethod
    def _undo() -> None:
        app = App.get_running_app()
        screen = app.root.current_screen
        if hasattr(screen, "undo"):
            screen.undo()
        else:
            app.undo()


class SeatLamp(ButtonBehavior, Widget):
    """A seat's LED and button drawn on screen (off the Pi): it lights as the LED would, and a
    finger on it is the seat button (held, a long press)."""

    seat = NumericProperty(0)
    rgba = ListProperty([1, 1, 1, 1])
    level = NumericProperty(0.0)  # how bright the LED is now, 0–1
    letter = StringProperty("")  # the player's initial, on the lamp

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.size_hint = (None, None)
        self.size = (touch(), touch())
        self.bind(pos=self._draw, size=self._draw, level=self._draw, rgba=self._draw,
                  letter=self._draw)

    def on_press(self) -> None:
        App.get_running_app().rig.hold(self.seat, True)

    def on_release(self) -> None:
        App.get_running_app().rig.hold(self.seat, False)

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        cx, cy = self.center
        r = self.width * 0.36
        with self.canvas:
            Color(*self.rgba[:3], 0.18 + 0.82 * self.level)
            Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
            Color(1, 1, 1, 0.3 + 0.7 * self.level)
            Line(circle=(cx, cy, r + dp(3)), width=dp(1.5))
            if self.letter:
                texture = _letter(self.letter)
                w, h = texture.size
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, pos=(cx - w / 2, cy - h / 2), size=(w, h))


def _letter(text: str):
    """A player's initial as a texture, outlined dark so it reads on any colour."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(text=text, font_size=dp(18), bold=True, outline_width=2,
                      outline_color=(0, 0, 0))
    label.refresh()
    return label.texture


class SeatStrip(BoxLayout):
    """Whose turn it is, and what each seat's button does now: a lamp per player (off the Pi,
    the seat's LED and button drawn; on the Pi, the LED shown) with the player's name and the
    button's words beside it (`seat_press`). Where the row has no room for every waiting seat's
    words, they share one line under the lamps (they are the same words). Every play screen
    has one (PlayScreen places it); it redraws itself when the game, the moves or the language
    change."""

    def __init__(self, screen, **kwargs):
        super().__init__(orientation="vertical", size_hint_y=None, height=touch(), **kwargs)
        self.screen = screen
        self.row = BoxLayout(orientation="horizontal", spacing=dp(6), size_hint_y=None,
                             height=touch())
        self.others = Label(font_size=sp(15), halign="left", valign="top", size_hint_y=None,
                            height=0, color=(1, 1, 1, 0.7))
        self.others.bind(texture_size=self._fit_height)
        self.add_widget(self.row)
        self.add_widget(self.others)
        self.bind(width=self.lay_out)
        self._event = None
        self._seen = None

    def start(self) -> None:
        if self._event is None:
            self._event = Clock.schedule_interval(self._tick, 1 / 15)
        self._seen = None
        self._tick(0)

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def cells(self) -> list:
        """The players' cells, in the players' order."""
        return list(reversed(self.row.children))

    def lamps(self) -> list:
        return [cell.lamp for cell in self.cells()]

    def _tick(self, _dt) -> None:
        app = App.get_running_app()
        if app is None or app.rig is None:  # the app is closing
            return
        seen = self.screen.seat_strip_key()
        if seen != self._seen:
            self._seen = seen
            self._fill(self.screen.seat_lines())
        light(self.lamps(), app.rig.modes())

    def _fill(self, lines) -> None:
        """lines: (seat, rgba, name, words, to_move) per player, in the players' order."""
        if len(self.row.children) != len(lines):
            self.row.clear_widgets()
            for seat in range(len(lines)):
                cell = SeatCell(seat)
                cell.words.bind(texture_size=self._fit_height)
                self.row.add_widget(cell)
        from .marks import player_marks  # the letter the maps show beside the colour too
        marks = player_marks([line[2] for line in lines])
        for cell, line, mark in zip(self.cells(), lines, marks):
            cell.show(*line)
            cell.lamp.letter = mark
        self.lay_out()

    def lay_out(self, *_args) -> None:
        """The mover's words in all the room the row leaves; the waiting seats' words beside
        their lamps where each fits, else on the shared line under the row."""
        from .names import text_width
        cells = self.cells()
        waiting = [cell for cell in cells if not cell.to_move]
        spare = self._spare(cells, len(waiting))
        beside = all(text_width(cell.hint, cell.words.font_size) + dp(4) <= spare
                     for cell in waiting)
        for cell in cells:
            cell.lay_out(cell.to_move or beside)
        self.others.text = "" if beside else shared_line(cells)
        self.others.text_size = (self.width, None)
        self._fit_height()

    def _spare(self, cells, waiting: int) -> float:
        """The room for each waiting seat's words: what the row has beyond every lamp and
        the mover's words' own (MOVER_ROOM)."""
        lamps = sum(cell.lamp.width + cell.spacing for cell in cells)
        mover = dp(MOVER_ROOM) if len(cells) > waiting else 0
        return (self.width - lamps - self.row.spacing * (len(cells) - 1) - mover) / (waiting or 1)

    def _fit_height(self, *_args) -> None:
        """The row as tall as its longest words (German, Hungarian: three lines), the shared
        line under it as tall as it wraps."""
        self.row.height = max([touch()] + [cell.words.texture_size[1] + dp(4)
                                           for cell in self.row.children])
        self.others.height = self.others.texture_size[1] + dp(2) if self.others.text else 0
        self.height = self.row.height + self.others.height


def shared_line(cells) -> str:
    """The waiting seats' words on one line: "Others: …" (everyone but the mover, or every seat
    when nobody is to move), or per group of seats by their lamps' letters where they differ."""
    groups: dict[str, list[str]] = {}
    for cell in cells:
        if not cell.to_move and cell.hint:
            groups.setdefault(cell.hint, []).append(cell.lamp.letter)
    if len(groups) == 1:
        (words,) = groups
        mover = any(cell.to_move for cell in cells)
        return (_("Others: {words}") if mover else _("Every seat: {words}")).format(words=words)
    return " · ".join(f"{', '.join(letters)}: {words}" for words, letters in groups.items())


MOVER_ROOM = 200  # dp: the room the mover's words keep before the waiting seats' go beside them


class SeatCell(BoxLayout):
    """One player in the seat strip: the lamp (their colour and initial) and what the button
    does; the player to move's cell is the wide one."""

    def __init__(self, seat: int, **kwargs):
        super().__init__(orientation="horizontal", spacing=dp(4), **kwargs)
        self.lamp = SeatLamp(seat=seat)
        self.words = Label(font_size=sp(15), markup=True, halign="left", valign="middle")
        self.words.bind(width=self._wrap)
        self.add_widget(self.lamp)
        self.add_widget(self.words)
        self.hint, self.to_move, self.shown = "", False, True

    def show(self, seat: int, rgba, name: str, hint: str, to_move: bool) -> None:
        self.lamp.seat, self.lamp.rgba = seat, list(rgba)
        self.lamp.letter = name[:1].upper()
        self.hint, self.to_move = hint, to_move
        self.words.color = (1, 1, 1, 1) if to_move else (1, 1, 1, 0.7)

    def says(self) -> str:
        """What the cell says for its seat: its own words, else (the lamp alone) the strip's
        shared line does."""
        return self.hint if self.shown else ""

    def lay_out(self, shown: bool) -> None:
        """The mover's words in whole words, on as many lines as it takes, in all the room the
        waiting seats leave; a waiting seat's words at their own width, or none (`shown`
        False: the shared line says them)."""
        from kivy.utils import escape_markup
        from .names import text_width
        words, hint = self.words, escape_markup(self.hint)
        self.shown = shown
        if self.to_move:
            self.size_hint_x, words.size_hint_x = 1, 1
            words.text = f"[b]{hint}[/b]"
            self._wrap()
            return
        width = text_width(self.hint, words.font_size) + dp(4) if shown else 0
        words.text = hint if shown else ""
        words.size_hint_x, words.width = None, width
        words.text_size = (width, None)
        self.size_hint_x = None
        self.width = self.lamp.width + (self.spacing + width if shown else 0)

    def _wrap(self, *_args) -> None:
        if self.to_move:
            self.words.text_size = (self.words.width, None)


def light(lamps, modes) -> None:
    """The drawn lamps as bright as the LEDs are now."""
    from companion.hardware.seats import LightState
    now = time.monotonic()
    for lamp in lamps:
        mode = modes[lamp.seat] if lamp.seat < len(modes) else LightState.OFF
        if mode is LightState.ON:
            level = 1.0
        elif mode is LightState.BLINK:
            level = 1.0 if now % 1.0 < 0.5 else 0.0
        elif mode is LightState.PULSE:
            level = 0.5 + 0.5 * math.sin(now * math.pi)
        else:
            level = 0.0
        if abs(lamp.level - level) > 0.01:
            lamp.level = level
