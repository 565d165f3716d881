"""A) Building. A city card the app has not seen: its value, then the cards that pay (they tell
the link's colour), where it joins only where they pay for several places, then its printed
points with the link's colour marked and its demand, the last tap storing the build
(`unseen_card`). A card whose features are known (scanned, scanned into the hand, one of the
box's cards played before): where it joins, the engine's likeliest build (`Rules.completions`)
first with its cheapest payment, one tap (`known_card`); Change the card goes to its features'
form. The build is said on the play screen, Undo beside."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.uix.label import Label

from companion.app.i18n import _
from companion.app.scanning import scanner_configured
from ..engine import RAIL_COLOURS, START, Build
from ..engine.box import parse_card
from .city_card import CityCard
from .known_card import KnownCard, place_order
from .unseen_card import UnseenCard
from .widgets import CardPicker, CityCardForm, RotwCard, RotwDialog, button_row, choice_list
from .words import cards_label, city_name, rail_name

PAYING_KEYS = ["loco", *[f"{c}-1" for c in RAIL_COLOURS], *[f"{c}-2" for c in RAIL_COLOURS]]


def joint_order(joint) -> tuple:
    """The start board first, then the cities as they came, each by the box's colour order."""
    return place_order((joint.city, joint.colour))


class Building:
    def __init__(self, screen):
        self.screen = screen
        self.card: CityCard | None = None
        self.to: str | None = None
        self.colour: str | None = None
        self.paid: list[str] = []
        self.form: CityCardForm | None = None
        self._total: Label | None = None
        self.likely: dict | None = None  # the engine's likeliest build for the card entered
        self._likely_label: Label | None = None
        self._preselected = False
        self._next = None
        self._other = None
        self.places: list[tuple[str, str]] = []  # where it may join, while the cards tell
        self.value: int | None = None  # the city card's value, told before its other features
        self.auto_paid = False  # the engine's cheapest payment taken without a tap (shown)
        self.unseen = UnseenCard(self)
        self.known = KnownCard(self)

    @property
    def table(self):
        return self.screen.table

    def start(self, card: CityCard | None = None) -> None:
        if not self.screen.open_move("build"):
            return
        # a scanned card's printed features are never asked again: where it joins is
        self.card, self.to, self.colour, self.paid, self.form = card, None, None, [], None
        self.auto_paid = False
        held = scanned_in_hand(self.screen) if card is None else None
        if card is None and held is None:
            self.value = None
            self.unseen.ask_value()
        elif card is not None:
            self.known.ask_where(card)
        else:  # a card scanned into the hand may not be the one played: always named first
            self.known.ask_where(held, back=True)

    def scanned(self, component) -> bool:
        return scanned(self, component)

    # ---- which city card ---------------------------------------------------------------

    def change_card(self, card: CityCard) -> None:
        """From where it joins, to the card's features (another card, or a wrong pick)."""
        self._city(card)

    def _city(self, card: CityCard) -> None:
        """A card's features, filled in (Change the card): the likeliest build one tap."""
        dialog = self.screen.open_dialog(RotwDialog("build_city"))
        dialog.title(_("Build: which city card do you play? (Or scan it.)") if scanner_configured()
                     else _("Build: which city card do you play?"))
        next_button = dialog.button(_("Next"), self._city_done, accent=True)
        next_button.wid = "build_next"
        self._next = next_button
        other = dialog.button(_("Other place or cards"), self._choose)
        other.wid = "build_other"
        self._other = other
        form = CityCardForm(self._card_changed)
        self.form = form
        dialog.box.add_widget(form)
        self._likely_label = Label(font_size=sp(15), size_hint_y=None, height=dp(40),
                                   bold=True, halign="left", valign="middle")  # 2 lines: the
        self._likely_label.bind(size=lambda w, sz: setattr(w, "text_size", sz))  # cards in full
        dialog.box.add_widget(self._likely_label)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        row.add_widget(dialog.button(_("Clear points"), form.clear_points))
        row.add_widget(other)
        row.add_widget(next_button)
        dialog.box.add_widget(row)
        form.fill(card)

    def completions(self, **partial) -> list[dict]:
        table = self.table
        return table.rules.completions(table.state, {"type": "build", **partial})

    def valued(self, value: int) -> None:
        """The value of a card not seen told: the cards that pay next, for any colour (the
        engine's cheapest from the hand taken at once, shown with Change cards)."""
        self.value, self.card, self.form = value, None, None
        self._pay(None, None, [], go_on=True)

    def change_cards(self) -> None:
        """Back to the cards paid, the engine's cheapest pre-selected (a card not seen)."""
        self.card, self.form = None, None
        self._pay(None, None, [])

    def _card_changed(self) -> None:
        """The card's features changed: the engine's likeliest build for it, shown."""
        card = self.form.card()
        self.likely = None
        if card is not None:
            found = self.completions(value=card.value, demand=card.demand,
                                      points=list(card.points))
            self.likely = found[0] if found and "cards" in found[0] else None
        likely, state = self.likely, self.table.state
        self._next.disabled = card is None
        self._other.disabled = card is None or likely is None  # else Next does the same
        self._next.text = _("Build") if likely else _("Next")
        self._likely_label.text = "" if likely is None else _(
            "Joins {city} (the link: {colour}), paid with {cards}").format(
            city=city_name(likely["to"], state), colour=rail_name(likely["colour"]),
            cards=cards_label(likely["cards"]))

    def _city_done(self) -> None:
        card = self.form.card()
        if card is None:
            return
        self.card, self.value = card, card.value
        if self.likely is not None:  # the engine's likeliest build, shown: one tap
            likely = self.likely
            self.to, self.colour, self.paid = likely["to"], likely["colour"], list(likely["cards"])
            self._confirm()
            return
        self.known.ask_where(card)  # (its payment at once where it can join one place only)

    def _choose(self) -> None:
        """Another place or payment than the one the engine thinks likeliest."""
        card = self.form.card()
        if card is None:
            return
        self.known.ask_where(card, back=True)

    # ---- where it joins ------------------------------------------------------------------

    def _join(self, places: list[tuple[str, str]]) -> None:
        """Where the city joins, the cards paid already: the `places` they pay for (the build
        stored at the tap, or, for a card not seen, its printed features asked next)."""
        table, chosen = self.table, self._joined
        dialog = self.screen.open_dialog(RotwDialog("build_join"))
        dialog.title(_("Join the City {value} to:").format(value=self.value))
        buttons = []
        for to, colour in places:
            text = _("{city}, {colour} link").format(city=city_name(to, table.state),
                                                     colour=rail_name(colour))
            button = RotwCard(card=f"{colour}-1", text=text, size_hint=(1, 1),
                              font_size=sp(15))
            button.bind(on_release=lambda _b, t=to, c=colour: chosen(t, c))
            buttons.append(button)
        choice_list(dialog, buttons)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        if not self.auto_paid:
            row.add_widget(dialog.button(_("Back"), self._back_to_city))
        else:
            self.unseen.paid_note(dialog, row)
        dialog.box.add_widget(row)

    def _back_to_city(self) -> None:
        if self.card is None:
            self.unseen.ask_value(back=True)
        else:
            self.known.ask_where(self.card, back=True)

    def _joined(self, to: str, colour: str) -> None:
        """Where it joins, known: stored, or for a card not seen, its features asked."""
        if self.card is None:
            self.to, self.colour = to, colour
            self.unseen.ask_features()
        else:
            self.build_at(to, colour)

    def build_at(self, to: str, colour: str) -> None:
        self.to, self.colour = to, colour
        self._confirm()  # the last move's line says it, Undo beside takes it back

    # ---- the cards that pay ------------------------------------------------------------

    def pay_for(self, to: str, colour: str) -> None:
        """A known card's place chosen: the cards that pay for it, the cheapest seen
        pre-selected."""
        self._pay(to, colour)

    def _pay(self, to: str | None, colour: str | None,
             places: list[tuple[str, str]] = (), go_on: bool = False) -> None:
        """The cards that pay for the link to `to` (the cheapest seen in the hand pre-selected);
        with no `to`, for a link to any of `places`: the cards paid tell which, and where they
        pay for several, that is asked after. The build is stored at the card that completes
        a payment (Undo takes it back), or at Build with the pre-selected one. A card not
        seen, `go_on`, where the cards seen in the hand pay one way only: that payment taken
        untapped, shown by the next question (Change cards)."""
        self.to, self.colour, self.places = to, colour, list(places)
        cheapest = [c for c in self._cheapest() if "cards" in c]
        self.paid = list(cheapest[0]["cards"]) if cheapest else []
        one_way = len({tuple(sorted(c["cards"])) for c in cheapest}) == 1
        self.auto_paid, self._preselected = go_on and self.card is None and one_way, False
        if self.auto_paid and self._settle():  # (the engine's own payment always settles)
            return
        self.auto_paid, self._preselected = False, bool(self.paid)  # a card tapped: another
        picker = self.screen.open_dialog(CardPicker("build_pay", self._paid, keys=PAYING_KEYS))
        self._total = Label(font_size=sp(15), size_hint_y=None, height=dp(40), bold=True,
                            halign="center", valign="middle")  # two lines where a language needs
        self._total.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        picker.box.add_widget(self._total, index=len(picker.box.children) - 2)
        picker.set_buttons(picker.button(_("Back"), self._back_to_city),
                           picker.button(_("Clear"), self._clear),
                           picker.button(_("Build") if self.card else _("Next"), self._confirm,
                                         accent=True))
        picker.buttons.children[0].wid = "confirm_build"
        self._show_payment()

    def _cheapest(self) -> list[dict]:
        """The engine's payments for the link, cheapest first: for a card not seen, from the
        cards seen in the hand for a link of any colour to the start board (as if the card
        showed every colour: the colour is the cards' to tell)."""
        card = self.card
        if card is None:
            return self.completions(value=self.value, points=list(RAIL_COLOURS), to=START)
        if self.to is None:
            return []
        return self.completions(value=card.value, demand=card.demand,
                                 points=list(card.points), to=self.to, colour=self.colour)

    def _colours(self) -> list[str]:
        """The link colours still open: the one chosen, or those of the places it may join
        (any, for a card not seen: the cards tell)."""
        if self.colour is not None:
            return [self.colour]
        if self.card is None:
            return list(RAIL_COLOURS)
        return list(dict.fromkeys(colour for _to, colour in self.places))

    def _show_payment(self) -> None:
        table = self.table
        # pre-selected, every card the payment could start with may be tapped instead
        chosen = [] if self._preselected else [parse_card(key) for key in self.paid]
        allowed = {card.key for colour in self._colours() for card in table.rules.payment_cards(
            table.state, self.screen.seat, self.value, colour, chosen)}
        heading = _("Pay for the link: tap the cards") if self.colour is None else \
            _("Pay for the {colour} link: tap the cards").format(colour=rail_name(self.colour))
        self.screen.dialog.show(heading, self.paid, allowed)
        worth = sum(parse_card(key).rail_value for key in self.paid)
        self._total.text = _("Paid {worth}; the City {value} needs {value}").format(
            worth=worth, value=self.value)
        if self._preselected:
            self._total.text = preselected_words(self.paid)
        # nothing paid and nothing pre-selected: Next has nothing to go on with
        self.screen.dialog.buttons.children[0].disabled = not self.paid

    def _paid(self, key: str) -> None:
        if self._preselected:
            self.paid, self._preselected = [], False
        self.paid.append(key)
        if not self._settle():
            self._show_payment()

    def _paying(self) -> list[tuple[str, str]]:
        """Where the cards paid so far pay for a link to (the engine checks each)."""
        if self.card is None:
            return sorted(self.unseen.paying_places(self.paid), key=place_order)
        return [(to, colour) for to, colour in
                ([(self.to, self.colour)] if self.colour is not None else self.places)
                if self.table.check(self._action(to, colour)) is None]

    def _settle(self) -> bool:
        """Whether the cards paid settle the payment: then where it joins is asked only where
        they pay for several places, else the build goes on at once."""
        paying = self._paying()
        if len(paying) == 1:  # the last card of a payment: nothing is left to ask
            self._joined(*paying[0])
        elif paying:  # the cards pay for a link to several places: which one
            self._join(paying)
        return bool(paying)

    def _clear(self) -> None:
        self.paid, self._preselected = [], False
        self._show_payment()

    def action(self) -> Build:
        return self._action(self.to, self.colour)

    def _action(self, to: str | None, colour: str | None) -> Build:
        card = self.card
        return Build(self.screen.seat, card.value, card.demand, card.points, to, colour,
                     tuple(self.paid))

    def _confirm(self) -> None:
        if self.card is None:  # a card not seen: the cards paid settle where it joins
            self._preselected = False
            if not self._settle():
                self.screen.refuse(self.unseen.refusal(self.paid))
            return
        if self.to is None:  # the cards paid so far pay for no place: the engine says why
            self.screen.refuse(self.table.check(self._action(*self.places[0])))
            return
        action = self.action()
        reason = self.table.check(action)
        if reason is not None:
            self.screen.refuse(reason)
            return
        self.screen.close_dialog()
        if self.screen.submit(action):
            scanned = self.screen.scanned_cities.get(action.seat, [])
            played = CityCard(action.value, action.demand, action.points)
            if played in scanned:
                scanned.remove(played)


def preselected_words(paid: list[str]) -> str:
    """What the pre-selected payment is (Locomotives are kept, unless one is in it)."""
    if "loco" in paid:
        return _("Pre-selected: the fewest cards of those seen in your hand. Tap others to pay "
                 "otherwise.")
    return _("Pre-selected: the fewest cards, Locomotives kept. Tap others to pay otherwise.")


def scanned_in_hand(screen) -> CityCard | None:
    """The last city card scanned into the hand that it may still hold: its printed features
    are known (Clear points or a value tapped changes them)."""
    seat, hand = screen.seat, screen.table.state.seats[screen.seat].hand
    for card in reversed(screen.scanned_cities.get(seat, [])):
        if hand.known[card.value - 1] > 0:  # Card.CITY_n is n - 1
            return card
    return None


def scanned(building: "Building", component) -> bool:
    """A scanned city card fills the build question (or opens it at the player's action)."""
    if component.kind != "city":
        return False
    card = CityCard.from_value(component.value)
    if card is None:
        return False
    dialog = building.screen.dialog
    if dialog is not None and dialog.kind in ("build_city", "build_pay", "build_join",
                                              "build_card", "build_seen", "build_where"):
        building.known.ask_where(card)  # its features known: where it joins, likeliest first
        return True
    if dialog is None and building.screen.is_open("build"):
        building.start(card)
        return True
    return False
