"""One term per thing, from the rulebook. The glossaries in
docs/translations.md ("## Glossary") are tables with a row per thing:

    | thing | msgid | term | never | game | rulebook |

`msgid` is a regular expression on the English text: every message it matches says the thing,
so its translation must contain `term` (a regular expression too). `never` lists the other
words for the same thing (a regular expression): no translation of that game may contain one.
`game` is the game whose messages the row is about (`ttr_nyc`, `rotw`, `traffiq`), `app` for
the app's own screens, `any` for all. A `\\|` in a cell is a regular expression's `|`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from companion.app import catalog
from companion.app.catalog import read_all

DOCS = catalog.ROOT / "docs" / "translations.md"
GAMES = ("ttr_nyc", "rotw", "traffiq")
# Not words of the language: blanks and the games' names.
NOT_WORDS = re.compile(r"\{[^}]*\}|Ticket to Ride: New York|Railways of the World(: The Card "
                       r"Game)?|Manhattan TraffIQ")


@dataclass(frozen=True)
class Row:
    """One thing of a language's glossary."""

    thing: str
    msgid: re.Pattern
    term: re.Pattern
    never: re.Pattern | None
    game: str


def _cells(line: str) -> list[str]:
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [c.strip().replace("\\|", "|").strip("`") for c in cells]


def _pattern(text: str) -> re.Pattern | None:
    return re.compile(text, re.IGNORECASE) if text and text != "–" else None


def glossary(text: str) -> dict[str, list[Row]]:
    """language -> its rows, read from the '### Glossary: <language>' tables."""
    rows: dict[str, list[Row]] = {}
    language = None
    for line in text.splitlines():
        heading = re.match(r"### Glossary: .*\(`(\w+)`\)", line)
        if heading:
            language = heading.group(1)
            rows[language] = []
        elif line.startswith("## ") or line.startswith("### "):
            language = None
        elif language and line.startswith("|") and not set(line) <= set("|- "):
            cells = _cells(line)
            if len(cells) >= 5 and cells[0] != "thing":
                rows[language].append(Row(cells[0], _pattern(cells[1]), _pattern(cells[2]),
                                          _pattern(cells[3]), cells[4]))
    return rows


@lru_cache(maxsize=None)
def rows_of(language: str) -> tuple[Row, ...]:
    return tuple(glossary(DOCS.read_text(encoding="utf-8")).get(language, []))


def game_of(path: str) -> str:
    parts = Path(path).parts
    for game in GAMES:
        if game in parts:
            return game
    return "app"


@lru_cache(maxsize=None)
def messages(language: str) -> tuple[tuple[str, frozenset[str], tuple[str, ...]], ...]:
    """(msgid, the games it is shown in, its translations) for every entry."""
    found = catalog.extract_with_files()
    out = []
    for m in read_all(language):
        msgid = m.id[0] if m.pluralizable else m.id
        if not msgid or msgid not in found or not catalog.translated(m):
            continue
        texts = m.string if isinstance(m.string, tuple) else (m.string,)
        out.append((plain(msgid), frozenset(game_of(f) for f in found[msgid].files),
                    tuple(plain(t) for t in texts)))
    return tuple(out)


def plain(text: str) -> str:
    """A text without its blanks and the games' names (a '{route}' is no mention of a route)."""
    return NOT_WORDS.sub("…", text)


def in_scope(row: Row, games: frozenset[str]) -> bool:
    return row.game == "any" or games == {row.game}


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_each_language_has_a_glossary_with_the_apps_own_words(language):
    things = {row.thing for row in rows_of(language)}
    assert {"score track", "start board", "turn", "round"} <= things, (
        f"{language}: the glossary in docs/translations.md lacks {things}")


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_each_glossary_term_is_used_for_its_thing(language):
    problems = [f"{row.thing}: {msgid!r} -> {text!r} lacks /{row.term.pattern}/"
                for row in rows_of(language)
                for msgid, games, texts in messages(language)
                if in_scope(row, games) and row.msgid.search(msgid)
                for text in texts if not row.term.search(text)]
    assert not problems, f"{language}: {len(problems)}\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_no_other_word_is_used_for_a_glossary_thing(language):
    problems = [f"{row.thing}: {msgid!r} -> {text!r} says /{row.never.pattern}/"
                for row in rows_of(language) if row.never is not None
                for msgid, games, texts in messages(language) if in_scope(row, games)
                for text in texts if row.never.search(text)]
    assert not problems, f"{language}: {len(problems)}\n  " + "\n  ".join(problems)


def test_the_glossary_reader_reads_a_table():
    text = ("### Glossary: German (`de`)\n\n| thing | msgid | term | never | game | rulebook |\n"
            "| --- | --- | --- | --- | --- | --- |\n"
            "| turn | `\\bturn\\b` | `Zug\\|Reihe` | `Spielzug` | ttr_nyc | – |\n## Next\n")
    (row,) = glossary(text)["de"]
    assert row.term.search("an der Reihe") and row.never.search("spielzug")
    assert row.game == "ttr_nyc" and row.msgid.search("your turn")


# English, the source: one word per thing too (History said "Games" where
# Statistics said "Plays"). msgid pattern -> the English word used for it everywhere.
ENGLISH_NEVER = {r"\bPlays\b": "Games", r"\bSupply\b(?=: \{supply\})": "Tiles left"}


def test_english_says_one_word_per_thing():
    found = catalog.extract_with_files()
    problems = [f"{msgid!r} says /{never}/: use {word!r}" for msgid in found
                for never, word in ENGLISH_NEVER.items() if re.search(never, msgid)]
    assert not problems, "\n  ".join(problems)


# Abbreviations a reader knows at once (minutes, the Swedish "klockan" before a time); any
# other word cut short with a dot ("Sehensw.", "Össz.") is written out or reworded to fit.
KNOWN_ABBREVIATIONS = {"Min.", "kl."}


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_no_word_is_cut_short_where_english_is_whole(language):
    found = catalog.extract_with_files()
    problems = [f"{m.id!r} -> {text!r}: {hit.group(0)!r}"
                for m in read_all(language)
                if isinstance(m.id, str) and m.id in found and "." not in m.id
                for text in ([m.string] if isinstance(m.string, str) else m.string)
                for hit in re.finditer(r"\b[^\W\d_]{2,}\.(?=\s|$|\))", text)
                if hit.group(0) not in KNOWN_ABBREVIATIONS]
    assert not problems, f"{language}: " + "\n  ".join(problems)


# The opening quote of German, Hungarian and Romanian („…“); the other signs come from English.
OWN_SIGNS = {"„"}


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_no_translation_uses_a_sign_the_english_texts_do_not(language):
    """Beside its letters, a translation uses only the signs the English texts use (the app's
    font draws those): an arrow in "Becky lieferte Ware (gelb): c13 → c12" was drawn as a box."""
    signs = {c for msgid in catalog.extract_with_files() for c in msgid if ord(c) > 127}
    problems = [f"{m.id!r} -> {text!r}: {c!r}"
                for m in read_all(language)
                for text in ([m.string] if isinstance(m.string, str) else m.string)
                for c in text or ""
                if ord(c) > 127 and not c.isalpha() and c not in signs | OWN_SIGNS]
    assert not problems, f"{language}: " + "\n  ".join(problems)
