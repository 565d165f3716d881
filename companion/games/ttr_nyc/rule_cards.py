"""Ticket to Ride: New York's rules help: a rule card for each of its refusals (in our own words;
docs/ttr-nyc-rules.md has the leaflet's sentences). It has no table options (the docs say why)."""

from __future__ import annotations

from companion.games import N_
from companion.games.rule_cards import RuleCard

CARDS = (
    RuleCard("ttr_setup_tickets", N_("Tickets at setup"), N_(
        "At setup each player is dealt 2 destination tickets and keeps 1 or 2 of them, before "
        "the first turn."),
        ("not_setup", "already_kept")),
    RuleCard("ttr_one_action", N_("One action a turn"), N_(
        "On your turn do exactly one thing: draw 2 transportation cards, claim a route, or draw "
        "destination tickets. Having taken a first card, take the second one."),
        ("one_action", "must_draw_second")),
    RuleCard("ttr_drawing", N_("Drawing cards"), N_(
        "Take a face-up card or the top card of the deck, twice. A face-up card taken is "
        "replaced at once. When the deck runs out, the discard pile is shuffled into a new "
        "deck."),
        ("deck_empty", "empty_slot", "no_face_up")),
    RuleCard("ttr_taxi_card", N_("A face-up Taxi card"), N_(
        "A face-up Taxi card (the wild card) ends your draw: take it only as your first "
        "card, and take no second card after it."),
        ("taxi_second_card",)),
    RuleCard("ttr_claim", N_("Claiming a route"), N_(
        "Pay as many cards as the route is long, all of the route's colour (a grey route: any "
        "one colour); Taxi cards stand in for any colour. Put one taxi on each space: you need "
        "enough taxis left."),
        ("not_enough_cards", "not_enough_taxis", "payment_count", "payment_mixed",
         "payment_colour", "cannot_pay", "no_claim", "route_taken", "not_in_hand",
         "unknown_route")),
    RuleCard("ttr_double_routes", N_("Double routes"), N_(
        "A player may claim only one of the two routes between the same places. With 2 "
        "players, once one of them is claimed the other stays closed."),
        ("double_route_twice", "double_route_closed")),
    RuleCard("ttr_tickets", N_("Drawing destination tickets"), N_(
        "Draw 2 destination tickets and keep at least one of them. When the ticket pile is "
        "empty, tickets can no longer be drawn."),
        ("no_tickets_left", "keep_tickets")),
    RuleCard("ttr_pass", N_("Passing"), N_(
        "You may pass only when no action is possible: no card to draw, no ticket to draw and "
        "no route you can claim."),
        ("pass_not_allowed",)),
    RuleCard("ttr_reveal", N_("Revealing tickets at the end"), N_(
        "When the game is over, each player shows the tickets they kept: every one of them, "
        "each ticket once. Completed tickets score, the others count against you."),
        ("not_scoring", "already_revealed", "ticket_count", "no_tickets", "ticket_twice",
         "unknown_ticket", "ticket_held_by_other")),
    RuleCard("ttr_finished", N_("Entering a finished game"), N_(
        "When you score a finished game, tap the routes each player's taxis stand on. A player "
        "has only 15 taxis, and a route takes as many as it is long."),
        ("no_placement", "too_many_taxis")),
    RuleCard("ttr_table_reports", N_("The table says what it sees"), N_(
        "The app never shuffles: the table tells it which cards were turned face up, and "
        "it waits until it knows. It counts every card in the box, so a report that does not "
        "fit is refused: check it and report again."),
        ("turn_up_first", "turn_up_count", "no_turn_up_expected", "too_many_cards",
         "unknown_card", "not_in_deck", "face_up_mismatch")),
    RuleCard("ttr_scanning", N_("Every card is scanned"), N_(
        "This game was started with \u201cscan every card dealt or drawn\u201d (Settings): the "
        "cards dealt at setup and every card drawn are scanned, so the app knows each "
        "hand exactly. Scan them before you go on."),
        ("scan_drawn_card", "show_hand_first", "show_hand_at_setup", "show_hand_count",
         "hand_already_shown")),
)
