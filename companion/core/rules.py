"""The vocabulary every game shares: actions, rule violations, turn status and the score sheet."""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Iterable, Mapping


class RuleViolation(Exception):
    """A move the rules refuse, or input that is not a move at all.

    `code` is stable (the UI translates by it), `params` fill the message's blanks,
    `message` is the English text for logs and the command line.
    """

    def __init__(self, code: str, message: str, **params: Any):
        super().__init__(message.format(**params))
        self.code = code
        self.template = message
        self.params = params

    @property
    def message(self) -> str:
        return str(self)

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message, "params": dict(self.params)}


def malformed(message: str, **params: Any) -> RuleViolation:
    return RuleViolation("malformed_action", message, **params)


@dataclass(frozen=True, slots=True)
class Action:
    """A small immutable record of one thing that happened at the table.

    Subclasses set `type` (the JSON name) and declare their fields; a field named `seat`
    says which player acted. Tuples become JSON lists.
    """

    type: ClassVar[str] = ""

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def _accepts(hint: Any, value: Any) -> bool:
    """Whether a JSON value fits a field's annotation (the few shapes actions use)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(h, value) for h in typing.get_args(hint))
    if origin is tuple:
        inner = typing.get_args(hint)[0]
        return isinstance(value, list) and all(_accepts(inner, v) for v in value)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _freeze(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


class ActionCodec:
    """Turns JSON objects into a game's actions, refusing anything malformed."""

    def __init__(self, action_classes: Iterable[type[Action]]):
        self.classes = {cls.type: cls for cls in action_classes}
        self._hints = {name: typing.get_type_hints(cls) for name, cls in self.classes.items()}

    def parse(self, obj: Any) -> Action:
        if not isinstance(obj, Mapping):
            raise malformed("An action must be a JSON object, not {kind}.", kind=type(obj).__name__)
        kind = obj.get("type")
        if kind is None:
            raise RuleViolation("unknown_action", 'An action needs a "type".', kind=None)
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise RuleViolation("unknown_action", "Unknown action type {kind!r}.", kind=kind)
        hints = self._hints[kind]
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in obj:
                if f.default is not dataclasses.MISSING:
                    continue
                raise malformed("Action {kind!r} needs the field {field!r}.", kind=kind, field=f.name)
            if not _accepts(hints[f.name], obj[f.name]):
                raise malformed(
                    "Field {field!r} of action {kind!r} has a wrong value: {value!r}.",
                    kind=kind, field=f.name, value=obj[f.name],
                )
            values[f.name] = _freeze(obj[f.name])
        extra = set(obj) - {"type"} - {f.name for f in dataclasses.fields(cls)}
        if extra:
            raise malformed("Action {kind!r} has unknown fields: {fields}.", kind=kind,
                            fields=", ".join(sorted(extra)))
        return cls(**values)


class Phase(Enum):
    """Where a game stands, the same for every game."""

    SETUP = "setup"
    PLAY = "play"
    FINAL_ROUND = "final_round"
    SCORING = "scoring"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Status:
    """Whose turn it is and whether, and why, the game is ending or over.

    `waiting_for` names what the engine needs next when it is not a seat's move
    (for example the table reporting a card turned face up).
    """

    phase: Phase
    seat: int | None
    waiting_for: str | None = None
    reason: Enum | None = None
    final_round: bool = False

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


def check_players(players: tuple[str, ...], game: str, least: int, most: int) -> None:
    """Every game: a player count the box allows, and names that tell players apart."""
    if not least <= len(players) <= most:
        raise RuleViolation("player_count", "{game} is for {min} to {max} players, not {count}.",
                            game=game, min=least, max=most, count=len(players))
    names = [name.strip().casefold() for name in players]
    if not all(names):
        raise RuleViolation("player_name", "Every player needs a name.")
    if len(set(names)) != len(names):
        raise RuleViolation("player_names_twice", "Two players have the same name: give each "
                            "player a name of their own.")


def next_seat(seat: int, seats: int) -> int:
    """Play goes clockwise: seats are numbered in that order."""
    return (seat + 1) % seats


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One rule that separates players with equal totals, and each seat's value for it."""

    code: str
    description: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """Final (or provisional) points per player and category, totals and winners."""

    players: tuple[str, ...]
    categories: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]  # points[seat][category index]
    winners: tuple[int, ...]
    decided_by: str | None  # code of the last tie-break that narrowed the tied leaders, if one
    # did: it separated the winner out, or (with `shared`) dropped some leaders from a shared win
    shared: bool  # the leaders are still tied after every tie-break
    final: bool = True

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(row) for row in self.points)

    def of(self, seat: int, category: str) -> int:
        return self.points[seat][self.categories.index(category)]

    @classmethod
    def build(cls, players: Iterable[str], categories: Iterable[str],
              points: Iterable[Iterable[int]], tiebreaks: Iterable[TieBreak] = (),
              final: bool = True) -> "ScoreSheet":
        points = tuple(tuple(row) for row in points)
        totals = [sum(row) for row in points]
        best = max(totals)
        leaders = [seat for seat, total in enumerate(totals) if total == best]
        decided_by = None
        for tiebreak in tiebreaks:
            if len(leaders) == 1:
                break
            top = max(tiebreak.values[seat] for seat in leaders)
            narrowed = [seat for seat in leaders if tiebreak.values[seat] == top]
            if len(narrowed) < len(leaders):
                decided_by = tiebreak.code
            leaders = narrowed
        return cls(tuple(players), tuple(categories), points, tuple(leaders),
                   decided_by, len(leaders) > 1, final)

    def to_json(self) -> dict:
        return {
            "players": [
                {"name": name, "seat": seat, "total": sum(self.points[seat]),
                 "points": dict(zip(self.categories, self.points[seat]))}
                for seat, name in enumerate(self.players)
            ],
            "categories": list(self.categories),
            "winners": list(self.winners),
            "decided_by": self.decided_by,
            "shared": self.shared,
            "final": self.final,
        }


@dataclass(frozen=True)
class Move:
    """One kind of move a seat may or may not make now, as the screens offer it.

    `kind` is the action's kind ("claim_route", "draw_tickets" …); `reason` says why the move
    is not open (None when it is). The screens grey out a closed move and show its reason when
    tapped; they never work a rule out for themselves."""

    kind: str
    reason: RuleViolation | None = None

    @property
    def open(self) -> bool:
        return self.reason is None


class Rules:
    """What a game module provides: the engine the Table and the CLI drive.

    A state is a plain mutable object owned by its caller. `apply` checks the action
    completely before it changes anything, so a refused action leaves the state as it was.
    """

    game_kind: ClassVar[str]
    codec: ClassVar[ActionCodec]

    def new_state(self, players: tuple[str, ...], options: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def apply(self, state: Any, action: Action) -> Any:
        raise NotImplementedError

    def check(self, state: Any, action: Action) -> RuleViolation | None:
        """None if `apply` would accept the action now, else the reason. The state is left as
        it was: the move is tried on the engine's own copy."""
        try:
            self.apply(state.copy(), action)
        except RuleViolation as violation:
            return violation
        return None

    def moves(self, state: Any, seat: int) -> list[Move]:
        """Which kinds of move are open to this seat now, each with its reason when not."""
        raise NotImplementedError

    def completions(self, state: Any, partial: Mapping[str, Any]) -> list[dict]:
        """Every legal way to finish a partly entered move, likeliest first.

        `partial` is the move as the screen has it so far: an action's JSON object with its
        "type" and the fields already answered. Each completion is an action's JSON object that
        keeps every field of `partial` and fills the others the engine can know (the route, the
        city a cube can reach, the payment, the tile's turn); a field only the players know
        (a card drawn unseen, a cube drawn from the bag) is left out of every completion, and
        the screen asks for it (such a completion is legal for some value of that field).
        [] when the move can't be finished legally now. A screen skips
        a question whose field has one value across the completions and pre-selects the value
        of the first completion where there are several (the cheapest payment comes first)."""
        raise NotImplementedError

    def status(self, state: Any) -> Status:
        raise NotImplementedError

    def score(self, state: Any) -> ScoreSheet:
        raise NotImplementedError

    def parse_action(self, obj: Any) -> Action:
        return self.codec.parse(obj)
