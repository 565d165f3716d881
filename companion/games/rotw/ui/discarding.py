"""D) Discarding a card, then drawing (the draw pile or a face-up card) or restocking a city: which
card goes, then what comes, from the choices the engine leaves open (a restock also begun by
tapping the city without goods on the network)."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.gridlayout import GridLayout

from companion.app.i18n import _
from ..engine import Card, DiscardDraw, DiscardRestock
from .taking import ask_drawn
from .widgets import CardPicker, RotwCard, RotwDialog, button_row, choice_list
from .words import card_name, city_name


class Discarding:
    def __init__(self, screen):
        self.screen = screen
        self.discarded: str | None = None  # while asking where the new card comes from

    @property
    def table(self):
        return self.screen.table

    def draw(self) -> None:
        if self.screen.open_move("discard_draw"):
            self._which_card(_("Discard and draw: which card do you discard?"), self._draw_after)

    def restock(self) -> None:
        if self.screen.open_move("discard_restock"):
            self._which_card(_("Discard and restock: which card do you discard?"),
                             self._restock_after)

    def restock_at(self, city: str) -> bool:
        """A city without goods tapped at the action step, where the engine lets a cube be
        restocked there: the restock of that city (ringed), the card discarded asked next;
        False (nothing done) where it is not one."""
        table = self.table
        if not self.screen.is_open("discard_restock") or \
                city not in table.rules.restock_cities(table.state):
            return False
        network = self.screen.ids.network
        network.selected = city

        def cancel() -> None:
            network.selected = ""
            self.screen.close_dialog()
        self._which_card(_("Discard and restock {city}: which card do you discard?").format(
            city=city_name(city, table.state)), lambda card: self._restock(card, city), cancel)
        return True

    def _which_card(self, heading: str, then, cancel=None) -> None:
        table = self.table
        picker = self.screen.open_dialog(CardPicker("discard", then))
        picker.set_buttons(picker.button(_("Cancel"), cancel or self.screen.close_dialog))
        allowed = {card.key for card in table.rules.hand_cards(table.state, self.screen.seat)}
        picker.show(heading, [], allowed)

    # ---- then draw ---------------------------------------------------------------------

    def _draw_after(self, discarded: str) -> None:
        s, rules = self.table.state, self.table.rules
        self.discarded = discarded
        dialog = self.screen.open_dialog(RotwDialog("draw_after"))
        dialog.title(_("You discard {card}. Then take:").format(card=card_name(discarded)))
        grid = GridLayout(cols=2, spacing=dp(8))
        deck = RotwCard(text=_("The top of the draw pile"), size_hint=(1, 1))
        sources = rules.draw_sources(s)
        deck.disabled = None not in sources
        deck.bind(on_release=lambda _b: self._discard_draw(discarded, None, None))
        grid.add_widget(deck)
        for slot, card in enumerate(s.display):
            if card is None:
                continue
            key = Card(card).key
            button = RotwCard(card=key, text=card_name(key), size_hint=(1, 1))
            button.disabled = slot not in sources
            button.bind(on_release=lambda _b, slot=slot, key=key:
                        self._discard_draw(discarded, slot, key))
            grid.add_widget(button)
        dialog.box.add_widget(grid)
        dialog.box.add_widget(Factory.Note(text=_("Not a Locomotive from the display.")))
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        dialog.box.add_widget(row)

    def _discard_draw(self, card: str, slot: int | None, taken: str | None) -> None:
        self.screen.close_dialog()
        if slot is None and taken is None and self.table.state.scanned_draws:
            self._which_drawn(card)  # every card drawn is scanned: the pile's too
            return
        self.screen.submit(DiscardDraw(self.screen.seat, card, slot, taken))

    def scanned_from_pile(self, key: str) -> bool:
        """A card scanned while asking where the new card comes from: the top of the draw
        pile, named (a face-up card is tapped); whether it was stored. The engine refusing
        (the pile not open, that card not in the box) leaves the question open."""
        if self.discarded is None:
            return False
        action = DiscardDraw(self.screen.seat, self.discarded, None, key)
        reason = self.table.check(action)
        if reason is not None:
            self.screen.refuse(reason)  # said over the open question
            return False
        self.screen.close_dialog()
        self.discarded = None
        return self.screen.submit(action)

    def _which_drawn(self, discarded: str) -> None:
        """Which card came off the draw pile after the discard, as the take step asks."""
        ask_drawn(self.screen, lambda key: self._discard_draw(discarded, None, key))

    # ---- then restock ------------------------------------------------------------------

    def _restock_after(self, discarded: str) -> None:
        s = self.table.state
        cities = self.table.rules.restock_cities(s)
        if len(cities) == 1:  # one city without goods: the engine's answer, not asked (the
            self._restock(discarded, cities[0])  # last move's line says it, Undo beside)
            return
        dialog = self.screen.open_dialog(RotwDialog("restock_city"))
        dialog.title(_("You discard {card}. Which city without goods gets a cube from the bag?")
                     .format(card=card_name(discarded)))
        buttons = []
        for city in self.table.rules.restock_cities(s):
            button = Factory.BigButton(text=city_name(city, s), font_size=sp(15))
            button.bind(on_release=lambda _b, c=city: self._restock(discarded, c))
            buttons.append(button)
        choice_list(dialog, buttons)
        row = button_row()
        row.add_widget(dialog.button(_("Cancel"), self.screen.close_dialog))
        dialog.box.add_widget(row)

    def _restock(self, card: str, city: str) -> None:
        self.screen.close_dialog()
        self.screen.submit(DiscardRestock(self.screen.seat, card, city))
