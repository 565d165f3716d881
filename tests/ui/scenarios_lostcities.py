"""Lost Cities, the test-only fourth game, through the real app (COMPANION_GAMES=lostcities):
its results screen on the shared base, a game played by touch with a refusal and an undo, and
a finished game scored. See driver.py; test_lostcities_ui.py runs it."""

from __future__ import annotations

from scenarios import fill_new_game, open_new_game
from scenarios_results import results_screens

KIND = "lost-cities-test"


def screen(d, name: str):
    return d.app.root.get_screen(name)


async def stored(d, count: int, what: str) -> None:
    await d.wait_for(lambda: len(d.app.table.actions) == count, what=what)


async def lostcities_tour(d, args):
    await results_screens(d, args)  # every game's results screen, this one's too
    await open_new_game(d, KIND)
    await fill_new_game(d, ["Ann", "Ben"], 0)
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "lostcities_play", what="its play screen")
    play = screen(d, "lostcities_play")
    await d.tap(play.card_buttons["red", 5])
    await stored(d, 1, "red 5 laid on Ann's expedition")
    await d.tap(play.card_buttons["red", 3])  # refused: Ann draws first
    await d.frames()
    refused = play.ids.panel_message.text
    await d.tap(play.ids.deck)
    await stored(d, 2, "Ann's draw from the deck")
    await d.shot("lostcities-play")
    await d.tap_id("lostcities_play", "undo")
    await stored(d, 1, "the draw taken back")
    d.record("play", {"refused": refused, "state": d.app.table.state.expeditions[0]["red"],
                      "deck": d.app.table.state.deck, "summary": play.summary})

    await d.tap_id("lostcities_play", "home")
    await open_new_game(d, KIND, "score_only")
    await fill_new_game(d, ["Ann", "Ben"], mode="score_only")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "lostcities_score_only",
                     what="its score-only screen")
    entry = screen(d, "lostcities_score_only")
    for value in (0, 4, 9, 10):  # Ann: a wager, then 4, 9, 10 in white
        await d.tap(entry.card_buttons["white", value])
        await d.frames()
    await d.tap_id("lostcities_score_only", "finish")
    await d.wait_for(lambda: d.app.root.current == "lostcities_scoring", what="its results")
    await d.frames(0.3)
    await d.shot("lostcities-results")
    results = screen(d, "lostcities_scoring")
    d.record("scored", {"totals": list(d.app.table.score().totals),
                        "winner": results.winner_text})
