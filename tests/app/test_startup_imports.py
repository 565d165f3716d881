"""What Home's start-up may import: not the games' engines, not Babel (start-up
at most 1.4× the empty Kivy app; docs/benchmarks.md).

Each probe runs in a fresh interpreter, so that nothing imported by another test counts.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def loaded_after(code: str, tmp_path) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    probe = code + "\nimport sys\nprint('\\n'.join(sys.modules))\n"
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_HOME=str(tmp_path), KIVY_LOG_MODE="PYTHON")
    env.pop("DISPLAY", None)  # nothing here may need a window
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return set(done.stdout.split())


def test_the_registry_and_the_titles_leave_the_engines_unloaded(tmp_path):
    """Home lists every game with its title: that needs the registry and each game's `ui.game`,
    not its engine (about a third of Home's start-up before)."""
    loaded = loaded_after(
        "from companion.app.games import game_kinds, game_ui\n"
        "titles = [game_ui(g).title for g in game_kinds()]\n"
        "assert len(titles) >= 3, titles", tmp_path)
    engines = sorted(m for m in loaded if ".engine" in m and m.startswith("companion.games."))
    assert not engines, engines


def test_english_and_the_app_module_need_no_babel(tmp_path):
    """Babel reads a catalog when a language other than English is chosen, and writes dates
    when History or an unfinished game shows one; importing the app does neither."""
    loaded = loaded_after(
        "import companion.app.app, companion.app.l10n, companion.app.home\n"
        "from companion.app.i18n import tr\n"
        "tr.switch('en')", tmp_path)
    assert not sorted(m for m in loaded if m.startswith("babel")), "Babel imported"


def test_the_registered_ids_are_the_engines_own():
    """Each game package names its id without importing its engine: the two must agree."""
    from companion.games import games
    for game in games():
        assert game.rules().game_kind == game.game_kind, game.package


@pytest.mark.parametrize("language", ["de", "hu", "ro", "sv"])
def test_a_language_still_reads_its_catalog(language):
    """Babel, imported late, still reads and compiles each catalog."""
    from companion.app.i18n import catalog
    assert catalog(language).gettext("Back") != "Back"


def test_the_hardware_waits_for_homes_first_frame(tmp_path):
    """The seat LEDs' and buttons' library and the scanner's configuration are imported when
    they start, after Home's first frame (CompanionApp._settle), not with the app's modules."""
    loaded = loaded_after(
        "import companion.app.app, companion.app.home, companion.app.widgets, "
        "companion.app.rig, companion.app.scanning", tmp_path)
    early = sorted(m for m in loaded if m.split(".")[0] in ("gpiozero", "serial", "tomllib")
                   or m in ("companion.config", "companion.hardware.seats"))
    assert not early, early
