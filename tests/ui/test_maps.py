"""The maps at their fullest, through the real `companion` command (scenarios in
scenarios_maps.py): no label covered, none under 15 px or outside its map, and the players'
letters on their routes, links and vehicles (issue 17 point 5, issue 11 req. 6)."""

from __future__ import annotations

import pytest

from scenarios_maps import MARKS

pytestmark = pytest.mark.ui

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
        assert seen["zoomed"]["covered"] == [], (name, seen["zoomed"]["covered"])
