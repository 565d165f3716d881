"""What every registered game must do, run over the registry (OpenSpiel's random_sim_test).

A game gets these checks by registering: random playouts end and keep every piece of the box
(its `components` count), every move a playout makes is one `check` accepts and `moves` offers,
undo equals refolding the shorter log, the log survives JSON, the store and an export, the score
equals an independent recount where the game registers one (`Game.recount`), and the engine
imports nothing impure.
The test-only noughts and crosses (noughts_game.py) is registered here from tests/, as a
fourth game would be, and passes the same checks.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import noughts_game
from purity import impurities
from companion import cli
from companion.core.rules import Phase
from companion.gamelog import Header, fold, fold_lines
from companion.games import APP_OPTIONS, games, register, unregister
from companion.games.rule_cards import table_options
from companion.store import Store
from companion.table import Table

# The shipped games and the test game. It is registered only while this module's tests run
# (registering at import would put it in every other test's registry of the same session).
GAMES = [game for game in games() if game.playout is not None] + [noughts_game.GAME]
SEEDS = range(20)

@pytest.fixture(scope="module", autouse=True)
def noughts_registered():
    """The Table, the store and the command line find the test game by its id."""
    register(noughts_game.GAME)
    yield
    unregister(noughts_game.GAME.game_kind)


def ids(game) -> str:
    return game.game_kind


def play(game, seed: int, players: int | None = None):
    """A finished random game: (playout, its log)."""
    rng = random.Random(f"conformance:{game.game_kind}:{seed}")
    count = players or rng.randint(game.least, game.most)
    playout = game.playout()(game.rules(), count, rng)
    playout.play()
    return playout


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_random_games_end_and_keep_every_piece(game):
    count = game.components() if game.components else None
    for seed in SEEDS:
        rng = random.Random(f"conformance:{game.game_kind}:{seed}")
        playout = game.playout()(game.rules(), rng.randint(game.least, game.most), rng)
        start = count(playout.rules, playout.state) if count else None
        for _ in range(playout.max_steps):
            if playout.state.phase is Phase.OVER:
                break
            playout.step()
            if count:
                assert count(playout.rules, playout.state) == start, (
                    f"seed {seed}, after {playout.log[-1]}: pieces changed")
        assert playout.state.phase is Phase.OVER, f"seed {seed}: the game did not end"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_move_played_is_checked_and_offered(game):
    """`check` accepts each move a playout makes, without changing the state, and `moves`
    offers its kind to the seat (or the table's report to whoever the engine waits for)."""
    for seed in SEEDS[:5]:
        rng = random.Random(f"conformance:{game.game_kind}:{seed}")
        playout = game.playout()(game.rules(), rng.randint(game.least, game.most), rng)
        rules = playout.rules
        while playout.state.phase is not Phase.OVER:
            action = playout.choose()
            before = playout.state.copy()
            assert rules.check(playout.state, action) is None, action
            assert playout.state == before, f"check changed the state ({action})"
            seat = getattr(action, "seat", None)
            if seat is not None:
                offered = {move.kind for move in rules.moves(playout.state, seat) if move.open}
                assert action.type in offered, f"{action} is not offered: {offered}"
            rules.apply(playout.state, action)
            playout.log.append(action)


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_engine_takes_the_options_the_app_sends_every_game(game):
    """New game writes who starts, the colours, the places and the mode into every header; a
    game that scores finished games takes "score_only" too."""
    players = [f"P{seat + 1}" for seat in range(game.least)]
    for mode in ("play", "score_only") if game.score_only else ("play",):
        options = {"first": 0, "colours": list(game.colours_at(game.least)[:game.least]),
                   "places": list(range(game.least)), "mode": mode}
        assert set(options) == set(APP_OPTIONS)
        assert game.rules().new_state(players, options) is not None


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_a_game_uses_only_the_options_it_declares(game):
    """Its playouts' options and its table options are the app's or its own `options`."""
    declared = {*APP_OPTIONS, *game.options}
    assert {option.option for option in table_options(game.game_kind)} <= declared
    for seed in SEEDS[:3]:
        assert set(play(game, seed).options) <= declared


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_undo_equals_refolding_the_shorter_log(game, tmp_path):
    playout = play(game, 1)
    header = Header(game.game_kind, playout.players, playout.options)
    store = Store(tmp_path / "undo.db")
    table = Table.start(store, game.game_kind, list(playout.players), dict(playout.options))
    rng = random.Random(7)
    undo_at = set(rng.sample(range(len(playout.log)), min(5, len(playout.log))))
    for n, action in enumerate(playout.log):
        table.submit(action)
        if n in undo_at:
            table.undo()
            shorter = fold(header, enumerate((a.to_json() for a in playout.log[:n]), start=2))
            assert table.state == shorter.state, f"undo after move {n}"
            table.submit(action)
    store.close()


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_log_survives_json_the_store_and_an_export(game, tmp_path, capsys):
    playout = play(game, 2)
    db = tmp_path / "companion.db"
    store = Store(db)
    table = Table.start(store, game.game_kind, list(playout.players), dict(playout.options))
    for action in playout.log:  # as the log holds them: JSON text, parsed back
        table.submit(json.loads(json.dumps(action.to_json())))
    assert table.state == playout.state
    game_number = table.game_id
    store.close()

    store = Store(db)
    assert Table.resume(store, game_number).state == playout.state
    store.close()

    exported = tmp_path / "game.jsonl"
    assert cli.main(["export", str(game_number), "-o", str(exported), "--db", str(db)]) == 0
    replayed = fold_lines(exported.read_text(encoding="utf-8").splitlines())
    assert replayed.state == playout.state
    assert replayed.rules.score(replayed.state) == playout.rules.score(playout.state)
    capsys.readouterr()
    assert cli.main(["replay", str(exported), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["actions"] == len(playout.log)
    assert [p["total"] for p in report["score"]["players"]] == \
        list(playout.rules.score(playout.state).totals)


@pytest.mark.parametrize("game", [g for g in GAMES if g.recount is not None], ids=ids)
def test_the_score_equals_an_independent_recount(game):
    """The game's own recount (its registry entry's `recount`), worked out without the engine's
    scoring code, gives every seat the total the score sheet gives it."""
    recount = game.recount()
    for seed in SEEDS:
        playout = play(game, seed)
        assert playout.rules.score(playout.state).totals == tuple(recount(playout)), (
            f"seed {seed} ({len(playout.players)} players)")


def _engine_files(rules) -> list[Path]:
    """The files of a game's engine: the package its rules live in (or the one module)."""
    module = sys.modules[type(rules).__module__]
    path = Path(module.__file__)
    package = module.__name__.rpartition(".")[0]
    if package.endswith(".engine"):
        return sorted(path.parent.glob("*.py"))
    return [path]


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_engine_imports_nothing_impure(game):
    """The shared checker (tests/purity.py): the allow-list, and no I/O, clock or random names."""
    bad = [problem for path in _engine_files(game.rules()) for problem in impurities(path)]
    assert not bad, "\n".join(bad)


def test_the_test_game_is_registered_from_tests_only():
    """Nothing outside tests/ names it: registering is all a new game's engine needs."""
    root = Path(__file__).resolve().parents[2]
    for folder in ("companion", "kv", "data"):
        for path in (root / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".kv", ".json", ".po"):
                assert "noughts" not in path.read_text(encoding="utf-8", errors="replace"), path
