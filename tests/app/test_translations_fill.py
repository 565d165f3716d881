"""No bare colour or number in a sentence. Every message of every
catalog (and English, the msgids) is filled with every colour name of its language and with the
counts 0, 1, 2, 3, 5 and 21 (a plural entry through its language's rule, as `ngettext` picks
it), and the results are checked against each language's forbidden patterns: a colour glued to
a noun it would have to agree with, a count next to a noun in the wrong number, a Hungarian
suffix hyphenated onto a digit."""

from __future__ import annotations

import re
import string
from functools import lru_cache

import pytest

from companion.app import catalog
from companion.app.i18n import catalog as load_catalog

LANGUAGES = ("en",) + catalog.TRANSLATED
COUNTS = (0, 1, 2, 3, 5, 21)

# The colours a blank can be filled with (every colour msgid of the three games).
COLOURS = ("blue", "green", "black", "pink", "red", "orange", "gray", "grey", "purple",
           "white", "yellow", "light green", "brown", "light blue", "Taxi", "Locomotive")
COLOUR_BLANKS = {"colour", "goods", "card", "actual", "named"}
CARD_BLANKS = {"card", "actual", "named"}
# Blanks filled with the words the app puts there (a phase, a step, a city).
PHASES = ("setup", "play", "the final round", "scoring", "the end of the game")
STEPS = ("the action", "taking cards", "the hand limit", "the final deliveries")
CITIES = ("the start board", "City {value}")
# Blanks that hold names or other text, never a count.
TEXT_BLANKS = {"player", "other", "players", "winners", "route", "game", "reason", "path",
               "folder", "name", "kind", "field", "fields", "mode", "error", "known", "example",
               "tag", "what", "move", "when", "date", "time", "outcome", "totals", "result",
               "button", "scenario", "vehicle", "vehicles", "edge", "edges", "row", "ticket",
               "also", "done", "owner"}
# Counts that are constants of the log format, not things at the table: filled with their value
# (the log reader's limits, gamelog.MAX_LINE and MAX_DEPTH), never with 1.
CONSTANTS = {
    "The line is longer than {limit} bytes (one action is a few hundred): not a game log.":
        {"limit": 1048576},
    "The JSON nests deeper than {depth} levels: not a game log.": {"depth": 32},
}
# Markers around what was filled in, so that the patterns see the blank, not the literal.
C0, C1, N0, N1, T0, T1 = "\x01", "\x02", "\x03", "\x04", "\x05", "\x06"
COLOUR = C0 + r"[^\x02]*" + C1
NUMBER = N0 + r"(\d+)" + N1


def _nouns(pairs: str) -> list[tuple[str, str]]:
    return [tuple(p.split("/")) for p in pairs.split()]


# (singular, plural) of the countable nouns the messages use; a noun spelled the same in both
# numbers (Würfel, kort) needs no check.
NOUNS = {
    "en": _nouns("card/cards cube/cubes taxi/taxis ticket/tickets link/links player/players "
                 "train/trains van/vans city/cities route/routes action/actions cell/cells "
                 "level/levels byte/bytes Locomotive/Locomotives point/points"),
    "de": _nouns("Karte/Karten Zielkarte/Zielkarten Transportkarte/Transportkarten Taxi/Taxis "
                 "Verbindung/Verbindungen Stadt/Städte Strecke/Strecken Aktion/Aktionen "
                 "Lokomotive/Lokomotiven Punkt/Punkte Zug/Züge Feld/Felder Ebene/Ebenen"),
    "sv": _nouns("kub/kuber taxibil/taxibilar biljett/biljetter förbindelse/förbindelser "
                 "stad/städer sträcka/sträckor handling/handlingar skåpbil/skåpbilar "
                 "ruta/rutor nivå/nivåer bricka/brickor"),
    "ro": _nouns("carte/cărți cub/cuburi taxi/taxiuri legătură/legături jucător/jucători "
                 "tren/trenuri oraș/orașe rută/rute acțiune/acțiuni locomotivă/locomotive "
                 "punct/puncte câmp/câmpuri nivel/niveluri octet/octeți plăcuță/plăcuțe "
                 "dubă/dube"),
    # Hungarian: a noun stays singular after a number, so only the plural is listed
    "hu": _nouns("x/kártyák x/lapok x/kockák x/áruk x/taxik x/furgonok x/játékosok x/városok "
                 "x/mezők x/pontok x/csatlakozások x/szintek x/bájtok x/útvonalak x/vonatok "
                 "x/akciók x/lapkák x/célkártyák x/járművek"),
}
# A word a colour may follow without agreeing with it ("färgen röd", "ist rot"). Not German
# "der Farbe rot" (a colour there is a noun, "Blau") nor Romanian "de culoare albastru" (it
# agrees with "culoare": "albastră"): brackets instead (the review of 2026-11-28).
COLOUR_BEFORE_OK = {
    "de": {"ist", "sind", "nicht", "und", "oder", "bzw", "als"},
    "sv": {"färgen", "inte", "och", "eller"},
    "ro": {"culoarea", "nu", "și", "sau"},
}
# A word after a colour that it would have to agree with: a German noun (capitalised) or a
# Swedish one (Romanian puts its adjectives after the noun: the word before is checked).
COLOUR_NOUN_AFTER = {
    "de": re.compile(r"[A-ZÄÖÜ]\w*"),
    "sv": re.compile(r"(kub|kuber|kuben|kort|varor|vara|transportkort|förbindelse|"
                     r"anslutningspunkt|bricka|sträcka|lok|rälskort)"),
}
RANGE_WORDS = {"to", "bis", "till", "la", "–"}
# Fixed patterns a native reader stumbles on, whatever fills the blanks.
FORBIDDEN = {
    "de": [(r"\bTippe\b(?![^.:;?]*\b(auf|an)\b)", "'Tippe X' reads as 'type X': Tippe auf …"),
           (r"\b(der Phase|beim Schritt|im Schritt|die Phase) \W?" + T0 + r"(die|der|das)\b",
            "an article inside a filled-in blank after an article"),
           (r"\bim Stadtplan\b", "the rulebook says 'auf dem Stadtplan'")],
    "hu": [(r"\b[Aa]\(z\)", "a(z): the article must fit the next sound; no article before a blank"),
           (NUMBER + r"-", "a suffix hyphenated onto a number (3-t, not 3-at)"),
           (COLOUR + r"-", "a suffix hyphenated onto a colour")],
    "ro": [(r"\b(marf[ăa]|m[ăa]rfuri|cub|cuburi|carte|c[ăa]r[țt]i)\s+" + COLOUR,
            "a colour after a noun it must agree with (marfă albastru)")],
    "sv": [(COLOUR + r"\s+(kuber|kub|kort|varor|transportkort|förbindelse|anslutningspunkt)\b",
            "a colour before a noun it must agree with (röd kuber)"),
           (r"\bi " + COLOUR, "'i röd' needs the neuter (i rött): i färgen …"),
           (r"\btryck sedan (?!på\b)\w", "tryck sedan på …")],
    "en": [],
}


@lru_cache(maxsize=None)
def translations(language: str):
    return load_catalog(language)


def tr(language: str, text: str) -> str:
    return text if language == "en" else translations(language).gettext(text)


def field_names(template: str) -> set[str]:
    return {re.split(r"[.\[!:]", name, maxsplit=1)[0]
            for _lit, name, _spec, _conv in string.Formatter().parse(template) if name}


def _values(language: str, names: set[str], colour: str, count: int,
            cards_are_named: bool, constants: dict[str, int]) -> dict[str, str]:
    """One filling of a message's blanks, each value wrapped in its marker (Railways of the
    World's cards are named, not coloured: 'orange 2', 'Locomotive', 'City 3')."""
    values = {}
    for name in names:
        if name in CARD_BLANKS and cards_are_named:
            values[name] = T0 + f"{tr(language, colour)} 2" + T1
        elif name in COLOUR_BLANKS:
            values[name] = C0 + tr(language, colour) + C1
        elif name == "phase":
            values[name] = T0 + tr(language, PHASES[count % len(PHASES)]) + T1
        elif name == "step":
            values[name] = T0 + tr(language, STEPS[count % len(STEPS)]) + T1
        elif name in ("city", "a", "b"):
            city = tr(language, CITIES[count % 2]).format(value=count)
            values[name] = T0 + city + T1
        elif name in TEXT_BLANKS:
            values[name] = T0 + "Ann" + T1
        else:
            values[name] = N0 + str(constants.get(name, count)) + N1
    return values


def fillings(language: str):
    """(msgid, the filled text) for every message, colour and count."""
    for msgid, source in catalog.extract_with_files().items():
        for count in COUNTS:
            if source.plural:
                text = (translations(language).ngettext(msgid, source.plural, count)
                        if language != "en" else (msgid if count == 1 else source.plural))
            else:
                text = tr(language, msgid)
            text = text.replace("!r}", "}")
            names = field_names(text)
            colours = COLOURS if names & COLOUR_BLANKS else COLOURS[:1]
            named = any("/rotw/" in name for name in source.files)
            for colour in colours:
                try:
                    yield msgid, text.format(**_values(language, names, colour, count, named,
                                                       CONSTANTS.get(msgid, {})))
                except (KeyError, IndexError, ValueError):
                    continue  # a format spec such as {byte:02x}: test_i18n checks those


def _word(text: str) -> str:
    return text.strip(" '\"„“()").lower()


def count_problems(language: str, filled: str) -> list[str]:
    """A count next to a noun in the wrong number (and Romanian's "de" from 20 on)."""
    problems = []
    for match in re.finditer(NUMBER + r" (\w+)", filled):
        n, word = int(match.group(1)), match.group(2)
        before = re.search(r"(\w+|–) ?$", filled[:match.start()])
        if before and before.group(1) in RANGE_WORDS:
            n = max(n, 2)  # the top of a range: "for 1 to 1 players" is a filling's artefact
        for singular, plural in NOUNS[language]:
            if language == "hu":
                wrong = word.lower() == plural.lower()
            elif n == 1:
                wrong = word.lower() == plural.lower() and singular.lower() != plural.lower()
            else:
                wrong = word.lower() == singular.lower() and singular.lower() != plural.lower()
            if wrong:
                problems.append(f"{n} {word}")
        if language == "ro" and n >= 20 and any(word.lower() == p.lower()
                                                for _s, p in NOUNS["ro"]):
            problems.append(f"{n} {word} (from 20 on: {n} de {word})")
    return problems


def colour_problems(language: str, filled: str) -> list[str]:
    """A colour glued to a word it would have to agree with (German, Romanian, Swedish
    adjectives agree in gender and number; Hungarian and English ones don't)."""
    if language not in COLOUR_BEFORE_OK:
        return []
    problems = []
    for match in re.finditer(r"(\w+)? ?" + COLOUR + r"(?: (\w+))?", filled):
        before, after = match.group(1), match.group(2)
        if before and match.group(0)[len(before)] == " " \
                and before.lower() not in COLOUR_BEFORE_OK[language]:
            problems.append(f"'{before} <colour>'")
        noun = COLOUR_NOUN_AFTER.get(language)
        if after and noun is not None and noun.fullmatch(after):
            problems.append(f"'<colour> {after}'")
    return problems


def problems_of(language: str) -> list[str]:
    seen, problems = set(), []
    for msgid, filled in fillings(language):
        found = count_problems(language, filled) + colour_problems(language, filled)
        found += [why for pattern, why in FORBIDDEN[language] if re.search(pattern, filled)]
        for why in found:
            if (msgid, why) not in seen:
                seen.add((msgid, why))
                shown = re.sub("[\x01-\x06]", "", filled)
                problems.append(f"{msgid!r}\n      -> {shown!r}: {why}")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_reads_right_with_every_colour_and_count(language):
    problems = problems_of(language)
    assert not problems, f"{language}: {len(problems)} problems\n  " + "\n  ".join(problems)


def test_the_patterns_catch_the_issues_examples():
    """Examples a native reader found in the translations are caught (checked on made-up fillings)."""
    assert count_problems("hu", f"nem {N0}3{N1}-t") == [] and re.search(
        FORBIDDEN["hu"][1][0], f"nem {N0}3{N1}-t")
    assert re.search(FORBIDDEN["sv"][0][0], f"{C0}röd{C1} kuber")
    assert re.search(FORBIDDEN["ro"][0][0], f"marfă {C0}albastru{C1}")
    assert re.search(FORBIDDEN["de"][0][0], "Tippe eine Stadt")
    assert not re.search(FORBIDDEN["de"][0][0], "Tippe auf eine Stadt")
    assert count_problems("ro", f"{N0}21{N1} cărți") and count_problems("en", f"{N0}1{N1} taxis")
    assert colour_problems("de", f"kein Würfel {C0}rot{C1}")
    assert colour_problems("de", f"der Farbe {C0}rot{C1}")
    assert colour_problems("ro", f"de culoare {C0}albastru{C1}")
    assert not colour_problems("sv", f"i färgen {C0}röd{C1}")
