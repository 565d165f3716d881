"""A box prints each city card once and a group plays it again: the cards on the table of the
earlier stored games (and taught to the scanner) are offered at a build of a card not seen,
less those on this game's table (companion/games/rotw/ui/box_cards.py)."""

from __future__ import annotations

import os
import random
import sqlite3
from datetime import datetime, timedelta, timezone

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from companion.boards import rules_for  # noqa: E402
from companion.games.rotw.playout import RotwPlayout  # noqa: E402
from companion.games.rotw.ui.box_cards import offered, on_table, seen, shows_most_colours  # noqa: E402,E501
from companion.games.rotw.ui.city_card import CityCard  # noqa: E402
from companion.store import Store, TaggedComponent  # noqa: E402
from companion.table import Table  # noqa: E402

GAME = "rotw-card-game"


def clock():
    moment = [datetime(2026, 11, 1, 18, tzinfo=timezone.utc)]

    def tick() -> datetime:
        moment[0] += timedelta(seconds=5)
        return moment[0]
    return tick


def stored_game(store: Store, seed: int, moves: int | None = None) -> Table:
    playout = RotwPlayout(rules_for(GAME), 2, random.Random(seed))
    playout.play()
    table = Table.start(store, GAME, playout.players, playout.options, clock=store.clock)
    for action in playout.log[:moves]:
        table.submit(action)
    return table


def test_the_cards_of_an_earlier_game_are_offered_in_the_next(tmp_path):
    store = Store(tmp_path / "c.db", clock=clock())
    earlier = stored_game(store, seed=1)
    now = stored_game(store, seed=2, moves=0)
    cards = seen(store, now.game_id)
    assert cards == on_table(earlier.state) and cards, "every city card on the earlier table"
    card = next(iter(cards))
    colour = card.points[0]
    assert card in offered(now, card.value, colour)
    assert all(c.value == card.value and colour in c.points
               for c in offered(now, card.value, colour)), "its value, showing the link's colour"


def test_a_card_on_this_games_table_is_not_offered_again(tmp_path):
    store = Store(tmp_path / "c.db", clock=clock())
    stored_game(store, seed=1)
    again = stored_game(store, seed=1)  # the same cards laid again: none left in the box
    assert seen(store, again.game_id) - on_table(again.state) == {}
    assert all(not offered(again, card.value, card.points[0]) for card in on_table(again.state))


def test_a_city_card_taught_to_the_scanner_is_offered(tmp_path):
    store = Store(tmp_path / "c.db", clock=clock())
    now = stored_game(store, seed=2, moves=0)
    card = CityCard(3, "red", ("brown", "orange"))
    store.teach(TaggedComponent("04aa", GAME, "city", CityCard(3, "red", ("orange", "brown"))
                                .to_value()))
    assert offered(now, 3, "orange") == [card]
    assert offered(now, 3, "white") == [] and offered(now, 4, "orange") == []


def test_a_damaged_earlier_game_is_left_out_and_stops_nothing(tmp_path):
    store = Store(tmp_path / "c.db", clock=clock())
    damaged = stored_game(store, seed=1)
    sound = stored_game(store, seed=3)
    now = stored_game(store, seed=2, moves=0)
    store.close()
    connection = sqlite3.connect(tmp_path / "c.db")
    connection.execute("UPDATE actions SET action = '{\"type\":[\"build\"]}' WHERE game_id = ? "
                       "AND seq = 3", [damaged.game_id])
    connection.commit()
    connection.close()
    store = Store(tmp_path / "c.db", clock=clock())
    assert seen(store, now.game_id) == on_table(sound.state)


def test_a_value_2_card_none_seen_is_entered_by_the_colours_it_lacks(tmp_path):
    """The rulebook: the cards of higher-value cities show fewer colours. With no card of its
    value seen, a value-2 card starts with every colour marked (its lacking ones tapped off),
    the others with the link's colour only."""
    store = Store(tmp_path / "c.db", clock=clock())
    now = stored_game(store, seed=2, moves=0)
    assert shows_most_colours(now, 2)
    assert not any(shows_most_colours(now, value) for value in (3, 4, 5))


def test_the_cards_seen_of_a_value_tell_whether_it_shows_most_colours(tmp_path):
    """Most cards of its value seen show four or five colours: entered by those it lacks; most
    show three or fewer (two taps either way at three): by those it shows."""
    store = Store(tmp_path / "c.db", clock=clock())
    now = stored_game(store, seed=2, moves=0)
    teach = [(3, ("brown", "orange", "white", "purple")), (3, ("brown", "orange", "white",
                                                                 "light_green")),
             (3, ("brown", "orange")), (2, ("brown", "orange", "white"))]
    for n, (value, points) in enumerate(teach):
        store.teach(TaggedComponent(f"04b{n}", GAME, "city",
                                    CityCard(value, "red", points).to_value()))
    assert shows_most_colours(now, 3), "2 of the 3 value-3 cards seen show four colours"
    assert not shows_most_colours(now, 2), "the one value-2 card seen shows three"
