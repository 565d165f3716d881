"""Ticket to Ride's map labels at 800x480, through the real `companion` command (scenario in
scenarios_labels.py): on play maps part way through games no two labels overlap, no label lies
on a coin or a dot, and each name is near its dot; on the results screen's small map (the
fullest game, then every route owned) each name is near its dot and the overlaps stay below
what they were before the label placer (docs/map-labels.md)."""

from __future__ import annotations

import pytest

from scenarios_labels import MAX_GAP

pytestmark = pytest.mark.ui
PLAY = ("play-3", "play-5", "play-7")
# The results screen's map at 800x480 is 272x190 px for 15 names and 32 (41) badges at 15 px:
# not room for all of them clear of each other. Overlapping pairs as drawn before the placer:
# 93 and 140; with it about 75 and 88. The zoomed map (tests/ui/test_maps.py) has none.
RESULTS_AT_MOST = {"results": 85, "results-41": 100}


def test_no_map_label_covers_another_and_each_name_sits_by_its_dot(run_scenario):
    run = run_scenario("ttr_labels").check()
    labels = run.report["labels"]
    assert sorted(labels) == sorted(PLAY + tuple(RESULTS_AT_MOST))
    for name, seen in labels.items():
        far = {label: gap for label, gap in seen["gaps"].items() if gap > MAX_GAP}
        assert far == {}, (name, far)
        assert len(seen["gaps"]) == 15, (name, sorted(seen["gaps"]))
    for name in PLAY:
        assert labels[name]["overlaps"] == [], (name, labels[name]["overlaps"])
    for name, most in RESULTS_AT_MOST.items():
        assert len(labels[name]["overlaps"]) <= most, (name, len(labels[name]["overlaps"]))
