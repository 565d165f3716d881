"""A build's first and last questions for a city card the app has not seen: its value first (the
cards paid next tell the link's colour, and the card must show that colour), then, once it is
known where it joins, its printed points with the link's colour marked by the app and its demand,
the demand tapped last storing the build."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import sp

from companion.app.i18n import _
from companion.app.scanning import scanner_configured
from companion.app.theme import touch
from ..engine import RAIL_COLOURS, START, Build
from ..engine.box import ANY_GOODS_VALUE, CITY_VALUES, GOODS
from .box_cards import offered, shows_most_colours
from .city_card import CityCard
from .widgets import CityCardForm, RotwCard, RotwDialog, button_row, choice_list
from .words import cards_label, city_card_label, city_name, rail_name


class UnseenCard:
    """The value and the printed features of the city card a build plays, asked around the
    cards paid and where it joins (`Building` asks those)."""

    def __init__(self, building):
        self.building = building
        self.values: dict[int, RotwCard] = {}
        self.seen: dict[CityCard, RotwCard] = {}  # the box's cards played before, offered
        self.offered_first = False  # at the value's question (not again after the payment)

    @property
    def screen(self):
        return self.building.screen

    def ask_value(self, back: bool = False) -> None:
        """Which value: one tap, grey where the hand could not pay for it (the engine says);
        not asked where the hand can pay for one value only (unless gone `back` to)."""
        building = self.building
        payable = {found["value"] for found in building.completions()}
        cards = [card for value in sorted(payable)
                 for card in offered(building.table, value)]  # the box's, played before
        self.offered_first = bool(cards)
        if len(payable) == 1 and not back and not cards:  # the only value the hand can pay
            building.valued(payable.pop())  # for: not asked (said under the cards; Back asks)
            return
        dialog = self.screen.open_dialog(RotwDialog("build_city"))
        dialog.title(_("Build: the value of the city card you play? (Or scan it.)")
                     if scanner_configured() else _("Build: the value of the city card you play?"))
        row = button_row(touch(14))  # room for a value's name on two lines ("2 értékű Város")
        self.values = {}
        for value in CITY_VALUES:
            button = RotwCard(card=f"city-{value}", size_hint=(1, 1), font_size=sp(22),
                              text=_("City {value}").format(value=value))
            button.disabled = value not in payable
            button.bind(on_release=lambda _b, v=value: building.valued(v))
            self.values[value] = button
            row.add_widget(button)
        dialog.box.add_widget(row)
        if cards:
            self._offer(dialog, cards, _("Or one of this box's city cards played before:"))
        else:
            dialog.box.add_widget(Factory.Note(text=_(
                "Then the cards you pay: they tell the link's colour, which the city card shows, "
                "so the app marks that point for you.")))
        buttons = button_row()
        buttons.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        dialog.box.add_widget(buttons)

    def provisional(self, to: str, colour: str, cards) -> Build:
        """The build as far as it is known, for the engine to check the payment and the joint:
        the card showing the link's colour only, any demand (neither bears on what pays)."""
        value = self.building.value
        demand = None if value == ANY_GOODS_VALUE else GOODS[0]
        return Build(self.screen.seat, value, demand, (colour,), to, colour, tuple(cards))

    def paying_places(self, cards) -> list[tuple[str, str]]:
        """Where a link these cards pay for may go: each colour they pay for (the engine's
        check), the start board and every free point of it."""
        table = self.building.table
        colours = [colour for colour in RAIL_COLOURS
                   if table.check(self.provisional(START, colour, cards)) is None]
        return [(joint.city, joint.colour) for colour in colours
                for joint in table.rules.joints(table.state, (colour,))]

    def refusal(self, cards):
        """The engine's reason these cards pay for no link (for the colour of the first rail
        card among them)."""
        colours = [key.rpartition("-")[0] for key in cards if key != "loco"]
        colour = colours[0] if colours else RAIL_COLOURS[0]
        return self.building.table.check(self.provisional(START, colour, cards))

    def ask_features(self) -> None:
        """Which of the box's cards seen before it is, where there are such cards of its value
        showing the link's colour (one tap); else its points and demand."""
        building = self.building
        cards = [] if self.offered_first else \
            offered(building.table, building.value, building.colour)
        if not cards:
            self.ask_printed()
            return
        dialog = self.screen.open_dialog(RotwDialog("build_seen"))
        dialog.title(_("City {value}, joining {city} (the link: {colour}): is it one of these? "
                       "(This box's cards played before)").format(
            value=building.value, city=city_name(building.to, building.table.state),
            colour=rail_name(building.colour)))
        self._offer(dialog, cards)
        row = button_row()
        self._back(dialog, row)
        another = dialog.button(_("Another card"), self.ask_printed, accent=True)
        another.wid = "build_another"
        row.add_widget(another)
        dialog.box.add_widget(row)

    def _offer(self, dialog, cards: list[CityCard], heading: str = "") -> None:
        """The box's cards played before, one button each (`seen`)."""
        if heading:
            dialog.box.add_widget(Factory.Note(text=heading))
        self.seen = {}
        for card in cards:
            button = RotwCard(card=f"city-{card.value}", text=city_card_label(card),
                              size_hint=(1, 1), font_size=sp(15))
            button.bind(on_release=lambda _b, c=card: self.seen_card(c))
            self.seen[card] = button
        choice_list(dialog, list(self.seen.values()))

    def seen_card(self, card: CityCard) -> None:
        """One of the box's cards seen before, tapped: where its link and cards are known, the
        build stored; at the first question, the build goes on as for a scanned card (where it
        joins, the engine's likeliest build first)."""
        building = self.building
        building.card = card
        if building.to is None or building.colour is None:
            building.known.ask_where(card)
            return
        building.build_at(building.to, building.colour)

    def paid_note(self, dialog, row) -> None:
        """Under a question after the payment taken without a tap: the cards said, and Change
        cards (one tap back to the payment) in the `row` of buttons."""
        building = self.building
        dialog.box.add_widget(Factory.Note(text=_(
            "Paid (the one payment the cards seen in the hand allow): {cards}").format(
            cards=cards_label(building.paid))))
        change = dialog.button(_("Change cards"), building.change_cards)
        change.wid = "build_change_cards"
        row.add_widget(change)

    def _back(self, dialog, row) -> None:
        """Back to the cards paid: Change cards with the payment said, where it was taken
        without a tap."""
        building = self.building
        if building.auto_paid:
            self.paid_note(dialog, row)
        else:
            row.add_widget(dialog.button(_("Back"), building.change_cards))

    def ask_printed(self) -> None:
        """Its other connection points and its demand, the link's colour marked already (or,
        where the cards of its value mostly show four or five colours, every colour marked and
        those it lacks tapped off)."""
        building = self.building
        state = building.table.state
        lacking = shows_most_colours(building.table, building.value)
        dialog = self.screen.open_dialog(RotwDialog("build_card"))
        words = dict(value=building.value, city=city_name(building.to, state),
                     colour=rail_name(building.colour))
        dialog.title(self._printed_title(lacking, building.value == ANY_GOODS_VALUE, words))
        form = CityCardForm(lambda: None, fixed=building.value, marked=building.colour,
                            on_demand=self.card_done, lacking=lacking)
        building.form = form
        dialog.box.add_widget(form)
        row = button_row()
        self._back(dialog, row)
        row.add_widget(dialog.button(_("Clear points"), form.clear_points))
        if building.value == ANY_GOODS_VALUE:  # no demand to tap: Build stores it (elsewhere
            done = dialog.button(_("Build"), self.card_done, accent=True)  # the demand's tap
            done.wid = "build_card_done"  # does, and a Build before it was only refused)
            row.add_widget(done)
        dialog.box.add_widget(row)
        form.refresh()

    @staticmethod
    def _printed_title(lacking: bool, any_goods: bool, words: dict) -> str:
        """What the points-and-demand question asks: a value-5 city has no demand, Build ends it."""
        if any_goods:
            return (_("City {value}, joining {city} (the link: {colour}): tap the connection "
                      "points it does not show, then Build") if lacking else
                    _("City {value}, joining {city} (the link: {colour}): tap its other "
                      "connection points, then Build")).format(**words)
        return (_("City {value}, joining {city} (the link: {colour}): tap the connection "
                  "points it does not show, then its demand") if lacking else
                _("City {value}, joining {city} (the link: {colour}): tap its other "
                  "connection points, then its demand")).format(**words)

    def card_done(self) -> None:
        """The card's features told: the build stored, or the engine's reason said."""
        building, form = self.building, self.building.form
        card = form.card()
        if card is None:  # no demand yet, or no point: the engine says what is missing
            demand = None if form.value == ANY_GOODS_VALUE else form.demand
            action = Build(self.screen.seat, form.value, demand, tuple(form.points),
                           building.to, building.colour, tuple(building.paid))
            self.screen.refuse(building.table.check(action))
            return
        building.card = card
        building.build_at(building.to, building.colour)
