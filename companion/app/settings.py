"""Settings: the language (remembered), the scanner (teaching it, scanning every card), and
where the games are kept."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import sp
from kivy.properties import StringProperty
from kivy.uix.togglebutton import ToggleButton

from . import keyboard
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
        self.ids.scanned_hands.state = "down" if scanned_hands(app.store) else "normal"
        self.ids.keyboard.state = "down" if keyboard.wanted(app.store, app.kiosk) else "normal"
        self.ids.keyboard.disabled = app.kiosk  # the kiosk always has it

    def set_keyboard(self, on: bool) -> None:
        app = App.get_running_app()
        app.store.set_setting(keyboard.SETTING, "1" if on else "0")
        app.set_keyboard(keyboard.wanted(app.store, app.kiosk))

    def set_scanned_hands(self, on: bool) -> None:
        App.get_running_app().store.set_setting(SCANNED_HANDS, "1" if on else "0")


SCANNED_HANDS = "scanned_hands"  # the setting: new games scan every card dealt or drawn


def scanned_hands(store) -> bool:
    return store.setting(SCANNED_HANDS, "0") == "1"
