"""The golden games: the example logs (data/ttr_nyc/examples), replayed and scored, checked by hand.

Each test's expected numbers were worked out by hand from the log, the board
(data/ttr_nyc/board.json) and the rules digest, without the engine; the comment block above each
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
East Village, LES Lower East Side, CT Chinatown, WS Wall Street, BK Brooklyn. None of the five
golden logs contains an `undo` line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion.core.rules import Phase
from companion.games.ttr_nyc.engine.state import EndReason
from companion.gamelog import fold_lines

EXAMPLES = Path(__file__).resolve().parents[3] / "data" / "ttr_nyc" / "examples"
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


# ---- 4 players, shared victory: ttr-nyc-4p.jsonl ---------------------------------------------
# Anna (seat 0) starts ("first": 0): turn order Anna, Ben, Cleo, Dora. With 4 players both
# routes of a double may be claimed, by different players (r16/r17, r12/r13, r36/r37, r29/r30
# are each split between two players).
#
# Anna: r16 ESB-GP 1 -> 1, r12 TS-ESB 1 -> 1, r06 CP-TS 2 -> 2, r33 LES-CT 1 -> 1,
#       r36 CT-WS 1 -> 1, r24 GP-GV 2 -> 2, r14 UN-ESB 2 -> 2, r28 GV-Soho 2 -> 2.
#       Routes 1+1+2+1+1+2+2+2 = 12 points; taxis used 1+1+2+1+1+2+2+2 = 12, 3 left.
#   Tickets (kept 1 at setup):
#       t16 TS-Soho (6): TS-ESB (r12) - GP (r16) - GV (r24) - Soho (r28)  completed +6
#       completed 6 (1 ticket), failed 0.
#   Attractions: ESB, TS, CP, CT, WS, GV, UN = 7 (GP, LES, Soho are not attractions).
#   Total 12 + 6 - 0 + 7 = 25.
#
# Ben: r17 ESB-GP 1 -> 1, r13 TS-ESB 1 -> 1, r26 GP-EV 2 -> 2, r29 GV-CT 2 -> 2,
#      r35 Soho-WS 2 -> 2, r01 LC-CP 2 -> 2, r07 CP-UN 3 -> 4.
#      Routes 1+1+2+2+2+2+4 = 14 points; taxis used 1+1+2+2+2+2+3 = 13, 2 left.
#   Tickets (kept 1 at setup):
#       t15 TS-EV (4): TS-ESB (r13) - GP (r17) - EV (r26)              completed +4
#       completed 4 (1 ticket), failed 0.
#   Attractions: ESB, TS, GV, CT, WS, CP, UN = 7 (GP, EV, Soho, LC are not attractions).
#   Total 14 + 4 - 0 + 7 = 25.
#
# Cleo: r08 MW-TS 1 -> 1, r11 TS-UN 2 -> 2, r21 Chelsea-GV 3 -> 4, r30 GV-CT 2 -> 2,
#       r09 MW-ESB 2 -> 2.
#       Routes 1+2+4+2+2 = 11 points; taxis used 1+2+3+2+2 = 10, 5 left.
#   Tickets (kept 1 at setup + 1 drawn = 2). Cleo's network has two pieces:
#   {MW, TS, UN, ESB} and {Chelsea, GV, CT}.
#       t17 MW-UN (3): MW-TS (r08) - UN (r11)                          completed +3
#       t06 Chelsea-WS (6): no route of hers touches Wall Street       failed -6
#       completed 3 (1 ticket), failed -6.
#   Attractions: TS, UN, Chelsea, GV, CT, ESB = 6 (MW is not an attraction).
#   Total 11 + 3 - 6 + 6 = 14.
#
# Dora: r32 EV-LES 1 -> 1, r37 CT-WS 1 -> 1, r34 LES-BK 3 -> 4, r19 Chelsea-ESB 2 -> 2,
#       r31 GV-LES 2 -> 2.
#       Routes 1+1+4+2+2 = 10 points; taxis used 1+1+3+2+2 = 9, 6 left.
#   Tickets (kept 1 at setup). Dora's network has three pieces: {EV, LES, BK, GV},
#   {CT, WS} and {Chelsea, ESB}.
#       t07 ESB-BK (7): ESB is only on r19, whose other end Chelsea has no other route of
#           hers; Brooklyn is in {EV, LES, BK, GV}                      failed -7
#       completed 0 (0 tickets), failed -7.
#   Attractions: CT, WS, BK, Chelsea, ESB, GV = 6 (EV, LES are not attractions).
#   Total 10 + 0 - 7 + 6 = 9.
#
# End: Ben's claim of r07 (line 164) leaves him 2 taxis (<= 2; nobody was at 2 or fewer
# before): final round Cleo, Dora, Anna, Ben.
# Winner: Anna and Ben tie on 25 (Cleo 14, Dora 9). Tie-break, most completed tickets: Anna 1
# (t16) against Ben 1 (t15), still tied, so they share the victory (shared; decided_by None,
# since no tie-break separated them).
def test_golden_four_player_game_shared_victory():
    game, sheet = replay("ttr-nyc-4p.jsonl")
    assert game.state.phase is Phase.OVER
    assert game.state.end_reason is EndReason.TAXIS_LOW
    assert game.state.trigger == 1
    assert taxis_left(game) == [3, 2, 5, 6]
    assert_points(sheet, {
        "Anna": (12, 6, 0, 7, 25),
        "Ben": (14, 4, 0, 7, 25),
        "Cleo": (11, 3, -6, 6, 14),
        "Dora": (10, 0, -7, 6, 9),
    })
    assert sheet.totals == (25, 25, 14, 9)
    assert sheet.winners == (0, 1)
    assert sheet.decided_by is None
    assert sheet.shared
    assert sheet.final


# ---- 4 players, tie-break: ttr-nyc-4p-tiebreak.jsonl ------------------------------------------
# Dora (seat 3) starts ("first": 3): turn order Dora, Anna, Ben, Cleo. Doubles split between two
# players: r36/r37, r12/r13, r16/r17, r29/r30, r24/r25, r18/r19.
#
# Anna: r37 CT-WS 1 -> 1, r32 EV-LES 1 -> 1, r16 ESB-GP 1 -> 1, r33 LES-CT 1 -> 1,
#       r29 GV-CT 2 -> 2, r35 Soho-WS 2 -> 2, r20 Chelsea-GP 2 -> 2.
#       Routes 1+1+1+1+2+2+2 = 10 points; taxis used 1+1+1+1+2+2+2 = 10, 5 left.
#   Tickets (kept 1 at setup + 2 drawn = 3). Anna's network has two pieces:
#   {CT, WS, EV, LES, GV, Soho} and {ESB, GP, Chelsea}.
#       t18 UN-WS (8): no route of hers touches United Nations          failed -8
#       t04 CP-MW (3): no route of hers touches Central Park or MW      failed -3
#       t14 TS-BK (8): no route of hers touches Times Square or BK      failed -8
#       completed 0 (0 tickets), failed -(8+3+8) = -19.
#   Attractions: CT, WS, ESB, GV, Chelsea = 5 (EV, LES, GP, Soho are not attractions).
#   Total 10 + 0 - 19 + 5 = -4.
#
# Ben: r13 TS-ESB 1 -> 1, r08 MW-TS 1 -> 1, r28 GV-Soho 2 -> 2, r25 GP-GV 2 -> 2,
#      r31 GV-LES 2 -> 2, r34 LES-BK 3 -> 4, r27 GV-EV 2 -> 2.
#      Routes 1+1+2+2+2+4+2 = 14 points; taxis used 1+1+2+2+2+3+2 = 13, 2 left.
#   Tickets (kept 1 at setup + 2 drawn + 2 drawn = 5). Ben's network has two pieces:
#   {TS, ESB, MW} and {GV, Soho, GP, LES, BK, EV}; ESB-GP (r16 Anna, r17 Dora) is not his.
#       t11 LC-ESB (3): no route of his touches Lincoln Center          failed -3
#       t08 ESB-GV (3): ESB and GV are in different pieces              failed -3
#       t09 EV-Soho (4): EV-GV (r27) - Soho (r28)                       completed +4
#       t07 ESB-BK (7): ESB and BK are in different pieces              failed -7
#       t05 Chelsea-BK (8): no route of his touches Chelsea             failed -8
#       completed 4 (1 ticket), failed -(3+3+7+8) = -21.
#   Attractions: TS, ESB, GV, BK = 4 (MW, Soho, GP, LES, EV are not attractions).
#   Total 14 + 4 - 21 + 4 = 1.
#
# Cleo: r12 TS-ESB 1 -> 1, r03 LC-TS 2 -> 2, r36 CT-WS 1 -> 1, r24 GP-GV 2 -> 2,
#       r01 LC-CP 2 -> 2, r10 MW-Chelsea 2 -> 2, r18 Chelsea-ESB 2 -> 2.
#       Routes 1+2+1+2+2+2+2 = 12 points; taxis used 1+2+1+2+2+2+2 = 12, 3 left.
#   Tickets (kept 2 at setup + 2 drawn = 4). Cleo's network has three pieces:
#   {TS, ESB, LC, CP, MW, Chelsea}, {CT, WS} and {GP, GV}.
#       t12 LC-GV (6): GV is only on r24, whose other end GP has no other route of hers
#                                                                        failed -6
#       t10 GP-CT (4): GP is in {GP, GV}, CT in {CT, WS}                 failed -4
#       t13 LES-WS (2): no route of hers touches Lower East Side         failed -2
#       t16 TS-Soho (6): no route of hers touches Soho                   failed -6
#       completed 0 (0 tickets), failed -(6+4+2+6) = -18.
#   Attractions: TS, ESB, CT, WS, GV, CP, Chelsea = 7 (LC, GP, MW are not attractions).
#   Total 12 + 0 - 18 + 7 = 1.
#
# Dora: r26 GP-EV 2 -> 2, r17 ESB-GP 1 -> 1, r30 GV-CT 2 -> 2, r11 TS-UN 2 -> 2,
#       r06 CP-TS 2 -> 2, r19 Chelsea-ESB 2 -> 2.
#       Routes 2+1+2+2+2+2 = 11 points; taxis used 2+1+2+2+2+2 = 11, 4 left.
#   Tickets (kept 2 at setup + 1 drawn + 1 drawn = 4). Dora's network has three pieces:
#   {GP, EV, ESB, Chelsea}, {TS, UN, CP} and {GV, CT}; TS-ESB (r12 Cleo, r13 Ben) is not hers.
#       t02 CP-CT (8): CP is in {TS, UN, CP}, CT in {GV, CT}             failed -8
#       t15 TS-EV (4): TS is in {TS, UN, CP}, EV in {GP, EV, ESB, Chelsea}
#                                                                        failed -4
#       t17 MW-UN (3): no route of hers touches Midtown West             failed -3
#       t01 CP-Chelsea (5): CP is in {TS, UN, CP}, Chelsea in {GP, EV, ESB, Chelsea}
#                                                                        failed -5
#       completed 0 (0 tickets), failed -(8+4+3+5) = -20.
#   Attractions: ESB, GV, CT, TS, UN, CP, Chelsea = 7 (GP, EV are not attractions).
#   Total 11 + 0 - 20 + 7 = -2.
#
# End: Ben's claim of r27 (line 155) leaves him 2 taxis (<= 2; nobody was at 2 or fewer
# before): final round Cleo, Dora, Anna, Ben.
# Winner: Ben and Cleo tie on 1 (Dora -2, Anna -4). Tie-break, most completed tickets: Ben 1
# (t09) against Cleo 0, so Ben wins alone (decided_by "most_tickets_completed").
def test_golden_four_player_game_tiebreak():
    game, sheet = replay("ttr-nyc-4p-tiebreak.jsonl")
    assert game.state.phase is Phase.OVER
    assert game.state.end_reason is EndReason.TAXIS_LOW
    assert game.state.trigger == 1
    assert taxis_left(game) == [5, 2, 3, 4]
    assert_points(sheet, {
        "Anna": (10, 0, -19, 5, -4),
        "Ben": (14, 4, -21, 4, 1),
        "Cleo": (12, 0, -18, 7, 1),
        "Dora": (11, 0, -20, 7, -2),
    })
    assert sheet.totals == (-4, 1, 1, -2)
    assert sheet.winners == (1,)
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
                "ttr-nyc-4p-tiebreak.jsonl", "ttr-nyc-score-only.jsonl", "ttr-nyc-undo.jsonl"]


def test_every_example_file_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("ttr-nyc-*.jsonl")) == sorted(ALL_EXAMPLES)


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_companion_replay_accepts_example(name, capsys):
    assert cli.main(["replay", str(EXAMPLES / name)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert cli.main(["replay", "--json", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score"]["categories"] == list(CATEGORIES)
