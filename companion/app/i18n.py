"""Translations: gettext catalogs read from the shipped `data/locale/*.po` (companion.resources),
switchable while the app runs.

Layouts use `tr._("…")`; when the language changes every such text is re-evaluated. Python
code uses `_()` and redraws its screen on the `language` event of the app.
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
from pathlib import Path

from kivy.lang import Observable

from companion.resources import locale_dir

LANGUAGES = {  # code -> the language's own name
    "en": "English",
    "de": "Deutsch",
    "hu": "Magyar",
    "ro": "Română",
    "sv": "Svenska",
}
DOMAIN = "companion"


def po_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_po(path: Path) -> dict[str, str]:
    """msgid -> msgstr of a .po file (no plural forms; fuzzy or empty entries are left out)."""
    entries: dict[str, str] = {}
    msgid = msgstr = None
    target = None
    fuzzy = False

    def flush() -> None:
        if msgid is not None and msgstr and not fuzzy:
            entries[msgid] = msgstr

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("msgid "):
            flush()
            msgid, msgstr, target, fuzzy = ast.literal_eval(line[6:]), None, "id", fuzzy
        elif line.startswith("msgstr "):
            msgstr, target = ast.literal_eval(line[7:]), "str"
        elif line.startswith('"') and target == "id":
            msgid += ast.literal_eval(line)
        elif line.startswith('"') and target == "str":
            msgstr += ast.literal_eval(line)
        elif not line:
            flush()
            msgid = msgstr = target = None
            fuzzy = False
    flush()
    return entries


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU .mo form of a catalog, as msgfmt writes it (no hash table)."""
    entries = dict(entries)
    entries.setdefault("", "Content-Type: text/plain; charset=UTF-8\n")
    keys = sorted(entries)
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    count = len(keys)
    table_size = 7 * 4 + 16 * count
    offsets, data = [], b""
    for blob in ids + strs:
        offsets.append((len(blob), table_size + len(data)))
        data += blob + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    tables = b"".join(struct.pack("<2I", *pair) for pair in offsets)
    return header + tables + data


def catalog(language: str) -> gettext.NullTranslations:
    path = po_path(language)
    if language == "en" or not path.is_file():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_mo(read_po(path))))


class Translator(Observable):
    """`tr._(text)` in kv re-evaluates when `switch` changes the language."""

    observers: list = []

    def __init__(self, language: str = "en"):
        super().__init__()
        self.language = "en"
        self._catalog: gettext.NullTranslations = gettext.NullTranslations()
        self.switch(language)

    def _(self, text: str) -> str:
        return self._catalog.gettext(text)

    # The kv compiler binds as fbind(name, callback, args): "_" is our own event.
    def fbind(self, name, func, args=(), **kwargs):
        if name == "_":
            self.observers.append((func, args, kwargs))
            return 0
        return super().fbind(name, func, *args, **kwargs)

    def funbind(self, name, func, args=(), **kwargs):
        if name == "_":
            key = (func, args, kwargs)
            if key in self.observers:
                self.observers.remove(key)
            return None
        return super().funbind(name, func, *args, **kwargs)

    def switch(self, language: str) -> None:
        if language not in LANGUAGES:
            language = "en"
        self.language = language
        self._catalog = catalog(language)
        for func, args, _kwargs in list(self.observers):
            func(args, None, None)


tr = Translator()


def _(text: str) -> str:
    """Translate a string in the language now chosen."""
    return tr._(text)
