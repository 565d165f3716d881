"""The defects a new user met at the table, each through the real app: what a player sees
after the tap that went wrong (the setup question kept, Home's line, a question's words after a
language switch, …)."""

from __future__ import annotations

from scenarios import dialog_is, new_game, screen


async def undo_at_the_start(d, args):
    """A new Ticket to Ride game, Undo in the setup question before any move: the question
    stays (nothing to undo), and its cards can still be tapped."""
    await new_game(d, ["Anna", "Ben"])
    await d.wait_for(lambda: dialog_is(d, "turn_up"), what="the setup question")
    from companion.app.i18n import _
    play = screen(d, "ttr_nyc_play")
    back = play.dialog.back
    assert back.text == _("Undo"), back.text
    await d.tap_at(*back.to_window(*back.center))  # a finger on it, greyed or not
    await d.frames(0.4)
    seen = {"greyed": back.disabled, "open": dialog_is(d, "turn_up"),
            "purpose": play.reports.purpose,
            "message": str(play.ids.panel_message.text) if "panel_message" in play.ids else ""}
    await d.shot("undo-at-start")
    if seen["open"]:
        await d.tap(play.dialog.cards["red"])
        seen["collected"] = list(play.reports.collected)
    d.record("undo_at_start", seen)


async def home_after_an_undo(d, args):
    """A Ticket to Ride game set up, a card drawn, then a claim... taken back: Home's line
    under the game names the last move that stands."""
    from scenarios import visible_texts
    from scenarios_table import start
    play, pretend = await start(d, "ttr-nyc", players=["Anna", "Ben"])
    app = d.app
    standing = play.describe(app.table.actions[-1])
    app.submit(pretend.step())
    await d.frames(0.3)
    undone = play.describe(app.table.actions[-1])
    await d.tap(play.ids.undo)
    await d.frames(0.3)
    await d.tap(play.ids.home)
    await d.wait_for(lambda: app.root.current == "home", what="Home")
    await d.frames(0.4)
    await d.shot("home-after-undo")
    d.record("home_after_undo", {"standing": standing, "undone": undone,
                                 "visible": visible_texts(screen(d, "home"))})


def _button_texts(widget) -> list[str]:
    from kivy.uix.button import Button
    return [w.text for w in widget.walk(restrict=True) if isinstance(w, Button) and w.text]


async def question_after_language_switch(d, args):
    """Each game's setup question asked in English; Home → Deutsch → Home → Resume: the
    question's words (its buttons too) are German."""
    from scenarios_table import GAMES, playout
    app = d.app
    seen = {}
    for game_id in ("ttr-nyc", "rotw-card-game"):
        app.set_language("en")
        pretend = playout(game_id, 2)
        name, colours = GAMES[game_id]
        app.start_game(game_id, ["Anna", "Ben"], colours[:2], pretend.options["first"],
                       variants={k: v for k, v in pretend.options.items() if k != "first"})
        await d.wait_for(lambda: app.root.current == name, what=f"{game_id}'s play screen")
        play = app.root.current_screen
        await d.wait_for(lambda: play.dialog is not None, what="the setup question")
        english = _button_texts(play.dialog)
        game = app.table.game_id
        app.go_home()
        await d.wait_for(lambda: app.root.current == "home", what="Home")
        app.set_language("de")
        await d.frames(0.3)
        screen(d, "home").resume(game)  # its card on Home
        await d.wait_for(lambda: app.root.current == name, what=f"{game_id} again")
        await d.wait_for(lambda: play.dialog is not None, what="the setup question again")
        await d.frames(0.3)
        await d.shot(f"{game_id}-question-de")
        seen[game_id] = {"english": english, "german": _button_texts(play.dialog)}
        app.go_home()
        await d.wait_for(lambda: app.root.current == "home", what="Home")
    d.record("language_switch", seen)


async def score_only_untimed(d, args):
    """A finished Ticket to Ride game scored by taps: no time on its results, none in its
    game's statistics (a game only being scored was not played here)."""
    from companion.records.stats import game_stats
    from scenarios import results_seen, score_only_game
    await score_only_game(d, args)
    stats = game_stats(d.app.store, "ttr-nyc")
    d.record("untimed", {"rows": results_seen(d)["rows"], "plays": stats.plays,
                         "minutes": stats.minutes, "longest_turn": stats.longest_turn,
                         "clocks": [p.total for p in d.app.table.clocks.all()]})


async def seat_words_without_a_rig(d, args):
    """New game and a Ticket to Ride game as the table sees them: with seat buttons (the drawn
    rig) each seat says what its button does and New game has a seat button per player;
    without, neither."""
    from scenarios import open_new_game
    from scenarios_table import start
    await open_new_game(d, "ttr-nyc")
    await d.frames(0.3)
    new = screen(d, "new_game")
    await d.shot("new-game-rig")
    seen = {"seat_buttons": [row.place_button.get_root_window() is not None
                             for row in new.rows],
            "visible": [t for t in __import__("scenarios").visible_texts(new)]}
    play, _pretend = await start(d, "ttr-nyc", players=["Anna", "Ben"])
    await d.frames(0.5)
    strip = play.seat_strip
    seen["hints"] = [cell.hint for cell in strip.cells()]
    seen["others"] = strip.others.text
    await d.shot("play-rig")
    d.record("rig", seen)


def _question_seen(question) -> dict:
    """A question's panel as drawn: the room above its text, the text's own height against
    the room it has, and which of its buttons is the accented default."""
    from companion.app import theme
    from kivy.uix.button import Button
    box = question.children[0]
    note = box.children[-1]
    buttons = [w for w in box.walk(restrict=True) if isinstance(w, Button)]
    return {"above": box.top - note.top, "texture": note.texture_size[1],
            "note_height": note.height, "padding": box.padding[1],
            "panel": [box.x, box.y, box.width, box.height],
            "accent": [b.text for b in buttons
                       if list(b.background_color) == list(theme.ACCENT)],
            "buttons": [b.text for b in buttons]}


async def close_and_abandon_questions(d, args):
    """Escape on Home asks before closing; Abandon under an unfinished game asks first: each
    question as tall as its words, and the safe answer the accented one."""
    from scenarios import open_dialogs
    from scenarios_table import start
    app = d.app
    app.escape()
    await d.frames(0.4)
    await d.shot("close-question")
    seen = {"close": _question_seen(app._asking)}
    app._asking.dismiss(animation=False)
    await start(d, "ttr-nyc", players=["Anna Maria Magdalena", "Benedikt Josef"])
    app.go_home()
    await d.wait_for(lambda: app.root.current == "home", what="Home")
    await d.frames(0.3)
    home = screen(d, "home")
    card = home.ids.unfinished.children[-1]
    await d.tap(card.ids.abandon)
    await d.frames(0.4)
    await d.shot("abandon-question")
    seen["abandon"] = _question_seen(open_dialogs(d)[0])
    d.record("questions", seen)


async def refusal_banners(d, args):
    """A refused claim on Ticket to Ride's map, then a tap on the red banner: it goes, and the
    tap reaches nothing under it. A score-only game's tickets Done with none tapped: the
    refusal covers no ticket, and a ticket tapped while it shows is taken."""
    from scenarios import new_game, tap_route
    from scenarios_messages import controls_under, messages_seen, shown_messages
    from scenarios_table import start
    play, _pretend = await start(d, "ttr-nyc", players=["Anna", "Ben"])
    seen = {}
    await tap_route(d, "ttr_nyc_play", "r23")  # Chelsea – Soho: 4 cards needed, refused
    await d.frames(0.4)
    banner = shown_messages()
    seen["map_refused"] = messages_seen()
    actions = len(d.app.table.actions)
    if banner:
        m = banner[0]
        await d.tap_at(*m.to_window(m.x + m.width * 0.3, m.center_y))
        await d.frames(0.4)
    seen["after_dismiss"] = {"messages": messages_seen(), "dialog": play.dialog is not None,
                             "moves": len(d.app.table.actions) - actions}
    await d.shot("map-dismissed")
    d.app.go_home()
    await d.wait_for(lambda: d.app.root.current == "home", what="Home")
    await new_game(d, ["Anna", "Ben"], mode="score_only")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_score_only", what="the score-only map")
    await d.tap_id("ttr_nyc_score_only", "to_tickets")
    scoring = screen(d, "ttr_nyc_scoring")
    await d.wait_for(lambda: d.app.root.current == "ttr_nyc_scoring", what="the tickets")
    await d.frames(0.4)
    await d.tap_id("ttr_nyc_scoring", "done")  # no ticket tapped: refused
    await d.frames(0.4)
    seen["tickets_refused"] = messages_seen()
    await d.shot("tickets-refused")
    buttons = list(reversed(scoring.ids.tickets.children))
    last = buttons[-1]
    await d.tap(last)
    await d.frames(0.3)
    seen["last_ticket_taken"] = bool(getattr(last, "state", "") == "down"
                                     or getattr(last, "chosen", False))
    seen["ticket_kind"] = type(last).__name__
    d.record("banners", seen)


def _keyboard_seen(keyboard) -> dict:
    from kivy.uix.label import Label
    layout = keyboard.available_layouts[keyboard.layout]
    return {"mode": keyboard.layout_mode,
            "row2": [key[0] for key in layout[f"{keyboard.layout_mode}_2"]][:6],
            "drawn": [w.text for w in keyboard.children if isinstance(w, Label)]}


async def on_screen_keyboard(d, args):
    """New game's name field with the on-screen keyboard, in English then German: QWERTY in
    English, QWERTZ in German; after ⇧ the keys are drawn as capitals."""
    from kivy.core.window import Window
    from companion.app import keyboard as kb
    from scenarios import open_new_game
    from scenarios_app import without_key_repeat
    kb.enable(Window, True)
    seen = {}
    for language in ("en", "de"):
        d.app.set_language(language)
        await open_new_game(d, "ttr-nyc")
        await d.wait_for(lambda: d.app.root.current == "new_game", what="New game")
        field = screen(d, "new_game").rows[0].name_input
        field.text = ""
        await d.tap(field)
        await d.wait_for(lambda: kb._docked(Window) is not None, what="the keyboard")
        await d.frames(0.4)
        keyboard = kb._docked(Window)
        without_key_repeat(keyboard)  # a tap, never a held key, however loaded the machine
        before = _keyboard_seen(keyboard)
        pos, size = keyboard.layout_geometry["LINE_4"][0]  # ⇧
        await d.tap_at(*keyboard.to_window(pos[0] + size[0] / 2, pos[1] + size[1] / 2))
        await d.frames(0.4)
        await d.shot(f"keyboard-shift-{language}")
        after = _keyboard_seen(keyboard)
        pos, size = keyboard.layout_geometry["LINE_2"][0]  # q
        await d.tap_at(*keyboard.to_window(pos[0] + size[0] / 2, pos[1] + size[1] / 2))
        await d.frames(0.3)
        seen[language] = {"before": before, "shifted": after, "typed": field.text,
                          "layout": str(keyboard.layout)}
        field.focus = False
        await d.frames(0.3)
        d.app.go_home()
        await d.wait_for(lambda: d.app.root.current == "home", what="Home")
        await d.frames(0.6)  # New game's leaving done before the app stops
    d.record("keyboard", seen)

LONG_NAME = "Maximilianaugustinusbartholomäusfriedrich"  # 40 letters, no place to break
KNOWN = ["Anna", "Benedikt", "Cleo", "Dora", "Emil", "Frida", "Gustav", LONG_NAME]


def _box(widget):
    x, y = widget.to_window(*widget.pos)
    return [x, y, x + widget.width, y + widget.height]


def _text_fits(button) -> bool:
    button.texture_update()
    return button.texture_size[0] <= button.width + 1 and button.texture_size[1] <= button.height + 1


async def new_game_layout(d, args):
    """Eight names played before (one 40 letters long), Railways' New game: every known name
    is offered (the list scrolls), each whole inside its button and clear of the game's
    choices; the list stays while seats are empty, four of them too; with four long names the
    "Who starts?" buttons each hold their name."""
    from scenarios import open_new_game
    store = d.app.store
    for i in range(0, len(KNOWN), 2):  # finished games, so their names are known
        store.new_game("rotw-card-game", KNOWN[i:i + 2], {})
    await open_new_game(d, "rotw-card-game")
    await d.wait_for(lambda: d.app.root.current == "new_game", what="New game")
    new = screen(d, "new_game")
    await d.frames(0.5)
    previous = list(reversed(new.ids.previous.children))
    variants = [w for w in new.ids.variants.walk(restrict=True) if w is not new.ids.variants]
    seen = {"offered": [b.player_name for b in previous],
            "fits": [_text_fits(b) for b in previous],
            "boxes": [_box(b) for b in previous],
            "variants_top": max((_box(w)[3] for w in variants), default=0)}
    long_button = next(b for b in previous if b.player_name == LONG_NAME)
    scroller = new.ids.previous.parent
    seen["scrolls"] = type(scroller).__name__ == "ScrollView"
    if seen["scrolls"]:
        scroller.scroll_to(long_button, padding=0, animate=False)
        await d.frames(0.3)
    seen["long_box"] = _box(long_button)
    seen["list_box"] = _box(scroller)
    await d.shot("new-game-known")
    while len(new.rows) < 4:
        await d.tap_id("new_game", "add_player")
    await d.frames(0.3)
    seen["empty_four_shown"] = not new.seats_full and new.ids.previous.get_root_window() \
        is not None and scroller.opacity > 0
    for row, name in zip(new.rows, ["Anna-Katharina Müller", LONG_NAME, "Benedikt Josef",
                                    "Cleopatra Dorothea"]):
        row.name_input.text = name
    await d.frames(0.5)
    starts = list(reversed(new.ids.starts.children))
    seen["starts_fit"] = [_text_fits(b) for b in starts]
    seen["starts_boxes"] = [_box(b) for b in starts]
    seen["full_hidden"] = new.seats_full
    await d.shot("new-game-four")
    d.record("new_game_layout", seen)


async def emoji_in_a_name(d, args):
    """"Zoë 😀" typed into New game's name field: the emoji is refused at once with a message
    saying why, the letters stay."""
    from scenarios import open_new_game
    from scenarios_messages import shown_messages
    await open_new_game(d, "ttr-nyc")
    await d.wait_for(lambda: d.app.root.current == "new_game", what="New game")
    new = screen(d, "new_game")
    field = new.rows[0].name_input
    await d.tap(field)
    field.insert_text("Zoë 😀")  # as a hardware keyboard or a paste types it
    await d.frames(0.4)
    await d.shot("emoji-refused")
    d.record("emoji", {"name": field.text, "messages": [str(m.text) for m in shown_messages()]})
    field.focus = False
    await d.frames(0.3)


async def head_to_head_of_two(d, args):
    """Two games of Ticket to Ride by the same two players, then their statistics: head to
    head names them (no buttons that could pick nobody else) and says the ties in words."""
    from kivy.uix.label import Label
    from scenarios_records import played_to_the_end
    for _n in range(2):
        await played_to_the_end(d, "ttr-nyc", players=["Anna", "Ben"])
        d.app.go_home()
    from companion.app.i18n import _
    d.app.go("history")
    await d.frames(0.5)
    history = d.app.root.current_screen
    buttons = [w for w in history.walk()
               if getattr(w, "text", "") == _("Statistics and head to head")]
    await d.tap(buttons[0])
    await d.wait_for(lambda: d.app.root.current == "game_stats", what="the statistics")
    stats = d.app.root.current_screen
    await d.frames(0.4)
    await d.shot("head-to-head")
    d.record("duel", {"buttons": [w.text for w in stats.duel.walk()
                                  if type(w).__name__ == "QuietButton"],
                      "text": " ".join(w.text for w in stats.duel.walk()
                                       if isinstance(w, Label))})


async def export_says_where(d, args):
    """A finished game exported for BG Stats from its record: the notice says where in words
    a table understands (this device, or the USB stick by name), never a file-system path."""
    from scenarios import open_dialogs
    from scenarios_records import played_to_the_end
    from companion.app import records_hooks
    from companion.app.i18n import _
    await played_to_the_end(d, "ttr-nyc", players=["Anna", "Ben"])
    records_hooks.open_live_record(d.app.root.current)
    await d.frames(0.6)
    record = d.app.root.current_screen
    export = next(w for w in record.walk(restrict=True)
                  if getattr(w, "text", "") == _("Export for BG Stats"))
    await d.tap(export)
    await d.frames(0.4)
    await d.shot("exported")
    notice = open_dialogs(d)[-1]
    d.record("export", {"text": str(notice.note.text), "db": str(d.app.store.path)})


def _luminance(rgb) -> float:
    def channel(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


async def greyed_card_labels(d, args):
    """Ticket to Ride after a first card from the deck: the face-up Taxi (not a second card)
    is greyed; its label, as drawn over its dimmed colour, reads at 4.5:1 or better, as does
    every greyed card's."""
    from kivy.core.image import Image as CoreImage
    from scenarios_table import start
    play, _pretend = await start(d, "ttr-nyc", players=["Anna", "Ben"])
    await d.tap(play.ids.deck)
    await d.frames(0.5)
    picture = await d.shot("greyed-cards")
    image = CoreImage(str(picture), keep_data=True)
    seen = []
    for slot in range(5):
        card = play.ids[f"slot{slot}"]
        if not (card.closed or card.disabled) or not card.text:
            continue
        x, y = card.to_window(card.x + 4, card.y + 4)  # a corner: the card's own colour
        height = image.height
        bg = image.read_pixel(int(x), int(height - 1 - y))
        ink = list(card.color)
        drawn = [ink[i] * ink[3] + bg[i] * (1 - ink[3]) for i in range(3)]
        seen.append({"card": card.card, "ratio": round(contrast(drawn, bg), 2),
                     "bg": [round(c, 3) for c in bg[:3]], "ink": ink})
    d.record("greyed", seen)


async def taxi_flush_question(d, args):
    """Ticket to Ride played until three Taxis lie face up: the question to turn up 5 new cards
    says why (the three Taxis sent the display to the discard pile)."""
    from companion.core.rules import Phase
    from scenarios_table import GAMES, playout
    app = d.app
    pretend = playout("ttr-nyc", 2, seed=1)
    app.start_game("ttr-nyc", ["Anna", "Ben"], GAMES["ttr-nyc"][1][:2], pretend.options["first"],
                   variants={k: v for k, v in pretend.options.items() if k != "first"})
    await d.wait_for(lambda: app.root.current == "ttr_nyc_play", what="the play screen")
    table = app.table
    for _n in range(400):
        s = table.state
        if s.phase is not Phase.SETUP and s.flushes > 0 and len(s.pending) == len(s.display):
            break
        app.submit(pretend.step())
    else:
        raise AssertionError("no flush in 400 moves")
    await d.frames(0.5)
    play = screen(d, "ttr_nyc_play")
    await d.shot("taxi-flush")
    d.record("flush", {"heading": str(play.dialog.heading.text) if play.dialog else ""})


async def table_rules_quote_in_english(d, args):
    """Railways' New game → Table rules on the English screen: the Hungarian rulebook's
    sentence says it is Hungarian, and its meaning says it is the English."""
    from scenarios import open_new_game
    from scenarios_rules import texts, views
    await open_new_game(d, "rotw-card-game", "play")
    new = screen(d, "new_game")
    await d.frames(0.3)
    await d.tap(new.table_rules)
    await d.frames(0.4)
    view = views("TableRulesView")[0]
    await d.shot("table-rules-en")
    d.record("table_rules", texts(view))


async def traffiq_start_buttons(d, args):
    """TraffIQ's start tiles after New game's Start: the two ways on say what they do (start
    the game with the tiles as shown; put the app's tiles back)."""
    from scenarios import fill_new_game, open_new_game
    await open_new_game(d, "manhattan-traffiq", "play")
    await fill_new_game(d, ["Anna", "Ben"], 0)
    await d.tap_id("new_game", "start")
    await d.wait_for(lambda: d.app.root.current == "traffiq_start", what="the start tiles")
    await d.frames(0.4)
    start = screen(d, "traffiq_start")
    await d.shot("traffiq-start")
    d.record("start_buttons", {"confirm": start.ids.confirm.text,
                               "printed": start.ids.printed.text})
