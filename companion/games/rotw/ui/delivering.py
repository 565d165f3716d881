"""B) and C) on the map: playing a Locomotive (at once where no cube could go with it, else with
the cube tapped next or alone), and delivering a cube by tapping the city it leaves and the city
it goes to (only where it could go to several): stored at the last tap, the route and points said
after, Undo beside."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.uix.widget import Widget

from companion.app.i18n import _
from companion.app.theme import touch
from companion.app.why import Refusal
from .. import GAME_KIND
from ..engine import GOODS, Deliver, PlayLocomotive
from ..engine.delivering import Delivery
from .widgets import GoodsButton, RotwDialog, button_row, choice_list
from .words import city_name, goods_name


def deliverable(options: list[Delivery], city_id: str, kinds: list[str]) -> list[str]:
    """The cubes of a city worth asking about: those the engine says can go somewhere (a cube
    that can go nowhere is never offered); all of them where none can (tapping one says why)."""
    going = [goods for goods in kinds
             if any(d.origin == city_id and d.goods == goods for d in options)]
    return going or kinds


class Delivering:
    def __init__(self, screen):
        self.screen = screen
        self.active = False  # the map waits for the cube's cities to be tapped
        self.locomotive = False  # a Locomotive is played with the delivery
        self.origin: str | None = None
        self.goods: str | None = None
        self.options: list[Delivery] = []

    @property
    def table(self):
        return self.screen.table

    @property
    def network(self):
        return self.screen.ids.network

    def refresh(self) -> None:
        if not self.active:
            self.network.selected, self.network.marked, self.network.highlight = "", [], []

    # ---- the Locomotive ------------------------------------------------------------------

    def open_locomotive(self) -> None:
        """Played at once where no cube could go with it; else the map waits for the cube it
        delivers (one tap where the cube can go to one city only), "Play it alone" beside."""
        if not self.screen.open_move("play_locomotive"):
            return
        table, seat = self.table, self.screen.seat
        reason = table.rules.check_deliver_with_locomotive(table.state, seat)
        if reason is not None:  # no cube to deliver with it: nothing to ask (Undo takes it back)
            self.screen.submit(PlayLocomotive(seat))
            return
        self.start(locomotive=True)

    def play_locomotive_alone(self) -> None:
        self.cancel()
        self.screen.submit(PlayLocomotive(self.screen.seat))

    # ---- choosing the cube -----------------------------------------------------------------

    def start(self, locomotive: bool = False) -> None:
        """Deliver mode: the cities with a cube that can go somewhere are ringed."""
        table, seat = self.table, self.screen.seat
        if locomotive:
            reason = table.rules.check_deliver_with_locomotive(table.state, seat)
            if reason is not None:
                self.screen.refuse(reason)
                return
        elif not self.screen.open_move("deliver", "map_message"):
            return
        self.screen.close_dialog()
        self.active, self.locomotive, self.origin, self.goods = True, locomotive, None, None
        self.options = table.rules.cube_deliveries(table.state, seat, locomotive)
        self.network.marked = sorted({d.origin for d in self.options})
        self.network.selected, self.network.highlight = "", []
        self.screen.actions.refresh()

    def stop(self) -> None:
        self.active, self.origin, self.goods, self.options = False, None, None, []

    def cancel(self) -> None:
        self.stop()
        self.screen.close_dialog()
        self.network.selected, self.network.marked, self.network.highlight = "", [], []
        self.screen.actions.refresh()

    def city_tapped(self, city_id: str) -> None:
        screen = self.screen
        if self.table is None or screen.waiting() or screen.dialog is not None:
            return
        if self.active and self.origin is not None:
            self._destination_chosen(city_id)
            return
        city = self.table.state.cities.get(city_id)
        kinds = [goods for goods, n in zip(GOODS, city.goods) if n] if city else []
        if not self.active:
            if not kinds:  # a city without goods: its restock, where the engine opens one
                screen.discarding.restock_at(city_id)
                return
            if not self._may_start():
                return
            self.start()
        kinds = deliverable(self.options, city_id, kinds)
        if not kinds:
            screen.show_message(Refusal(_("That city has no goods."), "no_goods_there", GAME_KIND),
                                "map_message")  # the delivery rule, with its Why?
        elif len(kinds) == 1:
            self._origin_chosen(city_id, kinds[0])
        else:
            self._ask_goods(city_id, kinds)

    def choose_city(self, cities: list[str]) -> None:
        """A tap between cities drawn close together: which one, from a list of buttons."""
        screen = self.screen
        if self.table is None or screen.waiting() or screen.dialog is not None:
            return
        dialog = screen.open_dialog(RotwDialog("colour"))
        dialog.title(_("Which city?"))
        buttons = []
        for city in cities:
            button = Factory.QuietButton(text=city_name(city, self.table.state))
            button.bind(on_release=lambda _b, c=city: (screen.close_dialog(),
                                                       self.city_tapped(c)))
            buttons.append(button)
        choice_list(dialog, buttons)
        dialog.box.add_widget(dialog.button(_("Cancel"), screen.close_dialog))

    def _may_start(self) -> bool:
        """A cube tapped starts a delivery where the seat may deliver (or says why not)."""
        if self.screen.is_open("deliver"):
            return True
        if self.screen.is_open("pass"):  # the seat's action or final delivery: say why not
            self.screen.open_move("deliver", "map_message")
        return False

    def _ask_goods(self, city_id: str, kinds: list[str]) -> None:
        dialog = self.screen.open_dialog(RotwDialog("colour"))
        dialog.title(_("Which cube from {city}?").format(
            city=city_name(city_id, self.table.state)))
        row = button_row(touch(16))
        for goods in kinds:
            button = GoodsButton(card=goods, text=goods_name(goods), size_hint=(1, 1))
            button.bind(on_release=lambda _b, g=goods: (self.screen.close_dialog(),
                                                        self._origin_chosen(city_id, g)))
            row.add_widget(button)
        dialog.box.add_widget(row)
        dialog.box.add_widget(Widget())
        dialog.box.add_widget(dialog.button(_("Cancel"), self.cancel))

    def _origin_chosen(self, city_id: str, goods: str) -> None:
        found = [d.destination for d in self.options if d.origin == city_id and d.goods == goods]
        if not found:
            table = self.table
            self.screen.refuse(table.rules.check_cube(table.state, self.screen.seat, city_id,
                                                      goods, self.locomotive), "map_message")
            return
        self.origin, self.goods = city_id, goods
        self.network.selected, self.network.marked, self.network.highlight = city_id, found, []
        self.screen.actions.refresh()
        if len(found) == 1:  # the only city the cube can reach: shown to confirm, not asked
            self._destination_chosen(found[0])

    # ---- where it goes ---------------------------------------------------------------------

    def action(self, destination: str):
        seat = self.screen.seat
        if self.locomotive:
            return PlayLocomotive(seat, self.origin, destination, self.goods)
        return Deliver(seat, self.origin, destination, self.goods)

    def _destination_chosen(self, destination: str) -> None:
        if destination == self.origin:
            self.cancel()
            return
        action = self.action(destination)
        reason = self.table.check(action)
        if reason is not None:
            self.screen.refuse(reason, "map_message")
            return
        # the last answer completes the move: stored at once (the last move's line says it,
        # Undo beside takes it back)
        self._deliver(action)

    def _deliver(self, action) -> bool:
        self.screen.close_dialog()
        self.stop()
        return self.screen.submit(action, "map_message")
