"""Read-only storage: every saved game is shown, nothing new is saved.

Before, a read-only folder or mount made the app run on an empty database in memory, and
`companion games`/`export` failed with "unable to open database file" (classed OTHER). Now the
file is read through SQLite's read-only handle (`mode=ro`, which also reads the -wal; or
`immutable=1` when there is no -wal and its index cannot be made) into memory; a write is
refused as READ_ONLY.

The mount case needs root and `mount` (a tmpfs, filled, then remounted read-only); it is
skipped, and says so, where mounting is impossible. The folder case runs everywhere: a chmod
for a user, the immutable attribute for root (whom modes do not stop).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from companion.games.ttr_nyc.playout import TtrPlayout
from companion.recovery import open_store
from companion.store import Store, StoreError, Trouble, writable
from companion.table import Table

GAME = "ttr-nyc"


def play_games(rules, db: Path, count: int = 3, moves: int = 25) -> list[tuple[int, int]]:
    """Games played into the database and closed cleanly: (id, entries) of each."""
    store = Store(db)
    try:
        return [_play(rules, store, seed, moves) for seed in range(count)]
    finally:
        store.close()


def _play(rules, store: Store, seed: int, moves: int) -> tuple[int, int]:
    playout = TtrPlayout(rules, 2, random.Random(seed))
    playout.play()
    table = Table.start(store, GAME, playout.players, playout.options)
    for action in playout.log[:moves]:
        table.submit(action)
    return table.game_id, moves


def companion(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", *argv], capture_output=True,
                          text=True, timeout=120)


def assert_every_game_readable_and_nothing_saved(db: Path, games: list[tuple[int, int]]):
    assert not writable(db)
    store, moved = open_store(db)
    try:
        assert moved is None and store.read_only is not None
        assert store.read_only.trouble is Trouble.READ_ONLY
        assert sorted((g.id, len(store.log(g.id))) for g in store.games()) == sorted(games)
        game_id, moves = games[0]
        assert len(Table.resume(store, game_id).actions) == moves
        with pytest.raises(StoreError) as info:
            Table.start(store, GAME, ["Ann", "Ben"])
        assert info.value.trouble is Trouble.READ_ONLY
    finally:
        store.close()
    listed = companion("games", "--db", str(db))
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
    assert len([line for line in listed.stdout.splitlines()[1:] if line.strip()]) == len(games)
    exported = companion("export", str(games[0][0]), "--db", str(db))
    assert exported.returncode == 0, exported.stderr
    assert len(exported.stdout.splitlines()) == 1 + games[0][1]
    assert json.loads(exported.stdout.splitlines()[0])["game"] == GAME
    assert_backed_up(db, games)


def assert_backed_up(db: Path, games: list[tuple[int, int]]) -> None:
    """`companion backup` (Settings' backup to a USB stick too) copies every game off the
    read-only card: the way its games get out."""
    stick = db.parent.parent / f"stick-{uuid.uuid4().hex[:8]}"
    stick.mkdir()
    backed = companion("backup", str(stick), "--db", str(db))
    assert backed.returncode == 0 and "Traceback" not in backed.stderr, backed.stderr
    [folder] = list(stick.iterdir())
    assert len(list((folder / "games").iterdir())) == len(games)
    copy = Store(folder / "companion.db")
    try:
        assert sorted((g.id, len(copy.log(g.id))) for g in copy.games()) == sorted(games)
    finally:
        copy.close()


# ---- a read-only folder ---------------------------------------------------------------------------


@contextlib.contextmanager
def read_only_folder(folder: Path):
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)],
                                        capture_output=True).returncode != 0:
        pytest.skip("root cannot make a folder read-only here (no chattr +i on this file "
                    "system); the mount case below covers read-only storage")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=True)


def test_a_read_only_folder_shows_every_game_and_saves_nothing(rules, tmp_path):
    folder = tmp_path / "card"
    folder.mkdir()
    db = folder / "companion.db"
    games = play_games(rules, db)
    before = sorted(p.name for p in folder.iterdir())
    with read_only_folder(folder):
        assert_every_game_readable_and_nothing_saved(db, games)
    assert sorted(p.name for p in folder.iterdir()) == before, "nothing was written there"


# ---- a read-only mount ------------------------------------------------------------------------------


@pytest.fixture
def mount(tmp_path: Path):
    """A small tmpfs of the test's own: (folder, remount(ro)). Skipped where mounting is
    impossible (not root, or no mount in this container)."""
    folder = tmp_path / f"mnt-{uuid.uuid4().hex[:8]}"
    folder.mkdir()
    tool = shutil.which("mount")
    if os.geteuid() != 0 or tool is None:
        pytest.skip("a real read-only mount needs root and mount(8): only the folder case ran")
    done = subprocess.run([tool, "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"mounting is impossible here ({done.stderr.strip()}): only the folder "
                    "case ran")

    def remount(option: str) -> None:
        subprocess.run([tool, "-o", f"remount,{option}", str(folder)], check=True,
                       capture_output=True)

    try:
        yield folder, remount
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def test_a_read_only_mount_shows_every_game_and_saves_nothing(rules, mount):
    """A database closed cleanly (no -wal): SQLite's mode=ro cannot open the WAL's index on a
    read-only mount, so it is read with immutable=1."""
    folder, remount = mount
    db = folder / "companion.db"
    games = play_games(rules, db)
    assert not db.with_name("companion.db-wal").exists()
    remount("ro")
    assert_every_game_readable_and_nothing_saved(db, games)


def test_moves_only_in_the_wal_are_shown_on_a_read_only_mount(rules, mount):
    """Cut before a checkpoint (the last moves only in the -wal, its -shm beside it), then the
    card went read-only: mode=ro reads the -wal, so the last moves are there too."""
    folder, remount = mount
    db = folder / "companion.db"
    games = play_games(rules, db, count=2)
    code = ("import sys, random; from companion.store import Store; "
            "from companion.table import Table; "
            "from companion.games.ttr_nyc.playout import TtrPlayout; "
            "from companion.boards import rules_for; import os; "
            "s = Store(sys.argv[1]); s.db.execute('PRAGMA wal_autocheckpoint = 0'); "
            "p = TtrPlayout(rules_for('ttr-nyc'), 2, random.Random(9)); p.play(); "
            "t = Table.start(s, 'ttr-nyc', p.players, p.options); "
            "[t.submit(a) for a in p.log[:30]]; print(t.game_id, flush=True); os._exit(0)")
    done = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert db.with_name("companion.db-wal").stat().st_size > 0
    remount("ro")
    assert_every_game_readable_and_nothing_saved(db, games + [(int(done.stdout), 30)])


def test_a_game_on_read_only_storage_is_exported_onto_the_usb_stick(rules, tmp_path, monkeypatch):
    """Home's and History's "Export it" of a game that can't be opened writes beside the
    database; on read-only storage that can't be, so it goes onto the stick (or asks for one)."""
    from companion.app.unreadable import export_folder, export_rows
    folder = tmp_path / "card"
    folder.mkdir()
    db = folder / "companion.db"
    [(game_id, moves)] = play_games(rules, db, count=1)
    stick = tmp_path / "stick"
    with read_only_folder(folder):
        store, _moved = open_store(db)
        try:
            monkeypatch.setenv("COMPANION_USB", str(tmp_path / "no-stick"))
            assert export_folder(store) is None  # no stick: the screen asks for one
            stick.mkdir()
            monkeypatch.setenv("COMPANION_USB", str(stick))
            target = export_rows(store, game_id, export_folder(store))
        finally:
            store.close()
    assert target.parent.parent == stick
    assert len(target.read_text(encoding="utf-8").splitlines()) == 1 + moves
