"""Back up everything (issue 15.5): `companion backup DIR` copies the database with SQLite's
backup API and writes every game as a log file; a backup taken while another process plays on
loses nothing acknowledged before it began, and every file in it replays."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

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
