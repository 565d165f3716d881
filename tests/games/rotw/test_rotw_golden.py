"""Golden games of Railways of the World: The Card Game: the example logs, replayed and scored.

The logs in data/rotw/examples (rotw-2p, rotw-3p, rotw-4p) are complete games played by
`companion.games.rotw.playout` (seeded, every blind card scanned) and written out line by line. Their
scores were checked without the engine: the tally in the comment above each test was taken from
the log lines alone (each `build`: the values of the cards paid, loco = 1, `x-1` = 1, `x-2` = 2;
each delivery: the links of the route through the network the builds grew, and their owners),
and the sums, the city majorities and the goods sets were then added up by hand.

Scoring (rules digest and rulebook): during the game a build scores the cards paid, a delivery 1
per link for the deliverer and 1 per link of theirs to each other owner on the route ("track").
At the end each city's value goes to the player(s) whose links into it add up to the most (ties
share); 1 per Locomotive played; goods sets: 3 alike 2, 4 alike 3, 4 different 5, best split.
Ties: most connections, then most goods delivered, then shared.

Value-5 cities: a value-5 card has no demand colour of its own (it takes any goods),
so its `build` lines now say `"demand": null` where they named a colour (2p lines 104, 118, 144;
3p 144, 176, 225, 241; 4p 76, 171, 196). Recounted by hand from the logs: 17 deliveries end at a
value-5 city and one passes one (3p line 213, a blue cube through c12, which had been written
"yellow"); none of them passed a value-5 city of the cube's former colour, every line stays
legal, and no link, cube or total below changes.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion import cli
from companion.boards import rules_for
from companion.core.rules import Phase
from companion.games.rotw.engine import EndReason
from companion.gamelog import fold_lines
from companion.games.rotw.playout import RotwPlayout
from companion.store import Store
from companion.table import Table

EXAMPLES = Path(__file__).resolve().parents[3] / "data" / "rotw" / "examples"
CATEGORIES = ("track", "cities", "locomotives", "goods_sets")


def replay(name: str):
    with open(EXAMPLES / name, encoding="utf-8") as f:
        game = fold_lines(f)
    return game, game.rules.score(game.state)


def assert_points(sheet, expected):
    """expected: name -> (track, cities, locomotives, goods_sets, total)."""
    assert sheet.players == tuple(expected)
    assert sheet.categories == CATEGORIES
    for seat, (name, row) in enumerate(expected.items()):
        *points, total = row
        assert sum(points) == total, f"hand check for {name} does not add up"
        assert sheet.points[seat] == tuple(points), name
        assert sheet.totals[seat] == total, name


# ---- 2 players: rotw-2p.jsonl --------------------------------------------------------------
# Steve places his tenth train: the last round is played, then the final deliveries.
# Becky: builds 3+4+2+5+2+4 = 20; deliveries 1+1+3+3+3+4+5 = 20; links used by others 0; track 40
# Steve: builds 2+2+3+3+3+4+5+4+5+3 = 34; deliveries 1+1+1+1+1 = 5; links used by others 9; track 48
#   c1 (value 2): B7, S7 -> Becky+Steve
#   c2 (value 2): B5, S9 -> Steve
#   c3 (value 3): B5 -> Becky
#   c4 (value 3): S3 -> Steve
#   c5 (value 3): B4 -> Becky
#   c6 (value 3): S3 -> Steve
#   c7 (value 2): B2, S8 -> Steve
#   c8 (value 3): B4, S3 -> Becky
#   c9 (value 4): S4 -> Steve
#   c10 (value 5): B5 -> Becky
#   c11 (value 5): S5 -> Steve
#   c12 (value 2): B2, S4 -> Steve
#   c13 (value 4): S4 -> Steve
#   c14 (value 5): S5 -> Steve
#   c15 (value 3): S3 -> Steve
#   c16 (value 3): B4 -> Becky
# Becky: cities 19, locomotives 5, cubes {'blue': 2, 'red': 2, 'black': 1, 'yellow': 2} -> sets 5; links 6; TOTAL 69
# Steve: cities 35, locomotives 1, cubes {'blue': 2, 'red': 0, 'black': 0, 'yellow': 3} -> sets 2; links 10; TOTAL 86
# Checked line by line: the network is c1 S start, c2 S start, c3 B c1, c4 S start, c5 B c1,
# c6 S c2, c7 B c3, c8 S c7, c9 S c2, c10 B c2, c11 S c1, c12 B start, c13 S c12, c14 S c7,
# c15 S start, c16 B c8 (city, owner of its link, the city it joined). Becky's deliveries:
# c7-c3 (1), c5-c1 (1), c3-c1-start-c4 (3, Steve +2), c10-c2-start-c1 (3, Steve +2),
# c12-start-c1-c11 (3, Steve +2), c3-c1-start-c2-c10 (4, Steve +2), c16-c8-c7-c3-c1-c5
# (5, Steve +1): 20, and Steve 9 from them. Steve's five deliveries each start and end on
# one link of his own: 5. Becky's builds: lg1+loco+p1 3, w2+o2 4, b1+w1 2, b2+o1+w1+loco 5,
# lg1+loco 2, p2+o2 4 = 20. Track: Becky 20 + 20 = 40, Steve 34 + 5 + 9 = 48.
# Hand sums: Becky's cities 2+3+3+3+5+3 = 19 (c1 shared 7-7); Steve's 2+2+3+3+2+4+5+2+4+5+3 = 35.
# Becky's cubes 2,2,1,2: one set of four colours (5), nothing else; Steve's 2 blue, 3 yellow:
# three yellow (2).

def test_two_player_game(capsys):
    game, sheet = replay("rotw-2p.jsonl")
    assert game.state.phase is Phase.OVER and game.state.triggered is EndReason.NO_TRAINS
    assert_points(sheet, {"Becky": (40, 19, 5, 5, 69), "Steve": (48, 35, 1, 2, 86)})
    assert sheet.winners == (1,) and not sheet.shared
    assert [len(p.links) for p in game.state.seats] == [6, 10]
    assert cli.main(["replay", str(EXAMPLES / "rotw-2p.jsonl")]) == 0
    assert "Winner: Steve." in capsys.readouterr().out


# ---- 3 players: rotw-3p.jsonl --------------------------------------------------------------
# The draw pile runs out.
# Becky: builds 2+4+2+4+3+4+5 = 24; deliveries 2+2+1+2+2+2+2+2+3+3 = 21; links used by others 11; track 56
# Steve: builds 3+2+3+3+6+4+4+4 = 29; deliveries 2+3+3+2+2+4+3+3 = 22; links used by others 10; track 61
# James: builds 3+4+2+3+6+3+5+5 = 31; deliveries 2+3+1+3+1+4+3+4+2+2 = 25; links used by others 10; track 66
#   c1 (value 2): B2, J2 -> Becky+James
#   c2 (value 3): S6 -> Steve
#   c3 (value 2): S2, J3 -> James
#   c4 (value 2): B3, J3 -> Becky+James
#   c5 (value 3): J7 -> James
#   c6 (value 3): S3 -> Steve
#   c7 (value 2): B9, J2 -> Becky
#   c8 (value 4): B4, S4 -> Becky+Steve
#   c9 (value 3): S7 -> Steve
#   c10 (value 3): B4, J3 -> Becky
#   c11 (value 2): B2, S6 -> Steve
#   c12 (value 5): S10 -> Steve
#   c13 (value 3): B4 -> Becky
#   c14 (value 3): B3 -> Becky
#   c15 (value 5): J6 -> James
#   c16 (value 4): S4, J5 -> James
#   c17 (value 3): B4 -> Becky
#   c18 (value 3): J3 -> James
#   c19 (value 4): S4 -> Steve
#   c20 (value 5): J5 -> James
#   c21 (value 4): S4 -> Steve
#   c22 (value 4): J5 -> James
#   c23 (value 5): B5 -> Becky
# Becky: cities 27, locomotives 3, cubes {'blue': 4, 'red': 1, 'black': 3, 'yellow': 2} -> sets 7; links 7; TOTAL 93
# Steve: cities 28, locomotives 4, cubes {'blue': 3, 'red': 2, 'black': 2, 'yellow': 1} -> sets 5; links 8; TOTAL 98
# James: cities 30, locomotives 4, cubes {'blue': 4, 'red': 1, 'black': 3, 'yellow': 2} -> sets 7; links 8; TOTAL 107
# Hand sums, city by city from the list above: Becky c1 2, c4 2, c7 2, c8 4, c10 3,
# c13 3, c14 3, c17 3, c23 5 = 27; Steve c2 3, c6 3, c8 4, c9 3, c11 2, c12 5, c19 4, c21 4 = 28;
# James c1 2, c3 2, c4 2, c5 3, c15 5, c16 4, c18 3, c20 5, c22 4 = 30.
# Cubes: Becky and James 4,1,3,2: four colours (5) + three blue (2) = 7; Steve 3,2,2,1: 5.

def test_three_player_game():
    game, sheet = replay("rotw-3p.jsonl")
    assert game.state.triggered is EndReason.DECK_EMPTY and game.state.deck == 0
    assert_points(sheet, {"Becky": (56, 27, 3, 7, 93), "Steve": (61, 28, 4, 5, 98),
                          "James": (66, 30, 4, 7, 107)})
    assert sheet.winners == (2,)


# ---- 4 players: rotw-4p.jsonl --------------------------------------------------------------
# The draw pile runs out.
# Becky: builds 2+4+5+4+5+4 = 24; deliveries 1+1+1+2+1+2 = 8; links used by others 3; track 35
# Steve: builds 4+2+3+4+3 = 16; deliveries 1+1+2+1+3+4+4+3 = 19; links used by others 2; track 37
# James: builds 2+3+3+6+4 = 18; deliveries 1+1+1+1+1+1+3+3 = 12; links used by others 5; track 35
# Dot: builds 3+2+2+5+3 = 15; deliveries 2+2+2+1+2 = 9; links used by others 5; track 29
#   c1 (value 2): B11, J2 -> Becky
#   c2 (value 2): S4, J2, D5 -> Dot
#   c3 (value 4): S4, J3 -> Steve
#   c4 (value 3): S3, D3 -> Steve+Dot
#   c5 (value 3): B4, J6 -> James
#   c6 (value 2): S5, J4, D2 -> Steve
#   c7 (value 2): D2 -> Dot
#   c8 (value 5): B9 -> Becky
#   c9 (value 2): S2, J3 -> James
#   c10 (value 3): J3 -> James
#   c11 (value 4): B5, D5 -> Becky+Dot
#   c12 (value 3): J3, D3 -> James+Dot
#   c13 (value 3): S4, D3 -> Steve
#   c14 (value 3): S3 -> Steve
#   c15 (value 5): J6 -> James
#   c16 (value 4): B4 -> Becky
#   c17 (value 4): S4 -> Steve
#   c18 (value 5): B5 -> Becky
#   c19 (value 3): S3 -> Steve
#   c20 (value 4): J4 -> James
#   c21 (value 3): B4 -> Becky
# Becky: cities 23, locomotives 2, cubes {'blue': 1, 'red': 3, 'black': 2, 'yellow': 0} -> sets 2; links 6; TOTAL 62
# Steve: cities 22, locomotives 4, cubes {'blue': 4, 'red': 2, 'black': 2, 'yellow': 0} -> sets 3; links 5; TOTAL 66
# James: cities 20, locomotives 3, cubes {'blue': 2, 'red': 2, 'black': 2, 'yellow': 2} -> sets 10; links 5; TOTAL 68
# Dot: cities 14, locomotives 2, cubes {'blue': 1, 'red': 1, 'black': 2, 'yellow': 1} -> sets 5; links 5; TOTAL 50
# Hand sums: Becky c1 2, c8 5, c11 4, c16 4, c18 5, c21 3 = 23; Steve c3 4, c4 3, c6 2, c13 3,
# c14 3, c17 4, c19 3 = 22; James c5 3, c9 2, c10 3, c12 3, c15 5, c20 4 = 20; Dot c2 2, c4 3,
# c7 2, c11 4, c12 3 = 14.
# Cubes: Becky 1,3,2,0: three red (2); Steve 4,2,2,0: four blue (3); James 2,2,2,2: two sets of
# four colours (10); Dot 1,1,2,1: one set of four colours (5).

def test_four_player_game():
    game, sheet = replay("rotw-4p.jsonl")
    assert game.state.triggered is EndReason.DECK_EMPTY
    assert_points(sheet, {"Becky": (35, 23, 2, 2, 62), "Steve": (37, 22, 4, 3, 66),
                          "James": (35, 20, 3, 10, 68), "Dot": (29, 14, 2, 5, 50)})
    assert sheet.winners == (2,)


# ---- score-only: rotw-score-only.jsonl ----------------------------------------------------
# The rulebook's end-scoring example entered as a finished game: James's links 3 (c1-c4),
# 3 (c2-c4) and 2 (c2-c3), Steve's 4 (c1-c2); cities c1 3, c2 4, c3 2, c4 3. Cities: James
# c2 (5 against 4) 4 + c3 2 + c4 3 = 9, Steve c1 (4 against 3) 3. Track James 20, Steve 24;
# Locomotives James 2, Steve 3; cubes James red, red, red (2), Steve blue, red, black, yellow (5).
# James 20+9+2+2 = 33, Steve 24+3+3+5 = 35.

def test_score_only_game():
    game, sheet = replay("rotw-score-only.jsonl")
    assert game.state.phase is Phase.OVER
    assert_points(sheet, {"James": (20, 9, 2, 2, 33), "Steve": (24, 3, 3, 5, 35)})
    assert sheet.winners == (1,)


ALL_EXAMPLES = ["rotw-2p.jsonl", "rotw-3p.jsonl", "rotw-4p.jsonl", "rotw-score-only.jsonl"]


def test_every_example_file_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("rotw-*.jsonl")) == ALL_EXAMPLES


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_examples_replay_as_json(capsys, name):
    assert cli.main(["replay", "--json", str(EXAMPLES / name)]) == 0
    out = capsys.readouterr().out
    assert '"game": "rotw-card-game"' in out


# ---- the command line: replay and export ------------------------------------------------------

def test_replay_stops_at_the_first_refused_line(tmp_path, capsys):
    lines = (EXAMPLES / "rotw-2p.jsonl").read_text(encoding="utf-8").splitlines()[:5]
    lines.append(json.dumps({"type": "build", "seat": 0, "value": 2, "demand": "red",
                             "points": ["orange"], "to": "c7", "colour": "orange",
                             "cards": ["orange-2"]}))
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: line 6: " in err


def test_replay_of_an_unfinished_game_is_provisional(tmp_path, capsys):
    lines = (EXAMPLES / "rotw-2p.jsonl").read_text(encoding="utf-8").splitlines()[:12]
    path = tmp_path / "begun.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Provisional: the game is not over yet." in out and "Winner" not in out


def test_export_of_a_stored_game_replays_to_the_same_state(tmp_path, capsys):
    playout = RotwPlayout(rules_for("rotw-card-game"), 3, random.Random(8))
    playout.play()
    db = tmp_path / "games.db"
    store = Store(db)
    table = Table.start(store, "rotw-card-game", playout.players, playout.options)
    for i, action in enumerate(playout.log):
        table.submit(action)
        if i == 30:
            table.undo()
            table.submit(action)
    game_id, final = table.game_id, table.state
    assert store.game(game_id).status == "finished"
    store.close()
    out_file = tmp_path / "export.jsonl"
    assert cli.main(["--db", str(db), "export", str(game_id), "-o", str(out_file)]) == 0
    lines = out_file.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["game"] == "rotw-card-game"
    assert len(lines) == 1 + len(playout.log) + 2  # an undo line and the action again
    with open(out_file, encoding="utf-8") as f:
        assert fold_lines(f).state == final
    capsys.readouterr()
    assert cli.main(["replay", "--json", str(out_file)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["score"] == rules_for("rotw-card-game").score(final).to_json()
    assert len(data["state"]["links"]) == len(final.links)
