"""systemd/install.sh in a throwaway system tree (--root): it installs the user, the app in
its virtual environment, the unit (enabled) and the scanner's udev rule; a second run changes
nothing and duplicates nothing; systemd accepts the installed unit; --uninstall takes it all
away again and leaves the rest of the system as it was. An update goes in beside the version in
use and one rename switches to it (a process of the old version keeps its own files); a failed
install leaves the old version as it was.

The app is installed without its dependencies (`--pip-args --no-deps`): Kivy from the network
into a throwaway tree would take minutes and say nothing more about the installer.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from kiosk_tree import INSTALL, PROJECT, RULES, STOPPED, UNIT, require, system_tree

APP = "opt/companion/app"
QUICK = ["--pip-args", "--no-deps"]


def install(root: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess:
    """The installer of the project's copy beside the tree (see `project`)."""
    installer = root.parent / "project" / INSTALL.relative_to(PROJECT)
    done = subprocess.run(["bash", str(installer), "--root", str(root), *args],
                          capture_output=True, text=True, timeout=600)
    assert (done.returncode == 0) == ok, done.stdout + done.stderr
    return done


def snapshot(root: Path) -> dict[str, str]:
    """Every file and link in the tree but systemd's own units: its content (a link: where it
    points); bytecode caches by name (they record when their source was written)."""
    found = {}
    for path in sorted(root.rglob("*")):
        name = str(path.relative_to(root))
        if name.startswith("usr/") or path.is_dir() and not path.is_symlink():
            continue
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif name.endswith(".pyc"):
            found[name] = "compiled"
        else:
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def lines(root: Path, name: str, who: str) -> list[str]:
    return [line for line in (root / "etc" / name).read_text().splitlines()
            if line.split(":")[0] == who]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A bare system tree, and beside it a still copy of the project (a git checkout of its
    own) to install from: others' work on the project must not change it between two runs."""
    tools = require("systemctl", "useradd", "groupadd", "userdel", "groupdel",
                    "systemd-analyze", "git", root=True)
    copy = tmp_path / "project"
    listed = subprocess.run([tools["git"], "-C", str(PROJECT), "ls-files", "-z"],
                            capture_output=True, check=True, timeout=60).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = PROJECT / name
        if source.is_symlink():  # companion/kv, data, hardware: links to the top-level folders
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            (copy / name).symlink_to(os.readlink(source))
        elif source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    for command in (["init", "-q"], ["add", "-A"]):
        subprocess.run([tools["git"], "-C", str(copy), *command], check=True, timeout=60)
    return system_tree(tmp_path / "root")


def test_install_twice_then_uninstall(tree: Path):
    before = snapshot(tree)
    install(tree, *QUICK)
    first = snapshot(tree)
    install(tree, *QUICK)
    second = snapshot(tree)
    assert first == second, "a second run changed: " + ", ".join(
        sorted(k for k in first.keys() | second.keys() if first.get(k) != second.get(k)))

    # The user, once: a system user with no login and no home of its own.
    for name in ("passwd", "shadow", "group", "gshadow"):
        assert len(lines(tree, name, "companion")) == 1, name
    user = lines(tree, "passwd", "companion")[0].split(":")
    assert int(user[2]) < 1000 and user[5] == "/var/lib/companion"
    assert user[6] == "/usr/sbin/nologin"
    # The device groups the unit names: all there, each once (gpio made, the others kept).
    for group in ("video", "render", "input", "dialout", "gpio"):
        assert len(lines(tree, "group", group)) == 1, group
    assert lines(tree, "group", "video") == ["video:x:44:"]

    # The unit and the rule as in the project; the unit enabled at boot.
    project = tree.parent / "project"
    for installed, source in (("etc/systemd/system/companion.service", UNIT),
                              ("etc/systemd/system/companion-stopped.service", STOPPED),
                              ("etc/udev/rules.d/99-companion-scanner.rules", RULES)):
        assert (tree / installed).read_text() == \
            (project / source.relative_to(PROJECT)).read_text(), installed
    wants = tree / "etc/systemd/system/multi-user.target.wants/companion.service"
    assert os.readlink(wants) == "/etc/systemd/system/companion.service"

    # The app in its virtual environment: the command the unit starts, importing the copy.
    command = tree / "opt/companion/venv/bin/companion"
    assert os.access(command, os.X_OK)
    where = subprocess.run([str(tree / "opt/companion/venv/bin/python"), "-c",
                            "import companion.watchdog as w; print(w.__file__)"],
                           capture_output=True, text=True, timeout=60, check=True,
                           cwd=tree).stdout
    assert Path(where.strip()).resolve() == (tree / APP / "companion" / "watchdog.py").resolve()
    assert os.readlink(tree / APP) == "current/app"  # the unit's path, through the switch
    assert os.readlink(tree / "opt/companion/current").startswith("releases/")
    assert (tree / APP / "kv" / "app" / "home.kv").is_file()  # the layouts travel with the code
    # Compiled at install: the unit's read-only release could not keep it (ProtectSystem=strict).
    assert list((tree / APP / "companion" / "app" / "__pycache__").glob("app.cpython-*.pyc"))
    # … and the installed package finds them, the data and the rig (links in the copy).
    shipped = subprocess.run([str(tree / "opt/companion/venv/bin/python"), "-c",
                              "from companion import resources as r; import companion.hardware;"
                              " print(r.kv_file('app/home.kv')); print(r.data_dir())"],
                             capture_output=True, text=True, timeout=60, check=True,
                             cwd=tree).stdout.split()
    assert Path(shipped[0]).resolve() == (tree / APP / "kv" / "app" / "home.kv").resolve()
    assert (Path(shipped[1]) / "ttr_nyc" / "board.json").is_file()

    # systemd accepts the installed unit, its ExecStart a real program.
    verify = subprocess.run([require("systemd-analyze")["systemd-analyze"], "verify",
                             f"--root={tree}", "companion.service"],
                            capture_output=True, text=True, timeout=120, cwd=tree.parent)
    print(f"verify on the installed tree: exit {verify.returncode}, "
          f"output {verify.stdout + verify.stderr!r}")
    assert verify.returncode == 0 and verify.stdout + verify.stderr == "", verify.stderr

    # Uninstall: all of it gone; the system's own lines and files as they were.
    install(tree, "--uninstall")
    after = snapshot(tree)
    for name in ("passwd", "shadow", "group", "gshadow"):
        assert lines(tree, name, "companion") == [], name
    assert not (tree / "opt/companion").exists()
    assert not (tree / "etc/systemd/system/companion.service").exists()
    assert not (tree / "etc/systemd/system/companion-stopped.service").exists()
    assert not wants.exists() and not wants.is_symlink()
    assert not (tree / "etc/udev/rules.d/99-companion-scanner.rules").exists()
    left = {name for name in after.keys() - before.keys()
            if not name.endswith("-")}  # the backups useradd and userdel keep (passwd- …)
    assert left == set(), left
    assert lines(tree, "group", "gpio"), "a device group others may use now is kept"


def test_uninstall_keeps_the_games_unless_purged(tree: Path):
    install(tree, *QUICK)
    games = tree / "var/lib/companion/companion.db"
    games.parent.mkdir(parents=True)
    games.write_bytes(b"SQLite format 3\0")
    kept = install(tree, "--uninstall")
    assert games.exists() and "kept the games" in kept.stdout
    install(tree, "--uninstall", "--purge")
    assert not games.parent.exists()


def test_an_unknown_option_is_refused(tree: Path):
    done = subprocess.run(["bash", str(INSTALL), "--root", str(tree), "--frobnicate"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "unknown option --frobnicate" in done.stderr


def in_use(tree: Path) -> Path:
    return (tree / "opt/companion/current").resolve()


def old_process(tree: Path) -> subprocess.Popen:
    """A process of the version in use that imports a module only when told to (as the app's
    lazy imports and kv loads do): where that module comes from, once the update is done."""
    code = ("import sys; import companion; sys.stdin.readline(); "
            "import companion.watchdog as w; print(w.__file__)")
    return subprocess.Popen([str(tree / "opt/companion/venv/bin/python"), "-c", code],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree)


def test_an_update_goes_in_beside_and_switches_in_one_rename(tree: Path):
    """Before: the installer replaced the files under the running service."""
    install(tree, *QUICK)
    first = in_use(tree)
    running = old_process(tree)
    project = tree.parent / "project"
    (project / "companion" / "watchdog.py").write_text(
        (project / "companion" / "watchdog.py").read_text() + "\n# an update\n")
    done = install(tree, *QUICK)
    second = in_use(tree)
    assert second != first and "switched to version" in done.stdout
    assert first.is_dir() and (first / ".complete").exists(), "the version before is kept"
    assert (tree / "opt/companion/previous").read_text().strip() == f"releases/{first.name}"
    assert "# an update" in (tree / APP / "companion" / "watchdog.py").read_text()
    out, _ = running.communicate("go\n", timeout=60)
    assert Path(out.strip()).resolve() == first / "app" / "companion" / "watchdog.py", \
        "the running version still reads its own files"
    # A third version: the one in use and the one before stay, the oldest goes.
    (project / "README.md").write_text((project / "README.md").read_text() + "\nthird\n")
    install(tree, *QUICK)
    releases = sorted(p.name for p in (tree / "opt/companion/releases").iterdir())
    assert releases == sorted([second.name, in_use(tree).name]) and not first.exists()


def test_a_failed_install_leaves_the_version_in_use_as_it_was(tree: Path):
    install(tree, *QUICK)
    before = snapshot(tree)
    project = tree.parent / "project"
    (project / "pyproject.toml").write_text("this is not TOML [[[\n")
    done = install(tree, *QUICK, ok=False)
    assert "the version in use is unchanged" in done.stderr
    assert snapshot(tree) == before, "nothing of the old version changed, nothing half-made"
    check = subprocess.run([str(tree / "opt/companion/venv/bin/python"), "-c",
                            "import companion.watchdog"], cwd=tree, timeout=60)
    assert check.returncode == 0
