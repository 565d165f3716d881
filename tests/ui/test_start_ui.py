"""The start-stoppers of the stored rows through the real `companion` command: each damaged
database (a log entry whose type is a list, a player's name as a blob, the language as a blob,
one flipped bit in the schema) starts the app under Xvfb to a working Home, History lists every
game, and `companion games` answers without an error nobody foresaw. The many other cases run
in-process (tests/durability/test_start_fuzz.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "durability"))
import fuzz_db  # noqa: E402

DAMAGE = {
    "a log entry whose type is a list":
        "UPDATE actions SET action = '{\"type\":[\"undo\"]}' WHERE rowid = "
        "(SELECT max(rowid) FROM actions WHERE game_id = 6)",
    "a player's name as a blob":
        "UPDATE game_players SET name = x'ff00fe' WHERE game_id = 4 AND seat = 0",
    "the language as a blob": "UPDATE settings SET value = x'00' WHERE key = 'language'",
    "a flipped bit in the schema": None,
}


@pytest.fixture(scope="module")
def sound(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sound") / "companion.db"
    fuzz_db.make(path)
    return path


def damaged(sound: Path, db: Path, sql: str | None) -> None:
    fuzz_db.damaged(sound, db, sql)
    if sql is None:
        fuzz_db.flip_schema_bit(db)


@pytest.mark.parametrize("case", list(DAMAGE))
def test_a_damaged_row_does_not_stop_the_start(run_scenario, sound, tmp_path, case):
    db = tmp_path / "companion.db"
    damaged(sound, db, DAMAGE[case])
    listed = subprocess.run([sys.executable, "-m", "companion.cli", "games", "--db", str(db)],
                            capture_output=True, text=True, timeout=120)
    assert "Error" not in listed.stderr and "Traceback" not in listed.stderr, listed.stderr
    run = run_scenario("damaged_start", db=db)
    assert run.returncode == 0, run.failure()
    home = run.report["home"]
    assert home["screen"] == "home", home
    if DAMAGE[case] is None:  # set aside, kept, a fresh database: Home says where
        assert home["stored"] == 0 and "kept" in home["message"], home
        assert run.report["history"] <= 1, run.report  # nothing, or the line saying so
    else:
        assert home["stored"] == 6 and run.report["history"] == 6, run.report
