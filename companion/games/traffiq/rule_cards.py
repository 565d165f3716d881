"""Manhattan TraffIQ's rules help: a rule card for each of its refusals, and its table option.

The cards say the rules in our own words (docs/traffiq-rules.md has the rulebook's sentences and
the publisher's FAQ); the table option quotes the German rulebook's sentence.
"""

from __future__ import annotations

from companion.games import N_
from companion.games.rule_cards import RuleCard, TableOption

CARDS = (
    RuleCard("traffiq_colours", N_("Colours by player count"), N_(
        "The box holds 8 red, 8 yellow, 5 blue and 4 green taxis, and 3 red, 3 yellow, 2 blue "
        "and 2 green vans. So 2 players play red and yellow (8 taxis and 3 vans each), 3 players "
        "red, yellow and blue (5 taxis and 2 vans each), 4 players all four colours (4 taxis "
        "and 2 vans each)."),
        ("colour_not_in_box",)),
    RuleCard("traffiq_two_actions", N_("Two actions a turn"), N_(
        "On your turn take 2 of the 4 actions: place a tile, a taxi ride, a van ride, draw a "
        "tile. Drawing may be taken twice. Once every tile is drawn, drawing is no longer one "
        "of them."),
        ("two_actions", "supply_empty")),
    RuleCard("traffiq_forfeit", N_("Skipping actions"), N_(
        "A player may end the turn with fewer than two actions. Whether that is allowed at any "
        "time or only in the last round, once every tile is drawn, is a table rule, chosen in "
        "New game."),
        ("forfeit_last_round",), option="forfeit"),
    RuleCard("traffiq_order", N_("The order of the actions"), N_(
        "Tiles are placed before any other action of the turn, and drawing comes last. At most "
        "one taxi ride and one van ride a turn."),
        ("place_first", "draw_last", "one_ride_each")),
    RuleCard("traffiq_place_tile", N_("Placing a district tile"), N_(
        "Lay a tile from your hand next to a tile on the map, turned so that every side it "
        "touches shows the same colour as its neighbour. A cell takes one tile."),
        ("no_tile_in_hand", "cell_taken", "not_touching", "edges_mismatch", "tile_not_in_hand",
         "tile_fits_nowhere", "tile_edges", "unknown_edge", "bad_layout")),
    RuleCard("traffiq_new_vehicle", N_("A new vehicle"), N_(
        "When your tile completes a crossing or street corner (four tiles meet there), you may "
        "put a taxi or a van from your supply on it at once. This is not an action, and you "
        "need not do it."),
        ("point_not_completed", "no_new_crossing", "no_vehicle_left", "point_incomplete",
         "point_taken")),
    RuleCard("traffiq_rides", N_("Taxi and van rides"), N_(
        "A ride moves one of your vehicles already on the map to another free crossing or "
        "street corner along complete streets. A taxi rides any distance while the way is "
        "free; a van goes only to a neighbouring one. Parks and water cut the street."),
        ("no_own_vehicle_there", "same_point", "no_taxi_path", "van_not_neighbour", "no_street",
         "no_van_on_map", "vans_stuck", "no_taxi_on_map", "taxis_stuck", "unknown_vehicle")),
    RuleCard("traffiq_finished", N_("Entering a finished game"), N_(
        "When you score a finished game, enter for each player the taxis and vans on the map. "
        "Each player has only as many as the player count gives; a player who put every vehicle "
        "on the map won at once."),
        ("already_entered", "vehicle_count", "one_winner_all_placed")),
    RuleCard("traffiq_scanning", N_("Every tile is scanned"), N_(
        "This game was started with \u201cscan every tile, the 2 drawn at setup too\u201d "
        "(Settings): before the first turn each player scans the 2 tiles drawn at setup, and "
        "every tile drawn during play is scanned, so the app knows every hand exactly and "
        "each tile is placed without setting its sides. Scan the tile before you go on."),
        ("scan_the_tile", "show_tiles_first", "show_tile_at_setup", "tiles_already_shown")),
)

TABLE_OPTIONS = (
    TableOption(
        "forfeit", N_("When may actions be skipped?"),
        (("any_time", N_("At any time")), ("last_round", N_("Only in the last round"))),
        quote="Der Spieler wählt zwei andere Aktionen oder lässt eine oder zwei Aktionen "
              "verfallen.",
        quote_language="de",
        meaning=N_("(Once every tile is drawn:) The player chooses two other actions or skips "
                   "one or two actions.")),
)
