"""One gettext domain per game: a msgid only one game's files use is in that game's catalogs,
one shared code uses is in the shared `companion` catalogs; the catalog tool writes each
catalog's entries sorted, so that adding a string adds only its own lines; `_()` in a game's
module reads its own domain first (docs/translations.md, "Domains")."""

from __future__ import annotations

import difflib
import gettext
import io

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from companion.app import catalog, i18n
from companion.app.catalog import Source

SHARED = i18n.DOMAIN


def test_each_msgid_goes_to_the_domain_of_the_files_that_use_it():
    found = {
        "Only Railways": Source(["companion/games/rotw/ui/play.py", "kv/rotw/play.kv"]),
        "Two games": Source(["companion/games/rotw/ui/play.py",
                             "companion/games/traffiq/engine/rules.py"]),
        "Shared too": Source(["companion/games/rotw/ui/play.py", "companion/app/home.py"]),
        "A shared layout": Source(["kv/app/home.kv"]),
    }
    split = {domain: sorted(strings) for domain, strings in catalog.split(found).items()}
    assert split == {SHARED: ["A shared layout", "Shared too"],
                     "ttr_nyc": [], "rotw": ["Only Railways", "Two games"],
                     "traffiq": ["Two games"]}
    # an entry names its own domain's files only: a second game using it changes no line
    by_domain = catalog.split(found)
    assert by_domain["traffiq"]["Two games"].files == ["companion/games/traffiq/engine/rules.py"]
    assert by_domain[SHARED]["Shared too"].files == ["companion/app/home.py"]


def test_each_games_catalogs_are_in_its_package():
    folders = {domain.name: domain.folder for domain in catalog.domains()[1:]}
    assert set(folders) == {"ttr_nyc", "rotw", "traffiq"}
    for domain, folder in folders.items():
        path = i18n.catalog_path("de", domain)
        assert path == folder / "locale" / "de" / "LC_MESSAGES" / f"{domain}.po"
        assert path.is_file(), path


def test_adding_a_string_adds_only_its_own_lines():
    """Entries are sorted by msgid: a new one lands in its place and moves no other."""
    strings = catalog.split(catalog.extract_with_files())["rotw"]
    before = catalog.render("de", strings, domain="rotw").splitlines()
    added = dict(strings, **{"Keep the new cube": Source(["companion/games/rotw/ui/play.py"])})
    after = catalog.render("de", added, domain="rotw").splitlines()
    changed = [line for line in difflib.unified_diff(before, after, lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert changed == ["+#: companion/games/rotw/ui/play.py", '+msgid "Keep the new cube"',
                       '+msgstr ""', "+"], changed


def test_a_string_moving_to_another_domain_keeps_its_translation():
    strings = {"Undo": Source(["companion/games/rotw/ui/play.py"])}
    moved = catalog.build("de", strings, domain="rotw")
    assert moved.get("Undo").string == catalog.read_all("de").get("Undo").string != ""


def compiled(pairs: dict[str, str]) -> gettext.GNUTranslations:
    written = Catalog(locale="de")
    for msgid, text in pairs.items():
        written.add(msgid, text)
    buffer = io.BytesIO()
    write_mo(buffer, written)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def test_a_games_module_reads_its_own_domain_first(monkeypatch):
    domains = i18n.Domains("de", {SHARED: compiled({"Draw": "Ziehen", "Back": "Zurück"}),
                                  "ttr_nyc": compiled({"Draw": "Nachziehen"}),
                                  "traffiq": compiled({"Draw": "Plättchen ziehen"})})
    monkeypatch.setattr(i18n.tr, "_catalog", domains)
    said = {}
    for module in ("companion.games.traffiq.ui.play", "companion.app.home"):
        code = "said[__name__] = (_('Draw'), _('Back'), _('Not a msgid'))"
        exec(code, {"__name__": module, "_": i18n._, "said": said})  # noqa: S102
    assert said == {"companion.games.traffiq.ui.play": ("Plättchen ziehen", "Zurück",
                                                        "Not a msgid"),
                    "companion.app.home": ("Ziehen", "Zurück", "Not a msgid")}
    assert i18n.tr._("Draw") == "Ziehen"  # a layout: the shared domain first
