"""No stranded games, through the real `companion` entry point at 800×480: Home lists every
unfinished game with its own Resume, a game can be abandoned (History says so), and New game
says when games are not finished."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from test_ui import judge_audits

SCREENS = ["games-home-two", "games-abandon-question", "games-home-abandoned", "games-history",
           "games-log-abandoned", "games-new-game-notice", "games-set-aside"]


@pytest.mark.ui
def test_every_unfinished_game_is_on_home_and_each_can_be_resumed_or_abandoned(run_scenario):
    run = run_scenario("unfinished_games").check()
    report = run.report
    started, home = report["started"], report["home"]
    ttr, rotw = str(started["ttr"]), str(started["rotw"])
    assert home["screen"] == "home"
    assert set(home["cards"]) == {ttr, rotw}, home
    assert home["order"] == [started["rotw"], started["ttr"]], "the latest played comes first"
    assert home["resume_id"] == started["rotw"], home
    ttr_card, rotw_card = home["cards"][ttr], home["cards"][rotw]
    assert ttr_card["heading"] == "Ticket to Ride: New York – Anna, Ben", ttr_card
    assert rotw_card["heading"].startswith("Railways of the World"), rotw_card
    assert "Cleo, Dan" in rotw_card["heading"], rotw_card
    for card in (ttr_card, rotw_card):  # the last move in words, and how long ago
        assert card["shown"] and card["details"].endswith("just now"), card
        assert len(card["details"]) > len(" · just now"), card
    assert "Railways of the World" in home["resume_text"], home

    resumed = report["resumed"]  # Resume on the first game's card: the very same game
    assert resumed == {"game_id": started["ttr"], "moves": started["ttr_moves"],
                       "screen": "ttr_nyc_play"}, resumed

    abandoned = report["abandoned"]
    assert abandoned["asked"] == ["Question"], abandoned
    assert abandoned["kept"] == "playing", "Keep it must change nothing"
    assert abandoned["status"] == "abandoned" and not abandoned["on_home"], abandoned
    assert list(abandoned["home"]["cards"]) == [ttr], abandoned

    rows = report["history"]["rows"]
    assert "Railways of the World" in rows[0] and "abandoned" in rows[0], rows
    assert "Ticket to Ride: New York" in rows[1] and "not finished" in rows[1], rows
    log = report["game_log"]
    assert log["game_id"] == started["rotw"] and log["title"].startswith("Railways"), log
    assert "Cleo, Dan – abandoned" in log["outcome"] and log["lines"] == 4, log

    notice = report["notice"]
    assert notice["text"] == "Not finished: 1" and notice["opacity"] == 1, notice
    assert notice["resumed"] == started["ttr"], notice
    after = notice["after_set_aside"]
    assert after["open"] == [] and after["notice"] == 0, after
    assert after["message"] == "Set aside: resume it from Home at any time.", after
    assert notice["started"] == started["rotw"] + 1, notice
    assert notice["still_unfinished"] == "playing", notice
    assert set(notice["home"]["cards"]) == {ttr, str(notice["started"])}, notice
    judge_audits(report, SCREENS)


@pytest.mark.ui
@pytest.mark.parametrize("language", ["en", "de", "hu"])
def test_four_unfinished_games_with_long_names_fit_at_800x480(run_scenario, language):
    run = run_scenario("four_unfinished", language=language, tag=language).check()
    report = run.report
    home = report["home"]
    assert len(home["cards"]) == 4, home
    ids = report["ids"]
    assert home["order"] == [ids[3], ids[0], ids[1], ids[2]], "the latest played first"
    details = [home["cards"][str(i)]["details"] for i in home["order"]]
    if language == "en":
        assert details[0].endswith("just now") and details[1].endswith("3 min ago"), details
        assert "yesterday at" in details[2], details
    scrolled = report["scrolled"]
    assert scrolled["last_inside"], scrolled
    assert report["resumed_last"]["screen"] != "home", report["resumed_last"]
    judge_audits(report, ["games-home-four", "games-home-four-scrolled"])


# ---- how long ago, in words --------------------------------------------------------------

NOW = datetime(2024, 5, 3, 18, 30, tzinfo=timezone.utc)


@pytest.fixture
def utc(monkeypatch):
    """Local time is UTC for these tests (and the machine's own zone again after)."""
    import time
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("before, words", [
    (timedelta(seconds=20), "just now"),
    (timedelta(minutes=5, seconds=10), "5 min ago"),
    (timedelta(minutes=59), "59 min ago"),
    (timedelta(days=3), "3 days ago"),
    (timedelta(days=30), "3 Apr 2024"),  # Babel's date (en_GB: a 24-hour clock, day first)
])
def test_how_long_ago(before, words, utc):
    from companion.app.stored import ago
    assert ago((NOW - before).isoformat(), NOW) == words


def test_today_and_yesterday_say_the_time(utc):
    from companion.app.stored import ago
    assert ago((NOW - timedelta(hours=3)).isoformat(), NOW) == "today at 15:30"
    assert ago((NOW - timedelta(hours=20)).isoformat(), NOW) == "yesterday at 22:30"
