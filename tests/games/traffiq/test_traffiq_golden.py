"""Manhattan TraffIQ golden games: data/traffiq/examples replayed, the results checked by hand.

Each game's expected vehicles and points were worked out by hand from the log, the start layout
(data/traffiq/box.json, or the log's own `start_tiles`) and the rules digest, without the engine.
The comment block above each test is that working, so a reader can check it without running
anything.

Geometry used in the working: cell (x, y), y southwards; point (x, y) is the north-west corner
of cell (x, y) and complete when cells (x-1, y-1), (x, y-1), (x-1, y), (x, y) all lie. The
border from point (x, y) to (x+1, y) is the south edge of cell (x, y-1) (= the north edge of
cell (x, y)); the border from (x, y) to (x, y+1) is the east edge of cell (x-1, y). A border is
a street when both cells lie and the edge is red or beige. In these logs every free edge is red,
so each border is a street once both its cells lie; a street then runs to the first border
with a missing cell.

Competing: van 2, taxi 1 per player on the street; every weaker player loses all their
vehicles on it; a tie removes nothing. Scoring: a van on the map 2, a taxi 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion.core.rules import Phase
from companion.games.traffiq.engine import EndReason, Standing, Vehicle
from companion.gamelog import fold_lines

EXAMPLES = Path(__file__).resolve().parents[3] / "data" / "traffiq" / "examples"
TAXI, VAN = Vehicle.TAXI, Vehicle.VAN


def replay(name: str):
    with open(EXAMPLES / name, encoding="utf-8") as f:
        game = fold_lines(f)
    return game, game.rules.score(game.state)


def assert_points(sheet, expected: dict[str, tuple[int, int, int]]) -> None:
    """expected: name -> (vans points, taxis points, total)."""
    assert sheet.players == tuple(expected)
    for seat, (name, (vans, taxis, total)) in enumerate(expected.items()):
        assert vans + taxis == total, f"hand check for {name} does not add up"
        assert (sheet.of(seat, "vans"), sheet.of(seat, "taxis"), sheet.totals[seat]) == (vans, taxis, total), name


# ---- 2 players: traffiq-2p.jsonl -------------------------------------------------------------
# Anna (seat 0) and Ben (seat 1), Times Square: cells (0,0) (1,0) (0,1) (1,1); of their edges the
# working needs (1,0) east red, (1,1) east beige, (0,0) west beige, (0,1) west red, (0,1) south
# beige, (1,1) south red. 8 taxis and 3 vans each; 40 tiles to draw.
#  T1 Anna lays (2,0), (2,1): (2,1) has all four cells -> van on (2,1).
#  T2 Ben lays (-1,0), (-1,1): point (0,1) complete -> taxi on (0,1).
#  T3 Anna, T4 Ben draw 2 each (supply 36).
#  T5 Anna lays (3,0), (3,1): point (3,1) -> taxi, competing. Street y=1 runs from (-1,1) (cell
#     (-2,0) missing) to (4,1) (cell (4,0) missing): Anna van (2,1) + taxi (3,1) = 3, Ben taxi
#     (0,1) = 1 -> Ben's taxi goes back. Vertical x=3: (3,0)..(3,2), nobody else.
#  T6 Ben lays (0,2) (north beige, as (0,1) south), (1,2): point (1,2) -> van, no competing.
#  T7 Anna, T8 Ben draw 2 each (supply 32).
#  T9 Anna lays (2,2): point (2,2) -> taxi (no competing); lays (4,0): no new point.
#  T10 Ben lays (-1,2): point (0,2) -> taxi, competing. Street y=2: (-1,2)..(3,2) (cell (3,2)
#     missing to the east, (-2,1) to the west): Ben van (1,2) + taxi (0,2) = 3, Anna taxi (2,2)
#     = 1 -> Anna's taxi goes back. x=0: (0,0)..(0,3), nobody else. Ben draws 1 (supply 31).
#  T11..T26 draws: Anna 29, Ben 27, ... Anna 1 (T25); T26 Ben draws the last tile, which ends
#     his turn. Final round: Anna, then Ben (the last drawer) last.
#  T27 Anna lays (3,2): point (3,2) -> van (no competing; y=2 would be Ben 3 vs Anna 2 anyway);
#     lays (4,1): point (4,1) -> taxi.
#  T28 Ben lays (0,3) (placing first), then his van rides (1,2) -> (2,2), competing. Street
#     y=2 now (-1,2)..(4,2): Ben van (2,2) + taxi (0,2) = 3, Anna van (3,2) = 2 -> Anna's van
#     goes back. x=2: (2,0)..(2,3): Anna van (2,1) 2 vs Ben van 2, a tie: nothing.
# End: Anna van (2,1), taxis (3,1) (4,1): 2 + 2 = 4. Ben van (2,2), taxi (0,2): 2 + 1 = 3.
# Anna wins.

def test_golden_two_players():
    game, sheet = replay("traffiq-2p.jsonl")
    s = game.state
    assert s.phase is Phase.OVER and s.end_reason is EndReason.FINAL_ROUND
    assert s.last_drawer == 1 and s.supply == 0
    assert s.vehicles == {(2, 1): Standing(0, VAN), (3, 1): Standing(0, TAXI),
                          (4, 1): Standing(0, TAXI), (2, 2): Standing(1, VAN),
                          (0, 2): Standing(1, TAXI)}
    assert [(p.taxis, p.vans) for p in s.seats] == [(6, 2), (7, 2)]
    assert_points(sheet, {"Anna": (2, 2, 4), "Ben": (2, 1, 3)})
    assert sheet.winners == (0,) and sheet.final


# ---- 3 players: traffiq-3p.jsonl -------------------------------------------------------------
# Ann, Ben, Cas; Central Park (our layout, data/traffiq/box.json): cells x 0..4, y 0..1; the
# border between the rows is park at x 1..3, so y=1 is no street between (1,1) and (4,1). Edges
# the working needs: (1,1) south beige, (2,1) south red, (3,1) south beige, (4,1) south red,
# (4,1) north beige, (4,0) west beige, (4,1) west red. 5 taxis and 2 vans each; 38 tiles to draw.
#  T1 Ann lays (0,2), (1,2): point (1,2) -> taxi.
#  T2 Ben lays (2,2): point (2,2) -> van, competing. Street y=2: (0,2)..(3,2): Ben 2, Ann taxi
#     (1,2) 1 -> Ann's taxi goes back. x=2: (2,0)..(2,3), nobody else. Ben draws 1 (37).
#  T3 Cas lays (3,2): point (3,2) -> van, competing: y=2 (0,2)..(4,2): Ben 2, Cas 2, a tie.
#     Cas lays (4,2): point (4,2) -> taxi, competing: y=2 now (0,2)..(5,2): Cas 2 + 1 = 3,
#     Ben 2 -> Ben's van (2,2) goes back. x=4: (4,0)..(4,3), nobody else.
#  T4 Ann draws 2 (35). T5 Ben lays (5,1), (5,0): point (5,1) -> taxi.
#  T6 Cas (33), T7 Ann (31) draw 2.
#  T8 Ben's taxi rides (5,1) -> (4,1) (the one way: (5,2) is incomplete), competing. x=4:
#     (4,0)..(4,3): Ben 1, Cas taxi (4,2) 1, a tie. y=1 from (4,1): (4,1)..(6,1), nobody
#     else. Ben draws 1 (30).
#  T9..T23 draws: Cas 28, Ann 26, Ben 24, Cas 22, Ann 20, Ben 18, Cas 16, Ann 14, Ben 12, Cas 10,
#     Ann 8, Ben 6, Cas 4, Ann 2, Ben 0: Ben drew the last tile.
#  Final round: Cas ends her turn at once. Ann lays (2,3), (1,3): point (2,3) -> van, competing:
#     x=2 (2,0)..(2,4) and y=3 (1,3)..(3,3) hold nobody else. Ben's taxi rides (4,1) -> (5,1),
#     and he ends his turn.
# End: Ann van (2,3): 2. Ben taxi (5,1): 1. Cas van (3,2), taxi (4,2): 3. Cas wins.

def test_golden_three_players():
    game, sheet = replay("traffiq-3p.jsonl")
    s = game.state
    assert s.scenario == "central_park"
    assert s.phase is Phase.OVER and s.end_reason is EndReason.FINAL_ROUND
    assert s.last_drawer == 1
    assert s.vehicles == {(2, 3): Standing(0, VAN), (5, 1): Standing(1, TAXI),
                          (3, 2): Standing(2, VAN), (4, 2): Standing(2, TAXI)}
    assert_points(sheet, {"Ann": (2, 0, 2), "Ben": (0, 1, 1), "Cas": (2, 1, 3)})
    assert sheet.winners == (2,)


# ---- 4 players: traffiq-4p-instant-win.jsonl ---------------------------------------------------
# Ann, Ben, Cas, Dot; the table entered its own start layout: a 5 x 3 block of all-red tiles
# (cells x 0..4, y 0..2) with holes at (1,1) and (3,1), so no point is complete. 4 taxis and
# 2 vans each; 36 tiles to draw.
#  T1 Ann fills (1,1): points (1,1) (2,1) (1,2) (2,2) complete -> van on (1,1), taxi on (2,2);
#     then draws (the chance for (2,1) and (1,2) is gone).
#  T2 Ben fills (3,1): points (3,1) (4,1) (3,2) (4,2) -> van (3,1); van (4,1) competing: y=1
#     (0,1)..(5,1): Ben 4, Ann van (1,1) 2 -> Ann's van goes back; x=4 (4,0)..(4,3): only Ben.
#     Taxi (3,2) competing: y=2 (0,2)..(5,2): Ben 1, Ann taxi (2,2) 1, a tie; x=3: only Ben.
#     Taxi (4,2). Ben draws. Ben: 2 vans and 2 taxis on the map, 2 taxis left.
#  T3 Cas lays (5,0), (5,1): point (5,1) -> van.
#  T4 Dot, T5 Ann draw 2.
#  T6 Ben lays (5,2): point (5,2) -> taxi, competing: y=2 (0,2)..(6,2): Ben 3, Ann 1 -> Ann's
#     taxi (2,2) goes back; x=5 (5,0)..(5,3): Cas van 2 against Ben 1, nothing for Ben to win.
#     Ben draws. 1 taxi left.
#  T7 Cas draws 2. T8 Dot lays (1,3), (2,3): point (2,3) -> van, competing: x=2 (2,0)..(2,4)
#     and y=3 (1,3)..(3,3) hold nobody else.
#  T9 Ann draws 2.
#  T10 Ben lays (3,3): point (3,3) -> his last taxi: every vehicle of his is on the map, he
#     wins at once.
# End: Ann 0. Ben vans (3,1) (4,1), taxis (3,2) (4,2) (5,2) (3,3): 4 + 4 = 8. Cas van: 2.
# Dot van: 2. Ben wins by the instant win.

def test_golden_four_players_instant_win():
    game, sheet = replay("traffiq-4p-instant-win.jsonl")
    s = game.state
    assert s.phase is Phase.OVER and s.end_reason is EndReason.ALL_VEHICLES
    assert s.winner == 1 and s.last_drawer is None
    assert [p.supply for p in s.seats] == [6, 0, 5, 5]
    assert_points(sheet, {"Ann": (0, 0, 0), "Ben": (4, 4, 8), "Cas": (2, 0, 2), "Dot": (2, 0, 2)})
    assert sheet.winners == (1,) and sheet.decided_by == "all_vehicles_placed"


# ---- score-only: traffiq-score-only.jsonl --------------------------------------------------------
# 3 players (5 taxis, 2 vans each). Anna: 4 taxis + 1 van = 4 + 2 = 6. Ben: 2 taxis + 2 vans =
# 2 + 4 = 6. Cleo: 5 taxis = 5. Anna and Ben share the victory (the rulebook has no tie-breaker).

def test_golden_score_only():
    game, sheet = replay("traffiq-score-only.jsonl")
    assert game.state.phase is Phase.OVER
    assert_points(sheet, {"Anna": (2, 4, 6), "Ben": (4, 2, 6), "Cleo": (0, 5, 5)})
    assert sheet.winners == (0, 1) and sheet.shared


# ---- the command line ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["traffiq-2p.jsonl", "traffiq-3p.jsonl",
                                  "traffiq-4p-instant-win.jsonl", "traffiq-score-only.jsonl"])
def test_companion_replay_scores_the_golden_games(capsys, name):
    code = cli.main(["replay", "--json", str(EXAMPLES / name)])
    out = capsys.readouterr().out
    assert code == 0
    report = json.loads(out)
    _, sheet = replay(name)
    assert report["score"] == sheet.to_json()
    assert report["state"]["phase"] == "over"


def test_companion_replay_prints_the_map_and_the_winner(capsys):
    code = cli.main(["replay", str(EXAMPLES / "traffiq-4p-instant-win.jsonl")])
    out = capsys.readouterr().out
    assert code == 0
    assert "Manhattan TraffIQ, 4 players" in out
    assert "Winner: Ben (every vehicle on the map)." in out


def test_companion_export_writes_a_stored_game_that_replays_the_same(tmp_path, capsys):
    """The 2-player golden game played through a Table (one undo on the way), exported, replayed."""
    from companion.store import Store
    from companion.table import Table

    lines = (EXAMPLES / "traffiq-2p.jsonl").read_text(encoding="utf-8").splitlines()
    header, entries = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    db = tmp_path / "games.db"
    store = Store(db)
    table = Table.start(store, header["game"], header["players"], header["options"])
    for i, entry in enumerate(entries):
        table.submit(entry)
        if i == 4:
            table.undo()
            table.submit(entry)
    game_id = table.game_id
    assert store.game(game_id).status == "finished"
    store.close()

    exported = tmp_path / "export.jsonl"
    assert cli.main(["--db", str(db), "export", str(game_id), "-o", str(exported)]) == 0
    written = exported.read_text(encoding="utf-8").splitlines()
    assert json.loads(written[0]) == header
    # an entry carries its time ("at", the turn clocks): the undo is counted by its type
    assert [json.loads(line)["type"] for line in written[1:]].count("undo") == 1
    capsys.readouterr()
    assert cli.main(["replay", "--json", str(exported)]) == 0
    report = json.loads(capsys.readouterr().out)
    _, sheet = replay("traffiq-2p.jsonl")
    assert report["score"] == sheet.to_json()
