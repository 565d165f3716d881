"""Settings: the language (remembered), the scanner (teaching it, scanning every card), and
where the games are kept."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.factory import Factory
from kivy.uix.togglebutton import ToggleButton

from . import keyboard, records_hooks
from .games import game_kinds, game_ui
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
        if "backup" not in self.ids:  # Back up to a USB stick, beside Teach
            backup = self.ids["backup"] = records_hooks.backup_button()
            backup.size_hint_y = 1  # as tall as its row, like Teach and the keyboard toggle
            backup.bind(texture_size=lambda *_: self.fit_tools())
            self.ids.tools.add_widget(backup)
        # made once, so it is worded again here (a language chosen on this screen)
        self.ids.backup.text = _("Back up to a USB stick")

    def fit_tools(self) -> None:
        """Teach, the keyboard and Back up: one height, the wordiest one's."""
        fit_row(self.ids.tools, touch(4))

    def set_keyboard(self, on: bool) -> None:
        app = App.get_running_app()
        app.store.set_setting(keyboard.SETTING, "1" if on else "0")
        app.set_keyboard(keyboard.wanted(app.store, app.kiosk))

    def _scanning(self, store) -> None:
        """A "scan every card drawn" toggle for each game that has strict scanning, labelled
        with the game and what it scans; its id is the setting's key."""
        box = self.ids.scanning
        box.clear_widgets()
        for game_kind in game_kinds():
            ui = game_ui(game_kind)
            if ui.strict_scan is None:
                continue
            key, what = ui.strict_scan
            button = SettingToggle(label=f"[b]{title_lines(ui.title)}[/b]\n{what()}",
                                   font_size=sp(15),
                                   state="down" if strict_scan(store, key) else "normal")
            button.bind(texture_size=lambda *_: fit_row(self.ids.scanning, touch(12)))
            button.bind(on_release=lambda b, key=key: self.set_strict_scan(key, b.state == "down"))
            box.add_widget(button)
            self.ids[key] = button

    def set_strict_scan(self, key: str, on: bool) -> None:
        App.get_running_app().store.set_setting(key, "1" if on else "0")


class SettingToggle(ToggleButton):
    """A setting that is on or off: the app's toggle look (the accent blue when on, as the
    language toggles), its name and under it, in bold, "On" or "Off": a colour alone does not
    say which one is on."""

    label = StringProperty("")

    def on_label(self, *_args) -> None:
        self._show()

    def on_state(self, *_args) -> None:
        self._show()

    def _show(self) -> None:
        self.text = "{label}\n[b]{state}[/b]".format(
            label=self.label, state=_("On") if self.state == "down" else _("Off"))


Factory.register("SettingToggle", cls=SettingToggle)


def title_lines(title: str) -> str:
    """A game's name on lines of its own: a subtitle after the colon starts a new line
    ("Railways of the World:" / "The Card Game"), so a narrow button never breaks it at
    "The"."""
    return title.replace(": ", ":\n", 1)


def fit_row(box, least: float) -> None:
    """A row of buttons as tall as its wordiest button (at least `least`); the buttons fill it,
    so they are all one height."""
    box.height = max([least] + [b.texture_size[1] + dp(12) for b in box.children])


def strict_scan(store, key: str) -> bool:
    """Whether new games of a game scan every card (or tile) drawn: its setting `key`."""
    return store.setting(key, "0") == "1"
