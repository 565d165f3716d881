"""Scans in the app: a tag becomes the card or ticket the screen is asking for; unknown tags are taught.

The reader runs on its own thread; every scan and status change is handed to the Kivy main
thread before it touches a screen or the Table.
"""

from __future__ import annotations

import logging

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.togglebutton import ToggleButton

from companion.boards import ttr_nyc_board
from companion.config import ConfigError, load, scanner_config
from companion.games.ttr_nyc.engine import Card
from companion.store import StoreError, TaggedComponent
from .i18n import _
from .screens import BaseScreen
from .theme import touch
from .widgets import CardButton, Question
from .words import card_name, ticket_label

log = logging.getLogger(__name__)
GAME = "ttr-nyc"


def component_name(component: TaggedComponent) -> str:
    """What a tag stands for, in the player's language (each game names its own components)."""
    from .games import GAMES
    game = GAMES.get(component.game)
    if game is not None and game.component_name is not None:
        return game.component_name(component)
    return ttr_component_name(component)


def ttr_component_name(component: TaggedComponent) -> str:
    if component.kind == "card":
        return _("{card} card").format(card=card_name(component.value))
    return _("ticket {ticket}").format(ticket=ticket_label(ttr_nyc_board(), component.value))


class TtrTeachPanel(BoxLayout):
    """Ticket to Ride: New York's components to tap when teaching a tag: cards and tickets."""

    def __init__(self, teach, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(8), **kwargs)
        cards = GridLayout(cols=7, spacing=dp(6), size_hint_y=None, height=touch(8))
        for card in Card:
            button = CardButton(card=card.key, size_hint=(1, 1))
            button.bind(on_release=lambda _b, key=card.key: teach("card", key))
            cards.add_widget(button)
        self.add_widget(cards)
        tickets = GridLayout(cols=3, spacing=dp(6))
        for ticket_id in ttr_nyc_board().tickets:
            button = Factory.QuietButton(font_size=sp(13))
            button.ticket_id = ticket_id
            button.bind(on_release=lambda b: teach("ticket", b.ticket_id))
            tickets.add_widget(button)
        self.add_widget(tickets)
        self._cards, self._tickets = cards, tickets

    def refresh(self) -> None:
        for button in self._cards.children:
            button.text = card_name(button.card)
        board = ttr_nyc_board()
        for button in self._tickets.children:
            button.text = ticket_label(board, button.ticket_id)


class Scanning:
    """The app's side of the scanner: start, stop, and what a scan means on each screen."""

    def __init__(self, app):
        self.app = app
        self.reader = None
        self._ever_connected = False

    def start(self) -> None:
        try:
            config = scanner_config(load())
        except ConfigError as error:
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
        super().__init__(_("This card or ticket is not known yet ({tag}).").format(tag=tag),
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
    game_id = StringProperty(GAME)

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self._panels: dict = {}  # game id -> its panel, built when first shown

    def refresh(self) -> None:
        from .games import GAMES
        table = App.get_running_app().table
        if self.return_to != "settings" and table is not None:
            self.game_id = table.header.game  # "teach it now" during a game: that game's parts
        games = self.ids.games
        games.clear_widgets()
        taught = [g for g in GAMES.values() if g.teach_panel is not None or g.game_id == GAME]
        for game in taught if len(taught) > 1 else ():
            tab = ToggleButton(text=game.title, group="teach_game", allow_no_selection=False,
                               state="down" if game.game_id == self.game_id else "normal",
                               font_size=sp(14), halign="center", valign="middle")
            tab.bind(size=lambda w, sz: setattr(w, "text_size", (sz[0] - dp(8), None)))
            tab.bind(on_release=lambda _b, g=game.game_id: self.choose_game(g))
            games.add_widget(tab)
        games.height = touch() if len(taught) > 1 else 0
        self._show_panel()

    def choose_game(self, game_id: str) -> None:
        self.game_id = game_id
        self._show_panel()

    def _show_panel(self) -> None:
        from .games import GAMES
        panel = self._panels.get(self.game_id)
        if panel is None:
            App.get_running_app().ensure_game(self.game_id)  # its layouts name its widgets
            game = GAMES.get(self.game_id)
            make = game.teach_panel if game is not None and game.teach_panel else TtrTeachPanel
            panel = self._panels[self.game_id] = make(self.teach)
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
            self.show_message(_("First scan the card or ticket."))
            return
        component = TaggedComponent(self.tag, self.game_id, kind, value)
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
