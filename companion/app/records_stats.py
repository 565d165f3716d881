"""One game's statistics on the screen: plays, length and longest turn, a row per player, and two
players head to head (tap a name to pick the next player)."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.records.clocks import seconds_text
from companion.records.stats import GameStats, game_stats, head_to_head
from . import l10n
from .i18n import _, ngettext
from .records_hooks import title_bar
from .screens import BaseScreen
from .stored import game_name
from .theme import touch

NAME = "game_stats"
COLUMNS = 6  # player, plays, wins, average, best, longest turn


def open_stats(game: str, back: str) -> None:
    """Show one game's statistics; Back returns to the screen `back`."""
    from .records_hooks import show_screen
    show_screen(NAME, StatsScreen, back, game=game)


def _cell(text: str, bold: bool = False, wrap: bool = False) -> Label:
    label = Label(text=text, bold=bold, font_size=sp(15), size_hint_y=None,
                  height=dp(40 if wrap else 32), shorten=not wrap, halign="center",
                  valign="middle")
    label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
    return label


class StatsScreen(BaseScreen):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.game, self.back = "", "history"
        self.pair: list[str] = []
        root = BoxLayout(orientation="vertical", padding=dp(10), spacing=dp(6))
        top, self.title = title_bar(self)
        self.summary = Factory.Note(text="", font_size=sp(16))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.grid = GridLayout(cols=COLUMNS, size_hint_y=None, spacing=(dp(4), 0))
        self.grid.bind(minimum_height=self.grid.setter("height"))
        scroll.add_widget(self.grid)
        self.duel = BoxLayout(orientation="vertical", size_hint_y=None,
                              height=touch() + dp(30), spacing=dp(4))
        for widget in (top, self.summary, scroll, self.duel):
            root.add_widget(widget)
        self.add_widget(root)

    def refresh(self) -> None:
        if not self.game:
            return
        stats = game_stats(App.get_running_app().store, self.game)
        self.title.text = _("{game}: statistics").format(game=game_name(self.game))
        self._summary(stats)
        self._table(stats)
        ranked = [p.name for p in stats.ranked()]
        self.pair = ranked[:2] if len(ranked) >= 2 else []
        self._duel(ranked)

    def _summary(self, stats: GameStats) -> None:
        if not stats.plays:
            self.summary.text = _("No finished plays of this game yet.")
            return
        if not stats.timed:  # only scored here: no length, no turns timed
            self.summary.text = _("Games: {plays} · only scored here: not timed").format(
                plays=l10n.number(stats.plays))
            return
        self.summary.text = _("Games: {plays} · average length: {minutes} min · longest turn: "
                              "{time} ({player})").format(
            plays=l10n.number(stats.plays), minutes=l10n.number(stats.average_minutes),
            time=seconds_text(stats.longest_turn), player=stats.longest_by)

    def _table(self, stats: GameStats) -> None:
        table = self.grid
        table.clear_widgets()
        if not stats.plays:
            return
        for text in (_("Player"), _("Games"), _("Wins"), _("Average"), _("Best"),
                     _("Longest turn")):
            table.add_widget(_cell(text, bold=True, wrap=True))
        for player in stats.ranked():
            for text in (player.name, l10n.number(player.plays), l10n.number(player.wins),
                         l10n.number(player.average, 1), l10n.number(player.best),
                         seconds_text(player.longest_turn)):
                table.add_widget(_cell(text))

    def _duel(self, names: list[str]) -> None:
        """Head to head: two name buttons (a tap picks the next player) and the count."""
        duel = self.duel
        duel.clear_widgets()
        if not self.pair:
            return
        row = BoxLayout(spacing=dp(8), size_hint_y=None, height=touch())
        row.add_widget(Label(text=_("Head to head"), bold=True, font_size=sp(16),
                             size_hint_x=None, width=dp(170)))
        for side in (0, 1):
            if len(names) <= 2:  # nobody else to pick: the names are no buttons
                row.add_widget(Label(text=self.pair[side], font_size=sp(16), bold=True,
                                     shorten=True))
                continue
            button = Factory.QuietButton(text=self.pair[side], font_size=sp(16),
                                         shorten=True)
            button.bind(on_release=lambda _b, s=side: self._next(s, names))
            row.add_widget(button)
        duel.add_widget(row)
        store = App.get_running_app().store
        result = head_to_head(store, self.game, *self.pair)
        duel.add_widget(Factory.Note(text=ngettext(
            "{count} play together: {a} finished ahead {a_ahead}×, {b} {b_ahead}×, "
            "tied {level}×",
            "{count} plays together: {a} finished ahead {a_ahead}×, {b} {b_ahead}×, "
            "tied {level}×",
            result.plays).format(count=result.plays, a=result.a, b=result.b,
                                 a_ahead=result.a_ahead, b_ahead=result.b_ahead,
                                 level=result.level)))

    def _next(self, side: int, names: list[str]) -> None:
        """The next player on this side (never the one on the other side)."""
        other = self.pair[1 - side]
        choices = [n for n in names if n != other]
        current = choices.index(self.pair[side]) if self.pair[side] in choices else -1
        self.pair[side] = choices[(current + 1) % len(choices)]
        self._duel(names)
