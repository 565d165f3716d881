"""Turn clocks: time from the log's entries, across a pause, an undo and a SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from companion.cli import main
from companion.gamelog import fold_lines, read_lines
from companion.records.clocks import fold_clocks, seconds_text
from companion.store import Store
from companion.table import Table

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "data" / "ttr_nyc" / "examples" / "ttr-nyc-2p.jsonl"
T0 = datetime(2026, 11, 26, 19, 0, tzinfo=timezone.utc)


class FakeClock:
    """The wall clock of a test: it moves only when told."""

    def __init__(self, start: datetime = T0):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def example():
    header, _line, entries = read_lines(EXAMPLE.read_text().splitlines())
    return header, [entry for _n, entry in entries]


def start(tmp_path: Path, clock: FakeClock) -> tuple[Store, Table, list[dict]]:
    header, entries = example()
    store = Store(tmp_path / "c.db")
    table = Table.start(store, header.game, header.players, header.options, clock=clock)
    return store, table, entries


def play(table: Table, clock: FakeClock, entries: list[dict], count: int, step: float) -> None:
    for entry in entries[:count]:
        clock.wait(step)
        table.submit(entry)


def test_each_players_time_runs_from_the_end_of_the_previous_turn(tmp_path):
    clock = FakeClock()
    store, table, entries = start(tmp_path, clock)
    expected = [0.0, 0.0]
    for n, entry in enumerate(entries[:40]):
        mover = table.status.seat
        clock.wait(n + 1)  # a different time for every entry
        table.submit(entry)
        expected[mover] += n + 1
    # from the game's start (its stored row's time, the same clock's) to the first entry: the
    # first mover's
    assert datetime.fromisoformat(store.game(table.game_id).created) == T0
    totals = [player.total for player in table.clocks.all()]
    assert totals == expected
    # the same figures from the stored log, folded afresh
    again = Table.resume(store, table.game_id)
    assert [p.total for p in again.clocks.all()] == totals
    turns = again.clocks.all()
    assert all(p.turns > 3 and p.longest >= p.average > 0 for p in turns)


def test_a_pause_stops_every_clock_and_the_next_move_ends_it(tmp_path):
    clock = FakeClock()
    store, table, entries = start(tmp_path, clock)
    play(table, clock, entries, 10, 5)
    before = [p.total for p in table.clocks.all()]
    mover = table.status.seat
    clock.wait(7)
    table.pause()
    assert table.paused
    clock.wait(3600)  # an hour's break
    assert [p.total for p in table.times()][mover] == before[mover] + 7
    table.resume_clocks()
    assert not table.paused
    clock.wait(11)
    table.submit(entries[10])
    after = [p.total for p in table.clocks.all()]
    assert after[mover] == before[mover] + 18
    assert after[1 - mover] == before[1 - mover]
    # a move while paused ends the pause (the break counts for nobody)
    table.pause()
    clock.wait(600)
    table.submit(entries[11])
    assert not table.paused
    assert sum(p.total for p in table.clocks.all()) == sum(after)


def test_undo_gives_no_time_back(tmp_path):
    clock = FakeClock()
    store, table, entries = start(tmp_path, clock)
    play(table, clock, entries, 10, 5)
    mover = table.status.seat
    before = table.clocks.all()[mover].total
    clock.wait(20)
    table.submit(entries[10])  # the move …
    clock.wait(30)
    table.undo()  # … taken back 30 s later, by whoever: the 50 s stay the mover's
    assert table.status.seat == mover
    assert table.clocks.all()[mover].total == before + 50
    assert Table.resume(store, table.game_id).clocks.all()[mover].total == before + 50


CHILD = """
import sys
from datetime import datetime, timedelta, timezone
sys.path.insert(0, {tests!r})
from records.test_clocks import FakeClock, start, T0
from pathlib import Path
import json
clock = FakeClock()
store, table, entries = start(Path({tmp!r}), clock)
for entry in entries[:25]:
    clock.wait(9)
    table.submit(entry)
clock.wait(4)
table.pause()
print(json.dumps([p.total for p in table.clocks.all()]), flush=True)
import time
time.sleep(60)
"""


def test_a_pause_survives_a_sigkill(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(tests=str(ROOT / "tests"),
                                                                  tmp=str(tmp_path))],
                             stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        totals = json.loads(child.stdout.readline())
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    clock = FakeClock(T0 + timedelta(hours=2))  # the power comes back two hours later
    store = Store(tmp_path / "c.db")
    table = Table.resume(store, 1, clock=clock)
    assert table.paused
    assert [p.total for p in table.times()] == totals
    mover = table.status.seat
    table.resume_clocks()
    clock.wait(12)
    _header, entries = example()
    table.submit(entries[25])
    assert table.clocks.all()[mover].total == totals[mover] + 12


def test_a_log_without_times_folds_as_before_and_counts_nothing():
    header, entries = example()
    clocks = fold_clocks(header, entries)
    assert all(p.total == 0 and p.turns == 0 for p in clocks.all())


def test_replay_accepts_times_pauses_and_none(tmp_path, capsys):
    lines = EXAMPLE.read_text().splitlines()
    timed = [lines[0]]
    for n, line in enumerate(lines[1:]):
        entry = json.loads(line)
        if n % 2:  # every other entry with its time, and a pause and resume among them
            entry["at"] = (T0 + timedelta(seconds=10 * n)).isoformat()
        timed.append(json.dumps(entry))
        if n == 30:
            timed += ['{"type": "pause", "at": "2026-11-26T19:06:00+00:00"}',
                      '{"type": "resume", "at": "2026-11-26T19:30:00+00:00"}']
    path = tmp_path / "timed.jsonl"
    path.write_text("\n".join(timed) + "\n")
    assert fold_lines(timed).state == fold_lines(lines).state
    assert main(["replay", str(path)]) == 0
    assert main(["replay", str(EXAMPLE)]) == 0
    path.write_text(lines[0] + '\n{"type": "pause", "at": "half past seven"}\n')
    assert main(["replay", str(path)]) == 1
    assert "line 2" in capsys.readouterr().err


def test_clock_words():
    assert [seconds_text(s) for s in (0, 42.9, 725, 3729)] == ["0:00", "0:42", "12:05",
                                                                  "1:02:09"]
