"""Statistics per game on a stored set of games: plays, wins, average and best,
length, longest turn, head to head; never mixed across games."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from companion.gamelog import read_lines
from companion.records.stats import game_stats, head_to_head
from companion.store import Store
from companion.table import Table

ROOT = Path(__file__).resolve().parents[2]
# (example, seconds between entries): the same names play both games
PLAYS = [("ttr_nyc/examples/ttr-nyc-2p.jsonl", 30), ("ttr_nyc/examples/ttr-nyc-3p.jsonl", 20),
         ("ttr_nyc/examples/ttr-nyc-4p.jsonl", 10), ("rotw/examples/rotw-2p.jsonl", 40)]


def store_with_plays(tmp_path: Path) -> Store:
    store = Store(tmp_path / "c.db")
    for name, step in PLAYS:
        moment = datetime(2026, 11, 1, 18, 0, tzinfo=timezone.utc)

        def clock(step=step):
            nonlocal moment
            moment += timedelta(seconds=step)
            return moment

        header, _n, entries = read_lines((ROOT / "data" / name).read_text().splitlines())
        players = ["Anna", "Ben"] if header.game == "rotw-card-game" else header.players
        table = Table.start(store, header.game, players, header.options, clock=clock)
        for _n, entry in entries:
            table.submit(entry)
    Table.start(store, "ttr-nyc", ["Anna", "Ben"], {})  # unfinished: not a play
    return store


def results_of(store: Store, game: str) -> list[tuple[str, int, bool]]:
    """(name, total, winner) of every finished play of a game, read straight from the rows."""
    rows = []
    for record in store.games("finished"):
        if record.game == game:
            rows += [(record.players[r.seat], r.total, r.winner)
                     for r in store.results(record.id)]
    return rows


def test_each_players_plays_wins_average_and_best_are_of_that_game_only(tmp_path):
    store = store_with_plays(tmp_path)
    stats = game_stats(store, "ttr-nyc")
    rows = results_of(store, "ttr-nyc")
    assert stats.plays == 3
    for player in stats.players.values():
        mine = [(total, winner) for name, total, winner in rows if name == player.name]
        assert player.plays == len(mine)
        assert player.wins == sum(w for _t, w in mine)
        assert player.best == max(t for t, _w in mine)
        assert player.average == sum(t for t, _w in mine) / len(mine)
    railways = game_stats(store, "rotw-card-game")
    assert railways.plays == 1
    assert set(railways.players) & set(stats.players)  # the same names …
    for name, player in railways.players.items():  # … with Railways' points only
        assert player.plays == 1
        assert player.total == next(t for n, t, _w in results_of(store, "rotw-card-game")
                                    if n == name)
    assert game_stats(store, "manhattan-traffiq").plays == 0


def test_length_and_longest_turn_come_from_the_clocks(tmp_path):
    store = store_with_plays(tmp_path)
    stats = game_stats(store, "ttr-nyc")
    lengths = []
    for record in store.games("finished"):
        if record.game == "ttr-nyc":
            entries = len(store.log(record.id))
            step = {2: 30, 3: 20, 4: 10}[len(record.players)]
            lengths.append(round(entries * step / 60))  # from the start, a step before the 1st
    assert stats.minutes == sum(lengths)
    assert stats.average_minutes == sum(lengths) / 3
    assert stats.longest_turn == max(p.longest_turn for p in stats.players.values()) > 0
    assert stats.longest_by in stats.players


def test_head_to_head_counts_the_plays_both_played(tmp_path):
    store = store_with_plays(tmp_path)
    rows = {}
    for record in store.games("finished"):
        if record.game == "ttr-nyc":
            rows[record.id] = {record.players[r.seat]: (r.total, r.winner)
                               for r in store.results(record.id)}
    a, b = "Anna", "Ben"
    together = [r for r in rows.values() if a in r and b in r]
    duel = head_to_head(store, "ttr-nyc", a, b)
    assert duel.plays == len(together) > 0
    assert duel.a_ahead == sum(r[a] > r[b] for r in together)
    assert duel.b_ahead == sum(r[b] > r[a] for r in together)
    assert duel.level == duel.plays - duel.a_ahead - duel.b_ahead
    assert head_to_head(store, "ttr-nyc", a, "Nobody").plays == 0
