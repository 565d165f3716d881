"""`RotwState.copy()` copies every field of every part of the state: equal values, and no list,
dict or mutable part shared with the original (a move tried on the copy never changes the game).

The state copied has every field away from its default, so a field added later and forgotten
in a `copy()` (which would come back as its default) fails here; the test says which field.
"""

from __future__ import annotations

import dataclasses
import random

from companion.boards import rules_for
from companion.core.rules import Phase
from companion.games.rotw.engine import City, EndReason, Hand, PlayerState, RotwState, Step
from companion.games.rotw.engine.options import RotwTable
from companion.games.rotw.playout import RotwPlayout

PARTS = (RotwState, PlayerState, Hand, City)  # the mutable dataclasses a state is made of


def busy_state() -> RotwState:
    """A game well under way, with the fields a random game may leave at rest set by hand."""
    rules = rules_for("rotw-card-game")
    playout = RotwPlayout(rules, 3, random.Random(7))
    while len(playout.state.cities) < 4 or not any(p.locomotives for p in playout.state.seats):
        playout.step()
    s = playout.state
    s.family, s.first, s.current = True, 1, 2
    s.phase, s.step, s.taken = Phase.FINAL_ROUND, Step.TAKE, 1
    s.pending_slots, s.pending_goods = (1,), ("c1", 2)
    s.triggered, s.final_left = EndReason.NO_TRAINS, 2
    s.scanned_draws = True
    s.scanned_setup = True
    s.table = RotwTable(locomotive_second=False)  # frozen: shared, never changed
    s.discard.append(3)
    for player in s.seats:
        player.hand.unknown += 1
        player.hand.known[0] += 1
        player.locomotives += 1
        player.delivered[1] += 1
        player.track += 1
        player.links.append("l99")
    for city in s.cities.values():
        city.used.append(city.points[0])
        city.goods[2] += 1
    return s


def non_default_fields(obj) -> list[str]:
    """Fields still at their default: such a field would not show a forgotten copy."""
    at_rest = []
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.default is not dataclasses.MISSING and value == f.default:
            at_rest.append(f.name)
        if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
            at_rest.append(f.name)
    return at_rest


def parts(state: RotwState) -> list:
    return [state, *state.seats, *(p.hand for p in state.seats), *state.cities.values()]


def assert_copied(original, copied, path: str) -> None:
    """Equal field by field, and nothing mutable shared."""
    assert type(copied) is type(original), path
    for f in dataclasses.fields(original):
        a, b = getattr(original, f.name), getattr(copied, f.name)
        where = f"{path}.{f.name}"
        assert a == b, f"{where} is not copied: {b!r} instead of {a!r}"
        assert_not_shared(a, b, where)


def assert_not_shared(a, b, where: str) -> None:
    if isinstance(a, (list, dict, set)) or (dataclasses.is_dataclass(a) and type(a) in PARTS):
        assert a is not b, f"{where} is shared with the original"
    if isinstance(a, dict):
        for key in a:
            assert_not_shared(a[key], b[key], f"{where}[{key!r}]")
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            assert_not_shared(x, y, f"{where}[{i}]")
    if type(a) in PARTS:
        assert_copied(a, b, where)


def test_the_state_for_the_copy_test_has_no_field_at_rest():
    """If this fails, a new field was added: set it away from its default in busy_state()."""
    for part in parts(busy_state()):
        assert non_default_fields(part) == [], type(part).__name__


def test_copy_copies_every_field_and_shares_nothing_mutable():
    s = busy_state()
    assert_copied(s, s.copy(), "state")


def test_a_change_to_the_copy_leaves_the_original_as_it_was():
    s = busy_state()
    before = s.copy()
    copied = s.copy()
    copied.seats[0].hand.known[5] += 3
    copied.cities["c1"].goods[0] += 1
    copied.links.clear()
    copied.bag[0] -= 1
    assert s == before
