"""The Railways of the World screens' own pieces, without a window: a city card as a tag stores
it (companion/games/rotw/ui/city_card.py), the order of the places a city may join
(ui/building.py) and the network's layout (ui/network.py). What the screens offer comes from the
engine: tests/games/rotw/test_rotw_moves.py."""

from __future__ import annotations

import math
import os
import random

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from companion.boards import rules_for  # noqa: E402
from companion.games.rotw.engine import START  # noqa: E402
from companion.games.rotw.playout import RotwPlayout  # noqa: E402
from companion.games.rotw.ui.building import joint_order  # noqa: E402
from companion.games.rotw.ui.city_card import CityCard  # noqa: E402
from companion.games.rotw.ui.network import layout, spread  # noqa: E402


def test_a_taught_city_card_is_read_back_as_taught():
    card = CityCard(3, "red", ("orange", "brown"))
    assert CityCard.from_value(card.to_value()) == card
    assert CityCard.from_value(CityCard(5, None, ("white",)).to_value()).demand is None
    assert CityCard.from_value('{"value": 3, "demand": null, "points": ["orange"]}') is None
    assert CityCard.from_value('{"value": 3, "demand": "red", "points": []}') is None
    assert CityCard.from_value("not json") is None


def game(seed: int = 1) -> RotwPlayout:
    playout = RotwPlayout(rules_for("rotw-card-game"), 2, random.Random(seed))
    playout.play()
    return playout


def test_the_start_board_is_offered_first_to_join():
    rules = rules_for("rotw-card-game")
    state = game().state
    joints = sorted(rules.joints(state, ("orange", "brown")), key=joint_order)
    assert [(j.city, j.colour) for j in joints[:2]] == [(START, "brown"), (START, "orange")]
    numbers = [int(j.city[1:]) for j in joints[2:]]
    assert numbers == sorted(numbers)
    assert all(state.cities[j.city].free(j.colour) for j in joints[2:])

def test_the_network_grows_outwards_from_the_start_board():
    state = game(1).state
    places = layout(list(state.cities), [(l.a, l.b) for l in state.links.values()])
    assert places[START] == (0.0, 0.0)
    for link in state.links.values():
        inner, outer = (link.a, link.b) if link.a == START or \
            int(link.a[1:]) < int(link.b[1:]) else (link.b, link.a)
        assert math.hypot(*places[outer]) > math.hypot(*places[inner])


def test_cities_joined_to_nothing_wait_on_the_outer_ring():
    places = layout(["c1", "c2"], [])
    assert all(math.isclose(math.hypot(*places[c]), 1.0) for c in ("c1", "c2"))


def test_crowded_cities_are_pushed_apart_inside_the_map():
    state = game(1).state
    unit = layout(list(state.cities), [(l.a, l.b) for l in state.links.values()])
    places = {c: (200 + x * 160, 150 + y * 110) for c, (x, y) in unit.items()}
    spread_out = spread(places, (40, 40, 360, 260), 50)
    assert spread_out[START] == places[START]
    points = list(spread_out.values())
    closest = min(math.hypot(a[0] - b[0], a[1] - b[1])
                  for i, a in enumerate(points) for b in points[i + 1:])
    assert closest >= 49
    assert all(40 <= x <= 360 and 40 <= y <= 260 for x, y in points)


def test_the_action_prompt_offers_a_cube_only_where_one_can_be_delivered():
    from companion.games.rotw.engine import Step
    from companion.games.rotw.ui.actions import PROMPTS, action_prompt
    rules = rules_for("rotw-card-game")
    playout = RotwPlayout(rules, 2, random.Random(1))
    s = rules.new_state(playout.players, playout.options)
    seen = set()
    for action in game(1).log:
        if s.step is Step.ACTION:
            is_open = {m.kind: m.open for m in rules.moves(s, s.current)}.get
            prompt = action_prompt(lambda kind: bool(is_open(kind)))
            assert (prompt == "action") == bool(is_open("deliver")), (prompt, s.current)
            seen.add(prompt)
        s = rules.apply(s, action)
    assert seen == {"action", "action_no_delivery"}  # no delivery at the start, some later
    assert "cube" not in PROMPTS["action_no_delivery"]()


def test_the_last_move_names_a_link_colour_without_an_english_article():
    from companion.games.rotw.engine import Build
    from companion.games.rotw.ui.words import describe
    line = describe(Build(1, 2, "red", ("orange", "white"), "start", "orange", ("orange-2",)),
                    ("Becky", "Steve"))
    assert "a orange" not in line
    assert line.startswith("Steve built") and "orange" in line and "City 2" in line


def test_the_log_names_a_city_as_the_network_shows_it_in_every_language():
    """A delivery's and a restock's line name each city by its value and demand colour with
    its id beside (as the network draws it: "City 3 (red) · c2"), not by its id alone."""
    from companion.app.i18n import tr
    from companion.games.rotw.engine import Deliver, DiscardRestock
    from companion.games.rotw.engine.state import City
    from companion.games.rotw.ui.words import city_name, describe
    s = rules_for("rotw-card-game").new_state(("Becky", "Steve"), {"first": 0})
    s.cities["c1"] = City("c1", 2, "blue", ("orange",))
    s.cities["c2"] = City("c2", 3, "red", ("orange",))
    players = ("Becky", "Steve")
    try:
        for language in ("en", "de", "hu", "ro", "sv"):
            tr.switch(language)
            delivered = describe(Deliver(0, "c1", "c2", "black"), players, state=s)
            restocked = describe(DiscardRestock(1, "orange-1", "c2"), players, state=s)
            for city, line in (("c1", delivered), ("c2", delivered), ("c2", restocked)):
                name = city_name(city, s)
                assert name in line and name.endswith(f" · {city}") and \
                    len(name) > len(city) + 5, (language, line)
            if language == "en":
                assert "from City 2 (blue) · c1 to City 3 (red) · c2" in delivered, delivered
    finally:
        tr.switch("en")


def test_a_tag_stands_for_a_city_card_a_rail_card_or_a_locomotive():
    from companion.games.rotw.ui.scanned import scanned_card
    from companion.games.rotw.ui.teach import CARD_KINDS, component_name
    from companion.store import TaggedComponent
    city = CityCard(3, "red", ("orange", "brown"))
    assert scanned_card(TaggedComponent("T1", "rotw-card-game", "city", city.to_value())) == \
        ("city-3", city)
    assert scanned_card(TaggedComponent("T2", "rotw-card-game", "card", "orange-2")) == \
        ("orange-2", None)
    assert scanned_card(TaggedComponent("T3", "rotw-card-game", "card", "loco")) == ("loco", None)
    assert scanned_card(TaggedComponent("T4", "rotw-card-game", "card", "pink-3")) is None
    assert scanned_card(TaggedComponent("T5", "rotw-card-game", "ticket", "x")) is None
    assert len(CARD_KINDS) == 11 and "loco" in CARD_KINDS  # every rail card and the Locomotive
    assert component_name(TaggedComponent("T2", "rotw-card-game", "card", "orange-2")) == \
        "rail card orange 2"
    assert component_name(TaggedComponent("T3", "rotw-card-game", "card", "loco")) == \
        "Locomotive"


class _Screen:
    """As much of the play screen as a scan's meaning reads and writes."""

    def __init__(self, dialog=None, open_moves=(), closed=None):
        self.dialog, self.seat, self.scanned_cities = dialog, 0, {}
        self.open_moves, self.submitted, self.said, self.refused = set(open_moves), [], [], []
        self.moves = dict(closed or {})
        self.building = type("B", (), {"scanned": staticmethod(lambda c: False)})()
        self.discarding = type("D", (), {"scanned_from_pile": lambda _s, key:
                                         self.submitted.append(("pile", key)) or True})()

    def is_open(self, kind):
        return kind in self.open_moves

    def submit(self, action):
        self.submitted.append(action)
        return True

    take = submit  # (the screen stores a Pass first where the take says it)

    def passes_by_taking(self, kind):
        return ("pass_by", kind) in self.open_moves

    def show_message(self, text, where=None, good=False):
        self.said.append(text)

    def refuse(self, reason, where=None):
        self.refused.append(reason)


class _Picker:
    """A card question as the scan reads it (CardPicker: a button per card, lit or grey)."""

    def __init__(self, kind, allowed):
        self.kind, self.answered, self.said = kind, [], []
        self.cards = {key: type("Card", (), {"disabled": key not in allowed})()
                      for key in ("loco", "city-3", "orange-2")}

    def on_card(self, key):
        self.answered.append(key)

    def say(self, text, good=False):
        self.said.append(text)


def test_a_scanned_card_is_what_the_open_question_asks_or_the_top_of_the_draw_pile():
    from companion.games.rotw.engine import TakeDeck
    from companion.games.rotw.ui.scanned import card_scanned
    from companion.store import TaggedComponent
    loco = TaggedComponent("T3", "rotw-card-game", "card", "loco")
    picker = _Picker("turn_up", {"loco", "orange-2"})
    assert card_scanned(_Screen(picker), loco) and picker.answered == ["loco"]  # as its tap
    picker = _Picker("turn_up", {"orange-2"})  # the engine leaves no Locomotive to turn up
    assert card_scanned(_Screen(picker), loco) and not picker.answered and picker.said
    # no question, cards may be taken: the top card of the draw pile, named
    screen = _Screen(open_moves={"take_deck"})
    assert card_scanned(screen, loco) and screen.submitted == [TakeDeck(0, "loco")]
    # the action step, nothing asked: the card taken says the player passed
    screen = _Screen(open_moves={("pass_by", "take_deck")})
    assert card_scanned(screen, loco) and screen.submitted == [TakeDeck(0, "loco")]
    # discard and draw asking where the card comes from: the draw pile
    screen = _Screen(type("Q", (), {"kind": "draw_after"})())
    assert card_scanned(screen, loco) and screen.submitted == [("pile", "loco")]
    # nothing asks for a card: said, nothing stored
    screen = _Screen()
    assert card_scanned(screen, loco) and not screen.submitted and screen.said
    # a city card dealt into a hand keeps its printed features for its build
    city = CityCard(3, "red", ("orange", "brown"))
    dealt = _Picker("show_card", {"city-3"})
    screen = _Screen(dealt)
    card_scanned(screen, TaggedComponent("T1", "rotw-card-game", "city", city.to_value()))
    assert dealt.answered == ["city-3"] and screen.scanned_cities == {0: [city]}


def test_a_cube_that_can_go_nowhere_is_not_offered_for_a_delivery():
    """The 2-player example, Becky's delivery from City 3 · c5 (a red and a black cube, no city
    demands black): the red cube is the one, not asked."""
    import json
    from companion.boards import data_dir
    from companion.games.rotw.ui.delivering import deliverable
    rules = rules_for("rotw-card-game")
    lines = (data_dir() / "rotw" / "examples" / "rotw-2p.jsonl").read_text().splitlines()
    head = json.loads(lines[0])
    s = rules.new_state(tuple(head["players"]), head["options"])
    for line in lines[1:70]:
        s = rules.apply(s, rules.parse_action(json.loads(line)))
    options = rules.cube_deliveries(s, 0, False)
    assert deliverable(options, "c5", ["red", "black"]) == ["red"]
    assert deliverable([], "c5", ["red", "black"]) == ["red", "black"]  # none: tapping says why


def test_a_card_entered_by_the_colours_it_lacks_keeps_the_link_colour():
    """The new city must show the link's colour (rulebook, A): where every colour starts marked
    and a tap takes one off, a tap on the link's colour leaves it marked."""
    from companion.games.rotw.ui.widgets import CityCardForm
    form = CityCardForm(lambda: None, fixed=2, marked="orange", lacking=True)
    form.add_point("orange")
    form.add_point("white")
    assert "orange" in form.points and "white" not in form.points, form.points


def test_a_card_taken_right_after_its_takers_pass_is_taken_back_with_it():
    """At the action step a card taken says its player passed: the screen stores Pass and the
    take at once, and reads them as one tap from the stored moves alone (so after a restart
    too); a second card, another player's take or a pass alone stand by themselves."""
    from companion.games.rotw.engine import Pass, StopTaking, TakeDeck, TakeDiscard, TakeDisplay
    from companion.games.rotw.ui.taking import moves_of_last_tap
    for take in (TakeDeck(0), TakeDisplay(0, 1, "orange-2"), TakeDiscard(0, "loco")):
        assert moves_of_last_tap([Pass(0), take]) == 2
    assert moves_of_last_tap([Pass(0), TakeDeck(0), TakeDeck(0)]) == 1  # the second card
    assert moves_of_last_tap([Pass(1), TakeDeck(0)]) == 1
    assert moves_of_last_tap([TakeDeck(0), Pass(0)]) == 1
    assert moves_of_last_tap([Pass(0), StopTaking(0)]) == 1
    assert moves_of_last_tap([TakeDeck(0)]) == 1
    assert moves_of_last_tap([]) == 1


def test_the_delivery_asks_where_a_cube_goes_naming_its_colour_and_its_city():
    """After the cube is tapped, the prompt says which cube it is: its colour and the city it
    leaves (as the network names it), so a table reading the screen knows what is moving."""
    from companion.games.rotw.engine import Step
    from companion.games.rotw.ui.actions import PROMPTS, deliver_to
    from companion.games.rotw.ui.words import city_name
    rules = rules_for("rotw-card-game")
    state = next(s for s in game_states(1) if s.step is Step.ACTION and rules.cube_deliveries(
        s, s.current, False))
    cube = rules.cube_deliveries(state, state.current, False)[0]
    prompt = deliver_to(cube.goods, cube.origin, state)
    assert cube.goods in prompt and city_name(cube.origin, state) in prompt, prompt
    assert "(ringed)" in prompt
    assert len(PROMPTS["deliver_to"]()) >= len(prompt)  # the prompt's height fits it


def game_states(seed: int):
    """Every state of a seeded 2-player game, in turn."""
    rules = rules_for("rotw-card-game")
    playout = RotwPlayout(rules, 2, random.Random(seed))
    s = rules.new_state(playout.players, playout.options)
    for action in game(seed).log:
        yield s
        s = rules.apply(s, action)


def test_a_picker_marks_the_cards_tapped_apart_from_those_the_app_pre_selected():
    """The payment grid: the cards of the answer tapped on it count as tapped (the badge's
    count), the rest as the app's pre-selection (the cheapest payment), shown another way."""
    from companion.games.rotw.ui.card_marks import split_marks
    assert split_marks(["orange-2", "loco"], []) == {"orange-2": (0, 1), "loco": (0, 1)}
    assert split_marks(["orange-1"], ["orange-1"]) == {"orange-1": (1, 0)}
    assert split_marks(["white-1", "white-1"], ["white-1", "white-1"]) == {"white-1": (2, 0)}
    assert split_marks(["loco"], ["white-1", "loco"]) == {"loco": (1, 0)}  # one taken back
    assert split_marks([], ["loco"]) == {}
