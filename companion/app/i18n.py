"""Translations: gettext catalogs read from the shipped `data/locale/*.po` (companion.resources)
with Babel, switchable while the app runs.

Layouts use `tr._("…")` and `tr.ngettext("…", "…", n)`; when the language changes every such
text is re-evaluated. Python code uses `_()` / `ngettext()` and redraws its screen on the
`language` event of the app. Each catalog carries its language's plural rule (Babel's), so
`ngettext` picks "1 Karte", "2 Karten", "20 de cărți" as the language counts.
"""

from __future__ import annotations

import gettext
import io
import logging
from pathlib import Path

from typing import TYPE_CHECKING

from kivy.lang import Observable

from companion.resources import locale_dir

if TYPE_CHECKING:  # Babel is imported when a catalog is first read: English starts without it
    from babel.messages.catalog import Catalog

LANGUAGES = {  # code -> the language's own name
    "en": "English",
    "de": "Deutsch",
    "hu": "Magyar",
    "ro": "Română",
    "sv": "Svenska",
}
DOMAIN = "companion"
log = logging.getLogger(__name__)


def po_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    """A .po file as Babel reads it (its header, plural rule, every entry, fuzzy ones too)."""
    from babel.messages.pofile import read_po
    with open(path, "rb") as f:
        return read_po(f, locale=language)


def compile_catalog(catalog: Catalog) -> gettext.GNUTranslations:
    """The catalog as gettext answers it: Babel writes the .mo (fuzzy and empty entries left
    out, so those show the English text) and gettext reads it with its plural rule."""
    from babel.messages.mofile import write_mo
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def catalog(language: str) -> gettext.NullTranslations:
    """The language's catalog; English where it is missing or cannot be read (a damaged file:
    `unreadable` then names the language, and Home says so)."""
    path = po_path(language)
    if language == "en" or not path.is_file():
        return gettext.NullTranslations()  # English: a msgid is its own text
    try:
        return compile_catalog(read_catalog(path, language))
    except Exception as error:  # noqa: BLE001  any damage: the app must still speak
        log.error("the %s translation %s cannot be read, English is used: %s",
                  language, path, error)
        unreadable.add(language)
        return gettext.NullTranslations()


unreadable: set[str] = set()  # languages whose catalog was damaged: English was used


class Translator(Observable):
    """`tr._(text)` and `tr.ngettext(one, many, n)` in kv re-evaluate when `switch` changes
    the language."""

    observers: list = []
    _WORDS = ("_", "ngettext")  # our own events: the kv compiler binds to these names

    def __init__(self, language: str = "en"):
        super().__init__()
        self.language = "en"
        self._catalog: gettext.NullTranslations = gettext.NullTranslations()
        self.switch(language)

    def _(self, text: str) -> str:
        return self._catalog.gettext(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    # The kv compiler binds as fbind(name, callback, args).
    def fbind(self, name, func, args=(), **kwargs):
        if name in self._WORDS:
            self.observers.append((func, args, kwargs))
            return 0
        return super().fbind(name, func, *args, **kwargs)

    def funbind(self, name, func, args=(), **kwargs):
        if name in self._WORDS:
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
        dead = []
        for observer in list(self.observers):
            func, args, _kwargs = observer
            try:
                func(args, None, None)
            except ReferenceError:  # a layout's widget that is gone: forget its binding
                dead.append(observer)
        if dead:  # by identity: comparing a dead widget's proxy raises ReferenceError too
            self.observers[:] = [o for o in self.observers if all(o is not d for d in dead)]


tr = Translator()


def _(text: str) -> str:
    """Translate a string in the language now chosen."""
    return tr._(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase that the chosen language uses for n (still to be
    formatted: `ngettext("{n} ticket", "{n} tickets", n).format(n=n)`)."""
    return tr.ngettext(singular, plural, n)


def locale() -> str:
    """The chosen language as a Babel locale, for dates and numbers."""
    return tr.language
