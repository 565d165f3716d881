"""The config file (TOML): the card scanner's port and the seat pin map, for the person who builds the rig.

`$COMPANION_CONFIG` names the file; otherwise `companion.toml` in the user's config directory.
A missing file means the defaults. `$COMPANION_SCANNER` overrides the scanner port (`off`
turns it off).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from .hardware.scanner import DEFAULT_PORT, ScannerConfig


class ConfigError(Exception):
    """The config file cannot be used; the message says which file and why."""


def config_path() -> Path:
    override = os.environ.get("COMPANION_CONFIG")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "companion" / "companion.toml"


def load(path: Path | None = None) -> dict[str, Any]:
    path = path or config_path()
    if not path.is_file():
        return {}
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, ValueError) as error:  # TOMLDecodeError, UnicodeDecodeError are ValueErrors
        raise ConfigError(f"{path}: {error}") from error


def problem() -> str | None:
    """Why the config file cannot be used as a whole (then the rig runs on its defaults),
    or None: checked once at start, so that Home can say it."""
    from .hardware.pins import DEFAULT_PIN_MAP, apply_overrides
    try:
        config = load()
        scanner_config(config)
        apply_overrides(DEFAULT_PIN_MAP, config, str(config_path()))
    except (ConfigError, ValueError, TypeError) as error:
        return str(error)
    return None


def scanner_config(config: dict[str, Any]) -> ScannerConfig | None:
    """The scanner to listen to, or None: off, or no port given and no Pi UART here."""
    section = config.get("scanner") or {}
    if not isinstance(section, dict):
        raise ConfigError(f"{config_path()}: scanner must be a table like [scanner], "
                          f"not {section!r}")
    section = dict(section)
    port = os.environ.get("COMPANION_SCANNER")
    if port == "off" or section.get("enabled") is False:
        return None
    section.pop("enabled", None)
    if port:
        section["port"] = port
    if "port" not in section and not Path(DEFAULT_PORT).exists():
        return None  # a laptop: no scanner, and nothing to complain about
    try:
        return ScannerConfig.from_mapping(section)
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{config_path()}: [scanner] {error}") from error
