"""Back up everything: `companion backup DIR` copies the database with SQLite's
backup API and writes every game as a log file; a backup taken while another process plays on
loses nothing acknowledged before it began, and every file in it replays."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.cli import main
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]

# Plays Ticket to Ride's 4-player example again and again through the Table, printing
# "ack GAME SEQ" after each stored entry (an undo now and then), until killed.
PLAYER = """
import sys
from pathlib import Path
from companion.gamelog import read_lines
from companion.store import Store
from companion.table import Table
header, _n, entries = read_lines(Path({example!r}).read_text().splitlines())
entries = [e for _n, e in entries]
store = Store(Path({db!r}))
while True:
    table = Table.start(store, header.game, header.players, header.options)
    for n, entry in enumerate(entries):
        table.submit(entry)
        if n % 7 == 3:
            table.undo()
            table.submit(entry)
        print("ack", table.game_id, len(store.log(table.game_id)), flush=True)
"""


def acked(lines: list[str]) -> dict[int, int]:
    """The highest acknowledged entry of each game."""
    seen: dict[int, int] = {}
    for line in lines:
        _ack, game, seq = line.split()
        seen[int(game)] = max(seen.get(int(game), 0), int(seq))
    return seen


def test_a_backup_while_a_game_is_played_loses_nothing(tmp_path, capsys):
    db = tmp_path / "live.db"
    Store(db).close()
    example = ROOT / "data" / "ttr_nyc" / "examples" / "ttr-nyc-4p.jsonl"
    player = subprocess.Popen([sys.executable, "-c", PLAYER.format(example=str(example),
                                                                   db=str(db))],
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    lines: list[str] = []
    try:
        while len(lines) < 250:  # the first game played, the second under way
            lines.append(player.stdout.readline().strip())
        before = acked(lines)
        assert main(["backup", str(tmp_path / "stick"), "--db", str(db)]) == 0
        while len(lines) < 300:  # it played on meanwhile
            lines.append(player.stdout.readline().strip())
    finally:
        player.kill()
        player.wait()
    said = capsys.readouterr().out
    folders = list((tmp_path / "stick").iterdir())
    assert len(folders) == 1 and str(folders[0]) in said
    copy = folders[0] / "companion.db"
    check = sqlite3.connect(copy)
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    check.close()
    backed, live = Store(copy, create=False), Store(db, create=False)
    for game, highest in before.items():
        kept = backed.log(game, times=True)
        assert len(kept) >= highest  # every entry acknowledged before the backup began
        assert kept == live.log(game, times=True)[:len(kept)]  # as the live file holds it
    logs = sorted((folders[0] / "games").iterdir())
    assert len(logs) == len(backed.games()) >= 2
    for path in logs:  # every game as a log file that replays (an unfinished one up to now)
        assert main(["replay", str(path)]) == 0
        game = int(path.name.split("-")[1])
        lines_in = path.read_text().splitlines()
        assert [json.loads(x) for x in lines_in[1:]] == [e for _s, e in backed.log(game, times=True)]


def test_backup_says_why_it_could_not(tmp_path, capsys):
    assert main(["backup", str(tmp_path / "stick"), "--db", str(tmp_path / "none.db")]) == 1
    assert "no database" in capsys.readouterr().err


def test_two_backups_in_one_second_get_a_folder_each(tmp_path):
    db = tmp_path / "c.db"
    store = Store(db)
    store.new_game("ttr-nyc", ["A", "B"], {})
    store.close()
    for _ in range(2):
        assert main(["backup", str(tmp_path / "b"), "--db", str(db)]) == 0
    assert len(list((tmp_path / "b").iterdir())) == 2


def played_games(db: Path, count: int) -> None:
    from companion.gamelog import read_lines
    from companion.table import Table
    example = ROOT / "data" / "ttr_nyc" / "examples" / "ttr-nyc-2p.jsonl"
    header, _n, numbered = read_lines(example.read_text().splitlines())
    entries = [e for _n, e in numbered]
    store = Store(db)
    for _ in range(count):
        table = Table.start(store, header.game, header.players, header.options)
        for entry in entries[:30]:
            table.submit(entry)
    store.close()


def backups_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_backup_onto_a_full_stick_leaves_nothing_and_says_so(tmp_path, capsys, monkeypatch):
    """Before: a full stick left a folder with a log cut at 8,192 bytes, looking complete."""
    from companion.records import backup as module
    db, stick = tmp_path / "c.db", tmp_path / "stick"
    played_games(db, 4)
    stick.mkdir()
    real, written = module._write_file, []

    def full(path, data):  # the third log file does not fit
        if len(written) == 2:
            raise OSError(28, "No space left on device")
        written.append(path)
        real(path, data)

    monkeypatch.setattr(module, "_write_file", full)
    assert main(["backup", str(stick), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and "nothing was left" in err
    assert backups_in(stick) == []


def test_a_log_that_does_not_read_back_as_written_fails_the_backup(tmp_path, monkeypatch):
    """A stick that silently keeps only half of a file: the check reading it back finds
    it, and the folder goes."""
    from companion.records import backup as module
    db, stick = tmp_path / "c.db", tmp_path / "stick"
    played_games(db, 2)
    stick.mkdir()
    real = module._write_file
    monkeypatch.setattr(module, "_write_file", lambda path, data: real(path, data[:len(data) // 2]))
    with pytest.raises(module.BackupError, match="does not read back"):
        module.backup(db, stick)
    assert backups_in(stick) == []


def test_a_killed_backups_folder_is_removed_by_the_next_and_never_looks_complete(tmp_path):
    from companion.records.backup import backup
    db, stick = tmp_path / "c.db", tmp_path / "stick"
    played_games(db, 2)
    killed = stick / ".companion-backup-2026-11-28_190000.partial" / "games"
    killed.mkdir(parents=True)  # what a kill in the middle leaves: a hidden, unfinished folder
    (killed / "game-1-ttr-nyc.jsonl").write_text('{"game": "ttr-nyc"')
    seen = []
    done = backup(db, stick, progress=lambda n, total: seen.append((n, total)))
    assert backups_in(stick) == [done.folder.name]
    assert sorted(p.name for p in done.folder.rglob("*")) == [
        "companion.db", "game-1-ttr-nyc.jsonl", "game-2-ttr-nyc.jsonl", "games"]  # no -wal
    assert seen == [(0, 2), (1, 2), (2, 2)]
