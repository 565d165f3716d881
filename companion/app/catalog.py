"""Finds every translatable string and keeps the .po catalogs in step with the code.

    python -m companion.app.catalog          # rewrite de, hu, ro, sv; say what each is missing
    python -m companion.app.catalog --check  # change nothing; exit 1 if a catalog is out of date
    python -m companion.app.catalog --fill T.json  # also write translations {msgid: {lang: text}}

A translatable string (a msgid) is, in order of first appearance:

* in `companion/**/*.py`: the literal in `_("…")` (also `tr._("…")`; implicitly joined
  literals count as one), the template (second argument) of `RuleViolation(code, template, …)`
  and the template (first argument) of `malformed(template, …)`;
* in `kv/*.kv`: the literal in `tr._("…")` or `tr._('…')`.

`update(language)` rewrites that language's catalog: a standard header, then every msgid with
the translation it already had (new ones with an empty msgstr; ones the code no longer uses are
dropped). Translator comments and the fuzzy flag of a kept entry stay; `#:` lines name the files
a string comes from.
"""

from __future__ import annotations

import ast
import fcntl
import json
import os
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

if __name__ == "__main__":  # the command line: Kivy should neither log nor read our arguments
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from ..resources import kv_dir  # noqa: E402
from .i18n import LANGUAGES, po_path  # noqa: E402  the .po files the app reads

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # companion/: the modules, as source
ROOT = PACKAGE_DIR.parent  # the checkout: `#:` lines name files relative to it
KV_DIR = kv_dir().resolve()  # the layouts the app loads (the checkout's kv/)
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")  # English is the source

# Calls whose argument at this position (or keyword) is a msgid.
_CALLS = {"_": (0, "text"), "N_": (0, "text"), "RuleViolation": (1, "message"),
          "malformed": (0, "message")}

_STRING = r'"(?:[^"\\\n]|\\.)*"|' + r"'(?:[^'\\\n]|\\.)*'"
_KV_CALL = re.compile(r"\btr\._\(\s*((?:" + _STRING + r")(?:\s*(?:" + _STRING + r"))*)\s*\)")


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


def python_msgids(source: str, filename: str = "<source>") -> list[str]:
    """The msgids of one Python module, in the order they appear in it."""
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        where = _CALLS.get(_callee(node) or "")
        if where is None:
            continue
        position, keyword = where
        arg = node.args[position] if len(node.args) > position else next(
            (k.value for k in node.keywords if k.arg == keyword), None)
        text = _literal(arg)
        if text:
            found.append((arg.lineno, arg.col_offset, text))
    return [text for _line, _col, text in sorted(found)]


def kv_msgids(text: str) -> list[str]:
    """The msgids of one kv file: the literals of its `tr._("…")` calls."""
    found = []
    for match in _KV_CALL.finditer(text):
        try:
            value = ast.literal_eval(match.group(1))
        except (SyntaxError, ValueError):
            continue
        if isinstance(value, str) and value:
            found.append(value)
    return found


def sources() -> list[Path]:
    """Every file strings are taken from: the package's modules, then the layouts."""
    modules = sorted(p for p in PACKAGE_DIR.rglob("*.py") if "__pycache__" not in p.parts)
    return modules + sorted(KV_DIR.rglob("*.kv"))


def extract_with_files() -> dict[str, list[str]]:
    """msgid -> the files (relative to the checkout) using it, in order of first appearance."""
    found: dict[str, list[str]] = {}
    for path in sources():
        text = path.read_text(encoding="utf-8")
        msgids = python_msgids(text, str(path)) if path.suffix == ".py" else kv_msgids(text)
        name = path.relative_to(ROOT).as_posix()
        for msgid in msgids:
            files = found.setdefault(msgid, [])
            if name not in files:
                files.append(name)
    return found


def extract() -> list[str]:
    """Every msgid in the code, in order of first appearance (files in path order)."""
    return list(extract_with_files())


# ---- reading and writing catalogs --------------------------------------------------------


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    comments: list[str] = field(default_factory=list)  # translator comments ("# …")
    fuzzy: bool = False


def parse_po(text: str) -> dict[str, Entry]:
    """The entries of a .po file (the header and obsolete `#~` entries left out)."""
    entries: dict[str, Entry] = {}
    comments: list[str] = []
    fuzzy = False
    msgid = msgstr = None
    target = None

    def flush() -> None:
        if msgid:  # "" is the header
            entries[msgid] = Entry(msgid, msgstr or "", comments, fuzzy)

    for raw in text.splitlines():
        line = raw.strip()
        if target == "str" and (line.startswith("#") or line.startswith("msgid ")):
            flush()  # the next entry begins without a blank line before it
            comments, fuzzy, msgid, msgstr, target = [], False, None, None, None
        if not line:
            flush()
            comments, fuzzy, msgid, msgstr, target = [], False, None, None, None
        elif line.startswith("#~"):
            continue
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line[2:].replace(",", " ").split()
        elif line.startswith("# ") or line == "#":
            comments.append(raw[2:] if raw.startswith("# ") else "")
        elif line.startswith("#"):
            continue  # references, extracted comments, previous msgids: rewritten or dropped
        elif line.startswith("msgid "):
            msgid, target = _unquote(line[6:]), "id"
        elif line.startswith("msgstr "):
            msgstr, target = _unquote(line[7:]), "str"
        elif line.startswith('"') and target == "id":
            msgid += _unquote(line)
        elif line.startswith('"') and target == "str":
            msgstr += _unquote(line)
    flush()
    return entries


_UNESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
              "f": "\f", "v": "\v"}


def _unquote(token: str) -> str:
    body = token.strip()
    if len(body) < 2 or body[0] != '"' or body[-1] != '"':
        raise ValueError(f"not a quoted .po string: {token!r}")
    return re.sub(r"\\(.)", lambda m: _UNESCAPES.get(m.group(1), m.group(1)), body[1:-1])


def escape(text: str) -> str:
    """A string as it goes between the quotes of a .po file."""
    return (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\t", "\\t").replace("\r", "\\r"))


def quote(keyword: str, text: str) -> str:
    """`msgid "…"`; a string with line breaks goes on one quoted line per line, as xgettext does."""
    lines = text.splitlines(keepends=True)
    if len(lines) <= 1:
        return f'{keyword} "{escape(text)}"'
    return "\n".join([f'{keyword} ""'] + [f'"{escape(line)}"' for line in lines])


def header(language: str) -> str:
    name = LANGUAGES.get(language, language)
    fields = ["Project-Id-Version: companion", f"Language: {language}", "MIME-Version: 1.0",
              "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit"]
    return "\n".join(
        [f"# {name} ({language}) translation of companion.",
         "# Written by `python -m companion.app.catalog`: edit the msgstr lines, then run it again.",
         "# Game terms: docs/translations.md.",
         'msgid ""', 'msgstr ""'] + [f'"{escape(f + chr(10))}"' for f in fields])


def render(language: str, found: dict[str, list[str]] | None = None,
           filled: Mapping[str, str] | None = None) -> str:
    """The catalog `update` would write: the header, then every msgid in the code's order.
    `filled` gives new translations (msgid -> msgstr) that replace what the file has."""
    found = extract_with_files() if found is None else found
    path = po_path(language)
    old = parse_po(path.read_text(encoding="utf-8")) if path.is_file() else {}
    for msgid, msgstr in (filled or {}).items():
        old[msgid] = Entry(msgid, msgstr, old[msgid].comments if msgid in old else [])
    blocks = [header(language)]
    for msgid, files in found.items():
        entry = old.get(msgid, Entry(msgid))
        lines = [f"# {c}".rstrip() for c in entry.comments]
        lines += [f"#: {name}" for name in files]
        if entry.fuzzy:
            lines.append("#, fuzzy")
        lines += [quote("msgid", msgid), quote("msgstr", entry.msgstr)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def missing(language: str) -> list[str]:
    """The msgids of the code that the language's catalog does not translate (empty or fuzzy)."""
    path = po_path(language)
    old = parse_po(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return [m for m in extract() if m not in old or not old[m].msgstr or old[m].fuzzy]


def update(language: str) -> bool:
    """Rewrite the language's catalog to match the code; whether the file changed."""
    path = po_path(language)
    text = render(language)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


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


def _fills(argv: list[str]) -> dict[str, dict[str, str]]:
    """`--fill FILE.json`: {msgid: {language: msgstr}} to write into the catalogs."""
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
    stale = []
    for language in TRANSLATED:
        path = po_path(language)
        text = render(language, found, fills.get(language))
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if text != current:
            stale.append(language)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
        entries = parse_po(text)
        gaps = [m for m, e in entries.items() if not e.msgstr or e.fuzzy]
        state = ("out of date" if check else "updated") if language in stale else "up to date"
        print(f"{language}: {len(entries)} strings, {len(gaps)} missing ({state})")
        for msgid in gaps:
            print(f"    {msgid!r}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
