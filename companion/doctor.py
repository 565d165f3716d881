"""`companion doctor`: a self-test of the rig for the person who builds it — LEDs, buttons, scanner.

It lights each seat LED in turn, waits for each seat button, listens to the scanner and prints
what it read, then says what works. On a machine without GPIO it says so and skips that part.
"""

from __future__ import annotations

import queue
import time
from typing import Callable, TextIO

from .config import ConfigError, config_path, load, scanner_config


def run(out: TextIO, seconds: float = 10.0, led_seconds: float = 1.0,
        wait: Callable[[float], None] = time.sleep) -> int:
    """The whole check; returns the exit code (0: everything found works or is absent)."""
    from .hardware.pins import DEFAULT_PIN_MAP, apply_overrides
    from .hardware.seats import make_pin_factory

    say = lambda text="": print(text, file=out, flush=True)  # noqa: E731
    results: list[tuple[str, bool | None]] = []
    try:
        config = load()
    except ConfigError as error:
        say(f"The config file cannot be read: {error}")
        return 1
    say(f"Config file: {config_path()}" + ("" if config else " (none: the defaults are used)"))

    choice = make_pin_factory()
    if choice.mock:
        say(f"No GPIO found on this machine ({choice.reason}).")
        say("  The seat LEDs and buttons work on a Raspberry Pi; here the app draws them on "
            "screen and the keys 1-4 press the seat buttons.")
        results.append(("seat LEDs and buttons", None))
    else:
        try:
            pin_map = apply_overrides(DEFAULT_PIN_MAP, config, str(config_path()))
        except ValueError as error:
            say(f"The pin map in the config file is wrong: {error}")
            return 1
        results += _check_seats(pin_map, choice.factory, say, seconds, led_seconds, wait)

    try:
        scanner = scanner_config(config)
    except ConfigError as error:
        say(f"The scanner settings are wrong: {error}")
        return 1
    if scanner is None:
        say("No card scanner: none is configured and this machine has no Pi UART "
            "(/dev/serial0). Set [scanner] port in the config file to use one.")
        results.append(("card scanner", None))
    else:
        results.append(("card scanner", _check_scanner(scanner, say, seconds)))

    say()
    say("Summary:")
    for name, ok in results:
        say(f"  {name}: " + {True: "works", False: "NOT WORKING", None: "not present"}[ok])
    return 1 if any(ok is False for _name, ok in results) else 0


def _check_seats(pin_map, factory, say, seconds, led_seconds, wait):
    from .hardware.seats import SeatButtons, SeatLights
    lights = SeatLights(pin_map, factory)
    presses: queue.Queue[tuple[int, str]] = queue.Queue()
    buttons = SeatButtons(pin_map, factory, on_press=lambda seat: presses.put((seat, "press")),
                          on_long_press=lambda seat: presses.put((seat, "long")))
    results = []
    try:
        say("Seat LEDs: each lights for a moment, seat 1 to 4. Watch them.")
        for seat, device in enumerate(lights.devices):
            say(f"  seat {seat + 1}: LED on GPIO{pin_map.leds[seat]}")
            device.on()
            wait(led_seconds)
            device.off()
        results.append(("seat LEDs (look: did each light up?)", None))
        for seat in range(len(pin_map.seats)):
            say(f"Press the button of seat {seat + 1} (GPIO{pin_map.buttons[seat]}) "
                f"within {seconds:g} s…")
            ok = _wait_for_press(presses, seat, seconds)
            say("  pressed" if ok else "  no press seen")
            results.append((f"seat {seat + 1} button", ok))
    finally:
        lights.off()
        lights.close()
        buttons.close()
    return results


def _wait_for_press(presses: queue.Queue, seat: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        try:
            pressed, _kind = presses.get(timeout=left)
        except queue.Empty:
            return False
        if pressed == seat:
            return True


def _check_scanner(config, say, seconds: float) -> bool:
    from .hardware.scanner import ScannerReader
    events: queue.Queue[tuple[str, str]] = queue.Queue()
    reader = ScannerReader.from_config(config, on_tag=lambda tag: events.put(("tag", tag)),
                                       on_status=lambda code: events.put(("status", code)))
    say(f"Card scanner on {config.port} ({config.baud} baud, {config.protocol}): scan a card "
        f"or ticket within {seconds:g} s…")
    reader.start()
    connected = read = False
    deadline = time.monotonic() + seconds
    try:
        while (left := deadline - time.monotonic()) > 0:
            try:
                kind, value = events.get(timeout=left)
            except queue.Empty:
                break
            if kind == "status":
                say(f"  {value}")
                connected = connected or value in ("connected", "reconnected")
            else:
                say(f"  read tag {value}")
                read = True
    finally:
        reader.stop()
    stats = reader.stats()
    say("  counted: " + ", ".join(f"{key} {value}" for key, value in stats.items() if value))
    if not connected:
        say("  The port could not be opened: check the wiring, the port name and that the "
            "serial console is off (raspi-config).")
    elif not read:
        say("  Connected, but no tag was read in time.")
    return connected and read
