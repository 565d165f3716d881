"""Claiming a route: a tap on the map, then the payments the engine allows, or its reason."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app.i18n import _
from companion.app.theme import touch
from companion.app.widgets import CardButton
from .words import card_name, explain, payment_label, route_label
from ..engine import ClaimRoute, Route
from ..engine.moves import claim_refusal
from .questions import CARD_KEYS, TtrDialog


def colour_word(route: Route) -> str:
    """The route's colour in the player's language ("gray" for a route of any one colour)."""
    return card_name("gray") if route.gray else card_name(route.colour.key)


class ClaimFlow:
    """The claim of one route on the play screen it belongs to: which colour, which cards."""

    def __init__(self, screen):
        self.screen = screen

    @property
    def table(self):
        return self.screen.table

    def route_tapped(self, route_id: str) -> None:
        """The player to move tapped a route: offer its payments, or say why it cannot be."""
        table = self.table
        board, s = table.rules.board, table.state
        options = self._options(route_id)
        if not options:
            self.screen.map.selected = ""
            reason = claim_refusal(board, s, s.current, route_id)
            self.screen.show_message(explain(reason), "map_message")
            return
        self.screen.map.selected = route_id
        if len(options) == 1:  # one legal payment: nothing to ask; said, and Undo takes it back
            self._claim(route_id, options[0], said=True)
            return
        self._ask(route_id, options)

    def _options(self, route_id: str) -> list[tuple[str, ...]]:
        """The payments the engine accepts for this route, cheapest first (its completions)."""
        table = self.table
        return [tuple(c["cards"]) for c in table.rules.completions(
            table.state, {"type": ClaimRoute.type, "route": route_id})]

    def _ask(self, route_id: str, options: list[tuple[str, ...]],
             colour: str | None = None) -> None:
        """The claim question: a colour first (a gray route payable in several), then the cards."""
        board = self.table.rules.board
        route = board.routes[route_id]
        self.screen.close_dialog()
        dialog = TtrDialog("claim")
        dialog.title(_("Claim {route} – length {length}, {colour}").format(
            route=route_label(board, route_id), length=route.length, colour=colour_word(route)))
        colours = sorted({cards[0] for cards in options}, key=CARD_KEYS.index)
        if route.gray and len(colours) > 1 and colour is None:
            dialog.box.add_widget(Factory.Note(text=_("Which colour do you pay with?")))
            dialog.box.add_widget(self._colour_grid(route_id, options, colours))
        else:
            dialog.box.add_widget(Factory.Note(text=_("Pay with:")))
            chosen = [cards for cards in options if colour is None or cards[0] == colour]
            dialog.box.add_widget(self._payment_grid(dialog, route_id, chosen))
        dialog.box.add_widget(Factory.Widget())
        dialog.box.add_widget(self._bottom_row(dialog, route))
        self.screen.open_dialog(dialog)

    def _colour_grid(self, route_id: str, options, colours: list[str]) -> GridLayout:
        grid = GridLayout(cols=4, spacing=dp(8))
        for key in colours:
            button = CardButton(card=key, text=card_name(key), size_hint=(1, 1))
            button.bind(on_release=lambda _b, key=key: self._ask(route_id, options, key))
            grid.add_widget(button)
        return grid

    def _payment_grid(self, dialog, route_id: str, options) -> GridLayout:
        grid = GridLayout(cols=2, spacing=dp(8), row_force_default=True,
                          row_default_height=dp(64))
        for n, cards in enumerate(options):  # the cheapest first, marked as the likely one
            grid.add_widget(dialog.button(payment_label(cards),
                                          lambda c=cards: self._claim(route_id, c),
                                          accent=n == 0))
        return grid

    def _bottom_row(self, dialog, route: Route) -> BoxLayout:
        row = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(8))
        if route.sibling:
            row.add_widget(dialog.button(_("The other route of this double route"),
                                         lambda: self._switch_double(route.sibling)))
        row.add_widget(dialog.button(_("Cancel"), self._cancel))
        return row

    def _switch_double(self, route_id: str) -> None:
        self.screen.close_dialog()
        self.route_tapped(route_id)

    def _cancel(self) -> None:
        self.screen.close_dialog()
        self.screen.map.selected = ""

    def _claim(self, route_id: str, cards: tuple[str, ...], said: bool = False) -> None:
        """Claim it; `said`: the payment was the only one, so the screen says what it filled in."""
        self._cancel()
        if App.get_running_app().submit(ClaimRoute(self.table.state.current, route_id, cards),
                                        "map_message") and said:
            board = self.table.rules.board
            self.screen.show_message(
                _("{route} claimed, paid with {cards}: the only payment your cards allow. "
                  "Not so? Undo takes it back.").format(route=route_label(board, route_id),
                                                       cards=payment_label(cards)),
                "map_message", good=True)
