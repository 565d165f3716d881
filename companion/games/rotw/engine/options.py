"""Railways of the World's table options: the rulebook's open readings, as the table chose them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class FamilyLocomotives(Enum):
    """The family variant's "Csak Sín és Város Kártyával játszhatok" (only rail and city cards)."""

    JOKERS = "jokers"  # the Locomotive cards stay, as jokers worth 1 in a payment
    REMOVED = "removed"  # the Locomotive cards go back in the box before setup


@dataclass(frozen=True, slots=True)
class RotwTable:
    """Each field's default is the reading the engine followed before the option existed."""

    # May a Locomotive from the display or the discard pile be taken as the second card? The
    # rulebook only forbids a card after it.
    locomotive_second: bool = True
    # Does a value-5 city (any goods may be delivered to it) stop every cube passing through?
    value_five_stops: bool = False
    family_locomotives: FamilyLocomotives = FamilyLocomotives.JOKERS
