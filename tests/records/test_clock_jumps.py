"""A Pi without a battery clock: its wall clock jumps (from 1970, by hours, backwards) when the
network's time arrives. The turn clocks and BG Stats' durationMin count only the time the app saw
pass; a game is dated by the wall clock only once that is plausible (docs/records.md)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from companion.cli import main
from companion.gamelog import read_lines
from companion.moments import RELEASED, plausible
from companion.records.bgstats import play_json
from companion.records.clocks import fold_clocks
from companion.records.played import played
from companion.store import Store
from companion.table import Table

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "data" / "ttr_nyc" / "examples" / "ttr-nyc-2p.jsonl"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)  # a Pi that kept no time at all
NOW = datetime(2026, 11, 28, 19, 0, tzinfo=timezone.utc)
STEP = 30  # seconds between two entries, as the app sees them pass


class PiClock:
    """A Pi's clocks for a test: the wall clock jumps when told; the monotonic one never does."""

    def __init__(self, wall: datetime):
        self.wall, self.mono = wall, 1000.0

    def __call__(self) -> datetime:
        return self.wall

    def monotonic(self) -> float:
        return self.mono

    def wait(self, seconds: float) -> None:
        self.wall += timedelta(seconds=seconds)
        self.mono += seconds

    def jump(self, to: datetime) -> None:
        self.wall = to


def entries() -> tuple:
    header, _n, numbered = read_lines(EXAMPLE.read_text().splitlines())
    return header, [entry for _n, entry in numbered]


def play(tmp_path: Path, clock: PiClock, jumps: dict[int, datetime]) -> tuple[Store, Table]:
    """The example game to its end, STEP seconds per entry, the wall clock jumping before the
    entries named in `jumps`."""
    header, lines = entries()
    store = Store(tmp_path / "c.db", clock=clock)
    table = Table.start(store, header.game, header.players, header.options, clock=clock)
    for n, entry in enumerate(lines):
        if n in jumps:
            clock.jump(jumps[n])
        clock.wait(STEP)
        table.submit(entry)
    assert table.status.over
    return store, table


def test_a_jump_from_1970_to_now_mid_game_changes_no_clock_and_no_duration(tmp_path):
    clock = PiClock(EPOCH)
    store, table = play(tmp_path, clock, {40: NOW})
    count = len(entries()[1])
    totals = [p.total for p in table.clocks.all()]
    assert sum(totals) == count * STEP  # not 490,560 hours
    assert max(p.longest for p in table.clocks.all()) < 10 * STEP
    again = played(store, table.game_id)  # the stored log folded afresh says the same
    assert [p.total for p in again.clocks.all()] == totals
    bgs = play_json(store, table.game_id)
    assert bgs["durationMin"] == round(count * STEP / 60)  # not 29,433,656
    # the game is dated once the clock was set: its first plausible time, counted back
    started = datetime.fromisoformat(store.game(table.game_id).created)
    assert started == NOW - timedelta(seconds=40 * STEP)
    assert played(store, table.game_id).date == store.game(table.game_id).created
    assert bgs["playDate"].startswith("2026-11-")


def test_a_nine_hour_jump_forward_or_backward_mid_game_is_no_nine_hour_turn(tmp_path):
    for n, to in enumerate((NOW + timedelta(hours=9), NOW - timedelta(hours=9))):
        clock = PiClock(NOW)
        store, table = play(tmp_path / str(n), clock, {30: to})
        assert max(p.longest for p in table.clocks.all()) < 10 * STEP
        assert sum(p.total for p in table.clocks.all()) == len(entries()[1]) * STEP
        assert play_json(store, table.game_id)["durationMin"] == round(
            len(entries()[1]) * STEP / 60)


def test_a_jump_while_the_app_was_off_counts_for_nobody(tmp_path):
    """A power cut, and the Pi starts with a clock 9 hours ahead: the time before the game was
    opened again was not seen, so it is on nobody's clock."""
    header, lines = entries()
    (tmp_path / "a").mkdir()
    clock = PiClock(NOW)
    store = Store(tmp_path / "a" / "c.db", clock=clock)
    table = Table.start(store, header.game, header.players, header.options, clock=clock)
    for entry in lines[:20]:
        clock.wait(STEP)
        table.submit(entry)
    before = [p.total for p in table.clocks.all()]
    store.close()
    restarted = PiClock(NOW + timedelta(hours=9))  # a new boot: a new monotonic clock too
    restarted.mono = 5.0
    store = Store(tmp_path / "a" / "c.db", clock=restarted)
    table = Table.resume(store, table.game_id, clock=restarted)
    mover = table.status.seat
    restarted.wait(STEP)
    assert table.times()[mover].total == before[mover] + STEP
    table.submit(lines[20])
    after = [p.total for p in table.clocks.all()]
    assert after[mover] == before[mover] + STEP
    assert [p.total for p in Table.resume(store, table.game_id).clocks.all()] == after


def test_a_game_played_before_the_clock_was_set_has_no_date_but_its_duration(tmp_path):
    clock = PiClock(EPOCH)
    store, table = play(tmp_path, clock, {})
    bgs = play_json(store, table.game_id)
    assert "playDate" not in bgs  # BG Stats gets no date rather than 1 January 1970
    assert bgs["durationMin"] == round(len(entries()[1]) * STEP / 60)
    assert played(store, table.game_id).date is None
    assert main(["export", str(table.game_id), "--format", "csv", "--db",
                 str(tmp_path / "c.db")]) == 0


def test_a_jump_back_to_1970_after_the_clock_was_set_keeps_dating_from_the_last_good_time(
        tmp_path):
    clock = PiClock(NOW)
    store, table = play(tmp_path, clock, {50: EPOCH})
    times = [datetime.fromisoformat(entry["at"])
             for _seq, entry in store.log(table.game_id, times=True)]
    assert all(plausible(t) for t in times)
    assert times == sorted(times)
    assert times[-1] == NOW + timedelta(seconds=len(times) * STEP)
    assert plausible(store.game(table.game_id).finished)


def test_an_old_log_without_seen_counts_no_time_across_a_jump_from_1970(tmp_path):
    """A log written before the seconds seen were stored is timed by its wall-clock times, but
    only between two plausible ones."""
    header, lines = entries()
    timed = []
    for n, entry in enumerate(lines[:30]):
        at = (EPOCH if n < 10 else NOW) + timedelta(seconds=STEP * n)
        timed.append({**entry, "at": at.isoformat()})
    clocks = fold_clocks(header, timed, EPOCH.isoformat())
    assert sum(p.total for p in clocks.all()) == STEP * (30 - 11)
    assert RELEASED > EPOCH


def test_an_entry_with_seconds_seen_that_are_not_a_number_names_its_line(tmp_path, capsys):
    lines = EXAMPLE.read_text().splitlines()
    first = json.loads(lines[1])
    path = tmp_path / "bad.jsonl"
    path.write_text(lines[0] + "\n" + json.dumps({**first, "seen": 12.5}) + "\n"
                    + json.dumps({**json.loads(lines[2]), "seen": "long"}) + "\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "line 3" in err and "seen" in err and len(err.strip().splitlines()) == 1


def test_history_dates_no_game_1970(tmp_path):
    """History names a game played before the clock was set without a date, not 1 January
    1970; a game played once the clock was set keeps its day."""
    from companion.app.history import page, row_text
    before = PiClock(EPOCH)
    store, table = play(tmp_path, before, {})
    record = store.game(table.game_id)
    assert "1970" not in row_text(store, record)
    assert "1970" not in page(store, table.game_id).outcome
    dated = PiClock(NOW)
    store, table = play(tmp_path / "dated", dated, {})
    assert "2026" in row_text(store, store.game(table.game_id))
