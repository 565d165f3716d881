"""The players beside the map: each one's colour, and their taxis, vans and tiles as the map's
own shapes with a number (no words to fit in any language)."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup

from companion.app.games import player_colours


class TraffiqCount(Label):
    """A small taxi, van or tile as drawn on the map (see kv/traffiq/play.kv), and how many."""

    kind = StringProperty("taxi")
    rgba = ListProperty([1, 1, 1, 1])


def seat_rgba(table) -> list:
    from .game import RGBA
    return [RGBA.get(colour, (1, 1, 1, 1)) for colour in player_colours(table)]


def readable(rgba) -> tuple:
    """A player's colour made light enough to read on the dark panel."""
    r, g, b = rgba[:3]
    return (0.35 + 0.65 * r, 0.35 + 0.65 * g, 0.35 + 0.65 * b, 1)


def fill_players(box, table, rgba) -> None:
    """One row per player, the one to move in bold: taxis and vans still to place, tiles in
    hand."""
    box.clear_widgets()
    s = table.state
    for seat, name in enumerate(table.header.players):
        p = s.seats[seat]
        row = BoxLayout(size_hint_y=None, height=dp(24), spacing=dp(2))
        label = Label(text=f"[b]{escape_markup(name)}[/b]" if seat == s.current
                      else escape_markup(name), markup=True, font_size=sp(15),
                      color=readable(rgba[seat]), halign="left", valign="middle", shorten=True)
        label.bind(size=lambda w, sz: setattr(w, "text_size", sz))
        row.add_widget(label)
        for kind, count in (("taxi", p.taxis), ("van", p.vans), ("tile", len(p.hand))):
            row.add_widget(TraffiqCount(kind=kind, text=str(count), rgba=rgba[seat]))
        box.add_widget(row)
