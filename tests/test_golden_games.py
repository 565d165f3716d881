"""The golden games: the example logs in data/examples, replayed and scored, checked by hand.

Each test's expected numbers were worked out by hand from the log, the board
(data/ttr-nyc-board.json) and the rules digest, without the engine; the comment block above each
test shows that working so a reader can check it without running anything.

Scoring (rules digest): routes by length 1 -> 1, 2 -> 2, 3 -> 4, 4 -> 7 points; a ticket adds its
value if the player's own routes join its two locations, else subtracts it; +1 per tourist
attraction (central_park, times_square, united_nations, empire_state_building, chelsea,
greenwich_village, chinatown, wall_street, brooklyn) touched by at least one of the player's
routes. Most points wins; a tie goes to the tied player who completed the most tickets; still
tied, the win is shared. A player who ends a turn with 2 or fewer of their 15 taxis starts the
final round.

Abbreviations in the comments: LC Lincoln Center, CP Central Park, MW Midtown West, TS Times
Square, UN United Nations, ESB Empire State Building, GP Gramercy Park, GV Greenwich Village, EV
East Village, LES Lower East Side, CT Chinatown, WS Wall Street, BK Brooklyn. None of the four
golden logs contains an `undo` line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion.engine.core import Phase
from companion.engine.ttr_nyc.state import EndReason
from companion.gamelog import fold_lines

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
CATEGORIES = ("routes", "tickets_completed", "tickets_failed", "attractions")


def replay(name: str):
    with open(EXAMPLES / name, encoding="utf-8") as f:
        game = fold_lines(f)
    return game, game.rules.score(game.state)


def assert_points(sheet, expected: dict[str, tuple[int, int, int, int, int]]) -> None:
    """expected: name -> (routes, tickets_completed, tickets_failed, attractions, total)."""
    assert sheet.players == tuple(expected)
    assert sheet.categories == CATEGORIES
    for seat, (name, row) in enumerate(expected.items()):
        *points, total = row
        assert sum(points) == total, f"hand check for {name} does not add up"
        got = tuple(sheet.of(seat, category) for category in CATEGORIES)
        assert got == tuple(points), name
        assert sheet.totals[seat] == total, name


def taxis_left(game) -> list[int]:
    return [player.taxis for player in game.state.seats]


# ---- 2 players: ttr-nyc-2p.jsonl ----------------------------------------------------------
# Anna (seat 0) starts. 2-player game: the other route of a double is closed once one is taken
# (none of the claims below breaks that).
#
# Anna: r12 TS-ESB 1 -> 1, r17 ESB-GP 1 -> 1, r19 Chelsea-ESB 2 -> 2, r26 GP-EV 2 -> 2,
#       r25 GP-GV 2 -> 2, r06 CP-TS 2 -> 2, r10 MW-Chelsea 2 -> 2.
#       Routes 12 points; taxis used 1+1+2+2+2+2+2 = 12, 3 left.
#   Tickets (kept 2 at setup + 1 drawn = 3):
#       t08 ESB-GV (3): ESB-GP (r17) - GV (r25)                      completed +3
#       t15 TS-EV (4): TS-ESB (r12) - GP (r17) - EV (r26)            completed +4
#       t01 CP-Chelsea (5): CP-TS (r06) - ESB (r12) - Chelsea (r19)  completed +5
#       completed 12 (3 tickets), failed 0.
#   Attractions: TS, ESB, Chelsea, GV, CP = 5 (GP, EV, MW are not attractions).
#   Total 12 + 12 - 0 + 5 = 29.
#
# Ben: r32 EV-LES 1 -> 1, r08 MW-TS 1 -> 1, r29 GV-CT 2 -> 2, r33 LES-CT 1 -> 1,
#      r37 CT-WS 1 -> 1, r11 TS-UN 2 -> 2, r27 GV-EV 2 -> 2, r28 GV-Soho 2 -> 2,
#      r35 Soho-WS 2 -> 2.
#      Routes 14 points; taxis used 1+1+2+1+1+2+2+2+2 = 14, 1 left.
#   Tickets (kept 2 + 1 drawn = 3):
#       t10 GP-CT (4): none of Ben's routes touches Gramercy Park     failed -4
#       t17 MW-UN (3): MW-TS (r08) - UN (r11)                          completed +3
#       t09 EV-Soho (4): EV-GV (r27) - Soho (r28)                      completed +4
#       completed 7 (2 tickets), failed -4.
#   Attractions: TS, UN, GV, CT, WS = 5 (EV, LES, MW, Soho are not attractions).
#   Total 14 + 7 - 4 + 5 = 22.
#
# End: Ben's claim of r35 (line 114) leaves him 1 taxi (<= 2): final round Anna, then Ben.
# Winner: Anna, 29 against 22, on points alone (decided_by None).
def test_golden_two_player_game():
    game, sheet = replay("ttr-nyc-2p.jsonl")
    assert game.state.phase is Phase.OVER
    assert game.state.end_reason is EndReason.TAXIS_LOW
    assert game.state.trigger == 1
    assert taxis_left(game) == [3, 1]
    assert_points(sheet, {
        "Anna": (12, 12, 0, 5, 29),
        "Ben": (14, 7, -4, 5, 22),
    })
    assert sheet.totals == (29, 22)
    assert sheet.winners == (0,)
    assert sheet.decided_by is None
    assert not sheet.shared
    assert sheet.final


# ---- 3 players: ttr-nyc-3p.jsonl ----------------------------------------------------------
# Anna (seat 0) starts. With 3 players both routes of a double may be claimed, by different
# players (r16/r17, r12/r13, r36/r37, r29/r30 are each split between two players).
#
# Anna: r21 Chelsea-GV 3 -> 4, r32 EV-LES 1 -> 1, r30 GV-CT 2 -> 2, r26 GP-EV 2 -> 2,
#       r31 GV-LES 2 -> 2, r09 MW-ESB 2 -> 2, r18 Chelsea-ESB 2 -> 2.
#       Routes 4+1+2+2+2+2+2 = 15 points; taxis used 3+1+2+2+2+2+2 = 14, 1 left.
#   Tickets (kept 1 at setup + 1 drawn = 2):
#       t05 Chelsea-BK (8): none of Anna's routes touches Brooklyn    failed -8
#       t10 GP-CT (4): GP-EV (r26) - LES (r32) - GV (r31) - CT (r30)  completed +4
#       completed 4 (1 ticket), failed -8.
#   Attractions: Chelsea, GV, CT, ESB = 4 (EV, LES, GP, MW are not attractions).
#   Total 15 + 4 - 8 + 4 = 15.
#
# Ben: r08 MW-TS 1 -> 1, r36 CT-WS 1 -> 1, r05 CP-TS 2 -> 2, r16 ESB-GP 1 -> 1,
#      r13 TS-ESB 1 -> 1, r03 LC-TS 2 -> 2, r34 LES-BK 3 -> 4.
#      Routes 1+1+2+1+1+2+4 = 12 points; taxis used 1+1+2+1+1+2+3 = 11, 4 left.
#   Tickets (kept 1 + 2 drawn = 3):
#       t04 CP-MW (3): CP-TS (r05) - MW (r08)                           completed +3
#       t11 LC-ESB (3): LC-TS (r03) - ESB (r13)                         completed +3
#       t07 ESB-BK (7): Ben's network around ESB is {MW, TS, CP, ESB, GP, LC}; Brooklyn is
#           only on r34, whose other end LES has no other Ben route       failed -7
#       completed 6 (2 tickets), failed -7.
#   Attractions: TS, CT, WS, CP, ESB, BK = 6 (MW, GP, LC, LES are not attractions).
#   Total 12 + 6 - 7 + 6 = 17.
#
# Cleo: r17 ESB-GP 1 -> 1, r12 TS-ESB 1 -> 1, r33 LES-CT 1 -> 1, r37 CT-WS 1 -> 1,
#       r25 GP-GV 2 -> 2, r29 GV-CT 2 -> 2, r28 GV-Soho 2 -> 2, r11 TS-UN 2 -> 2.
#       Routes 1+1+1+1+2+2+2+2 = 12 points; taxis used 1+1+1+1+2+2+2+2 = 12, 3 left.
#   Tickets (kept 1 + 1 drawn = 2):
#       t03 CP-GP (4): none of Cleo's routes touches Central Park       failed -4
#       t18 UN-WS (8): UN-TS (r11) - ESB (r12) - GP (r17) - GV (r25) - CT (r29) - WS (r37)
#                                                                        completed +8
#       completed 8 (1 ticket), failed -4.
#   Attractions: ESB, TS, CT, WS, GV, UN = 6 (GP, LES, Soho are not attractions).
#   Total 12 + 8 - 4 + 6 = 22.
#
# End: Anna's claim of r18 (line 94) leaves her 1 taxi: final round Ben, Cleo, Anna.
# Winner: Cleo with 22 (Ben 17, Anna 15), on points alone.
def test_golden_three_player_game():
    game, sheet = replay("ttr-nyc-3p.jsonl")
    assert game.state.phase is Phase.OVER
    assert game.state.end_reason is EndReason.TAXIS_LOW
    assert game.state.trigger == 0
    assert taxis_left(game) == [1, 4, 3]
    assert_points(sheet, {
        "Anna": (15, 4, -8, 4, 15),
        "Ben": (12, 6, -7, 6, 17),
        "Cleo": (12, 8, -4, 6, 22),
    })
    assert sheet.totals == (15, 17, 22)
    assert sheet.winners == (2,)
    assert sheet.decided_by is None
    assert not sheet.shared
    assert sheet.final


# ---- 4 players: ttr-nyc-4p.jsonl ----------------------------------------------------------
# Ben (seat 1) starts ("first": 1): turn order Ben, Cleo, Dora, Anna.
#
# Anna: r26 GP-EV 2 -> 2, r37 CT-WS 1 -> 1, r30 GV-CT 2 -> 2, r13 TS-ESB 1 -> 1,
#       r24 GP-GV 2 -> 2, r09 MW-ESB 2 -> 2.
#       Routes 2+1+2+1+2+2 = 10 points; taxis used 2+1+2+1+2+2 = 10, 5 left.
#   Tickets (kept 1 at setup):
#       t10 GP-CT (4): GP-GV (r24) - CT (r30)                          completed +4
#       completed 4 (1 ticket), failed 0.
#   Attractions: CT, WS, GV, TS, ESB = 5 (GP, EV, MW are not attractions).
#   Total 10 + 4 - 0 + 5 = 19.
#
# Ben: r16 ESB-GP 1 -> 1, r08 MW-TS 1 -> 1, r12 TS-ESB 1 -> 1, r32 EV-LES 1 -> 1,
#      r11 TS-UN 2 -> 2, r34 LES-BK 3 -> 4, r40 WS-BK 3 -> 4, r14 UN-ESB 2 -> 2.
#      Routes 1+1+1+1+2+4+4+2 = 16 points; taxis used 1+1+1+1+2+3+3+2 = 14, 1 left.
#   Tickets (kept 2 at setup):
#       t17 MW-UN (3): MW-TS (r08) - UN (r11)                          completed +3
#       t14 TS-BK (8): Ben's network falls in two pieces, {MW, TS, ESB, GP, UN} and
#           {EV, LES, BK, WS}; no route of his joins them (GP-EV r26 is Anna's)  failed -8
#       completed 3 (1 ticket), failed -8.
#   Attractions: ESB, TS, UN, BK, WS = 5 (GP, MW, EV, LES are not attractions).
#   Total 16 + 3 - 8 + 5 = 16.
#
# Cleo: r36 CT-WS 1 -> 1, r33 LES-CT 1 -> 1, r28 GV-Soho 2 -> 2, r27 GV-EV 2 -> 2,
#       r18 Chelsea-ESB 2 -> 2.
#       Routes 1+1+2+2+2 = 8 points; taxis used 1+1+2+2+2 = 8, 7 left.
#   Tickets (kept 2 at setup):
#       t13 LES-WS (2): LES-CT (r33) - WS (r36)                        completed +2
#       t09 EV-Soho (4): EV-GV (r27) - Soho (r28)                      completed +4
#       completed 6 (2 tickets), failed 0.
#   Attractions: CT, WS, GV, Chelsea, ESB = 5 (LES, Soho, EV are not attractions).
#   Total 8 + 6 - 0 + 5 = 19.
#
# Dora: r17 ESB-GP 1 -> 1, r29 GV-CT 2 -> 2, r03 LC-TS 2 -> 2, r31 GV-LES 2 -> 2,
#       r05 CP-TS 2 -> 2, r21 Chelsea-GV 3 -> 4.
#       Routes 1+2+2+2+2+4 = 13 points; taxis used 1+2+2+2+2+3 = 12, 3 left.
#   Tickets (kept 1 at setup + 2 drawn + 1 drawn = 4). Dora's network has three pieces:
#   {LC, TS, CP}, {ESB, GP} and {Chelsea, GV, CT, LES}.
#       t07 ESB-BK (7): no route of hers touches Brooklyn              failed -7
#       t11 LC-ESB (3): LC-TS (r03), but TS-ESB (r12/r13) is not hers  failed -3
#       t05 Chelsea-BK (8): no route of hers touches Brooklyn          failed -8
#       t16 TS-Soho (6): no route of hers touches Soho                 failed -6
#       completed 0 (0 tickets), failed -(7+3+8+6) = -24.
#   Attractions: ESB, GV, CT, TS, CP, Chelsea = 6 (GP, LC, LES are not attractions).
#   Total 13 + 0 - 24 + 6 = -5.
#
# End: Ben's claim of r14 (line 156) leaves him 1 taxi: final round Cleo, Dora, Anna, Ben.
# Winner: Anna and Cleo tie on 19. Tie-break, most completed tickets: Cleo 2 (t13, t09)
# against Anna 1 (t10), so Cleo wins alone (decided_by "most_tickets_completed"). (Counting
# ticket points instead, 6 against 4, would give the same winner.)
def test_golden_four_player_game():
    game, sheet = replay("ttr-nyc-4p.jsonl")
    assert game.state.phase is Phase.OVER
    assert game.state.end_reason is EndReason.TAXIS_LOW
    assert game.state.trigger == 1
    assert taxis_left(game) == [5, 1, 7, 3]
    assert_points(sheet, {
        "Anna": (10, 4, 0, 5, 19),
        "Ben": (16, 3, -8, 5, 16),
        "Cleo": (8, 6, 0, 5, 19),
        "Dora": (13, 0, -24, 6, -5),
    })
    assert sheet.totals == (19, 16, 19, -5)
    assert sheet.winners == (2,)
    assert sheet.decided_by == "most_tickets_completed"
    assert not sheet.shared
    assert sheet.final


# ---- Score only: ttr-nyc-score-only.jsonl ---------------------------------------------------
# A finished 3-player game entered with place_route / reveal_tickets (no final-round trigger).
#
# Anna: r01 LC-CP 2 -> 2, r05 CP-TS 2 -> 2, r12 TS-ESB 1 -> 1, r16 ESB-GP 1 -> 1,
#       r24 GP-GV 2 -> 2, r29 GV-CT 2 -> 2.
#       Routes 2+2+1+1+2+2 = 10 points; taxis used 10, 5 left.
#   Tickets:
#       t02 CP-CT (8): CP-TS (r05) - ESB (r12) - GP (r16) - GV (r24) - CT (r29)
#                                                                       completed +8
#       t11 LC-ESB (3): LC-CP (r01) - TS (r05) - ESB (r12)              completed +3
#       t13 LES-WS (2): no route of hers touches LES or WS              failed -2
#       completed 11 (2 tickets), failed -2.
#   Attractions: CP, TS, ESB, GV, CT = 5 (LC, GP are not attractions).
#   Total 10 + 11 - 2 + 5 = 24.
#
# Ben: r06 CP-TS 2 -> 2, r11 TS-UN 2 -> 2, r14 UN-ESB 2 -> 2, r18 Chelsea-ESB 2 -> 2,
#      r23 Chelsea-Soho 4 -> 7, r35 Soho-WS 2 -> 2.
#      Routes 2+2+2+2+7+2 = 17 points; taxis used 2+2+2+2+4+2 = 14, 1 left.
#   Tickets:
#       t06 Chelsea-WS (6): Chelsea-Soho (r23) - WS (r35)              completed +6
#       t18 UN-WS (8): UN-ESB (r14) - Chelsea (r18) - Soho (r23) - WS (r35)
#                                                                       completed +8
#       t04 CP-MW (3): no route of his touches Midtown West             failed -3
#       completed 14 (2 tickets), failed -3.
#   Attractions: CP, TS, UN, ESB, Chelsea, WS = 6 (Soho is not an attraction).
#   Total 17 + 14 - 3 + 6 = 34.
#
# Cleo: r38 CT-BK 3 -> 4, r36 CT-WS 1 -> 1, r33 LES-CT 1 -> 1, r32 EV-LES 1 -> 1,
#       r26 GP-EV 2 -> 2, r20 Chelsea-GP 2 -> 2.
#       Routes 4+1+1+1+2+2 = 11 points; taxis used 3+1+1+1+2+2 = 10, 5 left.
#   Tickets:
#       t05 Chelsea-BK (8): Chelsea-GP (r20) - EV (r26) - LES (r32) - CT (r33) - BK (r38)
#                                                                       completed +8
#       t10 GP-CT (4): GP-EV (r26) - LES (r32) - CT (r33)               completed +4
#       t14 TS-BK (8): no route of hers touches Times Square            failed -8
#       completed 12 (2 tickets), failed -8.
#   Attractions: BK, CT, WS, Chelsea = 4 (LES, EV, GP are not attractions).
#   Total 11 + 12 - 8 + 4 = 19.
#
# Winner: Ben with 34 (Anna 24, Cleo 19), on points alone.
def test_golden_score_only_game():
    game, sheet = replay("ttr-nyc-score-only.jsonl")
    assert game.state.phase is Phase.OVER
    assert game.state.end_reason is EndReason.SCORE_ONLY
    assert taxis_left(game) == [5, 1, 5]
    assert_points(sheet, {
        "Anna": (10, 11, -2, 5, 24),
        "Ben": (17, 14, -3, 6, 34),
        "Cleo": (11, 12, -8, 4, 19),
    })
    assert sheet.totals == (24, 34, 19)
    assert sheet.winners == (1,)
    assert sheet.decided_by is None
    assert not sheet.shared
    assert sheet.final


# ---- `companion replay` accepts every example file ------------------------------------------
ALL_EXAMPLES = ["ttr-nyc-2p.jsonl", "ttr-nyc-3p.jsonl", "ttr-nyc-4p.jsonl",
                "ttr-nyc-score-only.jsonl", "ttr-nyc-undo.jsonl"]


def test_every_example_file_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.jsonl")) == sorted(ALL_EXAMPLES)


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_companion_replay_accepts_example(name, capsys):
    assert cli.main(["replay", str(EXAMPLES / name)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert cli.main(["replay", "--json", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score"]["categories"] == list(CATEGORIES)
