"""Runs the real app in this process, through the `companion` command's own entry point
(`companion.cli.main`), and drives it with simulated touches (one scenario per run).

    python tests/ui/driver.py SCENARIO --size 800x480 --db FILE --shots DIR [--seed N]
                              [--language xx] [--fast]

A scenario is an async function in scenarios.py (or in a game's own scenarios_*.py beside it); it taps widgets through the window's input
queue, as a finger would, waits for frames, saves screenshots and asserts. Exit code 0 means it
held; anything else prints the failure after a line "SCENARIO FAILED". Run under an X display
(Xvfb in the tests; see conftest.py).

Besides its hard assertions a scenario writes what it saw to DIR/report.json (`Driver.record`,
`Driver.audit`): the pytest side asserts those, so that a known app bug can be marked there as
an expected failure without stopping the rest of the scenario. Errors the app only logs (a
listener that failed, a move that could not be stored) land in the report as "app_errors".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import traceback
from pathlib import Path

from companion.touch import Touch

os.environ["KIVY_NO_ARGS"] = "1"
os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")


class Driver(Touch):
    """A finger (companion.touch.Touch, shared with `companion bench --taps`), a pair of eyes
    and a camera for the running app."""

    def __init__(self, app, size: str, shots: Path):
        super().__init__(app)
        self.size = size
        self.shots = shots
        self.report: dict = {"app_errors": [], "audits": {}}

    # ---- what the scenario saw, for the pytest side --------------------------------------

    def record(self, key: str, value) -> None:
        """Note a fact in DIR/report.json (written at once: a killed process keeps it)."""
        self.report[key] = value
        self._write_report()

    def _write_report(self) -> None:
        target = self.shots / "report.json"
        scratch = target.with_suffix(".tmp")
        scratch.write_text(json.dumps(self.report, indent=1, default=str), encoding="utf-8")
        scratch.replace(target)

    async def audit(self, name: str, shot: bool = True) -> dict:
        """Screenshot, then the touch-target and text-fits checks of what is on the screen."""
        import audit
        picture = await self.shot(name) if shot else None
        if picture is None:
            await self.frames(0.25)
        found = audit.audit(picture)
        found["screen"] = self.app.root.current
        self.report["audits"][name] = found
        self._write_report()
        return found

    async def shot(self, name: str) -> Path:
        """A screenshot of the window as it is now: SHOTS/NAME-WxH.png."""
        from kivy.core.window import Window
        await self.frames(0.25)
        target = self.shots / f"{name}-{self.size}.png"
        # Kivy puts a counter before the extension of any name given.
        saved = Window.screenshot(name=str(self.shots / f"{name}-{self.size}-.png"))
        Path(saved).replace(target)
        return target


class _ErrorCatcher(logging.Handler):
    """Errors the app logs and carries on after (a broken listener, a failed write)."""

    def __init__(self, driver: Driver):
        super().__init__(logging.ERROR)
        self.driver = driver
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = self.format(record)
            print(text, file=sys.stderr, flush=True)
            self.driver.report["app_errors"].append(text)
            self.driver._write_report()
        except Exception:  # never let the catcher break the app
            pass


def find_scenario(scenarios, name: str):
    """A scenario by name: in scenarios.py, else in a game's own scenarios_<game>.py."""
    import importlib
    found = getattr(scenarios, name, None)
    for path in sorted(Path(__file__).resolve().parent.glob("scenarios_*.py")):
        if found is not None:
            break
        found = getattr(importlib.import_module(path.stem), name, None)
    if found is None:
        raise SystemExit(f"no scenario {name!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--fullscreen", action="store_true", help="as the kiosk starts it")
    parser.add_argument("--db", required=True)
    parser.add_argument("--shots", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default=None)
    parser.add_argument("--fast", action="store_true", help="skip taps where a scenario allows")
    parser.add_argument("--languages", default=None,
                        help="the audit tours' languages, comma-separated (all five if not given)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from companion import cli

    shots = Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    if args.language:  # as if chosen in Settings before this start
        from companion.store import Store
        store = Store(args.db)
        store.set_setting("language", args.language)
        store.close()
    outcome = {"ok": False}

    async def drive(app) -> None:
        driver = Driver(app, args.size, shots)
        logging.getLogger("companion").addHandler(_ErrorCatcher(driver))
        driver._write_report()
        try:
            # The scenarios import Kivy: only now, once the command has configured it.
            import scenarios
            scenario = find_scenario(scenarios, args.scenario)
            await asyncio.sleep(0.8)  # the first frames
            await scenario(driver, args)
            outcome["ok"] = True
        except BaseException:
            print("SCENARIO FAILED", file=sys.stderr, flush=True)
            traceback.print_exc()
            sys.stderr.flush()
        finally:
            app.stop()

    # Exactly what `companion --size WxH --db FILE` runs: the same command line, the same
    # configuration order; the scenario only runs beside it.
    command = ["--db", args.db]
    command += ["--fullscreen"] if args.fullscreen else ["--size", args.size]  # the screen's
    loaded = sorted(name for name in sys.modules if name.split(".")[0] == "kivy")
    if loaded:  # Kivy reads parts of its configuration once, when first imported
        raise SystemExit(f"the driver imported Kivy before the command did: {loaded[:5]}")
    cli.main(command, driver=drive)
    return 0 if outcome["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
