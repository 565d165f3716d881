"""The kiosk tests' helpers: the tools they need (systemd-analyze, systemctl, useradd) and a
throwaway system tree to install into.

Without the tools, or not as root, the tests are skipped on a workstation and fail on CI (`CI`
set): CI must never skip them silently.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent.parent
UNIT = PROJECT / "systemd" / "companion.service"
STOPPED = PROJECT / "systemd" / "companion-stopped.service"
RULES = PROJECT / "systemd" / "99-companion-scanner.rules"
INSTALL = PROJECT / "systemd" / "install.sh"
SYSTEM_UNITS = Path("/usr/lib/systemd/system")  # systemd's own units (targets, getty@…)


def require(*tools: str, root: bool = False) -> dict[str, str]:
    """The tools' paths; a skip (a failure on CI) when one is missing."""
    found = {tool: shutil.which(tool) or shutil.which(tool, path="/usr/sbin:/sbin")
             for tool in tools}
    missing = [tool for tool, path in found.items() if path is None]
    problem = ""
    if missing:
        problem = f"needs {', '.join(missing)} (apt-get install systemd passwd)"
    elif root and os.geteuid() != 0:
        problem = "needs root (it makes users in a throwaway tree with useradd --prefix)"
    if problem:
        if os.environ.get("CI"):
            pytest.fail(problem + " – CI must run these tests, not skip them", pytrace=False)
        pytest.skip(problem)
    return found  # type: ignore[return-value]


def system_tree(root: Path) -> Path:
    """A bare system tree: root's lines in the user files, the device groups Raspberry Pi OS
    has (not gpio: the installer makes it), and systemd's own units for `verify --root`."""
    etc = root / "etc"
    etc.mkdir(parents=True)
    (etc / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (etc / "shadow").write_text("root:*:19000:0:99999:7:::\n")
    groups = [("root", 0), ("dialout", 20), ("video", 44), ("input", 105), ("render", 106)]
    (etc / "group").write_text("".join(f"{name}:x:{gid}:\n" for name, gid in groups))
    (etc / "gshadow").write_text("".join(f"{name}:!::\n" for name, _ in groups))
    for name in ("passwd", "group"):
        (etc / name).chmod(0o644)
    for name in ("shadow", "gshadow"):
        (etc / name).chmod(0o640)
    shutil.copytree(SYSTEM_UNITS, root / "usr" / "lib" / "systemd" / "system", symlinks=True)
    (root / "media").mkdir()  # Debian's base-files has it: the USB stick's mount point goes there
    return root
