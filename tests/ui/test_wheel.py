"""A wheel that runs: `pip wheel` of the project, installed (not editable) into a fresh venv,
works from any folder: `companion replay` scores an example, the app starts to its first
frame, the rig is `companion.hardware` and nothing installs a top-level `hardware`.

The fresh venv gets the wheel alone (`--no-deps`); its dependencies (Kivy and the rest) come
from this test's own environment through a `.pth` file naming its site-packages. A plain path
in a `.pth` puts that folder on sys.path without running the `.pth` files in it, so the
project's editable install (its finder, or a path to the checkout) is not seen: `companion` is
the wheel's, as the test checks. Downloading Kivy and its dependencies into every run would
take minutes and test PyPI more than the wheel.
"""

from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from test_window import stop, window_geometry

PROJECT = Path(__file__).resolve().parents[2]
EXAMPLE = Path("data") / "ttr_nyc" / "examples" / "ttr-nyc-4p.jsonl"
BUILT_FROM = ("pyproject.toml", "README.md", "companion", "hardware", "kv", "data")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".catalog.lock")


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def checked(done: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert done.returncode == 0, f"{done.args}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done


def project_copy(folder: Path) -> Path:
    """What `pip install .` reads, copied as it is now (links kept as links): a build writes
    build/ and *.egg-info beside the sources, and others may be working in the checkout."""
    folder.mkdir()
    for name in BUILT_FROM:
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, symlinks=True, ignore=JUNK)
        else:
            shutil.copy2(source, folder / name)
    return folder


def build_wheel(folder: Path) -> Path:
    source = project_copy(folder / "source")
    checked(run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                 "--wheel-dir", str(folder / "dist"), str(source)], cwd=folder))
    (wheel,) = (folder / "dist").glob("companion-*.whl")
    return wheel


def fresh_venv(folder: Path, wheel: Path) -> Path:
    """A venv holding the wheel, its dependencies borrowed from this environment."""
    checked(run([sys.executable, "-m", "venv", "--without-pip", str(folder)], cwd=folder.parent))
    python = folder / "bin" / "python"
    checked(run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                 "--quiet", str(wheel)], cwd=folder.parent))
    purelib = checked(run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                                              "'purelib'))"], cwd=folder.parent)).stdout.strip()
    (Path(purelib) / "borrowed-dependencies.pth").write_text(
        "".join(f"{path}\n" for path in site.getsitepackages()))
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """The wheel, the venv it is installed in, and a folder of no importance to run in."""
    root = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(root)
    venv = fresh_venv(root / "venv", wheel)
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "COMPANION_DATA", "COMPANION_DB", "VIRTUAL_ENV")}
    env.update(XDG_DATA_HOME=str(root / "xdg-data"), XDG_STATE_HOME=str(root / "xdg-state"),
               KIVY_HOME=str(root / "kivy-home"), SDL_AUDIODRIVER="dummy",
               PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")
    return {"wheel": wheel, "venv": venv, "cwd": elsewhere, "env": env}


def python(installed: dict, code: str) -> subprocess.CompletedProcess:
    return run([str(installed["venv"] / "bin" / "python"), "-c", code], installed["cwd"],
               installed["env"])


def test_the_wheel_holds_layouts_data_translations_and_the_rig(installed):
    with zipfile.ZipFile(installed["wheel"]) as wheel:
        names = set(wheel.namelist())
        top_level = next(n for n in names if n.endswith(".dist-info/top_level.txt"))
        assert wheel.read(top_level).decode().split() == ["companion"]
    for name in ("companion/resources.py", "companion/kv/app/home.kv",
                 "companion/kv/ttr_nyc/play.kv", "companion/data/ttr_nyc/board.json",
                 "companion/data/rotw/box.json", "companion/data/traffiq/box.json",
                 "companion/data/locale/de/LC_MESSAGES/companion.po", f"companion/{EXAMPLE}",
                 "companion/games/rotw/locale/de/LC_MESSAGES/rotw.po",
                 "companion/hardware/__init__.py", "companion/hardware/pins.py"):
        assert name in names, name
    # every file of kv/ and data/ (the keyboard's layout, kv/app/keyboard.json, was missing)
    shipped = {f"companion/{path.relative_to(PROJECT).as_posix()}"
               for folder in ("kv", "data") for path in (PROJECT / folder).rglob("*")
               if path.is_file() and not JUNK(str(path.parent), [path.name])}
    assert not shipped - names, f"missing from the wheel: {sorted(shipped - names)}"
    assert not [n for n in names if n.split("/")[0] in ("hardware", "kv", "data")]


def test_companion_is_the_wheel_and_the_rig_is_inside_it(installed):
    where = checked(python(installed, "import companion; print(companion.__file__)")).stdout
    assert Path(where.strip()).is_relative_to(installed["venv"]), where
    checked(python(installed, "import companion.hardware.pins"))
    top_level = python(installed, "import hardware")
    assert top_level.returncode != 0 and "No module named 'hardware'" in top_level.stderr


@pytest.mark.parametrize("example", ["the checkout's", "the installed"])
def test_replay_scores_an_example_from_another_folder(installed, example):
    if example == "the checkout's":
        log = PROJECT / EXAMPLE
    else:
        log = Path(checked(python(installed, "from companion.resources import data_dir; "
                                             "print(data_dir())")).stdout.strip()).parent / EXAMPLE
        assert log.is_relative_to(installed["venv"]), log
    done = checked(run(["companion", "replay", str(log)], installed["cwd"], installed["env"]))
    expected = checked(run([sys.executable, "-m", "companion.cli", "replay",
                            str(PROJECT / EXAMPLE)], PROJECT)).stdout
    assert done.stdout.startswith("Ticket to Ride: New York, 4 players, ") and "Total" in done.stdout
    assert done.stdout == expected  # the same scores as the checkout's code gives


@pytest.mark.parametrize("damage", ["missing", "damaged"])
def test_a_missing_data_file_is_not_blamed_on_the_log(installed, tmp_path, damage):
    data = tmp_path / "data"
    data.mkdir()
    if damage == "damaged":
        (data / "ttr_nyc").mkdir()
        (data / "ttr_nyc" / "board.json").write_text('{"routes": [', encoding="utf-8")
    env = dict(installed["env"], COMPANION_DATA=str(data))
    done = run(["companion", "replay", str(PROJECT / EXAMPLE)], installed["cwd"], env)
    assert done.returncode == 1 and done.stdout == ""
    message = done.stderr.strip()
    assert message.startswith("companion replay: the board data file ") and "Traceback" \
        not in message, message
    assert str(data / "ttr_nyc" / "board.json") in message and damage in message, message
    assert not re.search(r": line \d+:", message) and EXAMPLE.name not in message, message


def test_the_app_starts_to_its_first_frame(installed, pi_screen):
    """On an X server of its own (a shared $DISPLAY may show another "companion" window).
    Kivy maps the window before build(): the main loop starting (logged after build() loaded
    every layout) and the app still running a moment later are what say it got to a frame."""
    env = dict(installed["env"], DISPLAY=pi_screen)
    log = Path(env["XDG_STATE_HOME"]) / "companion" / "companion.log"
    process = subprocess.Popen(["companion", "--db", str(installed["cwd"] / "companion.db")],
                               cwd=installed["cwd"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        x, y, width, height = window_geometry(pi_screen)
        started = main_loop_started(log, process)
        time.sleep(1.0)
        alive = process.poll() is None
    finally:
        output = stop(process)
    lines = log.read_text(encoding="utf-8") if log.exists() else ""
    assert (width, height) == (800, 480), output[-3000:]
    assert started and alive, (output + lines)[-3000:]
    assert "Traceback" not in output + lines and " ERROR " not in lines, (output + lines)[-3000:]


def main_loop_started(log: Path, process: subprocess.Popen, timeout: float = 40.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        if log.exists() and "Start application main loop" in log.read_text(encoding="utf-8"):
            return True
        time.sleep(0.1)
    return False
