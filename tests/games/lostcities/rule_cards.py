"""Lost Cities' rules help: a rule card for each of its refusals (the shared ones, whose turn
and what the app understands, are companion.games.rule_cards.COMMON)."""

from __future__ import annotations

from companion.games import N_
from companion.games.rule_cards import RuleCard

CARDS = (
    RuleCard("lostcities_turn", N_("A turn: lay a card, then draw"), N_(
        "Lay one card on your own expedition of its colour or on its colour's discard pile, "
        "then draw one card: from the deck or from the top of a discard pile, but not the "
        "card you have just discarded."),
        ("draw_now", "play_first", "pile_empty", "own_discard")),
    RuleCard("lostcities_rising", N_("An expedition rises"), N_(
        "Wager cards come first; each card laid after them is higher than the one before."),
        ("rising_order",)),
    RuleCard("lostcities_cards", N_("The cards"), N_(
        "Each colour has three wager cards and one card of each number from 2 to 10."),
        ("no_such_card", "card_out")),
    RuleCard("lostcities_end", N_("The end"), N_(
        "The game ends when the last card of the deck is drawn."),
        ("game_over",)),
)
