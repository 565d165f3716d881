"""What the start does with storage, translations and a config file that are not as expected:
a FIFO refused at once, a full disk opened read-only with every game shown, a read-only notice
that promises no games it could not read, a damaged catalog and a damaged config file each
falling back with a word on Home. No window: the notices are the words Home shows."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion import recovery
from companion.app import i18n, storage
from companion.store import CannotRead, NoRoom, ReadOnly, Store, StoreError, Trouble

ROUTE = {"type": "claim_route", "seat": 0, "route": "r01"}


def app_with(**started) -> SimpleNamespace:
    return SimpleNamespace(**{"moved_aside": None, "unopened": None, "config_problem": None,
                              **started})


def two_games(path: Path) -> None:
    store = Store(path)
    try:
        for players in (["Ann", "Ben"], ["Cas", "Dot", "Eve"]):
            store.new_game("ttr-nyc", players, {})
    finally:
        store.close()


def test_a_fifo_where_the_database_should_be_is_refused_at_once(tmp_path: Path):
    """Opening a FIFO to read its header would wait for a writer for ever (no window, and
    systemd kills the start): it is refused at once with a message."""
    db = tmp_path / "companion.db"
    os.mkfifo(db)
    outcome: list = []

    def start() -> None:
        try:
            recovery.open_store(db)
        except StoreError as error:
            outcome.append(error)

    opener = threading.Thread(target=start, daemon=True)
    began = time.monotonic()
    opener.start()
    opener.join(10)
    assert not opener.is_alive(), "the start blocked on the FIFO"
    assert time.monotonic() - began < 10
    assert outcome and "not a database file" in str(outcome[0])
    assert "could not be opened" in storage.unopened(outcome[0])


def test_a_full_disk_at_start_opens_read_only_with_every_game(tmp_path: Path, monkeypatch):
    """No room on the card: opening to write fails ("disk I/O error"), but every game can be
    read; Home shows them all and says the storage is full; a move is refused as FULL."""
    db = tmp_path / "companion.db"
    two_games(db)
    monkeypatch.setattr(recovery, "ROOM", 2 ** 62)  # no disk has that much free
    store, moved = recovery.open_store(db)
    try:
        assert moved is None
        assert isinstance(store.read_only, NoRoom)
        assert sorted(g.players for g in store.games()) == [("Ann", "Ben"), ("Cas", "Dot", "Eve")]
        with pytest.raises(StoreError) as refused:
            store.append(store.games()[0].id, 1, ROUTE)
        assert refused.value.trouble is Trouble.FULL
        said = storage.unopened(store.read_only)
        assert said.startswith("The storage is full: every saved game can be looked at")
        assert "full" in storage.refused(refused.value)
    finally:
        store.close()


def test_read_only_storage_holding_no_database_promises_no_games(tmp_path: Path, monkeypatch):
    """A file that is not a database on read-only storage: nothing could be read, so Home does
    not say every saved game can be looked at (over no games): it says why nothing opened."""
    db = tmp_path / "companion.db"
    db.write_bytes(b"not a database, just bytes " * 100)
    import companion.store as store_module
    monkeypatch.setattr(store_module, "writable", lambda _path: False)
    monkeypatch.setattr(recovery, "writable", lambda _path: False)
    with pytest.raises(StoreError) as unopened:
        recovery.open_store(db)
    said = storage.unopened(unopened.value)
    assert "every saved game" not in said and "could not be opened" in said, said
    assert "every saved game" not in storage.unopened(CannotRead("x"))
    assert "every saved game" in storage.unopened(ReadOnly("x"))


def test_a_damaged_catalog_falls_back_to_english_and_home_says_so(tmp_path: Path, monkeypatch):
    """4 KB of random bytes in the German catalog, German chosen: English, and a word on Home
    (before, UnicodeDecodeError stopped every start, as the language is stored)."""
    damaged = tmp_path / "companion.po"
    damaged.write_bytes(bytes(range(256)) * 16)
    monkeypatch.setattr(i18n, "po_path", lambda _language: damaged)
    monkeypatch.setattr(i18n, "unreadable", set())
    translator = i18n.Translator()
    translator.switch("de")
    assert translator._("OK") == "OK"
    assert i18n.unreadable == {"de"}
    notices = storage.start_notices(app_with(), None)
    assert notices == ["The Deutsch translation could not be read, so the app speaks English."]


@pytest.mark.parametrize("text", [b"scanner = \"\xff\"\n", b"scanner = \"x\"\n", b"scanner = 5\n",
                                  b"[seat]\n1 = 5\n", b"[[scanner]]\nport = 1\n"])
def test_a_damaged_config_file_falls_back_to_defaults(tmp_path: Path, monkeypatch, text: bytes):
    """A non-UTF-8 byte, `scanner = "x"`, `scanner = 5`: the scanner and the seat pins start on
    their defaults (only ConfigError is raised to them) and Home says why."""
    from companion import config
    path = tmp_path / "companion.toml"
    path.write_bytes(text)
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    problem = config.problem()
    assert problem is not None and str(path) in problem
    try:
        config.scanner_config(config.load())
    except config.ConfigError:
        pass
    from companion.app.scanning import Scanning
    Scanning(None).start()  # logs why, starts no scanner, raises nothing
    notices = storage.start_notices(app_with(config_problem=problem), None)
    assert notices[0].startswith("The rig's config file could not be read, so its defaults")
