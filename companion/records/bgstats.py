"""Finished games for other apps: BG Stats' play import format (JSON) and a CSV for spreadsheets.

BG Stats takes a play as its documented "createPlay" data (docs/records.md names the source and
every key written here). Each play carries this app as its source and a play id made from the
game's number and start time, so the same game exported again has the same id and a repeated
import updates the play instead of adding it twice.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from urllib.parse import quote
from dataclasses import dataclass
from datetime import datetime, timezone

from companion.games import game
from companion.store import GameStatus, Store
from .played import Played, played

SOURCE_NAME = "companion"
_PLAY_IDS = uuid.UUID("6f1d7c62-3c1e-4d8e-9a57-1c0b5e0c1a15")  # our namespace for play ids


def bgg_id(game_kind: str) -> int | None:
    """BoardGameGeek's id of a game (each game's package gives it; sources in docs/records.md);
    a game without one is matched by BG Stats on its name and sourceGameId."""
    return game(game_kind).bgg_id


class NotFinished(ValueError):
    """Only a finished game is a play another app can record."""


@dataclass(frozen=True)
class Seat:
    """One player of a finished game, as exports show them."""

    name: str
    score: int
    winner: bool
    start_player: bool


def play_id(game: Played) -> str:
    """Stable for this game: its number and the moment it started (never reused)."""
    return str(uuid.uuid5(_PLAY_IDS, f"{game.record.id}|{game.record.created}"))


def bgs_time(moment: str) -> str:
    """BG Stats' date: the table's local time (BG Stats reads it as the phone's, which sits at
    the same table: a play after local midnight is dated that day), "YYYY-MM-DD HH:MM:SS"
    ("" for no time)."""
    if not moment:
        return ""
    return datetime.fromisoformat(moment).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def utc_time(moment: str | None) -> str:
    """The CSV's date: UTC (its column says so), "YYYY-MM-DD HH:MM:SS" ("" for no time)."""
    if not moment:
        return ""
    return datetime.fromisoformat(moment).astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def seats(store: Store, game: Played) -> list[Seat]:
    first = game.header.options.get("first", 0)
    return [Seat(game.header.players[row.seat], row.total, row.winner,
                 row.seat == first) for row in store.results(game.record.id)]


def finished(store: Store, game_id: int) -> Played:
    game = played(store, game_id)
    if game.record.status is not GameStatus.FINISHED:
        raise NotFinished(f"game {game_id} is not finished: only a finished game is a play")
    return game


def game_title(game_kind: str) -> str:
    from companion.games import games
    return next((g.title for g in games() if g.game_kind == game_kind), game_kind)


def play_json(store: Store, game_id: int) -> dict:
    """One finished game in BG Stats' play import format."""
    game = finished(store, game_id)
    box = {"name": game_title(game.header.game), "sourceGameId": game.header.game,
           "highestWins": True, "noPoints": False, "cooperative": False}
    if bgg_id(game.header.game) is not None:
        box["bggId"] = bgg_id(game.header.game)
    play = {"sourceName": SOURCE_NAME, "sourcePlayId": play_id(game),
            "playDate": bgs_time(game.end_date or ""), "durationMin": game.minutes, "game": box,
            "players": [{"name": seat.name, "sourcePlayerId": seat.name, "score": seat.score,
                         "winner": seat.winner, "startPlayer": seat.start_player}
                        for seat in seats(store, game)]}
    if not game.minutes:  # only scored here, or no time seen: how long is not known
        del play["durationMin"]
    if game.end_date is None:  # the wall clock was not set yet: no date rather than 1970
        del play["playDate"]
    return play


CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="


def play_link(store: Store, game_id: int) -> str:
    """BG Stats' "create play" link for one finished game: its play JSON (the same as the
    export), compact and url-encoded, so a phone that opens it adds the play to BG Stats."""
    text = json.dumps(play_json(store, game_id), ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY + quote(text, safe="")


def finished_ids(store: Store) -> list[int]:
    """Every finished game, oldest first."""
    return sorted(record.id for record in store.games(GameStatus.FINISHED))


CSV_COLUMNS = ("play_id", "game_number", "game", "bgg_id", "date_utc", "duration_min",
               "player", "score", "winner", "start_player")


# A text cell a spreadsheet would read as a formula (OWASP's "CSV injection"): `=HYPERLINK(…)`
# as a player's name, and the kiosk's keyboard has "-".
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A text that begins like a formula gets a leading ' (as OWASP recommends: the
    spreadsheet shows it as text); a number stays a number, a negative score included."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(store: Store, game_ids: list[int]) -> str:
    """A row per player of each finished game, for a spreadsheet."""
    out = io.StringIO()
    # every text quoted (a carriage return in a name would otherwise end the row), numbers not
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow(CSV_COLUMNS)
    for game_id in game_ids:
        game = finished(store, game_id)
        for seat in seats(store, game):
            writer.writerow([csv_cell(value) for value in (
                play_id(game), game_id, game_title(game.header.game),
                bgg_id(game.header.game) or "", utc_time(game.end_date), game.minutes or "",
                seat.name, seat.score, int(seat.winner), int(seat.start_player))])
    return out.getvalue()
