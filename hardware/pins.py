"""The default pin map for the seat LEDs and buttons (Pi 4/5 40-pin header), and its overrides.

Pins are BCM GPIO numbers, the numbers gpiozero takes. Seats are numbered from 1 for people
(in the config file and the README) and from 0 in code (`PinMap.seats[0]` is seat 1), the same
as the engine's seats.

Why these defaults: every pin below is a plain GPIO on all 40-pin Pis that no usual function
claims. They stay clear of

* UART0 GPIO14/15 (physical 8/10) - the card scanner's serial port,
* I2C1 GPIO2/3 (physical 3/5) and the HAT ID EEPROM GPIO0/1 (physical 27/28),
* SPI0 GPIO7-11 (physical 19, 21, 23, 24, 26) and SPI1 GPIO16-21 (physical 11, 12, 35, 36,
  38, 40) - so GPIO17 and GPIO19, often seen in LED examples, are left alone too,
* GPIO4 (physical 7), the default 1-Wire pin.

The LEDs sit on GPIO27, 22, 23, 24 (physical 13, 15, 16, 18: one row of the header, with ground
at physical 14 and 20). These pins are pulled down while the Pi boots, so the LEDs stay dark
until the app drives them. The buttons sit on GPIO5, 6, 13, 26 (physical 29, 31, 33, 37: the
other end of the header, with ground at physical 30, 34 and 39); the app turns on the internal
pull-up and a button shorts its pin to ground. Left spare: GPIO12 and GPIO25.

Overrides come from a TOML file; only its `[seat.N]` tables are read, so the file can hold
other sections (for example the scanner's)::

    [seat.1]
    led = 12
    button = 25
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

# The BCM numbers a seat may use: the 40-pin header brings out GPIO2-27 (GPIO0/1 are kept for
# the HAT ID EEPROM).
FIRST_GPIO, LAST_GPIO = 2, 27

# BCM GPIO -> physical pin on the 40-pin header (the same on the Pi 2, 3, 4, 5 and Zero).
PHYSICAL = {
    2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33,
    14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16, 24: 18,
    25: 22, 26: 37, 27: 13,
}
GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)  # physical

# What else a GPIO may be wanted for: the defaults avoid all of these; an override may use
# them (the rig's owner knows what is plugged in) and `PinMap.notes()` says so.
SHARED_USES = {
    2: "I2C1 SDA", 3: "I2C1 SCL", 4: "1-Wire (default pin)",
    7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK",
    14: "UART0 TX (the card scanner)", 15: "UART0 RX (the card scanner)",
    16: "SPI1 CE2", 17: "SPI1 CE1", 18: "SPI1 CE0", 19: "SPI1 MISO", 20: "SPI1 MOSI",
    21: "SPI1 SCLK",
}

ROLES = ("led", "button")


class PinMapError(ValueError):
    """A pin map that cannot be used; the message says which file, seat and pin, and why."""


@dataclass(frozen=True)
class SeatPins:
    """One seat's LED and button, as BCM GPIO numbers."""

    led: int
    button: int


@dataclass(frozen=True)
class PinMap:
    """Every seat's pins; `seats[0]` is seat 1."""

    seats: tuple[SeatPins, ...]

    def __post_init__(self) -> None:
        check(self.seats)

    @property
    def leds(self) -> tuple[int, ...]:
        return tuple(s.led for s in self.seats)

    @property
    def buttons(self) -> tuple[int, ...]:
        return tuple(s.button for s in self.seats)

    def notes(self) -> list[str]:
        """Pins this map shares with a bus or the scanner port (allowed, but worth knowing)."""
        return [f"seat {n} {role}: GPIO{pin} is also {SHARED_USES[pin]}"
                for n, role, pin in _uses(self) if pin in SHARED_USES]


def _uses(pin_map: PinMap):
    yield from _seat_uses(pin_map.seats)


def _seat_uses(seats):
    for n, seat in enumerate(seats, start=1):
        for role in ROLES:
            yield n, role, getattr(seat, role)


def check(seats, source: str = "pin map") -> None:
    """Raises PinMapError unless every pin is a header GPIO and no pin is used twice."""
    if not seats:
        raise PinMapError(f"{source}: there are no seats")
    taken: dict[int, str] = {}
    for n, role, pin in _seat_uses(seats):
        where = f"seat {n} {role}"
        if isinstance(pin, bool) or not isinstance(pin, int):
            raise PinMapError(f"{source}: {where} must be a BCM GPIO number like 17, "
                              f"not {pin!r}")
        if not FIRST_GPIO <= pin <= LAST_GPIO:
            raise PinMapError(f"{source}: {where} is GPIO{pin}, which is not on the 40-pin "
                              f"header; use a BCM GPIO number from {FIRST_GPIO} to {LAST_GPIO} "
                              f"(the GPIO number, not the physical pin number)")
        if pin in taken:
            raise PinMapError(f"{source}: GPIO{pin} is used twice, by {taken[pin]} and by "
                              f"{where}; give each LED and each button a pin of its own")
        taken[pin] = where


DEFAULT_PIN_MAP = PinMap((
    SeatPins(led=27, button=5),
    SeatPins(led=22, button=6),
    SeatPins(led=23, button=13),
    SeatPins(led=24, button=26),
))


def default_config_path() -> Path:
    """The app's config file (`companion.config.config_path()`: `$COMPANION_CONFIG`, else
    companion.toml in the user's config directory), which also holds the `[scanner]` section."""
    from companion.config import config_path  # here: the pin map must load without the app
    return config_path()


def load_pin_map(path: Path | str | None = None, *, missing_ok: bool = True,
                 base: PinMap = DEFAULT_PIN_MAP) -> PinMap:
    """The default pin map with the `[seat.N]` overrides of a TOML file applied.

    `path` defaults to `default_config_path()`. A missing file means no overrides (unless
    `missing_ok` is false). Anything wrong in the file raises PinMapError naming the file.
    """
    path = Path(path) if path is not None else default_config_path()
    try:
        with open(path, "rb") as f:
            config = tomllib.load(f)
    except FileNotFoundError:
        if missing_ok:
            return base
        raise PinMapError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as e:
        raise PinMapError(f"{path}: not valid TOML: {e}") from None
    except OSError as e:
        raise PinMapError(f"{path}: cannot be read: {e.strerror or e}") from None
    return apply_overrides(base, config, str(path))


def apply_overrides(base: PinMap, config: dict, source: str = "config") -> PinMap:
    """`base` with the pins a parsed config's `seat` table names (seats counted from 1)."""
    seats_table = config.get("seat", {})
    if not isinstance(seats_table, dict):
        raise PinMapError(f"{source}: 'seat' must be tables like [seat.1], not a value")
    seats = list(base.seats)
    count = len(seats)
    for key, overrides in seats_table.items():
        try:
            n = int(key)
        except ValueError:
            n = 0
        if not 1 <= n <= count or str(n) != key.strip():
            raise PinMapError(f"{source}: [seat.{key}] is not a seat; the seats are "
                              f"1 to {count}")
        if not isinstance(overrides, dict):
            raise PinMapError(f"{source}: seat {n} must be a table like [seat.{n}] with "
                              f"led = ... and button = ...")
        unknown = sorted(set(overrides) - set(ROLES))
        if unknown:
            raise PinMapError(f"{source}: seat {n} has unknown key(s) {', '.join(unknown)}; "
                              f"a seat has 'led' and 'button'")
        seats[n - 1] = replace(seats[n - 1], **overrides)
    check(seats, source)
    return PinMap(tuple(seats))
