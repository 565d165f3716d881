"""Table rules: the readings a rulebook leaves open, chosen before a game and shown during it.

New game opens `TableRulesView` (its "Table rules" button): one question per table option of
the game, its choices (the engine's default first, marked), and the rulebook's own sentence,
in the chosen language where the rulebook is printed in it, else the original with its meaning
translated. The choice goes into New game's options (`variants`), so the game's header carries
it like the scenario or the family game. The rules screen shows the options in force with the
same words (`option_block`).
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.utils import escape_markup

from companion.games.rule_cards import TableOption, table_options

from .i18n import LANGUAGES, _, ngettext, tr
from .theme import touch
from .widgets import PlayerTab, panel


def choice_name(option: TableOption, value: Any) -> str:
    """A setting in words, "(default)" after the rulebook reading the engine follows unasked."""
    for choice, name in option.choices:
        if choice == value:
            if choice == option.choices[0][0]:
                return _("{setting} (default)").format(setting=_(name))
            return _(name)
    return str(value)


def quote_text(option: TableOption) -> str:
    """The rulebook's sentence (markup): as printed, and its meaning where the player reads
    another language."""
    quote = _("The rulebook, printed in {language}, says: “{quote}”").format(
        language=language_name(option.quote_language), quote=escape_markup(option.quote))
    if tr.language == option.quote_language:
        return f"[i]{quote}[/i]"
    meaning = _("In {language}: {meaning}").format(language=language_name(tr.language),
                                                    meaning=_(option.meaning))
    return f"[i]{quote}[/i]\n{escape_markup(meaning)}"


def language_name(code: str) -> str:
    """A language's name in the language the player reads ("Hungarian", "Ungarisch"): a
    rulebook quoted in another language says which one, in words the reader knows."""
    try:
        from babel import Locale
        return Locale.parse(code).get_display_name(tr.language) or code
    except Exception:  # an unknown code: its own name, else the code
        return LANGUAGES.get(code, code)


def option_block(option: TableOption, value: Any) -> BoxLayout:
    """An option in force: the question, the setting, the rulebook's sentence."""
    box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(2))
    box.bind(minimum_height=box.setter("height"))
    box.add_widget(Factory.Note(text=f"[b]{escape_markup(_(option.label))}[/b] "
                                     f"{escape_markup(choice_name(option, value))}",
                                markup=True, font_size=sp(17)))
    box.add_widget(Factory.Note(text=quote_text(option), markup=True, font_size=sp(15),
                                color=(1, 1, 1, 0.8)))
    return box


class TableRulesView(ModalView):
    """New game's "Table rules": each open reading with its choices; Done goes back."""

    def __init__(self, game_kind: str, chosen: dict, choose: Callable[[str, Any], None],
                 **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(0.96, 0.96),
                         background_color=(0, 0, 0, 0), overlay_color=(0, 0, 0, 0.4), **kwargs)
        self.choose = choose
        box = panel(spacing=dp(8))
        box.add_widget(Factory.Title(text=_("Table rules")))
        box.add_widget(Factory.Note(text=_("Where the rulebook can be read two ways, your "
                                           "table decides. The app follows your choice "
                                           "all game."), font_size=sp(15)))
        rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(10))
        rows.bind(minimum_height=rows.setter("height"))
        for option in table_options(game_kind):
            rows.add_widget(self._question(option, chosen.get(option.option,
                                                              option.choices[0][0])))
        scroll = Factory.ScrollView(do_scroll_x=False)
        scroll.add_widget(rows)
        box.add_widget(scroll)
        done = Factory.AccentButton(text=_("Done"), size_hint_y=None, height=touch(4))
        done.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(done)
        self.add_widget(box)

    def _question(self, option: TableOption, value: Any) -> BoxLayout:
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(4))
        box.bind(minimum_height=box.setter("height"))
        box.add_widget(Factory.Note(text=f"[b]{escape_markup(_(option.label))}[/b]",
                                    markup=True, font_size=sp(17)))
        row = GridLayout(cols=len(option.choices), spacing=dp(6), size_hint_y=None,
                         height=touch())
        for choice, _name in option.choices:
            button = PlayerTab(text=choice_name(option, choice), group=f"table-{option.option}",
                               allow_no_selection=False, font_size=sp(15), shorten=False,
                               halign="center", valign="middle",
                               state="down" if choice == value else "normal")
            button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(14), None)))
            button.bind(on_release=lambda _b, o=option.option, v=choice: self.choose(o, v))
            row.add_widget(button)
        box.add_widget(row)
        box.add_widget(Factory.Note(text=quote_text(option), markup=True, font_size=sp(15),
                                    color=(1, 1, 1, 0.8)))
        return box


def changed_count(game_kind: str, chosen: dict) -> int:
    """How many table options differ from the default (New game's button says it)."""
    return sum(1 for option in table_options(game_kind)
               if chosen.get(option.option, option.choices[0][0]) != option.choices[0][0])


def text_width(text: str, font_size: float) -> float:
    """How wide a line of text is drawn (the button's own texture follows its width)."""
    from kivy.core.text import Label as CoreLabel
    line = CoreLabel(text=text, font_size=font_size)
    line.refresh()
    return line.texture.size[0]


def place_table_rules(screen) -> None:
    """New game's hook: a "Table rules" button in the title row, before Back, for a game that
    has table options (none otherwise); it opens TableRulesView on the screen's chosen options
    (`screen.variants`). The column of the game's own choices has no room left for it."""
    old = getattr(screen, "table_rules", None)
    if old is not None and old.parent is not None:
        old.parent.remove_widget(old)
    screen.table_rules = None
    game_kind = screen.game_kind  # New game's chosen kind of game
    if not table_options(game_kind) or screen.mode != "play":
        return
    button = Factory.QuietButton(size_hint=(None, None), height=dp(52), font_size=sp(15))

    def label() -> None:
        changed = changed_count(game_kind, screen.variants)
        button.text = (ngettext("Table rules: {count} changed", "Table rules: {count} changed",
                                changed).format(count=changed) if changed
                       else _("Table rules"))
        # one line where it fits, else two (a long language beside the game's long name)
        button.width = min(dp(176), max(dp(130), text_width(button.text, button.font_size)
                                        + dp(28)))

    def choose(option: str, value: Any) -> None:
        screen.choose_variant(option, value)
        label()

    label()
    button.bind(on_release=lambda *_: TableRulesView(game_kind, screen.variants, choose).open(
        animation=False))
    header = screen.ids.back.parent
    header.add_widget(button, index=header.children.index(screen.ids.back) + 1)
    screen.table_rules = button
