"""Seat LEDs and seat buttons: what each LED shows, debounced presses, what a press means.

The LEDs follow the Table's state; the buttons' raw edges are debounced by our own code on an
injectable clock; `seat_action` says what a press means in the current game state.

Seats are counted from 0 in code, like the engine's seats (seat 0 is "seat 1" on the README's
wiring tables). A player normally sits at the seat of the same number; when New game assigns
players to seats by button presses, `places[player] = seat` says where each one sits
(`SeatLights.assign`), and the app turns a pressed seat back into a player before it asks
`seat_action`.

Threads. gpiozero calls the button callbacks on its own threads, and the debouncer's timers run
on timer threads, so `SeatButtons`' `on_press(seat)` and `on_long_press(seat)` are called from
those threads. The app must hand them to the Kivy main thread (for example with
`Clock.schedule_once`, which is safe to call from any thread) and touch the Table only there;
this module never imports Kivy. `SeatLights` is driven from the main thread (Table listeners
run there); its own flash timer takes a lock, so it may also be called from elsewhere.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import warnings
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Any, Callable, Iterable, Protocol, Sequence

from gpiozero import LED, PWMLED, Button, Device
from gpiozero.exc import PinPWMUnsupported
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.core.rules import Phase, Status

from .pins import DEFAULT_PIN_MAP, PinMap

log = logging.getLogger(__name__)


# ---- off the Pi -------------------------------------------------------------------------------

@dataclass(frozen=True)
class PinFactoryChoice:
    """The gpiozero pin factory to build the devices with, and whether its pins are pretend."""

    factory: Any
    mock: bool
    reason: str  # the real factory's class name, or why there is no real GPIO


def make_pin_factory() -> PinFactoryChoice:
    """gpiozero's real pin factory when this machine has GPIO, else a `MockFactory` with PWM
    pins (so `PWMLED` works and the app can draw the LEDs). Never raises.

    `GPIOZERO_PIN_FACTORY=mock` asks for the mock even on a Pi. A factory only counts as real if
    it also knows the board (on a PC with a GPIO chip, lgpio may load but it is not a Pi).
    """
    if os.environ.get("GPIOZERO_PIN_FACTORY", "").strip().lower() == "mock":
        return PinFactoryChoice(MockFactory(pin_class=MockPWMPin), True,
                                "GPIOZERO_PIN_FACTORY=mock")
    factory = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            factory = Device._default_pin_factory()  # tries lgpio, RPi.GPIO, pigpio, native
            factory.board_info  # noqa: B018  raises off a Pi
        except Exception as e:  # noqa: BLE001  no GPIO of any kind: that is fine here
            if factory is not None:
                try:
                    factory.close()
                except Exception:  # noqa: BLE001
                    pass
            tried = "; ".join(str(w.message) for w in caught)
            reason = f"no GPIO found: {e}" + (f" ({tried})" if tried else "")
            return PinFactoryChoice(MockFactory(pin_class=MockPWMPin), True, reason)
    return PinFactoryChoice(factory, False, type(factory).__name__)


def _factory(pin_factory: Any) -> Any:
    return pin_factory if pin_factory is not None else make_pin_factory().factory


class Cancellable(Protocol):
    def cancel(self) -> None: ...


# schedule(delay_seconds, fn) runs fn once, later, on some thread, and returns a handle to cancel.
Schedule = Callable[[float, Callable[[], None]], Cancellable]


def start_timer(delay: float, fn: Callable[[], None]) -> threading.Timer:
    """The real `Schedule`: a daemon timer thread."""
    timer = threading.Timer(max(0.0, delay), fn)
    timer.daemon = True
    timer.start()
    return timer


def _keep(timers: list[Cancellable], timer: Cancellable) -> None:
    """Remember a pending timer (to cancel it on close), forgetting those that have run."""
    timers[:] = [t for t in timers if getattr(t, "is_alive", lambda: True)()]
    timers.append(timer)


# ---- seat LEDs ---------------------------------------------------------------------------------

class LightState(Enum):
    OFF = "off"
    ON = "on"
    BLINK = "blink"  # the active seat in the final round
    PULSE = "pulse"  # the winners, at game over


def lights_for(status: Status | None, winners: Iterable[int], seats: int,
               places: Sequence[int] | None = None) -> list[LightState]:
    """What each of `seats` LEDs should show for this game state (None: no game running).

    During setup, play and scoring the LED of the seat to move is on and the others are off;
    in the final round (after the end was triggered, before scoring) it blinks. At game over the
    winners' LEDs pulse (several on a shared win) and the others are off. When nobody is to
    move, all are off. `places[player]` is the LED of a player's seat (default: the same number);
    players without an LED are simply not shown.
    """
    lights = [LightState.OFF] * seats
    led = partial(led_of, seats=seats, places=places)
    if status is None:
        return lights
    if status.over:
        for winner in winners:
            index = led(winner)
            if index is not None:
                lights[index] = LightState.PULSE
        return lights
    if status.seat is None:
        return lights
    index = led(status.seat)
    if index is not None:
        final = status.phase is Phase.FINAL_ROUND or (
            status.phase is Phase.PLAY and status.final_round)
        lights[index] = LightState.BLINK if final else LightState.ON
    return lights


def led_of(player: int, seats: int, places: Sequence[int] | None = None) -> int | None:
    """The LED at a player's seat, or None when that player has no LED."""
    if places is not None:
        if not 0 <= player < len(places):
            return None
        player = places[player]
    return player if 0 <= player < seats else None


def player_at(seat: int, players: int, places: Sequence[int] | None = None) -> int | None:
    """The player sitting at a physical seat (the inverse of `led_of`), or None for an empty
    seat."""
    if places is None:
        return seat if 0 <= seat < players else None
    for player, place in enumerate(places[:players]):
        if place == seat:
            return player
    return None


def fill_places(chosen: Sequence[int | None], seats: int) -> tuple[int, ...] | None:
    """Every player's seat, from the seats players took by pressing their button (None: not
    pressed). Players who pressed nothing get the free seats in order; None when nobody pressed
    (everyone sits at the seat of their own number)."""
    if all(place is None for place in chosen):
        return None
    taken = {place for place in chosen if place is not None}
    free = iter(seat for seat in range(max(seats, len(chosen))) if seat not in taken)
    return tuple(place if place is not None else next(free) for place in chosen)


def _make_led(pin: int, factory: Any) -> Any:
    """A PWMLED where the pins can dim (pulsing fades), else a plain LED."""
    try:
        return PWMLED(pin, pin_factory=factory)
    except PinPWMUnsupported:
        return LED(pin, pin_factory=factory)


class SeatLights:
    """One LED per seat (anode to the GPIO through a resistor, cathode to ground).

    `show(status, winners)` makes the LEDs show a game state (see `lights_for`); `follow(table)`
    keeps them showing the Table's state, recomputed from `table.status` after every change
    (moves, undo) and when a resumed Table is followed. `modes` is what each LED was last told.
    """

    BLINK_ON, BLINK_OFF = 0.5, 0.5  # seconds, the final round
    PULSE_IN, PULSE_OUT = 1.0, 1.0  # seconds, game over (a slow blink on LEDs without PWM)
    FLASH_ON, FLASH_OFF, FLASH_TIMES = 0.08, 0.08, 3  # a refused action

    def __init__(self, pin_map: PinMap = DEFAULT_PIN_MAP, pin_factory: Any = None, *,
                 led_class: Callable[..., Any] | None = None, schedule: Schedule = start_timer):
        """`pin_factory`: pass the same one to `SeatButtons` (None: `make_pin_factory()`).
        `led_class(pin, pin_factory=...)` builds each LED (default: PWMLED, else LED)."""
        factory = _factory(pin_factory)
        make = (lambda pin: led_class(pin, pin_factory=factory)) if led_class else \
            (lambda pin: _make_led(pin, factory))
        self.pin_map = pin_map
        self.devices: tuple[Any, ...] = ()
        devices = []
        try:
            for pin in pin_map.leds:
                devices.append(make(pin))
        except Exception:
            for device in devices:
                device.close()
            raise
        self.devices = tuple(devices)
        self._schedule = schedule
        self._lock = threading.RLock()
        self._modes = [LightState.OFF] * len(self.devices)
        self._flashing: dict[int, object] = {}  # LED -> token of its current flash
        self._timers: list[Cancellable] = []
        self._status: Status | None = None
        self._winners: tuple[int, ...] = ()
        self.places: tuple[int, ...] | None = None
        self._table = None
        self._closed = False

    @property
    def modes(self) -> tuple[LightState, ...]:
        return tuple(self._modes)

    # ---- showing a state ---------------------------------------------------------------

    def show(self, status: Status | None, winners: Iterable[int] = ()) -> None:
        """Show this game state (None: no game). Idempotent: an LED already showing what it
        should is left alone, so a blink or pulse is not restarted by every move."""
        with self._lock:
            self._status, self._winners = status, tuple(winners)
            wanted = lights_for(status, self._winners, len(self.devices), self.places)
            for index, mode in enumerate(wanted):
                if mode is not self._modes[index] or index in self._flashing:
                    self._set(index, mode)

    def show_table(self, table: Any) -> None:
        """Show a Table's state as it is now (winners counted only once the game is over)."""
        status = table.status
        self.show(status, table.score().winners if status.over else ())

    def follow(self, table: Any) -> None:
        """Keep showing this Table's state (replacing any Table followed before)."""
        self.unfollow()
        self._table = table
        table.add_listener(self._table_changed)
        self.show_table(table)

    def unfollow(self) -> None:
        if self._table is not None:
            self._table.remove_listener(self._table_changed)
            self._table = None

    def _table_changed(self, table: Any, action: Any) -> None:
        self.show_table(table)  # never from the action: undo and resume must look the same

    def assign(self, places: Sequence[int] | None) -> None:
        """Where each player sits: `places[player]` is a seat (None: player n at seat n)."""
        with self._lock:
            self.places = tuple(places) if places is not None else None
            self.show(self._status, self._winners)

    def show_seats(self, seats: Iterable[int]) -> None:
        """New game: the LEDs of the seats players have taken are on, the others off."""
        with self._lock:
            self._status, self._winners = None, ()
            taken = set(seats)
            for index in range(len(self.devices)):
                mode = LightState.ON if index in taken else LightState.OFF
                if mode is not self._modes[index] or index in self._flashing:
                    self._set(index, mode)

    # ---- a refused action --------------------------------------------------------------

    def flash_refused(self, seat: int | None = None) -> None:
        """Flash a player's LED quickly (default: the player to move), then show the state
        again. Nothing happens when there is no such LED."""
        with self._lock:
            if seat is None:
                seat = self._status.seat if self._status is not None else None
            if seat is None:
                return
            index = led_of(seat, len(self.devices), self.places)
            if index is None:
                return
            token = object()
            self._flashing[index] = token
            self.devices[index].blink(on_time=self.FLASH_ON, off_time=self.FLASH_OFF,
                                      n=self.FLASH_TIMES, background=True)
            length = self.FLASH_TIMES * (self.FLASH_ON + self.FLASH_OFF)
            _keep(self._timers, self._schedule(length, partial(self._end_flash, index, token)))

    def _end_flash(self, index: int, token: object) -> None:
        with self._lock:
            if self._flashing.get(index) is token:  # not overtaken by a newer flash or a show
                self._set(index, self._modes[index])

    # ---- off ---------------------------------------------------------------------------

    def off(self) -> None:
        """Every LED off and any pending flash forgotten (the app is closing)."""
        with self._lock:
            for timer in self._timers:
                timer.cancel()
            self._timers.clear()
            for index in range(len(self.devices)):
                self._set(index, LightState.OFF)

    def close(self) -> None:
        """Off, stop following, and give the pins back (again: nothing more happens)."""
        if self._closed:
            return
        self._closed = True
        self.unfollow()
        self.off()
        for device in self.devices:
            device.close()

    # ---- driving one LED ---------------------------------------------------------------

    def _set(self, index: int, mode: LightState) -> None:
        device = self.devices[index]
        self._flashing.pop(index, None)
        self._modes[index] = mode
        if mode is LightState.ON:
            device.on()
        elif mode is LightState.OFF:
            device.off()
        elif mode is LightState.BLINK:
            device.blink(on_time=self.BLINK_ON, off_time=self.BLINK_OFF, background=True)
        elif hasattr(device, "pulse"):
            device.pulse(fade_in_time=self.PULSE_IN, fade_out_time=self.PULSE_OUT,
                         background=True)
        else:
            device.blink(on_time=self.PULSE_IN, off_time=self.PULSE_OUT, background=True)


# ---- seat buttons ------------------------------------------------------------------------------

_EPSILON = 1e-9  # so a poll at exactly `deadline()` decides, whatever the float rounding


class PressKind(Enum):
    SHORT = "press"
    LONG = "long_press"


@dataclass(frozen=True)
class ButtonEvent:
    seat: int
    kind: PressKind
    t: float  # when it became certain, on the debouncer's clock


class Debouncer:
    """One button's raw edges in, presses out; pure (the caller gives the time of everything).

    Feed `edge(pressed, t)` for every raw level change and `poll(t)` at `deadline()` (when
    time must pass with no edge for something to be decided). A level counts only after it has
    held for `bounce` seconds with no edge, so bounces and glitches shorter than that are
    ignored. A press held for `long_press` seconds gives one LONG event *while still held*
    (at that moment, so the player feels it happen) and nothing on release; a shorter press
    gives one SHORT event on release.
    """

    def __init__(self, seat: int, bounce: float = 0.03, long_press: float = 1.0):
        if not 0 <= bounce < long_press:
            raise ValueError("bounce must be at least 0 and shorter than long_press")
        self.seat = seat
        self.bounce = bounce
        self.long_press = long_press
        self._raw = False  # the level of the last edge
        self._raw_since = 0.0
        self._stable = False  # the debounced level
        self._down_at = 0.0  # when the accepted press began
        self._long_sent = False
        self._now = float("-inf")

    @property
    def pressed(self) -> bool:
        """The debounced level."""
        return self._stable

    def edge(self, pressed: bool, t: float) -> list[ButtonEvent]:
        events = self.poll(t)
        pressed = bool(pressed)
        if pressed != self._raw:
            self._raw, self._raw_since = pressed, self._now
        return events

    def poll(self, t: float) -> list[ButtonEvent]:
        """Decide whatever the passing of time up to `t` decides."""
        self._now = t = max(t, self._now)  # threads may hand in times slightly out of order
        events = []
        settled = t - self._raw_since >= self.bounce - _EPSILON
        if self._raw and not self._stable and settled:  # a press
            self._stable, self._down_at, self._long_sent = True, self._raw_since, False
        if self._stable and not self._long_sent:
            held_until = t if self._raw else self._raw_since  # (a release may yet be a bounce)
            if held_until - self._down_at >= self.long_press - _EPSILON:
                self._long_sent = True
                events.append(ButtonEvent(self.seat, PressKind.LONG,
                                          self._down_at + self.long_press))
        if not self._raw and self._stable and settled:  # a release
            self._stable = False
            if not self._long_sent:
                events.append(ButtonEvent(self.seat, PressKind.SHORT,
                                          self._raw_since + self.bounce))
        return events

    def deadline(self) -> float | None:
        """When `poll` may next decide something with no new edge (None: nothing pending)."""
        if self._raw != self._stable:
            return self._raw_since + self.bounce
        if self._stable and not self._long_sent:
            return self._down_at + self.long_press
        return None


SeatCallback = Callable[[int], None]


class SeatButtons:
    """One push button per seat, between its GPIO and ground (internal pull-up).

    gpiozero reports the raw edges (no `bounce_time`: mock pins ignore it, and our own
    `Debouncer` with the injectable `clock` does it instead); `schedule` wakes the debouncers
    when time alone decides something (end of a bounce, reaching a long press).
    `on_press(seat)` and `on_long_press(seat)` are called on gpiozero's or the timer's thread:
    the app must hand them to the Kivy main thread (see the module docstring).
    """

    def __init__(self, pin_map: PinMap = DEFAULT_PIN_MAP, pin_factory: Any = None, *,
                 on_press: SeatCallback | None = None, on_long_press: SeatCallback | None = None,
                 clock: Callable[[], float] = time.monotonic, schedule: Schedule = start_timer,
                 bounce: float = 0.03, long_press: float = 1.0):
        factory = _factory(pin_factory)
        self.pin_map = pin_map
        self.on_press = on_press
        self.on_long_press = on_long_press
        self._clock = clock
        self._schedule = schedule
        self._lock = threading.Lock()
        self._armed: float | None = None  # the deadline the pending timer is for
        self._timers: list[Cancellable] = []
        self.debouncers = tuple(Debouncer(seat, bounce, long_press)
                                for seat in range(len(pin_map.seats)))
        buttons = []
        try:
            for seat, pin in enumerate(pin_map.buttons):
                button = Button(pin, pull_up=True, bounce_time=None, pin_factory=factory)
                buttons.append(button)
                button.when_pressed = partial(self._edge, seat, True)
                button.when_released = partial(self._edge, seat, False)
        except Exception:
            for button in buttons:
                button.close()
            raise
        self.buttons = tuple(buttons)

    def _edge(self, seat: int, pressed: bool) -> None:
        with self._lock:
            events = self.debouncers[seat].edge(pressed, self._clock())
            self._arm()
        self._dispatch(events)

    def poll(self) -> None:
        """Let every debouncer decide what the clock now decides (the timers call this)."""
        with self._lock:
            now = self._clock()
            events = [e for d in self.debouncers for e in d.poll(now)]
            self._arm()
        self._dispatch(sorted(events, key=lambda e: e.t))

    def _woken(self, deadline: float) -> None:
        with self._lock:
            if self._armed == deadline:
                self._armed = None
        self.poll()

    def _arm(self) -> None:
        """A timer for the earliest deadline (an older, later timer just polls for nothing)."""
        deadlines = [d for d in (b.deadline() for b in self.debouncers) if d is not None]
        if not deadlines:
            return
        soonest = min(deadlines)
        if self._armed is not None and self._armed <= soonest:
            return
        self._armed = soonest
        _keep(self._timers, self._schedule(max(0.0, soonest - self._clock()),
                                           partial(self._woken, soonest)))

    def _dispatch(self, events: list[ButtonEvent]) -> None:
        for event in events:
            callback = self.on_press if event.kind is PressKind.SHORT else self.on_long_press
            if callback is None:
                continue
            try:
                callback(event.seat)
            except Exception:  # a broken callback must not kill gpiozero's thread
                log.exception("seat button callback %r failed", callback)

    def close(self) -> None:
        with self._lock:
            for timer in self._timers:
                timer.cancel()
            self._timers.clear()
            self._armed = None
        # gpiozero takes up to 0.1 s to stop each button's hold thread: stop them side by side
        closers = [threading.Thread(target=button.close) for button in self.buttons]
        for closer in closers:
            closer.start()
        for closer in closers:
            closer.join()


# ---- what a press means -----------------------------------------------------------------------

class SeatAction(Enum):
    NOTHING = "nothing"  # nothing to do (for example a short press at game over)
    TAKE_SEAT = "take_seat"  # no game running: New game seats a player here
    NOT_YOUR_TURN = "not_your_turn"  # another seat pressed: change nothing, show who is to play
    CONFIRM = "confirm"  # the seat to move, while the screen asks it something
    END_TURN = "end_turn"  # the seat to move, during its turn
    UNDO_REQUEST = "undo_request"  # a long press: ask for undo, confirmed on screen


def seat_action(status: Status | None, seat: int, kind: PressKind) -> SeatAction:
    """What a press from `seat` (a player's seat number) means in this game state.

    It only says the kind of thing: the app maps it to what its screen offers right now.
    END_TURN is the screen's own "done" (end the turn where the game has an end-of-turn step,
    else the single obvious action, if there is one); CONFIRM is the screen's confirm button
    (setup and scoring dialogs, a card to report). When the app has nothing to map it to, it
    ignores the press.

    * No game (`status` None): a short press is New game's "press your seat button" (the seat
      is the physical seat then); a long press does nothing.
    * The seat to move: short -> END_TURN during play (phase PLAY or FINAL_ROUND with nothing
      asked), else CONFIRM; long -> UNDO_REQUEST.
    * Any other seat, short or long: NOT_YOUR_TURN.
    * Nobody to move (game over, or the game waits for something that is no seat's move):
      short -> NOTHING; long from any seat -> UNDO_REQUEST.
    """
    if status is None:
        return SeatAction.TAKE_SEAT if kind is PressKind.SHORT else SeatAction.NOTHING
    if status.over or status.seat is None:
        return SeatAction.UNDO_REQUEST if kind is PressKind.LONG else SeatAction.NOTHING
    if seat != status.seat:
        return SeatAction.NOT_YOUR_TURN
    if kind is PressKind.LONG:
        return SeatAction.UNDO_REQUEST
    if status.phase in (Phase.PLAY, Phase.FINAL_ROUND) and status.waiting_for is None:
        return SeatAction.END_TURN
    return SeatAction.CONFIRM
