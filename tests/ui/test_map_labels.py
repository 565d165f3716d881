"""Ticket to Ride's map labels at 800x480, through the real `companion` command (scenario in
scenarios_labels.py): on play maps part way through games no two labels overlap, no label lies
on a coin or a dot, and each name is near its dot; on the results screen's small map (the
fullest game) no label overlaps another either, names shortened to their initials where they
must be (docs/map-labels.md)."""

from __future__ import annotations

import pytest

from scenarios_labels import MAX_GAP

pytestmark = pytest.mark.ui
PLAY = ("play-3", "play-5", "play-7")
# The results screen's map at 800x480 (272 px wide beside the table) is drawn upright, as
# tall as its column allows, and names that find no clear place go by their initials
# (docs/map-labels.md): the fullest game the box allows (32 routes) has no overlap. Every
# route owned (41, more than the box's taxis allow: no game reaches it) leaves Chinatown's name
# against one badge (one pair as drawn: the badge's ring and its letter).
RESULTS_AT_MOST = {"results": 0, "results-41": 2}


def test_no_map_label_covers_another_and_each_name_sits_by_its_dot(run_scenario):
    run = run_scenario("ttr_labels").check()
    labels = run.report["labels"]
    assert sorted(labels) == sorted(PLAY + tuple(RESULTS_AT_MOST))
    for name, seen in labels.items():
        far = {label: gap for label, gap in seen["gaps"].items() if gap > MAX_GAP}
        assert far == {}, (name, far)
        assert len(seen["gaps"]) == 15, (name, sorted(seen["gaps"]))
    for name in PLAY:  # full names on the play maps, none shortened
        assert labels[name]["overlaps"] == [], (name, labels[name]["overlaps"])
        assert labels[name]["short"] == [], (name, labels[name]["short"])
    for name, most in RESULTS_AT_MOST.items():
        assert len(labels[name]["overlaps"]) <= most, (name, labels[name]["overlaps"])
