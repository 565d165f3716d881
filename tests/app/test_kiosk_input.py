"""The kiosk reads the touchscreen through one route only, so that no tap counts twice
(docs/kiosk.md, "The touchscreen, set up once")."""

from __future__ import annotations

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")  # Kivy must not read pytest's command line
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_FILELOG", "1")

from kivy.config import ConfigParser  # noqa: E402

from companion.app.kiosk import configure_input  # noqa: E402


def kivy_defaults() -> ConfigParser:
    """Kivy's own [input] on Linux: the mouse, and the touchscreen probed from sysfs."""
    config = ConfigParser()
    config.add_section("input")
    config.add_section("graphics")
    config.set("input", "mouse", "mouse")
    config.set("input", "%(name)s", "probesysfs")
    return config


def test_on_the_console_only_kivy_reads_the_touchscreen_and_the_mouse_route_is_off():
    config = kivy_defaults()
    configure_input(config, env={})
    assert dict(config.items("input")) == {"touchscreen": "probesysfs,provider=hidinput"}


def test_in_a_desktop_session_the_finger_comes_from_the_compositor_as_a_pointer_only():
    for env in ({"WAYLAND_DISPLAY": "wayland-1"}, {"DISPLAY": ":0"}):
        config = kivy_defaults()
        configure_input(config, env=env)
        assert dict(config.items("input")) == {"mouse": "mouse"}


def test_the_kiosk_hides_the_mouse_arrow():
    config = kivy_defaults()
    configure_input(config, env={})
    assert config.get("graphics", "show_cursor") == "0"
