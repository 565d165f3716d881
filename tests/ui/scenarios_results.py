"""The results screens (see driver.py): every registered game's is built on the shared base."""

from __future__ import annotations


async def results_screens(d, args):
    """Each registered game's results screen, as the app builds it: its class, and whether it
    is a ResultsScreen with the shared column in it."""
    from companion.app.games import game_kinds, game_ui
    from companion.app.results_screen import ResultsScreen
    found = {}
    for game_kind in game_kinds():
        game = game_ui(game_kind)
        d.app.ensure_game(game_kind)
        screen = d.app.root.get_screen(game.scoring)
        found[game_kind] = {"class": type(screen).__name__,
                          "base": isinstance(screen, ResultsScreen),
                          "column": sorted(set(screen.ids) & {
                              "winner", "reason", "results", "chart", "undo", "history",
                              "chart_times", "home", "message"}),
                          "beside_in_slot": screen.ids["beside"].parent is
                          screen.ids["results_box"].__self__}
    d.record("results_screens", found)


async def phone_code(d, args):
    """A finished 4-player Ticket to Ride game's results, then its "To a phone": the QR code
    over the results, screenshotted, and where it was drawn (window pixels, from the top)."""
    from kivy.core.window import Window
    from companion.app.games import game_ui
    from companion.app.phone_qr import PhoneCode
    from scenarios_maps import TTR, played, store_game
    stored = store_game(d.app.store, TTR, played(TTR, 3))
    d.app.resume(stored)
    await d.wait_for(lambda: d.app.root.current == game_ui(TTR).scoring, what="the results")
    await d.frames(0.5)
    await d.audit("results-with-phone-button")
    await d.tap(d.app.root.current_screen.ids.phone)
    await d.wait_for(lambda: any(isinstance(w, PhoneCode) for w in Window.children),
                     what="the QR code over the results")
    view = next(w for w in Window.children if isinstance(w, PhoneCode))
    await d.frames(0.4)
    await d.audit("phone-code")
    code = view.view
    left = int(code.center_x - code.side / 2)
    top = Window.height - int(code.center_y - code.side / 2) - code.side
    d.record("phone", {"game": stored, "module_px": code.scale, "side": code.side,
                       "left": left, "top": top, "window": list(Window.size),
                       "caption": view.caption.text, "version": code.code.version})
    await d.tap(view.back)
    await d.wait_for(lambda: not any(isinstance(w, PhoneCode) for w in Window.children),
                     what="Back to the results")
    d.record("back", d.app.root.current)
