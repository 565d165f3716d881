"""Counted phrases take each language's plural form (Babel's rule in the catalog's header), and
Home's "how long ago" and History's dates and numbers are written by Babel in the chosen
language."""

from __future__ import annotations

import os
import time
from datetime import datetime, timedelta, timezone

import pytest

from companion.app import l10n
from companion.app.i18n import ngettext, tr
from companion.app.stored import ago

# (singular, plural) -> language -> n -> what the screen says
CUBES = ("{n} cube", "{n} cubes")
WANTED = {
    "en": {1: "1 cube", 2: "2 cubes", 5: "5 cubes", 21: "21 cubes"},
    "de": {1: "1 Würfel", 2: "2 Würfel", 5: "5 Würfel", 21: "21 Würfel"},
    "hu": {1: "1 áru", 2: "2 áru", 5: "5 áru", 21: "21 áru"},  # one form: a noun stays singular
    "ro": {1: "1 cub", 2: "2 cuburi", 5: "5 cuburi", 21: "21 de cuburi"},  # 20 and up: "de"
    "sv": {1: "1 kub", 2: "2 kuber", 5: "5 kuber", 21: "21 kuber"},
}
TICKETS = ("{player}: tap the {count} ticket you kept; that tap stores it.",
           "{player}: tap the {count} tickets you kept; the last tap stores them.")


@pytest.fixture
def language():
    """Switch the app's language for a test, and back to English after it."""
    yield tr.switch
    tr.switch("en")


@pytest.mark.parametrize("code", WANTED)
def test_a_plural_is_chosen_by_the_languages_rule(code, language):
    language(code)
    said = {n: ngettext(*CUBES, n).format(n=n) for n in WANTED[code]}
    assert said == WANTED[code]


@pytest.mark.parametrize("code, one, many", [
    ("de", "Du hast 1 Zielkarte behalten", "Du hast 21 Zielkarten behalten"),
    ("ro", "atinge 1 Carte Traseu păstrată", "cele 21 de Cărți Traseu păstrate"),
    ("sv", "du behöll 1 biljett – tryck på den", "du behöll 21 biljetter – tryck på dem"),
    ("hu", "megtartott 1 célkártyádra", "megtartott 21 célkártyádra"),
])
def test_a_sentence_agrees_with_its_count(code, one, many, language):
    language(code)
    assert one in ngettext(*TICKETS, 1).format(player="Anna", count=1)
    assert many in ngettext(*TICKETS, 21).format(player="Anna", count=21)
    few = ngettext(*TICKETS, 2).format(player="Anna", count=2)
    assert " 2 " in few and "de" not in few.split(" 2 ")[1][:3]


# ---- dates -----------------------------------------------------------------------------

NOW = datetime(2024, 5, 3, 18, 30, tzinfo=timezone.utc)
AGO = {  # language -> what Home says 5 minutes, 21 minutes, 3 days, 30 days and a day ago
    "en": ("5 min ago", "21 min ago", "3 days ago", "3 Apr 2024", "yesterday at 22:30"),
    "de": ("vor 5 Min.", "vor 21 Min.", "vor 3 Tagen", "03.04.2024", "gestern um 22:30"),
    "hu": ("5 perccel ezelőtt", "21 perccel ezelőtt", "3 nappal ezelőtt", "2024. ápr. 3.",
           "tegnap 22:30-kor"),
    "ro": ("acum 5 min.", "acum 21 min.", "acum 3 zile", "3 apr. 2024", "ieri la 22:30"),
    "sv": ("för 5 min sen", "för 21 min sen", "för 3 dagar sedan", "3 apr. 2024",
           "i går kl. 22:30"),
}


@pytest.fixture
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("code", AGO)
def test_how_long_ago_in_each_language(code, language, utc):
    language(code)
    befores = (timedelta(minutes=5), timedelta(minutes=21), timedelta(days=3),
               timedelta(days=30), timedelta(hours=20))
    said = tuple(ago((NOW - before).isoformat(), NOW) for before in befores)
    assert said == AGO[code]
    assert max(len(s) for s in said) <= 20  # Home's card has room for the move beside it


def test_romanian_counts_twenty_and_up_with_de(language, utc):
    language("ro")
    assert l10n.since(timedelta(days=21), "day", short=False) == "acum 21 de zile"
    assert l10n.since(timedelta(days=19), "day", short=False) == "acum 19 zile"


@pytest.mark.parametrize("code, thousands, average", [
    ("en", "12,345", "7.5"), ("de", "12.345", "7,5"), ("hu", "12\xa0345", "7,5"),
    ("ro", "12.345", "7,5"), ("sv", "12\xa0345", "7,5"),
])
def test_numbers_in_each_language(code, thousands, average, language):
    language(code)
    assert l10n.number(12345) == thousands
    assert l10n.number(7.5, 1) == average
    assert l10n.number(42) == "42"


def test_a_stored_time_without_a_zone_is_utc(utc):
    assert l10n.local("2024-05-03T18:30:00") == l10n.local("2024-05-03T18:30:00+00:00")
    assert os.environ["TZ"] == "UTC"


def test_kv_ngettext_follows_a_language_switch(language):
    from kivy.lang import Builder
    from kivy.properties import NumericProperty, StringProperty
    from kivy.uix.widget import Widget

    class CountedCubes(Widget):
        said = StringProperty("")
        n = NumericProperty(21)

    Builder.load_string("#:import tr companion.app.i18n.tr\n<CountedCubes>:\n"
                        "    said: tr.ngettext('{n} cube', '{n} cubes', self.n).format(n=self.n)\n")
    widget = CountedCubes()
    assert widget.said == "21 cubes"
    language("ro")
    assert widget.said == "21 de cuburi"
    widget.n = 1
    assert widget.said == "1 cub"
