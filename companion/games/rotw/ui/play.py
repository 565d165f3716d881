"""Playing Railways of the World: The Card Game: the network, the cards, the players, every move."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.core.rules import Phase
from ..engine import (GOODS, RAIL_COLOURS, Build, Card, Deliver, DiscardDraw, DiscardExcess,
    DiscardRestock, DrawGoods, Pass, PlayLocomotive, Step, StopTaking, TakeDeck, TakeDiscard,
    TakeDisplay, TurnUp)
from ..engine.box import LOCO, parse_card
from companion.app.i18n import _
from .moves import CityCard, delivery_preview, destinations, joints_for, legal, possible_cards
from .network import PLAYER_RGBA
from .widgets import (CardPicker, CityCardForm, GoodsButton, RotwCard, RotwDialog, RotwPlayerRow,
    button_row, choice_list)
from .words import card_name, city_name, describe, explain, goods_name, rail_name
from companion.app.screens import BaseScreen
from companion.app.theme import touch


class RotwPlayScreen(BaseScreen):
    player = StringProperty("")
    player_rgba = ListProperty([1, 1, 1, 1])
    prompt = StringProperty("")
    last_move = StringProperty("")
    final_round = BooleanProperty(False)
    final_text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dialog: RotwDialog | None = None
        self._collected: list[str] = []
        self._asked = ""  # which of the table's questions is open ("turn_up", …)
        self._delivery: dict | None = None  # origin, goods, power, with_loco
        self._build: dict = {}
        self._rows: list[RotwPlayerRow] = []

    # ---- reading the game --------------------------------------------------------------

    @property
    def seat(self) -> int:
        s = self.table.state
        seat = self.table.status.seat
        return s.current if seat is None else seat

    def colours(self) -> list[str]:
        return list(self.table.header.options.get("colours") or
                    ["purple", "light_blue", "grey", "green"])

    def on_leave(self, *args) -> None:
        self._close_dialog()
        self._delivery = None

    def on_kv_post(self, base_widget) -> None:
        super().on_kv_post(base_widget)
        self.ids.network.on_city = self.city_tapped

    def refresh(self) -> None:
        table = self.table
        if table is None or table.header.game != "rotw-card-game":
            return
        s, status = table.state, table.status
        if status.phase in (Phase.SCORING, Phase.OVER):
            self._close_dialog()
            App.get_running_app().go("rotw_scoring")
            return
        colours = self.colours()
        seat = self.seat
        self.player = table.header.players[seat]
        self.player_rgba = list(PLAYER_RGBA.get(colours[seat], (1, 1, 1, 1)))
        self.final_round = status.final_round
        self.final_text = (_("Final deliveries: one delivery each, or none")
                           if s.step is Step.FINAL_DELIVERY else
                           _("Final round: play to the player before the start player"))
        network = self.ids.network
        network.show(s, colours)
        if self._delivery is None:
            network.selected, network.marked, network.highlight = "", [], []
        self._refresh_cards()
        self._refresh_players(colours)
        self._refresh_actions()
        recent = table.actions[-1:] if table.actions else []
        self.last_move = describe(recent[0], table.header.players) if recent else ""
        self._ask_what_is_needed()

    def _waiting(self) -> bool:
        return self.table.status.waiting_for is not None

    def _refresh_cards(self) -> None:
        s = self.table.state
        # The cards stay lit (they are read all turn); a tap before the taking step says why.
        taking = not self._waiting() and s.phase in (Phase.PLAY, Phase.FINAL_ROUND)
        for slot in range(3):
            button = self.ids[f"slot{slot}"]
            card = s.display[slot] if slot < len(s.display) else None
            button.card = Card(card).key if card is not None else ""
            button.text = card_name(Card(card).key) if card is not None else ""
            button.disabled = not taking or card is None
        deck = self.ids.deck
        deck.text = _("Draw pile") + f"\n{s.deck}"
        deck.disabled = not taking or s.deck == 0
        top = s.discard_top
        pile = self.ids.discard
        pile.card = Card(top).key if top is not None else ""
        pile.text = (_("Discard pile") + "\n" + card_name(Card(top).key)) if top is not None \
            else _("Discard pile") + "\n–"
        pile.disabled = not taking or top is None

    def _refresh_players(self, colours) -> None:
        table = self.table
        s = table.state
        box = self.ids.players
        if len(self._rows) != len(s.seats):
            box.clear_widgets()
            self._rows = [RotwPlayerRow() for _seat in s.seats]
            for row in self._rows:
                box.add_widget(row)
        lead = max([25, *(p.track for p in s.seats)])
        for seat, row in enumerate(self._rows):
            player = s.seats[seat]
            rgba = PLAYER_RGBA.get(colours[seat], (1, 1, 1, 1))
            row.show(table.header.players[seat], rgba, player, player.track / lead,
                     seat == s.current)
        heads = self.ids.heads
        for label, text in zip(reversed(heads.children),
                               ("", _("Points"), _("Cards"), _("Power"), _("Trains"),
                                _("Goods"))):
            label.text = text

    def _refresh_actions(self) -> None:
        """The moves of the step the player is at, as big buttons."""
        s = self.table.state
        box = self.ids.actions
        box.clear_widgets()
        if self._waiting():
            self.prompt = _("Answer the question on the screen.")
            return
        if self._delivery is not None:
            self.prompt = (_("Tap the city the cube goes to (ringed)")
                           if self._delivery.get("origin") else
                           _("Tap a city with the cube to deliver"))
            box.add_widget(self._button(_("Cancel"), self.cancel_delivery, "cancel_delivery"))
            return
        if s.step is Step.ACTION:
            self.prompt = _("Choose one action (or tap a cube to deliver it)")
            family = s.family
            for text, action, wid in ((_("Build"), self.open_build, "build"),
                                      (_("Deliver"), self.start_delivery, "deliver"),
                                      (_("Locomotive"), self.open_locomotive, "locomotive"),
                                      (_("Discard and draw"), self.open_discard_draw,
                                       "discard_draw"),
                                      (_("Discard and restock"), self.open_restock, "restock"),
                                      (_("Pass"), self.pass_turn, "pass")):
                button = self._button(text, action, wid)
                button.disabled = family and wid in ("deliver", "locomotive", "restock")
                box.add_widget(button)
        elif s.step is Step.TAKE:
            if s.taken:
                self.prompt = _("Take a second card, or none")
                box.add_widget(self._button(_("No second card"), self.stop_taking,
                                            "stop_taking"))
            else:
                self.prompt = _("Take 1 or 2 cards: a face-up card, the draw pile or the "
                                "discard pile")
        elif s.step is Step.FINAL_DELIVERY:
            self.prompt = _("Last delivery: tap a cube to deliver, or none")
            box.add_widget(self._button(_("Deliver"), self.start_delivery, "deliver"))
            box.add_widget(self._button(_("No delivery"), self.pass_turn, "pass"))
        else:
            self.prompt = _("Discard down to the hand limit")

    def _button(self, text: str, callback, wid: str):
        button = Factory.BigButton(text=text, font_size=sp(16))
        button.wid = wid
        button.bind(on_release=lambda *_: callback())
        return button

    def action_button(self, wid: str):
        return next((b for b in self.ids.actions.children if getattr(b, "wid", "") == wid),
                    None)

    # ---- moving through the table -----------------------------------------------------------

    def submit(self, action, where: str = "panel_message") -> bool:
        """A move the rules refuse is explained here (the game's words), and nothing stored."""
        table = self.table
        reason = legal(table.rules, table.state, action)
        if reason is not None:
            self.show_message(explain(reason, table.state), where)
            return False
        return App.get_running_app().submit(action, where)

    def undo(self) -> None:
        table = self.table
        self._delivery = None
        if not table.actions:
            self.show_message(_("There is nothing to undo."), "panel_message")
            return
        undone = table.actions[-1]
        self._close_dialog()
        if App.get_running_app().undo("panel_message"):
            self.show_message(_("Taken back: {move}").format(
                move=describe(undone, table.header.players)), "panel_message", good=True)

    def seat_button(self, seat: int, end_turn: bool) -> None:
        """The seat button takes the top card of the draw pile while cards are taken."""
        s = self.table.state
        if end_turn and s.step is Step.TAKE and not self._waiting():
            self.take_deck()
            return
        self.show_message(_("Tap your move on the screen."), "panel_message")

    # ---- what the table reports --------------------------------------------------------------

    def _ask_what_is_needed(self) -> None:
        status, s = self.table.status, self.table.state
        if status.waiting_for == "turn_up":
            self._open_turn_up(len(s.pending_slots))
        elif status.waiting_for == "draw_goods":
            self._open_draw_goods(s.pending_goods[1])
        elif s.step is Step.HAND_LIMIT and s.phase in (Phase.PLAY, Phase.FINAL_ROUND):
            self._open_hand_limit()
        elif self._asked:
            self._close_dialog()

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.dismiss(animation=False)
            self.dialog = None
        self._asked = ""

    def show_message(self, text: str, where=None, good: bool = False) -> None:
        """Said where the player is looking: over the open question, else on the screen."""
        if self.dialog is None:
            super().show_message(text, where, good)
            return
        self.dialog.say(text, good)

    def _open(self, dialog: RotwDialog, asked: str = "") -> RotwDialog:
        self._close_dialog()
        self.dialog, self._asked = dialog, asked
        self._collected = []
        dialog.open(animation=False)
        return dialog

    def _open_turn_up(self, count: int) -> None:
        if self._asked != "turn_up":
            self._open(CardPicker("turn_up", self._turned_up), "turn_up")
            self.dialog.set_buttons(self.dialog.button(_("Undo"), lambda: self._take_back(self._reopen_turn_up)))
        table = self.table
        if table.state.phase is Phase.SETUP:
            heading = _("Setup: deal each player a Locomotive, a City 2 and 2 cards; turn up "
                        "{count} cards and tap each ({n} of {count})")
        elif count == 1:
            heading = _("Which card was turned face up?")
        else:
            heading = _("Tap each card turned face up ({n} of {count})")
        allowed = None
        if count == 1:
            allowed = {k for k in CardPicker.ORDER
                       if legal(table.rules, table.state, TurnUp((k,))) is None}
        self.dialog.show(heading.format(n=len(self._collected) + 1, count=count),
                         self._collected, allowed)

    def _collect(self, key: str, count: int, reopen, make_action) -> None:
        """One more card or cube tapped; with all of them, the move (or the question again)."""
        self._collected.append(key)
        if len(self._collected) < count:
            reopen()
            return
        collected, self._collected = tuple(self._collected), []
        if not self.submit(make_action(collected)):
            reopen()

    def _take_back(self, reopen) -> None:
        """Take back the last tap, or with none, the last move."""
        if self._collected:
            self._collected.pop()
            reopen()
            return
        self.undo()

    def _reopen_turn_up(self) -> None:
        self._open_turn_up(len(self.table.state.pending_slots))

    def _turned_up(self, key: str) -> None:
        self._collect(key, len(self.table.state.pending_slots), self._reopen_turn_up, TurnUp)

    def _open_draw_goods(self, count: int) -> None:
        if self._asked != "draw_goods":
            dialog = self._open(RotwDialog("goods"), "draw_goods")
            self._goods_heading = dialog.title("")
            self._goods_chosen = Label(font_size=sp(14), size_hint_y=None, height=dp(22))
            dialog.box.add_widget(self._goods_chosen)
            grid = GridLayout(cols=2, spacing=dp(8))
            self._goods_buttons = {}
            for goods in GOODS:
                button = GoodsButton(card=goods, size_hint=(1, 1), font_size=sp(18))
                button.bind(on_release=lambda _b, g=goods: self._goods_drawn(g))
                self._goods_buttons[goods] = button
                grid.add_widget(button)
            dialog.box.add_widget(grid)
            row = button_row()
            row.add_widget(dialog.button(_("Undo"), lambda: self._take_back(self._reopen_goods)))
            dialog.box.add_widget(row)
        s = self.table.state
        city = s.pending_goods[0]
        self._goods_heading.text = _("Draw {count} cube(s) from the bag for {city} and tap "
                                     "each ({n} of {count})").format(
            count=count, city=city_name(city, s), n=len(self._collected) + 1)
        self._goods_chosen.text = ", ".join(goods_name(g) for g in self._collected)
        for goods, button in self._goods_buttons.items():
            button.text = goods_name(goods)
            button.disabled = s.bag[GOODS.index(goods)] <= self._collected.count(goods)

    def _reopen_goods(self) -> None:
        self._open_draw_goods(self.table.state.pending_goods[1])

    def _goods_drawn(self, goods: str) -> None:
        self._collect(goods, self.table.state.pending_goods[1], self._reopen_goods, DrawGoods)

    def _open_hand_limit(self) -> None:
        table = self.table
        s = table.state
        excess = s.seats[s.current].hand.size - table.rules.box.hand_limit
        if self._asked != "hand_limit":
            self._open(CardPicker("hand_limit", self._discarded_excess), "hand_limit")
            self.dialog.set_buttons(self.dialog.button(
                _("Undo"), lambda: self._take_back(self._open_hand_limit)))
        allowed = set(c.key for c in possible_cards(table.rules, s, s.current))
        self.dialog.show(_("{player} holds more than {limit} cards: discard {excess} "
                           "({n} of {excess})").format(
            player=table.header.players[s.current], limit=table.rules.box.hand_limit,
            excess=excess, n=len(self._collected) + 1), self._collected, allowed)

    def _discarded_excess(self, key: str) -> None:
        s = self.table.state
        excess = s.seats[s.current].hand.size - self.table.rules.box.hand_limit
        self._collect(key, excess, self._open_hand_limit,
                      lambda cards: DiscardExcess(s.current, cards))

    # ---- taking cards ----------------------------------------------------------------------

    def _not_taking(self) -> bool:
        """Cards are taken after the action: a tap before it is answered, not refused."""
        if self.table.state.step is Step.TAKE:
            return False
        self.show_message(_("First choose your action; cards are taken after it."),
                          "panel_message")
        return True

    def take_display(self, slot: int) -> None:
        s = self.table.state
        card = s.display[slot]
        if card is not None and not self._not_taking():
            self.submit(TakeDisplay(s.current, slot, Card(card).key))

    def take_deck(self) -> None:
        if not self._not_taking():
            self.submit(TakeDeck(self.table.state.current))

    def take_discard(self) -> None:
        s = self.table.state
        if s.discard_top is not None and not self._not_taking():
            self.submit(TakeDiscard(s.current, Card(s.discard_top).key))

    def stop_taking(self) -> None:
        self.submit(StopTaking(self.table.state.current))

    def pass_turn(self) -> None:
        self.submit(Pass(self.table.state.current))

    # ---- A) building -------------------------------------------------------------------------

    def open_build(self, card: CityCard | None = None) -> None:
        self._build = {"card": card, "to": None, "colour": None}
        if card is not None:
            self._build_join()
            return
        self._build_city()

    def _build_city(self) -> None:
        dialog = self._open(RotwDialog("build_city"))
        dialog.title(_("Build: which city card do you play? (Or scan it.)"))
        next_button = dialog.button(_("Next"), self._build_city_done, accent=True)
        next_button.size_hint_y, next_button.height = None, touch()
        form = CityCardForm(lambda: setattr(next_button, "disabled", form.card() is None))
        self._form = form
        dialog.box.add_widget(form)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self._close_dialog))
        row.add_widget(dialog.button(_("Clear points"), form.clear_points))
        row.add_widget(next_button)
        dialog.box.add_widget(row)
        card = self._build.get("card")
        if card is not None:
            form.fill(card)
        else:
            form.refresh()

    def _build_city_done(self) -> None:
        card = self._form.card()
        if card is None:
            return
        self._build["card"] = card
        self._build_join()

    def _build_join(self) -> None:
        table = self.table
        card = self._build["card"]
        joints = joints_for(table.rules, table.state, card.points)
        dialog = self._open(RotwDialog("build_join"))
        dialog.title(_("Join the City {value} to:").format(value=card.value))
        buttons = []
        for city, colour in joints:
            text = _("{city}, {colour} link").format(city=city_name(city, table.state),
                                                     colour=rail_name(colour))
            button = RotwCard(card=f"{colour}-1", text=text, size_hint=(1, 1), font_size=sp(13))
            button.bind(on_release=lambda _b, c=city, k=colour: self._build_pay(c, k))
            buttons.append(button)
        choice_list(dialog, buttons)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self._close_dialog))
        row.add_widget(dialog.button(_("Back"), self._build_city))
        dialog.box.add_widget(row)

    def _build_pay(self, to: str, colour: str) -> None:
        self._build.update(to=to, colour=colour)
        keys = ["loco", *[f"{c}-1" for c in RAIL_COLOURS], *[f"{c}-2" for c in RAIL_COLOURS]]
        picker = CardPicker("build_pay", self._paid, keys=keys)
        self._open(picker)
        self._pay_total = Label(font_size=sp(15), size_hint_y=None, height=dp(22), bold=True)
        picker.box.add_widget(self._pay_total, index=len(picker.box.children) - 2)
        picker.set_buttons(picker.button(_("Back"), self._build_join),
                           picker.button(_("Clear"), self._pay_clear),
                           picker.button(_("Build"), self._build_confirm, accent=True))
        picker.buttons.children[0].wid = "confirm_build"
        self._show_payment()

    def _show_payment(self) -> None:
        table = self.table
        card = self._build["card"]
        possible = {c.key for c in possible_cards(table.rules, table.state, table.state.current)}
        self.dialog.show(_("Pay for the {colour} link: tap the cards").format(
            colour=rail_name(self._build["colour"])), self._collected, possible)
        worth = sum(parse_card(k).rail_value for k in self._collected)
        self._pay_total.text = _("Paid {worth}; the City {value} needs {value}").format(
            worth=worth, value=card.value)

    def _paid(self, key: str) -> None:
        self._collected.append(key)
        self._show_payment()

    def _pay_clear(self) -> None:
        self._collected = []
        self._show_payment()

    def build_action(self) -> Build:
        card = self._build["card"]
        return Build(self.table.state.current, card.value, card.demand, card.points,
                     self._build["to"], self._build["colour"], tuple(self._collected))

    def _build_confirm(self) -> None:
        action = self.build_action()
        reason = legal(self.table.rules, self.table.state, action)
        if reason is not None:
            self.show_message(explain(reason, self.table.state), "panel_message")
            return
        self._close_dialog()
        self.submit(action)

    def component_scanned(self, component) -> bool:
        """A scanned city card fills the build question (or opens it at the player's action)."""
        if component.kind != "city" or self.table is None:
            return False
        card = CityCard.from_value(component.value)
        if card is None:
            return False
        s = self.table.state
        if self.dialog is not None and self.dialog.kind == "build_city":
            self._form.fill(card)
            return True
        if self.dialog is None and s.step is Step.ACTION and not self._waiting():
            self.open_build(card)
            return True
        return False

    # ---- B) a Locomotive, C) a delivery ---------------------------------------------------

    def open_locomotive(self) -> None:
        s = self.table.state
        power = s.seats[s.current].locomotives + 1
        reason = legal(self.table.rules, s, PlayLocomotive(s.current))
        if reason is not None:
            self.show_message(explain(reason, s), "panel_message")
            return
        dialog = self._open(RotwDialog("locomotive"))
        dialog.title(_("Play a Locomotive: your pulling power becomes {power}.").format(
            power=power))
        dialog.box.add_widget(dialog.button(_("Play it"), self._play_locomotive, accent=True))
        dialog.box.add_widget(dialog.button(_("Play it and deliver a cube"),
                                            lambda: self.start_delivery(with_loco=True)))
        dialog.box.add_widget(Widget())
        dialog.box.add_widget(dialog.button(_("Cancel"), self._close_dialog))

    def _play_locomotive(self) -> None:
        self._close_dialog()
        self.submit(PlayLocomotive(self.table.state.current))

    def start_delivery(self, with_loco: bool = False) -> None:
        self._close_dialog()
        s = self.table.state
        power = s.seats[s.current].locomotives + (1 if with_loco else 0)
        self._delivery = {"origin": None, "goods": None, "power": power, "with_loco": with_loco}
        network = self.ids.network
        network.marked = [c for c in s.cities if any(
            destinations(self.table.rules, s, s.current, c, g, power)
            for g, n in zip(GOODS, s.cities[c].goods) if n)]
        network.selected, network.highlight = "", []
        self._refresh_actions()
        if not network.marked:
            self.show_message(_("No cube can be delivered now (pulling power {power}).")
                              .format(power=power), "map_message")

    def cancel_delivery(self) -> None:
        self._delivery = None
        self._close_dialog()
        network = self.ids.network
        network.selected, network.marked, network.highlight = "", [], []
        self._refresh_actions()

    def city_tapped(self, city_id: str) -> None:
        table = self.table
        if table is None or self._waiting() or self.dialog is not None:
            return
        s = table.state
        if s.step not in (Step.ACTION, Step.FINAL_DELIVERY):
            return
        delivery = self._delivery
        if delivery is None or delivery["origin"] is None:
            city = s.cities.get(city_id)
            if city is None or not sum(city.goods):
                if delivery is not None:
                    self.show_message(_("That city has no goods."), "map_message")
                return
            if delivery is None:
                self.start_delivery()
            kinds = [g for g, n in zip(GOODS, city.goods) if n]
            if len(kinds) == 1:
                self._origin_chosen(city_id, kinds[0])
            else:
                self._ask_goods(city_id, kinds)
            return
        self._destination_chosen(city_id)

    def _ask_goods(self, city_id: str, kinds: list[str]) -> None:
        dialog = self._open(RotwDialog("colour"))
        dialog.title(_("Which cube from {city}?").format(city=city_name(city_id,
                                                                         self.table.state)))
        row = button_row(touch(16))
        for goods in kinds:
            button = GoodsButton(card=goods, text=goods_name(goods), size_hint=(1, 1))
            button.bind(on_release=lambda _b, g=goods: (self._close_dialog(),
                                                        self._origin_chosen(city_id, g)))
            row.add_widget(button)
        dialog.box.add_widget(row)
        dialog.box.add_widget(Widget())
        dialog.box.add_widget(dialog.button(_("Cancel"), self.cancel_delivery))

    def _origin_chosen(self, city_id: str, goods: str) -> None:
        s = self.table.state
        delivery = self._delivery
        found = destinations(self.table.rules, s, s.current, city_id, goods, delivery["power"])
        network = self.ids.network
        if not found:
            self.show_message(_("This {goods} cube cannot be delivered now: no city that "
                                "demands it is within your reach ({power} link(s), the first "
                                "one yours).").format(goods=goods_name(goods),
                                                      power=delivery["power"]), "map_message")
            return
        delivery.update(origin=city_id, goods=goods)
        network.selected, network.marked, network.highlight = city_id, found, []
        self._refresh_actions()

    def delivery_action(self, destination: str):
        s = self.table.state
        d = self._delivery
        if d["with_loco"]:
            return PlayLocomotive(s.current, d["origin"], destination, d["goods"])
        return Deliver(s.current, d["origin"], destination, d["goods"])

    def _destination_chosen(self, destination: str) -> None:
        table = self.table
        s = table.state
        d = self._delivery
        if destination == d["origin"]:
            self.cancel_delivery()
            return
        action = self.delivery_action(destination)
        reason = legal(table.rules, s, action)
        if reason is not None:
            self.show_message(explain(reason, s), "map_message")
            return
        preview = delivery_preview(table.rules, s, s.current, d["origin"], destination)
        self.ids.network.highlight = list(preview.links)
        dialog = self._open(RotwDialog("confirm"))
        dialog.title(_("Deliver the {goods} cube from {a} to {b}: {links} link(s).").format(
            goods=goods_name(d["goods"]), a=city_name(d["origin"], s),
            b=city_name(destination, s), links=len(preview.links)))
        points = [_("{player} +{points}").format(player=table.header.players[seat], points=p)
                  for seat, p in enumerate(preview.points) if p]
        dialog.box.add_widget(Factory.Note(text=_("Points: {points}").format(
            points=", ".join(points))))
        dialog.box.add_widget(Widget())
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self.cancel_delivery))
        confirm = dialog.button(_("Deliver"), lambda: self._deliver(action), accent=True)
        confirm.wid = "confirm_delivery"
        row.add_widget(confirm)
        dialog.box.add_widget(row)

    def _deliver(self, action) -> None:
        self._close_dialog()
        self._delivery = None
        self.submit(action, "map_message")

    # ---- D) discard, then draw or restock ------------------------------------------------

    def open_discard_draw(self) -> None:
        self._discard_then(_("Discard and draw: which card do you discard?"), self._draw_after)

    def open_restock(self) -> None:
        s = self.table.state
        if not any(not sum(c.goods) for c in s.cities.values()):
            self.show_message(_("Every city has goods: none can be restocked."),
                              "panel_message")
            return
        self._discard_then(_("Discard and restock: which card do you discard?"),
                           self._restock_after)

    def _discard_then(self, heading: str, then) -> None:
        table = self.table
        s = table.state
        picker = self._open(CardPicker("discard", then))
        picker.set_buttons(picker.button(_("Cancel"), self._close_dialog))
        picker.show(heading, [], {c.key for c in possible_cards(table.rules, s, s.current)})

    def _draw_after(self, discarded: str) -> None:
        table = self.table
        s = table.state
        dialog = self._open(RotwDialog("draw_after"))
        dialog.title(_("You discard {card}. Then take:").format(card=card_name(discarded)))
        grid = GridLayout(cols=2, spacing=dp(8))
        deck = RotwCard(text=_("The top of the draw pile"), size_hint=(1, 1))
        deck.disabled = s.deck == 0
        deck.bind(on_release=lambda _b: self._discard_draw(discarded, None, None))
        grid.add_widget(deck)
        for slot, card in enumerate(s.display):
            if card is None:
                continue
            key = Card(card).key
            button = RotwCard(card=key, text=card_name(key), size_hint=(1, 1))
            button.disabled = card == LOCO  # never a Locomotive after a discard
            button.bind(on_release=lambda _b, slot=slot, key=key:
                        self._discard_draw(discarded, slot, key))
            grid.add_widget(button)
        dialog.box.add_widget(grid)
        dialog.box.add_widget(Factory.Note(text=_("Not a Locomotive from the display.")))
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self._close_dialog))
        dialog.box.add_widget(row)

    def _discard_draw(self, card: str, slot: int | None, taken: str | None) -> None:
        self._close_dialog()
        self.submit(DiscardDraw(self.table.state.current, card, slot, taken))

    def _restock_after(self, discarded: str) -> None:
        s = self.table.state
        dialog = self._open(RotwDialog("restock_city"))
        dialog.title(_("You discard {card}. Which city without goods gets a cube from the bag?")
                     .format(card=card_name(discarded)))
        buttons = []
        for city in s.cities.values():
            if sum(city.goods):
                continue
            button = Factory.BigButton(text=city_name(city.id, s), font_size=sp(14))
            button.bind(on_release=lambda _b, c=city.id: self._restock(discarded, c))
            buttons.append(button)
        choice_list(dialog, buttons)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self._close_dialog))
        dialog.box.add_widget(row)

    def _restock(self, card: str, city: str) -> None:
        self._close_dialog()
        self.submit(DiscardRestock(self.table.state.current, card, city))
