"""Seat LEDs, seat buttons and the pin map, on gpiozero's mock pins with fake clocks.

Nothing here sleeps: the debouncer and the flash timer take an injected clock and scheduler,
and blinking or pulsing is checked by what the gpiozero LED was told (and that its blink thread
runs), never by sampling a pin over time.
"""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path

import pytest
from gpiozero import LED, PWMLED, Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.core.rules import Phase, Status
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.store import Store
from companion.table import Table
from companion.hardware.pins import (DEFAULT_PIN_MAP, PHYSICAL, PinMap, PinMapError, SeatPins,
    default_config_path, load_pin_map)
from companion.hardware.seats import (ButtonEvent, Debouncer, LightState, PressKind, SeatAction,
    fill_places, player_at, SeatButtons, SeatLights, lights_for, make_pin_factory, seat_action)

GAME = "ttr-nyc"
OFF, ON, BLINK, PULSE = LightState.OFF, LightState.ON, LightState.BLINK, LightState.PULSE
SHORT, LONG = PressKind.SHORT, PressKind.LONG
README = Path(__file__).resolve().parents[2] / "hardware" / "README.md"


# ---- fakes -------------------------------------------------------------------------------------

class FakeClock:
    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


class FakeTimer:
    def __init__(self, due: float, fn):
        self.due, self.fn, self.cancelled, self.ran = due, fn, False, False

    def cancel(self) -> None:
        self.cancelled = True

    def is_alive(self) -> bool:
        return not (self.cancelled or self.ran)


class FakeScheduler:
    """A `Schedule` on a fake clock: timers run only when the test moves time on."""

    def __init__(self, clock: FakeClock):
        self.clock = clock
        self.timers: list[FakeTimer] = []

    def __call__(self, delay: float, fn) -> FakeTimer:
        timer = FakeTimer(self.clock.now + delay, fn)
        self.timers.append(timer)
        return timer

    @property
    def pending(self) -> list[FakeTimer]:
        return [t for t in self.timers if t.is_alive()]

    def advance(self, seconds: float) -> None:
        """Move time on, running every timer that falls due, at its own time, in order."""
        end = self.clock.now + seconds
        while True:
            due = [t for t in self.pending if t.due <= end]
            if not due:
                break
            timer = min(due, key=lambda t: t.due)
            self.clock.now = max(self.clock.now, timer.due)
            timer.ran = True
            timer.fn()
        self.clock.now = end

    def run_all(self) -> None:
        while self.pending:
            self.advance(max(t.due for t in self.pending) - self.clock.now)


class RecordingPWMLED(PWMLED):
    """A real gpiozero PWMLED that remembers what it was last told to do."""

    def __init__(self, *args, **kwargs):
        self.calls: list[tuple[str, dict]] = []
        self._pulsing = False
        super().__init__(*args, **kwargs)

    def on(self):
        self.calls.append(("on", {}))
        super().on()

    def off(self):
        self.calls.append(("off", {}))
        super().off()

    def blink(self, *args, **kwargs):
        if not self._pulsing:  # PWMLED.pulse is a blink with fades: record it once
            self.calls.append(("blink", kwargs))
        super().blink(*args, **kwargs)

    def pulse(self, *args, **kwargs):
        self.calls.append(("pulse", kwargs))
        self._pulsing = True
        try:
            super().pulse(*args, **kwargs)
        finally:
            self._pulsing = False

    @property
    def told(self) -> str | None:
        return self.calls[-1][0] if self.calls else None


def animating(device) -> bool:
    """Whether gpiozero is blinking or pulsing this LED in the background (its blink thread)."""
    thread = getattr(device, "_blink_thread", None)
    return thread is not None and thread.is_alive()


# ---- fixtures ----------------------------------------------------------------------------------

@pytest.fixture
def factory():
    f = MockFactory(pin_class=MockPWMPin)
    yield f
    f.reset()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def scheduler(clock):
    return FakeScheduler(clock)


@pytest.fixture
def rig(factory, scheduler):
    """Seat LEDs on mock PWM pins, closed (pins released, threads stopped) after the test."""
    made = []

    def make(pin_map: PinMap = DEFAULT_PIN_MAP, pin_factory=None, **kwargs):
        kwargs.setdefault("led_class", RecordingPWMLED)
        lights = SeatLights(pin_map, pin_factory or factory, schedule=scheduler, **kwargs)
        made.append(lights)
        return lights

    yield make
    for lights in made:
        lights.close()


@pytest.fixture
def buttons(factory, clock, scheduler):
    pressed: list[tuple[str, int]] = []
    made = SeatButtons(DEFAULT_PIN_MAP, factory, clock=clock, schedule=scheduler,
                       on_press=lambda seat: pressed.append(("press", seat)),
                       on_long_press=lambda seat: pressed.append(("long", seat)))
    made.pressed = pressed
    yield made
    made.close()


def led_pin(factory, seat: int, pin_map: PinMap = DEFAULT_PIN_MAP):
    return factory.pin(pin_map.seats[seat].led)


def button_pin(factory, seat: int, pin_map: PinMap = DEFAULT_PIN_MAP):
    return factory.pin(pin_map.seats[seat].button)


def playout(rules, players: int, seed: int) -> TtrPlayout:
    p = TtrPlayout(rules, players, random.Random(seed))
    p.play()
    return p


def expected_lights(table: Table, seats: int = 4) -> list[LightState]:
    """What the LEDs must show, worked out here from the rules' words (not with lights_for)."""
    status = table.status
    if status.over:
        winners = table.score().winners
        return [PULSE if seat in winners else OFF for seat in range(seats)]
    mode = BLINK if status.phase is Phase.FINAL_ROUND else ON
    return [mode if seat == status.seat else OFF for seat in range(seats)]


def assert_leds_show(lights: SeatLights, factory, expected: list[LightState]) -> None:
    assert list(lights.modes) == expected
    for seat, (mode, device) in enumerate(zip(expected, lights.devices)):
        told = {ON: ("on",), OFF: ("off", None), BLINK: ("blink",), PULSE: ("pulse",)}[mode]
        assert device.told in told, (seat, device.calls[-3:])  # None: never told, still off
        if mode is ON:
            assert led_pin(factory, seat).state == 1.0 and not animating(device)
        elif mode is OFF:
            assert led_pin(factory, seat).state == 0.0 and not animating(device)
        else:
            assert animating(device), seat


# ---- LEDs over a real game ---------------------------------------------------------------------

@pytest.mark.parametrize("players, seed", [(4, 3), (2, 11), (3, 7)])
def test_leds_follow_a_whole_game(store, rules, factory, rig, players, seed):
    p = playout(rules, players, seed)
    table = Table.start(store, GAME, list(p.players), p.options)
    lights = rig()
    lights.follow(table)
    assert table.status.phase is Phase.SETUP
    assert_leds_show(lights, factory, expected_lights(table))
    assert lights.modes[p.options["first"]] is ON  # setup: the first player's LED
    phases = {Phase.SETUP}
    before = table.status
    for action in p.log:
        blinks = [sum(1 for c in d.calls if c[0] == "blink") for d in lights.devices]
        table.submit(action)
        status = table.status
        phases.add(status.phase)
        assert_leds_show(lights, factory, expected_lights(table))
        if status.phase is before.phase is Phase.FINAL_ROUND and status.seat == before.seat:
            # the same player's turn goes on: its blink is not restarted by every move
            assert [sum(1 for c in d.calls if c[0] == "blink") for d in lights.devices] == blinks
        before = status
    assert phases == set(Phase)
    winners = table.score().winners
    assert [i for i, m in enumerate(lights.modes) if m is PULSE] == list(winners)
    for seat in range(players, 4):  # seats nobody sits at stay dark all game
        assert led_pin(factory, seat).state == 0.0


def test_each_turn_lights_only_the_player_to_move(store, rules, factory, rig):
    p = playout(rules, 4, 5)
    table = Table.start(store, GAME, list(p.players), p.options)
    lights = rig()
    lights.follow(table)
    lit_seats = set()
    for action in p.log:
        table.submit(action)
        status = table.status
        if status.phase is Phase.PLAY:
            lit = [seat for seat in range(4) if led_pin(factory, seat).state == 1.0]
            assert lit == [status.seat]
            lit_seats.add(status.seat)
    assert lit_seats == {0, 1, 2, 3}


def test_undo_moves_the_led_back(store, rules, factory, rig):
    p = playout(rules, 4, 21)
    table = Table.start(store, GAME, list(p.players), p.options)
    lights = rig()
    lights.follow(table)
    shown = [expected_lights(table)]
    phases = [table.status.phase]
    for action in p.log:
        table.submit(action)
        shown.append(expected_lights(table))
        phases.append(table.status.phase)
    assert table.status.over
    # back from game over, through scoring and the final round, into ordinary play
    first_final = phases.index(Phase.FINAL_ROUND)
    steps = len(p.log) - first_final + 3
    for k in range(1, steps + 1):
        table.undo()
        assert_leds_show(lights, factory, shown[-1 - k])
    assert table.status.phase is Phase.PLAY
    assert BLINK not in lights.modes and PULSE not in lights.modes
    # and forward again: the blinking and the pulsing come back
    for action in p.log[len(p.log) - steps:]:
        table.submit(action)
    assert_leds_show(lights, factory, shown[-1])


def test_resume_shows_the_same_leds(store, db_path, rules, factory, rig):
    p = playout(rules, 4, 8)
    table = Table.start(store, GAME, list(p.players), p.options)
    lights = rig()
    lights.follow(table)
    checked = set()
    for n, action in enumerate(p.log):
        table.submit(action)
        phase = table.status.phase
        if phase in checked or (phase is Phase.PLAY and n < 20):
            continue
        checked.add(phase)
        # after a restart: a second connection, a fresh Table folded from the log, a fresh rig
        other, other_factory = Store(db_path), MockFactory(pin_class=MockPWMPin)
        resumed = rig(pin_factory=other_factory)
        try:
            resumed.follow(Table.resume(other, table.game_id))
            assert resumed.modes == lights.modes
            assert_leds_show(resumed, other_factory, list(lights.modes))
        finally:
            resumed.close()
            other.close()
    assert checked == set(Phase)


def test_following_another_table_lets_go_of_the_first(store, rules, factory, rig):
    p = playout(rules, 3, 2)
    first = Table.start(store, GAME, list(p.players), p.options)
    second = Table.start(store, GAME, ["Ann", "Ben"], {"first": 1})
    lights = rig()
    lights.follow(first)
    lights.follow(second)
    for action in p.log[:12]:
        first.submit(action)  # moves at the table no longer followed change nothing
    assert lights.modes == (OFF, ON, OFF, OFF)  # the second game: Ben starts
    lights.unfollow()
    assert first._listeners == [] and second._listeners == []


# ---- flash, off, fallbacks ---------------------------------------------------------------------

PLAY_SEAT_1 = Status(Phase.PLAY, 1)


def test_flash_refused_flashes_the_active_led_then_shows_the_state_again(factory, rig,
                                                                           scheduler):
    lights = rig()
    lights.show(PLAY_SEAT_1)
    device = lights.devices[1]
    lights.flash_refused()
    assert device.calls[-1] == ("blink", {"on_time": lights.FLASH_ON,
                                          "off_time": lights.FLASH_OFF,
                                          "n": lights.FLASH_TIMES, "background": True})
    assert lights.modes == (OFF, ON, OFF, OFF)  # the state itself did not change
    assert [led_pin(factory, seat).state for seat in (0, 2, 3)] == [0.0] * 3
    assert len(scheduler.pending) == 1
    scheduler.run_all()
    assert device.told == "on"
    assert_leds_show(lights, factory, [OFF, ON, OFF, OFF])


def test_flash_refused_of_a_given_seat_returns_to_off(factory, rig, scheduler):
    lights = rig()
    lights.show(PLAY_SEAT_1)
    lights.flash_refused(3)
    assert lights.devices[3].told == "blink"
    scheduler.run_all()
    assert_leds_show(lights, factory, [OFF, ON, OFF, OFF])


def test_a_move_during_a_flash_wins_over_the_flash_ending(factory, rig, scheduler):
    lights = rig()
    lights.show(PLAY_SEAT_1)
    lights.flash_refused()
    lights.show(Status(Phase.PLAY, 2))  # the next player's turn before the flash ended
    assert_leds_show(lights, factory, [OFF, OFF, ON, OFF])
    scheduler.run_all()  # the old flash's end does not light seat 1's LED again
    assert_leds_show(lights, factory, [OFF, OFF, ON, OFF])
    assert lights.devices[1].told == "off"


def test_flash_refused_with_nobody_to_move_does_nothing(factory, rig, scheduler):
    lights = rig()
    lights.flash_refused()
    lights.show(Status(Phase.OVER, None), winners=(0,))
    lights.flash_refused()
    lights.flash_refused(7)  # no such LED
    assert scheduler.pending == []
    assert_leds_show(lights, factory, [PULSE, OFF, OFF, OFF])


def test_off_turns_everything_off_and_forgets_pending_flashes(factory, rig, scheduler):
    lights = rig()
    lights.show(Status(Phase.OVER, None), winners=(0, 2))
    assert_leds_show(lights, factory, [PULSE, OFF, PULSE, OFF])
    lights.show(Status(Phase.FINAL_ROUND, 3, final_round=True))
    lights.flash_refused(1)
    lights.off()
    assert_leds_show(lights, factory, [OFF, OFF, OFF, OFF])
    assert all(t.cancelled for t in scheduler.timers)
    assert all(led_pin(factory, seat).state == 0.0 for seat in range(4))


def test_close_gives_the_pins_back(factory, scheduler):
    lights = SeatLights(DEFAULT_PIN_MAP, factory, schedule=scheduler)
    lights.show(PLAY_SEAT_1)
    lights.close()
    again = SeatLights(DEFAULT_PIN_MAP, factory, schedule=scheduler)  # the pins are free again
    again.close()


def test_leds_are_pwm_where_the_pins_can_dim_else_plain_with_a_slow_blink(scheduler):
    plain = MockFactory()  # MockPin: no PWM
    lights = SeatLights(DEFAULT_PIN_MAP, plain, schedule=scheduler)
    try:
        assert all(type(d) is LED for d in lights.devices)
        lights.show(Status(Phase.OVER, None), winners=(1,))
        assert lights.modes == (OFF, PULSE, OFF, OFF)
        assert animating(lights.devices[1])
    finally:
        lights.close()
        plain.reset()
    pwm = MockFactory(pin_class=MockPWMPin)
    lights = SeatLights(DEFAULT_PIN_MAP, pwm, schedule=scheduler)
    try:
        assert all(type(d) is PWMLED for d in lights.devices)
    finally:
        lights.close()


def test_seat_places_move_the_lights(factory, rig):
    lights = rig()
    lights.assign((2, 0, 3, 1))  # player 0 sits at seat 2, ...
    lights.show(PLAY_SEAT_1)
    assert lights.modes == (ON, OFF, OFF, OFF)
    lights.assign(None)
    assert_leds_show(lights, factory, [OFF, ON, OFF, OFF])


def test_a_pressed_seat_belongs_to_the_player_sitting_there():
    places = (3, 1, 0)  # three players; seat 2 is empty
    assert [player_at(seat, 3, places) for seat in range(4)] == [2, 1, None, 0]
    assert [player_at(seat, 3) for seat in range(4)] == [0, 1, 2, None]


def test_players_who_pressed_no_button_take_the_free_seats_in_order():
    assert fill_places([None, None, None], 4) is None
    assert fill_places([3, None, 0], 4) == (3, 1, 0)
    assert fill_places([None, 0], 4) == (1, 0)
    assert fill_places([2, 1, 0, None], 4) == (2, 1, 0, 3)


def test_new_game_lights_the_seats_players_have_taken(factory, rig):
    lights = rig()
    lights.show_seats([2, 0])
    assert_leds_show(lights, factory, [ON, OFF, ON, OFF])
    lights.show_seats([])
    assert_leds_show(lights, factory, [OFF, OFF, OFF, OFF])


# ---- lights_for, every phase -------------------------------------------------------------------

@pytest.mark.parametrize("status, winners, expected", [
    (None, (), [OFF, OFF, OFF, OFF]),
    (Status(Phase.SETUP, 0, "keep_tickets"), (), [ON, OFF, OFF, OFF]),
    (Status(Phase.SETUP, 2, "keep_tickets"), (), [OFF, OFF, ON, OFF]),
    (Status(Phase.PLAY, 3), (), [OFF, OFF, OFF, ON]),
    (Status(Phase.PLAY, 1, "turn_up"), (), [OFF, ON, OFF, OFF]),
    (Status(Phase.PLAY, None), (), [OFF, OFF, OFF, OFF]),
    (Status(Phase.PLAY, 1, final_round=True), (), [OFF, BLINK, OFF, OFF]),
    (Status(Phase.FINAL_ROUND, 0, final_round=True), (), [BLINK, OFF, OFF, OFF]),
    (Status(Phase.FINAL_ROUND, 2, "turn_up", final_round=True), (), [OFF, OFF, BLINK, OFF]),
    (Status(Phase.SCORING, 3, "reveal_tickets", final_round=True), (), [OFF, OFF, OFF, ON]),
    (Status(Phase.OVER, None, final_round=True), (2,), [OFF, OFF, PULSE, OFF]),
    (Status(Phase.OVER, None), (0, 3), [PULSE, OFF, OFF, PULSE]),
    (Status(Phase.OVER, None), (), [OFF, OFF, OFF, OFF]),
    (Status(Phase.PLAY, 4), (), [OFF, OFF, OFF, OFF]),  # a fifth player has no LED
    (Status(Phase.OVER, None), (1, 4), [OFF, PULSE, OFF, OFF]),
])
def test_lights_for(status, winners, expected):
    assert lights_for(status, winners, 4) == expected


def test_lights_for_with_places():
    places = (3, 1, 0)  # three players; seat 2 is empty
    assert lights_for(Status(Phase.PLAY, 0), (), 4, places) == [OFF, OFF, OFF, ON]
    assert lights_for(Status(Phase.OVER, None), (2, 1), 4, places) == [PULSE, PULSE, OFF, OFF]
    assert lights_for(Status(Phase.PLAY, 3), (), 4, places) == [OFF, OFF, OFF, OFF]
    assert lights_for(Status(Phase.PLAY, 1), (), 2, places) == [OFF, ON]


# ---- the debouncer ------------------------------------------------------------------------------

def feed(debouncer: Debouncer, edges) -> list[ButtonEvent]:
    events = []
    for pressed, t in edges:
        events += debouncer.edge(pressed, t)
    return events


def kinds(events) -> list[tuple[PressKind, int]]:
    return [(e.kind, e.seat) for e in events]


def test_clean_press_is_reported_on_release():
    d = Debouncer(2)
    assert d.edge(True, 10.0) == []
    assert d.deadline() == pytest.approx(10.03)
    assert d.poll(10.03) == [] and d.pressed
    assert d.deadline() == pytest.approx(11.0)  # when it would become a long press
    assert d.edge(False, 10.2) == []
    assert d.poll(10.22) == []  # a release is only believed after 30 ms
    events = d.poll(10.23)
    assert kinds(events) == [(SHORT, 2)] and events[0].t == pytest.approx(10.23)
    assert d.deadline() is None and not d.pressed
    assert d.poll(99.0) == []


def test_bouncy_press_and_release_count_once():
    d = Debouncer(0)
    bouncy_press = [(True, 0.000), (False, 0.002), (True, 0.004), (False, 0.009),
                    (True, 0.013), (False, 0.020), (True, 0.026)]
    bouncy_release = [(False, 0.300), (True, 0.301), (False, 0.305), (True, 0.312),
                      (False, 0.318)]
    events = feed(d, bouncy_press)
    events += d.poll(0.05)
    events += feed(d, bouncy_release)
    events += d.poll(0.340)
    assert events == []  # 22 ms after the last bounce: not yet
    events += d.poll(0.348)
    assert kinds(events) == [(SHORT, 0)]
    assert d.poll(5.0) == []


def test_bouncy_press_without_polls_still_counts_once():
    d = Debouncer(0)
    edges = [(True, 0.0), (False, 0.003), (True, 0.006), (False, 0.2), (True, 0.204),
             (False, 0.21)]
    events = feed(d, edges) + d.poll(1.0)
    assert kinds(events) == [(SHORT, 0)]


@pytest.mark.parametrize("edges", [
    [(True, 0.0), (False, 0.005)],  # a spike
    [(True, 0.0), (False, 0.029)],  # just under 30 ms
    [(True, 0.0), (False, 0.01), (True, 0.015), (False, 0.02)],  # a burst of noise
])
def test_very_short_glitch_is_ignored(edges):
    d = Debouncer(1)
    events = feed(d, edges)
    assert d.deadline() is None or d.deadline() <= 0.05
    events += d.poll(0.05) + d.poll(10.0)
    assert events == [] and not d.pressed


def test_thirty_ms_is_a_press():
    d = Debouncer(1)
    assert kinds(feed(d, [(True, 0.0), (False, 0.03)]) + d.poll(0.06)) == [(SHORT, 1)]


def test_long_press_is_reported_once_while_held_and_not_again_on_release():
    d = Debouncer(3)
    d.edge(True, 0.0)
    assert d.poll(0.5) == [] and d.poll(0.999) == []
    events = d.poll(1.0)
    assert kinds(events) == [(LONG, 3)] and events[0].t == pytest.approx(1.0)
    assert d.poll(1.5) == [] and d.poll(30.0) == []
    assert d.edge(False, 31.0) == [] and d.poll(31.1) == []
    assert d.deadline() is None
    # the next press is a fresh one
    assert kinds(feed(d, [(True, 40.0), (False, 40.2)]) + d.poll(40.3)) == [(SHORT, 3)]


def test_long_press_found_late_from_edges_alone():
    d = Debouncer(0)
    events = feed(d, [(True, 0.0), (False, 1.5)]) + d.poll(1.6)
    assert kinds(events) == [(LONG, 0)] and events[0].t == pytest.approx(1.0)


def test_a_bounce_while_held_does_not_cut_a_long_press():
    d = Debouncer(0)
    events = feed(d, [(True, 0.0), (False, 0.6), (True, 0.61)]) + d.poll(1.0)
    assert kinds(events) == [(LONG, 0)]


def test_release_just_before_the_long_press_time_is_a_short_press():
    d = Debouncer(0)
    d.edge(True, 0.0)
    d.edge(False, 0.99)
    events = d.poll(1.01) + d.poll(1.03)  # noticed after 1 s: still released at 0.99
    assert kinds(events) == [(SHORT, 0)]


def test_long_press_time_and_bounce_are_configurable():
    d = Debouncer(0, bounce=0.05, long_press=2.0)
    assert kinds(feed(d, [(True, 0.0), (False, 0.04)]) + d.poll(1.0)) == []  # 40 ms < 50 ms
    d.edge(True, 5.0)
    assert d.poll(6.5) == []
    assert kinds(d.poll(7.0)) == [(LONG, 0)]
    with pytest.raises(ValueError):
        Debouncer(0, bounce=1.0, long_press=1.0)


def test_times_out_of_order_do_not_confuse_it():
    d = Debouncer(0)
    d.edge(True, 1.0)
    d.edge(True, 1.01)  # the same level twice: nothing new
    assert d.poll(0.5) == []  # an older time than already seen counts as "now"
    assert kinds(d.edge(False, 1.2) + d.poll(1.3)) == [(SHORT, 0)]


# ---- buttons on mock pins ------------------------------------------------------------------------

def press(factory, seat: int, scheduler: FakeScheduler, hold: float, bounces=()) -> None:
    """Press a seat's button (to ground), bouncing at the given offsets, hold, release."""
    pin = button_pin(factory, seat)
    pin.drive_low()
    for gap in bounces:
        scheduler.advance(gap)
        pin.drive_high()
        scheduler.advance(gap)
        pin.drive_low()
    scheduler.advance(hold)
    pin.drive_high()
    for gap in bounces:
        scheduler.advance(gap)
        pin.drive_low()
        scheduler.advance(gap)
        pin.drive_high()


def test_buttons_pull_up_and_are_pressed_to_ground(factory, buttons):
    for seat, button in enumerate(buttons.buttons):
        assert button.pin.info.name == f"GPIO{DEFAULT_PIN_MAP.seats[seat].button}"
        assert button.pull_up and button_pin(factory, seat).state  # idle: pulled high
        assert not button.is_pressed


def test_clean_press_of_each_seat(factory, buttons, scheduler):
    for seat in (0, 1, 2, 3, 1):
        press(factory, seat, scheduler, hold=0.15)
        scheduler.advance(0.1)
    assert buttons.pressed == [("press", 0), ("press", 1), ("press", 2), ("press", 3),
                               ("press", 1)]


def test_bouncy_press_on_a_pin_is_one_press(factory, buttons, scheduler):
    press(factory, 2, scheduler, hold=0.2, bounces=(0.002, 0.003, 0.004))
    assert buttons.pressed == []  # not until the release has held for 30 ms
    scheduler.advance(0.029)
    assert buttons.pressed == []
    scheduler.advance(0.002)
    assert buttons.pressed == [("press", 2)]
    scheduler.advance(5.0)
    assert buttons.pressed == [("press", 2)]


def test_glitch_on_a_pin_is_ignored(factory, buttons, scheduler):
    press(factory, 0, scheduler, hold=0.01)
    scheduler.advance(1.0)
    press(factory, 0, scheduler, hold=0.001, bounces=(0.001, 0.002))
    scheduler.advance(3.0)
    assert buttons.pressed == []


def test_long_press_on_a_pin_fires_while_held(factory, buttons, scheduler):
    pin = button_pin(factory, 3)
    pin.drive_low()
    scheduler.advance(0.999)
    assert buttons.pressed == []
    scheduler.advance(0.002)
    assert buttons.pressed == [("long", 3)]  # still held: the timer woke the debouncer
    scheduler.advance(2.0)
    pin.drive_high()
    scheduler.advance(1.0)
    assert buttons.pressed == [("long", 3)]


def test_two_seats_at_once(factory, buttons, scheduler):
    button_pin(factory, 0).drive_low()
    scheduler.advance(0.5)
    button_pin(factory, 1).drive_low()
    scheduler.advance(0.2)
    button_pin(factory, 1).drive_high()
    scheduler.advance(0.4)
    button_pin(factory, 0).drive_high()
    scheduler.advance(0.1)
    assert buttons.pressed == [("press", 1), ("long", 0)]


def test_a_failing_callback_does_not_stop_the_buttons(factory, clock, scheduler, caplog):
    seen = []

    def clumsy(seat):
        seen.append(seat)
        raise RuntimeError("the app fell over")

    rig = SeatButtons(DEFAULT_PIN_MAP, factory, clock=clock, schedule=scheduler,
                      on_press=clumsy)
    try:
        press(factory, 1, scheduler, hold=0.1)
        scheduler.advance(0.1)
        press(factory, 2, scheduler, hold=2.0)  # a long press with no callback: nothing
        scheduler.advance(0.1)
        press(factory, 1, scheduler, hold=0.1)
        scheduler.advance(0.1)
    finally:
        rig.close()
    assert seen == [1, 1]
    assert "the app fell over" in caplog.text


def test_buttons_on_real_timers(factory):
    """The default clock and timer threads (no fake): waits on an event, never sleeps."""
    long_pressed = threading.Event()
    rig = SeatButtons(DEFAULT_PIN_MAP, factory, bounce=0.01, long_press=0.05,
                      on_long_press=lambda seat: long_pressed.set())
    try:
        button_pin(factory, 2).drive_low()
        assert long_pressed.wait(10.0)
        button_pin(factory, 2).drive_high()
    finally:
        rig.close()


# ---- what a press means -------------------------------------------------------------------------

@pytest.mark.parametrize("status, seat, kind, expected", [
    (None, 2, SHORT, SeatAction.TAKE_SEAT),
    (None, 2, LONG, SeatAction.NOTHING),
    (Status(Phase.SETUP, 0, "keep_tickets"), 0, SHORT, SeatAction.CONFIRM),
    (Status(Phase.SETUP, 0, "keep_tickets"), 1, SHORT, SeatAction.NOT_YOUR_TURN),
    (Status(Phase.PLAY, 1), 1, SHORT, SeatAction.END_TURN),
    (Status(Phase.PLAY, 1), 1, LONG, SeatAction.UNDO_REQUEST),
    (Status(Phase.PLAY, 1), 0, SHORT, SeatAction.NOT_YOUR_TURN),
    (Status(Phase.PLAY, 1), 3, LONG, SeatAction.NOT_YOUR_TURN),
    (Status(Phase.PLAY, 1, "turn_up"), 1, SHORT, SeatAction.CONFIRM),
    (Status(Phase.FINAL_ROUND, 2, final_round=True), 2, SHORT, SeatAction.END_TURN),
    (Status(Phase.FINAL_ROUND, 2, final_round=True), 0, SHORT, SeatAction.NOT_YOUR_TURN),
    (Status(Phase.SCORING, 3, "reveal_tickets", final_round=True), 3, SHORT, SeatAction.CONFIRM),
    (Status(Phase.SCORING, 3, "reveal_tickets", final_round=True), 3, LONG,
     SeatAction.UNDO_REQUEST),
    (Status(Phase.OVER, None), 0, SHORT, SeatAction.NOTHING),
    (Status(Phase.OVER, None), 2, LONG, SeatAction.UNDO_REQUEST),
    (Status(Phase.PLAY, None, "something"), 1, SHORT, SeatAction.NOTHING),
])
def test_seat_action(status, seat, kind, expected):
    assert seat_action(status, seat, kind) is expected


def test_presses_during_a_real_game(store, rules, factory, buttons, scheduler):
    """Buttons on mock pins, read against a live Table: the player to move acts, others ask."""
    p = playout(rules, 4, 13)
    table = Table.start(store, GAME, list(p.players), p.options)
    meant = []
    buttons.on_press = lambda seat: meant.append(seat_action(table.status, seat, SHORT))
    buttons.on_long_press = lambda seat: meant.append(seat_action(table.status, seat, LONG))

    first = table.status.seat  # setup: the face-up cards are asked for, then tickets
    press(factory, first, scheduler, hold=0.1, bounces=(0.002,))
    press(factory, (first + 2) % 4, scheduler, hold=0.1)
    scheduler.advance(0.1)
    assert meant == [SeatAction.CONFIRM, SeatAction.NOT_YOUR_TURN]
    for action in p.log:
        table.submit(action)
        if table.status.phase is Phase.PLAY and table.status.waiting_for is None:
            break
    active = table.status.seat
    other = (active + 1) % 4
    meant.clear()
    for seat, hold in ((active, 0.1), (other, 0.1), (other, 1.5), (active, 1.5)):
        press(factory, seat, scheduler, hold=hold)
        scheduler.advance(0.1)
    scheduler.advance(0.1)
    assert meant == [SeatAction.END_TURN, SeatAction.NOT_YOUR_TURN, SeatAction.NOT_YOUR_TURN,
                     SeatAction.UNDO_REQUEST]


# ---- pin map ------------------------------------------------------------------------------------

UART, I2C, ID_EEPROM = {14, 15}, {2, 3}, {0, 1}
SPI0, SPI1 = set(range(7, 12)), set(range(16, 22))


def test_default_pin_map():
    pins = DEFAULT_PIN_MAP.leds + DEFAULT_PIN_MAP.buttons
    assert len(DEFAULT_PIN_MAP.seats) == 4
    assert len(set(pins)) == 8
    assert all(2 <= pin <= 27 for pin in pins)
    assert not set(pins) & (UART | I2C | ID_EEPROM | SPI0 | SPI1)
    assert DEFAULT_PIN_MAP.leds == (27, 22, 23, 24)
    assert DEFAULT_PIN_MAP.buttons == (5, 6, 13, 26)
    assert DEFAULT_PIN_MAP.notes() == []
    assert len({PHYSICAL[pin] for pin in pins}) == 8


def test_physical_pin_table_matches_gpiozero():
    board = MockFactory().board_info  # gpiozero's own header layout
    for gpio, physical in PHYSICAL.items():
        assert board.headers["J8"].pins[physical].name == f"GPIO{gpio}"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "companion.toml"
    path.write_text(text)
    return path


def test_overrides_from_a_toml_file(tmp_path):
    path = write(tmp_path, """
[scanner]            # someone else's section: left alone
port = "/dev/serial0"

[seat.1]
led = 12

[seat.4]
button = 25
led = 4
""")
    pin_map = load_pin_map(path)
    assert pin_map.seats == (SeatPins(12, 5), SeatPins(22, 6), SeatPins(23, 13), SeatPins(4, 25))
    assert pin_map.notes() == ["seat 4 led: GPIO4 is also 1-Wire (default pin)"]


def test_no_file_means_the_defaults(tmp_path, monkeypatch):
    assert load_pin_map(tmp_path / "absent.toml") == DEFAULT_PIN_MAP
    with pytest.raises(PinMapError, match="absent.toml: no such file"):
        load_pin_map(tmp_path / "absent.toml", missing_ok=False)
    monkeypatch.setenv("COMPANION_CONFIG", str(write(tmp_path, "[seat.2]\nbutton = 25\n")))
    assert default_config_path() == tmp_path / "companion.toml"  # the app's one config file
    assert load_pin_map().seats[1] == SeatPins(22, 25)
    monkeypatch.delenv("COMPANION_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert default_config_path() == tmp_path / "config" / "companion" / "companion.toml"
    assert load_pin_map() == DEFAULT_PIN_MAP
    assert load_pin_map(write(tmp_path, "")) == DEFAULT_PIN_MAP


@pytest.mark.parametrize("text, message", [
    ("[seat.1]\nled = 22\n",
     "GPIO22 is used twice, by seat 1 led and by seat 2 led"),
    ("[seat.3]\nbutton = 5\n",
     "GPIO5 is used twice, by seat 1 button and by seat 3 button"),
    ("[seat.2]\nled = 6\n",
     "GPIO6 is used twice, by seat 2 led and by seat 2 button"),
    ("[seat.1]\nled = 28\n",
     "seat 1 led is GPIO28, which is not on the 40-pin header; use a BCM GPIO number from 2 to "
     "27 (the GPIO number, not the physical pin number)"),
    ("[seat.1]\nbutton = 1\n", "seat 1 button is GPIO1, which is not on the 40-pin header"),
    ("[seat.2]\nled = -3\n", "seat 2 led is GPIO-3"),
    ('[seat.1]\nled = "GPIO17"\n', "seat 1 led must be a BCM GPIO number like 17, not 'GPIO17'"),
    ("[seat.1]\nled = 17.0\n", "seat 1 led must be a BCM GPIO number like 17, not 17.0"),
    ("[seat.1]\nled = true\n", "seat 1 led must be a BCM GPIO number like 17, not True"),
    ("[seat.1]\nlde = 12\n", "seat 1 has unknown key(s) lde; a seat has 'led' and 'button'"),
    ("[seat.5]\nled = 12\n", "[seat.5] is not a seat; the seats are 1 to 4"),
    ("[seat.0]\nled = 12\n", "[seat.0] is not a seat; the seats are 1 to 4"),
    ("[seat.first]\nled = 12\n", "[seat.first] is not a seat; the seats are 1 to 4"),
    ("seat = 3\n", "'seat' must be tables like [seat.1], not a value"),
    ("[seat]\n1 = 12\n", "seat 1 must be a table like [seat.1]"),
    ("[seat.1]\nled = \n", "not valid TOML"),
])
def test_bad_overrides_say_what_is_wrong(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(PinMapError) as info:
        load_pin_map(path)
    assert str(info.value).startswith(f"{path}: ")
    assert message in str(info.value)


def test_a_pin_map_checks_itself():
    with pytest.raises(PinMapError, match="GPIO27 is used twice"):
        PinMap((SeatPins(27, 5), SeatPins(27, 6)))
    with pytest.raises(PinMapError, match="no seats"):
        PinMap(())


def test_overridden_pins_are_the_ones_driven(tmp_path, factory, rig, clock, scheduler):
    pin_map = load_pin_map(write(tmp_path, "[seat.2]\nled = 12\nbutton = 25\n"))
    lights = rig(pin_map)
    lights.show(PLAY_SEAT_1)
    assert factory.pin(12).state == 1.0 and factory.pin(22).state == 0.0
    seen = []
    rig_buttons = SeatButtons(pin_map, factory, clock=clock, schedule=scheduler,
                              on_press=seen.append)
    try:
        factory.pin(25).drive_low()
        scheduler.advance(0.1)
        factory.pin(25).drive_high()
        scheduler.advance(0.1)
    finally:
        rig_buttons.close()
    assert seen == [1]


def test_readme_wiring_table_matches_the_defaults():
    text = README.read_text()
    section = text.split("## Seat LEDs and buttons", 1)[1].split("\n## ", 1)[0]
    for n, seat in enumerate(DEFAULT_PIN_MAP.seats, start=1):
        row = re.search(rf"^\| *{n} *\|.*$", section, re.M)
        assert row, f"no row for seat {n}"
        assert f"GPIO{seat.led} (pin {PHYSICAL[seat.led]})" in row.group(0)
        assert f"GPIO{seat.button} (pin {PHYSICAL[seat.button]})" in row.group(0)


# ---- off the Pi ---------------------------------------------------------------------------------

def test_without_gpio_the_pin_factory_is_mock_and_nothing_raises(monkeypatch):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)

    def no_gpio():
        raise RuntimeError("no GPIO chip here")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_gpio))
    choice = make_pin_factory()
    assert choice.mock and isinstance(choice.factory, MockFactory)
    assert "no GPIO chip here" in choice.reason
    assert choice.factory.pin_class is MockPWMPin  # PWMLEDs work on the pretend rig


def test_a_factory_that_is_not_a_pi_counts_as_no_gpio(monkeypatch):
    closed = []

    class NotAPi:
        @property
        def board_info(self):
            raise RuntimeError("unable to locate Pi revision")

        def close(self):
            closed.append(True)

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(NotAPi))
    choice = make_pin_factory()
    assert choice.mock and closed == [True]


def test_a_real_factory_is_used_when_there_is_one(monkeypatch):
    real = MockFactory()  # stands in for lgpio on a Pi: it knows its board

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(lambda: real))
    choice = make_pin_factory()
    assert choice.factory is real and not choice.mock


def test_mock_can_be_asked_for(monkeypatch):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    assert make_pin_factory().mock


def test_this_machine_never_raises_and_the_rig_works_either_way(monkeypatch):
    choice = make_pin_factory()  # whatever this machine has
    assert isinstance(choice.mock, bool) and choice.reason
    if choice.mock:
        lights = SeatLights(DEFAULT_PIN_MAP, None)  # None: make_pin_factory() inside
        try:
            lights.show(PLAY_SEAT_1)
            assert lights.modes == (OFF, ON, OFF, OFF)
        finally:
            lights.close()
