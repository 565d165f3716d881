"""`companion doctor --pi`: the checklist a real Pi's owner runs and sends back — the screen
(KMS/DRM), the touchscreen's input device, the GPIO pins and the UART, read from the system's
files. Tested on made-up system trees: a Pi 4 with the official 7" screen, and a machine with
none of it (what the emulated Pi in CI is)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from companion import pi_check

# /proc/bus/input/devices on a Pi with the official 7" touchscreen: ABS bits 0, 1, 0x2f, 0x35,
# 0x36, 0x39 (x, y, MT slot, MT x, MT y, MT tracking id).
TOUCH = """I: Bus=0000 Vendor=0000 Product=0000 Version=0000
N: Name="generic ft5x06 (79)"
P: Phys=
H: Handlers=mouse0 event0
B: PROP=2
B: EV=b
B: KEY=400 0 0 0 0 0 0 0 0 0 0
B: ABS=260800000000003
"""
KEYBOARD = """I: Bus=0003 Vendor=046d Product=c31c Version=0110
N: Name="Logitech USB Keyboard"
H: Handlers=sysrq kbd event1 leds
B: EV=120013
"""


def write(root: Path, path: str, text: str = "") -> Path:
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


def link(root: Path, path: str, to: str) -> None:
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(to, target)


def a_pi(root: Path) -> Path:
    write(root, "proc/device-tree/model", "Raspberry Pi 4 Model B Rev 1.4\x00")
    write(root, "etc/os-release", 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n')
    write(root, "proc/meminfo", "MemTotal:        3884376 kB\n")
    write(root, "dev/dri/card1")
    write(root, "dev/dri/renderD128")
    write(root, "sys/class/drm/card1-DSI-1/status", "connected\n")
    write(root, "sys/class/drm/card1-DSI-1/modes", "800x480\n")
    write(root, "sys/class/drm/card1-HDMI-A-1/status", "disconnected\n")
    write(root, "proc/bus/input/devices", KEYBOARD + "\n" + TOUCH)
    write(root, "dev/input/event0")
    write(root, "dev/gpiochip0")
    write(root, "sys/bus/gpio/devices/gpiochip0/label", "pinctrl-bcm2711\n")
    link(root, "dev/serial0", "ttyS0")
    link(root, "dev/companion-scanner", "ttyS0")
    write(root, "boot/firmware/config.txt", "[all]\nenable_uart=1\n")
    write(root, "boot/firmware/cmdline.txt", "console=tty1 root=PARTUUID=1 rootwait\n")
    return root


def service(command: list[str]) -> str:
    return {"is-enabled": "enabled", "is-active": "active"}.get(command[1], "NRestarts=0")


def by_name(checks, area: str, name: str):
    return next(c for c in checks if c.area == area and c.name.startswith(name))


def test_a_pi_with_the_official_screen_passes_and_names_what_it_found(tmp_path, monkeypatch):
    monkeypatch.setattr(pi_check.importlib.util, "find_spec",
                        lambda name: object() if name == "lgpio" else None)
    out = io.StringIO()
    assert pi_check.report(out, a_pi(tmp_path), service) == 0
    text = out.getvalue()
    assert "Raspberry Pi 4 Model B Rev 1.4" in text
    assert "DSI-1 800x480" in text
    assert "generic ft5x06 (79) on /dev/input/event0" in text
    assert "gpiochip0 (pinctrl-bcm2711)" in text
    assert "-> ttyS0" in text
    assert "MISSING" not in text and "Missing:" not in text
    assert "send it back" in text


def test_the_touchscreen_is_the_device_with_multi_touch_positions_not_the_keyboard():
    devices = pi_check.input_devices(KEYBOARD + "\n" + TOUCH)
    assert [name for name, _h, axes in devices if pi_check.ABS_MT_POSITION_X in axes] == \
        ["generic ft5x06 (79)"]


def test_a_machine_without_pi_hardware_says_what_is_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(pi_check.importlib.util, "find_spec", lambda name: None)
    out = io.StringIO()
    code = pi_check.report(out, tmp_path, lambda command: "inactive")
    text = out.getvalue()
    assert code == 1
    for missing in ("screen: KMS/DRM devices", "touchscreen: multi-touch input device",
                    "gpio: GPIO chips", "gpio: lgpio"):
        assert missing in text.split("Missing:")[1], missing
    assert "Traceback" not in text


def test_a_serial_console_left_on_the_uart_is_named(tmp_path):
    root = a_pi(tmp_path)
    write(root, "boot/firmware/cmdline.txt", "console=serial0,115200 console=tty1 rootwait\n")
    checks = pi_check.check(root, service)
    console = by_name(checks, "uart", "no serial console")
    assert console.ok is False and "console=serial0" in console.found
    assert by_name(checks, "uart", "enable_uart").ok is True
