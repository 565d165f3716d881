"""Random playouts of Railways of the World: thousands of complete games at a pretend table.

`RotwPlayout` shuffles a real box, keeps the real draw pile, hands and bag in `.hidden` and tells
the engine only what a table would. Every game is seeded, and a failure names its seed, so it
replays with `play_and_check(rules, players, seed, every_step=True)`.

Checked in every game: it ends; cards, cubes and trains are conserved (after every step in the
first games of each player count, at the end in all); the engine's counts agree with the hidden
table; the score sheet agrees with a recount from the action log alone, written without the
engine's scoring code (companion/games/rotw/recount.py).
"""

from __future__ import annotations

import random

import pytest

from companion.boards import rules_for
from companion.core.rules import Phase
from companion.games.rotw.playout import RotwPlayout
from companion.games.rotw.recount import recount

BASE_SEED = 60_600_000
GAMES_PER_COUNT = 1000  # 2, 3 and 4 players: 3000 games
STEP_CHECKED = 100  # the first games of each player count are checked after every step


@pytest.fixture(scope="module")
def rules():
    return rules_for("rotw-card-game")


def game_options(index: int) -> dict:
    return {"family": index % 10 == 9, "scan": index % 3 == 1, "strict": index % 6 == 1,
            "build_bias": (0.7, 0.3, 0.95)[index % 3], "deliver_bias": (0.7, 0.9, 0.3)[index % 3]}


# ---- the invariants ----------------------------------------------------------------------------

def check_conserved(rules, playout) -> None:
    s, box, hidden = playout.state, rules.box, playout.hidden
    placed = sum(len(link.cards) for link in s.links.values())
    fronted = sum(p.locomotives for p in s.seats)
    display = sum(card is not None for card in s.display)
    hands = sum(p.hand.size for p in s.seats)
    assert s.deck + display + len(s.discard) + hands + placed + fronted + len(s.cities) == 111
    assert s.deck == len(hidden.deck)
    assert [p.hand.size for p in s.seats] == [sum(h) for h in hidden.hands]
    for seat, player in enumerate(s.seats):
        for card, known in enumerate(player.hand.known):
            assert known <= hidden.hands[seat][card]  # what the table saw is really there
        assert player.trains + len(player.links) == box.trains
        assert player.trains >= 0
    on_cities = [sum(c.goods[g] for c in s.cities.values()) for g in range(4)]
    delivered = [sum(p.delivered[g] for p in s.seats) for g in range(4)]
    for g in range(4):
        assert s.bag[g] + on_cities[g] + delivered[g] == box.cubes_per_colour
    assert s.bag_size == len(hidden.bag)
    assert len(s.cities) == len(s.links)  # every link brought one city


def play_and_check(rules, players: int, seed: int, every_step: bool = False) -> None:
    options = game_options(seed % 1000)
    playout = RotwPlayout(rules, players, random.Random(seed), **options)
    for _ in range(20_000):
        if playout.state.phase is Phase.OVER:
            break
        playout.step()
        if every_step and not playout.state.pending_slots and not playout.state.pending_goods:
            check_conserved(rules, playout)
    assert playout.state.phase is Phase.OVER, "the game did not end"
    check_conserved(rules, playout)
    sheet = rules.score(playout.state)
    assert sheet.final
    assert list(sheet.points) == recount(players, playout.log)
    links = [len(p.links) for p in playout.state.seats]
    goods = [sum(p.delivered) for p in playout.state.seats]
    best = max(sheet.totals)
    leaders = [s for s in range(players) if sheet.totals[s] == best]
    for values in (links, goods):
        top = max(values[s] for s in leaders)
        leaders = [s for s in leaders if values[s] == top]
    assert list(sheet.winners) == leaders


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_conserve_and_score_as_recounted(rules, players):
    failures = []
    for index in range(GAMES_PER_COUNT):
        seed = BASE_SEED + 10_000 * players + index
        try:
            play_and_check(rules, players, seed, every_step=index < STEP_CHECKED)
        except Exception as error:  # collect them all, report a few
            failures.append(f"players={players} seed={seed}: {type(error).__name__}: {error}")
    assert not failures, f"{len(failures)} games failed:\n" + "\n".join(failures[:5])


def test_every_end_trigger_occurs(rules):
    reasons = set()
    for index in range(300):
        playout = RotwPlayout(rules, 2 + index % 3, random.Random(index), **game_options(index))
        reasons.add(playout.play().triggered.value)
    assert reasons >= {"deck_empty", "no_trains"}
