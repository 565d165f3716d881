"""At start, games.status and results agree with a fold of each game's log: a database an older
version left with an undo after the end stored apart from the game's reopening (or a last move
apart from its results) is repaired from the log, and the repair is logged."""

from __future__ import annotations

import logging
import random

from companion.games.ttr_nyc.playout import TtrPlayout
from companion.recovery import open_store, reconcile, suspects
from companion.store import GameStatus, Store
from companion.table import Table

GAME = "ttr-nyc"


def finished_game(store: Store, seed: int) -> tuple[Table, TtrPlayout]:
    playout = TtrPlayout(store_rules(), 2, random.Random(seed))
    playout.play()
    table = Table.start(store, GAME, playout.players, playout.options)
    for action in playout.log:
        table.submit(action)
    return table, playout


def store_rules():
    from companion.boards import rules_for
    return rules_for(GAME)


def test_an_undo_stored_apart_from_the_reopening_is_repaired_at_start(db_path, caplog):
    """What the old two commits left after a cut between them: the undo in the log, the game
    still finished with the old winner. Home offered no Resume; History showed the winner."""
    store = Store(db_path)
    table, _playout = finished_game(store, seed=3)
    other, _ = finished_game(store, seed=4)
    with store.db.atomic():  # the undo row alone, as the first of the old two commits wrote it
        store.db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                         [table.game_id, len(store.log(table.game_id)) + 1, '{"type":"undo"}'])
    assert suspects(store) == [table.game_id], "only that finished game is folded at start"
    store.close()
    with caplog.at_level(logging.WARNING, logger="companion.recovery"):
        store, moved = open_store(db_path)
    try:
        assert moved is None
        assert f"game {table.game_id}: stored as finished, its log says unfinished" in caplog.text
        assert store.game(table.game_id).status is GameStatus.PLAYING
        assert store.results(table.game_id) == []
        assert [record.id for record in store.unfinished()] == [table.game_id]
        assert store.game(other.game_id).status is GameStatus.FINISHED
    finally:
        store.close()


def test_a_last_move_stored_apart_from_its_results_is_repaired_at_start(db_path, caplog):
    store = Store(db_path)
    table, _playout = finished_game(store, seed=5)
    sheet = table.score()
    with store.db.atomic():
        store.db.execute("UPDATE games SET status = 'playing', finished = NULL")
        store.db.execute("DELETE FROM results")
    store.close()
    with caplog.at_level(logging.WARNING, logger="companion.recovery"):
        store, _moved = open_store(db_path)
    try:
        assert "repaired from the log" in caplog.text
        assert store.game(table.game_id).status is GameStatus.FINISHED
        assert [r.total for r in store.results(table.game_id)] == list(sheet.totals)
        assert reconcile(store, [table.game_id]) == [], "agreeing now: nothing more to do"
    finally:
        store.close()


def test_a_game_that_cannot_be_replayed_is_logged_and_left_alone(db_path, caplog):
    store = Store(db_path)
    table, _playout = finished_game(store, seed=6)
    store.reopen(table.game_id)  # a suspect
    with store.db.atomic():
        store.db.execute("UPDATE actions SET action = '{\"type\":\"teleport\"}' "
                         "WHERE game_id = ? AND seq = 5", [table.game_id])
    store.close()
    with caplog.at_level(logging.WARNING, logger="companion.recovery"):
        store, _moved = open_store(db_path)
    try:
        assert f"game {table.game_id} cannot be opened" in caplog.text
        assert store.game(table.game_id).status is GameStatus.PLAYING
    finally:
        store.close()
