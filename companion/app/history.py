"""History: every stored game with its box and result, each game's players' records (never
points of different games together), and a game's full log."""

from __future__ import annotations

import json
from dataclasses import dataclass

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.boards import rules_for
from companion.gamelog import CLOCK_ENTRIES, UNDO
from companion.moments import plausible
from companion.store import GameRecord, GameStatus, UnreadableGame
from . import l10n, records_hooks, unreadable
from .games import game_kinds, game_ui
from .i18n import _
from .names import NameLabel, widest_part
from .screens import BaseScreen
from .stored import game_name, outcome

STATS_COLUMNS = 5  # player, games, wins, average, best
STATS_WIDTH = 0.5  # of the screen's width, beside the games: room for a whole name


@dataclass
class Record:
    """One player's finished games of one game."""

    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


def player_records(store) -> dict[str, dict[str, Record]]:
    """Game id -> player name -> their record in that game (points of one game only)."""
    records: dict[str, dict[str, Record]] = {}
    for game in store.games(GameStatus.FINISHED):
        players = records.setdefault(game.game, {})
        for result_row in store.results(game.id):
            record = players.setdefault(game.players[result_row.seat], Record())
            total = result_row.total
            record.games += 1
            record.wins += int(result_row.winner)
            record.total += total
            record.best = total if record.best is None else max(record.best, total)
    return records


def played_on(game: GameRecord) -> str | None:
    """The day a game is dated by: when it ended, else when it began; None where the Pi's clock
    had not been set yet (a 1970 reading is no date, docs/records.md)."""
    moments = (game.finished, game.abandoned, game.created)
    return next((l10n.day(m) for m in moments if m and plausible(m)), None)


def row_text(store, game: GameRecord) -> str:
    """A row of History: when, which game, and how it ended (or stands)."""
    date, name = played_on(game), game_name(game.game)
    first = _("{date} · {game}").format(date=date, game=name) if date else name
    return first + "\n" + outcome(store, game)


class HistoryScreen(BaseScreen):
    def refresh(self) -> None:
        store = App.get_running_app().store
        games = self.ids.games
        games.clear_widgets()
        stored = store.games()
        if not stored:
            games.add_widget(Factory.Note(text=_("No games yet.")))
        for game in stored:
            button = Factory.HistoryRow(text=row_text(store, game))
            button.bind(on_release=lambda b, gid=game.id: self.open_log(gid))
            games.add_widget(button)
        self._show_stats(player_records(store))

    def _show_stats(self, records: dict[str, dict[str, Record]]) -> None:
        """A table per game (in Home's order), its winners first."""
        stats = self.ids.stats
        stats.clear_widgets()
        known = [g for g in game_kinds() if g in records] + [g for g in records
                                                           if g not in game_kinds()]
        scroll = self.ids.stats_scroll
        # Hidden, it takes no room: a size hint of 0 would make it a fixed 100 px wide.
        scroll.size_hint_x, scroll.opacity = (STATS_WIDTH, 1) if known else (None, 0)
        if not known:
            scroll.width = 0
        for game_kind in known:
            stats.add_widget(Factory.Note(text=game_name(game_kind), bold=True, font_size=sp(16)))
            grid = GridLayout(cols=STATS_COLUMNS, size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            # the names' column as wide as the widest part of a name: never cut, at most two lines
            width = max(dp(80), widest_part(records[game_kind], sp(15)) + dp(8))
            for text in (_("Player"), _("Games"), _("Wins"), _("Average"), _("Best")):
                grid.add_widget(self._cell(text, bold=True, wrap=True))
            grid.children[-1].size_hint_x, grid.children[-1].width = None, width
            for name, record in sorted(records[game_kind].items(),
                                       key=lambda item: (-item[1].wins, item[0].casefold())):
                grid.add_widget(NameLabel(name=name, font_size=sp(15), size_hint=(None, None),
                                          width=width, least_height=dp(30)))
                for text in (l10n.number(record.games), l10n.number(record.wins),
                             l10n.number(record.average, 1), l10n.number(record.best)):
                    grid.add_widget(self._cell(text))
            stats.add_widget(grid)
            if game_kind in game_kinds():  # its statistics and head to head
                stats.add_widget(records_hooks.stats_button(game_kind))

    def _cell(self, text: str, bold: bool = False, wrap: bool = False) -> Label:
        """A cell of the players' table; headings wrap rather than being cut, numbers stand
        in the middle of their row (as tall as its name)."""
        label = Label(text=text, bold=bold, font_size=sp(15), size_hint_y=None if wrap else 1,
                      height=dp(40), shorten=not wrap, halign="center", valign="middle")
        label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        return label

    def open_log(self, game_id: int) -> None:
        app = App.get_running_app()
        app.root.get_screen("game_log").game_id = game_id
        app.go("game_log")


class GameLogScreen(BaseScreen):
    game_id = NumericProperty(0)
    title = StringProperty("")
    outcome = StringProperty("")  # the result: winners and totals, or abandoned / not finished

    def refresh(self) -> None:
        store = App.get_running_app().store
        box = self.ids.lines
        box.clear_widgets()
        if not self.game_id:
            return
        shown = page(store, self.game_id)
        self.title, self.outcome = shown.title, shown.outcome
        for text in shown.lines:
            label = Label(text=text, font_size=sp(15), size_hint_y=None, halign="left",
                          valign="middle")
            label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                       texture_size=lambda w, ts: setattr(w, "height", max(dp(26), ts[1])))
            box.add_widget(label)
        if shown.problem is not None:  # its rows can still be exported as stored
            unreadable.offer(self, shown.problem)


@dataclass(frozen=True)
class Page:
    """A game's History page: its box, how it ended, its log in words, and why it can't be
    opened (None: it can)."""

    title: str
    outcome: str
    lines: list[str]
    problem: UnreadableGame | None


def page(store, game_id: int) -> Page:
    """A game's page: every line of its log that can be read, in words; a line that cannot be
    worded (a piece this version does not know) as it is stored, and the game's reason over
    them. Raises only UnreadableGame's kin (StoreError) for a file that cannot be read."""
    game = store.game(game_id)
    title = game_name(game.game)
    date, said = played_on(game), outcome(store, game)
    if date:
        said = _("{date}: {outcome}").format(date=date, outcome=said)
    if game.game not in game_kinds():  # a game this version does not know
        return Page(title, said, [], UnreadableGame(game_id, _("this game is not known")))
    rules = rules_for(game.game)
    describe = game_ui(game.game).describe
    try:
        entries = store.log(game_id)
    except UnreadableGame as error:
        return Page(title, said, [], error)
    state, problem = _replayed(store, game_id, entries)
    lines = []
    for seq, entry in entries:
        if entry.get("type") in CLOCK_ENTRIES:  # breaks are no moves
            continue
        try:
            action = None if entry.get("type") == UNDO else rules.parse_action(entry)
            lines.append(f"{seq}. " + describe(action, game.players, rules, state=state))
        except Exception:  # noqa: BLE001  a line it cannot word is shown as stored
            lines.append(f"{seq}. " + _("(cannot be read: {entry})").format(
                entry=json.dumps(entry, ensure_ascii=False)[:200]))
    return Page(title, said, lines, problem)


def _replayed(store, game_id: int, entries) -> tuple:
    """The game's state at the end of its log (its lines name pieces by it: Railways' cities)
    and why it can't be opened (None, or the reason, with no state)."""
    from companion.table import replay
    try:
        return replay(store, game_id, entries).state, None
    except UnreadableGame as error:
        return None, error
