"""Manhattan TraffIQ's table option: when actions may be forfeited, one test per
setting, named after the rule; the header carries it and a log without it replays with the
default. docs/traffiq-rules.md quotes the rulebook's sentence."""

from __future__ import annotations

import json

import pytest

from companion.boards import rules_for
from companion.core.rules import RuleViolation
from companion.gamelog import fold_lines
from companion.games.traffiq.engine import DrawTile, EndTurn
from companion.games.traffiq.engine.options import Forfeit, TraffiqTable
from companion.resources import data_dir
from tests.games.traffiq.test_traffiq_rules import new_game, place, refused


@pytest.fixture(scope="module")
def tq():
    return rules_for("manhattan-traffiq")


def open_moves(tq, s):
    return {m.kind: m for m in tq.moves(s, s.current)}


def test_actions_may_be_forfeited_at_any_time_by_default(tq):
    s = new_game(tq)
    assert s.table.forfeit is Forfeit.ANY_TIME
    tq.apply(s, EndTurn(0))  # both actions let go
    place(tq, s, (2, 0))
    tq.apply(s, EndTurn(1))  # the second let go
    assert s.current == 0


def test_actions_forfeited_only_in_the_last_round_when_the_table_says_so(tq):
    s = new_game(tq, forfeit="last_round")
    refused(tq, s, EndTurn(0), "forfeit_last_round")
    assert open_moves(tq, s)["end_turn"].reason.code == "forfeit_last_round"
    place(tq, s, (2, 0))
    refused(tq, s, EndTurn(0), "forfeit_last_round")
    tq.apply(s, DrawTile(0))  # the second action: the turn passes
    assert s.current == 1
    s.supply = 0  # set directly: the last tile was drawn, the last round is on
    s.last_drawer = 0
    tq.apply(s, EndTurn(1))
    assert s.current == 0


def test_wrong_forfeit_value_is_refused(tq):
    with pytest.raises(RuleViolation) as info:
        new_game(tq, forfeit="never")
    assert info.value.code == "bad_option"


def test_the_header_carries_forfeit_and_replay_honours_it():
    header = {"game": "manhattan-traffiq", "players": ["Anna", "Ben"],
              "options": {"first": 0, "forfeit": "last_round"}}
    game = fold_lines([json.dumps(header)])
    assert game.state.table == TraffiqTable(Forfeit.LAST_ROUND)
    with pytest.raises(Exception) as info:
        fold_lines([json.dumps(header), json.dumps({"type": "end_turn", "seat": 0})])
    assert "last round" in str(info.value)


def test_old_logs_without_forfeit_replay_with_the_default():
    path = data_dir() / "traffiq" / "examples" / "traffiq-2p.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "forfeit" not in lines[0]
    assert fold_lines(lines).state.table == TraffiqTable()
