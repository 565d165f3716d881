"""Translations: every marked string is translated in every catalog with its blanks intact (each
plural form too), the catalogs are in step with the code, Babel reads the .po files and builds
the .mo files, and the UI shows no English literal that bypasses gettext."""

from __future__ import annotations

import ast
import difflib
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural

from companion.app import catalog
from companion.app.i18n import catalog as load_catalog
from companion.app.i18n import catalog_path, compile_catalog, po_path, read_catalog

LANGUAGES = catalog.TRANSLATED
ROOT = catalog.ROOT


@pytest.fixture(scope="module")
def msgids() -> list[str]:
    return catalog.extract()


def blanks(text: str) -> set[tuple[str, str | None, str]]:
    """The `{name!conv:spec}` blanks of a str.format template ({{ and }} are not blanks)."""
    return {(name, conversion, spec or "")
            for _literal, name, spec, conversion in string.Formatter().parse(text)
            if name is not None}


def read_po(path: Path | str) -> dict[str, str | tuple[str, ...]]:
    """msgid -> what the app shows for it (a plural: its forms); empty and fuzzy entries left
    out. `path`: a .po file, or a language (every domain's catalog of it)."""
    entries = catalog.read_all(path) if isinstance(path, str) else read_catalog(path)
    return {m.id[0] if m.pluralizable else m.id: m.string
            for m in entries if m.id and catalog.translated(m)}


def catalog_files() -> list[tuple[str, str]]:
    """(language, domain) of every catalog."""
    return [(language, domain.name) for language in LANGUAGES for domain in catalog.domains()]


def plurals(msgids_found) -> dict[str, str]:
    return {m: s.plural for m, s in msgids_found.items() if s.plural}


def dummy_values(text: str) -> dict[str, object]:
    return {re.split(r"[.\[]", name, maxsplit=1)[0]: (7 if spec else "x")
            for name, _conversion, spec in blanks(text)}


# ---- finding the strings ---------------------------------------------------------------


def test_extract_finds_every_kind_of_msgid(msgids):
    assert len(msgids) == len(set(msgids)), "a msgid is listed twice"
    expected = [
        "There is nothing to undo.",  # RuleViolation in table.py and gamelog.py
        "Action {kind!r} needs the field {field!r}.",  # malformed() in core.py
        # implicitly joined literals, in the engine and in the UI
        "Two players have the same name: give each player a name of their own.",
        "{game} is for {least} to {most} players.",  # _() in app/games.py
        "blue",  # _() inside a lambda in a game's words.py
        "Draw tickets",  # tr._() in kv/ttr_nyc/play.kv
        "Choose a game",  # tr._() in kv/app/home.kv
    ]
    missing = [m for m in expected if m not in msgids]
    assert not missing, f"extract() missed: {missing}"
    # order of first appearance, files in path order: app/, core/, gamelog.py, games/, then kv/
    order = ["the final round",  # companion/app/words.py
             "Unknown action type {kind!r}.",  # companion/core/rules.py
             "The header's options must be a JSON object.",  # companion/gamelog.py
             "Unknown game {game!r}; this version knows {known}.",  # companion/games/
             "Draw tickets"]  # kv/ttr_nyc/play.kv
    assert [msgids.index(m) for m in order] == sorted(msgids.index(m) for m in order)


def test_python_msgids_reads_calls_in_source_order():
    source = '''
x = _("first " "joined")
raise RuleViolation("code", "template {a!r}", a=1)
y = tr._('single')
z = malformed("broken {kind}", kind=1)
_(variable)
_(f"formatted {x}")
RuleViolation("code", message="by keyword")
RuleViolation("malformed_action", message_var)
_("")
w = [_("second"), _("first joined")]
'''
    assert catalog.python_msgids(source) == [
        "first joined", "template {a!r}", "single", "broken {kind}", "by keyword", "second",
        "first joined"]


def test_kv_msgids_reads_both_quotes_escapes_and_joined_literals():
    kv = '''
<Screen>:
    Button:
        text: tr._("Hello")
    Button:
        text: tr._('It\\'s "here"')
    Label:
        text: "Some Game\\n" + tr._("(coming)")
    Label:
        text: tr._( "two " 'parts' )
    Label:
        text: "plain"
        hint: tr._(root.name)
'''
    assert catalog.kv_msgids(kv) == ["Hello", "It's \"here\"", "(coming)", "two parts"]


# ---- the catalogs -------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_msgid_is_translated(language, msgids):
    entries = read_po(language)
    missing = [m for m in msgids if not entries.get(m)]
    assert not missing, (f"{language}: {len(missing)} of {len(msgids)} strings untranslated "
                         "(python -m companion.app.catalog lists them):\n"
                         + "\n".join(f"  {m!r}" for m in missing))


def blank_problem(msgids: tuple[str, ...], translation: str) -> str | None:
    """Why a translation's blanks don't fit its msgid (a plural form may follow either the
    singular or the plural msgid), or None."""
    try:
        got = blanks(translation)
        if got not in [blanks(m) for m in msgids]:
            return f"blanks {sorted(got)} instead of {sorted(blanks(msgids[-1]))}"
        translation.format(**dummy_values(msgids[-1]))
    except (KeyError, IndexError, ValueError) as error:
        return f"does not format ({error!r})"
    return None


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_blanks(language):
    found = catalog.extract_with_files()
    entries = read_po(language)
    problems = []
    for msgid, source in found.items():
        translation = entries.get(msgid)
        forms = translation if isinstance(translation, tuple) else (translation,)
        msgids = (msgid, source.plural) if source.plural else (msgid,)
        for form in filter(None, forms):
            problem = blank_problem(msgids, form)
            if problem:
                problems.append(f"{msgid!r} -> {form!r}: {problem}")
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_entries_have_the_languages_forms(language):
    """Every ngettext msgid is a plural entry with as many forms as Babel's rule for the
    language has (Romanian 3, Hungarian 1, German and Swedish 2)."""
    wanted = {"de": 2, "hu": 1, "ro": 3, "sv": 2}[language]
    assert get_plural(language).num_plurals == wanted
    counted = plurals(catalog.extract_with_files())
    assert counted, "the code has no ngettext call"
    po = catalog.read_all(language)
    assert po.num_plurals == wanted
    for msgid, plural in counted.items():
        message = po.get(msgid)
        assert message.pluralizable and message.id == (msgid, plural)
        assert len(message.string) == wanted


@pytest.fixture(scope="module")
def by_domain() -> dict:
    return catalog.split(catalog.extract_with_files())


@pytest.mark.parametrize("language, domain", catalog_files())
def test_catalogs_are_up_to_date(language, domain, by_domain):
    path = catalog_path(language, domain)
    current = path.read_text(encoding="utf-8")
    wanted = catalog.render(language, by_domain[domain], domain=domain)
    if current != wanted:
        diff = difflib.unified_diff(current.splitlines(), wanted.splitlines(),
                                    str(path), "python -m companion.app.catalog", lineterm="")
        pytest.fail(f"{path.relative_to(ROOT)} is out of date; run python -m companion.app.catalog"
                    "\n" + "\n".join(list(diff)[:40]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_answers_every_msgid(language, msgids):
    entries = read_po(language)
    counted = plurals(catalog.extract_with_files())
    translations = load_catalog(language)
    wrong = [m for m in msgids if isinstance(entries.get(m), str)
             and translations.gettext(m) != entries[m]]
    # a plural: every form is the answer for some count, and nothing else is
    wrong += [m for m in counted if m in entries and set(entries[m]) != {
        translations.ngettext(m, counted[m], n) for n in range(200)}]
    assert not wrong, f"{language}: the compiled catalog answers these differently: {wrong}"
    assert translations.gettext("not a msgid at all") == "not a msgid at all"


def test_update_keeps_translations_adds_new_and_drops_obsolete(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    path = po_path("de")
    path.parent.mkdir(parents=True)
    path.write_text('msgid ""\nmsgstr "Language: de\\n"\n\n'
                    "# checked by Anna\n#, fuzzy\nmsgid \"Undo\"\nmsgstr \"Zurück\"\n\n"
                    'msgid "Settings"\nmsgstr "Einstellungen"\n\n'
                    'msgid "A string the code no longer has"\nmsgstr "Weg damit"\n\n'
                    '#~ msgid "Long gone"\n#~ msgstr "Lange weg"\n', encoding="utf-8")
    assert catalog.update("de") is True
    text = path.read_text(encoding="utf-8")
    entries = read_catalog(path)
    shared = catalog.split(catalog.extract_with_files())["companion"]
    assert [m.id[0] if m.pluralizable else m.id for m in entries if m.id] == sorted(shared)
    assert entries.get("Settings").string == "Einstellungen"
    assert entries.get("Undo").string == "Zurück" and entries.get("Undo").fuzzy
    assert entries.get("Undo").user_comments == ["checked by Anna"]
    assert catalog.read_all("de").get("Draw tickets").string == ""  # Ticket to Ride's
    assert "no longer has" not in text and "Long gone" not in text
    assert '"Content-Type: text/plain; charset=UTF-8\\n"' in text and '"Language: de\\n"' in text
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    assert read_po(path) == {"Settings": "Einstellungen"}  # fuzzy left out
    assert catalog.missing("de") == [m for m in catalog.extract() if m != "Settings"]
    assert catalog.update("de") is False  # stable: a second run changes nothing


def test_fill_writes_plural_forms_as_a_list(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    counted = plurals(catalog.extract_with_files())
    msgid = next(iter(counted))
    for language in LANGUAGES:
        po_path(language).parent.mkdir(parents=True)
    fill = tmp_path / "fill.json"
    fill.write_text(json.dumps({msgid: {"ro": ["unu", "câteva", "multe"], "hu": ["mind"],
                                        "de": "not a list: dropped"}}), encoding="utf-8")
    assert catalog.main(["--fill", str(fill)]) == 0
    assert catalog.read_all("ro").get(msgid).string == ("unu", "câteva", "multe")
    assert catalog.read_all("hu").get(msgid).string == ("mind",)
    assert catalog.read_all("de").get(msgid).string == ("", "")
    assert catalog.main(["--check"]) == 0


# ---- reading .po and building .mo: Babel ---------------------------------------------------

SAMPLE_PO = r'''# A translator's comment
msgid ""
msgstr ""
"Language: ro\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);\n"

#: companion/games/ttr_nyc/ui/play.py
msgid ""
"First line\n"
"second line"
msgstr ""
"Primul rând\n"
"al doilea"

msgid "Say \"hi\" \\ {name!r}\tnow"
msgstr "Spune: \"salut\" \\ {name!r}\tacum"

#, fuzzy
msgid "Unsure"
msgstr "Nesigur"

#, python-format, fuzzy
msgid "Also unsure"
msgstr "La fel"

msgid "Not yet"
msgstr ""

msgid "{n} ticket"
msgid_plural "{n} tickets"
msgstr[0] "{n} bilet"
msgstr[1] "{n} bilete"
msgstr[2] "{n} de bilete"

msgid "Ő and ș"
msgstr "ő și ș"
'''


def test_read_po_handles_multiline_strings_escapes_plurals_and_fuzzy(tmp_path):
    path = tmp_path / "sample.po"
    path.write_text(SAMPLE_PO, encoding="utf-8")
    entries = read_po(path)
    assert entries["First line\nsecond line"] == "Primul rând\nal doilea"
    assert entries['Say "hi" \\ {name!r}\tnow'] == 'Spune: "salut" \\ {name!r}\tacum'
    assert entries["Ő and ș"] == "ő și ș"
    assert entries["{n} ticket"] == ("{n} bilet", "{n} bilete", "{n} de bilete")
    assert "Unsure" not in entries and "Also unsure" not in entries  # fuzzy
    assert "Not yet" not in entries  # untranslated
    translations = compile_catalog(read_catalog(path))
    said = {n: translations.ngettext("{n} ticket", "{n} tickets", n).format(n=n)
            for n in (0, 1, 2, 19, 20, 21, 101, 120)}
    assert said == {0: "0 bilete", 1: "1 bilet", 2: "2 bilete", 19: "19 bilete",
                    20: "20 de bilete", 21: "21 de bilete", 101: "101 bilete",
                    120: "120 de bilete"}
    assert translations.gettext("Unsure") == "Unsure"  # fuzzy: English
    assert translations.info()["content-type"].lower() == "text/plain; charset=utf-8"


@pytest.mark.parametrize("text", [
    "plain", 'with "quotes"', "back\\slash", "two\nlines", "ends with newline\n",
    "tab\there", "ő ș å ß – ×", '{name!r}: {{"json": true}}', "a\\nb is not a newline",
    "a long line " * 12,
])
def test_po_strings_survive_writing_reading_and_compiling(tmp_path, text):
    written = catalog.Catalog(locale="sv")
    written.add(text, text)
    path = tmp_path / "one.po"
    path.write_text(catalog.serialise(written), encoding="utf-8")
    assert read_po(path) == {text: text}
    assert compile_catalog(read_catalog(path)).gettext(text) == text


@pytest.mark.parametrize("language, domain", catalog_files())
def test_catalogs_round_trip_through_babel_unchanged(language, domain):
    """Babel reads each catalog and writes it back byte for byte (the tool's --check)."""
    path = catalog_path(language, domain)
    assert catalog.serialise(read_catalog(path, language)) == path.read_text(encoding="utf-8")


def test_no_hand_written_po_parser_or_mo_writer_is_left():
    sources = {name: (ROOT / "companion" / "app" / name).read_text(encoding="utf-8")
               for name in ("i18n.py", "catalog.py")}
    for name, text in sources.items():
        for sign in ("struct.pack", "0x950412DE", "def parse_po", "def compile_mo",
                     "def _unquote", 'startswith("msgid'):
            assert sign not in text, f"{name} still has {sign!r}"
    assert "babel.messages" in sources["i18n.py"] and "babel.messages" in sources["catalog.py"]


# ---- the UI: no English text that skips gettext ------------------------------------------

# Shown as they are in every language: names of games and of the app, signs, blanks.
ALLOWED = ("Ticket to Ride: New York", "Railways of the World: The Card Game",
           "Manhattan TraffIQ", "companion", "×")
TEXT_KEYWORDS = ("text", "hint_text", "title")
_MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")
_BLANK = re.compile(r"\{[^{}]*\}")


def _shown_literals(node: ast.AST) -> list[str]:
    """The string literals an expression shows as they are (not those passed through _())."""
    if isinstance(node, ast.Constant):
        return [node.value] if isinstance(node.value, str) else []
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values if isinstance(v, ast.Constant)]
    if isinstance(node, ast.BinOp):
        return _shown_literals(node.left) + _shown_literals(node.right)
    if isinstance(node, ast.BoolOp):
        return [s for value in node.values for s in _shown_literals(value)]
    if isinstance(node, ast.IfExp):
        return _shown_literals(node.body) + _shown_literals(node.orelse)
    if isinstance(node, ast.Call):
        callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
            node.func, "id", None)
        if callee == "_":
            return []
        if isinstance(node.func, ast.Attribute):  # "…".format(), _("…").format(): the receiver
            return _shown_literals(node.func.value)
    return []


def _english(literal: str) -> bool:
    rest = _MARKUP.sub("", literal)
    for allowed in ALLOWED:
        rest = rest.replace(allowed, "")
    rest = _BLANK.sub("", rest)
    return any(ch.isalpha() for ch in rest)


def untranslated_ui_literals() -> list[str]:
    found = []
    for path in sorted((ROOT / "companion" / "ui").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            values = []
            if isinstance(node, ast.Call):
                values = [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Attribute) and t.attr in TEXT_KEYWORDS[:2]
                       for t in targets) and node.value is not None:
                    values = [node.value]
            for value in values:
                for literal in _shown_literals(value):
                    if _english(literal):
                        found.append(f"{path.relative_to(ROOT)}:{value.lineno}: {literal!r}")
    pattern = re.compile(r"^\s*(?:" + "|".join(TEXT_KEYWORDS) + r")\s*:\s*(.+?)\s*$")
    for path in sorted((ROOT / "kv").glob("*.kv")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = pattern.match(line)
            if not match:
                continue
            try:
                expression = ast.parse(match.group(1), mode="eval").body
            except SyntaxError:
                continue
            for literal in _shown_literals(expression):
                if _english(literal):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {literal!r}")
    return found


def test_the_heuristic_catches_untranslated_text():
    tree = ast.parse('Button(text="Hello world", hint_text=_("Name"))\n'
                     'Label(text=f"{name}: {score}  ·  ok")\n'
                     'Label(text="Ticket to Ride: New York\\n" + _("(coming)"))\n'
                     'Label(text=_("Deck") + f"\\n{count}")\n'
                     'Label(text="[b]{player}[/b] ×")\n')
    shown = [literal for node in ast.walk(tree) if isinstance(node, ast.Call)
             for k in node.keywords for literal in _shown_literals(k.value)]
    assert [s for s in shown if _english(s)] == ["Hello world", "  ·  ok"]


def test_ui_shows_no_untranslated_english_literal():
    found = untranslated_ui_literals()
    assert not found, ("English text shown without _() / tr._() (wrap it, or add it to "
                       "ALLOWED if it is a name):\n" + "\n".join(found))


def test_ngettext_calls_give_a_msgid_and_its_plural():
    source = ('a = ngettext("{n} cube", "{n} cubes", n)\n'
              'b = _("plain")\n'
              'c = ngettext("{n} link" "", "{n} links", len(x)).format(n=1)\n'
              'd = ngettext(variable, "{n} things", n)\n')
    assert catalog.python_messages(source) == [("{n} cube", "{n} cubes"), ("plain", None),
                                               ("{n} link", "{n} links")]
    kv = ('    text: tr.ngettext("{n} tile", "{n} tiles", root.count).format(n=root.count)\n'
          '    hint: tr._("Back")\n')
    assert catalog.kv_messages(kv) == [("{n} tile", "{n} tiles"), ("Back", None)]
