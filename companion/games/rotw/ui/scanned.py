"""What a scanned Railways card means on the play screen: the card a question asks for, the top
card of the draw pile taken, or a build's city card; anything else is said and changes nothing.

A tag stands for a city card (kind "city": its printed value, demand and points) or for a rail
card or Locomotive (kind "card": its key, "orange-2", "loco"). In order:

* a question naming a card is open (the cards turned face up, dealt at setup, taken from the
  draw pile, discarded, paid): the scan is the tap on that card, where the engine lets it be
  that card (its button is lit); a city card goes in as its value, its features kept where it
  goes into a hand;
* discard and draw asks where the new card comes from: a scan is the top of the draw pile;
* a city card, where the build question is open or the player may build: the build (as it was);
* no question, and the player may take cards (or, at the action step, pass by taking one): the
  scan is the top card of the draw pile taken, named (no tap); a card taken from the display is
  still tapped on the display;
* anything else: the screen says what was scanned and why it is not asked for; nothing stored.
"""

from __future__ import annotations

from companion.app.i18n import _
from ..engine import TakeDeck
from .city_card import CityCard
from .widgets import CardPicker
from .words import card_name

# The pickers where a city card goes into a hand: its printed features are kept for the build.
INTO_HAND = ("take_deck", "show_card")


def scanned_card(component) -> tuple[str, CityCard | None] | None:
    """The card key a tag stands for, with a city card's features; None for anything else."""
    if component.kind == "city":
        card = CityCard.from_value(component.value)
        return None if card is None else (f"city-{card.value}", card)
    if component.kind == "card" and component.value in CardPicker.ORDER:
        return component.value, None
    return None


def card_scanned(screen, component) -> bool:
    """The scan answered or said on `screen` (RotwPlayScreen); False: not a Railways card."""
    found = scanned_card(component)
    if found is None:
        return False
    key, city = found
    dialog = screen.dialog
    if isinstance(getattr(dialog, "cards", None), dict):  # a CardPicker: a button per card
        _answer_picker(screen, dialog, key, city)
    elif dialog is not None and dialog.kind == "draw_after":
        if screen.discarding.scanned_from_pile(key):
            _keep_city(screen, city)
    elif city is not None and screen.building.scanned(component):
        pass  # the build question filled, or opened at the player's action
    elif dialog is None and (screen.is_open("take_deck") or
                             screen.passes_by_taking("take_deck")):
        if screen.take(TakeDeck(screen.seat, key)):
            _keep_city(screen, city)
    else:
        _not_asked(screen, key)
    return True


def _answer_picker(screen, picker, key: str, city: CityCard | None) -> None:
    button = picker.cards.get(key)
    if button is None or button.disabled:  # the engine's choices left it out
        picker.say(_("Scanned: {card}. It cannot be that card here; nothing was changed.")
                   .format(card=card_name(key)))
        return
    if picker.kind in INTO_HAND:
        _keep_city(screen, city)
    picker.on_card(key)  # as the tap on that card


def _keep_city(screen, city: CityCard | None) -> None:
    """A city card's printed features, kept with the hand: its build fills them in."""
    if city is not None:
        screen.scanned_cities.setdefault(screen.seat, []).append(city)


def _not_asked(screen, key: str) -> None:
    """Nothing asks for a card: the engine's reason where taking is only not yet open."""
    move = screen.moves.get("take_deck")
    if screen.dialog is None and move is not None and not move.open:
        screen.refuse(move.reason)
        return
    screen.show_message(_("Scanned: {card}. No card is asked for now; nothing was changed.")
                        .format(card=card_name(key)), "panel_message")
