"""Rules help on the screen: an illegal move in each game, its "Why?"
and the rule card; the rules screen from the play screen; a game started with a non-default
table option in New game, honoured by the engine and shown on the rules screen."""

from __future__ import annotations

from scenarios import fill_new_game, open_new_game, screen, tap_route
from scenarios_table import inside, start


def views(kind: str) -> list:
    from kivy.core.window import Window
    return [w for w in Window.children if type(w).__name__ == kind]


def texts(widget) -> list[str]:
    return [w.text for w in widget.walk(restrict=True) if getattr(w, "text", "")]


def button(widget, text: str):
    """The button saying `text` (an English msgid: in the language the app speaks)."""
    from kivy.uix.button import Button
    from companion.app.i18n import _
    text = _(text)
    found = [w for w in widget.walk(restrict=True) if isinstance(w, Button) and w.text == text]
    assert found, f"no button {text!r} in {texts(widget)}"
    return found[0]


def message_seen(message) -> dict:
    from companion.app.message_place import covered
    why = getattr(message, "_why", None)
    shown = why is not None and why.button.parent is not None  # ids are weak proxies
    seen = {"text": str(message.text), "code": getattr(message.text, "code", None),
            "why": shown, "covered": [w.text for w in covered(message)],
            "opacity": message.opacity}
    if shown:
        b = why.button
        seen.update(why_size=[b.width, b.height], why_inside=_within(b, message))
    return seen


def _box(widget):
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def _within(inner, outer) -> bool:
    ix, iy, ix2, iy2 = _box(inner)
    ox, oy, ox2, oy2 = _box(outer)
    return ix >= ox - 1 and iy >= oy - 1 and ix2 <= ox2 + 1 and iy2 <= oy2 + 1


async def open_why(d, message, name: str) -> tuple[dict, object]:
    """The refusal as shown, then its Why? tapped: what was seen, and the rule card's view."""
    seen = {"message": message_seen(message), "audit": await d.audit(f"{name}-refused")}
    await d.tap(message._why.button)
    await d.frames(0.3)
    card = views("RuleCardView")
    seen["card"] = texts(card[0]) if card else []
    seen["card_audit"] = await d.audit(f"{name}-why")
    return seen, card[0]


async def why_and_rules(d, message, name: str) -> dict:
    """The refusal's Why? opens its rule card; All rules opens the rules screen; back again."""
    seen, card = await open_why(d, message, name)
    await d.tap(button(card, "All rules"))
    seen["rules"], seen["rules_audit"] = await rules_seen_and_left(d, f"{name}-rules")
    seen["closed"] = not views("RulesView") and not views("RuleCardView")
    return seen


async def rules_seen_and_left(d, name: str) -> tuple[list[str], dict]:
    """The rules screen just opened: its words and its audit; then Back."""
    await d.frames(0.3)
    rules = views("RulesView")
    seen = texts(rules[0]) if rules else []
    audit = await d.audit(name)
    await d.tap(button(rules[0], "Back"))
    await d.frames(0.2)
    return seen, audit


async def rules_screen_from_play(d, play, name: str) -> dict:
    """The play screen's Rules button opens the rules screen; Back returns to play."""
    rules_button = button(play.ids.seat_slot, "Rules")
    seen = {"button": [rules_button.width, rules_button.height],
            "inside": inside(rules_button, play)}
    await d.tap(rules_button)
    seen["rules"], seen["audit"] = await rules_seen_and_left(d, f"{name}-rules-screen")
    seen["back_to"] = d.app.root.current
    return seen


async def rules_help_each_game(d, args):
    """An illegal move in each game by touch: the refusal has its Why?, which opens the rule."""
    found = {}
    play, _pretend = await start(d, "ttr-nyc", players=["Anna", "Ben"])
    await d.tap(play.ids.deck)  # a first card drawn blind: a claim now is a second action
    await d.frames(0.2)
    await tap_route(d, "ttr_nyc_play", "r08")
    await d.frames(0.3)
    found["ttr-nyc"] = await why_and_rules(d, play.ids.map_message, "ttr")
    found["ttr-nyc"]["screen"] = await rules_screen_from_play(d, play, "ttr")
    d.app.go_home()
    await d.frames(0.3)

    play, _pretend = await start(d, "rotw-card-game", players=["Anna", "Ben"])
    deliver = play.action_button("deliver")  # greyed: no Locomotive in front of Anna yet
    await d.tap_at(*deliver.to_window(*deliver.center))  # a finger on it anyway
    await d.frames(0.3)
    found["rotw-card-game"] = await why_and_rules(d, play.ids.panel_message, "rotw")
    d.app.go_home()
    await d.frames(0.3)

    play, _pretend = await start(d, "manhattan-traffiq", players=["Anna", "Ben"])
    await d.tap(play.ids.taxi)  # no taxi on the map yet
    await d.frames(0.3)
    found["manhattan-traffiq"] = await why_and_rules(d, play.ids.map_message, "traffiq")
    d.record("games", found)


async def rules_table_option(d, args):
    """Railways started from New game with "No: only as the first card": the header carries it,
    the rules screen shows it, and a face-up Locomotive tapped as the second card is refused
    with a Why? whose card says the table's setting."""
    from companion.games.rotw.engine import Pass, TakeDeck, TurnUp
    await start(d, "ttr-nyc", players=["Cleo", "Dora"])  # names New game offers as played before
    d.app.go_home()
    await d.frames(0.3)
    await open_new_game(d, "rotw-card-game", "play")
    new = screen(d, "new_game")
    table_rules = new.table_rules  # in the title row, before Back
    seen_button = {"text": table_rules.text, "size": [table_rules.width, table_rules.height],
                   "inside": inside(table_rules, new)}
    seen = {"new_game_audit": await d.audit("rules-new-game"), "button": seen_button}
    await d.tap(table_rules)
    await d.frames(0.3)
    view = views("TableRulesView")[0]
    seen["table_rules"] = texts(view)
    seen["table_rules_audit"] = await d.audit("rules-table-rules")
    await d.tap(button(view, "No: only as the first card"))
    await d.tap(button(view, "Done"))
    await d.frames(0.2)
    seen["button_after"] = table_rules.text
    await fill_new_game(d, ["Anna", "Ben"], 0)
    seen["new_game_after_audit"] = await d.audit("rules-new-game-chosen")
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "rotw_play", what="the play screen")
    table = d.app.table
    seen["header"] = dict(table.header.options)
    stored = d.app.store.game(table.game_id)
    seen["stored"] = dict(stored.options)
    d.app.submit(TurnUp(("loco", "orange-2", "white-1")))  # the table turns these up
    d.app.submit(Pass(0))
    d.app.submit(TakeDeck(0))
    await d.frames(0.4)
    play = d.app.root.current_screen
    await d.tap(play.ids.slot0)  # the face-up Locomotive, as the second card
    await d.frames(0.3)
    seen["taken_after"] = table.state.taken
    seen["refusal"] = await why_and_rules(d, play.ids.panel_message, "rules-option")
    seen["screen"] = await rules_screen_from_play(d, play, "rules-option")
    d.record("option", seen)


async def rules_new_game_table_rules(d, args):
    """New game's Table rules in the language the app speaks: every option changed, the view
    and New game (its title row holding the button) audited."""
    await open_new_game(d, "rotw-card-game", "play")
    new = screen(d, "new_game")
    await d.tap(new.table_rules)
    await d.frames(0.3)
    view = views("TableRulesView")[0]
    scroll = next(w for w in view.walk(restrict=True) if type(w).__name__ == "ScrollView")
    for toggles in [w for w in view.walk(restrict=True) if type(w).__name__ == "GridLayout"]:
        scroll.scroll_to(toggles, animate=False)  # the last question is below the fold
        await d.frames(0.2)
        await d.tap(list(reversed(toggles.children))[1])  # the reading that is not the default
    seen = {"view_audit": await d.audit("rules-table-rules-all")}
    await d.tap(button(view, "Done"))
    await d.frames(0.2)
    seen["text"] = new.table_rules.text
    seen["new_game_audit"] = await d.audit("rules-new-game-all")
    d.record("new_game", seen)


async def card_alone(d, message, name: str) -> dict:
    """A refusal said outside its live game: its Why? opens the card alone (no table setting,
    no All rules); Close returns."""
    seen, card = await open_why(d, message, name)
    await d.tap(button(card, "Close"))
    await d.frames(0.2)
    seen["closed"] = not views("RuleCardView")
    return seen


async def rules_why_outside_play(d, args):
    """Refusals not made by a move of the live game have their Why? too: a start layout that
    does not fit (TraffIQ's start tiles on a fresh start: no game is live), then a seat button
    pressed out of turn during play."""
    import scenarios_traffiq as tq
    from scenarios import press_seat
    from companion.games.traffiq.engine import Edge
    from companion.games.traffiq.ui.tile_chooser import EDGE_ORDER
    found = {"live_before": d.app.table is not None}
    await tq.open_start_tiles(d, 0)
    await tq.tap_start_tile(d, (1, 1))
    dialog = screen(d, tq.START).dialog
    await d.tap(dialog.chooser.chips[0][EDGE_ORDER.index(Edge.PARK)])  # its north: (1, 0)'s south
    await tq.tap_button(d, dialog, tq._("Done"))
    await d.tap_id(tq.START, "confirm")
    await d.frames(0.3)
    start = screen(d, tq.START)
    found["start_tiles"] = await card_alone(d, start.ids.message, "rules-start-tiles")
    await d.tap_id(tq.START, "printed")  # the app's layout back: the game starts
    await d.tap_id(tq.START, "confirm")
    await d.wait_for(lambda: d.app.root.current == tq.PLAY, what="the play screen")
    play = tq.play_screen(d)
    await press_seat(d, 1)  # Ben's button during Anna's turn

    def turn_said():
        return next((w for w in play.walk(restrict=True) if type(w).__name__ == "Message"
                     and getattr(w.text, "code", None) == "not_your_turn"), None)

    await d.wait_for(turn_said, what="whose turn it is")
    found["seat"] = await why_and_rules(d, turn_said(), "rules-seat")
    d.record("outside", found)
