"""`companion doctor --pi`: the checklist for a real Raspberry Pi — what no emulation can show.

The project's CI runs the Pi's own system emulated (`.ci/pi-arm64`, docs/kiosk.md), which proves
the install, the arm64 wheels, Mesa and the unit under systemd; it cannot show the Pi's
hardware. This looks at that hardware as the kernel presents it, reading files only (no
screen is opened, no pin driven, no port opened, so it is safe while the kiosk runs):

- the screen: a KMS/DRM device, its connected connector (DSI-1 for the official 7" screen)
  and mode (800x480), and the GPU's render node;
- the touchscreen: an input device with multi-touch positions, and its /dev/input/event file;
- the GPIO pins: a gpiochip of the Pi's pin controller, and lgpio for gpiozero;
- the UART: /dev/serial0, enable_uart=1, no serial console on it, the scanner's udev name;
- the kiosk service: enabled, running, restarts, this boot's warnings.

It prints one block to copy and send back; the exit code is 1 when the screen, the
touchscreen or the GPIO pins are missing.
"""

from __future__ import annotations

import importlib.util
import os
import platform
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TextIO

# Linux input event codes (linux/input-event-codes.h): a touchscreen reports these.
ABS_MT_POSITION_X = 0x35
ABS_X = 0x00

Runner = Callable[[list[str]], str]


@dataclass
class Check:
    """One line of the report: what was looked at, what was found, and whether it is right."""

    area: str
    name: str
    found: str
    ok: bool | None  # None: informational, or optional hardware not fitted
    required: bool = False

    def line(self) -> str:
        mark = {True: "ok", False: "MISSING" if self.required else "no", None: "--"}[self.ok]
        return f"[{mark:>7}] {self.area}: {self.name}: {self.found}"


def _run(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"({command[0]}: {error})"
    return (done.stdout + done.stderr).strip()


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").replace("\x00", "").strip()
    except OSError:
        return ""


def check(root: Path = Path("/"), run: Runner = _run) -> list[Check]:
    """Everything, read from the system under `root` (a test gives a tree of its own)."""
    return (_system(root) + _screen(root) + _touch(root) + _gpio(root) + _uart(root)
            + _service(run))


def _system(root: Path) -> list[Check]:
    release = dict(re.findall(r'^(\w+)="?([^"\n]*)"?$', _read(root / "etc/os-release"), re.M))
    model = _read(root / "proc/device-tree/model") or _read(root / "sys/firmware/devicetree/base/model")
    memory = re.search(r"MemTotal:\s+(\d+)", _read(root / "proc/meminfo"))
    from importlib import metadata
    versions = []
    for package in ("kivy", "gpiozero", "pyserial"):
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package} absent")
    return [
        Check("system", "model", model or "not a Raspberry Pi (no device-tree model)",
              bool(model.startswith("Raspberry Pi")) or None),
        Check("system", "OS", release.get("PRETTY_NAME", "unknown"), None),
        Check("system", "processor", platform.machine(), platform.machine() == "aarch64" or None),
        Check("system", "memory", f"{int(memory.group(1)) // 1024} MB" if memory else "unknown",
              None),
        Check("system", "python", f"{sys.version.split()[0]}; " + ", ".join(versions), None),
    ]


def _screen(root: Path) -> list[Check]:
    cards = sorted(p.name for p in (root / "dev/dri").glob("card*"))
    renders = sorted(p.name for p in (root / "dev/dri").glob("renderD*"))
    drm = root / "sys/class/drm"
    connected = []
    for connector in sorted(drm.glob("card*-*")):
        if _read(connector / "status") == "connected":
            modes = _read(connector / "modes").splitlines()
            name = connector.name.split("-", 1)[1]
            connected.append(f"{name} {modes[0] if modes else '(no modes)'}")
    drivers = sorted({os.path.basename(os.path.realpath(card / "device/driver"))
                      for card in drm.glob("card[0-9]") if (card / "device/driver").exists()})
    seven_inch = any(c.startswith(("DSI", "DPI")) and "800x480" in c for c in connected)
    return [
        Check("screen", "KMS/DRM devices", " ".join(cards) or "no /dev/dri/card*", bool(cards),
              required=True),
        Check("screen", "connected", "; ".join(connected) or "no connector reports connected",
              bool(connected), required=True),
        Check("screen", "official 7\" screen (DSI, 800x480)", "yes" if seven_inch else "no",
              seven_inch or None),
        Check("screen", "GPU render node", " ".join(renders) or "no /dev/dri/renderD*",
              bool(renders)),
        Check("screen", "DRM drivers", " ".join(drivers) or "unknown", None),
    ]


def _bits(words: str) -> set[int]:
    """The bit numbers set in a /proc/bus/input/devices bitmap (hex longs, most significant
    first)."""
    size = 64 if sys.maxsize > 2 ** 32 else 32
    found = set()
    for index, word in enumerate(reversed(words.split())):
        value = int(word, 16)
        found.update(index * size + bit for bit in range(size) if value >> bit & 1)
    return found


def input_devices(text: str) -> list[tuple[str, list[str], set[int]]]:
    """(name, handlers, absolute axes) of each device in /proc/bus/input/devices."""
    devices = []
    for block in text.split("\n\n"):
        name = re.search(r'^N: Name="(.*)"$', block, re.M)
        handlers = re.search(r"^H: Handlers=(.*)$", block, re.M)
        axes = re.search(r"^B: ABS=(.*)$", block, re.M)
        if name:
            devices.append((name.group(1), handlers.group(1).split() if handlers else [],
                            _bits(axes.group(1)) if axes else set()))
    return devices


def _touch(root: Path) -> list[Check]:
    touch = [(name, [h for h in handlers if h.startswith("event")])
             for name, handlers, axes in input_devices(_read(root / "proc/bus/input/devices"))
             if ABS_MT_POSITION_X in axes]
    found = "; ".join(f"{name} on /dev/input/{','.join(events) or '?'}" for name, events in touch)
    files = all((root / "dev/input" / e).exists() for _n, events in touch for e in events)
    return [
        Check("touchscreen", "multi-touch input device",
              found or "no input device reports multi-touch positions", bool(touch), required=True),
        Check("touchscreen", "its /dev/input file", "present" if touch and files else "absent",
              bool(touch and files), required=True),
    ]


def _gpio(root: Path) -> list[Check]:
    chips = []
    for chip in sorted((root / "dev").glob("gpiochip*")):
        label = _read(root / "sys/bus/gpio/devices" / chip.name / "label") or \
            _read(root / "sys/class/gpio" / chip.name / "label")
        chips.append(f"{chip.name} ({label or '?'})")
    header = any("pinctrl" in c for c in chips)
    lgpio = importlib.util.find_spec("lgpio") is not None
    return [
        Check("gpio", "GPIO chips", "; ".join(chips) or "no /dev/gpiochip*", header,
              required=True),
        Check("gpio", "lgpio for gpiozero (apt: python3-lgpio)", "importable" if lgpio else
              "not importable", lgpio, required=True),
    ]


def _uart(root: Path) -> list[Check]:
    serial0 = root / "dev/serial0"
    target = os.readlink(serial0) if serial0.is_symlink() else ""
    boot = root / "boot/firmware" if (root / "boot/firmware").is_dir() else root / "boot"
    config = _read(boot / "config.txt")
    cmdline = _read(boot / "cmdline.txt")
    uart_on = re.search(r"^\s*enable_uart=1", config, re.M) is not None
    console = re.search(r"console=(serial0|ttyAMA0|ttyS0)", cmdline)
    scanner = root / "dev/companion-scanner"
    return [
        Check("uart", "/dev/serial0", f"-> {target}" if target else "absent", bool(target) or None),
        Check("uart", "enable_uart=1 in config.txt", "yes" if uart_on else "no", uart_on or None),
        Check("uart", "no serial console in cmdline.txt",
              f"{console.group(0)} is still there (raspi-config)" if console else "none",
              False if console else True),
        Check("uart", "/dev/companion-scanner (udev rule)",
              f"-> {os.readlink(scanner)}" if scanner.is_symlink() else "absent",
              scanner.is_symlink() or None),
    ]


def _service(run: Runner) -> list[Check]:
    first = lambda text: (text.splitlines() or [""])[0]  # noqa: E731  one line each
    enabled = first(run(["systemctl", "is-enabled", "companion.service"]))
    active = first(run(["systemctl", "is-active", "companion.service"]))
    shown = run(["systemctl", "show", "companion.service", "-p", "NRestarts",
                 "-p", "ExecMainStartTimestamp", "--no-pager"]).replace("\n", "; ")
    warnings = run(["journalctl", "-u", "companion.service", "-b", "-p", "warning", "-n", "10",
                    "--no-pager", "-q"])
    return [
        Check("service", "enabled", enabled, enabled == "enabled"),
        Check("service", "running", active, active == "active"),
        Check("service", "restarts", shown, None),
        Check("service", "this boot's warnings", warnings.replace("\n", "\n      ") or "none",
              None),
    ]


def report(out: TextIO, root: Path = Path("/"), run: Runner = _run) -> int:
    """Prints the checklist to send back; 1 when the screen, touchscreen or pins are missing."""
    checks = check(root, run)
    say = lambda text="": print(text, file=out, flush=True)  # noqa: E731
    say("companion doctor --pi: the Raspberry Pi's screen, touchscreen, GPIO pins and UART.")
    say("Copy everything between the lines and send it back.")
    say("-" * 72)
    for item in checks:
        say(item.line())
    missing = [c for c in checks if c.required and not c.ok]
    say("-" * 72)
    if missing:
        say("Missing: " + "; ".join(f"{c.area}: {c.name}" for c in missing))
        say("docs/kiosk.md, 'When it does not come up', says where to look.")
    else:
        say("The screen, the touchscreen and the GPIO pins are there. Also tap New game once "
            "(one screen change), and run `companion doctor` for the seat LEDs, the buttons and "
            "a scan.")
    return 1 if missing else 0
