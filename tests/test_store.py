"""The SQLite store on real database files: pragmas, schema version, games, the log and results."""

from __future__ import annotations

import itertools
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from companion.core.rules import ScoreSheet
from companion.store import (MIGRATIONS, SCHEMA_VERSION, GameRecord, GameStatus, Store,
                              StoreError, default_path)


def pragma(store: Store, name: str):
    return store.db.execute(f"PRAGMA {name}").fetchone()[0]


def sheet(players=("Ann", "Ben"), points=((10, 4, 0, 5), (7, 0, -2, 0))) -> ScoreSheet:
    return ScoreSheet.build(players, ("routes", "tickets_completed", "tickets_failed", "attractions"),
                            points)


# ---- opening ----------------------------------------------------------------------------------

def test_new_database_has_current_schema_version(db_path):
    assert not db_path.exists()
    store = Store(db_path)
    try:
        assert db_path.exists()
        assert store.schema_version() == SCHEMA_VERSION
        assert pragma(store, "user_version") == SCHEMA_VERSION
        tables = set(store.db.table_names())
        assert {"games", "game_players", "players", "actions", "results"} <= tables
    finally:
        store.close()


def test_every_connection_is_wal_and_synchronous_full(db_path):
    first = Store(db_path)
    second = Store(db_path)  # a second connection on the same, now existing, file
    try:
        for store in (first, second):
            assert pragma(store, "journal_mode") == "wal"
            assert pragma(store, "synchronous") == 2  # FULL
            assert pragma(store, "foreign_keys") == 1
    finally:
        first.close()
        second.close()
    third = Store(db_path)  # and once more after every connection was closed
    try:
        assert pragma(third, "journal_mode") == "wal"
        assert pragma(third, "synchronous") == 2
    finally:
        third.close()


def test_parent_folders_are_created(tmp_path):
    path = tmp_path / "a" / "b" / "c.db"
    store = Store(path)
    try:
        assert path.exists()
    finally:
        store.close()


def test_reopening_keeps_data(db_path):
    store = Store(db_path)
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {"first": 1})
    store.append(game_id, 1, {"type": "turn_up", "cards": ["red"] * 5})
    store.append(game_id, 2, {"type": "undo"})
    store.close()

    store = Store(db_path)
    try:
        assert store.schema_version() == SCHEMA_VERSION
        record = store.game(game_id)
        assert record.players == ("Ann", "Ben")
        assert record.options == {"first": 1}
        assert store.log(game_id) == [(1, {"type": "turn_up", "cards": ["red"] * 5}),
                                      (2, {"type": "undo"})]
    finally:
        store.close()


def test_newer_schema_is_refused(db_path):
    Store(db_path).close()
    raw = sqlite3.connect(db_path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError, match="newer"):
        Store(db_path)
    raw = sqlite3.connect(db_path)
    try:  # nothing was migrated or overwritten
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 5
    finally:
        raw.close()


def test_migrating_a_version_0_file(db_path):
    """A file some older build created empty (user_version 0) is brought up to date."""
    raw = sqlite3.connect(db_path)
    raw.execute("CREATE TABLE unrelated (x)")
    raw.commit()
    raw.close()
    store = Store(db_path)
    try:
        assert store.schema_version() == SCHEMA_VERSION
        assert "games" in store.db.table_names()
    finally:
        store.close()


def old_database(path, version: int) -> None:
    """A file as a companion of that schema version left it: its migrations only, and a game
    with two moves, a finished game and a setting written the way that version wrote them."""
    import sqlite_utils
    db = sqlite_utils.Database(path)
    for migration in MIGRATIONS[:version]:
        migration(db)
    db.execute(f"PRAGMA user_version = {version}")
    with db.conn:
        db.execute("INSERT INTO games (id, game, options, status, created) VALUES "
                   "(1, 'ttr-nyc', '{}', 'playing', '2024-05-01T10:00:00.000000+00:00'), "
                   "(2, 'ttr-nyc', '{}', 'finished', '2024-05-02T10:00:00.000000+00:00')")
        db.execute("INSERT INTO game_players VALUES (1, 0, 'Ann'), (1, 1, 'Ben'), "
                   "(2, 0, 'Cleo'), (2, 1, 'Dan')")
        db.execute("INSERT INTO actions VALUES (1, 1, '{\"type\":\"undo\"}'), "
                   "(1, 2, '{\"type\":\"undo\"}')")
        db.execute("INSERT INTO settings VALUES ('language', 'hu')")
    db.close()


def test_a_database_of_the_previous_version_opens_and_migrates(db_path):
    """Schema 3 → 4: every game, move and setting kept; the new columns empty for old games
    (their last move's time is not known: Home says when they were started)."""
    old_database(db_path, 3)
    store = Store(db_path)
    try:
        assert store.schema_version() == SCHEMA_VERSION == 4
        columns = {c.name for c in store.db["games"].columns}
        assert {"moved", "abandoned"} <= columns
        old = store.game(1)
        assert old.status is GameStatus.PLAYING and old.players == ("Ann", "Ben")
        assert old.moved is None and old.abandoned is None
        assert old.last_active == "2024-05-01T10:00:00.000000+00:00"
        assert store.game(2).status is GameStatus.FINISHED
        assert [seq for seq, _entry in store.log(1)] == [1, 2]
        assert store.setting("language") == "hu"
        assert [g.id for g in store.unfinished()] == [1]
        store.append(1, 3, {"type": "undo"})  # the old game plays on, its time now kept
        assert store.game(1).moved is not None
    finally:
        store.close()


def test_the_migration_runs_once_in_one_transaction(db_path):
    """Opening a migrated file again changes nothing; a failed migration leaves the file at
    the old version (it is retried on the next start)."""
    old_database(db_path, 3)
    Store(db_path).close()
    store = Store(db_path)  # no second ALTER TABLE (it would fail: duplicate column)
    try:
        assert store.schema_version() == SCHEMA_VERSION
    finally:
        store.close()
    broken = db_path.with_name("broken.db")
    old_database(broken, 3)
    raw = sqlite3.connect(broken)
    raw.execute("ALTER TABLE games ADD COLUMN moved TEXT")  # half-done by hand: v4 must fail
    raw.commit()
    raw.close()
    with pytest.raises(StoreError):
        Store(broken)
    raw = sqlite3.connect(broken)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 3
        columns = [row[1] for row in raw.execute("PRAGMA table_info(games)")]
        assert "abandoned" not in columns  # nothing of the failed migration was kept
    finally:
        raw.close()


# ---- games ------------------------------------------------------------------------------------

def test_new_game_and_game_record(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben", "Cleo"], {"first": 2, "mode": "play"})
    record = store.game(game_id)
    assert isinstance(record, GameRecord)
    assert record.id == game_id
    assert record.game == "ttr-nyc"
    assert record.players == ("Ann", "Ben", "Cleo")
    assert record.options == {"first": 2, "mode": "play"}
    assert record.status == "playing"
    assert record.created
    assert record.finished is None


def test_unknown_game_is_a_key_error(store):
    with pytest.raises(KeyError):
        store.game(999)


def test_games_and_unfinished_newest_first(store):
    a = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    b = store.new_game("ttr-nyc", ["Cleo", "Dan"], {})
    c = store.new_game("ttr-nyc", ["Eve", "Fay"], {})
    assert [g.id for g in store.games()] == [c, b, a]
    store.finish(b, sheet(("Cleo", "Dan")))
    assert [g.id for g in store.unfinished()] == [c, a]
    assert [g.id for g in store.games("finished")] == [b]
    assert [g.id for g in store.games()] == [c, b, a]


def ticking_store(path) -> Store:
    """A store whose clock moves a second each time it is read (no test waits for the wall)."""
    moments = (datetime(2031, 5, 1, 18, 0, tzinfo=timezone.utc) + timedelta(seconds=n)
               for n in itertools.count())
    return Store(path, clock=lambda: next(moments))


def test_player_names_most_recent_first(db_path):
    store = ticking_store(db_path)
    store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.new_game("ttr-nyc", ["Cleo", "Ann"], {})
    store.new_game("ttr-nyc", ["Dan", "Eve"], {})
    names = store.player_names()
    assert sorted(names) == ["Ann", "Ben", "Cleo", "Dan", "Eve"]  # each name once
    assert set(names[:2]) == {"Dan", "Eve"}
    assert set(names[2:4]) == {"Ann", "Cleo"}  # Ann played again, so she moved up
    assert names[4] == "Ben"


def test_player_names_most_recent_first_within_one_second(store):
    """Games started in the same second (a quick rematch, a test) still list newest first."""
    store.new_game("ttr-nyc", ["Zoe", "Yan"], {})
    store.new_game("ttr-nyc", ["Bob", "Abe"], {})
    store.new_game("ttr-nyc", ["Zoe", "Xia"], {})
    names = store.player_names()
    assert set(names[:2]) == {"Zoe", "Xia"}
    assert set(names[2:4]) == {"Bob", "Abe"}
    assert names[4] == "Yan"


def test_status_is_a_word_of_the_database(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    record = store.game(game_id)
    assert record.status is GameStatus.PLAYING and record.status == "playing"
    assert [str(s) for s in GameStatus] == ["playing", "finished", "abandoned"]


def test_abandon(db_path, store):
    """An abandoned game leaves the unfinished ones; its players, log and time stay, on disk."""
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    other = store.new_game("ttr-nyc", ["Cleo", "Dan"], {})
    store.append(game_id, 1, {"type": "undo"})
    store.abandon(game_id)
    record = store.game(game_id)
    assert record.status is GameStatus.ABANDONED and record.abandoned
    assert record.abandoned >= record.created and record.finished is None
    assert [g.id for g in store.unfinished()] == [other]
    assert [g.id for g in store.games("abandoned")] == [game_id]
    assert [g.id for g in store.games()] == [other, game_id]
    assert store.log(game_id) == [(1, {"type": "undo"})]  # it can still be exported
    again = Store(db_path)
    try:
        assert again.game(game_id).status == "abandoned"
    finally:
        again.close()


def test_abandon_leaves_a_finished_game_as_it_is_and_refuses_an_unknown_one(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.finish(game_id, sheet())
    store.abandon(game_id)
    assert store.game(game_id).status is GameStatus.FINISHED
    assert store.game(game_id).abandoned is None
    with pytest.raises(KeyError):
        store.abandon(999)


def test_abandon_on_a_read_only_database_is_a_store_error(db_path, store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.db.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreError):
        store.abandon(game_id)
    store.db.execute("PRAGMA query_only = OFF")
    assert store.game(game_id).status is GameStatus.PLAYING


# ---- the action log ---------------------------------------------------------------------------

def test_append_keeps_the_time_of_the_last_move(db_path):
    store = ticking_store(db_path)
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    started = store.game(game_id)
    assert started.moved is None and started.last_active == started.created
    store.append(game_id, 1, {"type": "undo"})
    first = store.game(game_id).moved
    assert first is not None and first >= started.created
    store.append(game_id, 2, {"type": "undo"})
    second = store.game(game_id)
    assert second.moved > first and second.last_active == second.moved


def test_a_refused_append_keeps_the_time_of_the_last_stored_move(store):
    """The move and its time are one transaction: a move that is not stored moves no time."""
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.append(game_id, 1, {"type": "undo"})
    moved = store.game(game_id).moved
    with pytest.raises(StoreError):
        store.append(game_id, 1, {"type": "undo"})  # seq 1 again
    assert store.game(game_id).moved == moved


def test_unfinished_games_come_most_recently_played_first(store):
    a = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    b = store.new_game("ttr-nyc", ["Cleo", "Dan"], {})
    c = store.new_game("ttr-nyc", ["Eve", "Fay"], {})
    assert [g.id for g in store.unfinished()] == [c, b, a]  # none played: newest first
    store.append(a, 1, {"type": "undo"})
    assert [g.id for g in store.unfinished()] == [a, c, b]
    store.append(b, 1, {"type": "undo"})
    assert [g.id for g in store.unfinished()] == [b, a, c]
    assert [g.id for g in store.games()] == [c, b, a]  # History: by when they were started


def test_last_entry(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    assert store.last_entry(game_id) is None
    store.append(game_id, 2, {"type": "keep_tickets", "seat": 0, "kept": 2})
    store.append(game_id, 1, {"type": "undo"})
    assert store.last_entry(game_id) == (2, {"type": "keep_tickets", "seat": 0, "kept": 2})


def test_last_entry_can_pass_the_pauses_over(store):
    """Home's last move: every game left is paused, so the pauses and resumes after the last
    move are passed over (its time is left off as ever); a game with only a pause has none."""
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.append(game_id, 1, {"type": "pause", "at": "2026-11-26T10:00:00.000+00:00"})
    assert store.last_entry(game_id, skip={"pause", "resume"}) is None
    store.append(game_id, 2, {"type": "keep_tickets", "seat": 0, "kept": 2,
                              "at": "2026-11-26T10:01:00.000+00:00"})
    for seq, kind in ((3, "pause"), (4, "resume"), (5, "pause")):
        store.append(game_id, seq, {"type": kind, "at": "2026-11-26T10:02:00.000+00:00"})
    assert store.last_entry(game_id, skip={"pause", "resume"}) == (
        2, {"type": "keep_tickets", "seat": 0, "kept": 2})
    assert store.last_entry(game_id) == (5, {"type": "pause"})  # without skip: as before


def test_last_standing_entry_passes_over_what_undo_took_back(store):
    """Home names the last move that stands: an undo and the move it took back are no move."""
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.append(game_id, 1, {"type": "keep_tickets", "seat": 0, "kept": 2})
    store.append(game_id, 2, {"type": "keep_tickets", "seat": 1, "kept": 1})
    store.append(game_id, 3, {"type": "pause"})
    store.append(game_id, 4, {"type": "undo"})
    assert store.last_entry(game_id, skip={"pause"}, standing=True) == (
        1, {"type": "keep_tickets", "seat": 0, "kept": 2})
    store.append(game_id, 5, {"type": "undo"})
    assert store.last_entry(game_id, skip={"pause"}, standing=True) is None


def test_last_entry_comes_without_its_time_as_the_log_gives_it(store):
    """Home words the last move through the engine's action parser, which knows no "at":
    with it, every unfinished game said only "just now" once entries carried their times."""
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.append(game_id, 1, {"type": "keep_tickets", "seat": 0, "kept": 2,
                              "at": "2026-11-26T10:00:00.000+00:00"})
    assert store.last_entry(game_id) == (1, {"type": "keep_tickets", "seat": 0, "kept": 2})
    assert store.log(game_id, times=True)[0][1]["at"]  # kept where it is asked for


def test_append_and_log_order(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    other = store.new_game("ttr-nyc", ["Cleo", "Dan"], {})
    entries = [{"type": "turn_up", "cards": ["red", "blue", "taxi", "green", "pink"]},
               {"type": "keep_tickets", "seat": 1, "kept": 2},
               {"type": "undo"},
               {"type": "keep_tickets", "seat": 0, "kept": 1}]
    for seq, entry in enumerate(entries, start=1):
        store.append(game_id, seq, entry)
        store.append(other, seq, {"type": "undo"})
    assert store.log(game_id) == list(enumerate(entries, start=1))
    assert [seq for seq, _ in store.log(other)] == [1, 2, 3, 4]
    assert store.log(store.new_game("ttr-nyc", ["E", "F"], {})) == []


def test_log_is_ordered_by_seq_not_insertion(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.append(game_id, 2, {"type": "b"})
    store.append(game_id, 1, {"type": "a"})
    assert store.log(game_id) == [(1, {"type": "a"}), (2, {"type": "b"})]


def test_append_is_visible_to_another_connection(db_path, store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.append(game_id, 1, {"type": "undo"})
    other = Store(db_path)
    try:
        assert other.log(game_id) == [(1, {"type": "undo"})]
    finally:
        other.close()


def test_duplicate_seq_raises_store_error_and_keeps_the_log(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.append(game_id, 1, {"type": "turn_up", "cards": ["red"] * 5})
    store.append(game_id, 2, {"type": "keep_tickets", "seat": 0, "kept": 2})
    before = store.log(game_id)
    with pytest.raises(StoreError):
        store.append(game_id, 2, {"type": "keep_tickets", "seat": 1, "kept": 1})
    assert store.log(game_id) == before
    assert not store.conn.in_transaction
    store.append(game_id, 3, {"type": "keep_tickets", "seat": 1, "kept": 1})  # still usable
    assert [seq for seq, _ in store.log(game_id)] == [1, 2, 3]


def test_append_to_a_missing_game_raises_store_error(store):
    with pytest.raises(StoreError):
        store.append(12345, 1, {"type": "undo"})
    assert store.log(12345) == []


# ---- results ----------------------------------------------------------------------------------

def test_finish_writes_results_and_status(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    s = sheet()
    store.finish(game_id, s)
    record = store.game(game_id)
    assert record.status == "finished"
    assert record.finished is not None
    results = store.results(game_id)
    assert [r.seat for r in results] == [0, 1]
    assert [r.total for r in results] == list(s.totals) == [19, 5]
    assert [r.winner for r in results] == [True, False]
    assert results[0].points == {"routes": 10, "tickets_completed": 4, "tickets_failed": 0,
                                    "attractions": 5}
    assert game_id not in [g.id for g in store.unfinished()]


def test_finish_twice_replaces_the_results(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.finish(game_id, sheet())
    store.finish(game_id, sheet(points=((1, 0, 0, 0), (3, 0, 0, 0))))
    results = store.results(game_id)
    assert [r.total for r in results] == [1, 3]
    assert [r.winner for r in results] == [False, True]


def test_shared_victory_marks_every_winner(store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.finish(game_id, sheet(points=((5, 0, 0, 0), (5, 0, 0, 0))))
    assert [r.winner for r in store.results(game_id)] == [True, True]


def test_reopen_removes_results(db_path, store):
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.finish(game_id, sheet())
    store.reopen(game_id)
    record = store.game(game_id)
    assert record.status == "playing"
    assert record.finished is None
    assert store.results(game_id) == []
    assert [g.id for g in store.unfinished()] == [game_id]
    other = Store(db_path)  # and it is so on disk
    try:
        assert other.results(game_id) == []
        assert other.game(game_id).status == "playing"
    finally:
        other.close()


def test_results_survive_reopening_the_file(db_path):
    store = Store(db_path)
    game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
    store.finish(game_id, sheet())
    store.close()
    store = Store(db_path)
    try:
        assert [r.total for r in store.results(game_id)] == [19, 5]
        assert store.game(game_id).status == "finished"
    finally:
        store.close()


# ---- where the file lives ---------------------------------------------------------------------

def test_default_path_honours_companion_db(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "mine.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "mine.db"


def test_default_path_uses_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "companion" / "companion.db"


def test_default_path_falls_back_to_home(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "companion" / "companion.db"


def test_empty_variables_count_as_unset(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DB", "")
    monkeypatch.setenv("XDG_DATA_HOME", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "companion" / "companion.db"


def test_store_without_path_opens_the_default(monkeypatch, tmp_path):
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    store = Store()
    try:
        assert store.path == tmp_path / "xdg" / "companion" / "companion.db"
        assert store.path.exists()
    finally:
        store.close()


# ---- one broken game never hides the others -----------------------------------

def _three_games(db_path, rules) -> list[int]:
    import random

    from companion.games.ttr_nyc.playout import TtrPlayout
    from companion.table import Table
    store = Store(db_path)
    ids = []
    for seed in range(3):
        playout = TtrPlayout(rules, 2, random.Random(seed))
        playout.play()
        table = Table.start(store, "ttr-nyc", playout.players, playout.options)
        for action in playout.log[:20]:
            table.submit(action)
        ids.append(table.game_id)
    store.close()
    return ids


def _broken(db_path, sql: str, *params) -> Store:
    store = Store(db_path)
    with store.db.atomic():
        store.db.execute(sql, list(params))
    return store


def test_broken_options_json_is_a_problem_of_that_game_only(db_path, rules):
    """Before, `Store.game` ran json.loads on the row and Home's start stopped the app."""
    from companion.store import UnreadableGame
    from companion.table import Table
    ids = _three_games(db_path, rules)
    store = _broken(db_path, "UPDATE games SET options = '{\"first\":' WHERE id = ?", ids[1])
    try:
        records = {record.id: record for record in store.games()}
        assert len(store.unfinished()) == 3
        assert "not JSON" in records[ids[1]].problem and records[ids[1]].options == {}
        assert records[ids[0]].problem is None and records[ids[2]].problem is None
        with pytest.raises(UnreadableGame) as info:
            Table.resume(store, ids[1])
        assert info.value.game_id == ids[1] and "not JSON" in info.value.reason
        assert len(Table.resume(store, ids[2]).actions) == 20
        assert store.rows(ids[1]).options == '{"first":'
    finally:
        store.close()


def test_a_stored_action_that_is_not_json_makes_its_game_unreadable(db_path, rules):
    from companion.store import UnreadableGame
    from companion.table import Table
    ids = _three_games(db_path, rules)
    store = _broken(db_path, "UPDATE actions SET action = '{\"type\": \"dra' "
                             "WHERE game_id = ? AND seq = 20", ids[0])
    try:
        assert store.last_entry(ids[0]) == (20, {}), "Home only words it: never a crash"
        with pytest.raises(UnreadableGame) as info:
            Table.resume(store, ids[0])
        assert info.value.seq == 20 and "log entry 20 is not JSON" in str(info.value)
        assert len(Table.resume(store, ids[1]).actions) == 20
    finally:
        store.close()


def test_an_action_the_engine_now_refuses_makes_its_game_unreadable(db_path, rules):
    """An old log after an engine update: before, LogError escaped Home's resume."""
    from companion.store import UnreadableGame
    from companion.table import Table
    ids = _three_games(db_path, rules)
    store = _broken(db_path, "UPDATE actions SET action = '{\"type\":\"teleport\"}' "
                             "WHERE game_id = ? AND seq = 7", ids[2])
    try:
        with pytest.raises(UnreadableGame) as info:
            Table.resume(store, ids[2])
        assert info.value.seq == 7 and "teleport" in info.value.reason
    finally:
        store.close()


def test_an_unknown_status_is_a_problem_not_a_crash(db_path, rules):
    ids = _three_games(db_path, rules)
    store = _broken(db_path, "UPDATE games SET status = 'lost in space' WHERE id = ?", ids[0])
    try:
        record = store.game(ids[0])
        assert "unknown" in record.problem and len(store.games()) == 3
    finally:
        store.close()


def test_bytes_that_are_not_utf8_are_read_not_raised(db_path, rules):
    """A damaged page can hold any bytes: SQLite hands them over as text that is not UTF-8."""
    from companion.store import UnreadableGame
    ids = _three_games(db_path, rules)
    store = _broken(db_path, "UPDATE game_players SET name = CAST(x'416e6eff' AS TEXT) "
                             "WHERE game_id = ? AND seat = 0", ids[0])
    try:
        assert store.game(ids[0]).players[0] == "Ann\ufffd"
    finally:
        store.close()
    store = _broken(db_path, "UPDATE actions SET action = CAST(x'7b22ff' AS TEXT) "
                             "WHERE game_id = ? AND seq = 3", ids[1])
    try:
        with pytest.raises(UnreadableGame):
            store.log(ids[1])
    finally:
        store.close()


def test_a_result_whose_points_are_not_json_is_read_not_raised(db_path, rules):
    """A damaged page (a database one byte short) can cut a results row too: History's
    players' table, the statistics and the BG Stats export read every finished game's results,
    so one broken cell must not stop them for every game. Its totals and winner stand."""
    store = Store(db_path)
    try:
        game_id = store.new_game("ttr-nyc", ["Ann", "Ben"], {})
        other = store.new_game("ttr-nyc", ["Cat", "Dan"], {})
        store.finish(game_id, sheet())
        store.finish(other, sheet())
    finally:
        store.close()
    for broken in ('{"routes": 1', "[1, 2]", "[" * 100_000):
        store = _broken(db_path, "UPDATE results SET points = ? WHERE game_id = ? AND seat = 1",
                        broken, game_id)
        try:
            results = store.results(game_id)
            assert [(r.seat, r.total, r.winner) for r in results] == [
                (0, 19, True), (1, 5, False)]
            assert results[1].points == {} and results[0].points["routes"] == 10
            assert store.results(other)[1].points["tickets_failed"] == -2
        finally:
            store.close()


def test_a_time_that_is_not_a_time_is_read_not_raised(db_path, rules):
    """A damaged page can garble a game's times too: Home words how long ago every unfinished
    game was played, History and `companion games` when each was played, so one garbled cell
    stopped them for every game (Home's refresh raised, and going back Home raised again)."""
    from companion.store import UNKNOWN_TIME
    from companion.table import Table
    ids = _three_games(db_path, rules)
    store = _broken(db_path, "UPDATE games SET moved = '2026-11-2\ufffd', finished = 'x' "
                             "WHERE id = ?", ids[0])
    store.close()
    store = _broken(db_path, "UPDATE games SET created = '\ufffd' WHERE id = ?", ids[1])
    try:
        moved = store.game(ids[0])
        assert moved.moved is None and moved.finished is None and moved.problem is None
        assert moved.last_active == moved.created  # when it was started: still a time
        assert len(Table.resume(store, ids[0]).actions) == 20  # it plays on
        started = store.game(ids[1])
        assert "its start time" in started.problem and started.created == started.moved
        assert store.game(ids[2]).problem is None
    finally:
        store.close()
    store = _broken(db_path, "UPDATE games SET created = 'soon', moved = NULL WHERE id = ?",
                    ids[1])
    try:
        assert store.game(ids[1]).created == UNKNOWN_TIME
    finally:
        store.close()
