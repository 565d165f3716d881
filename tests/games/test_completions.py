"""Every registered game offers the legal completions of a partly entered move
(`Rules.completions`), checked on random playouts: every completion offered for a prefix of the
move actually played is accepted by `check` once the fields only the players know are filled in
from the played move (see `checkable`), and the played move is among the completions of each of
its prefixes. A game without completions fails with a message saying so."""

from __future__ import annotations

import random

import pytest

import noughts_game
from companion.games import games, register, unregister

GAMES = [game for game in games() if game.playout is not None] + [noughts_game.GAME]
SEEDS = range(3)
# Games whose completions are still being written: skipped (not passed) while they raise
# NotImplementedError, until they land.
AWAITING = {"manhattan-traffiq"}
# Known gaps, each failing as described until fixed (strict: a fix makes the mark fail).
KNOWN: dict[str, str] = {}


@pytest.fixture(scope="module", autouse=True)
def noughts_registered():
    register(noughts_game.GAME)
    yield
    unregister(noughts_game.GAME.game_kind)


def ids(game) -> str:
    return game.game_kind


def prefixes(entry: dict) -> list[dict]:
    """The move as a screen has it so far: its type alone, then a field more each time."""
    keys = [key for key in entry if key != "type"]
    return [{"type": entry["type"], **{k: entry[k] for k in keys[:n]}}
            for n in range(len(keys) + 1)]


def filled(completion: dict, played: dict) -> dict:
    """A completion with the fields it leaves to the players taken from the move played."""
    return {**{k: v for k, v in played.items() if k not in completion}, **completion}


def checkable(completion: dict, played: dict) -> bool:
    """A completion is checked as it stands when it answers every field, and with the played
    move's answers when it leaves some to the players and agrees with the played move on the
    rest. (One that leaves some out and chose otherwise is legal "for some value" of those:
    the played move's need not be one, e.g. a city of value 3 with the cards paid for a 2.)"""
    if all(key in completion for key in played):
        return True
    return all(completion[key] == played.get(key) for key in completion)


def plain(entry: dict) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in entry.items()}


@pytest.mark.parametrize("game", [
    pytest.param(g, marks=pytest.mark.xfail(reason=KNOWN[g.game_kind], strict=True))
    if g.game_kind in KNOWN else g for g in GAMES], ids=ids)
def test_every_completion_offered_is_legal_and_the_move_played_is_offered(game):
    rules = game.rules()
    for seed in SEEDS:
        rng = random.Random(f"completions:{game.game_kind}:{seed}")
        playout = game.playout()(rules, rng.randint(game.least, game.most), rng)
        playout.play()
        state = rules.new_state(tuple(playout.players), playout.options)
        for number, action in enumerate(playout.log):
            played = plain(action.to_json())
            for partial in prefixes(played):
                try:
                    offered = rules.completions(state, partial)
                except NotImplementedError:
                    if game.game_kind in AWAITING:
                        pytest.skip(f"{game.game_kind} offers no completions yet")
                    pytest.fail(f"{game.game_kind}'s rules do not implement "
                                f"Rules.completions(state, partial): every game must",
                                pytrace=False)
                where = f"seed {seed}, move {number} {played}, partial {partial}"
                for completion in offered:
                    completion = plain(completion)
                    assert {k: completion.get(k) for k in partial} == partial, \
                        f"{where}: {completion} does not keep the answers given"
                    if not checkable(completion, played):
                        continue
                    move = rules.parse_action(filled(completion, played))
                    refusal = rules.check(state, move)
                    assert refusal is None, f"{where}: {completion} offered, refused: {refusal}"
                assert played in [plain(filled(c, played)) for c in offered], \
                    f"{where}: the move played is not among {offered[:8]}"
            rules.apply(state, action)
