"""A state's copy() is a whole, separate copy: every field of every state class, nothing shared.

`Rules.check` tries a move on a copy, so a field that copy() forgets (or swaps with another)
would let a check and the real move disagree. The copies are compared field by field, through
`dataclasses.fields`, so a field added later is compared too; and each field must differ from its
default in some position of the games walked, or the comparison could not tell it was copied.
"""

from __future__ import annotations

import dataclasses
import random

from companion.core.rules import Phase
from companion.games.ttr_nyc.engine import Hand, PlayerState, TtrState
from companion.games.ttr_nyc.playout import TtrPlayout

STATE_CLASSES = (TtrState, PlayerState, Hand)
HOARDING = {"claim_bias": 0.02, "ticket_bias": 0.5}
GAMES = [  # players, seed, options: between them every field leaves its default
    (2, 0, HOARDING),  # a 3-Taxi flush
    (3, 11, HOARDING),  # a pass
    (4, 1, {"scanned_hands": True, "aim": True}),
]
MUTABLE = (list, dict, set, bytearray)


def assert_copied(original, copied, path: str) -> None:
    """Equal, of the same type, and no mutable part shared between the two."""
    assert type(copied) is type(original), path
    if dataclasses.is_dataclass(original):
        params = getattr(type(original), "__dataclass_params__")
        assert params.frozen or copied is not original, f"{path} is shared"
        for f in dataclasses.fields(original):
            assert_copied(getattr(original, f.name), getattr(copied, f.name), f"{path}.{f.name}")
        return
    if isinstance(original, MUTABLE):
        assert copied is not original, f"{path} is shared"
    if isinstance(original, dict):
        assert list(copied) == list(original), path
        for key in original:
            assert_copied(original[key], copied[key], f"{path}[{key!r}]")
    elif isinstance(original, (list, tuple)):
        assert len(copied) == len(original), path
        for index, (a, b) in enumerate(zip(original, copied)):
            assert_copied(a, b, f"{path}[{index}]")
    else:
        assert copied == original, f"{path}: {copied!r} != {original!r}"


def default_of(f: dataclasses.Field):
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def parts(state: TtrState):
    """The state and every state object inside it."""
    yield state
    for player in state.seats:
        yield player
        yield player.hand


def positions(rules):
    for players, seed, options in GAMES:
        playout = TtrPlayout(rules, players, random.Random(seed), **options)
        yield playout.state
        while playout.state.phase is not Phase.OVER:
            playout.step()
            yield playout.state


def test_copy_copies_every_field(rules):
    changed = {cls: set() for cls in STATE_CLASSES}
    for state in positions(rules):
        copied = state.copy()
        assert_copied(state, copied, "state")
        assert copied == state
        for part in parts(state):
            for f in dataclasses.fields(part):
                if getattr(part, f.name) != default_of(f):
                    changed[type(part)].add(f.name)
    for cls in STATE_CLASSES:
        never = {f.name for f in dataclasses.fields(cls)} - changed[cls]
        assert not never, f"{cls.__name__}: no position of the games walked has these fields " \
                          f"off their default, so their copying is untested: {sorted(never)}"


def test_a_copy_changes_apart_from_its_original(rules):
    """Moves applied to a copy leave the original as it was (and the other way round)."""
    playout = TtrPlayout(rules, 2, random.Random(3))
    for _ in range(20):
        playout.step()
    before = playout.state.copy()
    frozen = before.copy()
    for _ in range(10):
        playout.step()
    assert before == frozen and before != playout.state
