"""A) Building, as three questions: which city card is played (or scanned), where it joins, and
the cards that pay for its link (the engine says which may join the payment)."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.uix.label import Label

from companion.app.i18n import _
from companion.app.theme import touch
from ..engine import RAIL_COLOURS, START, Build
from ..engine.box import parse_card
from .city_card import CityCard
from .widgets import CardPicker, CityCardForm, RotwCard, RotwDialog, button_row, choice_list
from .words import city_name, rail_name

PAYING_KEYS = ["loco", *[f"{c}-1" for c in RAIL_COLOURS], *[f"{c}-2" for c in RAIL_COLOURS]]


def joint_order(joint) -> tuple:
    """The start board first, then the cities as they came, each by the box's colour order."""
    number = 0 if joint.city == START else int(joint.city[1:])
    return number, RAIL_COLOURS.index(joint.colour)


class Building:
    def __init__(self, screen):
        self.screen = screen
        self.card: CityCard | None = None
        self.to: str | None = None
        self.colour: str | None = None
        self.paid: list[str] = []
        self.form: CityCardForm | None = None
        self._total: Label | None = None

    @property
    def table(self):
        return self.screen.table

    def start(self, card: CityCard | None = None) -> None:
        if not self.screen.open_move("build"):
            return
        self.card, self.to, self.colour = card, None, None
        if card is not None:
            self._join()
            return
        self._city()

    def scanned(self, component) -> bool:
        """A scanned city card fills the build question (or opens it at the player's action)."""
        if component.kind != "city":
            return False
        card = CityCard.from_value(component.value)
        if card is None:
            return False
        dialog = self.screen.dialog
        if dialog is not None and dialog.kind == "build_city":
            self.form.fill(card)
            return True
        if dialog is None and self.screen.is_open("build"):
            self.start(card)
            return True
        return False

    # ---- which city card ---------------------------------------------------------------

    def _city(self) -> None:
        dialog = self.screen.open_dialog(RotwDialog("build_city"))
        dialog.title(_("Build: which city card do you play? (Or scan it.)"))
        next_button = dialog.button(_("Next"), self._city_done, accent=True)
        next_button.size_hint_y, next_button.height = None, touch()
        form = CityCardForm(lambda: setattr(next_button, "disabled", form.card() is None))
        self.form = form
        dialog.box.add_widget(form)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        row.add_widget(dialog.button(_("Clear points"), form.clear_points))
        row.add_widget(next_button)
        dialog.box.add_widget(row)
        if self.card is not None:
            form.fill(self.card)
        else:
            form.refresh()

    def _city_done(self) -> None:
        card = self.form.card()
        if card is None:
            return
        self.card = card
        self._join()

    # ---- where it joins ------------------------------------------------------------------

    def _join(self) -> None:
        table, card = self.table, self.card
        joints = sorted(table.rules.joints(table.state, card.points), key=joint_order)
        dialog = self.screen.open_dialog(RotwDialog("build_join"))
        dialog.title(_("Join the City {value} to:").format(value=card.value))
        buttons = []
        for joint in joints:
            text = _("{city}, {colour} link").format(city=city_name(joint.city, table.state),
                                                     colour=rail_name(joint.colour))
            button = RotwCard(card=f"{joint.colour}-1", text=text, size_hint=(1, 1),
                              font_size=sp(15))
            button.bind(on_release=lambda _b, j=joint: self._pay(j.city, j.colour))
            buttons.append(button)
        choice_list(dialog, buttons)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        row.add_widget(dialog.button(_("Back"), self._city))
        dialog.box.add_widget(row)

    # ---- the cards that pay ------------------------------------------------------------

    def _pay(self, to: str, colour: str) -> None:
        self.to, self.colour, self.paid = to, colour, []
        picker = self.screen.open_dialog(CardPicker("build_pay", self._paid, keys=PAYING_KEYS))
        self._total = Label(font_size=sp(15), size_hint_y=None, height=dp(22), bold=True)
        picker.box.add_widget(self._total, index=len(picker.box.children) - 2)
        picker.set_buttons(picker.button(_("Back"), self._join),
                           picker.button(_("Clear"), self._clear),
                           picker.button(_("Build"), self._confirm, accent=True))
        picker.buttons.children[0].wid = "confirm_build"
        self._show_payment()

    def _show_payment(self) -> None:
        table = self.table
        chosen = [parse_card(key) for key in self.paid]
        allowed = {card.key for card in table.rules.payment_cards(
            table.state, self.screen.seat, self.card.value, self.colour, chosen)}
        self.screen.dialog.show(_("Pay for the {colour} link: tap the cards").format(
            colour=rail_name(self.colour)), self.paid, allowed)
        worth = sum(card.rail_value for card in chosen)
        self._total.text = _("Paid {worth}; the City {value} needs {value}").format(
            worth=worth, value=self.card.value)

    def _paid(self, key: str) -> None:
        self.paid.append(key)
        self._show_payment()

    def _clear(self) -> None:
        self.paid = []
        self._show_payment()

    def action(self) -> Build:
        card = self.card
        return Build(self.screen.seat, card.value, card.demand, card.points, self.to,
                     self.colour, tuple(self.paid))

    def _confirm(self) -> None:
        action = self.action()
        reason = self.table.check(action)
        if reason is not None:
            self.screen.refuse(reason)
            return
        self.screen.close_dialog()
        self.screen.submit(action)
