"""Where the shipped files are: the kv layouts, the games' data files and the translations.

They are package data of `companion`, found through `importlib.resources`, so that a checkout,
an editable install and an installed wheel all find them the same way. In the project they stay
in the top-level `kv/` and `data/` folders; `companion/kv` and `companion/data` are links to
them (as `companion/hardware` is to `hardware/`), see docs/packaging.md.
`COMPANION_DATA` names another data folder (the locale files included).
"""

from __future__ import annotations

import json
import os
from importlib.resources import files
from pathlib import Path
from typing import Any


class DataFileError(Exception):
    """A file companion ships is missing or unreadable: the installation is at fault, not the
    user's input (a game log, a database)."""


def _shipped(name: str) -> Path:
    # pip installs a wheel as plain files (never zipped), so the package's files are a real
    # folder: Kivy's Builder and open() want file names.
    return Path(str(files("companion") / name))


def kv_dir() -> Path:
    return _shipped("kv")


def kv_file(name: str) -> str:
    """A layout's file name for `Builder.load_file`, e.g. kv_file("app/home.kv")."""
    return str(kv_dir() / name)


def data_dir() -> Path:
    """`COMPANION_DATA` if set, else the data shipped with the package."""
    override = os.environ.get("COMPANION_DATA")
    return Path(override) if override else _shipped("data")


def shipped_data_dir() -> Path:
    """The data shipped with the package, whatever `COMPANION_DATA` says."""
    return _shipped("data")


def locale_dir() -> Path:
    return data_dir() / "locale"


def load_json(folder: str, name: str) -> Any:
    """A game's data file, data/<folder>/<name>, as JSON; DataFileError if it is missing or
    damaged."""
    path = data_dir() / folder / name
    what = f"the {Path(name).stem} data file {path}"
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise DataFileError(f"{what} is missing: {_remedy()}") from None
    except OSError as error:
        raise DataFileError(f"{what} cannot be read ({error.strerror}): {_remedy()}") from None
    except ValueError as error:  # not JSON, or not UTF-8
        raise DataFileError(f"{what} is damaged ({error}): {_remedy()}") from None


def _remedy() -> str:
    if os.environ.get("COMPANION_DATA"):
        return "COMPANION_DATA names the data folder; unset it or fix that folder"
    return "reinstall companion"
