"""The maps at their fullest, through the real `companion` command (scenarios in
scenarios_maps.py): no label covered, none under 15 px or outside its map, and the players'
letters on their routes, links and vehicles."""

from __future__ import annotations

import pytest

from scenarios_labels import MAX_GAP
from scenarios_maps import MARKS

pytestmark = pytest.mark.ui
AUDITED = ("touch", "text", "overlap", "outside", "contrast")

FULLEST = {"ttr": {"routes": 32}, "ttr-41": {"routes": 41},
           "rotw": {"cities": 24, "links": 24}, "rotw-25": {"cities": 25, "links": 25},
           "traffiq": {"tiles": 48, "vehicles": 15}}


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_results_maps_stay_readable_at_their_fullest(run_scenario, size):
    run = run_scenario("largest_maps", size=size).check()
    maps = run.report["maps"]
    for name, pieces in FULLEST.items():
        seen = maps[name]
        assert seen["pieces"] == pieces, name
        assert seen["back"], name  # Back closed the zoom: the map is on its screen again
        for how in ("shown", "zoomed"):
            drawn = seen[how]
            assert drawn["texts"] > 0, (name, how)
            assert drawn["small"] == [], (name, how, drawn["small"])
            assert drawn["outside"] == [], (name, how, drawn["outside"])
            assert drawn["marks"] == sorted(MARKS), (name, how, drawn["marks"])
            owned = pieces.get("routes") or pieces.get("links") or pieces["vehicles"]
            assert drawn["mark_count"] == owned, (name, how, drawn["mark_count"], pieces)
        assert seen["zoomed"]["covered"] == [], (name, seen["zoomed"]["covered"])
    # Ticket to Ride's results map as drawn (docs/map-labels.md): at its fullest no two labels
    # overlap and each name sits by its dot; every route owned (more than the box's taxis
    # allow) leaves at most one name against one badge at 800x480.
    for name, most in (("ttr", 0), ("ttr-41", 2)):
        judged = maps[name]["labels"]
        assert len(judged["overlaps"]) <= most, (name, size, judged["overlaps"])
        far = {label: gap for label, gap in judged["gaps"].items() if gap > MAX_GAP}
        assert far == {} and len(judged["gaps"]) == 15, (name, size, judged["gaps"])
    from test_ui import judge_audits  # the zoomed map's screen: Back, nothing cut or outside
    judge_audits(run.report, [f"maps-{name}-zoomed" for name in FULLEST], kinds=AUDITED)


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_home_shows_each_game_with_its_emblem(run_scenario, size):
    from test_ui import judge_audits
    run = run_scenario("home_emblems", size=size).check()
    for when in ("emblems_tall", "emblems_short"):
        seen = run.report[when]
        assert set(seen) == {"ttr-nyc", "rotw-card-game", "manhattan-traffiq"}, when
        for game_id, emblem in seen.items():
            assert emblem["drawn"] and emblem["inside"] and emblem["clear_of_name"], \
                (when, game_id, emblem)
            assert emblem["side"] >= 32, (when, game_id, emblem)
    judge_audits(run.report, ["home-emblems", "home-emblems-unfinished"], kinds=AUDITED)


def test_the_players_letters_on_the_maps_in_play(run_scenario):
    run = run_scenario("maps_in_play").check()
    for name in ("ttr", "rotw", "traffiq"):
        seen = run.report[f"play-{name}"]
        assert seen["marks"] == sorted(MARKS), (name, seen["marks"])
        assert seen["small"] == [] and seen["outside"] == [], (name, seen)
    # Ticket to Ride's names, coins and badges in play: none covers another (brief H3)
    assert run.report["play-ttr"]["covered"] == [], run.report["play-ttr"]["covered"]


def test_the_final_round_banner_covers_no_map(run_scenario):
    """Ticket to Ride's map and Railways' network fit below the final round's banner (as
    TraffIQ's map keeps clear of its bars): nothing they draw lies under it (brief H3)."""
    run = run_scenario("maps_final_round").check()
    for name in ("ttr", "rotw"):
        seen = run.report[f"final-{name}"]
        assert seen["final_round"] and seen["banner_shown"], (name, seen)
        assert seen["under_banner"] == [], (name, seen["under_banner"])
        assert seen["small"] == [] and seen["outside"] == [], (name, seen)
