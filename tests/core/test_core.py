"""The shared vocabulary in companion.core.rules: the action codec, rule violations, the score
sheet and turn order."""

from __future__ import annotations

import json

import pytest

from companion.core.rules import ActionCodec, RuleViolation, ScoreSheet, TieBreak, next_seat
from companion.games.ttr_nyc.engine import (ClaimRoute, DrawBlind, DrawTickets, KeepTickets,
    Pass, PlaceRoute, RevealTickets, ShowHand, TakeFaceUp, TtrNyc, TurnUp)
from companion.games.ttr_nyc.engine.actions import ACTIONS

# ---- ActionCodec ---------------------------------------------------------------------------

# One or more examples of every Ticket to Ride: New York action, covering optional fields,
# empty and non-empty tuples.
EXAMPLES = [
    TurnUp(("red", "taxi", "blue", "green", "orange")),
    TurnUp(("pink",)),
    TurnUp(()),
    KeepTickets(0, 1),
    KeepTickets(3, 2),
    ShowHand(1, ("red", "taxi")),
    DrawBlind(1),
    DrawBlind(2, "taxi"),
    TakeFaceUp(0, 4, "black"),
    ClaimRoute(1, "r23", ("pink", "pink", "taxi", "pink")),
    ClaimRoute(0, "r08", ("taxi",)),
    DrawTickets(2, 1),
    Pass(3),
    RevealTickets(0, ("t01", "t18")),
    RevealTickets(1, ()),
    PlaceRoute(2, "r41"),
]


@pytest.fixture(scope="module")
def codec() -> ActionCodec:
    return ActionCodec(ACTIONS)


def _violation(codec: ActionCodec, obj) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        codec.parse(obj)
    return info.value


def test_examples_cover_every_action_type():
    assert {type(a) for a in EXAMPLES} == set(ACTIONS)
    assert len({cls.type for cls in ACTIONS}) == len(ACTIONS)  # JSON names are unique


def test_the_engine_codec_knows_every_action(codec):
    assert set(TtrNyc.codec.classes) == set(codec.classes) == {cls.type for cls in ACTIONS}


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.type)
def test_round_trip_through_to_json_and_parse(codec, action):
    obj = action.to_json()
    assert obj["type"] == action.type
    parsed = codec.parse(obj)
    assert type(parsed) is type(action)
    assert parsed == action
    assert parsed.to_json() == obj


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.type)
def test_round_trip_through_json_text(codec, rules, action):
    text = json.dumps(action.to_json())
    parsed = codec.parse(json.loads(text))
    assert parsed == action
    assert json.dumps(parsed.to_json()) == text
    assert rules.parse_action(json.loads(text)) == action  # the engine's own codec agrees


def test_to_json_turns_tuples_into_lists():
    obj = ClaimRoute(1, "r23", ("pink", "taxi")).to_json()
    assert obj == {"type": "claim_route", "seat": 1, "route": "r23", "cards": ["pink", "taxi"]}
    assert TurnUp(()).to_json() == {"type": "turn_up", "cards": []}


def test_parse_freezes_lists_into_tuples(codec):
    action = codec.parse({"type": "turn_up", "cards": ["red", "blue"]})
    assert action.cards == ("red", "blue")
    assert isinstance(action.cards, tuple)
    hash(action)  # frozen and hashable


def test_optional_field_may_be_left_out_or_null(codec):
    assert codec.parse({"type": "draw_blind", "seat": 1}) == DrawBlind(1, None)
    assert codec.parse({"type": "draw_blind", "seat": 1, "card": None}) == DrawBlind(1, None)
    assert DrawBlind(1).to_json() == {"type": "draw_blind", "seat": 1, "card": None}


@pytest.mark.parametrize("obj", [
    None, 3, 2.5, True, "turn_up", ["turn_up"], [], ("draw_blind", 0), b"{}",
], ids=repr)
def test_not_an_object_is_malformed(codec, obj):
    error = _violation(codec, obj)
    assert error.code == "malformed_action"
    assert error.params == {"kind": type(obj).__name__}


@pytest.mark.parametrize("obj", [
    {},
    {"seat": 0},
    {"Type": "pass", "seat": 0},
], ids=repr)
def test_missing_type_is_refused(codec, obj):
    error = _violation(codec, obj)
    assert error.code == "unknown_action"
    assert error.params == {"kind": None}


@pytest.mark.parametrize("kind", [
    "fly", "", "Pass", "PASS", "turn-up", " pass", 3, None, True, ["pass"], {"type": "pass"},
], ids=repr)
def test_unknown_or_non_string_type_is_refused(codec, kind):
    error = _violation(codec, {"type": kind, "seat": 0})
    assert error.code == "unknown_action"
    assert error.params == {"kind": kind}


@pytest.mark.parametrize("obj, field", [
    ({"type": "turn_up"}, "cards"),
    ({"type": "keep_tickets", "seat": 0}, "kept"),
    ({"type": "keep_tickets", "kept": 1}, "seat"),
    ({"type": "draw_blind"}, "seat"),
    ({"type": "take_face_up", "seat": 0, "card": "red"}, "slot"),
    ({"type": "take_face_up", "seat": 0, "slot": 1}, "card"),
    ({"type": "claim_route", "seat": 0, "cards": ["red"]}, "route"),
    ({"type": "claim_route", "seat": 0, "route": "r01"}, "cards"),
    ({"type": "draw_tickets", "seat": 0}, "kept"),
    ({"type": "pass"}, "seat"),
    ({"type": "reveal_tickets", "seat": 0}, "tickets"),
    ({"type": "place_route", "seat": 0}, "route"),
], ids=lambda v: v if isinstance(v, str) else v["type"])
def test_missing_field_is_malformed(codec, obj, field):
    error = _violation(codec, obj)
    assert error.code == "malformed_action"
    assert error.params == {"kind": obj["type"], "field": field}
    assert repr(field) in error.message


@pytest.mark.parametrize("obj, field", [
    # bool is an int in Python, but not a seat number
    ({"type": "pass", "seat": True}, "seat"),
    ({"type": "pass", "seat": False}, "seat"),
    ({"type": "keep_tickets", "seat": 0, "kept": True}, "kept"),
    ({"type": "take_face_up", "seat": 0, "slot": False, "card": "red"}, "slot"),
    # other wrong kinds for an int
    ({"type": "pass", "seat": "0"}, "seat"),
    ({"type": "pass", "seat": 1.0}, "seat"),
    ({"type": "pass", "seat": None}, "seat"),
    ({"type": "pass", "seat": [0]}, "seat"),
    ({"type": "draw_tickets", "seat": 0, "kept": "2"}, "kept"),
    # wrong kinds for a str
    ({"type": "take_face_up", "seat": 0, "slot": 1, "card": 3}, "card"),
    ({"type": "take_face_up", "seat": 0, "slot": 1, "card": None}, "card"),
    ({"type": "take_face_up", "seat": 0, "slot": 1, "card": ["red"]}, "card"),
    ({"type": "place_route", "seat": 0, "route": 1}, "route"),
    ({"type": "claim_route", "seat": 0, "route": None, "cards": []}, "route"),
    # wrong kinds for an optional str
    ({"type": "draw_blind", "seat": 0, "card": 4}, "card"),
    ({"type": "draw_blind", "seat": 0, "card": False}, "card"),
    ({"type": "draw_blind", "seat": 0, "card": ["red"]}, "card"),
    # wrong kinds for a tuple of str
    ({"type": "turn_up", "cards": "red"}, "cards"),
    ({"type": "turn_up", "cards": None}, "cards"),
    ({"type": "turn_up", "cards": {"red": 1}}, "cards"),
    ({"type": "turn_up", "cards": ["red", 1]}, "cards"),
    ({"type": "turn_up", "cards": ["red", None]}, "cards"),
    ({"type": "turn_up", "cards": [["red"]]}, "cards"),
    ({"type": "claim_route", "seat": 0, "route": "r01", "cards": "red,red"}, "cards"),
    ({"type": "reveal_tickets", "seat": 0, "tickets": [1, 2]}, "tickets"),
    ({"type": "reveal_tickets", "seat": 0, "tickets": "t01"}, "tickets"),
], ids=lambda v: v if isinstance(v, str) else json.dumps(v))
def test_wrong_field_type_is_malformed(codec, obj, field):
    error = _violation(codec, obj)
    assert error.code == "malformed_action"
    assert error.params == {"kind": obj["type"], "field": field, "value": obj[field]}


@pytest.mark.parametrize("obj, extra", [
    ({"type": "pass", "seat": 0, "card": "red"}, "card"),
    ({"type": "turn_up", "cards": [], "seat": 0}, "seat"),
    ({"type": "draw_blind", "seat": 0, "card": None, "slot": 2}, "slot"),
    ({"type": "keep_tickets", "seat": 0, "kept": 1, "tickets": ["t01"], "Seat": 0},
     "Seat, tickets"),
], ids=lambda v: v if isinstance(v, str) else v["type"])
def test_extra_field_is_malformed(codec, obj, extra):
    error = _violation(codec, obj)
    assert error.code == "malformed_action"
    assert error.params == {"kind": obj["type"], "fields": extra}


def test_a_codec_knows_only_its_own_actions():
    small = ActionCodec([Pass])
    assert small.parse({"type": "pass", "seat": 1}) == Pass(1)
    assert _violation(small, {"type": "draw_blind", "seat": 1}).code == "unknown_action"


# ---- RuleViolation ---------------------------------------------------------------------------

def test_rule_violation_carries_code_params_and_message():
    error = RuleViolation("route_taken", "{route} is already claimed by {player}.",
                          route="Soho – Wall Street", player="Ann")
    assert isinstance(error, Exception)
    assert error.code == "route_taken"
    assert error.params == {"route": "Soho – Wall Street", "player": "Ann"}
    assert error.template == "{route} is already claimed by {player}."
    assert error.message == "Soho – Wall Street is already claimed by Ann."
    assert str(error) == error.message


def test_rule_violation_formats_with_conversions():
    error = RuleViolation("unknown_card", "There is no {card!r} card.", card="purple")
    assert error.message == "There is no 'purple' card."
    assert error.params == {"card": "purple"}


def test_rule_violation_template_is_always_a_format_string():
    """The UI formats every template with its params, so literal braces are doubled even
    when there are no params (the CLI and the UI then show the same text)."""
    error = RuleViolation("bad_header", 'Start with {{"game": "ttr-nyc"}}.')
    assert error.params == {}
    assert error.message == 'Start with {"game": "ttr-nyc"}.'


def test_rule_violation_to_json():
    error = RuleViolation("payment_count", "{route} needs {length} cards, not {given}.",
                          route="r01", length=2, given=3)
    out = error.to_json()
    assert out == {"code": "payment_count", "message": "r01 needs 2 cards, not 3.",
                   "params": {"route": "r01", "length": 2, "given": 3}}
    assert json.loads(json.dumps(out)) == out
    out["params"]["length"] = 99  # a copy: changing it does not change the error
    assert error.params["length"] == 2


def test_rule_violation_can_be_raised_and_caught():
    with pytest.raises(RuleViolation, match="It is Ann's turn"):
        raise RuleViolation("not_your_turn", "It is {player}'s turn.", player="Ann")


# ---- ScoreSheet.build ------------------------------------------------------------------------

CATS = ("routes", "tickets", "attractions")
MOST_TICKETS = "most_tickets_completed"


def _tb(code: str, *values: int) -> TieBreak:
    return TieBreak(code, code.replace("_", " "), tuple(values))


def test_clear_winner():
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy"), CATS,
                             [[10, 5, 2], [20, -3, 1], [8, 8, 0]],
                             [_tb(MOST_TICKETS, 0, 0, 9)])
    assert sheet.totals == (17, 18, 16)
    assert sheet.winners == (1,)
    assert sheet.decided_by is None  # the tie-break was not needed
    assert sheet.shared is False
    assert sheet.final is True
    assert sheet.players == ("Ann", "Bob", "Cy")
    assert sheet.categories == CATS
    assert sheet.points == ((10, 5, 2), (20, -3, 1), (8, 8, 0))
    assert sheet.of(1, "tickets") == -3
    assert sheet.of(2, "attractions") == 0


def test_clear_winner_with_negative_totals():
    sheet = ScoreSheet.build(("Ann", "Bob"), CATS, [[1, -10, 0], [0, -4, 1]])
    assert sheet.totals == (-9, -3)
    assert sheet.winners == (1,)
    assert sheet.shared is False and sheet.decided_by is None


def test_tie_decided_by_a_tiebreak():
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy"), CATS,
                             [[10, 2, 1], [5, 7, 1], [3, 0, 0]],
                             [_tb(MOST_TICKETS, 1, 3, 5)])
    assert sheet.totals == (13, 13, 3)
    # Cy completed the most tickets but is not among the leaders
    assert sheet.winners == (1,)
    assert sheet.decided_by == MOST_TICKETS
    assert sheet.shared is False


def test_tie_that_stays_shared():
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy", "Di"), CATS,
                             [[4, 4, 1], [9, 0, 0], [2, 2, 2], [7, 1, 1]],
                             [_tb(MOST_TICKETS, 2, 2, 1, 2)])
    assert sheet.totals == (9, 9, 6, 9)
    assert sheet.winners == (0, 1, 3)
    assert sheet.shared is True
    assert sheet.decided_by is None


def test_tie_without_tiebreaks_is_shared():
    sheet = ScoreSheet.build(("Ann", "Bob"), CATS, [[3, 0, 0], [1, 1, 1]])
    assert sheet.winners == (0, 1)
    assert sheet.shared is True
    assert sheet.decided_by is None


def test_three_way_tie_narrowed_to_two_names_the_tiebreak_that_narrowed_it():
    """A tie-break that drops some leaders from a shared victory is named, though the
    victory stays shared."""
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy", "Di"), CATS,
                             [[5, 5, 0], [10, 0, 0], [1, 0, 0], [8, 1, 1]],
                             [_tb(MOST_TICKETS, 2, 1, 9, 2)])
    assert sheet.totals == (10, 10, 1, 10)
    assert sheet.winners == (0, 3)
    assert sheet.shared is True
    assert sheet.decided_by == MOST_TICKETS  # Bob dropped out on completed tickets


def test_four_tied_one_drops_out_two_share_names_the_narrowing_step():
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy", "Di"), CATS,
                             [[7, 0, 0], [7, 0, 0], [7, 0, 0], [7, 0, 0]],
                             [_tb(MOST_TICKETS, 3, 3, 3, 1), _tb("longest_route", 5, 5, 2, 0)])
    assert sheet.winners == (0, 1) and sheet.shared is True
    assert sheet.decided_by == "longest_route"  # the last step that narrowed it


def test_a_shared_victory_no_tiebreak_narrowed_names_none():
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy"), CATS, [[7, 0, 0], [7, 0, 0], [1, 0, 0]],
                             [_tb(MOST_TICKETS, 2, 2, 9)])
    assert sheet.winners == (0, 1) and sheet.shared is True and sheet.decided_by is None


def test_three_way_tie_narrowed_then_decided_by_a_second_tiebreak():
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy"), CATS,
                             [[6, 0, 0], [6, 0, 0], [6, 0, 0]],
                             [_tb(MOST_TICKETS, 3, 1, 3), _tb("longest_route", 4, 9, 5),
                              _tb("never_needed", 9, 0, 0)])
    assert sheet.winners == (2,)
    assert sheet.decided_by == "longest_route"
    assert sheet.shared is False


def test_a_tiebreak_that_separates_nobody_passes_to_the_next():
    sheet = ScoreSheet.build(("Ann", "Bob"), CATS, [[6, 0, 0], [0, 6, 0]],
                             [_tb("first", 2, 2), _tb("second", 0, 1)])
    assert sheet.winners == (1,)
    assert sheet.decided_by == "second"
    assert sheet.shared is False


def test_totals_and_provisional_sheet():
    sheet = ScoreSheet.build(["Ann", "Bob"], list(CATS), ((1, 2, 3), (4, 5, -6)), final=False)
    assert sheet.totals == (6, 3)
    assert sheet.final is False
    assert isinstance(sheet.players, tuple) and isinstance(sheet.points[0], tuple)


def test_score_sheet_to_json():
    sheet = ScoreSheet.build(("Ann", "Bob", "Cy"), CATS,
                             [[10, 2, 1], [5, 7, 1], [3, 0, 0]],
                             [_tb(MOST_TICKETS, 1, 3, 5)])
    out = sheet.to_json()
    assert out == {
        "players": [
            {"name": "Ann", "seat": 0, "total": 13,
             "points": {"routes": 10, "tickets": 2, "attractions": 1}},
            {"name": "Bob", "seat": 1, "total": 13,
             "points": {"routes": 5, "tickets": 7, "attractions": 1}},
            {"name": "Cy", "seat": 2, "total": 3,
             "points": {"routes": 3, "tickets": 0, "attractions": 0}},
        ],
        "categories": ["routes", "tickets", "attractions"],
        "winners": [1],
        "decided_by": MOST_TICKETS,
        "shared": False,
        "final": True,
    }
    assert json.loads(json.dumps(out)) == out


def test_shared_score_sheet_to_json():
    out = ScoreSheet.build(("Ann", "Bob"), CATS, [[1, 0, 0], [0, 0, 1]],
                           [_tb(MOST_TICKETS, 0, 0)], final=False).to_json()
    assert out["winners"] == [0, 1]
    assert out["shared"] is True
    assert out["decided_by"] is None
    assert out["final"] is False


# ---- next_seat -------------------------------------------------------------------------------

@pytest.mark.parametrize("seat, seats, expected", [
    (0, 2, 1), (1, 2, 0),
    (0, 3, 1), (1, 3, 2), (2, 3, 0),
    (0, 4, 1), (2, 4, 3), (3, 4, 0),
])
def test_next_seat(seat, seats, expected):
    assert next_seat(seat, seats) == expected


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_next_seat_visits_every_seat_once_per_round(seats):
    for start in range(seats):
        order, seat = [], start
        for _ in range(seats):
            order.append(seat)
            seat = next_seat(seat, seats)
        assert seat == start
        assert sorted(order) == list(range(seats))
