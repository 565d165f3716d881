"""The game log: a header (game, players, options) and one JSON action per line, folded into a state.

The same JSON is a row in the database, a line in an exported file and the input of
`companion replay`. Undo is a line of its own (`{"type": "undo"}`) that takes back the last
action still standing; the state is always a fresh fold of what remains.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from .boards import rules_for
from .games import games
from .core.rules import Action, RuleViolation

UNDO = "undo"


@dataclass(frozen=True)
class Header:
    game: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"game": self.game, "players": list(self.players), "options": dict(self.options)}

    @classmethod
    def parse(cls, obj: Any) -> "Header":
        if not isinstance(obj, Mapping) or not isinstance(obj.get("game"), str):
            raise RuleViolation("bad_header", "The first line must name the game, e.g. "
                                '{{"game": "{example}", "players": ["Ann", "Ben"]}}.',
                                example=games()[0].game_id)
        players = obj.get("players")
        if (not isinstance(players, list) or not players
                or not all(isinstance(p, str) and p.strip() for p in players)):
            raise RuleViolation("bad_header", "The header needs the players' names as a list.")
        options = obj.get("options", {})
        if not isinstance(options, Mapping):
            raise RuleViolation("bad_header", "The header's options must be a JSON object.")
        return cls(obj["game"], tuple(players), dict(options))


class LogError(Exception):
    """A log line that cannot be applied: its line number and the rule's reason."""

    def __init__(self, line: int, violation: RuleViolation):
        super().__init__(f"line {line}: {violation.message}")
        self.line = line
        self.violation = violation


@dataclass
class Game:
    """A header folded with its actions: the engine, the state and the actions still standing."""

    header: Header
    rules: Any
    state: Any
    actions: list[Action] = field(default_factory=list)

    @classmethod
    def start(cls, header: Header) -> "Game":
        rules = rules_for(header.game)
        return cls(header, rules, rules.new_state(header.players, header.options))

    def apply(self, entry: Mapping[str, Any] | Action) -> Action | None:
        """Apply one log entry; an undo returns None. A refused entry changes nothing."""
        if isinstance(entry, Mapping) and entry.get("type") == UNDO:
            self.undo()
            return None
        action = entry if isinstance(entry, Action) else self.rules.parse_action(entry)
        self.rules.apply(self.state, action)
        self.actions.append(action)
        return action

    def undo(self) -> Action:
        if not self.actions:
            raise RuleViolation("nothing_to_undo", "There is nothing to undo.")
        undone = self.actions.pop()
        self.state = self.rules.new_state(self.header.players, self.header.options)
        for action in self.actions:
            self.rules.apply(self.state, action)
        return undone


def fold(header: Header, entries: Iterable[tuple[int, Any]], header_line: int = 1) -> Game:
    """Apply numbered entries in order; the first refused one raises LogError with its number."""
    try:
        game = Game.start(header)
    except RuleViolation as violation:
        raise LogError(header_line, violation) from None
    for n, entry in entries:
        try:
            game.apply(entry)
        except RuleViolation as violation:
            raise LogError(n, violation) from None
    return game


def read_lines(lines: Iterable[str]) -> tuple[Header, int, Iterator[tuple[int, Any]]]:
    """Parse a log file's lines: the header and its line number, then (line number, JSON object)
    for each action.

    Blank lines are skipped. Malformed JSON raises LogError with its line number.
    """
    numbered = ((n, text) for n, text in enumerate(lines, start=1) if text.strip())
    try:
        n, text = next(numbered)
    except StopIteration:
        raise LogError(1, RuleViolation("empty_log", "The log is empty.")) from None
    try:
        header = Header.parse(_json(n, text))
    except RuleViolation as violation:
        raise LogError(n, violation) from None

    def entries() -> Iterator[tuple[int, Any]]:
        for n, text in numbered:
            yield n, _json(n, text)

    return header, n, entries()


def _json(line: int, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise LogError(line, RuleViolation("bad_json", "Not valid JSON: {error}.",
                                           error=error.msg)) from None


def fold_lines(lines: Iterable[str]) -> Game:
    """Read and apply a whole log file, stopping at the first bad line."""
    header, header_line, entries = read_lines(lines)
    return fold(header, entries, header_line)


def dump_lines(header: Header, entries: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    yield json.dumps(header.to_json(), ensure_ascii=False)
    for entry in entries:
        yield json.dumps(entry, ensure_ascii=False)
