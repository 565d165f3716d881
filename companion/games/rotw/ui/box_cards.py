"""The city cards this box has shown: a box prints each of its 25 city cards once and a group
plays the same box again, so a card that lay on the table of an earlier stored game (or was
taught to the scanner) is offered as one tap instead of its points and demand."""

from __future__ import annotations

import logging
from collections import Counter

from companion.store import StoreError
from .city_card import CityCard

log = logging.getLogger(__name__)
_cache: dict[tuple, Counter] = {}
MOST_COLOURS_VALUE = 2  # the lowest city value: its cards show the most colours
MANY_COLOURS = 4  # of the five: tapping those it lacks takes fewer taps than those it shows


def offered(table, value: int, colour: str | None = None) -> list[CityCard]:
    """The box's cards seen before of this value (that show the link's colour, where it is
    known), less those on this game's table (each card is printed once: one there is not in
    the hand)."""
    try:
        left = seen(table.store, table.game_id) - on_table(table.state)
    except Exception:  # noqa: BLE001  the box's memory never stops a build: asked as printed
        log.exception("the box's city cards could not be read")
        return []
    return sorted((card for card in left
                   if card.value == value and (colour is None or colour in card.points)),
                  key=lambda card: (card.demand or "", card.points))


def shows_most_colours(table, value: int) -> bool:
    """Whether a city card of this value likely shows four or five of the five rail colours:
    most of the cards of its value seen (on this game's table and in the box's stored games)
    do, or, none seen, it is a value-2 card (the rulebook: the cards of higher-value cities
    show fewer colours). Then its points are entered as the colours it lacks: fewer taps (at
    three colours either way takes two)."""
    try:
        cards = seen(table.store, table.game_id) + on_table(table.state)
    except Exception:  # noqa: BLE001  the box's memory never stops a build
        log.exception("the box's city cards could not be read")
        cards = Counter()
    counts = [n for card, n in cards.items() if card.value == value]
    if not counts:
        return value == MOST_COLOURS_VALUE
    many = sum(n for card, n in cards.items()
               if card.value == value and len(set(card.points)) >= MANY_COLOURS)
    return 2 * many > sum(counts)


def on_table(state) -> Counter:
    return Counter(card for card in map(_card, state.cities.values()) if card is not None)


def seen(store, game_id: int) -> Counter:
    """Each card seen in the other stored games of this kind and on the scanner's tags, as many
    times as one game or the tags showed it (two printed alike are two cards). A game that
    cannot be read is left out, never stops the build."""
    try:
        records = [r for r in store.games() if r.game == _kind() and r.id != game_id]
        key = (id(store), tuple(r.id for r in records), tuple(r.moved for r in records),
               len(store.tags(_kind())))
    except StoreError:
        return Counter()
    if key not in _cache:
        _cache.clear()
        _cache[key] = _read(store, records)
    return _cache[key]


def _read(store, records) -> Counter:
    from companion.table import replay
    found: Counter = Counter()
    for record in records:
        try:
            cities = replay(store, record.id).state.cities.values()
        except Exception:  # noqa: BLE001  a damaged game: its cards are not offered
            log.warning("game %s left out of the box's city cards", record.id)
            continue
        found |= Counter(card for card in map(_card, cities) if card is not None)
    taught = Counter(card for card in (_card(CityCard.from_value(t.value))
                                       for t in store.tags(_kind()) if t.kind == "city")
                     if card is not None)
    return found | taught


def _card(city) -> CityCard | None:
    try:
        card = CityCard(int(city.value), city.demand, tuple(sorted(city.points)))
    except (TypeError, ValueError, AttributeError):
        return None
    return card if card.complete() else None


def _kind() -> str:
    from companion.games.rotw import GAME_KIND
    return GAME_KIND
