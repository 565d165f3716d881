"""Table options: readings a rulebook leaves open, chosen by the table and kept in the log's header.

A game's engine declares its table options as a frozen dataclass whose fields are each a bool or
an Enum with a default (the reading the engine followed before the option existed, so a log
written without it replays as it always did). `read_table_options` takes them from the header's
`options` object (one flat key per field, the enum's value as JSON), refusing a wrong value with
`bad_option`; `table_options_json` writes them back.
"""

from __future__ import annotations

import dataclasses
import typing
from enum import Enum
from typing import Any, Mapping, TypeVar

from .rules import RuleViolation

T = TypeVar("T")


def read_table_options(cls: type[T], options: Mapping[str, Any]) -> T:
    """The table options in `options` (a header's), each missing one at its default."""
    hints = typing.get_type_hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name in options:
            values[f.name] = _value(f.name, hints[f.name], options[f.name])
    return cls(**values)


def _value(name: str, hint: Any, value: Any) -> Any:
    if hint is bool:
        if not isinstance(value, bool):
            raise RuleViolation("bad_option", "The option {option} must be true or false.",
                                option=name)
        return value
    try:
        return hint(value)
    except ValueError:
        raise RuleViolation("bad_option", "The option {option} is one of {known}, not "
                            "{value!r}.", option=name, value=value,
                            known=", ".join(str(m.value) for m in hint)) from None


def table_options_json(options: Any) -> dict[str, Any]:
    """The table options as a header's keys (enums by their value)."""
    return {f.name: _json(getattr(options, f.name)) for f in dataclasses.fields(options)}


def _json(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value
