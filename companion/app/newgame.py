"""New game, for any of the games: players with names, their colours from the box, seat order,
who starts, and which seat button is whose (each player presses their own)."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Color, Line, Triangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from .i18n import _
from .names import name_lines, text_width, undrawable
from .rig import rig_fitted
from .screens import BaseScreen
from .games import GameUi, game_kinds, game_ui
from .theme import touch
from .widgets import PlayerTab

SEATS = 4  # seat buttons and LEDs on the rig


class ColourChip(ButtonBehavior, Widget):
    """One of the box's player colours; a ring shows the one chosen."""

    colour = StringProperty("blue")
    chosen = BooleanProperty(False)
    rgba = ListProperty([1, 1, 1, 1])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.size_hint = (None, None)
        self.size = (touch(), touch())
        self.bind(pos=self._draw, size=self._draw, chosen=self._draw, colour=self._draw)

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        r = self.width * 0.34
        cx, cy = self.center
        with self.canvas:
            if self.chosen:
                Color(1, 1, 1, 1)
                Line(circle=(cx, cy, r + dp(5)), width=dp(2.5))
            Color(*self.rgba)
            from kivy.graphics import Ellipse
            Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))


class ArrowButton(ButtonBehavior, Widget):
    """Moves a player one seat earlier."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.size_hint = (None, None)
        self.size = (touch(), touch())
        self.bind(pos=self._draw, size=self._draw, disabled=self._draw)

    def _draw(self, *_args) -> None:
        self.canvas.clear()
        cx, cy = self.center
        s = dp(11)
        with self.canvas:
            Color(1, 1, 1, 0.25 if self.disabled else 0.9)
            Triangle(points=[cx - s, cy - s * 0.6, cx + s, cy - s * 0.6, cx, cy + s * 0.8])


def fit_name(button, name: str, lines: int = 3) -> None:
    """A player's name inside a button: broken after a hyphen or at a space where it must,
    in a smaller type where even that is too wide (a long name with no place to break), on
    at most `lines` lines."""
    room = button.width - dp(16)
    if room <= 0:
        return
    size = button.font_size if not hasattr(button, "_name_size") else button._name_size
    button._name_size = size
    bold = bool(getattr(button, "bold", False))
    if text_width(name, size, bold) <= room:  # the usual case: one measurement
        button.font_size, button.text, button.text_size = size, name, (room, None)
        return
    font = size
    while font > dp(10):
        text = name_lines(name, room, font, bool(getattr(button, "bold", False)))
        widest = max(text_width(part, font, bool(getattr(button, "bold", False)))
                     for part in text.split("\n"))
        if widest <= room and text.count("\n") < lines:
            break
        font -= 1
    button.font_size = font
    button.text = text
    button.text_size = (room, None)


class PlayerRow(BoxLayout):
    """A seat: name, colour, the seat button the player pressed, move up, remove."""

    seat = NumericProperty(0)
    colour = StringProperty("")
    place = NumericProperty(-1)  # the physical seat whose button this player pressed; -1: none

    def __init__(self, screen: "NewGameScreen", **kwargs):
        super().__init__(orientation="horizontal", size_hint_y=None, height=touch(),
                         spacing=dp(4), **kwargs)
        self.screen = screen
        self.name_input = Factory.TextField(size_hint_x=1, hint_text=_("Name"))
        self.name_input.bind(text=self._typed)
        self.add_widget(self.name_input)
        self.chips = []  # the colours offered at this player count (`offer`)
        game = screen.game
        self.all_chips = [ColourChip(colour=colour, rgba=list(game.rgba[colour]))
                          for colour in game.colours]
        for chip in self.all_chips:
            chip.bind(on_release=lambda chip: self.choose(chip.colour))
        self.place_button = Factory.QuietButton(text="–", size_hint=(None, None),
                                                size=(touch(), touch()))
        self.place_button.bind(on_release=lambda *_: screen.free_seat(self))
        self.bind(place=self._show_place)
        self.tail = 2  # the widgets after the colours: the seat button (with a rig), ↑ and ×
        if rig_fitted():  # without seat buttons there is no seat to take
            self.add_widget(self.place_button)
            self.tail = 3
        self.up = ArrowButton()
        self.up.bind(on_release=lambda *_: screen.move_up(self))
        self.add_widget(self.up)
        self.remove = Factory.QuietButton(text="×", size_hint=(None, None), size=(touch(), touch()))
        self.remove.bind(on_release=lambda *_: screen.remove_row(self))
        self.add_widget(self.remove)

    def offer(self, colours: tuple[str, ...]) -> None:
        """Chips for these colours only, in the box's order, between the name and the seat."""
        for chip in self.chips:
            self.remove_widget(chip)
        self.chips = [chip for chip in self.all_chips if chip.colour in colours]
        for chip in self.chips:  # before the seat button, the arrow and ×
            self.add_widget(chip, index=self.tail)

    def choose(self, colour: str) -> None:
        self.colour = colour
        for chip in self.chips:
            chip.chosen = chip.colour == colour
        if self.parent is not None:
            self.screen.names_changed()

    def _show_place(self, *_args) -> None:
        self.place_button.text = str(self.place + 1) if self.place >= 0 else "–"

    def _typed(self, field, text: str) -> None:
        """A name keeps only what can be drawn: an emoji is refused at once, with why."""
        bad = undrawable(text)
        if bad:
            field.text = "".join(ch for ch in text if ch not in bad)
            self.screen.show_message(_("A name can't hold emoji or symbols: the screen can't "
                                       "draw them. Letters, digits and - ' are fine."))
            return
        self.screen.names_changed()

    @property
    def name(self) -> str:
        return self.name_input.text.strip()


class NewGameScreen(BaseScreen):
    mode = StringProperty("play")  # or "score_only"
    game_kind = StringProperty("")  # set by prepare()
    first = NumericProperty(-1)  # the seat that starts; -1 until someone taps
    unfinished_text = StringProperty("")  # the notice beside Start: games not finished yet
    seats_full = BooleanProperty(False)  # no name can be added: "Played before" makes room
    names_known = BooleanProperty(False)  # names played before: the list has its heading
    rig_fitted = BooleanProperty(False)  # seat buttons to press: the seat hint is shown

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.variants: dict = {}  # the game's options chosen here (scenario, rules variant)
        self.set_aside = False  # the unfinished games were set aside for this new game
        self.asking = None  # the notice's question, while it is open

    @property
    def game(self) -> GameUi:
        return game_ui(self.game_kind)

    def prepare(self, mode: str, game_kind: str | None = None) -> None:
        """A fresh form for this game: as many empty seats as it needs."""
        game_kind = game_kind or self.game_kind or game_kinds()[0]
        App.get_running_app().ensure_game(game_kind)
        self.mode = mode
        self.game_kind = game_kind
        self.first = -1
        self.set_aside = False
        self.rig_fitted = rig_fitted()
        self.variants = {v.option: v.choices[0][0] for v in self.game.variants}
        from companion.games.rule_cards import table_defaults  # table rules: in every header
        self.variants.update(table_defaults(game_kind))
        self.ids.rows.clear_widgets()
        for _seat in range(self.game.least):
            self.add_row()
        self._light_seats()

    def refresh(self) -> None:
        if not self.ids.rows.children:
            self.prepare(self.mode, self.game_kind)
        self.ids.title.text = self.game.title
        self._fill_previous()
        self._fill_variants()
        self.names_changed()
        self._note_unfinished()

    @property
    def rows(self) -> list[PlayerRow]:
        return list(reversed(self.ids.rows.children))

    def add_row(self, name: str = "") -> None:
        rows = self.rows
        if len(rows) >= self.game.most:
            self.show_message(self.game.player_count())
            return
        row = PlayerRow(self)
        row.name_input.text = name
        self.ids.rows.add_widget(row, index=0)
        self._offer_colours()
        self.names_changed()

    def remove_row(self, row: PlayerRow) -> None:
        if len(self.rows) <= self.game.least:
            self.show_message(self.game.player_count())
            return
        self.ids.rows.remove_widget(row)
        self.first = -1
        self._offer_colours()
        self.names_changed()
        self._light_seats()

    def _offer_colours(self) -> None:
        """The colours the game plays with this many players (Manhattan TraffIQ's box deals
        them by player count): a player whose colour is no longer one takes a free one."""
        rows = self.rows
        offered = self.game.game.colours_at(len(rows))
        taken = {row.colour for row in rows if row.colour in offered}
        for row in rows:
            row.offer(offered)
            if row.colour not in offered:
                row.choose(next(c for c in offered if c not in taken))
                taken.add(row.colour)

    # ---- seat buttons ----------------------------------------------------------------------

    def take_seat(self, seat: int) -> None:
        """A seat button pressed: that seat goes to the player whose name is being typed, else
        to the first player without a seat, else to a new player."""
        rows = self.rows
        for row in rows:
            if row.place == seat:
                self.show_message(self._sits_at(row), good=True)
                return
        row = next((r for r in rows if r.name_input.focus), None)
        row = row or next((r for r in rows if r.place < 0), None)
        if row is None and len(rows) < self.game.most:
            self.add_row()
            row = self.rows[-1]
        if row is None:
            self.show_message(_("Every player has a seat. Tap a seat number to free it."))
            return
        row.place = seat
        self.show_message(self._sits_at(row), good=True)
        self._light_seats()

    def free_seat(self, row: PlayerRow) -> None:
        if row.place < 0:
            self.show_message(_("Press your seat button to take that seat."))
            return
        row.place = -1
        self._light_seats()

    def _sits_at(self, row: PlayerRow) -> str:
        seat = self.rows.index(row)
        name = row.name or _("Player {n}").format(n=seat + 1)
        return _("{player} sits at seat {seat}.").format(player=name, seat=row.place + 1)

    def _light_seats(self) -> None:
        rig = App.get_running_app().rig
        if rig is not None:
            rig.show_seats([row.place for row in self.rows if row.place >= 0])

    def on_leave(self, *args) -> None:
        """Back to whatever the LEDs showed before (the game being resumed, or nothing)."""
        super().on_leave(*args)
        app = App.get_running_app()
        if app.rig is not None:
            app.rig.follow(app.table)

    def move_up(self, row: PlayerRow) -> None:
        rows = self.rows
        i = rows.index(row)
        if i == 0:
            return
        rows[i - 1], rows[i] = rows[i], rows[i - 1]  # the seat button stays with its player
        self.ids.rows.clear_widgets()
        for r in rows:
            self.ids.rows.add_widget(r, index=0)
        self.first = -1
        self.names_changed()

    def use_name(self, name: str) -> None:
        """A name from earlier games: into the first empty seat, or a new seat."""
        for row in self.rows:
            if row.name.casefold() == name.casefold():
                return
        for row in self.rows:
            if not row.name:
                row.name_input.text = name
                return
        self.add_row(name)

    def _fill_previous(self) -> None:
        box = self.ids.previous
        box.clear_widgets()
        # every name known (the list scrolls), two a row in the 240 dp column (newgame.kv);
        # a name too wide for half the column takes the whole row
        names = App.get_running_app().store.player_names()
        self.names_known = bool(names)
        for name in names:
            button = Factory.QuietButton(size_hint=(None, None), height=touch(), width=dp(117))
            if text_width(name, button.font_size) > button.width - dp(12):
                button.width = dp(234)
            fit_name(button, name)
            button.player_name = name
            button.bind(on_release=lambda _b, n=name: self.use_name(n))
            box.add_widget(button)

    def _fill_variants(self) -> None:
        """The game's choices: a heading and one toggle per choice (the rules' default first)."""
        box = self.ids.variants
        box.clear_widgets()
        chosen = self.variants
        for variant in self.game.variants if self.mode == "play" else ():
            box.add_widget(Factory.Note(text=_(variant.label)))
            for value, name in variant.choices:
                button = PlayerTab(text=_(name), group=f"variant-{variant.option}",
                                   allow_no_selection=False, size_hint_y=None, height=touch(),
                                   state="down" if chosen.get(variant.option) == value
                                   else "normal")
                button.bind(on_release=lambda _b, o=variant.option, v=value:
                            self.choose_variant(o, v))
                box.add_widget(button)
        from .table_rules import place_table_rules  # the rulebook's open readings
        place_table_rules(self)

    def choose_variant(self, option: str, value) -> None:
        self.variants[option] = value

    def names_changed(self) -> None:
        """Who starts: one button per player (the rules say who)."""
        box = self.ids.starts
        box.clear_widgets()
        rows = self.rows
        game = self.game
        # A group of its own each time: Kivy's toggle group keeps weak references, and the
        # last buttons, dying while a tap releases the group, made it fail ("x not in list")
        group = object()
        for seat, row in enumerate(rows):
            row.up.disabled = seat == 0
            name = row.name or _("Player {n}").format(n=seat + 1)
            button = PlayerTab(group=group, allow_no_selection=False,
                               state="down" if seat == self.first else "normal",
                               rgba=game.rgba[row.colour] if row.colour else (0, 0, 0, 0),
                               halign="center", shorten=False)
            # each name inside its own button (3-4 players share the row)
            # once a frame at most: typing a name rebuilds these on every letter
            fit = Clock.create_trigger(lambda _dt, b=button, n=name: fit_name(b, n, lines=2))
            button.bind(width=lambda *_a, fit=fit: fit())
            button.bind(on_release=lambda b, seat=seat: setattr(self, "first", seat))
            box.add_widget(button)
        self.ids.add_player.closed = len(rows) >= game.most  # greyed; a tap says why
        # "Played before" makes room only once no seat waits for a name
        self.seats_full = len(rows) >= game.most and all(row.name for row in rows)
        seated = {row.name.casefold() for row in rows}
        for button in self.ids.previous.children:  # a name already at the table is not offered
            button.disabled = button.player_name.casefold() in seated
        self.ids.starts_label.text = (_("Score a finished game") if self.mode == "score_only"
                                      else game.starts() if game.starts else _("Who starts?"))
        box.opacity = 0 if self.mode == "score_only" else 1
        box.disabled = self.mode == "score_only"

    def problems(self) -> str | None:
        """Why the game cannot start yet, in the player's language; None when it can."""
        rows = self.rows
        names = [row.name for row in rows]
        if not self.game.least <= len(rows) <= self.game.most:
            return self.game.player_count()
        if not all(names):
            return _("Every player needs a name.")
        if len({n.casefold() for n in names}) != len(names):
            return _("Two players have the same name: give each player a name of their own.")
        colours = [row.colour for row in rows]
        if len(set(colours)) != len(colours):
            return _("Two players have the same colour: each player takes their own.")
        if self.mode == "play" and not 0 <= self.first < len(rows):
            return _("Who starts? Tap their name.")
        return None

    # ---- games not finished yet: resume one, or set them aside (Home keeps them) ------------

    def _note_unfinished(self) -> None:
        """Beside Start, as long as they are not set aside: how many games are not finished."""
        count = 0 if self.set_aside else len(App.get_running_app().store.unfinished())
        self.unfinished_text = _("Not finished: {count}").format(count=count) if count else ""
        notice = self.ids.unfinished
        # Hidden, it takes no room: a size hint of 0 would make it a fixed 100 px wide.
        notice.size_hint_x, notice.opacity, notice.disabled = (1, 1, False) if count else \
            (None, 0, True)
        if not count:
            notice.width = 0

    def show_unfinished(self) -> None:
        from .home import SetAside
        from .stored import Unfinished
        app = App.get_running_app()
        games = [Unfinished.of(app.store, record) for record in app.store.unfinished()]
        self.asking = SetAside(games, app.resume, self.set_games_aside)
        self.asking.open(animation=False)

    def set_games_aside(self) -> None:
        several = len(App.get_running_app().store.unfinished()) > 1
        self.set_aside = True
        self._note_unfinished()
        self.show_message(_("Set aside: resume them from Home at any time.") if several
                          else _("Set aside: resume it from Home at any time."), good=True)

    def start(self) -> None:
        problem = self.problems()
        if problem:
            self.show_message(problem)
            return
        from companion.hardware.seats import fill_places
        rows = self.rows
        app = App.get_running_app()
        places = fill_places([row.place if row.place >= 0 else None for row in rows], SEATS)
        variants = self.variants if self.mode == "play" else {}
        start = {"game_kind": self.game_kind, "players": [row.name for row in rows],
                 "colours": [row.colour for row in rows], "first": max(self.first, 0),
                 "mode": self.mode, "places": places, "variants": dict(variants)}
        if self.game.before_start is not None and self.game.before_start(start):
            return  # the game's own screen comes first; this form stays filled for Back
        app.start_game(**start)
        self.ids.rows.clear_widgets()  # the next New game starts afresh
