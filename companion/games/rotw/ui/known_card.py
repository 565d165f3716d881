"""A build's question for a city card whose printed features the app knows (scanned, scanned
into the hand, or one of the box's cards played before): where it joins. The engine's likeliest
build comes first with its cheapest payment from the cards seen in the hand (its tap stores the
build); every place opens the cards that pay, the cheapest seen pre-selected. Change the card
goes to its features (a card scanned into the hand that is not the one played, a wrong pick)."""

from __future__ import annotations

from kivy.metrics import sp
from kivy.uix.boxlayout import BoxLayout

from companion.app.theme import touch
from companion.app.i18n import _
from ..engine import RAIL_COLOURS, START
from .city_card import CityCard
from .widgets import RotwCard, RotwDialog, button_row, choice_list
from .words import cards_label, city_card_label, city_name, rail_name


def place_order(place: tuple[str, str]) -> tuple:
    """The start board first, then the cities as they came, each by the box's colour order."""
    city, colour = place
    return 0 if city == START else int(city[1:]), RAIL_COLOURS.index(colour)


class KnownCard:
    """Where a known city card joins (`Building` asks the cards that pay, and stores it)."""

    def __init__(self, building):
        self.building = building
        self.likely: dict | None = None  # the engine's likeliest build of the card
        self.likely_row: RotwCard | None = None
        self.rows: dict[tuple[str, str], RotwCard] = {}  # each place: its payment asked

    @property
    def screen(self):
        return self.building.screen

    def places(self, card: CityCard) -> list[tuple[str, str]]:
        """The engine's places for the card (the likeliest build's first), or, where no payment
        could reach any, every free point of its colours (the payment refused says why)."""
        building = self.building
        found = building.completions(value=card.value, demand=card.demand,
                                     points=list(card.points))
        self.likely = found[0] if found and "cards" in found[0] else None
        places = sorted(dict.fromkeys((move["to"], move["colour"]) for move in found),
                        key=place_order)
        if not places:
            table = building.table
            places = sorted(((joint.city, joint.colour) for joint in
                             table.rules.joints(table.state, card.points)), key=place_order)
        return places

    def ask_where(self, card: CityCard, back: bool = False) -> None:
        """Where it joins: the likeliest build one tap, each place its payment next. Not asked
        where the card can join one place only and no payment is likely (unless gone `back`
        to): its payment is asked at once."""
        building = self.building
        building.card, building.value, building.form = card, card.value, None
        building.to, building.colour, building.paid = None, None, []
        places = self.places(card)
        if len(places) == 1 and self.likely is None and not back:
            building.pay_for(*places[0])
            return
        dialog = self.screen.open_dialog(RotwDialog("build_where"))
        dialog.title(_("{card} — where does it join?").format(card=city_card_label(card)))
        state = building.table.state
        self.likely_row = None
        if self.likely is not None:
            likely = self.likely
            self.likely_row = RotwCard(
                card=f"{likely['colour']}-1", size_hint=(1, 1), font_size=sp(15),
                text=_("{city}, {colour} link, paid with {cards}").format(
                    city=city_name(likely["to"], state), colour=rail_name(likely["colour"]),
                    cards=cards_label(likely["cards"])))
            self.likely_row.wid = "build_likely"
            self.likely_row.bind(on_release=lambda _b: self.build_likely())
            row = BoxLayout(size_hint_y=None, height=touch(12))  # two lines where they wrap
            row.add_widget(self.likely_row)
            dialog.box.add_widget(row)
        self.rows = {}
        for to, colour in places:
            button = RotwCard(card=f"{colour}-1", size_hint=(1, 1), font_size=sp(15),
                              text=_("{city}, {colour} link").format(city=city_name(to, state),
                                                                     colour=rail_name(colour)))
            button.bind(on_release=lambda _b, t=to, c=colour: building.pay_for(t, c))
            self.rows[(to, colour)] = button
        choice_list(dialog, list(self.rows.values()))
        buttons = button_row()
        buttons.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        change = dialog.button(_("Change the card"), lambda: building.change_card(card))
        change.wid = "build_change_card"
        buttons.add_widget(change)
        dialog.box.add_widget(buttons)

    def build_likely(self) -> None:
        """The likeliest build tapped: stored (the last move's line says it, Undo beside)."""
        building, likely = self.building, self.likely
        building.paid = list(likely["cards"])
        building.build_at(likely["to"], likely["colour"])
