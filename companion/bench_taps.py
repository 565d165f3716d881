"""`companion bench --taps`: how much a turn asks of the players' fingers on the screens (taps,
scans, characters typed), beside what their hands do at the table anyway, for every game.

Every game's played example logs (data/<game>/examples/*.jsonl; the score-only ones are left
out: they enter totals, not turns) are played through the real app at 800x480 (one process per
game, `python -m companion.bench_taps play GAME`, on a temporary database, on $DISPLAY or an
Xvfb this module starts), each action entered by the game's tap driver
(companion/games/<package>/ui/taps.py: `act`, `physical`, `turn_kind`) with a counting finger
(companion.touch.Touch), and checked stored exactly as logged. With the scanner, the logs are
seeded random games of the game's playout with its "scan every card/tile" option (the examples
were kept without a scanner), entered with a scanner at the table: what can be scanned is
scanned. docs/benchmarks.md says what each figure means.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

RESULT = "BENCH-TAPS-RESULT "
WIDTH, HEIGHT = 800, 480
SCANNED_GAMES = 2  # seeded games with the scanner, per player count of the examples
QUICK_ACTIONS = 12  # `--quick`: the first actions of one log per game and mode (a rough figure)


class TapBenchError(Exception):
    """The tap benchmark cannot run here, or a log could not be entered by taps."""


def _say(text: str) -> None:
    print(text, flush=True)


# ---- the logs -------------------------------------------------------------------------------

def example_logs(game, quick: bool = False) -> list[Path]:
    """A game's example logs of games played (not score-only); `quick`: the first one."""
    from .boards import data_dir
    from .gamelog import fold_lines
    found = []
    for path in sorted((data_dir() / game.package.rsplit(".", 1)[-1] / "examples")
                       .glob("*.jsonl")):
        header = fold_lines(path.read_text(encoding="utf-8").splitlines()).header
        if header.options.get("mode", "play") == "play":
            found.append(path)
    if quick and found:
        found = found[:1]
    return found


def scanned_games(game, taps, players: list[int], games: int, seed: int) -> list[dict]:
    """Seeded random games with the game's "scan every card/tile" option: header and actions."""
    import random
    logs = []
    for count in players:
        for n in range(games):
            playout = game.playout()(game.rules(), count, random.Random(seed + 97 * n + count),
                                     **taps.SCANNED_PLAYOUT)
            playout.play()
            logs.append({"name": f"seeded-{count}p-{n + 1}", "players": list(playout.players),
                         "options": dict(playout.options),
                         "actions": [a.to_json() for a in playout.log]})
    return logs


def logs_for(game, scanner: bool, quick: bool, seed: int = 2024) -> list[dict]:
    from .gamelog import fold_lines
    examples = []
    for path in example_logs(game, quick):
        folded = fold_lines(path.read_text(encoding="utf-8").splitlines())
        examples.append({"name": path.name, "players": list(folded.header.players),
                         "options": dict(folded.header.options),
                         "actions": [a.to_json() for a in folded.actions]})
    if scanner:
        counts = sorted({len(log["players"]) for log in examples})
        examples = scanned_games(game, tap_driver(game), counts[:1] if quick else counts,
                                 1 if quick else SCANNED_GAMES, seed)
    if quick:
        for log in examples:
            log["actions"] = log["actions"][:QUICK_ACTIONS]
    return examples


def tap_driver(game):
    import importlib
    return importlib.import_module(f"{game.package}.ui.taps")


# ---- the figures ----------------------------------------------------------------------------

@dataclass
class Turn:
    kind: str
    taps: int = 0
    scans: int = 0
    typed: int = 0
    physical: int = 0


def turns(records: list[dict]) -> list[Turn]:
    """The actions grouped into turns: a turn starts with an action of another seat than the
    turn before (the table's reports, without a seat, belong to the turn they follow)."""
    found: list[Turn] = []
    seat, log = object(), None
    for r in records:
        if r["log"] != log or (r["seat"] is not None and r["seat"] != seat) or not found:
            found.append(Turn(r["turn_kind"] or ("setup" if not found or log != r["log"]
                                                 else "table report")))
            seat, log = r["seat"], r["log"]
        turn = found[-1]
        turn.taps += r["taps"]
        turn.scans += r["scans"]
        turn.typed += r["typed"]
        turn.physical += r["physical"]
    return found


def p90(values: list[float]) -> float:
    if len(values) == 1:
        return float(values[0])
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def _figure(values: list[float]) -> str:
    return f"{statistics.median(values):g} / {p90(values):g}"


def summary(game_kind: str, scanner: bool, records: list[dict]) -> dict:
    """Median and 90th percentile per turn and per kind of turn: taps, scans, typed,
    physical acts."""
    found = turns(records)

    def figures(group: list[Turn]) -> dict:
        return {"turns": len(group),
                **{field: (statistics.median(v), p90(v)) for field in
                   ("taps", "scans", "typed", "physical")
                   for v in [[getattr(t, field) for t in group]]}}

    kinds: dict[str, list[Turn]] = {}
    for turn in found:
        kinds.setdefault(turn.kind, []).append(turn)
    return {"game": game_kind, "scanner": scanner, "all": figures(found),
            "kinds": {kind: figures(group) for kind, group in sorted(kinds.items())}}


def print_summary(found: dict, logs: list[str], seconds: float) -> None:
    mode = "with the scanner (every card/tile scanned)" if found["scanner"] else "no scanner"
    _say(f"{found['game']}, {mode}: {len(logs)} log(s) ({', '.join(logs)}), "
         f"{found['all']['turns']} turns, {seconds:.0f} s")
    _say(f"  {'median / p90 per turn':<24}{'taps':>10}{'scans':>10}{'typed':>10}"
         f"{'physical':>10}{'turns':>7}")

    def row(name: str, f: dict) -> None:
        cells = "".join(f"{f[k][0]:>5g}/{f[k][1]:<4g}" for k in
                        ("taps", "scans", "typed", "physical"))
        _say(f"  {name:<24}{cells}{f['turns']:>7}")

    row("every turn", found["all"])
    for kind, f in found["kinds"].items():
        row(kind, f)


# ---- running it ---------------------------------------------------------------------------

def run_all(quick: bool = False, db_dir: Path | None = None,
            games: list[str] | None = None) -> list[dict]:
    """Measure and print every registered game's figures; TapBenchError when it cannot."""
    import subprocess
    from .bench_ui import Xvfb, UiBenchError
    from .games import games as registered
    from .store import default_path
    xvfb = None
    display = os.environ.get("DISPLAY", "")
    results = []
    if not display:
        xvfb = Xvfb()
        try:
            display = xvfb.start()
        except UiBenchError as error:
            raise TapBenchError(str(error)) from None
        _say(f"companion bench --taps: DISPLAY is not set, so it started Xvfb on {display}")
    started = time.monotonic()
    try:
        parent = db_dir or default_path().parent
        parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="bench-taps-", dir=parent) as name:
            folder = Path(name)
            env = dict(os.environ, DISPLAY=display, KIVY_HOME=str(folder / "kivy"),
                       KIVY_NO_ARGS="1", KIVY_CLIPBOARD="sdl2", KIVY_NO_FILELOG="1",
                       KIVY_LOG_MODE="PYTHON",  # as the UI tests: Kivy's stderr capture can loop
                       SDL_AUDIODRIVER="dummy")
            env.setdefault("SDL_VIDEODRIVER", "x11")
            env.pop("WAYLAND_DISPLAY", None)
            for game in registered():
                if games and game.game_kind not in games:
                    continue
                for scanner in (False, True):
                    db = folder / f"{game.game_kind}-{int(scanner)}.db"
                    command = [sys.executable, "-m", "companion.bench_taps", "play",
                               game.game_kind, "--db", str(db)]
                    command += ["--scanner"] if scanner else []
                    command += ["--quick"] if quick else []
                    t0 = time.monotonic()
                    done = subprocess.run(command, env=env, capture_output=True,
                                          timeout=3600)
                    out = done.stdout.decode("utf-8", "replace")
                    reports = [line[len(RESULT):] for line in out.splitlines()
                               if line.startswith(RESULT)]
                    if done.returncode != 0 or not reports:
                        tail = done.stderr.decode("utf-8", "replace")[-4000:]
                        raise TapBenchError(f"{game.game_kind}{' (scanner)' if scanner else ''}"
                                            f" failed (exit code {done.returncode})\n{tail}")
                    report = json.loads(reports[-1])
                    found = summary(game.game_kind, scanner, report["records"])
                    print_summary(found, report["logs"], time.monotonic() - t0)
                    results.append(found)
    finally:
        if xvfb is not None:
            xvfb.stop()
    _say(f"companion bench --taps: {time.monotonic() - started:.0f} s in all")
    return results


# ---- inside the measuring process ----------------------------------------------------------

async def _play_log(d, game, taps, log: dict, records: list[dict]) -> None:
    """One log from New game's start, every action entered by the game's tap driver and checked
    stored as logged; what each took, into `records`."""
    from .app.games import game_ui
    app, ui = d.app, game_ui(game.game_kind)
    options = dict(log["options"])
    first = options.pop("first", 0)
    colours = options.pop("colours", None) or list(game.colours_at(len(log["players"])))
    options.pop("mode", None)
    if not app.start_game(game.game_kind, log["players"], colours, first, variants=options):
        raise TapBenchError(f"{log['name']}: the game would not start")
    await d.wait_for(lambda: app.root.current == ui.play, what="the play screen")
    await d.frames(0.3)
    rules, first = app.table.rules, len(app.table.actions)
    for number, entry in enumerate(log["actions"], start=1):
        action = rules.parse_action(entry)
        if number < START_AT:  # `--start`: the moves before it entered at once, not measured
            if len(app.table.actions) < first + number:  # (not one a screen stored itself)
                app.table.submit(action)
            if number == START_AT - 1:
                await d.frames(0.5)
            continue
        # by its place in the log: a screen may store a move itself (a turn with nothing left
        # to do ended), which its driver then waits for without a tap
        before, stored = d.counts.copy(), first + number - 1
        try:
            d.next_action = _next(rules, log["actions"], number)
            await taps.act(d, action)
            await d.wait_for(lambda: len(app.table.actions) > stored,
                             what=f"{action.type} to be stored")
        except AssertionError as error:
            raise TapBenchError(f"{log['name']} action {number} {entry}: {error}") from None
        await d.frames(0.25)  # the screen answers the move, as a player waits for it
        done = app.table.actions[stored]
        if not taps.same_move(done, action):
            raise TapBenchError(f"{log['name']} action {number}: stored {done.to_json()}, "
                                f"not {entry}")
        spent = d.counts.since(before)
        records.append({"log": log["name"], "kind": action.type,
                        "turn_kind": taps.turn_kind(action),
                        "seat": getattr(action, "seat", None), "taps": spent.taps,
                        "scans": spent.scans, "typed": spent.typed,
                        "physical": taps.physical(action)})


def _next(rules, entries: list, number: int):
    """The action after the `number`th (counted from 1): a driver may enter it with the one
    before (a card taken that says its player passed)."""
    return rules.parse_action(entries[number]) if number < len(entries) else None


START_AT = 1  # the first action measured (`--start`: a long game measured in parts at once)


class _Written(list):
    """Records also written to a file as they come, a JSON line each (`--records`): a run
    stopped midway keeps what it measured."""

    def __init__(self, path: str):
        super().__init__()
        self.path = Path(path)
        self.path.write_text("", encoding="utf-8")

    def append(self, record: dict) -> None:
        super().append(record)
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")


def _play_child(game_kind: str, db: str, scanner: bool, quick: bool,
                only: list[str] | None = None, written: str | None = None) -> int:
    import asyncio
    from .games import game as registered
    game = registered(game_kind)
    taps = tap_driver(game)
    logs = [log for log in logs_for(game, scanner, quick) if not only or log["name"] in only]
    outcome: dict = {}

    async def scenario(app) -> None:
        from .touch import Touch
        d = Touch(app, scanner=scanner)
        records: list[dict] = _Written(written) if written else []
        for log in logs:
            await _play_log(d, game, taps, log, records)
        outcome["records"] = records

    async def drive(app) -> None:
        try:
            while app.root is None or app.root.get_root_window() is None:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.8)  # the first frames
            await scenario(app)
        except BaseException:
            traceback.print_exc()
        finally:
            app.stop()

    from .cli import main
    code = main(["--size", f"{WIDTH}x{HEIGHT}", "--db", db], driver=drive)
    if code or "records" not in outcome:
        return 1
    print(RESULT + json.dumps({"logs": [log["name"] for log in logs],
                               "records": outcome["records"]}), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.bench_taps",
                                     description="One measuring process of `companion bench "
                                     "--taps` (run that instead).")
    sub = parser.add_subparsers(dest="part", required=True)
    play = sub.add_parser("play")
    play.add_argument("game")
    play.add_argument("--db", required=True)
    play.add_argument("--scanner", action="store_true")
    play.add_argument("--quick", action="store_true")
    play.add_argument("--only", action="append", metavar="LOG",
                      help="play only this log or seeded game (e.g. seeded-2p-1); repeatable")
    play.add_argument("--records", metavar="FILE",
                      help="also write each action's record to FILE as it is measured")
    play.add_argument("--start", type=int, default=1, metavar="N",
                      help="enter the actions before the N-th at once, measure from it on")
    args = parser.parse_args(argv)
    global START_AT
    START_AT = args.start
    return _play_child(args.game, args.db, args.scanner, args.quick, args.only, args.records)


if __name__ == "__main__":
    sys.exit(main())
