"""The maps in play at the final round (brief H3): the final round's banner over Ticket to
Ride's map and Railways' network covers none of it (the map fits below the banner, as TraffIQ's
does), and no label on the play maps is covered. Each game is a seeded playout stored up to
the first move of its final round, then resumed as Home's Resume does."""

from __future__ import annotations

from companion.games import rules_for

from scenarios_maps import PLAYERS, ROTW, ROTW_SEED, TRAFFIQ, TRAFFIQ_SEED, TTR, map_of, \
    played, seen, store_game


def up_to_final_round(game_id: str, seed: int) -> tuple[list, dict]:
    """The playout's moves up to the first position in its final round."""
    log, options = played(game_id, seed)
    rules = rules_for(game_id)
    state = rules.new_state(list(PLAYERS), options)
    for done, action in enumerate(log, start=1):
        state = rules.apply(state, action)
        if rules.status(state).final_round:
            return log[:done], options
    raise AssertionError(f"{game_id} seed {seed} never reaches a final round")


def banner_of(screen):
    """The screen's final round banner (the label showing its final_text)."""
    return next(w for w in screen.walk() if w is not screen and
                getattr(w, "text", None) == screen.final_text and w.text)


def under_banner(view, banner, own_coordinates: bool) -> list[str]:
    """What the map drew under the banner (TTR's footprints are from the map's corner)."""
    bottom = banner.y - (view.y if own_coordinates else 0)
    return [f"{f.kind} {f.name!r}" for f in view.footprints.drawn if f.y + f.h > bottom + 1]


def redraw_ms(view, game_id: str, times: int = 10) -> float:
    """A move's redraw of the map (labels placed again), median of `times`, in ms."""
    import time
    taken = []
    for _n in range(times):
        if game_id == TTR:
            view._texture = None
        elif game_id == ROTW:
            view._drawn = ()
        else:
            view._redraw_static()
            continue
        began = time.perf_counter()
        view.redraw()
        taken.append((time.perf_counter() - began) * 1000)
    if not taken:
        began = time.perf_counter()
        for _n in range(times):
            view._redraw_static()
        return round((time.perf_counter() - began) * 1000 / times, 2)
    return round(sorted(taken)[len(taken) // 2], 2)


async def maps_final_round(d, args):
    from companion.app.games import game_ui
    store = d.app.store
    for name, game_id, seed in (("ttr", TTR, 3), ("rotw", ROTW, ROTW_SEED),
                                ("traffiq", TRAFFIQ, TRAFFIQ_SEED)):
        stored = store_game(store, game_id, up_to_final_round(game_id, seed))
        d.app.resume(stored)
        await d.wait_for(lambda: d.app.root.current == game_ui(game_id).play, what=name)
        await d.frames(0.8)
        screen, view = d.app.root.current_screen, map_of(d, game_id)
        banner = banner_of(screen)
        found = seen(view)
        found.update(final_round=bool(screen.final_round), banner_shown=banner.opacity == 1,
                     map_top=view.top, banner_bottom=banner.y,
                     under_banner=under_banner(view, banner, game_id == TTR),
                     redraw_ms=redraw_ms(view, game_id))
        d.record(f"final-{name}", found)
        await d.shot(f"maps-final-{name}")
        d.app.go_home()
        await d.frames(0.3)
