"""The kiosk unit (systemd/companion.service): least privilege by systemd's own measure, a
memory limit, a data folder nothing runs from, a start limit that ends in a message on the
screen (companion-stopped.service), and unit files systemd reads without a warning."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from kiosk_tree import STOPPED, UNIT, require, system_tree

MAX_EXPOSURE = 1.0


def _analyze(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    tools = require("systemd-analyze")
    return subprocess.run([tools["systemd-analyze"], *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def exposure(output: str) -> float:
    match = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", output)
    assert match, f"no overall exposure in:\n{output}"
    return float(match.group(1))


def test_the_unit_is_exposed_at_most_1_0():
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


def settings(path: Path) -> dict[str, list[str]]:
    """Every `Key=value` of a unit file (a key may come more than once)."""
    found: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_memory_is_limited_for_a_pi_with_1_to_8_gb():
    unit = settings(UNIT)
    assert unit["MemoryMax"] == ["512M"] and unit["MemoryHigh"] == ["384M"]
    assert unit["MemorySwapMax"] == ["0"] and unit["OOMPolicy"] == ["stop"]


def test_nothing_in_the_data_folder_may_run():
    unit = settings(UNIT)
    assert unit["StateDirectory"] == ["companion"]
    assert unit["NoExecPaths"] == ["/var/lib/companion"]


def test_the_start_limit_ends_in_a_message_on_the_screen():
    """Before: StartLimitIntervalSec=0, so an app that dies at every start was restarted for
    ever, a blank screen. Now 5 starts in 10 minutes, then the unit fails, and a service with
    Restart= triggers OnFailure= only then: companion-stopped.service writes on the console."""
    unit, stopped = settings(UNIT), settings(STOPPED)
    assert unit["StartLimitIntervalSec"] == ["600"] and unit["StartLimitBurst"] == ["5"]
    assert unit["Restart"] == ["always"] and unit["OnFailure"] == [STOPPED.name]
    assert stopped["Type"] == ["oneshot"] and stopped["TTYPath"] == ["/dev/tty1"]
    assert stopped["StandardOutput"] == ["tty"]
    message = subprocess.run(["sh", "-c", stopped["ExecStart"][0]], capture_output=True,
                             text=True, timeout=30).stdout
    assert "The companion stopped: it failed to start 5 times within 10 minutes." in message
    assert "sudo systemctl restart companion" in message and "journalctl -u companion" in message


def test_systemd_reads_the_unit_without_a_warning(tmp_path: Path):
    """`verify` in a tree of its own: the units where install.sh puts them, systemd's units,
    and an executable at the ExecStart path (the installed app itself is verified in
    test_install.py)."""
    root = system_tree(tmp_path / "root")
    target = root / "etc" / "systemd" / "system"
    target.mkdir(parents=True)
    for unit in (UNIT, STOPPED):
        shutil.copy(unit, target / unit.name)
    for program in (root / "opt" / "companion" / "venv" / "bin" / "companion",
                    root / "usr" / "bin" / "printf"):  # what the two units run
        program.parent.mkdir(parents=True, exist_ok=True)
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
    for unit in (UNIT, STOPPED):
        done = _analyze("verify", f"--root={root}", unit.name, cwd=tmp_path)
        print(f"systemd-analyze verify {unit.name}: exit {done.returncode}, "
              f"output {done.stdout + done.stderr!r}")
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
