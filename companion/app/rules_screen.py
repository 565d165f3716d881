"""A game's rules on screen: one rule card (a refusal's "Why?") and the rules screen with every card
and the table options in force, opened from the play screen's Rules button.

Both float over the play screen (it stays as it was underneath); Back or Close returns to it.
The words are the rule cards' (companion/games/<game>/rule_cards.py), in the player's language.
"""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.utils import escape_markup

from companion.games.rule_cards import RuleCard, cards, in_force, table_options

from .i18n import _, tr
from .table_rules import option_block
from .theme import touch
from .widgets import panel


def header_options(game_kind: str | None) -> dict:
    """The live game's options (its header), if it is this game."""
    table = App.get_running_app().table
    if table is None or game_kind is None or table.header.game != game_kind:
        return {}
    return dict(table.header.options)


def card_block(card: RuleCard) -> BoxLayout:
    """A rule card: its title and its text."""
    box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(2))
    box.bind(minimum_height=box.setter("height"))
    box.add_widget(Factory.Note(text=f"[b]{escape_markup(_(card.title))}[/b]", markup=True,
                                font_size=sp(18)))
    box.add_widget(Factory.Note(text=_(card.text), font_size=sp(17)))
    return box


def scrolled(rows: BoxLayout):
    scroll = Factory.ScrollView(do_scroll_x=False, bar_width=dp(6))
    scroll.add_widget(rows)
    return scroll


def column() -> BoxLayout:
    rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(12),
                     padding=(0, 0, dp(8), 0))
    rows.bind(minimum_height=rows.setter("height"))
    return rows


class RuleCardView(ModalView):
    """A refusal's rule: the card, and the table's setting where a table option changes it."""

    def __init__(self, game_kind: str | None, card: RuleCard, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.84, None),
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.4), **kwargs)
        self.game_kind = game_kind
        box = panel(spacing=dp(8))
        rows = column()
        rows.add_widget(card_block(card))
        options = {o.option: o for o in table_options(game_kind)} if game_kind else {}
        if card.option in options:
            value = header_options(game_kind).get(card.option, options[card.option].choices[0][0])
            rows.add_widget(Factory.Note(text=_("At this table:"), font_size=sp(15),
                                         color=(1, 1, 1, 0.75)))
            rows.add_widget(option_block(options[card.option], value))
        box.add_widget(scrolled(rows))
        # as tall as the card needs, at most nine tenths of the screen (then it scrolls)
        rows.bind(minimum_height=lambda _rows, h: self._fit(h))
        buttons = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(10))
        if game_kind is not None:
            every = Factory.BigButton(text=_("All rules"))
            every.bind(on_release=lambda *_: self.all_rules())
            buttons.add_widget(every)
        close = Factory.AccentButton(text=_("Close"))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        buttons.add_widget(close)
        box.add_widget(buttons)
        self.add_widget(box)

    def _fit(self, content: float) -> None:
        from kivy.core.window import Window
        self.height = min(Window.height * 0.9, content + touch(4) + dp(12 * 2 + 8))

    def all_rules(self) -> None:
        self.dismiss(animation=False)
        RulesView(self.game_kind).open(animation=False)


class RulesView(ModalView):
    """The rules screen of a game: the table options in force, then every rule card."""

    def __init__(self, game_kind: str, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(1, 1), background_color=(0, 0, 0, 0),
                         overlay_color=(0, 0, 0, 0.6), **kwargs)
        from .games import game_ui
        box = panel(spacing=dp(8))
        top = BoxLayout(size_hint_y=None, height=touch(4), spacing=dp(8))
        top.add_widget(Factory.Title(text=_("Rules: {game}").format(
            game=game_ui(game_kind).title)))
        back = Factory.QuietButton(text=_("Back"), size_hint_x=None, width=dp(120))
        back.bind(on_release=lambda *_: self.dismiss(animation=False))
        top.add_widget(back)
        box.add_widget(top)
        rows = column()
        options = in_force(game_kind, header_options(game_kind))
        if options:
            rows.add_widget(Factory.Note(text=_("Table rules at this table"), font_size=sp(20),
                                         bold=True))
            for option, value in options:
                rows.add_widget(option_block(option, value))
            rows.add_widget(Factory.Note(text=_("The rules"), font_size=sp(20), bold=True))
        for card in cards(game_kind):
            rows.add_widget(card_block(card))
        box.add_widget(scrolled(rows))
        self.add_widget(box)


def rules_button(screen):
    """The play screens' hook: a Rules button beside the seat strip (the rules screen)."""
    button = Factory.QuietButton(text=_("Rules"), size_hint=(None, None), width=dp(88),
                                 height=touch(), font_size=sp(15))

    def open_rules(*_args) -> None:
        table = screen.table
        if table is not None:
            RulesView(table.header.game).open(animation=False)

    button.bind(on_release=open_rules)
    tr.fbind("_", lambda *_args: setattr(button, "text", _("Rules")))  # a new language
    return button
