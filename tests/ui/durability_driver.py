"""The UI driver (driver.py) for the durability scenarios of scenarios_durability.py, which it
finds by name there once the command has started (the driver imports no scenario before)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import driver  # noqa: E402

if __name__ == "__main__":
    sys.exit(driver.main())
