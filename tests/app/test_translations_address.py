"""One form of address per language. The app speaks to the player at
the table as a family game does, in the informal singular (du, te, tu, du); a translation that
says "ihr" / "ti" / "voi" / "ni" (or the polite Sie / Ön / dumneavoastră) fails here.

Buttons that answer for the table in the first person plural ("Maradunk", "Megtartjuk") are
not an address and pass."""

from __future__ import annotations

import re

import pytest

from companion.app import catalog
from companion.app.catalog import read_all

# The other form's markers: its pronouns and possessives, and its verb endings where the
# language marks the person on the verb.
OTHER_FORM = {
    "de": [r"(?i)\b(euch|euer|eure[mnrs]?)\b", r"(?i)\bihr (habt|könnt|seid|müsst|wollt|dürft)\b",
           r"(?i)\b(habt|könnt|seid|müsst|wollt|dürft) ihr\b",
           r"(?i)\b(die|das|der|was|wenn|ob|sobald|bevor) ihr\b",
           # imperatives of the plural where a sentence starts: tippt, legt, prüft, sagt, … ("Wählt
           # jemand …", "er legt" are the third person singular)
           r"(?i)(?:^|[:;.!?„] )(tippt|legt|prüft|sagt|wählt|scannt|dreht|vergleicht|"
           r"nutzt|drückt|gebt|nehmt|zählt|könnt|habt|seid|spielt|zieht|deckt|seht|macht|"
           r"lest)\b(?! (jemand|er|sie|es|man|ein)\b)",
           r"(?<![.:!?] )(?<!^)\bSie (haben|können|sind|müssen|möchten)\b"],
    "hu": [r"\b(ti|titeket|nektek|veletek|tiétek|Ön|Önök|Önnek|Önt)\b",
           # the second person plural: -tok/-tek/-tök, -játok/-itek, koppintsatok, …
           r"\b\w+(átok|étek|játok|jétek|itek|satok|setek|zzatok|zzétek|tatok|tétek|"
           r"tetek|tátok|stok|stek)\b",
           r"\b\w+(tok|tek|tök)\b"],
    "ro": [r"\b(voi|vostru|voastră|voștri|voastre|vă|v-|dumneavoastră|dvs)\b",
           # the second person plural (and polite) of the verb: alegeți, atingeți, ați, …
           r"(?i)\b\w*[aeiîâă]ți\b"],
    "sv": [r"(?<!\()\b(ni|er|era|ert|Ni|Er|Era|Ert)\b"],
}
# Words the patterns catch that are no address: Hungarian nouns and adverbs ending in -tok/-tek,
# Romanian plural nouns and adjectives ending in a vowel + ți.
NOT_ADDRESS = {
    "hu": {"pontok", "lapok", "adatok", "szintek", "értékek", "mezők", "kezdőlapok",
           "pontokat", "rétegek", "tartalék", "eszközök", "sorok", "lépések", "kártyák",
           "utak", "feltételek", "helyek", "színek", "járművek", "városok", "körök",
           "csatlakozások", "mozdonyok", "kockák", "lapkák", "celek", "célok", "oldalak",
           "vonatok", "taxik", "furgonok", "játékok", "játékosok", "áruk", "útvonalak",
           "megállók", "akciók", "elemek", "részletek", "ötletek", "szabályok", "lépéseket",
           "előkészületek", "szállítok", "értek", "ismertek", "megsérültek", "bájtok", "jöttek"},
    "ro": {"toți", "alți", "mulți", "câți", "ceilalți", "pereți", "băieți", "câțiva",
           "majorități", "octeți", "îți"},
    "de": set(),
    "sv": set(),
}


def entries(language: str):
    """(msgid, every translated text of it) in the language's catalog."""
    for message in read_all(language):
        if not message.id or not catalog.translated(message):
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        yield (message.id[0] if message.pluralizable else message.id), texts


def other_form(language: str, text: str) -> list[str]:
    found = []
    for pattern in OTHER_FORM[language]:
        for match in re.finditer(pattern, text):
            word = match.group(0)
            if word.lower() not in NOT_ADDRESS[language] and not _plain_word(language, word):
                found.append(word)
    return found


def _plain_word(language: str, word: str) -> bool:
    """A Hungarian word whose -tok/-tek ending is a plural noun's ("pontok"), not a verb's."""
    return language == "hu" and re.fullmatch(r"\w+(ok|ek|ök)", word.lower()) is not None \
        and not re.fullmatch(r"\w+(tok|tek|tök)", word.lower())


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_one_informal_form_of_address(language):
    problems = [f"{msgid!r} -> {text!r}: {', '.join(found)}"
                for msgid, texts in entries(language) for text in texts
                if (found := other_form(language, text))]
    assert not problems, (f"{language}: {len(problems)} texts speak to the table in the other "
                          "form\n  " + "\n  ".join(problems))


def test_the_markers_catch_the_other_form():
    assert other_form("de", "Tippt auf eine Platznummer") or other_form("de", "tippt auf")
    assert other_form("de", "Eure Partien sind gespeichert")
    assert not other_form("de", "Tippe auf deinen Zug")
    assert other_form("hu", "koppintsatok rá") and other_form("hu", "Bezárjátok?")
    assert not other_form("hu", "Pontok törlése") and not other_form("hu", "koppints rá")
    assert other_form("ro", "Alegeți jucătorul") and other_form("ro", "locului vostru")
    assert not other_form("ro", "Cărți Traseu") and not other_form("ro", "Alege jucătorul")
    assert other_form("de", "Ihr habt sie geprüft") and not other_form("de", "Ihr Wert:")
    assert other_form("de", "eine Tischregel, die ihr wählt")
    assert other_form("ro", "Ați verificat") and not other_form("ro", "Locații")
    assert other_form("sv", "Era spel är sparade") and not other_form("sv", "Dina spel")
