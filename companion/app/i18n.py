"""Translations: gettext catalogs, one domain per game beside the shared one, read from the
shipped .po files with Babel, switchable while the app runs.

The shared domain `companion` (`data/locale/<lang>/LC_MESSAGES/companion.po`) holds the words
of the shared code; each game's domain (`Game.domain`, its package's
`locale/<lang>/LC_MESSAGES/<domain>.po`) holds the words only that game uses. `_()` and
`ngettext()` called from a game's module look in its domain first, then in the shared one (then
in the other games', for a msgid shared code translates on a game's behalf: a refusal's
template, a rule card); called from shared code or a layout they look in the shared domain
first, then in each game's in Home's order.

Layouts use `tr._("…")` and `tr.ngettext("…", "…", n)`; when the language changes every such
text is re-evaluated. Python code uses `_()` / `ngettext()` and redraws its screen on the
`language` event of the app. Each catalog carries its language's plural rule (Babel's), so
`ngettext` picks "1 Karte", "2 Karten", "20 de cărți" as the language counts.
"""

from __future__ import annotations

import gettext
import io
import logging
import sys
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
    """The shared domain's catalog of a language."""
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def game_domains() -> dict[str, Path]:
    """Each game's domain -> the folder holding its catalogs (`<lang>/LC_MESSAGES/<domain>.po`),
    in Home's order: the game package's `locale/`, or `COMPANION_DATA`'s `locale/` when that
    names another data folder (it then holds every domain's catalogs, as gettext lays them out)."""
    from companion.games import games, locale_folder
    return {game.domain: locale_folder(game) for game in games() if game.domain}


def catalog_path(language: str, domain: str = DOMAIN) -> Path:
    """A domain's catalog of a language."""
    if domain == DOMAIN:
        return po_path(language)
    return game_domains()[domain] / language / "LC_MESSAGES" / f"{domain}.po"


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


def domain_catalog(language: str, path: Path) -> gettext.NullTranslations:
    """One domain's catalog of a language; English where it is missing or cannot be read (a
    damaged file: `unreadable` then names the language, and Home says so)."""
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


class Domains:
    """A language's catalogs, one per domain, asked in an order: the first that translates a
    msgid answers (a msgid none translates is its own English text)."""

    def __init__(self, language: str, catalogs: dict[str, gettext.NullTranslations]):
        self.language = language
        self.catalogs = catalogs  # domain -> its compiled catalog; the shared one first
        self._orders: dict[str | None, tuple] = {}

    def order(self, domain: str | None = None) -> tuple:
        """The catalogs asked for a msgid of `domain` (None: shared code or a layout)."""
        found = self._orders.get(domain)
        if found is None:
            first = [self.catalogs[domain]] if domain in self.catalogs else []
            found = self._orders[domain] = tuple(
                first + [c for name, c in self.catalogs.items() if name != domain])
        return found

    def gettext(self, text: str, domain: str | None = None) -> str:
        for translations in self.order(domain):
            # gettext's own table: a msgid it lacks is told from one translated as itself
            found = getattr(translations, "_catalog", {}).get(text)
            if found is not None:
                return found
        return text

    def ngettext(self, singular: str, plural: str, n: int, domain: str | None = None) -> str:
        for translations in self.order(domain):
            table = getattr(translations, "_catalog", None)
            found = table.get((singular, translations.plural(n))) if table else None
            if found is not None:
                return found
        return singular if n == 1 else plural


def catalog(language: str) -> Domains:
    """The language's catalogs: the shared domain's, then each game's."""
    catalogs = {DOMAIN: domain_catalog(language, po_path(language))}
    if language != "en":
        for domain, folder in game_domains().items():
            catalogs[domain] = domain_catalog(
                language, folder / language / "LC_MESSAGES" / f"{domain}.po")
    return Domains(language, catalogs)


_module_domains: dict[str, str | None] = {}  # module name -> its game's domain (None: shared)


def module_domain(module: str) -> str | None:
    """The domain of the game whose package holds `module` (None: shared code)."""
    if module in _module_domains:
        return _module_domains[module]
    from companion.games import games
    found = next((game.domain for game in games() if game.domain and (
        module == game.package or module.startswith(game.package + "."))), None)
    _module_domains[module] = found
    return found


def _caller_domain() -> str | None:
    """The domain of the module calling `_()` / `ngettext()` (two frames up)."""
    return module_domain(sys._getframe(2).f_globals.get("__name__", ""))


class Translator(Observable):
    """`tr._(text)` and `tr.ngettext(one, many, n)` in kv re-evaluate when `switch` changes
    the language."""

    observers: list = []
    _WORDS = ("_", "ngettext")  # our own events: the kv compiler binds to these names

    def __init__(self, language: str = "en"):
        super().__init__()
        self.language = "en"
        self._catalog = Domains("en", {DOMAIN: gettext.NullTranslations()})
        self.switch(language)

    def _(self, text: str, domain: str | None = None) -> str:
        return self._catalog.gettext(text, domain)

    def ngettext(self, singular: str, plural: str, n: int, domain: str | None = None) -> str:
        return self._catalog.ngettext(singular, plural, n, domain)

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
    """Translate a string in the language now chosen (from a game's module: in its domain
    first)."""
    return tr._(text, _caller_domain())


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase that the chosen language uses for n (still to be
    formatted: `ngettext("{n} ticket", "{n} tickets", n).format(n=n)`); from a game's module,
    in its domain first."""
    return tr.ngettext(singular, plural, n, _caller_domain())


def locale() -> str:
    """The chosen language as a Babel locale, for dates and numbers."""
    return tr.language
