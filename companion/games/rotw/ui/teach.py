"""Teaching the scanner Railways of the World city cards: each tag learns a card's features."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.app.i18n import _
from .city_card import CityCard
from .widgets import CityCardForm
from .words import goods_name, rail_name


def component_name(component) -> str:
    """A taught tag in the player's language: 'City 3 (red): orange, brown'."""
    card = CityCard.from_value(component.value) if component.kind == "city" else None
    if card is None:
        return f"{component.kind} {component.value}"
    points = ", ".join(rail_name(c) for c in card.points)
    if card.demand is None:
        return _("City {value}: {points}").format(value=card.value, points=points)
    return _("City {value} ({goods}): {points}").format(
        value=card.value, goods=goods_name(card.demand), points=points)


class RotwTeachPanel(BoxLayout):
    """Scan a city card's tag, set its features as printed, then teach it."""

    def __init__(self, teach, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        self.teach = teach
        self.button = Factory.AccentButton(disabled=True)
        self.form = CityCardForm(self._changed)
        self.add_widget(self.form)
        row = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(8))
        clear = Factory.BigButton()
        clear.bind(on_release=lambda *_: self.form.clear_points())
        self.clear = clear
        row.add_widget(clear)
        self.button.bind(on_release=lambda *_: self._teach())
        row.add_widget(self.button)
        self.add_widget(row)

    def _changed(self) -> None:
        self.button.disabled = self.form.card() is None

    def _teach(self) -> None:
        card = self.form.card()
        if card is not None:
            self.teach("city", card.to_value())

    def refresh(self) -> None:
        self.clear.text = _("Clear points")
        self.button.text = _("Teach this city card")
        self.form.refresh()
