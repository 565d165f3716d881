"""The players beside the map: each one's colour, and their taxis, vans and tiles as the map's
own shapes with a number (no words to fit in any language)."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app.games import player_colours
from companion.app.names import NameLabel


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
        # the name whole: a long one on two lines, after its hyphen
        label = NameLabel(name=name, bold=seat == s.current, font_size=sp(15),
                          color=readable(rgba[seat]), halign="left", size_hint_y=None,
                          least_height=dp(24))
        row.height = label.height
        label.bind(height=lambda w, h, r=row: setattr(r, "height", h))
        row.add_widget(label)
        for kind, count in (("taxi", p.taxis), ("van", p.vans), ("tile", len(p.hand))):
            row.add_widget(TraffiqCount(kind=kind, text=str(count), rgba=rgba[seat]))
        box.add_widget(row)
