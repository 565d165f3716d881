"""The UI driver (driver.py) with the durability scenarios of scenarios_durability.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import driver  # noqa: E402
import scenarios  # noqa: E402
import scenarios_durability  # noqa: E402

for name in ("powercut_player", "damaged_at_start", "unopened_at_start", "full_during_play"):
    setattr(scenarios, name, getattr(scenarios_durability, name))

if __name__ == "__main__":
    sys.exit(driver.main())
