"""`TraffiqState.copy()` copies every field: equal values, no shared mutable container.

The check walks `dataclasses.fields`, so a field added later is checked too: one whose copy is
forgotten (shared with the original) fails here. A state from the middle of a seeded random game
has every field set away from its default before it is copied.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from enum import Enum

import pytest

from companion.boards import rules_for
from companion.games.traffiq.engine import Act, EndReason, PlayerState, Tile, TraffiqState
from companion.games.traffiq.engine.options import Forfeit, TraffiqTable
from companion.games.traffiq.playout import TraffiqPlayout

RULES = rules_for("manhattan-traffiq")
IMMUTABLE = (int, str, bool, float, type(None), tuple, frozenset, Enum)


def assert_copied(original, copy, path: str = "state") -> None:
    """Equal, and no mutable container (list, dict, set, non-frozen dataclass) shared, at
    any depth."""
    assert copy == original, f"{path}: {copy!r} != {original!r}"
    if isinstance(original, IMMUTABLE) or _frozen(original):
        return
    assert copy is not original, f"{path} is shared between the state and its copy"
    if dataclasses.is_dataclass(original):
        for f in dataclasses.fields(original):
            assert_copied(getattr(original, f.name), getattr(copy, f.name), f"{path}.{f.name}")
    elif isinstance(original, dict):
        for key in original:
            assert_copied(original[key], copy[key], f"{path}[{key!r}]")
    elif isinstance(original, list):
        for i, (a, b) in enumerate(zip(original, copy)):
            assert_copied(a, b, f"{path}[{i}]")
    elif not isinstance(original, set):
        raise AssertionError(f"{path}: no rule for copying a {type(original).__name__}")


def _frozen(value) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and params.frozen


def mid_game() -> TraffiqState:
    """A seeded game half played, then every field moved away from its default."""
    playout = TraffiqPlayout(RULES, 3, random.Random(7), scan_draws=True)
    for _ in range(60):
        playout.step()
    s = playout.state
    s.done, s.pending = [Act.PLACE], ((1, 1),)
    s.last_drawer, s.final_turns_left, s.winner = 2, 1, 1
    s.end_reason, s.entered = EndReason.FINAL_ROUND, [True, False, False]
    s.scanned_draws = True
    s.table = TraffiqTable(Forfeit.LAST_ROUND)  # frozen: shared, never changed
    return s


def test_every_field_of_the_state_is_set_in_the_sample():
    s, blank = mid_game(), RULES.new_state(("A", "B", "C"), {"first": 0})
    same = [f.name for f in dataclasses.fields(TraffiqState)
            if getattr(s, f.name) == getattr(blank, f.name)
            and f.name not in ("players", "mode", "scenario", "phase")]
    assert not same, f"the sample leaves these as a new game has them: {same}"
    assert s.vehicles and any(tile is not None for p in s.seats for tile in p.hand)


def test_the_copy_has_every_field_and_shares_no_container():
    s = mid_game()
    assert_copied(s, s.copy())


def test_changing_the_copy_leaves_the_original_alone():
    s = mid_game()
    before = s.copy()
    c = s.copy()
    c.seats[0].hand.append(None)
    c.seats[1].taxis -= 1
    c.tiles.clear()
    c.vehicles.clear()
    c.done.append(Act.DRAW)
    c.entered[1] = True
    assert s == before


def test_a_player_state_copy_has_every_field():
    p = PlayerState([None, Tile.parse(("red", "beige", "park", "water"))], 3, 1)
    assert_copied(p, p.copy(), "player")


# ---- the check itself catches a forgotten field ------------------------------------------------


@dataclass
class Forgetful:
    marks: list = field(default_factory=list)
    count: int = 0

    def copy(self) -> "Forgetful":
        return Forgetful(self.marks, self.count)  # the list is shared: the bug to catch


@dataclass
class Lossy:
    marks: list = field(default_factory=list)
    count: int = 0

    def copy(self) -> "Lossy":
        return Lossy(self.marks[:])  # `count` forgotten


@pytest.mark.parametrize("cls", [Forgetful, Lossy])
def test_the_check_fails_a_copy_that_forgets_a_field(cls):
    with pytest.raises(AssertionError):
        value = cls([1], 2)
        assert_copied(value, value.copy())
