"""Shared fixtures: the real board and engine, and small helpers that read like the table."""

from __future__ import annotations

import pytest

from companion.boards import rules_for, ttr_nyc_board


@pytest.fixture(scope="session")
def board():
    return ttr_nyc_board()


@pytest.fixture(scope="session")
def rules():
    return rules_for("ttr-nyc")
