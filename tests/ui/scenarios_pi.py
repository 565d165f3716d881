"""Short games for the emulated Pi (.ci/pi-arm64): one of each game, started by touch from Home,
its first and last moves tapped, the middle entered at the table (under emulation every tap
costs seconds); screenshots of the play screen and the results at 800×480.

Each checks that every tapped move was stored as planned and that the results screen shows the
engine's totals; the tour of every move by touch is the ordinary UI tests' job.
"""

from __future__ import annotations

import platform

TAPPED = 6  # moves tapped at the start of each game (and a few at its end)


async def _middle(d, log, start: int, stop: int) -> None:
    """The moves in between, straight at the table (no taps), as fast as the app takes them."""
    for action in log[start:stop]:
        d.app.table.submit(action)
    await d.frames(0.3)


def _machine(d) -> None:
    """Where it runs: the processor, and which installation of the app the driver started."""
    import companion
    d.record("machine", platform.machine())
    d.record("companion", companion.__file__)


async def pi_ttr(d, args):
    """Ticket to Ride: New York, two players: the first moves and the ticket reveal by touch."""
    import scenarios as ttr
    from companion.core.rules import Phase
    _machine(d)
    playout = ttr.make_playout(args.seed)
    log = playout.log
    await d.shot("pi-home")
    await ttr.new_game(d, ttr.PLAYERS[:2], first=playout.options["first"])
    await ttr.play_by_touch(d, log[:TAPPED])
    await d.shot("pi-ttr-play")
    reveals = [i for i, a in enumerate(log) if a.type == "reveal_tickets"]
    await _middle(d, log, TAPPED, reveals[0])
    await ttr.play_by_touch(d, log[reveals[0]:], first_number=reveals[0])
    await d.wait_for(lambda: d.app.table.status.phase is Phase.OVER, what="the end")
    await d.shot("pi-ttr-results")
    d.record("tapped", TAPPED + len(log) - reveals[0])
    d.record("totals", list(d.app.table.score().totals))
    d.record("planned_totals", list(playout.rules.score(playout.state).totals))


async def pi_rotw(d, args):
    """Railways of the World: The Card Game, two players: the first and last moves by touch."""
    import scenarios_rotw as rotw
    _machine(d)
    playout = rotw.make_playout(args.seed)
    log = playout.log
    table = None
    await rotw.start_game(d, playout)
    table = d.app.table
    for i, action in enumerate(log[:TAPPED]):
        await rotw.act(d, action)
        await d.wait_for(lambda: len(table.actions) == i + 1, what=f"move {i} stored")
        assert rotw.same(table.actions[-1], action), (table.actions[-1], action)
    await d.shot("pi-rotw-play")
    last = len(log) - 2
    await _middle(d, log, TAPPED, last)
    for i, action in enumerate(log[last:], start=last):
        await rotw.act(d, action)
        await d.wait_for(lambda: len(table.actions) == i + 1, what=f"move {i} stored")
    await d.wait_for(lambda: d.app.root.current == "rotw_scoring", what="the scoring screen")
    await d.shot("pi-rotw-results")
    d.record("tapped", TAPPED + len(log) - last)
    d.record("totals", list(table.score().totals))
    d.record("planned_totals", list(playout.rules.score(playout.state).totals))


async def pi_traffiq(d, args):
    """Manhattan TraffIQ, two players: the start tiles, the first and last moves by touch."""
    import scenarios_traffiq as traffiq
    _machine(d)
    playout = traffiq.make_playout(args.seed)
    log = playout.log
    await traffiq.start_game(d, traffiq.PLAYERS[:2], playout.options["first"])
    for action in log[:TAPPED]:
        await traffiq.play_action(d, action)
    await d.shot("pi-traffiq-play")
    last = len(log) - 2
    await _middle(d, log, TAPPED, last)
    for action in log[last:]:
        await traffiq.play_action(d, action)
    await d.wait_for(lambda: d.app.root.current == traffiq.SCORING, what="the results")
    await d.shot("pi-traffiq-results")
    d.record("tapped", TAPPED + len(log) - last)
    d.record("totals", list(d.app.table.score().totals))
    d.record("planned_totals", list(playout.rules.score(playout.state).totals))
