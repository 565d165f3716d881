"""Random playouts: thousands of complete games at a pretend table, checked against invariants.

`TtrPlayout` shuffles a real box, keeps the real deck, hands and tickets in `.hidden` and tells the
engine only what a table would. Every game is seeded, and every failure names its seed, the number
of players, whether blind draws were scanned and how the players played, so it replays with

    play_and_check(rules, raw_board, players, seed=..., scan_blind=..., hoarding=..., aim=...,
                   every_step=True)

Each test runs all its games and then reports every game that failed (the first few in full).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from companion.boards import data_dir
from companion.core.rules import Phase, RuleViolation
from companion.games.ttr_nyc.engine import Card, EndReason
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.games.ttr_nyc.recount import TIEBREAK, recount

BASE_SEED = 20_250_000
GAMES_PER_COUNT = 1000  # 2, 3 and 4 players: 3000 games in all
STEP_CHECKED = 200  # the first games of each player count are checked after every step (600)
MAX_STEPS = 10_000
SHOWN_FAILURES = 5

CATEGORIES = ("routes", "tickets_completed", "tickets_failed", "attractions")


def game_seed(players: int, index: int) -> int:
    return BASE_SEED + 100_000 * players + index


def scans_blind(index: int) -> bool:
    return index % 3 == 1  # a third of the games have a card scanner


def hoards(index: int) -> bool:
    """A quarter of the games have players who rarely claim and often draw tickets: they empty the
    deck, the discard pile and the ticket deck, leave holes in the display and have to pass."""
    return index % 4 == 3


HOARDING = {"claim_bias": 0.05, "ticket_bias": 0.3}


AIM_GAMES_PER_COUNT = 200  # and 600 more with aiming players
AIM_STEP_CHECKED = 40
AIM_OFFSET = 50_000  # their seeds differ from the random players' games
SCANNED_OFFSET = 90_000  # the strict-scanning games' seeds


@pytest.fixture(scope="module")
def raw_board() -> dict:
    with open(data_dir() / "ttr_nyc" / "board.json", encoding="utf-8") as f:
        return json.load(f)


# ---- the independent scorer (ttr_nyc/recount.py), on positions worked out on paper ----

def test_recount_by_hand(raw_board):
    """The independent scorer on positions worked out on paper."""
    # a clear winner
    score = recount(raw_board, 2, {"r03": 0, "r12": 0, "r16": 0, "r38": 1, "r40": 1, "r35": 1},
                    [["t11", "t03"], ["t13"]])
    # seat 0: Lincoln Center – Times Square – Empire State – Gramercy Park: 2 + 1 + 1 points,
    #   t11 Lincoln Center – Empire State +3, t03 Central Park – Gramercy Park -4, 2 attractions
    # seat 1: Chinatown – Brooklyn, Wall Street – Brooklyn, Soho – Wall Street: 4 + 4 + 2,
    #   t13 Lower East Side – Wall Street -2, 3 attractions
    assert score["points"] == [(4, 3, -4, 2), (10, 0, -2, 3)]
    assert score["totals"] == (5, 11)
    assert score["winners"] == (1,)
    assert score["decided_by"] is None and not score["shared"]

    # a tie decided by completed tickets
    score = recount(raw_board, 2, {"r03": 0, "r12": 0, "r38": 1, "r41": 1},
                    [["t11"], ["t04"]])
    assert score["points"] == [(3, 3, 0, 2), (8, 0, -3, 3)]
    assert score["totals"] == (8, 8)
    assert score["winners"] == (0,)
    assert score["decided_by"] == TIEBREAK and not score["shared"]

    # a tie that stays shared
    score = recount(raw_board, 2, {"r03": 0, "r12": 0, "r16": 1, "r24": 1},
                    [["t11"], ["t08"]])
    assert score["points"] == [(3, 3, 0, 2), (3, 3, 0, 2)]
    assert score["winners"] == (0, 1)
    assert score["decided_by"] is None and score["shared"]

    # three tied; the tie-break leaves two
    score = recount(raw_board, 3,
                    {"r03": 0, "r12": 0, "r16": 1, "r24": 1, "r38": 2, "r41": 2},
                    [["t11"], ["t08"], ["t04"]])
    assert score["totals"] == (8, 8, 8)
    assert score["winners"] == (0, 1)
    assert score["decided_by"] == TIEBREAK and score["shared"]  # it narrowed the shared win

    # no routes at all: every ticket fails, no attraction
    score = recount(raw_board, 2, {"r08": 1}, [["t13", "t17"], []])
    assert score["points"] == [(0, 0, -5, 0), (1, 0, 0, 1)]
    assert score["winners"] == (1,)


# ---- invariants ------------------------------------------------------------------------------

def check_table(playout: TtrPlayout, where: str) -> None:
    """What must hold after every step: cards, taxis, routes and tickets are all accounted for."""
    rules, s, hidden = playout.rules, playout.state, playout.hidden
    board = rules.board
    players = len(s.players)
    box = sum(board.box)

    # 44 cards, as the engine counts them
    display = sum(card is not None for card in s.display)
    hand_sizes = [p.hand.size for p in s.seats]
    assert s.deck >= 0 and min(s.discard) >= 0, f"{where}: negative count {s.deck} {s.discard}"
    assert s.deck + sum(s.discard) + display + sum(hand_sizes) == box, (
        f"{where}: engine counts deck {s.deck} + discard {sum(s.discard)} + display {display}"
        f" + hands {hand_sizes} != {box}")

    # ... and as the table holds them
    assert len(hidden.deck) == s.deck, (
        f"{where}: real deck has {len(hidden.deck)} cards, the engine says {s.deck}")
    for card in Card:
        in_hands = sum(hand[card] for hand in hidden.hands)
        real = in_hands + s.display.count(card) + s.discard[card] + hidden.deck.count(card)
        assert real == board.box[card], (
            f"{where}: {card.key}: hands {in_hands} + display {s.display.count(card)} + discard "
            f"{s.discard[card]} + deck {hidden.deck.count(card)} != box {board.box[card]}")
    for seat, player in enumerate(s.seats):
        real_hand = hidden.hands[seat]
        assert min(real_hand) >= 0, f"{where}: seat {seat} real hand {real_hand}"
        assert min(player.hand.known) >= 0 and player.hand.unknown >= 0, (
            f"{where}: seat {seat} engine hand {player.hand}")
        assert all(player.hand.known[c] <= real_hand[c] for c in Card), (
            f"{where}: seat {seat} engine knows {player.hand.known}, real hand {real_hand}")
        assert player.hand.size == sum(real_hand), (
            f"{where}: seat {seat} engine hand size {player.hand.size}, real {sum(real_hand)}")
        if playout.state.scanned_hands and playout.state.phase is not Phase.SETUP:
            assert player.hand.known == real_hand and player.hand.unknown == 0, (
                f"{where}: seat {seat} engine hand {player.hand}, real hand {real_hand}: "
                f"every card is scanned")
        if playout.scan_blind:  # only the 2 cards dealt at setup go unseen
            assert player.hand.unknown <= board.initial_hand, (
                f"{where}: seat {seat} has {player.hand.unknown} unseen cards with a scanner")

    # taxis and routes
    claimed = [rid for p in s.seats for rid in p.routes]
    assert len(claimed) == len(set(claimed)) == len(s.owners), (
        f"{where}: a route claimed twice: {sorted(claimed)} / owners {s.owners}")
    for seat, player in enumerate(s.seats):
        own = sorted(rid for rid, owner in s.owners.items() if owner == seat)
        assert sorted(player.routes) == own, f"{where}: seat {seat} routes {player.routes} {own}"
        used = sum(board.routes[rid].length for rid in own)
        assert player.taxis >= 0 and player.taxis + used == board.taxis_per_player, (
            f"{where}: seat {seat} has {player.taxis} taxis left and {used} on the board")
    for rid, owner in s.owners.items():
        sibling = board.routes[rid].sibling
        if sibling in s.owners:
            assert s.owners[sibling] != owner, (
                f"{where}: seat {owner} owns both {rid} and {sibling}")
            assert players not in board.doubles_single_use, (
                f"{where}: both {rid} and {sibling} claimed with {players} players")

    # tickets: every one of the 18 is in exactly one place, and the counts agree
    in_hand = [t for held in hidden.tickets for t in held]
    dealt = [t for held in hidden.dealt for t in held]
    everywhere = in_hand + dealt + hidden.ticket_deck
    assert sorted(everywhere) == sorted(board.tickets), f"{where}: tickets {sorted(everywhere)}"
    assert s.ticket_deck == len(hidden.ticket_deck), (
        f"{where}: ticket deck {len(hidden.ticket_deck)}, the engine says {s.ticket_deck}")
    for seat, player in enumerate(s.seats):
        assert player.tickets == len(hidden.tickets[seat]), (
            f"{where}: seat {seat} holds {len(hidden.tickets[seat])} tickets, "
            f"the engine says {player.tickets}")


def check_end(playout: TtrPlayout, raw: dict, where: str) -> None:
    """The game is over and the engine's score sheet is the independent recount."""
    rules, s, hidden = playout.rules, playout.state, playout.hidden
    players = len(s.players)
    assert s.phase is Phase.OVER and rules.status(s).over, f"{where}: phase {s.phase}"
    assert s.end_reason in (EndReason.TAXIS_LOW, EndReason.NO_MOVES), (
        f"{where}: end reason {s.end_reason}")
    if s.end_reason is EndReason.TAXIS_LOW:
        assert s.trigger is not None and s.seats[s.trigger].taxis <= rules.board.end_trigger, (
            f"{where}: ended for low taxis, trigger {s.trigger}")
    for seat, player in enumerate(s.seats):
        assert player.revealed is not None and sorted(player.revealed) == sorted(
            hidden.tickets[seat]), f"{where}: seat {seat} revealed {player.revealed}"
        assert player.tickets >= 1, f"{where}: seat {seat} kept no ticket"

    sheet = rules.score(s)
    expected = recount(raw, players, s.owners, hidden.tickets)
    assert sheet.final, f"{where}: the score sheet is not final"
    assert sheet.players == s.players
    assert sheet.categories == CATEGORIES, f"{where}: categories {sheet.categories}"
    for seat in range(players):
        got = tuple(sheet.of(seat, category) for category in CATEGORIES)
        assert got == expected["points"][seat], (
            f"{where}: seat {seat} scored {dict(zip(CATEGORIES, got))}, recount "
            f"{dict(zip(CATEGORIES, expected['points'][seat]))}")
    assert sheet.totals == expected["totals"], (
        f"{where}: totals {sheet.totals}, recount {expected['totals']}")
    assert (sheet.winners, sheet.decided_by, sheet.shared) == (
        expected["winners"], expected["decided_by"], expected["shared"]), (
        f"{where}: winners {sheet.winners} decided by {sheet.decided_by} shared {sheet.shared}; "
        f"recount {expected['winners']} {expected['decided_by']} {expected['shared']}")


def play_and_check(rules, raw: dict, players: int, seed: int, scan_blind: bool = False,
                   hoarding: bool = False, aim: bool = False, scanned_hands: bool = False,
                   every_step: bool = True) -> TtrPlayout:
    """Play one seeded game, checking the table after every step or only at the end."""
    game = (f"seed {seed} ({players} players, scan_blind={scan_blind}, hoarding={hoarding}, "
            f"aim={aim})")
    playout = TtrPlayout(rules, players, random.Random(seed), scan_blind=scan_blind, aim=aim,
                         scanned_hands=scanned_hands, **(HOARDING if hoarding else {}))
    if every_step:
        check_table(playout, f"{game} at the start")
    for step in range(MAX_STEPS):
        if playout.state.phase is Phase.OVER:
            break
        action = playout.choose()  # what playout.step() does, with the action at hand
        try:
            rules.apply(playout.state, action)
        except RuleViolation as error:
            raise AssertionError(f"{game} step {step}: the engine refused the table's move "
                                 f"{action.to_json()}: {error.code}: {error}") from error
        playout.log.append(action)
        if every_step:
            check_table(playout, f"{game} step {step} after {action.to_json()}")
    else:
        raise AssertionError(f"{game}: no end after {MAX_STEPS} steps "
                             f"(phase {playout.state.phase})")
    check_table(playout, f"{game} at the end")
    check_end(playout, raw, f"{game} at the end")
    return playout


def run_games(rules, raw: dict, players: int, games: list[dict]) -> Counter:
    """Play and check every game, then fail listing each game that failed (the first few)."""
    failures: list[str] = []
    stats: Counter = Counter()
    for game in games:
        try:
            playout = play_and_check(rules, raw, players, **game)
        except AssertionError as error:  # its message names the game
            failures.append(str(error).split("\nassert")[0][:800])
            continue
        except Exception as error:  # noqa: BLE001 - a crash: every failing seed is reported
            failures.append(f"{players} players, {game}: {type(error).__name__}: {error}"[:800])
            continue
        sheet = rules.score(playout.state)
        stats[playout.state.end_reason.value] += 1
        stats["shared" if sheet.shared else "decided" if sheet.decided_by else "clear"] += 1
        stats["step_checked"] += game["every_step"]
        stats["scan_blind"] += game.get("scan_blind", False)
        stats["hoarding"] += game["hoarding"]
        stats["completed_a_ticket"] += sum(sheet.of(seat, "tickets_completed") > 0
                                           for seat in range(players))
        stats["passes"] += sum(action.type == "pass" for action in playout.log)
        stats["steps"] += len(playout.log)
    assert not failures, (
        f"{len(failures)} of {len(games)} {players}-player games failed "
        f"(first {SHOWN_FAILURES} shown):\n" + "\n".join(failures[:SHOWN_FAILURES]))
    assert stats["taxis_low"] + stats["no_moves"] == len(games)
    print(f"{players} players: {dict(stats)}")
    return stats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(rules, raw_board, players):
    """1000 games of random players per player count; the first 200 checked after every step."""
    games = [{"seed": game_seed(players, index), "scan_blind": scans_blind(index),
              "hoarding": hoards(index), "every_step": index < STEP_CHECKED}
             for index in range(GAMES_PER_COUNT)]
    stats = run_games(rules, raw_board, players, games)
    # the games exercised what they were meant to
    assert all(stats[key] > 0 for key in ("step_checked", "scan_blind", "hoarding", "clear",
                                          "completed_a_ticket")), stats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_with_aiming_players(rules, raw_board, players):
    """Players who claim routes on their tickets' shortest paths (`aim=True`) complete many
    tickets, so the scoring sees real networks; some hoard, some have a scanner."""
    games = [{"seed": game_seed(players, AIM_OFFSET + index), "scan_blind": scans_blind(index),
              "hoarding": index % 2 == 1, "aim": True, "every_step": index < AIM_STEP_CHECKED}
             for index in range(AIM_GAMES_PER_COUNT)]
    stats = run_games(rules, raw_board, players, games)
    assert stats["completed_a_ticket"] > AIM_GAMES_PER_COUNT, stats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_with_every_card_scanned(rules, raw_board, players):
    """[decision] Strict scanning: the engine's hands equal the real hands after setup, and
    every payment the table makes is accepted against them."""
    games = [{"seed": game_seed(players, SCANNED_OFFSET + index), "scanned_hands": True,
              "hoarding": index % 2 == 1, "aim": index % 3 == 0, "every_step": index < 20}
             for index in range(100)]
    stats = run_games(rules, raw_board, players, games)
    assert stats["step_checked"] > 0, stats
