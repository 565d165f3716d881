"""History: finished games with scores and winners, each player's record, and a game's full log."""

from __future__ import annotations

from dataclasses import dataclass

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.label import Label

from companion.boards import rules_for
from .i18n import _
from .screens import BaseScreen
from .games import game_ui
from .theme import touch


@dataclass
class Record:
    """One player's finished games."""

    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


def player_records(store) -> dict[str, Record]:
    records: dict[str, Record] = {}
    for game in store.games("finished"):
        for result in store.results(game.id):
            name = game.players[result["seat"]]
            record = records.setdefault(name, Record())
            record.games += 1
            record.wins += int(result["winner"])
            record.total += result["total"]
            record.best = result["total"] if record.best is None else max(record.best,
                                                                          result["total"])
    return records


class HistoryScreen(BaseScreen):
    def refresh(self) -> None:
        store = App.get_running_app().store
        games = self.ids.games
        games.clear_widgets()
        finished = store.games("finished")
        if not finished:
            games.add_widget(Factory.Note(text=_("No finished games yet.")))
        for game in finished:
            results = store.results(game.id)
            scores = ", ".join(f"{game.players[r['seat']]} {r['total']}" for r in results)
            winners = " & ".join(game.players[r["seat"]] for r in results if r["winner"])
            date = (game.finished or game.created)[:10]
            text = _("{date}: {scores} – won by {winners}").format(date=date, scores=scores,
                                                                  winners=winners)
            button = Factory.QuietButton(text=text, font_size=sp(14), height=touch())
            button.bind(on_release=lambda b, gid=game.id: self.open_log(gid))
            games.add_widget(button)
        stats = self.ids.stats
        stats.clear_widgets()
        for text in (_("Player"), _("Games"), _("Wins"), _("Average"), _("Best")):
            stats.add_widget(self._cell(text, bold=True, wrap=True))
        for name, record in sorted(player_records(store).items(),
                                   key=lambda item: (-item[1].wins, item[0].casefold())):
            for text in (name, str(record.games), str(record.wins), f"{record.average:.1f}",
                         str(record.best)):
                stats.add_widget(self._cell(text))

    def _cell(self, text: str, bold: bool = False, wrap: bool = False) -> Label:
        """A cell of the players' table; headings wrap rather than being cut."""
        label = Label(text=text, bold=bold, font_size=sp(13 if wrap else 14), size_hint_y=None,
                      height=dp(40 if wrap else 28), shorten=not wrap, halign="center",
                      valign="middle")
        label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        return label

    def open_log(self, game_id: int) -> None:
        app = App.get_running_app()
        app.root.get_screen("game_log").game_id = game_id
        app.go("game_log")


class GameLogScreen(BaseScreen):
    game_id = NumericProperty(0)
    title = StringProperty("")

    def refresh(self) -> None:
        store = App.get_running_app().store
        box = self.ids.lines
        box.clear_widgets()
        if not self.game_id:
            return
        game = store.game(self.game_id)
        rules = rules_for(game.game)
        describe = game_ui(game.game).describe
        self.title = ", ".join(game.players) + f" – {game.created[:10]}"
        for seq, entry in store.log(self.game_id):
            action = None if entry.get("type") == "undo" else rules.parse_action(entry)
            text = f"{seq}. " + describe(action, game.players, rules)
            label = Label(text=text, font_size=sp(14), size_hint_y=None, halign="left",
                          valign="middle")
            label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                       texture_size=lambda w, ts: setattr(w, "height", max(dp(26), ts[1])))
            box.add_widget(label)
