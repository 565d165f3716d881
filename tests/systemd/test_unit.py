"""The kiosk unit (systemd/companion.service): least privilege by systemd's own measure, and a
unit file systemd reads without a warning."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from kiosk_tree import UNIT, require, system_tree

MAX_EXPOSURE = 1.5


def _analyze(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    tools = require("systemd-analyze")
    return subprocess.run([tools["systemd-analyze"], *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def exposure(output: str) -> float:
    match = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", output)
    assert match, f"no overall exposure in:\n{output}"
    return float(match.group(1))


def test_the_unit_is_exposed_at_most_1_5():
    done = _analyze("security", "--offline=true", "--no-pager", str(UNIT))
    figure = exposure(done.stdout + done.stderr)
    print(f"systemd-analyze security --offline=true: overall exposure {figure}")
    assert figure <= MAX_EXPOSURE, done.stdout


def test_the_unit_runs_as_its_own_user_without_network_or_capabilities():
    text = UNIT.read_text()
    for setting in ("User=companion", "PrivateNetwork=yes", "CapabilityBoundingSet=\n",
                    "DevicePolicy=closed", "NoNewPrivileges=yes", "Type=notify",
                    "WatchdogSec=", "Restart=always", "ExecStart=/opt/companion/venv/bin/"
                    "companion --fullscreen"):
        assert setting in text, setting


def test_systemd_reads_the_unit_without_a_warning(tmp_path: Path):
    """`verify` in a tree of its own: the unit where install.sh puts it, systemd's units, and
    an executable at the ExecStart path (the installed app itself is verified in
    test_install.py)."""
    root = system_tree(tmp_path / "root")
    target = root / "etc" / "systemd" / "system"
    target.mkdir(parents=True)
    shutil.copy(UNIT, target / UNIT.name)
    program = root / "opt" / "companion" / "venv" / "bin" / "companion"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    done = _analyze("verify", f"--root={root}", UNIT.name, cwd=tmp_path)
    print(f"systemd-analyze verify: exit {done.returncode}, output {done.stdout + done.stderr!r}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout + done.stderr == "", "verify warned:\n" + done.stdout + done.stderr


def test_verify_catches_a_broken_unit(tmp_path: Path):
    """The check above can fail: a misspelt setting is reported."""
    root = system_tree(tmp_path / "root")
    target = root / "etc" / "systemd" / "system"
    target.mkdir(parents=True)
    (target / UNIT.name).write_text(UNIT.read_text().replace("Restart=always",
                                                             "Restart=alway"))
    done = _analyze("verify", f"--root={root}", UNIT.name, cwd=tmp_path)
    assert "alway" in done.stderr and "not executable" in done.stderr
