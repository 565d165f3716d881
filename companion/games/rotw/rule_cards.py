"""Railways of the World's rules help: a rule card for each of its refusals, and its table options.

The cards say the rules in our own words (docs/rotw-rules.md has the rulebook's sentences); the
table options quote the Hungarian rulebook's sentence that reads two ways.
"""

from __future__ import annotations

from companion.games import N_
from companion.games.rule_cards import RuleCard, TableOption

CARDS = (
    RuleCard("rotw_turn", N_("A turn: one action, then cards"), N_(
        "A turn has three steps: first one action (build, Locomotive, deliver, discard or "
        "pass), then take 1 or 2 cards, then discard down to the hand limit."),
        ("wrong_step", "take_after_action")),
    RuleCard("rotw_take", N_("Taking cards"), N_(
        "After the action, take 1 or 2 cards in any mix: the top of the draw pile, a face-up "
        "card (replaced at once) or the top of the discard pile. At least one card."),
        ("take_a_card", "display_empty", "discard_empty", "deck_empty", "empty_slot",
         "display_mismatch", "discard_mismatch")),
    RuleCard("rotw_locomotive_taken", N_("A face-up Locomotive"), N_(
        "Whoever takes a Locomotive from the face-up cards or the discard pile takes no card "
        "after it. Whether it may be the second card is a table rule, chosen in New game."),
        ("locomotive_second",), option="locomotive_second"),
    RuleCard("rotw_hand", N_("Your hand"), N_(
        "You can only pay or discard cards you hold. At the end of your turn you may hold at "
        "most 13 cards: discard the rest face up (this is not an action)."),
        ("not_in_hand", "empty_hand", "hand_limit_count")),
    RuleCard("rotw_build", N_("Building to a new city"), N_(
        "Play a city card from your hand and join it with one link to the start board (any "
        "colour) or to a city on the table, at a free connection point of the link's colour "
        "that the new city shows too. A city of value 2 to 4 demands one goods colour; a "
        "value-5 city takes goods of any colour and has none of its own."),
        ("cannot_build", "city_lacks_colour", "no_free_point", "bad_points", "city_needs_demand",
         "city_any_goods")),
    RuleCard("rotw_pay", N_("Paying for a link"), N_(
        "Pay rail cards worth at least the new city's value, at least one of them in the "
        "link's colour. A Locomotive may stand in for a rail card, worth 1. City cards cannot "
        "be used to pay."),
        ("payment_too_low", "payment_colour", "not_rail_card")),
    RuleCard("rotw_trains", N_("Your trains"), N_(
        "Each link needs one of your 10 trains. Without trains you cannot build any more (and "
        "the last round begins)."),
        ("no_trains", "too_many_trains")),
    RuleCard("rotw_pulling_power", N_("Pulling power"), N_(
        "Your pulling power is the number of Locomotive cards in front of you; it starts at 0. "
        "A cube travels at most that many links. A delivery names where the cube starts, where "
        "it goes and its colour."),
        ("no_locomotive", "too_far", "delivery_incomplete")),
    RuleCard("rotw_deliver", N_("Delivering goods"), N_(
        "Move a cube along links to a city that demands its colour. The first link must be "
        "yours, the others may be anyone's. Goods may pass through the start board but are "
        "never delivered to it."),
        ("no_goods_there", "no_demand", "no_route", "first_link_not_yours", "cube_stuck",
         "no_delivery", "start_takes_no_goods")),
    RuleCard("rotw_first_city", N_("The first city that wants it"), N_(
        "A cube stops at the first city on its way that demands its colour: it cannot travel "
        "past it. Whether a value-5 city stops every cube is a table rule, chosen in New game."),
        ("stops_earlier",), option="value_five_stops"),
    RuleCard("rotw_discard", N_("Discard, then draw or restock"), N_(
        "Discard a card face up, then either take the top of the draw pile or a face-up card "
        "(not a Locomotive), or put one cube from the bag on a city that has no goods."),
        ("loco_after_discard", "nothing_to_draw", "city_has_goods", "no_city_to_restock",
         "bag_empty")),
    RuleCard("rotw_family", N_("The family game"), N_(
        "The family game has no goods: no deliveries, no Locomotives played in front of you, no "
        "restocking. Whether the Locomotive cards stay as jokers is a table rule, chosen in New "
        "game."),
        ("family_no_goods", "not_in_this_game"), option="family_locomotives"),
    RuleCard("rotw_finished", N_("Entering a finished game"), N_(
        "When you score a finished game, enter what lies on the table: each city, each link "
        "with the value of the cards paid for it, the Locomotives, the delivered cubes and the "
        "score track. The box limits how many of each there can be."),
        ("too_many_cities", "link_loop", "link_twice", "bad_link_value", "bad_track",
         "too_many_cubes")),
    RuleCard("rotw_table_reports", N_("The table says what it sees"), N_(
        "The app never shuffles: the table tells it which cards were turned face up and "
        "which cubes came out of the bag, and it waits until it knows. It counts every card and "
        "cube in the box, so a report that does not fit is refused: check it and report again."),
        ("turn_up_first", "goods_first", "no_turn_up_expected", "no_goods_expected",
         "turn_up_count", "goods_count", "not_in_bag", "too_many_cards", "name_the_card",
         "unknown_card", "unknown_goods", "unknown_colour", "unknown_city", "bad_city_value")),
    RuleCard("rotw_scanning", N_("Every card is scanned"), N_(
        "This game was started with \u201cscan every card, the ones dealt at setup too\u201d "
        "(Settings): before the first turn each player scans or taps the 2 cards dealt at setup "
        "that nobody saw, and each card taken from the draw pile during play is scanned or "
        "tapped, so the app knows every hand exactly. Scan the card before you go on."),
        ("scan_the_card", "show_cards_first", "show_card_at_setup", "cards_already_shown")),
)

TABLE_OPTIONS = (
    TableOption(
        "locomotive_second", N_("May a face-up Locomotive be the second card?"),
        ((True, N_("Yes, but no card after it")), (False, N_("No: only as the first card"))),
        quote="Ha egy Mozdony/Joker Kártyát választ valaki a Kártya Választó Területről vagy "
              "húz a Dobópakliról, már nem húzhat második lapot.",
        quote_language="hu",
        meaning=N_("If someone chooses a Locomotive/Joker card from the card display or draws "
                   "it from the discard pile, they may not draw a second card.")),
    TableOption(
        "value_five_stops", N_("Does a value-5 city stop every cube?"),
        ((False, N_("No: cubes pass through it")), (True, N_("Yes: every cube stops there"))),
        quote="Az 5 értékű városokba bármilyen típusú áru szállítható.",
        quote_language="hu",
        meaning=N_("Goods of any type may be delivered to value-5 cities.")),
    TableOption(
        "family_locomotives", N_("Family game: the Locomotive cards?"),
        (("jokers", N_("Kept as jokers worth 1")), ("removed", N_("Left in the box"))),
        quote="Csak Sín és Város Kártyával játszhatok.",
        quote_language="hu",
        meaning=N_("Play only with rail and city cards."), when="family"),
)
