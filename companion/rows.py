"""What a stored cell means: every value read from the database is decoded here, totally.

SQLite keeps any type in any column, and a damaged page or a flipped bit in a record header
turns text into a blob, an integer into text, a name into NULL. Each function here takes the
cell exactly as SQLite gives it and returns the typed value, or None (with the reason where it
matters) when the cell is not what this version writes: it never raises. The store builds its
records from these, so no screen or command ever sees a raw cell.
"""

from __future__ import annotations

import json
import math
import re
from datetime import datetime
from typing import Any

_GAME_KIND = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def text(cell: Any) -> str | None:
    """A text cell; a blob is read as UTF-8 (bytes that are not, as U+FFFD); anything else
    (NULL, a number) is no text."""
    if isinstance(cell, str):
        return cell
    if isinstance(cell, bytes):
        return cell.decode("utf-8", "replace")
    return None


def integer(cell: Any) -> int | None:
    """An integer cell (a real that is a whole number too); text, blobs, NULL: none."""
    if isinstance(cell, bool):
        return int(cell)
    if isinstance(cell, int):
        return cell
    if isinstance(cell, float) and math.isfinite(cell) and cell.is_integer():
        return int(cell)
    return None


def name(cell: Any) -> str | None:
    """A player's name: text (a blob read as UTF-8, its NULs dropped: they end a string in the
    text renderer); a number or NULL is no name."""
    value = text(cell)
    if value is None:
        return None
    return value.replace("\x00", "")


def game(cell: Any) -> str | None:
    """A game's kind, as a log names it: lower-case letters, digits and dashes; anything else (a blob
    with a NUL, a path) is no game id, so it never reaches a file name or a lookup."""
    value = text(cell)
    if value is None or not _GAME_KIND.fullmatch(value):
        return None
    return value


def time(cell: Any) -> str | None:
    """A stored time (ISO 8601 text), or None where there is none or it is not one."""
    value = text(cell)
    if value is None:
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return None
    return value


def json_object(cell: Any, what: str) -> tuple[dict, str | None]:
    """A JSON-object cell as a dict, or {} and why it cannot be read."""
    value = text(cell)
    if value is None:
        return {}, f"{what} are not text"
    try:
        decoded = json.loads(value)
    except (ValueError, RecursionError) as error:
        return {}, f"{what} are not JSON ({error})"
    if not isinstance(decoded, dict):
        return {}, f"{what} are not a JSON object"
    return decoded, None


def points(cell: Any) -> dict[str, int]:
    """A results.points cell: category -> points; {} when it cannot be read (the total and
    the winner still stand)."""
    decoded, problem = json_object(cell, "its points")
    if problem is not None:
        return {}
    return {str(key): value for key, value in decoded.items()
            if isinstance(value, int) and not isinstance(value, bool)}


def entry(cell: Any) -> tuple[dict | None, str | None]:
    """A log entry: a JSON object whose "type" (where there is one) is text and whose time
    ("at", where there is one) is text; else None and why."""
    value = text(cell)
    if value is None:
        return None, "is not text"
    try:
        decoded = json.loads(value)
    except (ValueError, RecursionError) as error:
        return None, f"is not JSON ({error})"
    if not isinstance(decoded, dict):
        return None, "is not a JSON object"
    if not isinstance(decoded.get("type", ""), str):
        return None, "has a type that is not text"
    if not isinstance(decoded.get("at", ""), str):
        return None, "has a time that is not text"
    return decoded, None


def flag(cell: Any) -> bool | None:
    """A 0/1 cell (results.winner)."""
    value = integer(cell)
    return None if value not in (0, 1) else bool(value)
