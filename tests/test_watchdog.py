"""The sd_notify client against a real AF_UNIX datagram socket the test binds, as systemd would."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from companion.watchdog import Notifier, ping_interval


def _listen(address: str) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(5)
    return sock


@pytest.fixture
def path_socket(tmp_path: Path):
    address = str(tmp_path / "notify")
    sock = _listen(address)
    yield address, sock
    sock.close()


@pytest.fixture
def abstract_socket():
    name = f"companion-test-{os.getpid()}-{id(object())}"
    sock = _listen("\0" + name)
    yield "@" + name, sock
    sock.close()


def test_ready_ping_and_stopping_arrive_as_datagrams(path_socket):
    address, sock = path_socket
    notifier = Notifier(address)
    assert notifier.ready() and notifier.ping() and notifier.stopping()
    ready, ping, stopping = (sock.recv(4096).decode() for _ in range(3))
    assert ready.splitlines()[0] == "READY=1"
    assert ping == "WATCHDOG=1"
    assert stopping == "STOPPING=1"


def test_an_address_starting_with_at_is_an_abstract_socket(abstract_socket):
    address, sock = abstract_socket
    assert Notifier(address).ping()
    assert sock.recv(4096) == b"WATCHDOG=1"


def test_several_fields_go_in_one_datagram(path_socket):
    address, sock = path_socket
    Notifier(address).send("READY=1", "STATUS=up")
    assert sock.recv(4096) == b"READY=1\nSTATUS=up"


def test_without_notify_socket_nothing_is_sent():
    notifier = Notifier.from_environment({})
    assert not notifier.enabled
    assert not notifier.ready()
    assert not notifier.ping()


def test_a_socket_that_went_away_is_logged_not_raised(tmp_path: Path, caplog):
    assert not Notifier(str(tmp_path / "gone")).ping()
    assert "could not notify" in caplog.text


def test_the_app_pings_at_half_the_watchdog_time():
    assert ping_interval({"WATCHDOG_USEC": "30000000"}) == 15.0
    assert ping_interval({}) is None
    assert ping_interval({"WATCHDOG_USEC": "0"}) is None
    assert ping_interval({"WATCHDOG_USEC": "soon"}) is None


def test_the_watchdog_is_only_for_the_process_it_names():
    env = {"WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "4242"}
    assert ping_interval(env, pid=4242) == 1.0
    assert ping_interval(env, pid=4343) is None
