"""No acknowledgement runs ahead of the disk: the pragmas in force on the app's own connection,
and the system calls of a short scripted game traced with strace.

A SIGKILL keeps the kernel's page cache, so the power-cut harness alone cannot tell a build that
never fsyncs from one that does (the harness reported 0 lost with
`synchronous=OFF` too). Here every `ack` the player writes must come after an fdatasync (or
fsync) of the -wal that followed the last write to the -wal; the same check run on a copy of the
package built with `synchronous=OFF` must fail, so it is known to bite.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import companion
from companion.recovery import open_store

PACKAGE = Path(companion.__file__).resolve().parent
FULL = 'self.db.execute("PRAGMA synchronous=FULL")'
ENTRIES = 40
# strace -f -y: "PID name(FD</path>, ...) = result"; a call cut by another thread's line is
# written "<unfinished ...>" and ended by "<... name resumed>" (the player has one thread).
CALL = re.compile(r"^\d+\s+(\w+)\((\d+)<([^>]*)>(.*)$")


@dataclass(frozen=True)
class Call:
    name: str
    path: str
    rest: str


def trace(db: Path, scratch: Path, package_parent: Path | None = None) -> list[Call]:
    """The player's -wal writes, syncs and acks while it plays ENTRIES scripted entries."""
    out = scratch / "strace.txt"
    strace = shutil.which("strace")
    if strace is None:
        pytest.fail("needs strace (apt-get install strace; .ci/system-packages test has it)",
                    pytrace=False)
    command = [strace, "-f", "-qq", "-y", "-s", "32", "-o", str(out),
               "-e", "trace=fdatasync,fsync,pwrite64,write",
               sys.executable, "-m", "companion.powercut", "--play", str(db),
               "--entries", str(ENTRIES), "--seed", "4"]
    with open(scratch / "acks.txt", "wb") as acks:
        done = subprocess.run(command, stdout=acks, stderr=subprocess.PIPE, timeout=300,
                              cwd=package_parent or scratch)
    assert done.returncode == 0, done.stderr.decode()
    calls = []
    for line in out.read_text().splitlines():
        match = CALL.match(line)
        if match:
            calls.append(Call(match[1], match[3], match[4]))
    return calls


def unsynced_acks(calls: list[Call]) -> list[str]:
    """Every ack that is not preceded by a sync of the -wal after the -wal's last write."""
    problems, acks = [], 0
    written = synced = False  # since the last write to the -wal: was it synced?
    for call in calls:
        wal = call.path.endswith("-wal")
        if call.name == "pwrite64" and wal:
            written, synced = True, False
        elif call.name in ("fdatasync", "fsync") and wal and written:
            synced = True
        elif call.name == "write" and call.rest.startswith(', "ack '):
            acks += 1
            if not (written and synced):
                problems.append(f"ack {acks} ({call.rest[3:20]}…) before the -wal was synced")
    if acks != ENTRIES:
        problems.append(f"{acks} acks traced, {ENTRIES} expected")
    return problems


def test_the_apps_connection_runs_wal_with_synchronous_full(tmp_path: Path):
    store, _moved = open_store(tmp_path / "companion.db")
    try:
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        store.close()


def test_every_acknowledgement_follows_an_fdatasync_of_the_wal(tmp_path: Path):
    calls = trace(tmp_path / "companion.db", tmp_path)
    syncs = [c for c in calls if c.name in ("fdatasync", "fsync") and c.path.endswith("-wal")]
    print(f"\nfsync trace: {len(calls)} calls, {len(syncs)} syncs of the -wal, "
          f"{ENTRIES} acks")
    assert unsynced_acks(calls) == []


def test_the_trace_check_fails_a_build_without_fsync(tmp_path: Path):
    """The same game on a copy of the package with `synchronous=OFF`: the pragma check and the
    trace check both say so."""
    build = tmp_path / "build"
    shutil.copytree(PACKAGE, build / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    store_py = build / "companion" / "store.py"
    assert FULL in store_py.read_text()
    store_py.write_text(store_py.read_text().replace(FULL, FULL.replace("FULL", "OFF")))
    calls = trace(tmp_path / "companion.db", tmp_path, package_parent=build)
    problems = unsynced_acks(calls)
    assert len(problems) == ENTRIES, problems
    pragma = subprocess.run(
        [sys.executable, "-c", "import sys; from companion.recovery import open_store; "
         "s, _ = open_store(sys.argv[1]); "
         "print(s.db.execute('PRAGMA synchronous').fetchone()[0])",
         str(tmp_path / "other.db")], capture_output=True, text=True, cwd=build, timeout=120)
    assert pragma.stdout.strip() == "0", pragma.stderr
