"""Scans in the app: a tag becomes the card or ticket the screen is asking for; unknown tags are taught.

The reader runs on its own thread; every scan and status change is handed to the Kivy main
thread before it touches a screen or the Table.
"""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.togglebutton import ToggleButton

from companion.store import StoreError, TaggedComponent
from .games import game_kinds, game_ui
from .i18n import _
from .screens import BaseScreen
from .theme import touch
from .widgets import Question

log = logging.getLogger(__name__)


def taught_games() -> list[str]:
    """The games with components a tag can stand for (each has a teach panel)."""
    return [g for g in game_kinds() if game_ui(g).teach_panel is not None]


def scanner_configured() -> bool:
    """Whether the app listens to a card scanner (the config file, $COMPANION_SCANNER or the
    Pi's serial port: `companion.config.scanner_config`): only then does a question say a card
    may be scanned instead of tapped."""
    scanning = getattr(App.get_running_app(), "scanning", None)
    return scanning is not None and scanning.reader is not None


def component_name(component: TaggedComponent) -> str:
    """What a tag stands for, in the player's language (each game names its own components)."""
    if component.game in game_kinds():
        game = game_ui(component.game)
        if game.component_name is not None:
            return game.component_name(component)
    return f"{component.kind} {component.value}"  # a game this version no longer knows


class Scanning:
    """The app's side of the scanner: start, stop, and what a scan means on each screen."""

    def __init__(self, app):
        self.app = app
        self.reader = None
        self._ever_connected = False

    def start(self) -> None:
        from companion.config import ConfigError, load, scanner_config  # after Home's frame
        try:
            config = scanner_config(load())
        except (ConfigError, TypeError, ValueError) as error:
            log.error("no scanner: %s", error)
            return
        if config is None:
            return
        from companion.hardware.scanner import ScannerReader
        self.reader = ScannerReader.from_config(
            config,
            on_tag=lambda tag: Clock.schedule_once(lambda _dt: self.scanned(tag)),
            on_status=lambda code: Clock.schedule_once(lambda _dt: self.status(code)))
        self.reader.start()

    def stop(self) -> None:
        if self.reader is not None:
            self.reader.stop()
            self.reader = None

    def status(self, code: str) -> None:
        """Said on screen only when it helps: a scanner that was there went or came back."""
        screen = self.app.root.current_screen
        if code in ("connected", "reconnected"):
            self._ever_connected = True
            if code == "reconnected":
                screen.show_message(_("The card scanner is back."), good=True)
        elif code == "disconnected" and self._ever_connected:
            screen.show_message(_("The card scanner was unplugged. Plug it in again: "
                                  "it reconnects by itself."))

    def scanned(self, tag: str) -> None:
        """A tag was read (on the main thread)."""
        screen = self.app.root.current_screen
        if isinstance(screen, TeachScreen):
            screen.tag = tag
            return
        component = self.app.store.tag(tag)
        if component is None:
            TeachQuestion(tag).open(animation=False)
            return
        handled = getattr(screen, "component_scanned", None)
        if handled is not None and handled(component):
            return
        screen.show_message(_("Scanned: {what}").format(what=component_name(component)),
                            good=True)


class TeachQuestion(Question):
    """An unknown tag: teach it now (one tap), or not now."""

    def __init__(self, tag: str, **kwargs):
        super().__init__(_("This card is not known yet ({tag}).").format(tag=tag),
                         _("Teach it now"), lambda: self._teach(tag), _("Not now"), **kwargs)

    @staticmethod
    def _teach(tag: str) -> None:
        app = App.get_running_app()
        screen = app.root.get_screen("teach")
        screen.return_to = app.root.current
        screen.tag = tag
        app.go("teach")


class TeachScreen(BaseScreen):
    """Settings → Teach the scanner: scan a tag, then tap what it is (in the game chosen)."""

    tag = StringProperty("")
    return_to = StringProperty("settings")
    game_kind = StringProperty("")  # the game whose components are shown

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self._panels: dict = {}  # game id -> its panel, built when first shown

    def refresh(self) -> None:
        table = App.get_running_app().table
        taught = taught_games()
        if self.return_to != "settings" and table is not None:
            self.game_kind = table.header.game  # "teach it now" during a game: that game's parts
        if self.game_kind not in taught:
            self.game_kind = taught[0]
        games = self.ids.games
        games.clear_widgets()
        for game in [game_ui(g) for g in taught] if len(taught) > 1 else ():
            tab = ToggleButton(text=game.title, group="teach_game", allow_no_selection=False,
                               state="down" if game.game_kind == self.game_kind else "normal",
                               font_size=sp(15), halign="center", valign="middle")
            tab.bind(size=lambda w, sz: setattr(w, "text_size", (sz[0] - dp(8), None)))
            tab.bind(on_release=lambda _b, g=game.game_kind: self.choose_game(g))
            games.add_widget(tab)
        games.height = touch() if len(taught) > 1 else 0
        self._show_panel()

    def choose_game(self, game_kind: str) -> None:
        self.game_kind = game_kind
        self._show_panel()

    def _show_panel(self) -> None:
        panel = self._panels.get(self.game_kind)
        if panel is None:
            App.get_running_app().ensure_game(self.game_kind)  # its layouts name its widgets
            panel = self._panels[self.game_kind] = game_ui(self.game_kind).teach_panel(self.teach)
        box = self.ids.components
        if panel.parent is not box:
            box.clear_widgets()
            box.add_widget(panel)
        panel.refresh()

    def typed(self, text: str) -> None:
        """A tag typed in (a reader in keyboard mode, or testing without a reader)."""
        self.tag = text.strip()

    def teach(self, kind: str, value: str) -> None:
        if not self.tag:
            self.show_message(_("First scan the card."))
            return
        component = TaggedComponent(self.tag, self.game_kind, kind, value)
        try:
            App.get_running_app().store.teach(component)
        except StoreError:
            self.show_message(_("The tag could not be saved. Nothing was changed."))
            return
        self.show_message(_("Learned: {tag} is the {what}.").format(
            tag=self.tag, what=component_name(component)), good=True)
        self.tag = ""

    def back(self) -> None:
        App.get_running_app().go(self.return_to or "settings")
        self.return_to = "settings"
