"""Filled sentences stay grammatical with real names, cities, phases and positions.

Every message with a blank is rendered in German, Hungarian, Romanian and Swedish with the
values the app's own fill functions put there: players named Anna, Péter, Lars and Max (a name
ending in a vowel, in a consonant, in s and in x), every kind of city Railways of the World
names (`city_name`: the start board, a value-5 city, a city with a demand) and a Ticket to Ride
location, every phase (`PHASE_NAMES`) and step (`STEP_NAMES`), every place of a TraffIQ start
tile (`PLACE_NAMES`, with n = 1), the games' colour and card names, and the counts 0, 1, 2, 21
and 101. The filled text is checked for the patterns a native review found: a possessive or a
case ending glued onto a name ("Larss tur"), a city followed by a word that declines it ("a
kezdő Város Tábla városon"), a colour after the word for colour that must agree with it ("de
culoare albastru", "der Farbe blau"), a phase after "faza"/"fasen", Romanian "a 1-a", and a
German preposition before a city that brings its own article ("In die Startstadt"), a count
after a possessive ("deine 1 behaltene", "din 1 behållna") and a Hungarian one-form text that
says "each of them" for one card ("koppints mindegyikre (1/1)")."""

from __future__ import annotations

import re
import string
from types import SimpleNamespace

import pytest

from companion.app import catalog
from companion.app.i18n import _, ngettext, tr
from companion.app.words import PHASE_NAMES
from companion.games.rotw.engine import START
from companion.games.rotw.ui import words as rotw
from companion.games.traffiq.ui import words as traffiq
from companion.games.ttr_nyc.ui import words as ttr

LANGUAGES = catalog.TRANSLATED
NAMES = ("Anna", "Péter", "Lars", "Max")
COUNTS = (0, 1, 2, 21, 101)
# A Railways table with a value-5 city (no demand) and a value-3 city that demands red goods.
STATE = SimpleNamespace(cities={"c4": SimpleNamespace(value=5, demand=None),
                                "c7": SimpleNamespace(value=3, demand="red")})
PLAYER_BLANKS = {"player", "other", "players", "winners", "owner", "a_name", "b_name"}
CITY_BLANKS = {"city", "a", "b", "origin", "destination"}
# Blanks that hold a count in the messages that have them.
NOT_COUNTS = {"tag", "what", "reason", "path", "folder", "name", "kind", "field", "fields",
              "mode", "error", "known", "example", "move", "when", "date", "outcome",
              "totals", "result", "button", "scenario", "vehicle", "vehicles", "edge", "edges",
              "ticket", "also", "done", "route", "game", "option", "key", "press", "hold",
              "cards", "cubes", "links", "locos", "taxis", "vans", "colours", "step", "phase",
              "where", "location", "locations", "label", "what_next", "text", "title", "seat",
              "byte", "line", "detail", "details", "problem", "cell", "tile", "tiles"}
CONSTANTS = {"limit": 1048576, "depth": 32}
T0, T1, C0, C1 = "\x05", "\x06", "\x01", "\x02"
TEXT = T0 + r"[^\x06]*" + T1
COLOUR = C0 + r"[^\x02]*" + C1


def game_of(files) -> str | None:
    for game in ("rotw", "ttr_nyc", "traffiq"):
        if any(f"/{game}/" in name for name in files):
            return game
    return None


def colour_values(game: str | None) -> list[str]:
    """The names the game's own fill functions give a colour or card blank."""
    rotw_names = ([rotw.rail_name(c) for c in rotw.RAIL_NAMES]
                  + [rotw.goods_name(c) for c in rotw.GOODS_NAMES]
                  + [rotw.player_colour_name(c) for c in rotw.PLAYER_COLOUR_NAMES])
    ttr_names = [ttr.card_name(c) for c in ttr.CARD_NAMES] + \
        [ttr.taxi_colour_name(c) for c in ttr.TAXI_COLOUR_NAMES]
    traffiq_names = [traffiq.colour_name(c) for c in traffiq.COLOUR_NAMES]
    return {"rotw": rotw_names, "ttr_nyc": ttr_names, "traffiq": traffiq_names}.get(
        game, rotw_names + ttr_names + traffiq_names)


def card_values(game: str | None) -> list[str]:
    if game == "rotw":
        return [rotw.card_name(k) for k in ("loco", "city-3", "orange-2", "light_green-1")]
    return colour_values(game)


def city_values() -> list[str]:
    """Railways' `city_name` for each kind of city, and a Ticket to Ride location by name."""
    return [rotw.city_name(START, STATE), rotw.city_name("c4", STATE),
            rotw.city_name("c7", STATE), "Times Square"]


def place_values() -> list[str]:
    """TraffIQ's `PLACE_NAMES` for every place of a start tile, n and row 1 and 2."""
    return [place({"n": n, "row": row}) for place in traffiq.PLACE_NAMES.values()
            for n in (1, 2) for row in (1, 2)]


def axes(names: set[str], game: str | None) -> dict[str, list[str]]:
    """Each blank's values, each wrapped in its marker."""
    values: dict[str, list[str]] = {}
    for name in names:
        if name in PLAYER_BLANKS:
            found = [T0 + n + T1 for n in NAMES]
        elif name in CITY_BLANKS and game == "rotw":
            found = [T0 + c + T1 for c in city_values()]
        elif name in ("colour", "goods"):
            found = [C0 + c + C1 for c in colour_values(game)]
        elif name in ("card", "actual", "named"):
            found = [C0 + c + C1 for c in card_values(game)]
        elif name == "phase":
            found = [T0 + p() + T1 for p in PHASE_NAMES.values()]
        elif name == "step":
            found = [T0 + s() + T1 for s in rotw.STEP_NAMES.values()]
        elif name == "where":
            found = [T0 + w + T1 for w in place_values()]
        elif name in NOT_COUNTS or name in CITY_BLANKS:
            found = [T0 + "X" + T1]
        else:
            found = None  # a count: filled from COUNTS below
        if found is not None:
            values[name] = found
    return values


def field_names(template: str) -> set[str]:
    return {re.split(r"[.\[!:]", name, maxsplit=1)[0]
            for _lit, name, _spec, _conv in string.Formatter().parse(template) if name}


def renderings(language: str):
    """(msgid, filled text) of every message with a blank: a base filling, then each blank run
    through all its values, for each count."""
    tr.switch(language)
    try:
        for msgid, source in catalog.extract_with_files().items():
            if not field_names(msgid):
                continue
            game = game_of(source.files)
            for count in COUNTS:
                text = (ngettext(msgid, source.plural, count) if source.plural
                        else _(msgid)).replace("!r}", "}")
                names = field_names(text)
                values = axes(names, game)
                base = {n: v[0] for n, v in values.items()}
                for name in names - set(values):
                    base[name] = str(CONSTANTS.get(name, count))
                variants = [base] + [{**base, name: value} for name, vs in values.items()
                                     for value in vs[1:]]
                for filling in variants:
                    try:
                        yield msgid, text.format(**filling)
                    except (KeyError, IndexError, ValueError):
                        continue  # a format spec such as {byte:02x}: test_i18n checks those
    finally:
        tr.switch("en")


# The patterns of the review (2026-11-28), per language: (regex on the filled text, why).
GLUED = (TEXT + r"(?=\w)", "an ending glued onto a name or city ({player}s, {city}nak)")
FORBIDDEN = {
    "de": [GLUED,
           (r"(?i)\b(in|auf|an|von|zu|mit|aus|bei|nach|für)\s+" + T0 + r"(die|der|das|den|dem)\b",
            "a preposition before a blank that brings its own article (In die Startstadt)"),
           (r"\bder Farbe " + C0 + r"[a-zäöü]",
            "a colour after 'der Farbe' is a noun (Blau), the card name is an adjective"),
           (r"\bNummer " + T0 + r"?\d", "a position as 'Nummer 1 von links'"),
           (r"\bdeine? 1\b", "'deine 1 behaltene Zielkarte': a count after a possessive"),
           (r"\bder Art " + T0, "'keinen Wagen der Art Lieferwagen': the name in brackets")],
    "hu": [GLUED,
           (TEXT + r"-\w", "a suffix hyphenated onto a name or city"),
           (TEXT + r"\s+[Vv]áros", "a city name followed by 'város…' (a kezdő Város Tábla városon)"),
           (COLOUR + r"-\w", "a suffix hyphenated onto a colour")],
    "ro": [GLUED,
           (r"\bde culoare " + COLOUR,
            "'de culoare' + colour must agree (de culoare albastră): put the colour in brackets"),
           (r"\b[fF]aza " + T0, "'în faza {phase}': a phase name is no name of a phase"),
           (r"\b1-a\b", "'a 1-a' is 'prima'"),
           (r"\b[ÎîIi]n " + T0 + r"tabla", "cubes lie on a board: 'pe tabla de start'")],
    "sv": [GLUED,
           (r"\b(Lars|Max)s\b", "'Larss', 'Maxs': no extra s after s/x/z"),
           (r"\bfasen " + T0, "'i fasen {phase}': a phase name after 'fasen'"),
           (r"\bdin 1\b", "'din 1 behållna biljett': a count after a possessive")],
}


def problems_of(language: str) -> list[str]:
    seen, problems = set(), []
    for msgid, filled in renderings(language):
        for pattern, why in FORBIDDEN[language]:
            if re.search(pattern, filled) and (msgid, why) not in seen:
                seen.add((msgid, why))
                shown = re.sub("[\x01-\x06]", "", filled)
                problems.append(f"{msgid!r}\n      -> {shown!r}: {why}")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_filled_sentences_read_right_with_real_names_cities_phases_and_places(language):
    problems = problems_of(language)
    assert not problems, f"{language}: {len(problems)} problems\n  " + "\n  ".join(problems)


def test_a_hungarian_counted_text_reads_right_for_one():
    """Hungarian has one plural form, so the text for 5 is also the text for 1: "koppints
    mindegyikre (1/1)" (tap each of them) is wrong when one card was turned up."""
    tr.switch("hu")
    try:
        wrong = [msgid for msgid, source in catalog.extract_with_files().items()
                 if source.plural and re.search(r"\bmindegyik|\bmindet\b|\bmindkett",
                                                ngettext(msgid, source.plural, 1))]
    finally:
        tr.switch("en")
    assert not wrong, wrong


def test_the_patterns_catch_the_reviews_examples():
    def hit(language, text):
        return any(re.search(p, text) for p, _why in FORBIDDEN[language])

    assert hit("sv", f"Det är {T0}Lars{T1}s tur")
    assert hit("hu", f"{T0}a kezdő Város Tábla{T1} városon nincs kocka")
    assert hit("ro", f"cub de culoare {C0}albastru{C1}")
    assert hit("ro", f"jocul este în faza {T0}runda finală{T1}")
    assert hit("ro", "din rândul de sus, a 1-a din stânga")
    assert hit("de", f"In {T0}die Startstadt{T1} liegt kein Würfel")
    assert hit("de", f"der Farbe {C0}blau{C1}")
    assert not hit("sv", f"{T0}Lars{T1} är på tur")
    assert not hit("de", f"der Farbe {C0}Blau{C1}")
    assert hit("de", "Tippe auf deine 1 behaltene Zielkarte")
    assert hit("de", f"keinen Wagen der Art {T0}Lieferwagen{T1}")
    assert hit("sv", "tryck på din 1 behållna biljett")
