"""A seat button's hint says what a press does now, so no
translation of it is a past form. TraffIQ's "draw a tile" is both the hint and an action done in
"This turn: {done}", and Swedish said "dragit en bricka" (drawn a tile) on the button."""

from __future__ import annotations

import ast
import re

import pytest

from companion.app import catalog
from companion.app.catalog import read_all

PLAY_SCREENS = sorted((catalog.ROOT / "companion" / "games").glob("*/ui/play.py"))
# A verb's past form in a short hint: a supine or participle (Swedish "dragit", "lagt"), a
# German participle ("gezogen", "angelegt"), a Romanian one ("tras", "luat", "așezat"), a
# Hungarian past tense ("húzott", "vett").
PAST = {
    "sv": r"\b(\w+it|lagt|gjort|satt|tagit)\b",
    "de": r"\b(ge\w+(t|en)|\w+ge(zogen|legt|nommen))\b",
    "ro": r"\b(tras[ăe]?|luat[ăe]?|așezat[ăe]?|pus[ăe]?)\b",
    "hu": r"\w+(ott|ett|ött|tt)\b",
}


def hint_msgids() -> set[str]:
    """The texts every game's `button_hint` returns (its `_("…")` literals)."""
    found = set()
    for path in PLAY_SCREENS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "button_hint":
                found |= {call.args[0].value for call in ast.walk(node)
                          if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "_"
                          and call.args and isinstance(call.args[0], ast.Constant)}
    return found


def past_forms(language: str, texts: dict[str, str]) -> list[str]:
    return [f"{msgid!r} -> {text!r}" for msgid, text in texts.items()
            if re.search(PAST[language], text)]


@pytest.mark.parametrize("language", catalog.TRANSLATED)
def test_a_seat_buttons_hint_is_never_a_past_form(language):
    hints = hint_msgids()
    assert {"draw a tile", "draw from the deck", "take the top card"} <= hints, hints
    texts = {m.id: m.string for m in read_all(language)
             if m.id in hints}
    assert set(texts) == hints, f"{language}: hints without a translation"
    problems = past_forms(language, texts)
    assert not problems, f"{language}: a hint in the past\n  " + "\n  ".join(problems)


def test_the_markers_catch_the_swedish_supine():
    assert past_forms("sv", {"draw a tile": "dragit en bricka"})
    assert not past_forms("sv", {"draw a tile": "dra en bricka"})
