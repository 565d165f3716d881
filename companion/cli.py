"""The `companion` command: the app, `replay`, `export`, `backup`, `games` and `bench`."""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Sequence, TextIO

from .core.rules import ScoreSheet
from .gamelog import FoldedGame, Header, LogError, file_lines, fold, fold_lines
from .report import describe_state, score_table, shown, shown_lines, state_json
from .resources import DataFileError
from .store import Store, StoreError, UnreadableGame, default_path


def main(argv: Sequence[str] | None = None, *, driver=None) -> int:
    """The command line. `driver` (the UI tests only) runs beside the app: see ui.app.run."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return _app(args, driver)
    try:
        return args.run(args)
    except StoreError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug, or data nobody foresaw: one line, never a traceback
        print(f"companion {args.command}: {type(error).__name__}: {error}", file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="A touchscreen companion for board games. "
        "With no command it starts the touchscreen app.")
    db_help = ("the database file (default: companion.db in your data directory, "
               "or $COMPANION_DB)")
    parser.add_argument("--db", type=Path, default=None, help=db_help)
    parser.add_argument("--size", default=None, metavar="WxH",
                        help="window size for the app (default: 800x480, the Pi's 7\" screen)")
    parser.add_argument("--fullscreen", action="store_true", help="the app fills the screen")
    # --db may also follow the command; SUPPRESS keeps a global --db when it does not.
    db_after = argparse.ArgumentParser(add_help=False)
    db_after.add_argument("--db", type=Path, default=argparse.SUPPRESS, help=db_help)
    sub = parser.add_subparsers(dest="command")

    replay = sub.add_parser("replay", parents=[db_after], help="check and score a recorded game log")
    replay.add_argument("file", type=Path, help="a game log: a header line, then one JSON action "
                        "per line ('-' reads standard input)")
    replay.add_argument("--json", action="store_true", help="machine-readable output")
    replay.set_defaults(run=_replay)

    export = sub.add_parser("export", parents=[db_after], help="write a stored game as a game "
                            "log, or finished games for BG Stats or a spreadsheet")
    export.add_argument("game", type=int, nargs="?",
                        help="the game's number (see `companion games`)")
    export.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    export.add_argument("--format", choices=("log", "bgstats", "csv"), default="log",
                        help="log: the game's log file (default); bgstats: BG Stats' play "
                        "import JSON; csv: a row per player (finished games only)")
    export.add_argument("--all", action="store_true",
                        help="every finished game (with --format bgstats or csv)")
    export.set_defaults(run=_export)

    backup = sub.add_parser("backup", parents=[db_after], help="copy the database and every "
                            "game as a log file into a new folder in DIR (safe while the app runs)")
    backup.add_argument("folder", type=Path, metavar="DIR", help="where the backup folder goes "
                        "(a USB stick, say)")
    backup.set_defaults(run=_backup)

    games = sub.add_parser("games", parents=[db_after], help="list the stored games")
    games.set_defaults(run=_games)

    doctor = sub.add_parser("doctor", parents=[db_after],
                            help="test the rig: seat LEDs, seat buttons, card scanner")
    doctor.add_argument("--seconds", type=float, default=10.0,
                        help="how long to wait for each button and for a scan (default 10)")
    doctor.add_argument("--pi", action="store_true",
                        help="on the Raspberry Pi: check its screen (KMS/DRM), touchscreen, GPIO "
                        "pins and UART, and print what to send back (reads files only)")
    doctor.set_defaults(run=_doctor)

    bench = sub.add_parser("bench", parents=[db_after], help="measure the engine and the log on this machine")
    bench.add_argument("--quick", action="store_true", help="fewer rounds (a rough figure)")
    bench.add_argument("--ui", action="store_true",
                       help="measure the touchscreen app instead: start-up, tap to frame, memory "
                       "(needs an X display, or Xvfb to start one)")
    bench.add_argument("--taps", action="store_true", help="count the taps, scans and "
                       "characters typed a turn takes on the screens (needs X or Xvfb)")
    bench.set_defaults(run=_bench)
    return parser


def _app(args: argparse.Namespace, driver=None) -> int:
    size = None
    if args.size:
        try:
            width, height = (int(n) for n in args.size.lower().split("x"))
            size = (width, height)
        except ValueError:
            print(f"companion: --size wants WIDTHxHEIGHT, e.g. 800x480, not {args.size!r}",
                  file=sys.stderr)
            return 2
    if no_screen():
        print(NO_SCREEN, file=sys.stderr)
        return 1
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # our options are ours, not Kivy's
    from .app.pace import before_kivy
    before_kivy()  # the loop's pace, read when Kivy's clock is first imported
    from .logs import setup as setup_logs
    setup_logs()  # before Kivy is imported: its lines take the same route
    from .app.app import run
    return run(args.db, size=size, fullscreen=args.fullscreen, driver=driver)


NO_SCREEN = ("companion: there is no screen to open the app on. Start it on the Pi's desktop "
             "or console (the kiosk does), in a desktop session (DISPLAY set), or on a virtual "
             "screen: xvfb-run companion")


def no_screen(env=os.environ) -> bool:
    """Nothing SDL could show a window on: no X or Wayland display, no video driver chosen
    (the kiosk sets kmsdrm) and no graphics card device (a console with KMS has /dev/dri).
    Without this check Kivy waits for a display that never comes."""
    if sys.platform != "linux":
        return False
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or env.get("SDL_VIDEODRIVER"):
        return False
    return not any(Path("/dev/dri").glob("card*"))


def _replay(args: argparse.Namespace) -> int:
    """Check and score a log file: the first bad line is `FILE: line N: reason`, exit 1."""
    try:
        if str(args.file) == "-":
            raw = getattr(sys.stdin, "buffer", None)  # a text stream without bytes: as text
            game = fold_lines(sys.stdin if raw is None else file_lines(raw))
        else:
            with open(args.file, "rb") as f:  # bytes: each line is decoded (and refused) alone
                game = fold_lines(file_lines(f))
    except OSError as error:
        print(f"companion replay: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 1
    except LogError as error:
        print(f"companion replay: {args.file}: line {error.line}: {error.violation.message}",
              file=sys.stderr)
        return 1
    except DataFileError as error:  # the installation's fault, not the log's: say so
        print(f"companion replay: {error}", file=sys.stderr)
        return 1
    _print_game(game, args.json, sys.stdout)
    return 0


def _print_game(game: FoldedGame, as_json: bool, out: TextIO) -> None:
    sheet: ScoreSheet = game.rules.score(game.state)
    if as_json:
        json.dump({"header": game.header.to_json(), "actions": len(game.actions),
                   "state": state_json(game), "score": sheet.to_json()}, out, indent=2,
                  ensure_ascii=False)
        out.write("\n")
        return
    game = _as_shown(game)  # names from a file must not drive the terminal
    sheet = game.rules.score(game.state)
    out.write(shown_lines(describe_state(game)))
    out.write("\n")
    out.write(shown_lines(score_table(sheet, game.header.game)))


def _as_shown(game: FoldedGame) -> FoldedGame:
    """The game with its players' names as a terminal may show them (a newline in a name
    would fake a line of the report, an ESC sequence would drive the terminal)."""
    header = game.header
    names = tuple(shown(name) for name in header.players)
    if names == header.players:
        return game
    try:
        return fold(Header(header.game, names, header.options),
                    [(0, action.to_json()) for action in game.actions])
    except Exception:  # two names alike once shown: each line is still shown safely
        return game


def _export(args: argparse.Namespace) -> int:
    """A stored game as a log file. A game whose rows cannot be read is written as stored (its
    broken lines as they are), and said on stderr."""
    if (args.game is None) == (not args.all) or (args.all and args.format == "log"):
        print("companion export: give a game's number, or --all with --format bgstats or csv",
              file=sys.stderr)
        return 2
    store = Store(args.db, create=False)
    try:
        text = _export_text(store, args.game) if args.format == "log" else \
            _records_text(store, args)
    except KeyError:
        print(f"companion export: there is no game {args.game} in {store.path}", file=sys.stderr)
        return 1
    except (ValueError, UnreadableGame) as error:  # not finished, or a log that cannot be read
        print(f"companion export: {error}", file=sys.stderr)
        return 1
    finally:
        store.close()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"companion export: cannot write {args.output}: {error.strerror}", file=sys.stderr)
        return 1
    return 0


def _records_text(store: Store, args: argparse.Namespace) -> str:
    """Finished games for BG Stats (JSON: one play, or a list with --all) or as CSV."""
    from .records import bgstats
    ids = _readable(store, bgstats.finished_ids(store)) if args.all else [args.game]
    if args.format == "csv":
        return bgstats.csv_text(store, ids)
    plays = [bgstats.play_json(store, game_id) for game_id in ids]
    return json.dumps(plays if args.all else plays[0], indent=2, ensure_ascii=False) + "\n"


def _readable(store: Store, game_ids: list[int]) -> list[int]:
    """The finished games that can be read; each one that cannot is left out and said on stderr
    (as `backup` does): one damaged game never stops the export of the others."""
    from .records import bgstats
    kept = []
    for game_id in game_ids:
        try:
            bgstats.finished(store, game_id)
        except (ValueError, UnreadableGame) as error:
            print(f"companion export: game {game_id} is left out: {error}", file=sys.stderr)
            continue
        kept.append(game_id)
    return kept


def _export_text(store: Store, game_id: int) -> str:
    from .records.backup import log_text
    text, problem = log_text(store, game_id)
    if problem is not None:
        print(f"companion export: {problem}; its rows are written as they are stored",
              file=sys.stderr)
    return text


def _backup(args: argparse.Namespace) -> int:
    """A consistent copy of the database and every game as a log file, in a new folder."""
    from .records.backup import BackupError, backup
    try:
        done = backup(Path(args.db or default_path()), args.folder)
    except (BackupError, OSError, sqlite3.Error) as error:
        print(f"companion backup: {error}", file=sys.stderr)
        return 1
    print(f"Backed up to {done.folder}: the database and {done.games} games as log files"
          + (f" ({done.unreadable} of them as stored: they cannot be read)"
             if done.unreadable else "") + ".")
    return 0


def _games(args: argparse.Namespace) -> int:
    path = args.db or default_path()
    if _nothing_stored_yet(path):  # do not create a database just to say it is empty
        print(f"No games stored in {path}.")
        return 0
    store = Store(path, create=False)
    records = store.games()
    store.close()
    if not records:
        print(f"No games stored in {path}.")
        return 0
    rows = [("No.", "Game", "Status", "When", "Players")] + [_game_row(r) for r in records]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for row in rows:  # aligned columns; the players, last, run as long as they are
        cells = [row[0].rjust(widths[0])] + [row[n].ljust(widths[n]) for n in (1, 2, 3)]
        print("  ".join(cells + [row[4]]))
    return 0


def _game_row(record) -> tuple[str, str, str, str, str]:
    """A stored game for `companion games`: number, box, status, when it ended or was last
    played, players."""
    when = record.finished or record.abandoned or record.last_active
    return (str(record.id), shown(_box_name(record.game)), shown(str(record.status)),
            _local_time(when), ", ".join(shown(name) for name in record.players))


def _box_name(game_kind: str) -> str:
    """The game's box name as sold in English (an id this version does not know, as it is)."""
    from .games import games
    return next((game.title for game in games() if game.game_kind == game_kind), game_kind)


def _local_time(moment: str) -> str:
    """A stored time (UTC) in this machine's time zone, to the minute."""
    from datetime import datetime
    return datetime.fromisoformat(moment).astimezone().strftime("%Y-%m-%d %H:%M")


def _doctor(args: argparse.Namespace) -> int:
    if args.pi:
        from .pi_check import report
        return report(sys.stdout)
    from .doctor import run
    return run(sys.stdout, seconds=args.seconds)


def _nothing_stored_yet(path: Path) -> bool:
    """No database there yet, and one could be made there later."""
    if path.exists():
        return False
    ancestor = next(p for p in path.parents if p.exists())
    return ancestor.is_dir()


def _bench(args: argparse.Namespace) -> int:
    db_dir = args.db.parent if args.db else None
    if args.ui:
        from .bench_ui import UiBenchError, run_all as run_ui
        try:
            run_ui(quick=args.quick, db_dir=db_dir)
        except UiBenchError as error:
            print(f"companion bench --ui: {error}", file=sys.stderr)
            return 1
        return 0
    if args.taps:
        from .bench_taps import TapBenchError, run_all as run_taps
        try:
            run_taps(quick=args.quick, db_dir=db_dir)
        except TapBenchError as error:
            print(f"companion bench --taps: {error}", file=sys.stderr)
            return 1
        return 0
    from .bench import run_all
    run_all(quick=args.quick, db_dir=db_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
