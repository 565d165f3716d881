"""Plain-text and JSON pictures of a game and its score sheet, for the command line.

Each game's own report module (its `report` in the registry) draws its state; this module
draws the score sheet every game shares."""

from __future__ import annotations

from .core.rules import ScoreSheet
from .gamelog import FoldedGame
from .games import game as registered, games


def shown(text: str) -> str:
    """A text from a log or the database as a terminal may show it: a control character (an
    ESC sequence, a newline that would fake a line of its own), a bidirectional override or a
    Unicode line separator is written as its escape (\\x1b, \\n, \\u202e); the rest as it is."""
    return "".join(ch if ch.isprintable() or ch == " " else
                   ch.encode("unicode_escape").decode("ascii") for ch in text)


def shown_lines(text: str) -> str:
    """A report's text, each of its own lines shown (its newlines stay newlines)."""
    return "\n".join(shown(line) for line in text.split("\n"))


def _report(game_kind: str):
    return registered(game_kind).report()


def state_json(game: FoldedGame) -> dict:
    return _report(game.header.game).state_json(game)


def describe_state(game: FoldedGame) -> str:
    return _report(game.header.game).describe_state(game)


def category_titles() -> dict[str, str]:
    titles: dict[str, str] = {}
    for known in games():
        if known.report is not None:
            titles.update(known.report().CATEGORY_TITLES)
    return titles


def score_table(sheet: ScoreSheet, game_kind: str) -> str:
    report = _report(game_kind)
    names = category_titles()
    titles = [names.get(c, c) for c in sheet.categories] + ["Total"]
    width = max(len(name) for name in sheet.players + ("Player",))
    rows = [["Player".ljust(width)] + titles]
    for seat, name in enumerate(sheet.players):
        cells = [str(v) for v in sheet.points[seat]] + [str(sheet.totals[seat])]
        rows.append([name.ljust(width)] + [c.rjust(len(t)) for c, t in zip(cells, titles)])
    out = ["  ".join(row) for row in rows]
    out.append(_verdict(sheet, report))
    return "\n".join(out) + "\n"


def _verdict(sheet: ScoreSheet, report) -> str:
    winners = " and ".join(sheet.players[seat] for seat in sheet.winners)
    notes = getattr(report, "WINNER_NOTES", {})
    if not sheet.final:
        return report.PROVISIONAL
    if sheet.decided_by in notes:
        return f"Winner: {winners} ({notes[sheet.decided_by]})."
    if sheet.shared and sheet.decided_by:  # a tie-break dropped some, the rest still share
        return (f"Shared victory: {winners} (tied on points and on "
                f"{sheet.decided_by.replace('_', ' ')}).")
    if sheet.shared:
        return f"Shared victory: {winners}."
    if sheet.decided_by:
        return (f"Winner: {winners} (tie on points, decided by "
                f"{sheet.decided_by.replace('_', ' ')}).")
    return f"Winner: {winners}."
