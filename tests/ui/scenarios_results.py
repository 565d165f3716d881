"""The results screens (see driver.py): every registered game's is built on the shared base."""

from __future__ import annotations


async def results_screens(d, args):
    """Each registered game's results screen, as the app builds it: its class, and whether it
    is a ResultsScreen with the shared column in it."""
    from companion.app.games import game_ids, game_ui
    from companion.app.results_screen import ResultsScreen
    found = {}
    for game_id in game_ids():
        game = game_ui(game_id)
        d.app.ensure_game(game_id)
        screen = d.app.root.get_screen(game.scoring)
        found[game_id] = {"class": type(screen).__name__,
                          "base": isinstance(screen, ResultsScreen),
                          "column": sorted(set(screen.ids) & {
                              "winner", "reason", "results", "chart", "undo", "history",
                              "chart_times", "home", "message"}),
                          "beside_in_slot": screen.ids["beside"].parent is
                          screen.ids["results_box"].__self__}
    d.record("results_screens", found)
