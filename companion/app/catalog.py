"""Finds every translatable string and keeps the .po catalogs in step with the code, through
Babel (`babel.messages`): it reads and writes the .po files, and gives each language its plural
rule (the catalog's `Plural-Forms`).

    python -m companion.app.catalog          # rewrite de, hu, ro, sv; say what each is missing
    python -m companion.app.catalog --check  # change nothing; exit 1 if a catalog is out of date
    python -m companion.app.catalog --fill T.json  # also write translations {msgid: {lang: text}}
                                             # (a plural's text: a list, one per form)

A translatable string (a msgid) is:

* in a module (`companion/**/*.py` and each registered game's package): the literal in
  `_("…")` / `N_("…")` (also `tr._("…")`; implicitly joined literals count as one), the two
  literals of `ngettext("…", "…", n)` (a msgid and its msgid_plural), the template (second
  argument) of `RuleViolation(code, template, …)` and the template (first argument) of
  `malformed(template, …)`;
* in a layout (`kv/*.kv`): the literal in `tr._("…")` or `tr._('…')`, the two of
  `tr.ngettext("…", "…", n)`.

Each msgid goes to one gettext domain or more: a game's domain (`Game.domain`) when only that
game's files use it (its package and its layouts), the shared `companion` domain when any
shared file does. A msgid two games use, and no shared file, is in both games' catalogs. An
entry's `#:` lines name only its own domain's files, so adding a game never edits the shared
catalogs nor another game's.

`update(language)` rewrites that language's catalogs: a standard header, then every msgid of the
domain sorted (by msgid), with the translation it already had in any domain (new ones with an
empty msgstr; ones the code no longer uses are dropped), so adding a string adds only its own
lines. Translator comments and the fuzzy flag of a kept entry stay; `#:` lines name the files a
string comes from.
"""

from __future__ import annotations

import ast
import fcntl
import io
import json
import os
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

if __name__ == "__main__":  # the command line: Kivy should neither log nor read our arguments
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from ..resources import kv_dir  # noqa: E402
from .i18n import DOMAIN, LANGUAGES, catalog_path, po_path, read_catalog  # noqa: E402

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # companion/: the modules, as source
ROOT = PACKAGE_DIR.parent  # the checkout: `#:` lines name files relative to it
KV_DIR = kv_dir().resolve()  # the layouts the app loads (the checkout's kv/)
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")  # English is the source

# Calls whose argument at this position (or keyword) is a msgid.
_CALLS = {"_": (0, "text"), "N_": (0, "text"), "RuleViolation": (1, "message"),
          "malformed": (0, "message")}
_PLURAL_CALLS = {"ngettext"}  # ngettext(singular, plural, n)

_STRING = r'"(?:[^"\\\n]|\\.)*"|' + r"'(?:[^'\\\n]|\\.)*'"
_LITERALS = r"((?:" + _STRING + r")(?:\s*(?:" + _STRING + r"))*)"
_KV_CALL = re.compile(r"\btr\._\(\s*" + _LITERALS + r"\s*\)")
_KV_PLURAL = re.compile(r"\btr\.ngettext\(\s*" + _LITERALS + r"\s*,\s*" + _LITERALS + r"\s*,")

Found = tuple[str, str | None]  # a msgid and its msgid_plural (None: not a plural)


@dataclass
class Source:
    """Where the code uses a msgid, and its plural when it is counted."""

    files: list[str] = field(default_factory=list)
    plural: str | None = None


# ---- finding the strings -----------------------------------------------------------------


def _literal(node: ast.AST | None) -> str | None:
    """The text of a string literal ("a" "b" is one literal; "a" + "b" is read too)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left), _literal(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _call_message(node: ast.Call) -> tuple[ast.AST, Found] | None:
    """The msgid a call marks (with its plural), and the node it is written at."""
    name = _callee(node) or ""
    if name in _PLURAL_CALLS and len(node.args) >= 2:
        one, many = _literal(node.args[0]), _literal(node.args[1])
        return (node.args[0], (one, many)) if one and many else None
    where = _CALLS.get(name)
    if where is None:
        return None
    position, keyword = where
    arg = node.args[position] if len(node.args) > position else next(
        (k.value for k in node.keywords if k.arg == keyword), None)
    text = _literal(arg)
    return (arg, (text, None)) if text else None


def python_messages(source: str, filename: str = "<source>") -> list[Found]:
    """The msgids of one Python module with their plurals, in the order they appear in it."""
    found: list[tuple[int, int, Found]] = []
    for node in ast.walk(ast.parse(source, filename)):
        marked = _call_message(node) if isinstance(node, ast.Call) else None
        if marked:
            found.append((marked[0].lineno, marked[0].col_offset, marked[1]))
    return [message for _line, _col, message in sorted(found)]


def python_msgids(source: str, filename: str = "<source>") -> list[str]:
    """The msgids of one Python module, in the order they appear in it."""
    return [msgid for msgid, _plural in python_messages(source, filename)]


def _kv_literal(text: str) -> str | None:
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        return None
    return value if isinstance(value, str) and value else None


def kv_messages(text: str) -> list[Found]:
    """The msgids of one kv file (with plurals), in the order they appear in it."""
    found = [(m.start(), (_kv_literal(m.group(1)), None)) for m in _KV_CALL.finditer(text)]
    found += [(m.start(), (_kv_literal(m.group(1)), _kv_literal(m.group(2))))
              for m in _KV_PLURAL.finditer(text) if _kv_literal(m.group(2))]
    return [message for _at, message in sorted(found) if message[0]]


def kv_msgids(text: str) -> list[str]:
    """The msgids of one kv file: the literals of its `tr._("…")` / `tr.ngettext` calls."""
    return [msgid for msgid, _plural in kv_messages(text)]


@dataclass(frozen=True)
class Domain:
    """A gettext domain and the files whose words it holds: a game's package folder and its
    layouts (the shared domain: every other file)."""

    name: str
    folder: Path | None = None  # a game's package (None: the shared domain)
    kv: tuple[str, ...] = ()  # a game's layouts, as `#:` lines name them

    def owns(self, name: str) -> bool:
        """Whether the file `name` (as `#:` lines write it) is one of this game's."""
        return self.folder is not None and (
            name.startswith(_name(self.folder) + "/") or name in self.kv)


def _name(path: Path) -> str:
    """A file as `#:` lines name it: relative to the checkout where it is in it."""
    path = path.resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()


def domains() -> list[Domain]:
    """The shared domain, then each registered game's, in Home's order."""
    from companion.games import games, kv_folder, package_folder
    return [Domain(DOMAIN)] + [Domain(g.domain, package_folder(g.package).resolve(),
                                      tuple(_name(kv_folder(g) / k) for k in g.kv))
                               for g in games() if g.domain]


def _modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def sources() -> list[Path]:
    """Every file strings are taken from: the package's modules, then the layouts, then the
    modules of a registered game that lives outside the package (a test's game)."""
    found = _modules(PACKAGE_DIR) + sorted(KV_DIR.rglob("*.kv"))
    for domain in domains()[1:]:
        if not domain.folder.is_relative_to(PACKAGE_DIR):
            found += _modules(domain.folder) + sorted(domain.folder.rglob("*.kv"))
    return found


def extract_with_files() -> dict[str, Source]:
    """msgid -> the files (relative to the checkout) using it and its plural, in order of first
    appearance (files in path order)."""
    found: dict[str, Source] = {}
    for path in sources():
        text = path.read_text(encoding="utf-8")
        messages = python_messages(text, str(path)) if path.suffix == ".py" else kv_messages(text)
        name = _name(path)
        for msgid, plural in messages:
            source = found.setdefault(msgid, Source())
            source.plural = source.plural or plural
            if name not in source.files:
                source.files.append(name)
    return found


def extract() -> list[str]:
    """Every msgid in the code, in order of first appearance (files in path order)."""
    return list(extract_with_files())


def split(found: dict[str, Source]) -> dict[str, dict[str, Source]]:
    """Domain -> its msgids (sorted) with their sources: a msgid any shared file uses is the
    shared domain's, one only games use is each of those games' (see the module's note)."""
    every = domains()
    games = every[1:]
    by_domain: dict[str, dict[str, Source]] = {d.name: {} for d in every}
    for msgid in sorted(found):
        source = found[msgid]
        owners = [next((g.name for g in games if g.owns(name)), DOMAIN) for name in source.files]
        for owner in ([DOMAIN] if DOMAIN in owners else dict.fromkeys(owners)):
            # its `#:` lines name the domain's own files: another game using the msgid too
            # changes nothing here
            files = [name for name, by in zip(source.files, owners) if by == owner]
            by_domain[owner][msgid] = Source(files, source.plural)
    return by_domain


# ---- reading and writing catalogs --------------------------------------------------------

KEPT_HEADERS = ("Project-Id-Version", "Language", "Plural-Forms", "MIME-Version", "Content-Type",
                "Content-Transfer-Encoding")  # not dates or Babel's version: no churn


class _Catalog(Catalog):
    """Babel's catalog with a header that changes only when the language does."""

    @property
    def mime_headers(self) -> list[tuple[str, str]]:
        headers = dict(self._get_mime_headers())
        headers["Project-Id-Version"] = "companion"
        kept = [(name, headers[name]) for name in KEPT_HEADERS if name in headers]
        return kept[:-1] + [(kept[-1][0], kept[-1][1] + "\n")]  # every line ends in \n

    @mime_headers.setter
    def mime_headers(self, headers) -> None:
        self._set_mime_headers(headers)


def header_comment(language: str) -> str:
    name = LANGUAGES.get(language, language)
    return "\n".join([f"# {name} ({language}) translation of companion.",
                      "# Written by `python -m companion.app.catalog`: edit the msgstr lines, "
                      "then run it again.",
                      "# Game terms: docs/translations.md."])


def _shaped(text, plural: str | None, forms: int):
    """A translation in the shape its entry needs (a tuple of `forms` strings for a plural);
    a translation of the other shape is dropped, since it was written for another msgid."""
    if plural is None:
        return text if isinstance(text, str) else ""
    if isinstance(text, (list, tuple)):
        return tuple(list(text[:forms]) + [""] * (forms - len(text)))
    return ("",) * forms


def old_catalog(language: str, domain: str = DOMAIN) -> Catalog | None:
    path = catalog_path(language, domain)
    return read_catalog(path, language) if path.is_file() else None


def known(language: str) -> dict[str, object]:
    """msgid -> its entry in any of the language's catalogs (the translated one, where one
    domain translates it and another does not): what a msgid moving between domains keeps."""
    found: dict[str, object] = {}
    for domain in domains():
        old = old_catalog(language, domain.name)
        for message in old or ():
            msgid = message.id[0] if message.pluralizable else message.id
            if msgid and (msgid not in found or translated(message)
                          and not translated(found[msgid])):
                found[msgid] = message
    return found


def build(language: str, found: dict[str, Source] | None = None,
          filled: Mapping[str, object] | None = None, domain: str = DOMAIN,
          kept_before: Mapping[str, object] | None = None) -> Catalog:
    """The catalog of a domain `update` would write: each of its msgids sorted, with the
    translation it had (in this domain, else in another: `kept_before`) or the one in `filled`,
    its translator comments and fuzzy flag."""
    found = split(extract_with_files())[domain] if found is None else found
    old, filled = old_catalog(language, domain), filled or {}
    kept_before = known(language) if kept_before is None else kept_before
    new = _Catalog(locale=language, header_comment=header_comment(language), fuzzy=False,
                   charset="UTF-8")
    for msgid in sorted(found):
        source = found[msgid]
        kept = old.get(msgid) if old is not None else None
        kept = kept if kept is not None else kept_before.get(msgid)
        text = filled.get(msgid, kept.string if kept else "")
        fuzzy = kept is not None and kept.fuzzy and msgid not in filled
        new.add((msgid, source.plural) if source.plural else msgid,
                _shaped(text, source.plural, new.num_plurals),
                locations=[(name, None) for name in source.files],
                user_comments=kept.user_comments if kept else [],
                flags=["fuzzy"] if fuzzy else [])
    return new


def _restamped(catalog: Catalog) -> Catalog:
    """A catalog as read, under the header the tool writes."""
    language = str(catalog.locale_identifier)
    new = _Catalog(locale=language, header_comment=header_comment(language), fuzzy=False,
                   charset="UTF-8")
    for m in catalog:
        if m.id:
            new.add(m.id, m.string, locations=m.locations, user_comments=m.user_comments,
                    flags=m.flags)
    return new


def serialise(catalog: Catalog) -> str:
    """The .po text of a catalog, as Babel writes it (under the tool's header)."""
    if not isinstance(catalog, _Catalog):
        catalog = _restamped(catalog)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, include_lineno=False)
    return buffer.getvalue().decode("utf-8")


def render(language: str, found: dict[str, Source] | None = None,
           filled: Mapping[str, object] | None = None, domain: str = DOMAIN) -> str:
    """The text of a domain's catalog as `update` would write it (`filled`: msgid -> new
    translation, a list of forms for a plural)."""
    return serialise(build(language, found, filled, domain))


def read_all(language: str) -> Catalog:
    """Every entry of the language's catalogs, the shared domain's first (a msgid two games
    hold: the first game's), as one Babel catalog: what the tests read."""
    every = Catalog(locale=language)
    for domain in domains():
        for message in old_catalog(language, domain.name) or ():
            if message.id and every.get(message.id[0] if message.pluralizable
                                        else message.id) is None:
                every[message.id] = message
    return every


def translated(message) -> bool:
    """Whether the app shows this entry translated: every form filled in, not fuzzy."""
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(forms) and not message.fuzzy


def gaps(catalog: Catalog) -> list[str]:
    """The msgids a catalog leaves in English (empty or fuzzy)."""
    return [m.id[0] if m.pluralizable else m.id for m in catalog if m.id and not translated(m)]


def missing(language: str) -> list[str]:
    """The msgids of the code that the language's catalogs do not translate (empty or fuzzy),
    in the code's order."""
    untranslated = set()
    for domain, found in split(extract_with_files()).items():
        old = old_catalog(language, domain)
        untranslated |= {m for m in found
                         if old is None or old.get(m) is None or not translated(old.get(m))}
    return [m for m in extract() if m in untranslated]


def _write(path: Path, text: str, check: bool) -> bool:
    """Whether the file differs from `text` (written unless only checking)."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return True


def update(language: str) -> bool:
    """Rewrite the language's catalogs to match the code; whether a file changed."""
    by_domain = split(extract_with_files())
    before = known(language)
    changed = [_write(catalog_path(language, domain), serialise(
        build(language, found, None, domain, before)), False)
        for domain, found in by_domain.items()]
    return any(changed)


@contextmanager
def _locked():
    """One catalog writer at a time (several people may update the catalogs at once)."""
    lock = po_path(TRANSLATED[0]).parent.parent.parent / ".catalog.lock"
    with open(lock, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _fills(argv: list[str]) -> dict[str, dict[str, object]]:
    """`--fill FILE.json`: {msgid: {language: msgstr}} to write into the catalogs (a plural's
    msgstr is a list: one text per form of the language, as its Plural-Forms counts them)."""
    if "--fill" not in argv:
        return {}
    with open(argv[argv.index("--fill") + 1], encoding="utf-8") as f:
        table = json.load(f)
    return {language: {msgid: texts[language] for msgid, texts in table.items()
                       if texts.get(language)} for language in TRANSLATED}


def main(argv: list[str] | None = None) -> int:
    """Bring the catalogs in step with the code (`--check`: only say whether they are);
    `--fill FILE.json` also writes the translations in FILE ({msgid: {language: text}})."""
    argv = sys.argv[1:] if argv is None else argv
    with _locked():
        return _main(argv)


def _main(argv: list[str]) -> int:
    check = "--check" in argv
    fills = _fills(argv)
    found = extract_with_files()
    by_domain = split(found)
    unknown = sorted({m for table in fills.values() for m in table} - set(found))
    for msgid in unknown:
        print(f"--fill: {msgid!r} is not in the code (left out)")
    stale = False
    for language in TRANSLATED:
        before = known(language)
        for domain, strings in by_domain.items():
            new = build(language, strings, fills.get(language), domain, before)
            changed = _write(catalog_path(language, domain), serialise(new), check)
            stale = stale or changed
            untranslated = gaps(new)
            state = ("out of date" if check else "updated") if changed else "up to date"
            print(f"{language} {domain}: {len(strings)} strings, {len(untranslated)} missing "
                  f"({state})")
            for msgid in untranslated:
                print(f"    {msgid!r}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
