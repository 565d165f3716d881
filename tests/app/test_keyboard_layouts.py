"""The on-screen keyboard's layouts: each types every letter of the five languages, each row fits
its width, and German and Hungarian get the QWERTZ their own keyboards have."""

import json
from pathlib import Path

import pytest

from companion.app.keyboard import layout_for

ALPHABETS = {  # the letters beyond a–z each language's names are written with
    "de": "äöüß",
    "hu": "áéíóöőúüű",
    "ro": "ăâîșț",
    "sv": "åäö",
}
LANGUAGES = ("en", "de", "hu", "ro", "sv")


def _layout(language: str) -> dict:
    return json.loads(Path(layout_for(language)).read_text(encoding="utf-8"))


def _letters(layout: dict, mode: str) -> set[str]:
    return {key[1] for name, row in layout.items() if name.startswith(mode) for key in row
            if isinstance(key[1], str)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_layout_types_every_letter_of_the_five_languages(language):
    layout = _layout(language)
    wanted = set("abcdefghijklmnopqrstuvwxyz" + "".join(ALPHABETS.values()))
    assert wanted - _letters(layout, "normal") == set()
    capitals = {letter.upper() for letter in wanted if letter != "ß"}
    assert capitals - _letters(layout, "shift") == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_row_fits_the_keyboards_width(language):
    layout = _layout(language)
    for name, row in layout.items():
        if name.startswith(("normal_", "shift_")):
            assert sum(key[3] for key in row) <= layout["cols"], name


@pytest.mark.parametrize("language, second_row", [
    ("en", "qwerty"), ("ro", "qwerty"), ("sv", "qwerty"), ("de", "qwertz"), ("hu", "qwertz")])
def test_german_and_hungarian_keyboards_are_qwertz_the_others_qwerty(language, second_row):
    row = [key[1] for key in _layout(language)["normal_2"]]
    assert "".join(row[:6]) == second_row
