"""A sound database to damage: finished and unfinished games of every registered game, played
by the games' own seeded playouts through `Table` (as the app stores them)."""

from __future__ import annotations

import random
import shutil
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

from companion.boards import rules_for
from companion.games.rotw.playout import RotwPlayout
from companion.games.traffiq.playout import TraffiqPlayout
from companion.games.ttr_nyc.playout import TtrPlayout
from companion.store import Store
from companion.table import Table

PLAYOUTS = {"ttr-nyc": TtrPlayout, "rotw-card-game": RotwPlayout,
            "manhattan-traffiq": TraffiqPlayout}
UNFINISHED_MOVES = 12  # an unfinished game's moves (Home and resume read them)


def make(path: Path) -> None:
    """Each game once finished, then once unfinished; a language and a taught tag stored."""
    moment = [datetime(2026, 11, 1, 18, tzinfo=timezone.utc)]

    def clock() -> datetime:
        moment[0] += timedelta(seconds=7)
        return moment[0]

    store = Store(path, clock=clock)
    try:
        for seed, game in enumerate(list(PLAYOUTS) * 2):
            playout = PLAYOUTS[game](rules_for(game), 2 + seed % 2, random.Random(seed))
            playout.play()
            table = Table.start(store, game, playout.players, playout.options, clock=clock)
            moves = playout.log if seed < len(PLAYOUTS) else playout.log[:UNFINISHED_MOVES]
            for action in moves:
                table.submit(action)
        store.set_setting("language", "en")
        from companion.store import TaggedComponent
        store.teach(TaggedComponent("04a1b2", "ttr-nyc", "card", "red"))
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        store.close()


def damaged(sound: Path, db: Path, sql: str | None = None) -> Path:
    """A copy of the sound database at `db`, with one SQL damage done."""
    shutil.copy(sound, db)
    if sql is not None:
        connection = sqlite3.connect(db)
        try:
            connection.execute(sql)
            connection.commit()
        finally:
            connection.close()
    return db


def flip_schema_bit(db: Path) -> None:
    """0x20 -> 0xA0 in the schema's text: the space before the log's `action` column."""
    data = bytearray(db.read_bytes())
    data[data.index(b' "action" TEXT')] |= 0x80
    db.write_bytes(bytes(data))
