"""The game log files and the `companion` command, on real files and real databases.

Most tests call `companion.cli.main` in-process; the `run` helper starts the command as a separate
process (`python -m companion.cli`) to prove exit codes and that no traceback escapes.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.boards import data_dir
from companion.gamelog import FoldedGame, Header, dump_lines, fold_lines
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.report import state_json
from companion.store import SCHEMA_VERSION, Store
from companion.table import Table

OPENING = ["orange", "taxi", "blue", "green", "black"]


# ---- helpers ----------------------------------------------------------------------------------

def playout(rules, players: int = 2, seed: int = 1) -> TtrPlayout:
    p = TtrPlayout(rules, players, random.Random(seed))
    p.play()
    return p


def header_of(p: TtrPlayout) -> Header:
    return Header("ttr-nyc", p.players, p.options)


def write_log(path: Path, header: Header, entries) -> Path:
    path.write_text("".join(line + "\n" for line in dump_lines(header, entries)), encoding="utf-8")
    return path


def call(capsys, *argv: str) -> tuple[int, str, str]:
    """`companion ARGV` in this process: (exit code, stdout, stderr)."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def env(tmp_path: Path) -> dict:
    """An environment whose default database is in tmp_path, never the user's."""
    e = dict(os.environ)
    e["COMPANION_DB"] = str(tmp_path / "default" / "companion.db")
    e["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    return e


@pytest.fixture(autouse=True)
def private_default_db(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "default" / "companion.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def run(env: dict, *argv: str, stdin: str | bytes | None = None,
        command: list[str] | None = None) -> subprocess.CompletedProcess:
    """`companion ARGV` as its own process."""
    command = command or [sys.executable, "-m", "companion.cli"]
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run(command + list(argv), input=data, capture_output=True, env=env,
                          timeout=120)
    done.out = done.stdout.decode("utf-8")
    done.err = done.stderr.decode("utf-8")
    return done


def assert_clean_failure(code: int, out: str, err: str, *parts: str) -> None:
    assert code == 1, (code, out, err)
    assert "Traceback" not in err and "Traceback" not in out
    assert err.startswith("companion"), err
    for part in parts:
        assert part in err, (part, err)


# ---- replay: a good log -----------------------------------------------------------------------

@pytest.mark.parametrize("players, seed", [(2, 3), (3, 4), (4, 5)])
def test_replay_prints_state_and_score_table(tmp_path, capsys, rules, players, seed):
    p = playout(rules, players, seed)
    path = write_log(tmp_path / "game.jsonl", header_of(p), [a.to_json() for a in p.log])
    code, out, err = call(capsys, "replay", str(path))
    assert code == 0, err
    assert err == ""
    sheet = rules.score(p.state)
    assert f"Ticket to Ride: New York, {players} players, {len(p.log)} actions" in out
    assert "Game over" in out
    lines = out.splitlines()
    table_start = next(i for i, line in enumerate(lines) if line.startswith("Player"))
    assert "Total" in lines[table_start]
    for seat, name in enumerate(p.players):
        assert f"  {name}: " in out  # the state part
        row = lines[table_start + 1 + seat]
        assert row.split()[0] == name
        assert int(row.split()[-1]) == sheet.totals[seat]
    winners = " and ".join(p.players[s] for s in sheet.winners)
    assert any(line.startswith(("Winner: " + winners, "Shared victory: " + winners))
               for line in lines)


@pytest.mark.parametrize("players, seed", [(2, 6), (3, 7), (4, 8)])
def test_replay_json_totals_equal_the_engine(tmp_path, capsys, rules, players, seed):
    p = playout(rules, players, seed)
    path = write_log(tmp_path / "game.jsonl", header_of(p), [a.to_json() for a in p.log])
    code, out, err = call(capsys, "replay", "--json", str(path))
    assert code == 0, err
    data = json.loads(out)
    sheet = rules.score(p.state)
    assert data["header"] == header_of(p).to_json()
    assert data["actions"] == len(p.log)
    assert data["state"]["phase"] == "over"
    assert [player["total"] for player in data["score"]["players"]] == list(sheet.totals)
    assert data["score"]["winners"] == list(sheet.winners)
    assert data["score"] == sheet.to_json()
    assert data["state"] == state_json(FoldedGame(header_of(p), rules, p.state, list(p.log)))


def test_replay_of_an_unfinished_game_is_provisional(tmp_path, capsys, rules):
    p = playout(rules, 2, 9)
    path = write_log(tmp_path / "game.jsonl", header_of(p), [a.to_json() for a in p.log[:25]])
    code, out, err = call(capsys, "replay", str(path))
    assert code == 0, err
    assert "Provisional" in out
    assert "Now: " in out


def test_replay_reads_stdin_in_process(tmp_path, capsys, monkeypatch, rules):
    p = playout(rules, 2, 10)
    text = "".join(line + "\n" for line in dump_lines(header_of(p), [a.to_json() for a in p.log]))
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = call(capsys, "replay", "--json", "-")
    assert code == 0, err
    assert [pl["total"] for pl in json.loads(out)["score"]["players"]] == \
        list(rules.score(p.state).totals)


def test_replay_reads_stdin_as_a_process(env, rules):
    p = playout(rules, 3, 11)
    text = "".join(line + "\n" for line in dump_lines(header_of(p), [a.to_json() for a in p.log]))
    done = run(env, "replay", "-", stdin=text)
    assert done.returncode == 0, done.err
    assert "Game over" in done.out
    assert "Total" in done.out


def test_replay_honours_undo_lines(tmp_path, capsys, rules):
    p = playout(rules, 2, 12)
    entries = [a.to_json() for a in p.log]
    undo = {"type": "undo"}
    # undo three, play them again, and the game is the same
    redone = entries[:20] + [undo] * 3 + entries[17:]
    path = write_log(tmp_path / "redone.jsonl", header_of(p), redone)
    code, out, _ = call(capsys, "replay", "--json", str(path))
    assert code == 0
    data = json.loads(out)
    assert data["actions"] == len(p.log)
    assert data["score"] == rules.score(p.state).to_json()

    # undo that stands changes the state: the same as a log without the undone actions
    cut = entries[:30] + [undo, undo]
    path = write_log(tmp_path / "cut.jsonl", header_of(p), cut)
    code, out, _ = call(capsys, "replay", "--json", str(path))
    assert code == 0
    expected = fold_lines(dump_lines(header_of(p), entries[:28]))
    data = json.loads(out)
    assert data["actions"] == 28
    assert data["state"] == state_json(expected)


def test_blank_lines_are_skipped(tmp_path, capsys, rules):
    p = playout(rules, 2, 13)
    lines = list(dump_lines(header_of(p), [a.to_json() for a in p.log]))
    path = tmp_path / "blank.jsonl"
    path.write_text("\n" + "\n\n".join(lines) + "\n\n   \n", encoding="utf-8")
    code, out, err = call(capsys, "replay", "--json", str(path))
    assert code == 0, err
    assert json.loads(out)["score"] == rules.score(p.state).to_json()


@pytest.mark.parametrize("name", sorted(str(p.relative_to(data_dir()))
                                        for p in data_dir().glob("*/examples/*.jsonl")))
def test_the_example_logs_replay(capsys, name):
    code, out, err = call(capsys, "replay", "--json", str(data_dir() / name))
    assert code == 0, err
    assert json.loads(out)["score"]["players"]


# ---- replay: bad logs -------------------------------------------------------------------------

HEADER = {"game": "ttr-nyc", "players": ["Ann", "Ben"], "options": {"first": 0}}
TURN_UP = {"type": "turn_up", "cards": OPENING}
SETUP = [HEADER, TURN_UP, {"type": "keep_tickets", "seat": 0, "kept": 2},
         {"type": "keep_tickets", "seat": 1, "kept": 1}]  # then it is Ann's turn


def lines_of(*objects) -> str:
    return "".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objects)


# (id, file text, line named in the message, words of the reason)
BAD_LOGS = [
    ("malformed-json", lines_of(HEADER, TURN_UP, '{"type": "keep_tickets", "seat": 0,'),
     3, ["Not valid JSON"]),
    ("header-not-object", lines_of(["ttr-nyc", "Ann", "Ben"], TURN_UP), 1, ["must name the game"]),
    ("header-a-string", lines_of('"ttr-nyc"'), 1, ["must name the game"]),
    ("header-no-players", lines_of({"game": "ttr-nyc"}, TURN_UP), 1, ["players' names"]),
    ("header-empty-players", lines_of({"game": "ttr-nyc", "players": []}), 1, ["players' names"]),
    ("header-one-player", lines_of({"game": "ttr-nyc", "players": ["Ann"]}), 1,
     ["2 to 4 players", "not 1"]),
    ("unknown-game", lines_of({"game": "chess", "players": ["Ann", "Ben"]}, TURN_UP), 1,
     ["Unknown game 'chess'"]),
    ("unknown-action", lines_of(HEADER, TURN_UP, {"type": "teleport", "seat": 0}), 3,
     ["Unknown action type 'teleport'"]),
    ("action-not-object", lines_of(HEADER, [1, 2]), 2, ["must be a JSON object"]),
    ("missing-field", lines_of(HEADER, TURN_UP, {"type": "keep_tickets", "seat": 0}), 3,
     ["keep_tickets", "needs the field 'kept'"]),
    ("wrong-field-type", lines_of(HEADER, TURN_UP, {"type": "keep_tickets", "seat": 0,
                                                    "kept": "two"}), 3, ["'kept'", "'two'"]),
    ("seat-7", lines_of(HEADER, TURN_UP, {"type": "keep_tickets", "seat": 7, "kept": 1}), 3,
     ["no seat 7", "game of 2"]),
    ("out-of-turn", lines_of(*SETUP, {"type": "draw_blind", "seat": 1}), 5,
     ["It is Ann's turn, not Ben's"]),
    ("route-taken", lines_of(*SETUP, {"type": "claim_route", "seat": 0, "route": "r08",
                                      "cards": ["red"]},
                             {"type": "claim_route", "seat": 1, "route": "r08", "cards": ["blue"]}),
     6, ["already claimed by Ann"]),
    ("nothing-to-undo", lines_of(HEADER, {"type": "undo"}), 2, ["nothing to undo"]),
    ("undo-too-far", lines_of(HEADER, TURN_UP, {"type": "undo"}, {"type": "undo"}), 4,
     ["nothing to undo"]),
    ("type-an-object", lines_of(HEADER, TURN_UP, {"type": {"claim": 1}}), 3,
     ['"type" must be the name of an action', "{'claim': 1}"]),
    ("type-a-list", lines_of(HEADER, {"type": ["undo"]}), 2,
     ['"type" must be the name of an action']),
    ("empty-file", "", 1, ["empty"]),
    ("only-blank-lines", "\n  \n\n", 1, ["empty"]),
]


@pytest.mark.parametrize("text, line, reason", [c[1:] for c in BAD_LOGS],
                         ids=[c[0] for c in BAD_LOGS])
def test_bad_log_in_process(tmp_path, capsys, text, line, reason):
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = call(capsys, "replay", str(path))
    assert_clean_failure(code, out, err, f"{path}: line {line}: ", *reason)
    assert out == ""
    code, out, err = call(capsys, "replay", "--json", str(path))
    assert_clean_failure(code, out, err, f"line {line}: ", *reason)
    assert out == ""


@pytest.mark.parametrize("text, line, reason", [c[1:] for c in BAD_LOGS],
                         ids=[c[0] for c in BAD_LOGS])
def test_bad_log_as_a_process(tmp_path, env, text, line, reason):
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    done = run(env, "replay", str(path))
    assert_clean_failure(done.returncode, done.out, done.err, f"line {line}: ", *reason)


def test_bad_log_on_stdin(env):
    done = run(env, "replay", "-", stdin=lines_of(*SETUP, {"type": "draw_blind", "seat": 1}))
    assert_clean_failure(done.returncode, done.out, done.err, "-: line 5: ", "Ann's turn")


def test_header_error_names_the_header_line(tmp_path, capsys):
    """With blank lines above the header, the message names the header's own line."""
    path = tmp_path / "bad.jsonl"
    path.write_text(lines_of("", "", {"game": "chess", "players": ["Ann", "Ben"]}),
                    encoding="utf-8")
    code, out, err = call(capsys, "replay", str(path))
    assert_clean_failure(code, out, err, "line 3: ", "Unknown game")
    path.write_text(lines_of("", {"game": "ttr-nyc", "players": ["Ann"]}), encoding="utf-8")
    code, out, err = call(capsys, "replay", str(path))
    assert_clean_failure(code, out, err, "line 2: ", "2 to 4 players")


def test_missing_file(tmp_path, capsys, env):
    path = tmp_path / "nowhere.jsonl"
    code, out, err = call(capsys, "replay", str(path))
    assert_clean_failure(code, out, err, "cannot read", str(path), "No such file")
    done = run(env, "replay", str(path))
    assert_clean_failure(done.returncode, done.out, done.err, "cannot read", "No such file")


def test_a_folder_instead_of_a_file(tmp_path, capsys):
    code, out, err = call(capsys, "replay", str(tmp_path))
    assert_clean_failure(code, out, err, "cannot read", str(tmp_path))


def test_binary_file(tmp_path, capsys, env):
    path = tmp_path / "photo.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    code, out, err = call(capsys, "replay", str(path))
    assert_clean_failure(code, out, err, str(path), "not a UTF-8 text file")
    done = run(env, "replay", str(path))
    assert_clean_failure(done.returncode, done.out, done.err, "not a UTF-8 text file")


def test_binary_on_stdin(env):
    # Python reads a pipe with errors="surrogateescape" in the C/C.UTF-8 locale, so the bytes may
    # arrive as text and fail as JSON rather than as UTF-8: either way a clean line-1 error.
    done = run(env, "replay", "-", stdin=b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    assert done.returncode == 1, done.err
    assert "Traceback" not in done.err
    assert done.err.startswith("companion replay: -")
    assert "UTF-8" in done.err or "line 1: Not valid JSON" in done.err


def test_binary_file_with_a_valid_utf8_prefix(tmp_path, capsys):
    """The bad bytes come after the first 8 KiB: the error is still clean."""
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(json.dumps(HEADER).encode() + b"\n" + b"\n" * 20000 + b"\xff\xfe\xfa")
    code, out, err = call(capsys, "replay", str(path))
    assert_clean_failure(code, out, err, "not a UTF-8 text file")


def test_utf8_byte_order_mark_gives_no_traceback(tmp_path, capsys):
    """Editors on Windows save UTF-8 with a byte order mark. Today the header line is refused
    ("Unexpected UTF-8 BOM"), a rough edge reported separately; it must at least fail cleanly."""
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + lines_of(HEADER, TURN_UP).encode("utf-8"))
    code, out, err = call(capsys, "replay", str(path))
    if code != 0:
        assert_clean_failure(code, out, err, "line 1: ")


# ---- export -----------------------------------------------------------------------------------

def stored_game(db: Path, rules, seed: int = 14, players: int = 3) -> tuple[int, TtrPlayout]:
    """A game played through a Table with undos along the way; returns its id."""
    p = playout(rules, players, seed)
    store = Store(db)
    try:
        table = Table.start(store, "ttr-nyc", p.players, p.options)
        for i, action in enumerate(p.log):
            table.submit(action)
            if i in (5, 40):
                table.undo()
                table.undo()
                table.submit(p.log[i - 1])
                table.submit(action)
        return table.game_id, p
    finally:
        store.close()


def test_export_writes_exactly_the_stored_log(tmp_path, capsys, rules):
    db = tmp_path / "games.db"
    game_id, p = stored_game(db, rules)
    code, out, err = call(capsys, "--db", str(db), "export", str(game_id))
    assert code == 0, err
    lines = out.splitlines()
    assert out.endswith("\n")
    store = Store(db)
    try:
        stored = store.log(game_id, times=True)  # each entry with its time ("at")
        record = store.game(game_id)
    finally:
        store.close()
    assert json.loads(lines[0]) == {"game": "ttr-nyc", "players": list(p.players),
                                    "options": p.options}
    assert [json.loads(line) for line in lines[1:]] == [entry for _, entry in stored]
    assert all("at" in json.loads(line) for line in lines[1:])
    assert [json.loads(line)["type"] for line in lines[1:]].count("undo") == 4
    assert len(lines) == 1 + len(p.log) + 8
    assert record.status == "finished"

    out_file = tmp_path / "export.jsonl"
    code, out2, err = call(capsys, "--db", str(db), "export", str(game_id), "-o", str(out_file))
    assert code == 0, err
    assert out2 == ""
    assert out_file.read_text(encoding="utf-8") == out


def test_replaying_an_export_equals_resume(tmp_path, capsys, rules):
    db = tmp_path / "games.db"
    game_id, _ = stored_game(db, rules, seed=15, players=4)
    # and one game still being played, cut in the middle of an undo
    p = playout(rules, 2, 16)
    store = Store(db)
    table = Table.start(store, "ttr-nyc", p.players, p.options)
    for action in p.log[:33]:
        table.submit(action)
    table.undo()
    unfinished = table.game_id
    store.close()

    for gid in (game_id, unfinished):
        out_file = tmp_path / f"game-{gid}.jsonl"
        code, _, err = call(capsys, "--db", str(db), "export", str(gid), "-o", str(out_file))
        assert code == 0, err
        store = Store(db)
        try:
            resumed = Table.resume(store, gid)
        finally:
            store.close()
        with open(out_file, encoding="utf-8") as f:
            replayed = fold_lines(f)
        assert replayed.state == resumed.state
        assert tuple(replayed.actions) == resumed.actions
        code, out, err = call(capsys, "replay", "--json", str(out_file))
        assert code == 0, err
        data = json.loads(out)
        assert data["state"] == state_json(FoldedGame(resumed.header, resumed.rules, resumed.state,
                                                list(resumed.actions)))
        assert data["score"] == resumed.score().to_json()


def test_export_of_a_missing_game(tmp_path, capsys, env):
    db = tmp_path / "games.db"
    Store(db).close()
    code, out, err = call(capsys, "--db", str(db), "export", "99")
    assert_clean_failure(code, out, err, "no game 99")
    done = run(env, "--db", str(db), "export", "99")
    assert_clean_failure(done.returncode, done.out, done.err, "no game 99")


def test_export_into_a_missing_folder_fails_cleanly(tmp_path, capsys, rules):
    db = tmp_path / "games.db"
    game_id, _ = stored_game(db, rules, seed=17, players=2)
    target = tmp_path / "no" / "such" / "folder" / "game.jsonl"
    try:
        code, out, err = call(capsys, "--db", str(db), "export", str(game_id), "-o", str(target))
    except OSError as error:
        pytest.fail(f"export raised {error!r} instead of a message and exit code 1")
    assert_clean_failure(code, out, err, str(target))


# ---- games ------------------------------------------------------------------------------------

def test_games_lists_the_stored_games(tmp_path, capsys, env, rules):
    db = tmp_path / "games.db"
    code, out, err = call(capsys, "--db", str(db), "games")
    assert code == 0, err
    assert "No games stored" in out and str(db) in out

    finished, _ = stored_game(db, rules, seed=18, players=2)
    store = Store(db)
    try:
        playing = Table.start(store, "ttr-nyc", ["Anna", "Ben", "Cleo"]).game_id
    finally:
        store.close()
    code, out, err = call(capsys, "--db", str(db), "games")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].split() == ["No.", "Game", "Status", "When", "Players"]
    assert lines[1].split()[0] == str(playing)  # newest first
    assert "playing" in lines[1] and "Anna, Ben, Cleo" in lines[1]
    assert "Ticket to Ride: New York" in lines[1] and "ttr-nyc" not in out  # the box's name
    assert lines[2].split()[0] == str(finished)
    assert "finished" in lines[2] and "P1, P2" in lines[2]

    done = run(env, "--db", str(db), "games")
    assert done.returncode == 0, done.err
    assert done.out == out


def test_games_are_listed_in_aligned_columns_with_status_in_words(tmp_path, capsys):
    """Every status in words, the box's name for every game, the columns lined up (a long
    box name and a long number included); an abandoned game is listed and still exports."""
    db = tmp_path / "games.db"
    store = Store(db)
    try:
        ids = [Table.start(store, "ttr-nyc", ["Anna", "Ben"]).game_id for _ in range(10)]
        rotw = Table.start(store, "rotw-card-game", ["Ödön", "Ștefan"]).game_id
        store.abandon(rotw)
        store.abandon(ids[0])
    finally:
        store.close()
    code, out, err = call(capsys, "--db", str(db), "games")
    assert code == 0, err
    lines = out.splitlines()
    header, rows = lines[0], lines[1:]
    assert len(rows) == 11
    for column in ("Game", "Status", "When", "Players"):  # every row starts its cells there
        start = header.index(column)
        assert all(row[start - 2:start] == "  " and row[start] != " " for row in rows), \
            (column, out)
    assert rows[0].split()[0] == str(rotw) and "Railways of the World: The Card Game" in rows[0]
    assert rows[0].rstrip().endswith("Ödön, Ștefan") and " abandoned " in rows[0]
    assert rows[-1].startswith("  1  ") and " abandoned " in rows[-1]  # numbers right-aligned
    assert all(" playing " in row for row in rows[1:-1])
    when = rows[0][header.index("When"):].split()[:2]
    assert len(when[0]) == 10 and when[0][4] == "-" and len(when[1]) == 5, when

    code, exported, err = call(capsys, "--db", str(db), "export", str(rotw))
    assert code == 0, err
    assert json.loads(exported.splitlines()[0])["game"] == "rotw-card-game"


def test_games_uses_the_default_database(tmp_path, capsys):
    code, out, err = call(capsys, "games")
    assert code == 0, err
    assert str(tmp_path / "default" / "companion.db") in out


def test_a_newer_database_is_refused_cleanly(tmp_path, capsys, env):
    db = tmp_path / "newer.db"
    Store(db).close()
    import sqlite3
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    code, out, err = call(capsys, "--db", str(db), "games")
    assert_clean_failure(code, out, err, "newer companion")
    done = run(env, "--db", str(db), "export", "1")
    assert_clean_failure(done.returncode, done.out, done.err, "newer companion")


@pytest.mark.parametrize("kind", ["not-a-database", "a-folder", "parent-is-a-file"])
def test_a_database_that_cannot_be_opened_is_refused_cleanly(tmp_path, env, kind):
    """`--db` naming something unusable: a message naming it and exit code 1, no traceback."""
    if kind == "not-a-database":
        db = tmp_path / "notes.db"
        db.write_text("shopping list: milk, eggs\n" * 100, encoding="utf-8")
    elif kind == "a-folder":
        db = tmp_path / "folder"
        db.mkdir()
    else:
        (tmp_path / "plain-file").write_text("x", encoding="utf-8")
        db = tmp_path / "plain-file" / "companion.db"
    done = run(env, "--db", str(db), "games")
    assert_clean_failure(done.returncode, done.out, done.err, str(db))


# ---- the bare command, help and bench ----------------------------------------------------------

def test_app_window_size_must_be_width_x_height(capsys, env):
    """The bare command starts the app (tested under Xvfb in tests/ui); a bad size is refused."""
    code, out, err = call(capsys, "--size", "big")
    assert code == 2 and "800x480" in err and "Traceback" not in err


def test_help_lists_the_commands(env):
    done = run(env, "--help")
    assert done.returncode == 0
    for command in ("replay", "export", "games", "bench", "--db"):
        assert command in done.out


def test_installed_console_script(tmp_path, env, rules):
    script = Path(sys.executable).parent / "companion"
    if not script.exists():
        pytest.skip("the companion script is not installed in this environment")
    p = playout(rules, 2, 19)
    path = write_log(tmp_path / "game.jsonl", header_of(p), [a.to_json() for a in p.log])
    done = run(env, "replay", str(path), command=[str(script)])
    assert done.returncode == 0, done.err
    assert "Game over" in done.out
    done = run(env, "replay", str(tmp_path / "missing.jsonl"), command=[str(script)])
    assert_clean_failure(done.returncode, done.out, done.err, "cannot read")
    done = run(env, "--help", command=[str(script)])
    assert done.returncode == 0 and "replay" in done.out


BENCH_LINES = ["per step", "games/s", "scoring", "append one action", "bare sqlite3 insert",
               "append / bare insert", "resume a 200-action game"]


def assert_bench_output(out: str) -> None:
    for words in BENCH_LINES:
        assert any(words in line for line in out.splitlines()), (words, out)


def test_bench_quick_with_db_after_the_command(tmp_path, env):
    """As the brief writes it: `companion bench --quick --db <tmp>/x.db`."""
    done = run(env, "bench", "--quick", "--db", str(tmp_path / "x.db"))
    assert done.returncode == 0, done.err
    assert "Traceback" not in done.err
    assert_bench_output(done.out)


def test_bench_quick_with_db_before_the_command(tmp_path, capsys):
    folder = tmp_path / "bench"
    code, out, err = call(capsys, "--db", str(folder / "x.db"), "bench", "--quick")
    assert code == 0, err
    assert_bench_output(out)
    assert list(folder.iterdir()) == []  # its scratch databases are gone
    assert not (tmp_path / "default").exists()  # the default database was not touched


# ---- replay never shows a traceback ------------------------------------------

def replay_fails(env, path: Path, line: int, *words: str, json_too: bool = True) -> str:
    """`companion replay PATH` (and with --json) as a process: `PATH: line N: reason`, exit 1."""
    for extra in (["--json"] if json_too else []) + [None]:
        done = run(env, "replay", *([extra] if extra else []), str(path))
        assert_clean_failure(done.returncode, done.out, done.err, f"{path}: line {line}: ",
                             *words)
    return done.err


def test_a_5000_digit_integer_is_refused_by_line(tmp_path, env):
    action = '{"type": "keep_tickets", "seat": ' + "9" * 5000 + ', "kept": 2}'
    path = tmp_path / "digits.jsonl"
    path.write_text(lines_of(HEADER, TURN_UP, action))
    replay_fails(env, path, 3, "digits")


def test_json_nested_200000_deep_is_refused_by_line(tmp_path, env):
    path = tmp_path / "deep.jsonl"
    path.write_text(lines_of(HEADER, "[" * 200_000 + "]" * 200_000))
    replay_fails(env, path, 2, "nests deeper")


def test_json_nested_a_little_too_deep_is_refused_too(tmp_path, capsys):
    """Below Python's own limit, but deeper than any action nests."""
    path = tmp_path / "deep.jsonl"
    path.write_text(lines_of(HEADER, {"type": "claim", "route": json.loads("[" * 40 + "]" * 40)}))
    code, out, err = call(capsys, "replay", str(path))
    assert_clean_failure(code, out, err, "line 2: ", "nests deeper than 32")


def test_a_player_name_with_a_lone_surrogate_is_refused(tmp_path, env):
    path = tmp_path / "surrogate.jsonl"
    path.write_text('{"game": "ttr-nyc", "players": ["\\ud800x", "Ben"]}\n')
    replay_fails(env, path, 1, "surrogate")
    path.write_text(lines_of(HEADER, '{"type": "turn_up", "cards": ["\\udfff"]}'))
    replay_fails(env, path, 2, "surrogate")


def test_a_surrogate_pair_is_text(tmp_path, capsys):
    """An emoji written as its escaped UTF-16 pair is a name like any other."""
    path = tmp_path / "emoji.jsonl"
    path.write_text('{"game": "ttr-nyc", "players": ["Ann \\ud83d\\ude00", "Ben"]}\n')
    code, out, err = call(capsys, "replay", str(path))
    assert code == 0, err
    assert "Ann \U0001F600" in out


def test_a_line_longer_than_a_megabyte_is_refused(tmp_path, env):
    path = tmp_path / "long.jsonl"
    path.write_text(lines_of(HEADER, {"type": "turn_up", "cards": ["x" * (1 << 20)]}))
    replay_fails(env, path, 2, "longer than 1048576 bytes")


def test_replay_of_dev_zero_stops_at_the_first_megabyte(env):
    done = run(env, "replay", "/dev/zero")
    assert_clean_failure(done.returncode, done.out, done.err, "/dev/zero: line 1: ",
                         "longer than")


def peak_rss(env: dict, *argv: str) -> tuple[int, str]:
    """`companion ARGV` as a child of a small Python: its peak resident memory (KiB) and its
    stderr."""
    probe = ("import resource, subprocess, sys; "
             "done = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
             "sys.stderr.write(done.stderr); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "companion.cli",
                           *argv], capture_output=True, text=True, env=env, timeout=300)
    return int(done.stdout.strip()), done.stderr


def test_a_one_gigabyte_line_is_refused_in_bounded_memory(tmp_path, env, rules):
    """A 1 GB file of one line (sparse: no disk is used) is refused after its first megabyte;
    the peak memory is that of replaying a whole game."""
    huge = tmp_path / "huge.jsonl"
    with open(huge, "wb") as file:
        file.truncate(1 << 30)
    p = playout(rules, 4, 5)
    game = write_log(tmp_path / "game.jsonl", header_of(p), [a.to_json() for a in p.log])
    huge_kib, err = peak_rss(env, "replay", str(huge))
    game_kib, _ = peak_rss(env, "replay", str(game))
    print(f"\npeak RSS: replay of a 1 GB one-line file {huge_kib / 1024:.0f} MB, "
          f"of a whole 4-player game {game_kib / 1024:.0f} MB")
    assert "line 1: " in err and "longer than" in err and "Traceback" not in err
    assert huge_kib < game_kib + 16 * 1024


def test_a_byte_that_is_not_utf8_names_its_line(tmp_path, env):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(lines_of(HEADER, TURN_UP).encode() + b'{"type": "draw", "note": "\xe9"}\n')
    replay_fails(env, path, 3, "0xe9", "not a UTF-8 text file")


def test_places_must_seat_each_player_once(tmp_path, env):
    path = tmp_path / "places.jsonl"
    for places in ([5, "x"], [0, 0], [0], [0, 4], "01", [True, 1]):
        header = {**HEADER, "options": {"places": places}}
        path.write_text(lines_of(header, TURN_UP))
        replay_fails(env, path, 1, "places", json_too=False)
    path.write_text(lines_of({**HEADER, "options": {"places": [3, 1]}}, TURN_UP))
    assert run(env, "replay", str(path)).returncode == 0


def test_start_tiles_beyond_the_boxs_reach_are_refused(tmp_path, env):
    """Manhattan TraffIQ's own check, in its engine: the shared code knows nothing of tiles."""
    path = tmp_path / "far.jsonl"
    far = [[10 ** 6, 10 ** 6, "red", "beige", "red", "beige"]]
    path.write_text(lines_of({"game": "manhattan-traffiq", "players": ["Ann", "Ben"],
                              "options": {"start_tiles": far}}))
    replay_fails(env, path, 1, "1000000,1000000", "reach")


# ---- a broken stored row stops neither `games` nor `export` ------------------

def stored_games(db: Path, rules, count: int = 3) -> list[int]:
    store = Store(db)
    try:
        ids = []
        for seed in range(count):
            p = playout(rules, 2, 40 + seed)
            table = Table.start(store, "ttr-nyc", p.players, p.options)
            for action in p.log[:30]:
                table.submit(action)
            ids.append(table.game_id)
        return ids
    finally:
        store.close()


def break_row(db: Path, sql: str, *params) -> None:
    store = Store(db)
    try:
        with store.db.atomic():
            store.db.execute(sql, list(params))
    finally:
        store.close()


def test_broken_options_json_stop_neither_games_nor_export(tmp_path, env, rules):
    db = tmp_path / "companion.db"
    ids = stored_games(db, rules)
    break_row(db, "UPDATE games SET options = '{\"first\": 0,' WHERE id = ?", ids[1])
    done = run(env, "games", "--db", str(db))
    assert done.returncode == 0 and "Traceback" not in done.err, done.err
    assert len([line for line in done.out.splitlines()[1:] if line.strip()]) == 3
    done = run(env, "export", str(ids[1]), "--db", str(db))
    assert done.returncode == 0 and "Traceback" not in done.err, done.err
    assert "not JSON" in done.err and "as they are stored" in done.err
    lines = done.out.splitlines()
    assert json.loads(lines[0])["options"] == '{"first": 0,'
    assert len(lines) == 31
    (tmp_path / "broken.jsonl").write_text(done.out)
    replay_fails(env, tmp_path / "broken.jsonl", 1, "options", json_too=False)
    assert run(env, "export", str(ids[2]), "--db", str(db)).err == ""


def test_an_action_the_engine_now_refuses_stops_neither_games_nor_export(tmp_path, env, rules):
    db = tmp_path / "companion.db"
    ids = stored_games(db, rules)
    break_row(db, "UPDATE actions SET action = ? WHERE game_id = ? AND seq = 10",
              '{"type": "teleport", "seat": 0}', ids[0])
    done = run(env, "games", "--db", str(db))
    assert done.returncode == 0 and "Traceback" not in done.err, done.err
    done = run(env, "export", str(ids[0]), "--db", str(db))
    assert done.returncode == 0 and done.err == ""
    assert json.loads(done.out.splitlines()[10]) == {"type": "teleport", "seat": 0}
    (tmp_path / "refused.jsonl").write_text(done.out)
    replay_fails(env, tmp_path / "refused.jsonl", 11, "teleport", json_too=False)


def test_a_database_truncated_by_one_byte_is_exported_as_stored(tmp_path, env, rules):
    """The last byte of the file is the end of a stored action's text: the integrity check
    passes, the action is no longer JSON. Before, export stopped with a JSONDecodeError."""
    db = tmp_path / "companion.db"
    stored_games(db, rules)
    data = db.read_bytes()
    db.write_bytes(data[:-1])
    store = Store(db)
    try:
        assert store.db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        broken = [g.id for g in store.games() if not _readable(store, g.id)]
    finally:
        store.close()
    assert broken, "one byte off the end breaks a stored action"
    done = run(env, "games", "--db", str(db))
    assert done.returncode == 0 and "Traceback" not in done.err, done.err
    done = run(env, "export", str(broken[0]), "--db", str(db))
    assert done.returncode == 0 and "Traceback" not in done.err, done.err
    assert "is not JSON" in done.err
    assert len(done.out.splitlines()) == 31


def test_a_garbled_time_stops_neither_games_nor_export(tmp_path, env, rules):
    """Before, one game's time that was not a time stopped `companion games` for every game
    (`ValueError: Invalid isoformat string`, exit 1)."""
    db = tmp_path / "companion.db"
    ids = stored_games(db, rules)
    break_row(db, "UPDATE games SET moved = '2026-11-2\ufffd' WHERE id = ?", ids[0])
    break_row(db, "UPDATE games SET created = 'x' WHERE id = ?", ids[1])
    done = run(env, "games", "--db", str(db))
    assert done.returncode == 0 and done.err == "", done.err
    assert len([line for line in done.out.splitlines()[1:] if line.strip()]) == 3
    done = run(env, "export", str(ids[1]), "--db", str(db))
    assert done.returncode == 0 and "its start time 'x' is not a time" in done.err, done.err
    assert len(done.out.splitlines()) == 31


def _readable(store: Store, game_id: int) -> bool:
    from companion.store import UnreadableGame
    try:
        store.log(game_id)
    except UnreadableGame:
        return False
    return True


def test_a_shared_victory_narrowed_by_a_tie_break_says_so():
    """Four tied on points, one drops out on completed tickets, the others still share: the
    command line's verdict names the step that narrowed them."""
    from companion.core.rules import ScoreSheet, TieBreak
    from companion.report import score_table
    sheet = ScoreSheet.build(("Ann", "Ben", "Cleo", "Dora"), ("routes",),
                             [[10], [10], [10], [10]],
                             [TieBreak("completed_tickets", "", (3, 3, 3, 1))])
    assert sheet.shared and sheet.decided_by == "completed_tickets"
    verdict = score_table(sheet, "ttr-nyc").splitlines()[-1]
    assert verdict == ("Shared victory: Ann and Ben and Cleo (tied on points and on completed "
                       "tickets).")


# ---- names as a terminal may show them ----------------------------------------------------------

HOSTILE_NAMES = ("Ann\x1b]0;owned\x07\x1b[2J", "Ben\nWINNER: Eve", "Cy\u202eevE")


def test_replay_and_games_print_names_without_escapes_or_fake_lines(tmp_path, capsys, rules):
    """A name from a log or the database never drives the terminal: its ESC sequences, a
    newline faking a line of its own and a bidi override are printed as escapes."""
    p = playout(rules, 3, seed=4)
    header = Header("ttr-nyc", HOSTILE_NAMES, p.options)
    log = write_log(tmp_path / "names.jsonl", header, [a.to_json() for a in p.log])
    code, out, err = call(capsys, "replay", str(log))
    assert code == 0, err
    assert not any(ch in out for ch in "\x1b\x07\u202e")
    assert "Ann\\x1b]0;owned\\x07" in out and "Ben\\nWINNER: Eve" in out
    assert not any(line.startswith("WINNER") for line in out.splitlines())
    code, out, _err = call(capsys, "replay", "--json", str(log))  # JSON keeps the names whole
    assert json.loads(out)["header"]["players"] == list(HOSTILE_NAMES)
    store = Store(tmp_path / "c.db")
    Table.start(store, "ttr-nyc", HOSTILE_NAMES, p.options)
    store.close()
    code, out, err = call(capsys, "games", "--db", str(tmp_path / "c.db"))
    assert code == 0, err
    assert not any(ch in out for ch in "\x1b\x07\u202e") and len(out.splitlines()) == 2


def test_replaying_many_move_and_undo_pairs_folds_the_game_once(tmp_path, capsys, monkeypatch):
    """An undo right after its move gives back the state kept before the move: 2,000 pairs
    do not fold the game 2,000 times from the start (before: 50,000 pairs took 11 s)."""
    from companion.games.ttr_nyc.engine.rules import TtrNyc as TtrRules
    lines = (data_dir() / "ttr_nyc" / "examples" / "ttr-nyc-2p.jsonl").read_text().splitlines()
    body = lines[:41] + [lines[41], '{"type": "undo"}'] * 2000 + lines[41:]
    starts = []
    new_state = TtrRules.new_state
    monkeypatch.setattr(TtrRules, "new_state", lambda self, *a: starts.append(1) or
                        new_state(self, *a))
    game = fold_lines(body)
    assert len(starts) == 1
    assert game.state == fold_lines(lines).state
    # an undo that does not follow its move straight away still folds, and is still right
    undo_later = lines[:41] + [lines[41], lines[42], '{"type": "undo"}', '{"type": "undo"}']
    assert fold_lines(undo_later).state == fold_lines(lines[:41]).state
