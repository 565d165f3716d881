"""`companion doctor`: what it says on a machine without GPIO, and a scanner heard on a pty."""

from __future__ import annotations

import io
import os
import pty
import threading

from companion import doctor
from companion.hardware.scanner import rdm6300_frame


def test_without_gpio_or_scanner_it_says_so_clearly(monkeypatch, tmp_path):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setenv("COMPANION_SCANNER", "off")
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    out = io.StringIO()
    assert doctor.run(out, seconds=0.1) == 0
    text = out.getvalue()
    assert "No GPIO found on this machine" in text
    assert "keys 1-4" in text
    assert "No card scanner" in text
    assert "seat LEDs and buttons: not present" in text
    assert "Traceback" not in text


def test_a_scanned_card_is_printed(monkeypatch, tmp_path):
    master, slave = pty.openpty()
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setenv("COMPANION_SCANNER", os.ttyname(slave))
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    timer = threading.Timer(0.5, lambda: os.write(master, rdm6300_frame("0A12345678") * 2))
    timer.start()
    out = io.StringIO()
    try:
        code = doctor.run(out, seconds=3.0)
    finally:
        timer.cancel()
        os.close(master)
        os.close(slave)
    text = out.getvalue()
    assert "read tag 0A12345678" in text, text
    assert "card scanner: works" in text, text
    assert code == 0


def test_a_scanner_that_cannot_be_opened_is_reported(monkeypatch, tmp_path):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setenv("COMPANION_SCANNER", str(tmp_path / "no-such-device"))
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    out = io.StringIO()
    assert doctor.run(out, seconds=0.5) == 1
    text = out.getvalue()
    assert "could not be opened" in text and "card scanner: NOT WORKING" in text
