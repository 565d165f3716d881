"""A city card's features as the screens hold them while they are entered, and as a scanner's tag
stores them; whether they make a card is the engine's question."""

from __future__ import annotations

import json
from dataclasses import dataclass

from companion.core.rules import RuleViolation
from ..engine.building import check_city_features


@dataclass(frozen=True)
class CityCard:
    value: int
    demand: str | None  # None: a value-5 city (it takes any goods)
    points: tuple[str, ...]  # connection points by rail colour

    def to_value(self) -> str:
        return json.dumps({"value": self.value, "demand": self.demand,
                           "points": list(self.points)}, separators=(",", ":"))

    @classmethod
    def from_value(cls, text: str) -> "CityCard | None":
        try:
            data = json.loads(text)
            card = cls(int(data["value"]), data.get("demand"), tuple(data["points"]))
        except (ValueError, KeyError, TypeError):
            return None
        return card if card.complete() else None

    def complete(self) -> bool:
        try:
            check_city_features(self.value, self.demand, self.points)
        except RuleViolation:
            return False
        return True
