"""A USB stick for backups on the kiosk: udev names and mounts it, the app's unit
may write there and nothing else changes (its exposure is checked in test_unit.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from kiosk_tree import PROJECT, UNIT, require, system_tree

RULE = PROJECT / "systemd" / "99-companion-usb.rules"
MOUNT = PROJECT / "systemd" / "media-companion_usb.mount"


def setting(path: Path, key: str) -> list[str]:
    return [line.split("=", 1)[1] for line in path.read_text().splitlines()
            if line.startswith(key + "=")]


def test_the_rule_the_mount_unit_and_the_app_unit_name_the_same_places():
    rule = RULE.read_text()
    assert 'SYMLINK+="companion_usb"' in rule
    assert 'ENV{SYSTEMD_WANTS}+="media-companion_usb.mount"' in rule
    assert 'ENV{ID_BUS}=="usb"' in rule and 'ENV{ID_FS_TYPE}=="vfat|exfat"' in rule
    assert setting(MOUNT, "What") == ["/dev/companion_usb"]
    assert setting(MOUNT, "Where") == ["/media/companion_usb"]  # the unit's name says it too
    assert setting(MOUNT, "BindsTo") == ["dev-companion_usb.device"]  # pulled: unmounted
    options = setting(MOUNT, "Options")[0].split(",")
    assert {"nosuid", "nodev", "noexec", "uid=companion", "gid=companion"} <= set(options)
    assert "ReadWritePaths=-/media/companion_usb" in UNIT.read_text().splitlines()


def test_systemd_reads_the_mount_unit_without_a_warning(tmp_path: Path):
    root = system_tree(tmp_path / "root")
    target = root / "etc" / "systemd" / "system"
    target.mkdir(parents=True)
    shutil.copy(MOUNT, target / MOUNT.name)
    tools = require("systemd-analyze")
    done = subprocess.run([tools["systemd-analyze"], "verify", f"--root={root}", MOUNT.name],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout + done.stderr == "", done.stdout + done.stderr


def test_udev_reads_the_rule():
    udevadm = shutil.which("udevadm") or shutil.which("udevadm", path="/usr/sbin:/sbin")
    if udevadm is None or "verify" not in subprocess.run(
            [udevadm, "--help"], capture_output=True, text=True).stdout:
        # older udev: at least one rule, every key a known one
        keys = re.findall(r"([A-Z_]+)(?:\{[^}]*\})?\s*[!+=]=?", RULE.read_text())
        assert set(keys) <= {"ACTION", "SUBSYSTEM", "ENV", "SYMLINK"}, keys
        return
    done = subprocess.run([udevadm, "verify", str(RULE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
