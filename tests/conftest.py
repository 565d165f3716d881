"""Shared fixtures: the real board and engine, and small helpers that read like the table."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.boards import rules_for
from companion.games.ttr_nyc import board as ttr_nyc_board
from companion.store import Store


@pytest.fixture(scope="session")
def board():
    return ttr_nyc_board()


@pytest.fixture(scope="session")
def rules():
    return rules_for("ttr-nyc")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database file of the test's own."""
    return tmp_path / "companion.db"


@pytest.fixture
def store(db_path: Path):
    s = Store(db_path)
    yield s
    s.close()


def pytest_addoption(parser, pluginmanager):
    parser.addoption(
        "--full-size", action="store_true",
        help="run the durability fuzz and the power cuts by touch at the size docs/durability.md "
             "quotes (every damaged row, 1,500 bit flips, 20 kills) instead of the suite's "
             "smaller seeded sample of the same classes")
    if not pluginmanager.hasplugin("xdist"):
        # A venv made before pytest-xdist joined the [test] extra: pyproject's worker options
        # are accepted and the suite runs in one process (`pip install -e '.[test]'` adds it).
        group = parser.getgroup("workers", "without pytest-xdist: ignored, one process")
        group._addoption("-n", "--numprocesses", dest="numprocesses", default=None)
        group._addoption("--dist", dest="dist", default="no")
        group._addoption("--no-loadscope-reorder", dest="loadscopereorder",
                         action="store_false")


@pytest.fixture(scope="session")
def full_size(request) -> bool:
    """--full-size given: the long runs at the size the docs quote."""
    return bool(request.config.getoption("--full-size"))


# The suite runs on two workers (pytest-xdist, `-n auto --dist loadfile` in pyproject.toml), a
# file at a time each; a worker asks for the next file when it is almost done. Handing out the
# longest files first keeps both cores busy to the end: the audit's twelve tours (about ten
# minutes) first, then the other files that start the app, the short files last to fill the gaps.
# docs/testing.md, "Two workers".
LONGEST_FIRST = ("tests/ui/test_audit.py", "tests/ui/", "tests/app/test_bench_ui.py",
                 "tests/systemd/test_install.py", "tests/durability/")


def _rank(nodeid: str) -> int:
    return next((i for i, prefix in enumerate(LONGEST_FIRST) if nodeid.startswith(prefix)),
                len(LONGEST_FIRST))


def pytest_collection_modifyitems(config, items):
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return  # one process (`-n 0`): the files in their usual order
    # sorted() is stable: a file's tests stay together and in their order
    items[:] = sorted(items, key=lambda item: _rank(item.nodeid))
