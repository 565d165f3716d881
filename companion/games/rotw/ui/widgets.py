"""The Railways of the World screens' pieces: cards, goods, questions, the city-card form, a player's row."""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.factory import Factory

from ..engine import GOODS, RAIL_COLOURS
from ..engine.box import ANY_GOODS_VALUE, CITY_VALUES
from ..engine.building import MAX_POINTS
from companion.app.i18n import _
from .card_marks import draw_marks, split_marks
from .city_card import CityCard
from .network import GOODS_INK, GOODS_RGBA, RAIL_RGBA
from .words import card_name, cards_label, goods_name, rail_name
from companion.app.theme import touch
from companion.app.dialogs import Dialog
from companion.app.names import NameLabel
from companion.app.widgets import CardButton

CITY_RGBA = (0.80, 0.74, 0.58, 1)
LOCO_RGBA = (0.20, 0.22, 0.26, 1)


def card_rgba(key: str):
    if key == "loco":
        return LOCO_RGBA, (1, 1, 1, 1)
    if key.startswith("city-"):
        return CITY_RGBA, (0.1, 0.1, 0.1, 1)
    colour = key.rpartition("-")[0]
    rgba = RAIL_RGBA.get(colour, (0.3, 0.3, 0.3, 1))
    dark = colour in ("purple", "brown")
    return rgba, (1, 1, 1, 1) if dark else (0.1, 0.1, 0.1, 1)


class RotwCard(CardButton):
    """A Railways of the World card: a Locomotive, a city card or a rail card; in a picker,
    marked while it is in the answer (`taken`: tapped so often, `kept`: pre-selected)."""

    taken = NumericProperty(0)
    kept = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._mark, size=self._mark, taken=self._mark, kept=self._mark)

    def on_card(self, _instance, card: str) -> None:
        rgba, ink = card_rgba(card) if card else ((0.25, 0.27, 0.31, 1), (1, 1, 1, 1))
        self.rgba, self.ink = list(rgba), list(ink)

    def _mark(self, *_args) -> None:
        draw_marks(self, self.taken, self.kept)


class GoodsButton(CardButton):
    def on_card(self, _instance, goods: str) -> None:
        self.rgba = list(GOODS_RGBA.get(goods, (0.3, 0.3, 0.3, 1)))
        self.ink = list(GOODS_INK.get(goods, (1, 1, 1, 1)))


class RotwDialog(Dialog):
    """A question beside the network (which stays in sight on the left)."""

    SIZES = {"confirm": ((0.5, 0.62), {"right": 0.99, "center_y": 0.5}),
             "goods": ((0.5, 0.62), {"right": 0.99, "center_y": 0.5}),
             "colour": ((0.5, 0.5), {"right": 0.99, "center_y": 0.5}),
             "locomotive": ((0.5, 0.62), {"right": 0.99, "center_y": 0.5})}
    DEFAULT = ((0.66, 0.97), {"right": 0.995, "center_y": 0.5})

    def __init__(self, kind: str, **kwargs):
        if kind not in self.SIZES:
            self.SIZES = {**self.SIZES, kind: self.DEFAULT}
        super().__init__(kind, **kwargs)
        self.message_layer()  # a refusal is said over the question, where one looks


def button_row(height: float | None = None) -> BoxLayout:
    return BoxLayout(size_hint_y=None, height=touch(4) if height is None else height,
                     spacing=dp(8))


def choice_list(dialog: "RotwDialog", buttons) -> None:
    """Buttons in two columns that scroll when there are many."""
    grid = GridLayout(cols=2, spacing=dp(6), size_hint_y=None, row_force_default=True,
                      row_default_height=touch())
    grid.bind(minimum_height=grid.setter("height"))
    for button in buttons:
        grid.add_widget(button)
    scroll = Factory.ScrollView(do_scroll_x=False)
    scroll.add_widget(grid)
    dialog.box.add_widget(scroll)


class CardPicker(RotwDialog):
    """One tap per card (turned up, discarded, paid): the cards tapped so far, a way back."""

    ORDER = ["loco", "city-2", "city-3", "city-4", "city-5",
             *[f"{c}-1" for c in RAIL_COLOURS], *[f"{c}-2" for c in RAIL_COLOURS]]

    def __init__(self, kind: str, on_card, keys: list[str] | None = None):
        super().__init__(kind)
        self._answer = on_card
        self.tapped: list[str] = []  # the cards tapped (or scanned) on this picker, in turn
        self.heading = self.title("")
        self.chosen = Label(font_size=sp(15), size_hint_y=None, height=dp(22), shorten=True,
                            halign="left", valign="middle")
        self.chosen.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        self.box.add_widget(self.chosen)
        grid = GridLayout(cols=5, spacing=dp(6))
        self.cards = {}
        for key in keys or self.ORDER:
            button = RotwCard(card=key, size_hint=(1, 1), font_size=sp(15))
            button.bind(on_release=lambda _b, key=key: self.on_card(key))
            self.cards[key] = button
            grid.add_widget(button)
        self.box.add_widget(grid)
        self.buttons = button_row()
        self.box.add_widget(self.buttons)

    def on_card(self, key: str) -> None:
        """A card tapped, or scanned (a scan answers as a tap: RotwPlayScreen)."""
        self.tapped.append(key)
        self._answer(key)

    def show(self, heading: str, collected: list[str], allowed) -> None:
        """The question; the cards in the answer so far (`collected`) marked on the grid: those
        tapped here as tapped, the rest as the app's pre-selection (the cheapest payment)."""
        self.heading.text = heading
        self.chosen.text = cards_label(collected) if collected else ""
        if not collected:
            self.tapped = []  # cleared, or a fresh answer: the next tap starts it
        marks = split_marks(list(collected), self.tapped)
        for key, button in self.cards.items():
            button.text = card_name(key)
            button.disabled = allowed is not None and key not in allowed
            button.taken, button.kept = marks.get(key, (0, 0))

    def set_buttons(self, *buttons) -> None:
        self.buttons.clear_widgets()
        for button in buttons:
            self.buttons.add_widget(button)


class CityCardForm(BoxLayout):
    """A city card's features: its value, its demand colour and its connection points. With a
    `fixed` value (told already, the cards paid for it) the value is not asked and the points
    come before the demand: `marked` is the link's colour, a point the card must show, marked
    by the app (Clear points takes it off), and the demand tapped last calls `on_demand`.
    `lacking`: every colour marked, a tap takes one off (or puts it back); Clear points
    starts from none, each tap adding one."""

    def __init__(self, on_change, fixed: int | None = None, marked: str | None = None,
                 on_demand=None, lacking: bool = False, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(4), **kwargs)
        self.on_change, self.on_demand = on_change, on_demand
        self.value: int | None = fixed
        self.demand: str | None = None
        self.lacking = lacking
        self.points: list[str] = list(RAIL_COLOURS) if lacking else [marked] if marked else []
        self.marked = marked
        self.value_label = self._label()
        values = button_row(touch())
        self.values = {}
        for value in CITY_VALUES:
            button = RotwCard(card=f"city-{value}", text=str(value), size_hint=(1, 1),
                              font_size=sp(22))
            button.bind(on_release=lambda _b, v=value: self.set_value(v))
            self.values[value] = button
            values.add_widget(button)
        self.demand_label = self._label()
        demands = button_row(touch())
        self.demands = {}
        for goods in GOODS:
            button = GoodsButton(card=goods, size_hint=(1, 1), font_size=sp(15))
            button.bind(on_release=lambda _b, g=goods: self.set_demand(g))
            self.demands[goods] = button
            demands.add_widget(button)
        self.points_label = self._label()
        points = button_row(touch())
        self.colours = {}
        for colour in RAIL_COLOURS:
            button = RotwCard(card=f"{colour}-1", size_hint=(1, 1), font_size=sp(15))
            button.bind(on_release=lambda _b, c=colour: self.add_point(c))
            self.colours[colour] = button
            points.add_widget(button)
        rows = (self.value_label, values, self.demand_label, demands, self.points_label,
                points) if fixed is None else \
            (self.points_label, points, self.demand_label, demands)
        if marked or lacking:  # the marked point said whole, on two lines
            self.points_label.shorten, self.points_label.height = False, dp(40)
        for widget in rows:
            self.add_widget(widget)

    @staticmethod
    def _label() -> Label:
        label = Label(font_size=sp(15), size_hint_y=None, height=dp(19), halign="left",
                      valign="middle", shorten=True)
        label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        return label

    def card(self) -> CityCard | None:
        if self.value is None:
            return None
        demand = None if self.value == ANY_GOODS_VALUE else self.demand  # it takes any goods
        card = CityCard(self.value, demand, tuple(self.points))
        return card if card.complete() else None

    def fill(self, card: CityCard) -> None:
        self.value, self.demand, self.points = card.value, card.demand, list(card.points)
        self.refresh()

    def set_value(self, value: int) -> None:
        self.value = value
        self.refresh()

    def set_demand(self, goods: str) -> None:
        self.demand = goods
        self.refresh()
        if self.on_demand is not None:
            self.on_demand()

    def add_point(self, colour: str) -> None:
        if self.lacking and colour in self.points:  # a colour the card does not show
            if colour != self.marked:  # the link's colour stays: the new city must show it
                self.points.remove(colour)
        elif len(self.points) < MAX_POINTS:
            self.points.append(colour)
        self.refresh()

    def clear_points(self) -> None:
        self.points, self.marked, self.lacking = [], None, False
        self.refresh()

    def refresh(self) -> None:
        self.value_label.text = _("Its value:")
        any_goods = self.value == ANY_GOODS_VALUE
        self.demand_label.text = (_("Value 5: it takes goods of any colour.") if any_goods
                                  else _("The goods it demands (its hexagon's colour):"))
        if self.on_demand is not None and not any_goods:
            self.demand_label.text = _("Last, the goods it demands (the tap builds):")
        shown = ", ".join(rail_name(c) for c in self.points) or "–"
        self.points_label.text = _("Its connection points: {points}").format(points=shown)
        if self.lacking:
            self.points_label.text = _("Its connection points: {points} (all marked: tap those "
                                       "it does not show; Clear points empties them)").format(
                points=shown)
        elif self.marked is not None and self.marked in self.points:
            self.points_label.text = _("Its connection points: {points} (the link's {colour} "
                                       "marked: Clear points takes it off)").format(
                points=shown, colour=rail_name(self.marked))
        for value, button in self.values.items():
            button.state = "down" if value == self.value else "normal"
            button.text = f"[b]{value}[/b]" if value == self.value else str(value)
            button.markup = True
        for goods, button in self.demands.items():  # the chosen one framed and bold: the
            chosen = goods == self.demand                # others stay bright, still to be tapped
            button.state = "down" if chosen else "normal"
            button.text = f"[b]{goods_name(goods)}[/b]" if chosen else goods_name(goods)
            button.markup = True
            button.disabled = self.value == ANY_GOODS_VALUE
        for colour, button in self.colours.items():
            count = self.points.count(colour)
            button.text = rail_name(colour) + (f" ×{count}" if count else "")
            button.state = "down" if count and self.lacking else "normal"
        self.on_change()


class RotwPlayerRow(BoxLayout):
    """One player under the network: name, the score track, cards, pulling power, trains, cubes."""

    def __init__(self, **kwargs):
        super().__init__(size_hint_y=None, height=dp(25), spacing=dp(4), **kwargs)
        # the name whole: its column holds a long one, a longer one takes two lines
        self.name = NameLabel(font_size=sp(15), size_hint=(0.33, None), halign="left",
                              least_height=dp(25))
        self.name.bind(height=lambda _w, height: setattr(self, "height", height))
        self.add_widget(self.name)
        self.track = self._cell(0.15, "left")
        self.cards = self._cell(0.12)
        self.power = self._cell(0.12)
        self.trains = self._cell(0.12)
        self.cubes = Widget(size_hint_x=0.16)
        self.cubes.bind(pos=self._draw_cubes, size=self._draw_cubes)
        self.add_widget(self.cubes)
        self._delivered: list[int] = [0] * len(GOODS)
        self._bar = (0.0, (1, 1, 1, 1))
        self.track.bind(pos=self._draw_bar, size=self._draw_bar)

    def _cell(self, share: float, align: str = "center") -> Label:
        label = Label(font_size=sp(15), size_hint_x=share, halign=align, valign="middle",
                      shorten=True, markup=True)
        label.bind(size=lambda w, sz: setattr(w, "text_size", (sz[0] - dp(4), sz[1])))
        self.add_widget(label)
        return label

    def show(self, name: str, rgba, player, power: int, share: float, current: bool) -> None:
        self.name.name = name
        self.name.bold = self.name.underline = current
        self.name.color = rgba
        self.track.text = f"[b]{player.track}[/b]"
        self.cards.text = str(player.hand.size)
        self.power.text = str(power)
        self.trains.text = str(player.trains)
        self._delivered = list(player.delivered)
        self._bar = (share, rgba)
        self._draw_bar()
        self._draw_cubes()

    def _draw_bar(self, *_args) -> None:
        """The score track: a bar as long as the points, against the leader's (or 25)."""
        share, rgba = self._bar
        t = self.track
        t.canvas.before.clear()
        with t.canvas.before:
            Color(1, 1, 1, 0.08)
            Rectangle(pos=(t.x + dp(26), t.y + dp(6)), size=(t.width - dp(28), t.height - dp(12)))
            Color(*rgba[:3], 0.85)
            Rectangle(pos=(t.x + dp(26), t.y + dp(6)),
                      size=((t.width - dp(28)) * share, t.height - dp(12)))

    def _draw_cubes(self, *_args) -> None:
        w = self.cubes
        w.canvas.clear()
        side = dp(9)
        with w.canvas:
            x = w.x
            for goods, count in zip(GOODS, self._delivered):
                if not count:
                    continue
                Color(0.85, 0.85, 0.85, 1)
                Rectangle(pos=(x - 1, w.center_y - side / 2 - 1), size=(side + 2, side + 2))
                Color(*GOODS_RGBA[goods])
                Rectangle(pos=(x, w.center_y - side / 2), size=(side, side))
                x += side + dp(2)
        w.canvas.after.clear()
        if sum(self._delivered):
            label = sum(self._delivered)
            from kivy.core.text import Label as CoreLabel
            text = CoreLabel(text=str(label), font_size=sp(15))
            text.refresh()
            with w.canvas.after:
                Color(1, 1, 1, 1)
                Rectangle(texture=text.texture, pos=(x + dp(2), w.center_y - text.texture.size[1] / 2),
                          size=text.texture.size)
