"""The game log: a header (game, players, options) and one JSON action per line, folded into a state.

The same JSON is a row in the database, a line in an exported file and the input of
`companion replay`. Undo is a line of its own (`{"type": "undo"}`) that takes back the last
action still standing; the state is always a fresh fold of what remains.

A log file is read line by line from its bytes with bounded memory: a line longer than
`MAX_LINE` is refused before it is read whole, and every way a line can be wrong (not UTF-8, not
JSON, an integer too long to convert, nesting too deep, a lone surrogate, options the game does
not know) is a LogError naming the line, never a traceback.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, BinaryIO, Iterable, Iterator, Mapping

from .boards import rules_for
from .games import games
from .core.rules import Action, RuleViolation

UNDO = "undo"
# The wall-clock time an entry was stored (optional; docs/log-format.md), and the two entries
# that stop and restart every player's clock: time, never rules, so the engine never sees them.
AT = "at"
# The seconds the app saw pass (monotonic) since the entry before or since the game was opened:
# what the turn clocks count, as a wall clock may jump (optional; docs/log-format.md).
SEEN = "seen"
PAUSE = "pause"
RESUME = "resume"
CLOCK_ENTRIES = frozenset({PAUSE, RESUME})
MAX_LINE = 1 << 20  # bytes: one action is a few hundred; longer is not a log
MAX_DEPTH = 32  # nesting of a line's JSON: actions nest three or four deep
RIG_SEATS = 4  # the places a game's players can sit at: the rig's seats 1 to 4 (hardware/pins)
_CHUNK = 1 << 16
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")  # the escape of a UTF-16 surrogate half


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
                                example=games()[0].game_kind)
        players = obj.get("players")
        if (not isinstance(players, list) or not players
                or not all(isinstance(p, str) and p.strip() for p in players)):
            raise RuleViolation("bad_header", "The header needs the players' names as a list.")
        options = obj.get("options", {})
        if not isinstance(options, Mapping):
            raise RuleViolation("bad_header", "The header's options must be a JSON object.")
        return cls(obj["game"], tuple(players), dict(options))


def check_places(header: Header) -> None:
    """`places` (who sits at which of the rig's seats), if given: one distinct seat per player.
    The option is every game's, so it is checked here; each engine checks its own."""
    places = header.options.get("places")
    if places is None:
        return
    seats = range(RIG_SEATS)
    if (not isinstance(places, list) or len(places) != len(header.players)
            or not all(isinstance(p, int) and not isinstance(p, bool) and p in seats
                       for p in places)
            or len(set(places)) != len(places)):
        raise RuleViolation("bad_option", "places must give each player a seat of their own, "
                            "0 to {last} (players: {count}).", count=len(header.players),
                            last=RIG_SEATS - 1)


class LogError(Exception):
    """A log line that cannot be applied: its line number and the rule's reason."""

    def __init__(self, line: int, violation: RuleViolation):
        super().__init__(f"line {line}: {violation.message}")
        self.line = line
        self.violation = violation


@dataclass
class FoldedGame:
    """A header folded with its actions: the engine, the state and the actions still standing."""

    header: Header
    rules: Any
    state: Any
    actions: list[Action] = field(default_factory=list)
    # the state before the last action, kept when an undo was known to follow it: that undo
    # then needs no fold from the start (a log of many move/undo pairs)
    _before: tuple[Any, int] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def start(cls, header: Header) -> "Game":
        check_places(header)
        rules = rules_for(header.game)
        return cls(header, rules, rules.new_state(header.players, header.options))

    def apply(self, entry: Mapping[str, Any] | Action, keep: bool = False) -> Action | None:
        """Apply one log entry; an undo, a pause or a resume returns None. A refused entry
        changes nothing. The entry's time, if any, is not the engine's. `keep`: an undo
        follows, so the state before this action is kept for it."""
        if isinstance(entry, Mapping):
            entry, _at = split_time(entry)
            kind = entry.get("type")
            if kind is not None and not isinstance(kind, str):
                raise RuleViolation("bad_type", '"type" must be the name of an action, not '
                                    "{value}.", value=_shown(kind))
            if kind in CLOCK_ENTRIES:
                return None
        if isinstance(entry, Mapping) and entry.get("type") == UNDO:
            self.undo()
            return None
        action = entry if isinstance(entry, Action) else self.rules.parse_action(entry)
        before = _copy(self.state) if keep else None
        self.rules.apply(self.state, action)
        self.actions.append(action)
        self._before = (before, len(self.actions) - 1) if keep else None
        return action

    def undo(self) -> Action:
        if not self.actions:
            raise RuleViolation("nothing_to_undo", "There is nothing to undo.")
        undone = self.actions.pop()
        kept, self._before = self._before, None
        if kept is not None and kept[1] == len(self.actions):
            self.state = kept[0]
            return undone
        self.state = self.rules.new_state(self.header.players, self.header.options)
        for action in self.actions:
            self.rules.apply(self.state, action)
        return undone


def split_time(entry: Mapping[str, Any]) -> tuple[Mapping[str, Any], str | None]:
    """An entry without its times, and its wall-clock time (an ISO 8601 text with its offset,
    or None); a time that is not one, or seconds seen that are not a number, are refused."""
    if AT not in entry and SEEN not in entry:
        return entry, None
    at = entry.get(AT)
    if at is not None and (not isinstance(at, str) or parse_time(at) is None):
        raise RuleViolation("bad_time", '"at" must be a time such as '
                            '"2026-11-26T20:15:03.250+00:00", not {value}.', value=_shown(at))
    seen = entry.get(SEEN)
    if SEEN in entry and not (isinstance(seen, (int, float)) and not isinstance(seen, bool)
                              and 0 <= seen < 1e9):
        raise RuleViolation("bad_seen", '"seen" must be a number of seconds such as 12.5, '
                            "not {value}.", value=_shown(seen))
    return {key: value for key, value in entry.items() if key not in (AT, SEEN)}, at


def _shown(value: Any) -> str:
    """A value from a log, short enough for a one-line message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def parse_time(text: str) -> datetime | None:
    """An entry's time as an aware datetime (a time without its offset is UTC); None if the
    text is not a time."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def fold(header: Header, entries: Iterable[tuple[int, Any]], header_line: int = 1) -> FoldedGame:
    """Apply numbered entries in order; the first refused one raises LogError with its number."""
    try:
        game = FoldedGame.start(header)
    except RuleViolation as violation:
        raise LogError(header_line, violation) from None
    pending: tuple[int, Any] | None = None
    for following in (*entries, None) if isinstance(entries, list) else _and_end(entries):
        if pending is not None:
            n, entry = pending
            try:
                game.apply(entry, keep=_is_undo(following))
            except RuleViolation as violation:
                raise LogError(n, violation) from None
        pending = following
    return game


def _copy(state: Any) -> Any:
    """A state's copy: the engine's own (every engine's state has one: `Rules.check` tries a
    move on it), else a deep copy."""
    own = getattr(state, "copy", None)
    return own() if callable(own) else copy.deepcopy(state)


def _and_end(entries: Iterable[tuple[int, Any]]) -> Iterator[tuple[int, Any] | None]:
    yield from entries
    yield None


def _is_undo(numbered: tuple[int, Any] | None) -> bool:
    """The next entry is an undo (a fold looks one ahead to keep the state it takes back)."""
    return (numbered is not None and isinstance(numbered[1], Mapping)
            and numbered[1].get("type") == UNDO)


def read_lines(lines: Iterable[str] | Iterable[tuple[int, str]],
               ) -> tuple[Header, int, Iterator[tuple[int, Any]]]:
    """Parse a log file's lines (text, or numbered text from `file_lines`): the header and its
    line number, then (line number, JSON object) for each action.

    Blank lines are skipped. A line that is not sound JSON raises LogError with its number.
    """
    numbered = ((n, text) for n, text in _numbered(lines) if text.strip())
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


def _numbered(lines: Iterable[str] | Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    for n, line in enumerate(lines, start=1):
        yield line if isinstance(line, tuple) else (n, line)


def file_lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[tuple[int, str]]:
    """A log file's lines, numbered, read in chunks: at most `limit` bytes of one line are ever
    held, a longer line raises LogError before the rest of it is read, and each line is decoded
    on its own (a byte that is not UTF-8 names its line). A byte-order mark is skipped."""
    pending, n = bytearray(), 1
    while chunk := stream.read(_CHUNK):
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            pending += chunk[start:end]
            _within(n, pending, limit)
            yield n, _decode(n, pending)
            pending.clear()
            n, start = n + 1, end + 1
        pending += chunk[start:]
        _within(n, pending, limit)
    if pending:
        yield n, _decode(n, pending)


def _within(line: int, pending: bytearray, limit: int) -> None:
    if len(pending) > limit:
        raise LogError(line, RuleViolation("line_too_long", "The line is longer than {limit} "
                                           "bytes (one action is a few hundred): not a game "
                                           "log.", limit=limit))


def _decode(line: int, raw: bytearray) -> str:
    if line == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogError(line, RuleViolation(
            "not_utf8", "byte 0x{byte:02x} at column {column} is not UTF-8: this is not a "
            "UTF-8 text file.",
            byte=raw[error.start], column=error.start + 1)) from None


def _json(line: int, text: str) -> Any:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise LogError(line, RuleViolation("bad_json", "Not valid JSON: {error}.",
                                           error=error.msg)) from None
    except RecursionError:  # nested past Python's own limit
        raise LogError(line, _too_deep()) from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise LogError(line, RuleViolation("bad_json", "Not usable JSON: {error}.",
                                           error=str(error).split(";")[0])) from None
    if (text.count("[") + text.count("{") > MAX_DEPTH) and _depth(value) > MAX_DEPTH:
        raise LogError(line, _too_deep())
    if _SURROGATE.search(text) and not _encodable(value):
        raise LogError(line, RuleViolation("bad_text", "A text holds a lone UTF-16 surrogate "
                                           "(\\ud800-\\udfff): not valid text."))
    return value


def _too_deep() -> RuleViolation:
    return RuleViolation("bad_json", "The JSON nests deeper than {depth} levels: not a game "
                         "log.", depth=MAX_DEPTH)


def _depth(value: Any) -> int:
    """How deep lists and objects nest (without recursion: the value may be very deep)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(
            item, list) else ()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                return deepest
            stack.extend((child, level + 1) for child in children)
    return deepest


def _encodable(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def fold_lines(lines: Iterable[str]) -> FoldedGame:
    """Read and apply a whole log file, stopping at the first bad line."""
    header, header_line, entries = read_lines(lines)
    return fold(header, entries, header_line)


def dump_lines(header: Header, entries: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    yield json.dumps(header.to_json(), ensure_ascii=False)
    for entry in entries:
        yield json.dumps(entry, ensure_ascii=False)


def raw_lines(game: str, players: Iterable[str], options: str,
              actions: Iterable[tuple[int, str]]) -> Iterator[str]:
    """A stored game whose rows cannot all be read, as a log file: the header with its options
    as stored (as a JSON string when they are not JSON), then each stored entry's text as it
    is (as a JSON string if it would break the line). `replay` then names the broken line."""
    try:
        stored: Any = json.loads(options)
    except (ValueError, RecursionError):
        stored = options
    yield json.dumps({"game": game, "players": list(players), "options": stored},
                     ensure_ascii=False)
    for _seq, text in actions:
        yield json.dumps(text, ensure_ascii=False) if "\n" in text or "\r" in text else text
