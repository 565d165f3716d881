"""Railways of the World's table options: each reading the rulebook leaves open,
one test per setting, named after the rule; the header carries the options and a log without them
replays with the defaults. docs/rotw-rules.md lists them with the rulebook's sentences."""

from __future__ import annotations

import json

import pytest

from companion.boards import rules_for
from companion.core.rules import RuleViolation
from companion.core.table_options import table_options_json
from companion.gamelog import Header, fold, fold_lines
from companion.games.rotw.engine import (START, Deliver, Pass, TakeDeck, TakeDiscard,
    TakeDisplay, TurnUp)
from companion.games.rotw.engine.box import Card
from companion.games.rotw.engine.options import FamilyLocomotives, RotwTable
from companion.resources import data_dir
from tests.games.rotw.test_rotw_rules import build, line_of_cities, refused

NAMES = ("Becky", "Steve")


@pytest.fixture(scope="module")
def rules():
    return rules_for("rotw-card-game")


def table(rules, display=("purple-1", "orange-2", "white-1"), **options):
    s = rules.new_state(NAMES, {"first": 0, **options})
    rules.apply(s, TurnUp(display))
    return s


# ---- a face-up Locomotive as the second card ----------------------------------------------------

@pytest.mark.parametrize("second", [True, False])
def test_no_second_card_is_asked_for_where_only_a_locomotive_is_left_to_take(rules, second):
    """[decision] After the first card, with only face-up Locomotives left (the draw pile
    empty), the taking ends by itself where a Locomotive is never the second card."""
    s = table(rules, display=("loco", "loco", "loco"), locomotive_second=second)
    rules.apply(s, Pass(0))
    s.deck = 1  # set directly: the last card of the draw pile
    rules.apply(s, TakeDeck(0))
    assert (s.current, s.taken) == ((0, 1) if second else (1, 0))

def test_locomotive_may_be_taken_as_the_second_card_by_default(rules):
    s = table(rules, display=("loco", "orange-2", "white-1"))
    assert s.table.locomotive_second is True
    rules.apply(s, Pass(0))
    rules.apply(s, TakeDeck(0))
    rules.apply(s, TakeDisplay(0, 0, "loco"))
    assert s.seats[0].hand.known[Card.LOCO] == 2 and s.current == 1


def test_locomotive_only_as_the_first_card_when_the_table_says_so(rules):
    s = table(rules, display=("loco", "orange-2", "white-1"), locomotive_second=False)
    rules.apply(s, Pass(0))
    rules.apply(s, TakeDeck(0))
    refused(rules, s, TakeDisplay(0, 0, "loco"), "locomotive_second")
    s.discard.append(Card.LOCO)  # set directly: a Locomotive discarded earlier
    refused(rules, s, TakeDiscard(0, "loco"), "locomotive_second")
    rules.apply(s, TakeDisplay(0, 1, "orange-2"))  # any other card may still be the second
    assert s.current == 1
    rules.apply(s, TurnUp(("purple-2",)))
    rules.apply(s, Pass(1))
    rules.apply(s, TakeDisplay(1, 0, "loco"))  # as the first card: taken, and it ends the step
    assert s.current == 0


# ---- a value-5 city and the cubes passing through ----------------------------------------------

def five_in_the_middle(rules, **options):
    s = table(rules, **options)
    line_of_cities(s)
    s.cities["c2"].value, s.cities["c2"].demand = 5, None  # set directly: a value-5 city
    s.seats[0].locomotives = 3
    return s


def test_value_five_city_lets_cubes_pass_through_by_default(rules):
    s = five_in_the_middle(rules)
    assert ("c1", "c4", "yellow") in rules.deliveries(s, 0)
    rules.apply(s, Deliver(0, "c1", "c4", "yellow"))


def test_value_five_city_stops_every_cube_when_the_table_says_so(rules):
    s = five_in_the_middle(rules, value_five_stops=True)
    found = rules.deliveries(s, 0)
    assert ("c1", "c4", "yellow") not in found and ("c1", "c2", "yellow") in found
    refused(rules, s, Deliver(0, "c1", "c4", "yellow"), "stops_earlier")
    rules.apply(s, Deliver(0, "c1", "c2", "yellow"))


# ---- the family variant's Locomotive cards -------------------------------------------------------

def test_family_variant_keeps_the_locomotives_as_jokers_by_default(rules):
    s = table(rules, family=True)
    assert s.seats[0].hand.known[Card.LOCO] == 1 and s.deck == 111 - 8 - 3  # dealt, then the display
    rules.apply(s, build(0, 2, START, "orange", ("orange-1", "loco")))  # a joker worth 1


def test_family_variant_without_locomotives_when_the_table_removes_them(rules):
    s = table(rules, family=True, family_locomotives="removed")
    assert all(p.hand.known[Card.LOCO] == 0 and p.hand.size == 3 for p in s.seats)
    assert s.deck == 111 - 21 - 6 - 3  # no Locomotives; dealt; the display
    refused(rules, s, build(0, 2, START, "orange", ("orange-1", "loco")), "not_in_this_game")
    rules.apply(s, Pass(0))
    refused(rules, s, TakeDeck(0, "loco"), "not_in_this_game")
    fresh = rules.new_state(NAMES, {"family": True, "family_locomotives": "removed"})
    refused(rules, fresh, TurnUp(("loco", "orange-2", "white-1")), "not_in_this_game")


def test_removed_locomotives_only_in_the_family_variant(rules):
    """The option answers the family variant's sentence: the full game keeps its Locomotives."""
    s = table(rules, family_locomotives="removed")
    assert s.seats[0].hand.known[Card.LOCO] == 1 and s.deck == 111 - 8 - 3  # dealt, then the display


# ---- the header ---------------------------------------------------------------------------------

def test_wrong_option_values_are_refused(rules):
    for options in ({"locomotive_second": "yes"}, {"value_five_stops": 1},
                    {"family_locomotives": "kept"}):
        with pytest.raises(RuleViolation) as info:
            rules.new_state(NAMES, options)
        assert info.value.code == "bad_option"


def test_the_header_carries_the_table_options_and_replay_honours_them(rules):
    chosen = RotwTable(False, True, FamilyLocomotives.REMOVED)
    header = Header("rotw-card-game", NAMES, {"first": 0, "family": True,
                                               **table_options_json(chosen)})
    line = json.dumps(header.to_json())
    assert '"locomotive_second": false' in line and '"family_locomotives": "removed"' in line
    game = fold_lines([line, json.dumps({"type": "turn_up",
                                         "cards": ["purple-1", "orange-2", "white-1"]})])
    assert game.state.table == chosen
    assert game.undo() and game.state.table == chosen  # undo folds the header again


def test_old_logs_without_table_options_replay_with_the_defaults():
    with open(data_dir() / "rotw" / "examples" / "rotw-2p.jsonl", encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert "locomotive_second" not in lines[0]
    assert fold_lines(lines).state.table == RotwTable()
    assert fold(Header("rotw-card-game", NAMES), []).state.table == RotwTable()


def test_companion_replay_honours_the_headers_table_option(tmp_path, capsys, monkeypatch):
    """`companion replay`: the same log is legal at the default table and refused, naming its
    line, where the header says a Locomotive is only the first card."""
    from companion import cli
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "companion.db"))
    moves = [{"type": "turn_up", "cards": ["loco", "orange-2", "white-1"]},
             {"type": "pass", "seat": 0}, {"type": "take_deck", "seat": 0},
             {"type": "take_display", "seat": 0, "slot": 0, "card": "loco"}]
    for second, code in ((True, 0), (False, 1)):
        header = {"game": "rotw-card-game", "players": list(NAMES),
                  "options": {"first": 0, "locomotive_second": second}}
        path = tmp_path / f"second-{second}.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in [header, *moves]),
                        encoding="utf-8")
        assert cli.main(["replay", str(path)]) == code
        out, err = capsys.readouterr()
        if code:
            assert "line 5" in err and "only as the first card" in err, err
