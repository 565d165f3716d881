"""Teaching the scanner Railways of the World's cards: a city card's tag learns its printed features;
a rail card's or Locomotive's tag is one tap on its kind."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.app.i18n import _
from .city_card import CityCard
from .widgets import CardPicker, CityCardForm, RotwCard
from .words import card_name, city_card_label

# The kinds a tag can be taught besides a city card: the Locomotive and every rail card.
CARD_KINDS = [key for key in CardPicker.ORDER if not key.startswith("city-")]


def component_name(component) -> str:
    """A taught tag in the player's language: 'City 3 (red): orange, brown', 'Locomotive',
    'rail card orange 2'."""
    if component.kind == "card" and component.value in CARD_KINDS:
        key = component.value
        return card_name(key) if key == "loco" else _("rail card {card}").format(
            card=card_name(key))
    card = CityCard.from_value(component.value) if component.kind == "city" else None
    if card is None:
        return f"{component.kind} {component.value}"
    return city_card_label(card)


class RotwTeachPanel(BoxLayout):
    """Scan a tag, then either set a city card's features as printed and teach it, or tap the
    rail card or Locomotive it is (taught at the tap), beside."""

    def __init__(self, teach, **kwargs):
        super().__init__(orientation="horizontal", spacing=dp(12), **kwargs)
        self.teach = teach
        city = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_x=0.58)
        self.button = Factory.AccentButton(disabled=True)
        self.form = CityCardForm(self._changed)
        city.add_widget(self.form)
        row = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(8))
        clear = Factory.BigButton()
        clear.bind(on_release=lambda *_: self.form.clear_points())
        self.clear = clear
        row.add_widget(clear)
        self.button.bind(on_release=lambda *_: self._teach())
        row.add_widget(self.button)
        city.add_widget(row)
        self.add_widget(city)
        self.add_widget(self._card_kinds())

    def _card_kinds(self) -> BoxLayout:
        """The Locomotive and the rail cards: one tap teaches the tag scanned."""
        side = BoxLayout(orientation="vertical", spacing=dp(4), size_hint_x=0.42)
        # two lines: the German and Hungarian words are long for the column
        self.kinds_label = Label(font_size=sp(15), size_hint_y=None, height=dp(40),
                                 halign="left", valign="middle")
        self.kinds_label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        side.add_widget(self.kinds_label)
        grid = GridLayout(cols=3, spacing=dp(6))
        self.kinds = {}
        for key in CARD_KINDS:
            button = RotwCard(card=key, size_hint=(1, 1), font_size=sp(15))
            button.bind(on_release=lambda _b, key=key: self.teach("card", key))
            self.kinds[key] = button
            grid.add_widget(button)
        side.add_widget(grid)
        return side

    def _changed(self) -> None:
        self.button.disabled = self.form.card() is None

    def _teach(self) -> None:
        card = self.form.card()
        if card is not None:
            self.teach("city", card.to_value())

    def refresh(self) -> None:
        self.clear.text = _("Clear points")
        self.button.text = _("Teach this city card")
        self.kinds_label.text = _("Or a rail card or Locomotive: tap it")
        for key, button in self.kinds.items():
            button.text = card_name(key)
        self.form.refresh()
