"""A secret hand of cards: what the table saw going in, and how many cards it did not see.

A game's engine subclasses it with its own number of kinds of card as the default of `known`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(slots=True)
class SecretHand:
    known: list[int]  # count per kind of card, the ones the table saw
    unknown: int = 0  # cards it did not see (drawn blind, dealt unscanned)

    @property
    def size(self) -> int:
        return sum(self.known) + self.unknown

    def copy(self):
        return replace(self, known=self.known[:])
