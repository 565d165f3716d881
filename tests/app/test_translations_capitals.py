"""Hungarian capitals as the rulebooks print them (docs/translations.md, "Hungarian
capitals"). Railways of the World's rulebook (seed 002) capitalises its components' names in
mid-sentence ("egy új Város Kártyát"), Ticket to Ride's (seed 000) writes "húzópakli": a
message of one game spells each name one way, the way its rulebook does."""

from __future__ import annotations

import re

from companion.app import catalog
from companion.app.catalog import read_all

from test_translations_terms import game_of

# Railways' components, spelled as seed 002 prints them: stems, as an ending may lengthen the
# last vowel ("Város Kártyát", "Város Táblához").
ROTW_NAMES = ("Város Kárty", "Sín Kárty", "Város Hatszög", "Város Tábl", "Pontozó Sáv",
              "Húzópakli", "Dobópakli", "Kártya Választó Terület")
# The other games' words for the same things are lower case (seed 000 :101 "huzopakli").
LOWER_NAMES = ("húzópakli", "dobópakli")


def _hungarian() -> list[tuple[str, frozenset[str], str]]:
    """(msgid, the games it is shown in, its translation) of every Hungarian entry."""
    found = catalog.extract_with_files()
    out = []
    for m in read_all("hu"):
        msgid = m.id[0] if m.pluralizable else m.id
        if not msgid or msgid not in found or not catalog.translated(m):
            continue
        texts = m.string if isinstance(m.string, tuple) else (m.string,)
        games = frozenset(game_of(f) for f in found[msgid].files)
        out.extend((msgid, games, text) for text in texts)
    return out


def _misspelt(text: str, names) -> list[str]:
    """The names in `text` written with other capitals than in `names`."""
    wrong = []
    for name in names:
        for hit in re.finditer(re.escape(name), text, re.IGNORECASE):
            if hit.group(0) != name and not (hit.start() == 0 and
                                             hit.group(0)[0].isupper()):
                wrong.append(hit.group(0))
    return wrong


def test_railways_messages_capitalise_its_components_as_its_rulebook():
    problems = [f"{msgid!r} -> {text!r}: {wrong}" for msgid, games, text in _hungarian()
                if games == {"rotw"} for wrong in [_misspelt(text, ROTW_NAMES)] if wrong]
    assert not problems, "\n  ".join(["Hungarian, Railways (seed 002 capitals):", *problems])


def test_the_other_games_write_the_pile_in_lower_case():
    problems = [f"{msgid!r} -> {text!r}: {wrong}" for msgid, games, text in _hungarian()
                if "rotw" not in games for wrong in [_misspelt(text, LOWER_NAMES)] if wrong]
    assert not problems, "\n  ".join(["Hungarian, Ticket to Ride (seed 000 lower case):",
                                      *problems])


def test_a_name_at_the_start_of_a_sentence_may_be_capitalised():
    assert _misspelt("Húzópakli", LOWER_NAMES) == []
    assert _misspelt("a Húzópakliból", LOWER_NAMES) == ["Húzópakli"]
    assert _misspelt("egy új város kártyát", ROTW_NAMES) == ["város kárty"]
