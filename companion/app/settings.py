"""Settings: the language (remembered), the scanner (teaching it, scanning every card), and
where the games are kept."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.togglebutton import ToggleButton

from . import keyboard, records_hooks
from .games import game_ids, game_ui
from .i18n import LANGUAGES, _
from .screens import BaseScreen
from .theme import touch


class SettingsScreen(BaseScreen):
    where = StringProperty("")

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.languages
        box.clear_widgets()
        for code, name in LANGUAGES.items():
            button = ToggleButton(text=name, group="language", allow_no_selection=False,
                                  state="down" if code == app.language else "normal",
                                  font_size=sp(18), size_hint_y=None, height=touch(8))
            button.code = code
            button.bind(on_release=lambda b: App.get_running_app().set_language(b.code))
            box.add_widget(button)
        self.where = _("Games are kept in {path}").format(path=app.store.path)
        self._scanning(app.store)
        self.ids.keyboard.state = "down" if keyboard.wanted(app.store, app.kiosk) else "normal"
        self.ids.keyboard.disabled = app.kiosk  # the kiosk always has it
        if "backup" not in self.ids:  # Back up to a USB stick, beside Teach (issue 15)
            self.ids["backup"] = records_hooks.backup_button()
            self.ids.teach.parent.add_widget(self.ids["backup"])

    def set_keyboard(self, on: bool) -> None:
        app = App.get_running_app()
        app.store.set_setting(keyboard.SETTING, "1" if on else "0")
        app.set_keyboard(keyboard.wanted(app.store, app.kiosk))

    def _scanning(self, store) -> None:
        """A "scan every card drawn" toggle for each game that has strict scanning, labelled
        with the game and what it scans; its id is the setting's key."""
        box = self.ids.scanning
        box.clear_widgets()
        for game_id in game_ids():
            ui = game_ui(game_id)
            if ui.strict_scan is None:
                continue
            key, what = ui.strict_scan
            button = ToggleButton(text=f"{ui.title}:\n{what()}", font_size=sp(15),
                                  halign="center", valign="middle",
                                  state="down" if strict_scan(store, key) else "normal")
            button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(12), None)),
                        texture_size=lambda *_: self._fit_scanning())
            button.bind(on_release=lambda b, key=key: self.set_strict_scan(key, b.state == "down"))
            box.add_widget(button)
            self.ids[key] = button

    def _fit_scanning(self) -> None:
        """The toggles as tall as the longest one's words (German: three lines)."""
        box = self.ids.scanning
        box.height = max([touch(12)] + [b.texture_size[1] + dp(12) for b in box.children])

    def set_strict_scan(self, key: str, on: bool) -> None:
        App.get_running_app().store.set_setting(key, "1" if on else "0")


def strict_scan(store, key: str) -> bool:
    """Whether new games of a game scan every card (or tile) drawn: its setting `key`."""
    return store.setting(key, "0") == "1"
