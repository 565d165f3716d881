"""The live game on a real database file: check, store, announce; undo and resume fold the log."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from companion.core.rules import Phase, RuleViolation
from companion.games.ttr_nyc.engine import KeepTickets, TurnUp
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.store import Store, StoreError
from companion.table import Table

GAME = "ttr-nyc"
OPENING = ("red", "blue", "taxi", "green", "pink")


def playout(rules, players: int, seed: int) -> TtrPlayout:
    p = TtrPlayout(rules, players, random.Random(seed))
    p.play()
    return p


def fresh_fold(rules, players, options, actions):
    state = rules.new_state(tuple(players), options)
    for action in actions:
        rules.apply(state, action)
    return state


def stored_state(db_path: Path, game_id: int):
    """What a second connection folds from the file: the truth on disk."""
    other = Store(db_path)
    try:
        table = Table.resume(other, game_id)
        return table.state, table.actions
    finally:
        other.close()


def count_rows(store: Store, table: str) -> int:
    return store.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


# ---- starting ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E"], []])
def test_start_checks_the_player_count_before_storing(store, players):
    with pytest.raises(RuleViolation) as info:
        Table.start(store, GAME, players)
    assert info.value.code == "player_count"
    for table in ("games", "game_players", "players", "actions"):
        assert count_rows(store, table) == 0, table


@pytest.mark.parametrize("game, options, code", [
    (GAME, {"first": 7}, "bad_option"),
    (GAME, {"mode": "speedrun"}, "bad_option"),
    ("chess", {}, "unknown_game"),
])
def test_start_checks_game_and_options_before_storing(store, game, options, code):
    with pytest.raises(RuleViolation) as info:
        Table.start(store, game, ["Ann", "Ben"], options)
    assert info.value.code == code
    assert store.games() == []
    assert store.player_names() == []


def test_start_stores_the_game(store, rules):
    table = Table.start(store, GAME, ["Ann", "Ben", "Cleo"], {"first": 2})
    record = store.game(table.game_id)
    assert record.game == GAME
    assert record.players == ("Ann", "Ben", "Cleo")
    assert record.options == {"first": 2}
    assert record.status == "playing"
    assert store.log(table.game_id) == []
    assert table.state == rules.new_state(("Ann", "Ben", "Cleo"), {"first": 2})
    assert table.actions == ()
    assert table.status.phase is Phase.SETUP
    assert table.status.waiting_for == "turn_up"


# ---- submitting -------------------------------------------------------------------------------

@pytest.mark.parametrize("entry, code", [
    ({"type": "keep_tickets", "seat": 0, "kept": 1}, "turn_up_first"),  # cards first
    ({"type": "turn_up", "cards": ["red"]}, "turn_up_count"),
    ({"type": "turn_up", "cards": ["red", "red", "red", "red", "plaid"]}, "unknown_card"),
    ({"type": "fly", "seat": 0}, "unknown_action"),
    ({"type": "keep_tickets", "seat": 0}, "malformed_action"),
    ({"type": "keep_tickets", "seat": "0", "kept": 1}, "malformed_action"),
    ({"type": "undo"}, "unknown_action"),  # an undo is Table.undo, never a submitted action
    (["turn_up"], "malformed_action"),
])
def test_illegal_submit_stores_nothing_and_changes_nothing(store, entry, code):
    table = Table.start(store, GAME, ["Ann", "Ben"])
    before = table.state.copy()
    with pytest.raises(RuleViolation) as info:
        table.submit(entry)
    assert info.value.code == code
    assert store.log(table.game_id) == []
    assert table.state == before
    assert table.actions == ()


def test_illegal_submit_mid_game(store, db_path, rules):
    table = Table.start(store, GAME, ["Ann", "Ben"])
    table.submit(TurnUp(OPENING))
    table.submit(KeepTickets(0, 2))
    before = table.state.copy()
    with pytest.raises(RuleViolation) as info:
        table.submit(KeepTickets(0, 1))  # Ann has chosen already
    assert info.value.code == "already_kept"
    with pytest.raises(RuleViolation) as info:
        table.submit({"type": "keep_tickets", "seat": 7, "kept": 1})
    assert info.value.code == "no_such_seat"
    assert table.state == before
    assert len(store.log(table.game_id)) == 2
    assert stored_state(db_path, table.game_id)[0] == before
    table.submit(KeepTickets(1, 1))  # the next seq is still free
    assert [seq for seq, _ in store.log(table.game_id)] == [1, 2, 3]


def test_submit_accepts_dicts_and_actions(store, rules):
    table = Table.start(store, GAME, ["Ann", "Ben"])
    from_dict = table.submit({"type": "turn_up", "cards": list(OPENING)})
    assert from_dict == TurnUp(OPENING)
    from_object = table.submit(KeepTickets(1, 2))
    assert from_object == KeepTickets(1, 2)
    assert table.actions == (TurnUp(OPENING), KeepTickets(1, 2))
    assert store.log(table.game_id) == [
        (1, {"type": "turn_up", "cards": list(OPENING)}),
        (2, {"type": "keep_tickets", "seat": 1, "kept": 2}),
    ]
    assert table.state == fresh_fold(rules, ["Ann", "Ben"], {}, table.actions)


# ---- listeners --------------------------------------------------------------------------------

def test_listeners_hear_after_the_commit(store, db_path):
    table = Table.start(store, GAME, ["Ann", "Ben"])
    heard = []

    def listener(t, action):
        other = Store(db_path)  # a second connection sees only what is committed
        try:
            heard.append((action, other.log(t.game_id), t.actions))
        finally:
            other.close()

    table.add_listener(listener)
    table.submit(TurnUp(OPENING))
    table.submit(KeepTickets(0, 1))
    table.undo()
    assert heard[0] == (TurnUp(OPENING), [(1, {"type": "turn_up", "cards": list(OPENING)})],
                        (TurnUp(OPENING),))
    assert heard[1][0] == KeepTickets(0, 1)
    assert heard[1][1][-1] == (2, {"type": "keep_tickets", "seat": 0, "kept": 1})
    assert heard[2][0] is None  # an undo
    assert heard[2][1][-1] == (3, {"type": "undo"})
    assert heard[2][2] == (TurnUp(OPENING),)

    table.remove_listener(listener)
    table.submit(KeepTickets(0, 2))
    assert len(heard) == 3


def test_a_raising_listener_does_not_break_submit(store, db_path, caplog):
    table = Table.start(store, GAME, ["Ann", "Ben"])
    heard = []

    def broken(t, action):
        raise RuntimeError("the screen fell off")

    table.add_listener(broken)
    table.add_listener(lambda t, action: heard.append(action))
    with caplog.at_level(logging.ERROR, logger="companion.table"):
        assert table.submit(TurnUp(OPENING)) == TurnUp(OPENING)
        table.undo()
    assert heard == [TurnUp(OPENING), None]  # the next listener still heard both
    assert [entry for _, entry in store.log(table.game_id)] == [
        {"type": "turn_up", "cards": list(OPENING)}, {"type": "undo"}]
    assert "the screen fell off" in caplog.text
    assert table.actions == ()


# ---- undo -------------------------------------------------------------------------------------

def test_undo_is_logged_and_refolds(store, db_path, rules):
    p = playout(rules, 3, seed=11)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log[:30]:
        table.submit(action)
    undone = table.undo()
    assert undone == p.log[29]
    assert store.log(table.game_id)[-1] == (31, {"type": "undo"})
    assert table.actions == tuple(p.log[:29])
    assert table.state == fresh_fold(rules, p.players, p.options, p.log[:29])
    state, actions = stored_state(db_path, table.game_id)
    assert state == table.state and actions == table.actions


def test_several_undos_in_a_row(store, db_path, rules):
    p = playout(rules, 2, seed=5)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log[:12]:
        table.submit(action)
    for expected in reversed(p.log[8:12]):
        assert table.undo() == expected
    assert table.state == fresh_fold(rules, p.players, p.options, p.log[:8])
    log = store.log(table.game_id)
    assert [seq for seq, _ in log] == list(range(1, 17))
    assert [entry for _, entry in log[12:]] == [{"type": "undo"}] * 4
    # play on after the undos: the new action stands, the undone ones do not
    table.submit(p.log[8])
    assert table.actions == tuple(p.log[:9])
    state, actions = stored_state(db_path, table.game_id)
    assert state == table.state and actions == tuple(p.log[:9])


def test_moves_one_tap_stored_are_taken_back_by_one_undo(store, db_path, rules):
    """Moves stored together (a card taken that says its player passed) go back together: one
    transaction, an undo logged for each, the earliest returned; never more than stand."""
    p = playout(rules, 2, seed=5)
    table = Table.start(store, GAME, p.players, p.options)
    table.submit_all(list(p.log[:6]))
    assert table.undo(2) == p.log[4]
    assert table.actions == tuple(p.log[:4])
    assert [entry for _, entry in store.log(table.game_id)[6:]] == [{"type": "undo"}] * 2
    with pytest.raises(RuleViolation) as info:
        table.undo(5)
    assert info.value.code == "nothing_to_undo" and table.actions == tuple(p.log[:4])
    state, actions = stored_state(db_path, table.game_id)
    assert state == table.state and actions == tuple(p.log[:4])


def test_undo_with_nothing_left(store, db_path, rules):
    table = Table.start(store, GAME, ["Ann", "Ben"])
    with pytest.raises(RuleViolation) as info:
        table.undo()
    assert info.value.code == "nothing_to_undo"
    assert store.log(table.game_id) == []

    table.submit(TurnUp(OPENING))
    table.submit(KeepTickets(0, 1))
    table.undo()
    table.undo()
    with pytest.raises(RuleViolation) as info:
        table.undo()
    assert info.value.code == "nothing_to_undo"
    assert len(store.log(table.game_id)) == 4  # the refused undo wrote no row
    assert table.state == rules.new_state(("Ann", "Ben"), {})
    assert stored_state(db_path, table.game_id)[0] == table.state


# ---- resume -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seed", [(2, 101), (3, 202), (4, 303)])
def test_resume_after_closing_equals_the_live_game(db_path, rules, players, seed):
    p = playout(rules, players, seed)
    n = len(p.log)
    cuts = sorted({0, 1, 5, n // 3, n // 2, n - 1, n})
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    game_id = table.game_id
    done = 0
    for cut in cuts:
        for action in p.log[done:cut]:
            table.submit(action)
        done = cut
        live_state, live_actions, live_status = table.state.copy(), table.actions, table.status
        store.close()  # a restart, or a power cut after the last commit

        store = Store(db_path)
        table = Table.resume(store, game_id)
        assert table.state == live_state, f"cut at {cut}"
        assert table.actions == live_actions == tuple(p.log[:cut])
        assert table.status == live_status
    assert table.state == p.state
    assert table.status.over
    assert store.game(game_id).status == "finished"
    store.close()


def test_resume_after_undos(db_path, rules):
    p = playout(rules, 2, seed=8)
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log[:20]:
        table.submit(action)
    table.undo()
    table.undo()
    table.submit(p.log[18])
    table.undo()
    live = table.state.copy()
    store.close()
    store = Store(db_path)
    try:
        table = Table.resume(store, table.game_id)
        assert table.state == live
        assert table.actions == tuple(p.log[:18])
        table.submit(p.log[18])  # and it plays on with the right seq
        assert [seq for seq, _ in store.log(table.game_id)] == list(range(1, 26))  # 20 + 2 undos + 1 + 1 undo + 1
    finally:
        store.close()


# ---- the end of a game ------------------------------------------------------------------------

def test_finishing_writes_results_and_undo_reopens(store, db_path, rules):
    p = playout(rules, 3, seed=42)
    table = Table.start(store, GAME, p.players, p.options)
    heard_status = []

    def listener(t, action):
        other = Store(db_path)
        try:
            heard_status.append((other.game(t.game_id).status, len(other.results(t.game_id))))
        finally:
            other.close()

    for action in p.log[:-1]:
        table.submit(action)
    assert store.game(table.game_id).status == "playing"
    assert store.results(table.game_id) == []

    table.add_listener(listener)
    last = p.log[-1]
    table.submit(last)
    assert table.status.over
    sheet = table.score()
    assert sheet.final
    record = store.game(table.game_id)
    assert record.status == "finished" and record.finished
    results = store.results(table.game_id)
    assert [r.total for r in results] == list(sheet.totals)
    assert [r.seat for r in results if r.winner] == list(sheet.winners)
    assert heard_status[-1] == ("finished", 3)  # the result is in before listeners hear

    assert table.undo() == last
    assert not table.status.over
    assert table.status.phase is Phase.SCORING
    record = store.game(table.game_id)
    assert record.status == "playing" and record.finished is None
    assert store.results(table.game_id) == []
    assert heard_status[-1] == ("playing", 0)

    table.submit(last)
    assert store.game(table.game_id).status == "finished"
    assert store.results(table.game_id) == results
    assert heard_status[-1] == ("finished", 3)
    assert stored_state(db_path, table.game_id)[0] == table.state


def test_resuming_a_finished_game_keeps_its_results(db_path, rules):
    p = playout(rules, 2, seed=9)
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log:
        table.submit(action)
    results = store.results(table.game_id)
    store.close()
    store = Store(db_path)
    try:
        table = Table.resume(store, table.game_id)
        assert table.status.over
        assert store.results(table.game_id) == results
        assert store.game(table.game_id).status == "finished"
    finally:
        store.close()


def test_the_last_move_and_its_result_are_one_transaction(db_path, rules):
    """Results that cannot be written refuse the move that ends the game: the log never says
    over while games.status says playing (before, the move was stored alone)."""
    p = playout(rules, 2, seed=13)
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log[:-1]:
        table.submit(action)
    store.db.execute("CREATE TRIGGER refuse_results BEFORE INSERT ON results "
                     "BEGIN SELECT RAISE(ABORT, 'results refused'); END")
    with pytest.raises(StoreError):
        table.submit(p.log[-1])
    assert not table.status.over
    assert store.log(table.game_id)[-1][1] == p.log[-2].to_json()
    assert store.game(table.game_id).status == "playing"
    store.db.execute("DROP TRIGGER refuse_results")
    table.submit(p.log[-1])
    assert store.game(table.game_id).status == "finished"
    assert [r.total for r in store.results(table.game_id)] == list(table.score().totals)
    store.close()


def test_a_status_stored_apart_from_its_log_is_repaired_on_resume(db_path, rules, caplog):
    """A database from an older version, cut between the last move and its result."""
    p = playout(rules, 2, seed=13)
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log:
        table.submit(action)
    with store.db.atomic():
        store.db.execute("UPDATE games SET status = 'playing', finished = NULL")
        store.db.execute("DELETE FROM results")
    store.close()
    store = Store(db_path)
    try:
        with caplog.at_level(logging.WARNING, logger="companion.table"):
            table = Table.resume(store, table.game_id)
        assert "repaired from the log" in caplog.text
        assert store.game(table.game_id).status == "finished"
        assert [r.total for r in store.results(table.game_id)] == list(table.score().totals)
    finally:
        store.close()


# ---- a write that fails -----------------------------------------------------------------------

def test_a_failed_write_raises_store_error_and_keeps_the_stored_state(store, db_path, rules):
    p = playout(rules, 2, seed=21)
    table = Table.start(store, GAME, p.players, p.options)
    heard = []
    table.add_listener(lambda t, action: heard.append(action))
    for action in p.log[:10]:
        table.submit(action)
    before_state, before_actions = table.state.copy(), table.actions
    store.db.execute("PRAGMA query_only=1")  # every write on this connection now fails

    with pytest.raises(StoreError):
        table.submit(p.log[10])
    assert table.state == before_state
    assert table.actions == before_actions
    state, actions = stored_state(db_path, table.game_id)
    assert table.state == state and table.actions == actions
    assert len(heard) == 10  # nobody was told about the lost move

    with pytest.raises(StoreError):
        table.undo()
    assert table.state == before_state
    assert table.actions == before_actions
    assert stored_state(db_path, table.game_id)[0] == table.state

    store.db.execute("PRAGMA query_only=0")  # the disk is back
    table.submit(p.log[10])
    table.undo()
    table.submit(p.log[10])
    assert [seq for seq, _ in store.log(table.game_id)] == list(range(1, 14))
    state, actions = stored_state(db_path, table.game_id)
    assert table.state == state and actions == tuple(p.log[:11])


def test_a_read_only_file_refuses_moves_cleanly(db_path, rules):
    """The file is opened read-only (as a full or unmounted disk would leave it)."""
    p = playout(rules, 2, seed=31)
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log[:6]:
        table.submit(action)
    game_id = table.game_id
    store.close()

    store = Store(db_path)
    try:
        table = Table.resume(store, game_id)
        store.db.execute("PRAGMA query_only=ON")
        before = table.state.copy()
        with pytest.raises(StoreError, match="could not be saved"):
            table.submit(p.log[6])
        assert table.state == before == stored_state(db_path, game_id)[0]
    finally:
        store.close()


# ---- one user action, one transaction ----------------------------------------

def test_an_undo_after_the_end_and_the_reopening_are_one_transaction(db_path, rules):
    """The undo row and the status it leads to commit together. Before, the undo was stored,
    then `Store.reopen` committed on its own: a cut (here a refused status update) between the
    two left the log in progress and the database finished with the old winner."""
    p = playout(rules, 2, seed=31)
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    for action in p.log:
        table.submit(action)
    assert store.game(table.game_id).status == "finished"
    store.db.execute("CREATE TRIGGER keep_finished BEFORE UPDATE OF status ON games "
                     "BEGIN SELECT RAISE(ABORT, 'status refused'); END")
    with pytest.raises(StoreError):
        table.undo()
    assert table.status.over and table.actions[-1] == p.log[-1]
    entries = store.log(table.game_id)
    assert entries[-1][1] == p.log[-1].to_json(), "the undo is not stored without its reopening"
    assert store.game(table.game_id).status == "finished"
    store.db.execute("DROP TRIGGER keep_finished")
    assert table.undo() == p.log[-1]
    assert store.log(table.game_id)[-1][1] == {"type": "undo"}
    assert store.game(table.game_id).status == "playing" and store.results(table.game_id) == []
    store.close()


def test_the_moves_of_one_tap_are_one_transaction(db_path, rules):
    """Several moves one user action makes (TraffIQ's score-only Score enters every player's
    count with one tap): all stored with the result they lead to, or none. Before, each was
    committed on its own: a full disk at the second said "not done" with the first stored."""
    p = playout(rules, 2, seed=13)
    store = Store(db_path)
    table = Table.start(store, GAME, p.players, p.options)
    heard = []
    table.add_listener(lambda _t, action: heard.append(action))
    for action in p.log[:-3]:
        table.submit(action)
    last, before, stored = list(p.log[-3:]), table.state.copy(), len(p.log) - 3
    heard.clear()
    store.db.execute("CREATE TRIGGER refuse_last BEFORE INSERT ON actions WHEN NEW.seq = "
                     f"{stored + 3} BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(StoreError):
        table.submit_all(last)
    assert table.state == before and list(table.actions) == list(p.log[:-3]) and heard == []
    assert len(store.log(table.game_id)) == stored, "none of the three is stored"
    store.db.execute("DROP TRIGGER refuse_last")
    with pytest.raises(RuleViolation):
        table.submit_all([last[0], TurnUp(OPENING)])  # the second is refused: none is stored
    assert table.state == before and len(store.log(table.game_id)) == stored and heard == []
    assert table.submit_all(last) == last
    assert heard == last and table.status.phase is Phase.OVER
    assert [entry for _seq, entry in store.log(table.game_id)][-3:] == [a.to_json() for a in last]
    assert store.game(table.game_id).status == "finished"
    assert [r.total for r in store.results(table.game_id)] == list(table.score().totals)
    assert stored_state(db_path, table.game_id) == (table.state, table.actions)
    store.close()
