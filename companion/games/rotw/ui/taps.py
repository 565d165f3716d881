"""Railways of the World: The Card Game entered by taps: `act(d, action)` does one engine action
on the screens the way a player does it, with a finger `d` (companion.touch.Touch); and what that
turn is at the table (`physical`, `turn_kind`), for `companion bench --taps` and the UI tests.

Physical acts at the table, one each: a card taken (from the display, the draw pile or the
discard pile) or turned face up, a card played (a city card to build, a Locomotive, a card given
in payment, a card discarded), a goods cube drawn from the bag and put on a city, a cube moved
in a delivery, a build's city card laid and its link placed (2, besides the cards paid), a
discard-and-draw's card discarded and card taken (2). A card dealt at setup and named moves
nothing (it is in the hand already); nor does stopping or passing.

With a scanner at the table (`d.scanner`) every card named is put on the reader instead of
tapped (the screens' meaning of a scan: companion/games/rotw/ui/scanned.py): a city card played
(its tag tells its printed features and opens the build), each card turned face up, each card
dealt at setup, the card taken from the draw pile (the scan is the take: no tap on the pile; but
a city card taken at the action step, which scanned there would open a build: the pile tapped,
then the card scanned) and
discard-and-draw's card from the pile (the scan answers where it comes from). A pass is never
tapped where a card is taken after it: the card taken at the action step says the player passed
(`act`, where the caller says the next action). A city card
scanned before it is built carries made-up printed features (a log names only its value until
the build; the build scans the card again, so nothing is counted twice or missed). The cards
discarded and paid are still tapped.
"""

from __future__ import annotations

GAME = "rotw-card-game"


def _(text: str) -> str:
    from companion.app.i18n import _ as translate
    return translate(text)


def screen(d, name: str):
    return d.app.root.get_screen(name)


def buttons_under(widget) -> list:
    from kivy.uix.behaviors import ButtonBehavior
    return [child for child in widget.walk(restrict=True) if isinstance(child, ButtonBehavior)]


def play(d):
    return screen(d, "rotw_play")


async def tap_in_view(d, button) -> None:
    """Scroll a button into view (in a dialog's list) and tap it."""
    from kivy.uix.scrollview import ScrollView
    parent = button.parent
    while parent is not None and not isinstance(parent, ScrollView) and \
            parent.parent is not parent:  # the window is its own parent
        parent = parent.parent
    if not isinstance(parent, ScrollView):
        await d.tap(button)
        return
    parent.scroll_to(button, padding=0, animate=False)
    await d.frames(0.1)
    await settled(d, button)
    await still(d, parent)
    released = []
    button.bind(on_release=lambda *_a: released.append(True))
    for attempt in range(3):
        await d.tap(button)
        for _ in range(20):
            if released or button.get_root_window() is None:
                return
            await d.frames(0.05)
        # a loaded machine's list took the quick touch as a drag's start: the button never
        # had it, so the tap again is not counted as one more
        counted_taps_back(d)
        await settled(d, button)
        if released or button.get_root_window() is None:  # it came late after all: counted
            counted_taps_back(d, -1)
            return


async def still(d, scroll, frames: int = 40) -> None:
    """Until the list stops moving, as a finger waits: a touch on a list still in motion only
    stops it (Kivy's ScrollView takes it for a stop, not a tap), which a loaded machine's slow
    frames made the common case."""
    for _ in range(frames):
        if not any(getattr(getattr(scroll, f"effect_{axis}", None), "velocity", 0)
                   for axis in "xy"):
            return
        await d.frames(0.05)


async def settled(d, widget, frames: int = 20) -> None:
    """Until the widget stays put for a frame (a loaded machine lays a scrolled list out a
    frame or two late, and a tap at the old place lands on something else)."""
    where = widget.to_window(*widget.pos)
    for _ in range(frames):
        await d.frames(0.05)
        now = widget.to_window(*widget.pos)
        if now == where:
            return
        where = now


def dialog_button(d, text: str = "", **attrs):
    """The open dialog's enabled button with this text (or these attributes), or None."""
    dialog = play(d).dialog
    for button in buttons_under(dialog) if dialog is not None else ():
        if text and button.text != text:
            continue
        if any(getattr(button, k, None) != v for k, v in attrs.items()):
            continue
        if not button.disabled:
            return button
    return None


async def tap_dialog(d, text: str = "", **attrs) -> None:
    """Tap the open dialog's button with this text (or these attributes), once it is there
    (a loaded machine may draw the question a frame later)."""
    try:
        await d.wait_for(lambda: dialog_button(d, text, **attrs) is not None,
                         what=f"a button {text or attrs!r}")
    except AssertionError:
        dialog = play(d).dialog
        shown = [(b.text, getattr(b, "card", "")) for b in buttons_under(dialog)] \
            if dialog is not None else "no dialog is open"
        raise AssertionError(f"no button {text or attrs!r} in {shown}") from None
    await tap_in_view(d, dialog_button(d, text, **attrs))


async def tap_city(d, screen_name: str, city: str) -> None:
    network = screen(d, screen_name).ids.network
    await d.frames(0.05)
    x, y = network.city_pos(city)
    await d.tap_at(*network.to_window(x, y))


async def tap_action(d, wid: str) -> None:
    button = play(d).action_button(wid)
    assert button is not None, f"no {wid!r} button: {[getattr(b, 'wid', '') for b in play(d).ids.actions.children]}"
    await d.tap(button)


def dialog_kind(d) -> str:
    dialog = play(d).dialog
    return dialog.kind if dialog is not None else ""


async def choose_delivery(d, origin: str, destination: str, goods: str) -> None:
    """The cube tapped, then where it goes (unless it can go to one city only): the last tap
    stores the delivery."""
    stored = len(d.app.table.actions)
    await tap_city(d, "rotw_play", origin)
    if dialog_kind(d) == "colour":
        await tap_dialog(d, card=goods)
    await d.wait_for(lambda: play(d).ids.network.selected == origin
                     or len(d.app.table.actions) > stored, what="the cube chosen")
    if len(d.app.table.actions) == stored:
        await tap_city(d, "rotw_play", destination)


async def deliver_by_touch(d, origin: str, destination: str, goods: str) -> None:
    await choose_delivery(d, origin, destination, goods)


TAKES = ("take_display", "take_deck", "take_discard")


async def act(d, action) -> None:
    """One engine action, done the way a player does it on the screen. Where the caller knows
    the action after it (`d.next_action`), a pass followed by a card taken is that card taken
    (the take says the player passed; it is then already stored when its own turn comes)."""
    ps = play(d)
    kind = action.type
    s = d.app.table.state
    ahead = getattr(d, "taken_ahead", None)
    if ahead is not None and same(ahead, action):  # the card that said its player passed
        d.taken_ahead = None
        return
    then = getattr(d, "next_action", None)
    if kind == "pass" and passes_by_taking(d, action, then):
        d.next_action = None
        await act(d, then)
        d.taken_ahead = then
        return
    if kind == "turn_up":
        for card in action.cards:
            await d.wait_for(lambda: dialog_kind(d) == "turn_up", what="the turn-up question")
            await name_card(d, card)
    elif kind == "draw_goods":
        for cube in action.cubes:
            await d.wait_for(lambda: dialog_kind(d) == "goods", what="the goods question")
            await d.tap(ps.questions.goods_buttons[cube])
    elif kind == "show_card":  # strict scanning: a card dealt at setup
        await d.wait_for(lambda: dialog_kind(d) == "show_card", what="the dealt cards' question")
        await name_card(d, action.card)
    elif kind == "discard_excess":
        for card in action.cards:
            await d.wait_for(lambda: dialog_kind(d) == "hand_limit", what="the hand limit")
            await d.tap(ps.dialog.cards[card])
    elif kind == "take_display":
        await d.tap_id("rotw_play", f"slot{action.slot}")
    elif kind == "take_deck":
        await take_deck_by_touch(d, action)
    elif kind == "take_discard":
        await d.tap_id("rotw_play", "discard")
    elif kind == "stop_taking":
        await tap_action(d, "stop_taking")
    elif kind == "pass":
        await tap_action(d, "pass")
    elif kind == "build":
        await build_by_touch(d, action)
    elif kind == "play_locomotive":
        await locomotive_by_touch(d, action)
    elif kind == "deliver":
        await deliver_by_touch(d, action.origin, action.destination, action.goods)
    elif kind in ("discard_draw", "discard_restock"):
        await discard_by_touch(d, action)
    else:
        raise AssertionError(f"no way to tap {kind}")


async def take_deck_by_touch(d, action) -> None:
    """The top of the draw pile: scanned (the scan is the take), or tapped and, where every
    draw is scanned, named. A city card scanned at the action step is a build: one taken there
    (the pass) is named after a tap on the draw pile."""
    s = d.app.table.state
    building = action.card is not None and action.card.startswith("city-") and \
        play(d).passes_by_taking(action.type)
    if d.scanner and action.card is not None and not dialog_kind(d) and not building:
        await scan_card(d, action.card)  # the scan is the take
        return
    await d.tap_id("rotw_play", "deck")
    if action.card is not None and s.scanned_draws and d.scanner:
        await d.wait_for(lambda: dialog_kind(d) == "take_deck", what="the card drawn")
        await scan_card(d, action.card)
    elif action.card is not None and s.scanned_draws:
        await tap_drawn(d, action.card)


def passes_by_taking(d, action, then) -> bool:
    """The pass is the card the same player takes next (the screen lets a take say it)."""
    return (then is not None and then.type in TAKES and then.seat == action.seat
            and play(d).passes_by_taking(then.type))


async def locomotive_by_touch(d, action) -> None:
    """A Locomotive played: at once where no cube could go with it, else with the cube tapped
    next (and where it goes, where it could go to several) or alone."""
    s = d.app.table.state
    alone = d.app.table.rules.check_deliver_with_locomotive(s, action.seat) is not None
    await tap_action(d, "locomotive")
    if alone:
        return
    if action.goods is None:
        await d.wait_for(lambda: play(d).action_button("locomotive_alone") is not None,
                         what="Play it alone")
        await tap_action(d, "locomotive_alone")
        return
    await deliver_by_touch(d, action.origin, action.destination, action.goods)


async def discard_by_touch(d, action) -> None:
    """A card discarded, then a card taken (discard and draw); or the city without goods tapped
    on the network, then the card discarded to restock it."""
    from companion.games.rotw.ui.words import city_name
    ps, s = play(d), d.app.table.state
    if action.type == "discard_restock":
        await tap_city(d, "rotw_play", action.city)
        await d.wait_for(lambda: dialog_kind(d) in ("discard", "colour"),
                         what="the card to discard, or which city")
        if dialog_kind(d) == "colour":  # cities drawn close together: which one
            await tap_dialog(d, city_name(action.city, s))
    else:
        await tap_action(d, "discard_draw")
    await d.wait_for(lambda: dialog_kind(d) == "discard", what="the card to discard")
    await d.tap(ps.dialog.cards[action.card])
    if action.type == "discard_restock":
        return
    if action.slot is None and d.scanner and action.taken is not None:
        await d.wait_for(lambda: dialog_kind(d) == "draw_after", what="where the card comes from")
        await scan_card(d, action.taken)  # the card scanned: from the top of the pile
    elif action.slot is None:
        await tap_dialog(d, _("The top of the draw pile"))
        if action.taken is not None and s.scanned_draws:
            await tap_drawn(d, action.taken)
    else:
        await tap_dialog(d, card=action.taken)


async def build_by_touch(d, action) -> None:
    """A city card the app has not seen: its value, the cards that pay (the engine's cheapest
    pre-selected, if it is the one, kept with one tap; where the cards seen pay one way only,
    taken untapped, Change cards where it is not the one), where it joins only where they pay
    for several places, then its printed points but the link's colour (marked by the app;
    or, every colour marked, those it lacks) and its demand, which stores it (a value-5 city:
    Build). A card whose features are known (scanned, scanned into the hand, or the box's card
    played before tapped): where it joins (`known_build_by_touch`)."""
    from companion.games.rotw.ui.city_card import CityCard
    ps = play(d)
    printed = CityCard(action.value, action.demand, tuple(action.points))
    if d.scanner:  # the city card on the reader opens the build with its features filled in
        await d.scan(GAME, "city", printed.to_value())
    else:
        await tap_action(d, "build")
    await d.wait_for(lambda: dialog_kind(d) in ("build_city", "build_pay", "build_where",
                                                 *AFTER_PAYMENT),
                     what="the city card question")
    if known_card_asked(d) or await offered_first_by_touch(d, printed):
        await known_build_by_touch(d, action, printed)  # its features known: where it joins
        return
    asked = dialog_kind(d) == "build_city"  # else the one value the hand can pay for
    path = {"value_asked": asked, "default": False, "join": False, "confirm": False,
            "cards": 0, "printed_known": False, "marked": False, "printed": 0, "done": False,
            "unseen": True, "seen": False, "another": False, "lacking": False, "change": False}
    d.last_build = path
    stored = len(d.app.table.actions)
    if asked:
        await d.tap(ps.building.unseen.values[action.value])
    await d.wait_for(lambda: dialog_kind(d) in ("build_pay", *AFTER_PAYMENT),
                     what="the payment question, or the one after the payment taken")
    right = sorted(ps.building.paid) == sorted(action.cards)
    if dialog_kind(d) != "build_pay" and not right:  # the one payment seen is not the one
        path["change"] = True
        await to_the_payment(d)
    if dialog_kind(d) == "build_pay" and right:  # the cheapest, pre-selected: kept
        path["confirm"] = True
        await tap_dialog(d, wid="confirm_build")
    elif dialog_kind(d) == "build_pay":
        path["cards"] = len(action.cards)
        for card in action.cards:  # the last one settles the payment
            await d.tap(ps.dialog.cards[card])
    await d.wait_for(lambda: dialog_kind(d) in AFTER_PAYMENT,
                     what="where it joins, or the card's features")
    if dialog_kind(d) == "build_join":
        path["join"] = True
        await d.frames(0.5)  # the list laid out (a tap at once, on a loaded machine, is lost)
        await tap_joint(d, joint_text(d, action), then="build_card")
    if dialog_kind(d) == "build_seen" and await seen_card_by_touch(d, printed, path, stored):
        return
    form = ps.building.form
    path["marked"] = action.colour in form.points
    path["lacking"] = form.lacking
    path["printed"] = await tap_points(d, form, action) + (action.demand is not None)
    if action.demand is not None:
        await d.tap(form.demands[action.demand])
    else:  # a value-5 city has no demand: Build
        path["done"] = True
        await tap_dialog(d, wid="build_card_done")
    await d.wait_for(lambda: len(d.app.table.actions) > stored, what="the build stored")


AFTER_PAYMENT = ("build_join", "build_card", "build_seen")


def known_card_asked(d) -> bool:
    """The build's question is about a card whose features are known: where it joins, or (one
    place only) the cards that pay for it."""
    return dialog_kind(d) == "build_where" or \
        (dialog_kind(d) == "build_pay" and play(d).building.card is not None)


async def to_the_payment(d) -> None:
    """The payment question, after the value: where the one payment the cards seen allow was
    taken without a tap (the next question shows it), Change cards goes back to it."""
    await d.wait_for(lambda: dialog_kind(d) in ("build_pay", *AFTER_PAYMENT),
                     what="the payment question, or the one after the payment taken")
    if dialog_kind(d) != "build_pay":
        await tap_dialog(d, wid="build_change_cards")
        await d.wait_for(lambda: dialog_kind(d) == "build_pay", what="the payment question")


async def tap_points(d, form, action) -> int:
    """The card's connection points the form does not hold as printed, tapped: those the card
    shows but the link's colour (marked), or, every colour marked, those it lacks; the taps."""
    if form.lacking:  # every colour marked: those the card does not show tapped off
        points = [colour for colour in form.points if colour not in action.points]
        if any(action.points.count(colour) > 1 for colour in action.points):
            await tap_dialog(d, _("Clear points"))  # a colour shown twice: entered one by one
            points = list(action.points)
    else:
        points = list(action.points)
        for colour in form.points:
            points.remove(colour)
    for colour in points:
        await d.tap(form.colours[colour])
    return len(points)


async def offered_first_by_touch(d, printed) -> bool:
    """The box's cards played before, offered beside the value: the one played tapped (True:
    the build goes on as for a scanned card), else nothing tapped here."""
    unseen = play(d).building.unseen
    seen = unseen.seen.get(printed_sorted(printed)) if unseen.offered_first and \
        dialog_kind(d) == "build_city" else None
    if seen is None:
        return False
    await tap_in_view(d, seen)
    await d.wait_for(lambda: known_card_asked(d), what="where the card joins")
    d.seen_first = True
    return True


async def seen_card_by_touch(d, printed, path: dict, stored: int) -> bool:
    """The box's cards played before offered: the one played tapped (True, the build stored),
    or Another card (on to its features)."""
    seen = play(d).building.unseen.seen.get(printed_sorted(printed))
    path["seen"] = seen is not None
    if seen is not None:
        await tap_in_view(d, seen)
        await d.wait_for(lambda: len(d.app.table.actions) > stored, what="the build stored")
        return True
    path["another"] = True
    await tap_dialog(d, wid="build_another")
    await d.wait_for(lambda: dialog_kind(d) == "build_card", what="the card's features")
    return False


async def another_card(d) -> None:
    """Past the box's cards seen before, where they are offered, to the card's features."""
    await d.wait_for(lambda: dialog_kind(d) in ("build_card", "build_seen"),
                     what="the card's features, or the box's cards seen before")
    if dialog_kind(d) == "build_seen":
        await tap_dialog(d, wid="build_another")
    await d.wait_for(lambda: dialog_kind(d) == "build_card", what="the card's features")


def printed_sorted(card):
    """A city card as the box's cards seen before hold it (its points in no order)."""
    from companion.games.rotw.ui.city_card import CityCard
    return CityCard(card.value, card.demand, tuple(sorted(card.points)))


def joint_text(d, action) -> str:
    from companion.games.rotw.ui.words import city_name, rail_name
    return _("{city}, {colour} link").format(city=city_name(action.to, d.app.table.state),
                                             colour=rail_name(action.colour))


async def known_build_by_touch(d, action, printed) -> None:
    """A card whose features the app knows: where it joins, the engine's likeliest build in one
    tap where it is the move; else the place tapped, then its payment (the cheapest seen
    pre-selected: Build; else the cards, the last one storing it). A card scanned into the hand
    that is not the one played: Change the card, its features, then as before (the form's
    Build where the likeliest build is the move)."""
    ps = play(d)
    building = ps.building
    known = printed_sorted(building.card) == printed_sorted(printed)
    seen, d.seen_first = getattr(d, "seen_first", False), False
    path = {"value_asked": False, "default": False, "join": False, "confirm": False,
            "cards": 0, "printed_known": known, "marked": False, "printed": 0, "done": False,
            "unseen": False, "seen": seen, "another": False, "changed": False}
    d.last_build = path
    stored = len(d.app.table.actions)
    if not known and await features_by_touch(d, action, path):
        return
    if dialog_kind(d) == "build_where":
        likely = building.known.likely
        if likely is not None and (likely["to"], likely["colour"], sorted(likely["cards"])) \
                == (action.to, action.colour, sorted(action.cards)):
            path["default"] = True
            await settled(d, building.known.likely_row)  # laid out (a loaded machine is late)
            await tap_in_view(d, building.known.likely_row)
            await d.wait_for(lambda: len(d.app.table.actions) > stored, what="the build stored")
            return
        path["join"] = True
        await tap_place(d, building.known.rows[(action.to, action.colour)])
    if sorted(building.paid) == sorted(action.cards):  # the cheapest, pre-selected: Build
        path["confirm"] = True
        await tap_dialog(d, wid="confirm_build")
    else:
        path["cards"] = len(action.cards)
        for card in action.cards:  # the last one stores the build
            await d.tap(ps.dialog.cards[card])
    await d.wait_for(lambda: len(d.app.table.actions) > stored, what="the build stored")


async def features_by_touch(d, action, path: dict) -> bool:
    """Change the card, then the card's features on its form: True where its Build (the
    likeliest build, the move) stored it, else on to where it joins or the payment."""
    ps = play(d)
    path["changed"] = True
    await tap_dialog(d, wid="build_change_card")
    await d.wait_for(lambda: dialog_kind(d) == "build_city" and ps.building.form is not None,
                     what="the card's features")
    form = ps.building.form
    if form.points:
        await tap_dialog(d, _("Clear points"))
    if form.value != action.value:
        path["value_asked"] = True
        await d.tap(form.values[action.value])
    if action.demand is not None and form.demand != action.demand:
        await d.tap(form.demands[action.demand])
    for colour in action.points:
        await d.tap(form.colours[colour])
    path["printed"] = (action.demand is not None) + len(action.points)
    likely = ps.building.likely
    stored = len(d.app.table.actions)
    if likely is not None and (likely["to"], likely["colour"], sorted(likely["cards"])) == \
            (action.to, action.colour, sorted(action.cards)):
        path["default"] = True
        await tap_dialog(d, wid="build_next")  # Build: the likeliest build
        await d.wait_for(lambda: len(d.app.table.actions) > stored, what="the build stored")
        return True
    # Build would store the likeliest: Other place or cards instead (else Next)
    await tap_dialog(d, wid="build_next" if likely is None else "build_other")
    await d.wait_for(lambda: known_card_asked(d), what="where it joins")
    return False


async def tap_place(d, row) -> None:
    """A known card's place tapped in the list, until its payment question comes (a loaded
    machine's list may take the quick touch as a drag's start: the screen never had it, so the
    tap again is not counted)."""
    await tap_in_view(d, row)
    for _attempt in range(3):
        try:
            await d.wait_for(lambda: dialog_kind(d) == "build_pay", timeout=15,
                             what="the payment question")
            return
        except AssertionError:
            if dialog_kind(d) == "build_pay":  # it came at the last moment
                return
            if dialog_kind(d) != "build_where":
                raise
            counted_taps_back(d)
            await tap_in_view(d, row)
    raise AssertionError("the payment question never came")


async def tap_joint(d, joint: str, then: str = "build_card") -> None:
    """Where the city joins tapped in the list of joints, until the next question (`then`, or
    for a card's features the box's cards seen before) comes."""
    nexts = ("build_card", "build_seen") if then == "build_card" else (then,)
    await tap_dialog(d, joint)
    for _attempt in range(3):
        try:
            await d.wait_for(lambda: dialog_kind(d) in nexts, timeout=15,
                             what="the question after where it joins")
            return
        except AssertionError:
            if dialog_kind(d) in nexts:  # it came at the last moment
                return
            # A loaded machine lays a scrolled list out late, and the tap lands beside the
            # button (on Back, or nothing): the screen never took it, so it is not counted.
            if hasattr(d, "record"):  # the UI tests' driver notes it (the bench's finger not)
                d.record("join_tapped_again", d.report.get("join_tapped_again", 0) + 1)
            counted_taps_back(d)  # the tap that missed
            if dialog_kind(d) != "build_join":
                raise
            await tap_dialog(d, joint)
    raise AssertionError("the question after where it joins never came")


def counted_taps_back(d, taps: int = 1) -> None:
    """A tap the screen never received (taken as a drag's start) is not counted (`taps` -1: one
    taken back that came late after all, counted again)."""
    counter = getattr(d, "tap_counter", None)
    if counter is not None:
        counter["n"] -= taps
    counts = getattr(d, "counts", None)
    if counts is not None:
        counts.taps -= taps


async def name_card(d, card: str) -> None:
    """A card the open picker asks for: scanned with a scanner at the table, else tapped."""
    if d.scanner:
        await scan_card(d, card)
    else:
        await d.tap(play(d).dialog.cards[card])


async def scan_card(d, card: str) -> None:
    """A card put on the reader; a city card named by its value only carries made-up printed
    features (see the module's docstring)."""
    if card.startswith("city-"):
        from companion.games.rotw.ui.city_card import CityCard
        value = int(card[5:])
        printed = CityCard(value, None if value == 5 else "red", ("purple",))
        await d.scan(GAME, "city", printed.to_value())
    else:
        await d.scan(GAME, "card", card)


async def tap_drawn(d, card: str) -> None:
    """Which card came off the draw pile, where every card drawn is scanned."""
    await d.wait_for(lambda: dialog_kind(d) == "take_deck", what="which card came off the pile")
    await d.tap(play(d).dialog.cards[card])


def same(done, planned) -> bool:
    return _as_played(done) == _as_played(planned)


def _as_played(action) -> dict:
    """An action as the table played it: a city card's connection points are a set around a
    hexagon, in no order (the screens list the link's colour first), and so are the cards paid
    (laid down as the link; the pre-selected payment may list them in another order)."""
    data = action.to_json()
    if data.get("type") == "build":
        data["points"] = sorted(data["points"])
        data["cards"] = sorted(data["cards"])
    return data


def physical(action) -> int:
    """The acts of the players' hands this action stands for (see the module's docstring)."""
    kind = action.type
    if kind == "turn_up":
        return len(action.cards)
    if kind == "draw_goods":
        return len(action.cubes)
    if kind in ("take_display", "take_deck", "take_discard"):
        return 1
    if kind == "build":
        return 2 + len(action.cards)  # the city card laid, its link placed, the cards paid
    if kind == "play_locomotive":
        return 1 + (1 if action.goods is not None else 0)
    if kind == "deliver":
        return 1
    if kind == "discard_draw":
        return 2
    if kind == "discard_restock":
        return 1
    if kind == "discard_excess":
        return len(action.cards)
    return 0  # show_card, stop_taking, pass


TURN_KINDS = {"take_display": "take cards", "take_deck": "take cards",
              "take_discard": "take cards", "stop_taking": "take cards", "build": "build",
              "play_locomotive": "locomotive", "deliver": "deliver",
              "discard_draw": "discard and draw", "discard_restock": "discard and restock",
              "pass": "pass", "show_card": "setup", "discard_excess": "hand limit"}


def turn_kind(action) -> str | None:
    """The kind of turn an action opens or belongs to; None for the table's reports (cards
    turned up, cubes drawn), part of the turn they follow."""
    return TURN_KINDS.get(action.type)


# A card taken from the draw pile is named only where every draw is scanned: a log that names it
# anyway (the table saw it) is entered without it; the engine counts it unseen.
UNSEEN_FIELDS = {"take_deck": "card", "discard_draw": "taken"}


def same_move(done, planned) -> bool:
    """The stored move is the planned one, but for a card drawn unseen that the log names."""
    if same(done, planned):
        return True
    field = UNSEEN_FIELDS.get(planned.type)
    if field is None or getattr(done, field) is not None:
        return False
    if planned.type == "discard_draw" and planned.slot is not None:
        return False
    a, b = _as_played(done), _as_played(planned)
    a.pop(field), b.pop(field)
    return a == b
# The playout's options for a game where every card is scanned (Settings' toggle).
SCANNED_PLAYOUT = {"strict": True}
