"""Export to BG Stats and CSV: the JSON's keys and types are BG Stats' documented
play import keys (docs/records.md), play ids are stable across exports, CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from companion.cli import main
from companion.gamelog import read_lines
from companion.records.bgstats import bgg_id, play_json
from companion.store import Store
from companion.table import Table

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["ttr_nyc/examples/ttr-nyc-2p.jsonl", "rotw/examples/rotw-3p.jsonl",
         "traffiq/examples/traffiq-2p.jsonl"]

# BG Stats' play import ("createPlay") keys as documented (docs/records.md): key -> JSON type
PLAY_KEYS = {"sourceName": str, "sourcePlayId": str, "playDate": str, "durationMin": int,
             "location": str, "comments": str, "game": dict, "players": list, "board": str,
             "ignored": bool, "rating": int, "manualWinner": bool}
GAME_KEYS = {"name": str, "sourceGameId": str, "bggId": int, "highestWins": bool,
             "noPoints": bool, "cooperative": bool, "usesTeams": bool}
PLAYER_KEYS = {"name": str, "sourcePlayerId": str, "bggUsername": str, "score": (int, float, str),
               "winner": bool, "startPlayer": bool, "rank": int, "role": str, "team": str,
               "newPlayer": bool, "seatOrder": int, "color": str}
REQUIRED = {"sourceName", "sourcePlayId", "playDate", "game", "players"}


def stored(tmp_path: Path) -> Path:
    """The three example games played through the Table, a minute between entries."""
    db = tmp_path / "c.db"
    store = Store(db)
    moment = datetime(2026, 11, 20, 18, 0, tzinfo=timezone.utc)

    def clock():
        nonlocal moment
        moment += timedelta(seconds=60)
        return moment

    for name in GAMES:
        header, _n, entries = read_lines((ROOT / "data" / name).read_text().splitlines())
        table = Table.start(store, header.game, header.players, header.options, clock=clock)
        for _n, entry in entries:
            table.submit(entry)
    Table.start(store, "ttr-nyc", ["Ann", "Ben"], {})  # an unfinished game: no play
    store.close()
    return db


def typed(obj: dict, keys: dict, where: str) -> None:
    unknown = set(obj) - set(keys)
    assert not unknown, f"{where}: keys BG Stats does not document: {unknown}"
    for key, value in obj.items():
        assert isinstance(value, keys[key]) and not (keys[key] is int and isinstance(value, bool)), \
            (where, key, value)


def test_the_json_has_bg_stats_documented_keys_and_types(tmp_path, capsys):
    db = stored(tmp_path)
    assert main(["export", "1", "--format", "bgstats", "--db", str(db)]) == 0
    play = json.loads(capsys.readouterr().out)
    assert REQUIRED <= set(play)
    typed(play, PLAY_KEYS, "play")
    typed(play["game"], GAME_KEYS, "game")
    for player in play["players"]:
        typed(player, PLAYER_KEYS, "player")
        # BG Stats' Android app fails on a player without winner or startPlayer (docs/records.md)
        assert {"name", "score", "winner", "startPlayer"} <= set(player), player
    datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    assert play["sourceName"] == "companion"
    assert play["game"]["bggId"] == bgg_id("ttr-nyc") == 253284
    assert [p["name"] for p in play["players"]] == ["Anna", "Ben"]
    assert sum(p["winner"] for p in play["players"]) >= 1
    assert [p["startPlayer"] for p in play["players"]] == [True, False]
    assert play["durationMin"] == 122  # the start and 122 entries, a minute apart


def test_the_play_date_is_the_tables_local_time(tmp_path):
    """BG Stats reads playDate as the phone's local time: a game finished at 20:03 UTC, at a
    table five hours east of Greenwich, was played on the next day at 01:03 (the real command,
    in that time zone)."""
    import os
    import subprocess
    import sys
    db = stored(tmp_path)
    command = Path(sys.executable).parent / "companion"
    out = subprocess.run([str(command), "export", "1", "--format", "bgstats", "--db", str(db)],
                         capture_output=True, text=True, check=True,
                         env=dict(os.environ, TZ="Etc/GMT-5")).stdout
    assert json.loads(out)["playDate"] == "2026-11-21 01:03:00"


def test_repeated_exports_keep_the_play_ids_and_every_game_has_its_own(tmp_path, capsys):
    db = stored(tmp_path)
    assert main(["export", "--all", "--format", "bgstats", "--db", str(db)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["export", "--all", "--format", "bgstats", "--db", str(db)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert len(first) == 3  # the unfinished game is no play
    assert [p["sourcePlayId"] for p in first] == [p["sourcePlayId"] for p in again]
    assert len({p["sourcePlayId"] for p in first}) == 3
    store = Store(db)
    assert [play_json(store, n)["sourcePlayId"] for n in (1, 2, 3)] == \
        [p["sourcePlayId"] for p in first]  # the id round-trips: one game, one play


def test_csv_has_a_row_per_player(tmp_path, capsys):
    db = stored(tmp_path)
    out = tmp_path / "plays.csv"
    assert main(["export", "--all", "--format", "csv", "--db", str(db), "-o", str(out)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 2 + 3 + 2
    assert {r["game"] for r in rows} == {"Ticket to Ride: New York",
                                         "Railways of the World: The Card Game",
                                         "Manhattan TraffIQ"}


@pytest.mark.parametrize("argv", [["export", "--format", "bgstats"], ["export", "1", "--all",
                                                                       "--format", "csv"],
                                  ["export", "--all"]])
def test_what_to_export_must_be_said(tmp_path, argv):
    db = stored(tmp_path)
    assert main(argv + ["--db", str(db)]) == 2


def test_an_unfinished_game_is_no_play(tmp_path, capsys):
    db = stored(tmp_path)
    assert main(["export", "4", "--format", "bgstats", "--db", str(db)]) == 1
    assert "not finished" in capsys.readouterr().err


def test_a_log_export_keeps_the_times_and_replays(tmp_path, capsys):
    db = stored(tmp_path)
    out = tmp_path / "g.jsonl"
    assert main(["export", "2", "--db", str(db), "-o", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert all("\"at\"" in line for line in lines[1:])
    assert main(["replay", str(out)]) == 0


@pytest.mark.parametrize("kind", ["bgstats", "csv"])
def test_a_game_that_cannot_be_read_is_left_out_of_the_export_of_all(tmp_path, capsys, kind):
    """One finished game with damaged rows: the others are exported, that one is named on
    stderr, exit 0."""
    db = stored(tmp_path)
    store = Store(db)
    with store.db.atomic():
        store.db.execute("UPDATE games SET options = ? WHERE id = 2", ['{"first": 0,'])
    store.close()
    assert main(["export", "--all", "--format", kind, "--db", str(db)]) == 0
    captured = capsys.readouterr()
    assert "game 2 is left out" in captured.err
    if kind == "bgstats":
        assert len(json.loads(captured.out)) == 2
    else:
        rows = list(csv.DictReader(io.StringIO(captured.out)))
        assert {r["game_number"] for r in rows} == {"1", "3"}


def test_the_phone_link_is_bg_stats_create_play_with_the_exported_json(tmp_path, capsys):
    """The QR code's link carries exactly the play `export --format bgstats` prints."""
    import shutil
    import subprocess
    from urllib.parse import unquote
    import segno
    from companion.records.bgstats import CREATE_PLAY, play_link
    db = stored(tmp_path)
    assert main(["export", "1", "--format", "bgstats", "--db", str(db)]) == 0
    exported = json.loads(capsys.readouterr().out)
    store = Store(db)
    link = play_link(store, 1)
    store.close()
    assert link.startswith(CREATE_PLAY)
    assert json.loads(unquote(link[len(CREATE_PLAY):])) == exported
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg (zbar-tools) is not installed")
    image = tmp_path / "qr.png"
    segno.make(link, error="m").save(image, scale=4, border=4)
    read = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert read == link


HOSTILE = ['=HYPERLINK("http://evil.example","click")', "+1+2", "-Bo", "@SUM(A1:A9)",
           "\tTab", "\rCarriage"]


def test_a_csv_cell_that_begins_like_a_formula_is_text_and_numbers_stay_numbers(tmp_path):
    """OWASP's CSV injection: a name beginning with = + - @, a tab or a carriage return gets a
    leading ', so a spreadsheet shows it as text; scores (a negative one too) stay numbers."""
    from companion.records.bgstats import csv_cell, csv_text
    store = Store(tmp_path / "c.db")
    header, _n, numbered = read_lines((ROOT / "data" / GAMES[0]).read_text().splitlines())
    entries = list(numbered)
    for pair in (HOSTILE[0:2], HOSTILE[2:4], HOSTILE[4:6]):
        table = Table.start(store, header.game, pair, header.options,
                            clock=lambda: datetime(2026, 11, 20, tzinfo=timezone.utc))
        for _n, entry in entries:
            table.submit(entry)
    rows = list(csv.DictReader(io.StringIO(csv_text(store, [1, 2, 3]), newline="")))
    assert [row["player"] for row in rows] == ["'" + name for name in HOSTILE]
    assert all(row["score"].lstrip("-").isdigit() for row in rows)
    assert csv_cell(-12) == -12 and csv_cell(3.5) == 3.5 and csv_cell("Anna") == "Anna"
    assert csv_cell("-") == "'-" and csv_cell("Bo-Anna") == "Bo-Anna"
