"""The table's questions: the cards turned face up, the cards dealt at setup where they are
scanned, the cubes drawn from the bag and the cards discarded at the hand limit, tapped one by one
(the engine says which may come next)."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.app.i18n import _, ngettext
from companion.app.scanning import scanner_configured
from companion.core.rules import Phase
from ..engine import GOODS, DiscardExcess, DrawGoods, ShowCard, TurnUp
from ..engine.box import parse_card
from .widgets import CardPicker, GoodsButton, RotwDialog, button_row
from .words import city_name, goods_name

# the kinds of dialog that ask the table
QUESTIONS = ("turn_up", "show_card", "goods", "hand_limit")


class Questions:
    """Asks what the table must report before play goes on, and collects the answer."""

    def __init__(self, screen):
        self.screen = screen
        self.collected: list[str] = []  # the cards or cubes tapped so far
        self.goods_buttons: dict[str, GoodsButton] = {}
        self._goods_heading: Label | None = None
        self._goods_chosen: Label | None = None
        self._undo = None  # the open question's Undo: grey while there is nothing to take back

    @property
    def table(self):
        return self.screen.table

    def asked(self) -> str:
        """Which of the table's questions is open ("" if none)."""
        dialog = self.screen.dialog
        return dialog.kind if dialog is not None and dialog.kind in QUESTIONS else ""

    def ask_what_is_needed(self) -> None:
        waiting = self.table.status.waiting_for
        if waiting == "turn_up":
            self.turn_up()
        elif waiting == "show_card":
            self.show_card()
        elif waiting == "draw_goods":
            self.draw_goods()
        elif self.screen.is_open("discard_excess"):
            self.hand_limit()
        elif self.asked():
            self.screen.close_dialog()

    def _start(self, dialog: RotwDialog) -> RotwDialog:
        self.collected = []
        return self.screen.open_dialog(dialog)

    def _collect(self, key: str, count: int, reopen, make_action) -> None:
        """One more card or cube tapped; with all of them, the move (or the question again)."""
        self.collected.append(key)
        if len(self.collected) < count:
            reopen()
            return
        collected, self.collected = tuple(self.collected), []
        if not self.screen.submit(make_action(collected)):
            reopen()

    def _undo_button(self, dialog, take_back):
        self._undo = dialog.button(_("Undo"), take_back)
        return self._undo

    def _grey_undo(self) -> None:
        """Undo is grey while nothing is tapped in the question and no move is stored (the
        first setup question): a tap on it could do nothing."""
        if self._undo is not None:
            self._undo.disabled = not (self.collected or self.table.actions)

    def _take_back(self, reopen) -> None:
        """Take back the last tap, or with none, the last move."""
        if self.collected:
            self.collected.pop()
            reopen()
            return
        self.screen.undo()

    @staticmethod
    def _home(dialog):
        """A question covers the screen's Home: the way back is in the question too (it is
        asked again on Resume)."""
        return dialog.button(_("Home"), App.get_running_app().go_home)

    # ---- the cards turned face up ------------------------------------------------------

    def turn_up(self) -> None:
        table = self.table
        count = len(table.state.pending_slots)
        if self.asked() != "turn_up":
            picker = self._start(CardPicker("turn_up", self._turned_up))
            picker.set_buttons(self._undo_button(picker, lambda: self._take_back(self.turn_up)),
                               self._home(picker))
        if table.state.phase is Phase.SETUP:
            heading = _("Setup: deal each player a Locomotive, a City 2 and 2 cards; turn up "
                        "the display and tap each card ({n} of {count})")
        elif count == 1:
            heading = _("Which card was turned face up?")
        else:
            heading = _("Tap each card turned face up ({n} of {count})")
        chosen = [parse_card(key) for key in self.collected]
        allowed = {card.key for card in table.rules.reportable_cards(table.state, chosen)}
        self.screen.dialog.show(heading.format(n=len(self.collected) + 1, count=count),
                                self.collected, allowed)
        self._grey_undo()

    def _turned_up(self, key: str) -> None:
        self._collect(key, len(self.table.state.pending_slots), self.turn_up, TurnUp)

    # ---- the cards dealt at setup, where they are scanned -------------------------------

    def show_card(self) -> None:
        """One of the cards dealt to the seat the engine asks for, tapped or scanned (a scan
        answers through the picker's `on_card`: scanned.py); each is
        stored at once, so Undo takes back the last one."""
        table = self.table
        s, seat = table.state, table.status.seat
        if self.asked() != "show_card":
            picker = self._start(CardPicker("show_card", self._shown))
            picker.set_buttons(self._undo_button(picker, self.screen.undo), self._home(picker))
        hand = s.seats[seat].hand
        dealt = table.rules.box.hand_at_setup - 2  # the Locomotive and the City 2 are seen
        allowed = {card.key for card in table.rules.reportable_cards(s)}
        heading = _("{player}: the cards dealt to you at setup. Every card is scanned in this "
                    "game: tap card {n} of {count} (or scan it)") if scanner_configured() else \
            _("{player}: the cards dealt to you at setup. Every card is scanned in this game: "
              "tap card {n} of {count}")
        self.screen.dialog.show(heading.format(
            player=table.header.players[seat], n=dealt - hand.unknown + 1, count=dealt),
            [], allowed)
        self._grey_undo()

    def _shown(self, key: str) -> None:
        self.screen.submit(ShowCard(self.table.status.seat, key))

    # ---- the cubes drawn from the bag --------------------------------------------------

    def draw_goods(self) -> None:
        if self.asked() != "goods":
            self._open_goods()
        table = self.table
        s = table.state
        city, count = s.pending_goods
        self._goods_heading.text = ngettext(
            "Draw {count} cube from the bag for {city} and tap it ({n} of {count})",
            "Draw {count} cubes from the bag for {city} and tap each ({n} of {count})",
            count).format(
            count=count, city=city_name(city, s), n=len(self.collected) + 1)
        self._goods_chosen.text = ", ".join(goods_name(g) for g in self.collected)
        self._goods_undo.text, self._goods_home.text = _("Undo"), _("Home")  # the language
        # may have changed since the question opened
        drawable = table.rules.drawable_goods(s, self.collected)
        for goods, button in self.goods_buttons.items():  # a palette that counts
            tapped = self.collected.count(goods)
            button.text = goods_name(goods) + (f" ×{tapped}" if tapped else "")
            button.disabled = goods not in drawable
        self._grey_undo()

    def _open_goods(self) -> None:
        dialog = self._start(RotwDialog("goods"))
        self._goods_heading = dialog.title("")
        self._goods_chosen = Label(font_size=sp(15), size_hint_y=None, height=dp(22))
        dialog.box.add_widget(self._goods_chosen)
        grid = GridLayout(cols=2, spacing=dp(8))
        self.goods_buttons = {}
        for goods in GOODS:
            button = GoodsButton(card=goods, size_hint=(1, 1), font_size=sp(18))
            button.bind(on_release=lambda _b, g=goods: self._goods_drawn(g))
            self.goods_buttons[goods] = button
            grid.add_widget(button)
        dialog.box.add_widget(grid)
        row = button_row()
        self._goods_undo = self._undo_button(dialog, lambda: self._take_back(self.draw_goods))
        self._goods_home = self._home(dialog)
        row.add_widget(self._goods_undo)
        row.add_widget(self._goods_home)
        dialog.box.add_widget(row)

    def _goods_drawn(self, goods: str) -> None:
        self._collect(goods, self.table.state.pending_goods[1], self.draw_goods, DrawGoods)

    # ---- the hand limit ----------------------------------------------------------------

    def hand_limit(self) -> None:
        table, seat = self.table, self.screen.seat
        s = table.state
        excess = table.rules.over_limit(s, seat)
        if self.asked() != "hand_limit":
            picker = self._start(CardPicker("hand_limit", self._discarded_excess))
            picker.set_buttons(self._undo_button(picker,
                                                 lambda: self._take_back(self.hand_limit)),
                               self._home(picker))
        chosen = [parse_card(key) for key in self.collected]
        allowed = {card.key for card in table.rules.hand_cards(s, seat, chosen)}
        self.screen.dialog.show(_("{player} holds more cards than the limit ({limit}): "
                                  "discard {excess} ({n} of {excess})").format(
            player=table.header.players[seat], limit=table.rules.box.hand_limit,
            excess=excess, n=len(self.collected) + 1), self.collected, allowed)
        self._grey_undo()

    def _discarded_excess(self, key: str) -> None:
        table, seat = self.table, self.screen.seat
        self._collect(key, table.rules.over_limit(table.state, seat), self.hand_limit,
                      lambda cards: DiscardExcess(seat, cards))
