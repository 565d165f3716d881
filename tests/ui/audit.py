"""Checks on whatever the window shows now: touch targets, text that fits, nothing overlapping,
nothing outside the window. Each check gives a list of findings (plain strings, one "kind" each);
an audit is a dict kind -> findings, written to the scenario's report and judged by the pytest
process (tests/ui/test_ui.py `judge_audits`, tests/ui/test_audit.py).

Runs inside the app's process (the driver's scenarios call it through `Driver.audit`).

The kinds:

* ``touch`` — every visible, enabled widget with ButtonBehavior (buttons, toggle buttons, card
  buttons, colour chips, arrows, cards) is at least 48 × 48 px.
* ``text`` — no visible Label's text is cut or spills out of its label (unless the label is
  `shorten=True`, which shortens with an ellipsis on purpose: see ``ellipsized``), no word is
  broken in the middle by wrapping, and no label reaches beyond the window (labels in a
  ScrollView may: they scroll). Text a widget paints itself stays inside that widget, and so do
  the map's location names.
* ``ellipsized`` — a shortened label ("…") that must never be shortened: a title (a `Title`, or
  bold text of 17 px or more: every screen's and dialog's heading), a winner line (the text of
  the screen's `winner_text`), or a label whose shortened text no longer shows a player's whole
  name (`NAMES`, set by a scenario, and the live game's players). Each finding says whether the
  cut falls in the middle of a word.
* ``shortened`` — every other label that shortens its text now: not a failure (a log line
  may end in "…"), but worth a look.
* ``overlap`` — two widgets drawn over each other. The rule, decided once:
    - only widgets of one window layer are compared: the screens, an open dialog (ModalView),
      the docked keyboard — a dialog floats over its screen by design;
    - the pieces compared are the visible widgets (opacity above 1 % all the way up, width
      and height above 0) that draw something of their own: not layouts (BoxLayout,
      GridLayout, FloatLayout, AnchorLayout, StackLayout, RelativeLayout, Screen, ModalView,
      ScrollView, ScreenManager), not bare `Widget` spacers, not Labels without text — except
      that anything with ButtonBehavior is a piece even when it is a layout (a card that is
      one big button);
    - a widget is never compared with its own ancestors or descendants (a button's picture, a
      card's texts);
    - each piece's rectangle is what can be seen of it: cut by every StencilView around it
      (a ScrollView's content outside its window is not there);
    - a FloatLayout (or RelativeLayout, Screen) holds a surface — a child that fills it, such
      as the map — with overlays floating over it on purpose (a banner, "Whole map", the
      toast): the surface's side is not compared with the overlays' side; the overlays are
      compared with each other;
    - a Message (the toast that fades after a few seconds) floats wherever it is needed: it
      (with its own Why? button) is compared only with controls (ButtonBehavior, TextInput) —
      it must never cover one;
    - text never lies over a button that can be tapped: a Message or any Label with text
      over a visible, enabled control (ButtonBehavior, TextInput) is a finding even where it
      floats over the layout that holds the control (a refusal floating over a dialog's
      buttons), unless the control is the surface the floating layout is filled with (a
      tappable map under a banner);
    - two pieces overlap when their rectangles share more than 2 px in both directions.
* ``outside`` — no visible widget reaches beyond the window (a ScrollView's content may).
* ``contrast`` — read from the screenshot: text that can hardly be told from what is behind it
  (contrast under 2:1 — a severe case; the usual guideline for large text is 3:1).
"""

from __future__ import annotations

MIN_TOUCH = 48  # px; dp(48) on the Pi's and the test display's density
SLACK = 1.0  # px of rounding allowed


def _visible(widget, alpha: float = 1.0, scroller=None):
    """(widget, the ScrollView it is in or None) for every widget drawn with some opacity."""
    from kivy.uix.scrollview import ScrollView
    alpha *= widget.opacity
    if alpha <= 0.01:
        return
    yield widget, scroller
    if isinstance(widget, ScrollView):
        scroller = widget
    for child in list(widget.children):
        yield from _visible(child, alpha, scroller)


def visible_widgets(top_only: bool = False):
    """Every visible widget; with `top_only`, only those of the topmost modal view if one is
    open (what is behind it is dimmed and covered)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    tops = list(Window.children)
    if top_only and tops and isinstance(tops[0], ModalView):
        tops = tops[:1]
    for top in tops:
        yield from _visible(top)


def _ids() -> dict[int, str]:
    """The kv id of every widget that has one (screen:id), to name the culprits."""
    from kivy.app import App
    names: dict[int, str] = {}
    app = App.get_running_app()
    for screen in app.root.screens:
        for key, proxy in screen.ids.items():
            try:
                names[id(proxy.__self__)] = f"{screen.name}:{key}"
            except ReferenceError:
                pass
    return names


def describe(widget, ids: dict[int, str]) -> str:
    name = ids.get(id(widget), "")
    text = getattr(widget, "text", "")
    text = text.replace("\n", "⏎") if isinstance(text, str) else ""
    x, y = widget.to_window(widget.x, widget.y)
    return (f"{type(widget).__name__}{'#' + name if name else ''}"
            f"{' ' + repr(text[:60]) if text else ''} at ({x:.0f},{y:.0f}) "
            f"size {widget.width:.0f}×{widget.height:.0f}")


def touch_targets() -> list[str]:
    """Visible, enabled buttons smaller than 48 × 48 px."""
    from kivy.uix.behaviors import ButtonBehavior
    ids = _ids()
    small = []
    for widget, _scrolled in visible_widgets():
        if isinstance(widget, ButtonBehavior) and not widget.disabled:
            if widget.width < MIN_TOUCH - 0.5 or widget.height < MIN_TOUCH - 0.5:
                small.append(describe(widget, ids))
        # a drawn map's own targets (the cities a finger taps), where it says which they are
        for name, width in (widget.tap_targets() if hasattr(widget, "tap_targets") else ()):
            if width < MIN_TOUCH - 0.5:
                small.append(f"{describe(widget, ids)}: {name} reached by {width:.0f} px")
    return small


# Label properties that shape the rendered text (colours and the cut-off settings left out).
_SHAPE = ("font_size", "font_name", "font_script_name", "font_direction", "bold", "italic",
          "underline", "strikethrough", "font_family", "halign", "valign", "padding",
          "outline_width", "line_height", "strip", "split_str", "markup", "font_hinting",
          "font_kerning", "font_blended", "font_context", "font_features", "base_direction",
          "unicode_errors")


def natural_size(label, unwrapped: bool = False) -> tuple[float, float]:
    """The size the label's text needs at the label's wrapping width (or on lines as long as
    it likes), with nothing cut off."""
    from kivy.uix.label import Label
    options = {}
    for key in _SHAPE:
        if hasattr(label, key):
            options[key] = getattr(label, key)
    probe = Label(text=label.text, **options)
    width = None if unwrapped else label.text_size[0]
    probe.text_size = (width, None)
    probe.texture_update()
    return tuple(probe.texture_size)


def _word_width(label, word: str) -> float:
    from kivy.core.text import Label as CoreLabel
    core = CoreLabel(font_size=label.font_size, font_name=label.font_name, bold=label.bold,
                     italic=label.italic)
    return core.get_extents(word)[0]


def text_problems() -> list[str]:
    """Visible labels whose text does not fit (see the module's description)."""
    from kivy.core.window import Window
    from kivy.uix.label import Label
    ids = _ids()
    found = []
    win_w, win_h = Window.size
    for widget, scrolled in visible_widgets():
        if not isinstance(widget, Label) or not widget.text.strip():
            continue
        if widget.width <= 0 or widget.height <= 0:
            found.append(f"text in a label with no room: {describe(widget, ids)}")
            continue
        if not widget.shorten:
            widget.texture_update()
            tex_w, tex_h = widget.texture_size
            need_w, need_h = natural_size(widget)
            wrap = widget.text_size[0]
            if max(tex_w, need_w) > widget.width + SLACK or \
                    max(tex_h, need_h) > widget.height + SLACK:
                found.append(f"text needs {max(tex_w, need_w):.0f}×{max(tex_h, need_h):.0f}: "
                             f"{describe(widget, ids)}")
            elif wrap is not None and not widget.markup:
                # Kivy breaks a word that is wider than the line; that reads as garbage.
                for word in set(widget.text.split()):
                    if _word_width(widget, word) > wrap + SLACK:
                        found.append(f"word {word!r} broken by wrapping "
                                     f"({_word_width(widget, word):.0f} > {wrap:.0f} px): "
                                     f"{describe(widget, ids)}")
                        break
        if scrolled is None:
            x0, y0 = widget.to_window(widget.x, widget.y)
            x1, y1 = x0 + widget.width, y0 + widget.height
            if x0 < -SLACK or y0 < -SLACK or x1 > win_w + SLACK or y1 > win_h + SLACK:
                found.append(f"label beyond the {win_w}×{win_h} window: {describe(widget, ids)}")
    return found


def painted_text_problems() -> list[str]:
    """Text a widget paints on its own canvas (not a Label: the map's names) that is cut off
    by the widget's edge: a textured rectangle reaching outside the widget."""
    from kivy.graphics import BorderImage, Rectangle
    from kivy.uix.label import Label
    from kivy.uix.modalview import ModalView
    ids = _ids()
    found = []
    for widget, _scrolled in visible_widgets():
        if isinstance(widget, (Label, ModalView)) or widget.canvas is None:
            continue  # a modal view's backdrop covers the window on purpose
        cache = getattr(widget, "_labels", None)  # the map keeps its name textures here
        names = {id(texture): key[0] for key, texture in cache.items()
                 if isinstance(key, tuple) and key} if isinstance(cache, dict) else {}
        outside = []
        for instruction in widget.canvas.children:
            if not isinstance(instruction, Rectangle) or isinstance(instruction, BorderImage):
                continue
            if instruction.texture is None:
                continue
            (x, y), (w, h) = instruction.pos, instruction.size
            if x < widget.x - 2 or y < widget.y - 2 or x + w > widget.right + 2 or \
                    y + h > widget.top + 2:
                outside.append(names.get(id(instruction.texture), f"{w:.0f}×{h:.0f} text"))
        if outside:
            shown = sorted(set(outside))
            found.append(f"painted text cut by the edge of {describe(widget, ids)}: "
                         + ", ".join(repr(t) for t in shown[:8]))
    return found


NAMES: list[str] = []  # players' names a scenario shows (New game, Home): never shortened
TITLE_PX = 17  # bold text this large is a heading


def _shown_text(label) -> str:
    """The text the label draws now, after any shortening (its core label's laid-out lines)."""
    core = label._label
    lines = getattr(core, "_cached_lines", None) or []
    return "\n".join("".join(word.text for word in line.words) for line in lines)


def _names() -> list[str]:
    from kivy.app import App
    names = list(NAMES)
    table = getattr(App.get_running_app(), "table", None)
    if table is not None:
        names += list(table.header.players)
    return [n for n in dict.fromkeys(names) if n.strip()]


def _role(widget, screen) -> str:
    """What a label is, where cutting it is never acceptable: 'title', 'winner line' or ''."""
    winner = getattr(screen, "winner_text", "")
    if isinstance(winner, str) and winner.strip() and widget.text.strip() == winner.strip():
        return "winner line"
    if type(widget).__name__ == "Title" or (widget.bold and widget.font_size >= TITLE_PX):
        return "title"
    return ""


def _plain(label) -> str:
    """The label's text as drawn before shortening: markup tags out, lines joined."""
    import re
    text = label.text
    if label.markup:
        text = re.sub(r"\[/?[a-z_]+(=[^\]]*)?\]", "", text)
        text = text.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")
    return text.replace("\n", " ")


def _cut_mid_word(full: str, shown: str) -> bool:
    """Kivy shortens to `start...end`: the cut falls in a word when the start stops, or the
    end begins, beside a letter of the full text."""
    at = shown.find("...")
    if at < 0:
        return False
    left, right = shown[:at], shown[at + 3:]
    if not left and not right:
        return True  # nothing left but the dots
    if left and len(left) < len(full) and not full[len(left)].isspace() and \
            not left[-1].isspace():
        return True
    before = len(full) - len(right) - 1
    return bool(right) and before >= 0 and not full[before].isspace() and \
        not right[0].isspace()


def _shortened_labels():
    """(label, the text it shows, the width it needs, the room it has) for every visible label
    that shortens its text now."""
    from kivy.uix.label import Label
    for widget, _scrolled in visible_widgets():
        if isinstance(widget, Label) and widget.shorten and widget.text.strip() and \
                widget.width > 0:
            probe_width = natural_size(widget, unwrapped=True)[0]
            room = widget.text_size[0] if widget.text_size[0] is not None else widget.width
            if probe_width > room + SLACK:
                widget.texture_update()
                yield widget, _shown_text(widget), probe_width, room


def shortened() -> list[str]:
    """Labels allowed to shorten (`shorten=True`) that do cut their text now: not a failure,
    but worth a look (a log line that ends in "…")."""
    ids = _ids()
    return [f"shortened ({need:.0f} > {room:.0f} px): {describe(widget, ids)}"
            for widget, _shown, need, room in _shortened_labels()]


def ellipsized() -> list[str]:
    """Titles, winner lines and players' names that a label shortens: failures (see above)."""
    from kivy.app import App
    screen = App.get_running_app().root.current_screen
    ids = _ids()
    names = _names()
    found = []
    for widget, shown, need, room in _shortened_labels():
        role = _role(widget, screen)
        cut = [n for n in names if n in widget.text and n not in shown]
        if cut and not role:
            role = "name " + ", ".join(repr(n) for n in cut)
        if role:
            where = " mid-word" if _cut_mid_word(_plain(widget), shown) else ""
            found.append(f"{role} ellipsized{where} as {shown!r} ({need:.0f} > {room:.0f} px): "
                         f"{describe(widget, ids)}")
    return found


# ---- overlap -----------------------------------------------------------------------------

OVERLAP = 2.0  # px two rectangles may share (rounding, a hairline border)


def _is_piece(widget) -> bool:
    """Draws something of its own (see the module's rule): compared for overlap."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.layout import Layout
    from kivy.uix.screenmanager import ScreenManager
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.widget import Widget
    if isinstance(widget, ButtonBehavior):
        return True
    if type(widget) is Widget or isinstance(widget, (Layout, ScrollView, ScreenManager)):
        return False
    if isinstance(widget, Label) and not widget.text.strip():
        return False
    return True


def _floating(widget) -> bool:
    from kivy.uix.floatlayout import FloatLayout
    from kivy.uix.relativelayout import RelativeLayout
    return isinstance(widget, (FloatLayout, RelativeLayout))


def _fills(child, parent) -> bool:
    a, b = _window_rect(child), _window_rect(parent)
    return all(abs(p - q) <= OVERLAP for p, q in zip(a, b))


def _is_control(widget) -> bool:
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.textinput import TextInput
    return isinstance(widget, (ButtonBehavior, TextInput))


def _is_text(widget) -> bool:
    """Words drawn over whatever lies under them: a Label (a Message too), not a button."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    return isinstance(widget, Label) and not isinstance(widget, ButtonBehavior)


def _text_over_control(a, b) -> bool:
    """One is text, the other a control a finger may tap now (visible and enabled)."""
    return any(_is_text(x) and _is_control(y) and not y.disabled for x, y in ((a, b), (b, a)))


def _is_surface(widget, chain) -> bool:
    """The widget fills the floating layout that holds it (a map under its overlays)."""
    return bool(chain) and _floating(chain[-1]) and _fills(widget, chain[-1])


def _pieces(top):
    """(widget, its seen rectangle, its ancestors from the top down) under one window layer."""
    from kivy.uix.stencilview import StencilView

    def walk(widget, alpha, clip, chain):
        alpha *= widget.opacity
        if alpha <= 0.01:
            return
        x0, y0, x1, y1 = _window_rect(widget)
        rect = (max(x0, clip[0]), max(y0, clip[1]), min(x1, clip[2]), min(y1, clip[3]))
        if widget.width > 0 and widget.height > 0 and rect[2] - rect[0] > 0 and \
                rect[3] - rect[1] > 0 and _is_piece(widget):
            yield widget, rect, chain
        if isinstance(widget, StencilView):
            clip = (max(x0, clip[0]), max(y0, clip[1]), min(x1, clip[2]), min(y1, clip[3]))
        for child in list(widget.children):
            yield from walk(child, alpha, clip, chain + (widget,))

    inf = float("inf")
    yield from walk(top, 1.0, (-inf, -inf, inf, inf), ())


def _floats_apart(a_chain, a, b_chain, b) -> bool:
    """Under their nearest common FloatLayout one side is the surface that layout is filled
    with, the other floats over it on purpose."""
    path_a, path_b = a_chain + (a,), b_chain + (b,)
    common = 0
    while common < min(len(path_a), len(path_b)) and path_a[common] is path_b[common]:
        common += 1
    if common == 0 or common >= min(len(path_a), len(path_b)):
        return False
    holder, side_a, side_b = path_a[common - 1], path_a[common], path_b[common]
    return _floating(holder) and (_fills(side_a, holder) or _fills(side_b, holder))


def overlaps() -> list[str]:
    """Pieces of one window layer drawn over each other (see the module's rule)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    from companion.app.widgets import Message
    ids = _ids()
    found = []
    tops = list(Window.children)
    if tops and isinstance(tops[0], ModalView):
        tops = tops[:1]  # only the topmost dialog: what is under it is covered and dimmed
    for top in tops:
        pieces = sorted(_pieces(top), key=lambda p: p[1][0])
        for i, (a, ra, ca) in enumerate(pieces):
            lineage_a = {id(w) for w in ca}
            for b, rb, cb in pieces[i + 1:]:
                if rb[0] >= ra[2] - OVERLAP:
                    break  # sorted by left edge: nothing further right can meet a
                w = min(ra[2], rb[2]) - max(ra[0], rb[0])
                h = min(ra[3], rb[3]) - max(ra[1], rb[1])
                if w <= OVERLAP or h <= OVERLAP:
                    continue
                if id(b) in lineage_a or any(x is a for x in cb):
                    continue
                # a message's own Why? button is the message's: compared as it is
                in_a = isinstance(a, Message) or any(isinstance(w, Message) for w in ca)
                in_b = isinstance(b, Message) or any(isinstance(w, Message) for w in cb)
                if (in_a and not _is_control(b)) or (in_b and not _is_control(a)):
                    continue
                if _text_over_control(a, b):
                    control, chain = (b, cb) if _is_text(a) else (a, ca)
                    if _is_surface(control, chain):
                        continue
                elif _floats_apart(ca, a, cb, b):
                    continue
                found.append(f"{describe(a, ids)} and {describe(b, ids)} share "
                             f"{w:.0f}×{h:.0f} px")
    return found


MIN_CONTRAST = 2.0


def _luminance(rgb) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _window_rect(widget):
    x0, y0 = widget.to_window(widget.x, widget.y)
    return x0, y0, x0 + widget.width, y0 + widget.height


def contrast_problems(shot) -> list[str]:
    """Enabled labels whose text colour is too close to the colour around the text in the
    screenshot (the most common colour on a ring just inside the label's edge)."""
    from collections import Counter

    from kivy.core.image import Image as CoreImage
    from kivy.uix.label import Label
    image = CoreImage.load(str(shot), keep_data=True)
    width, height = image.size
    ids = _ids()
    found = []
    for widget, scroller in visible_widgets(top_only=True):
        if not isinstance(widget, Label) or not widget.text.strip() or widget.disabled:
            continue
        x0, y0, x1, y1 = _window_rect(widget)
        if scroller is not None:  # only what the scroll view shows
            sx0, sy0, sx1, sy1 = _window_rect(scroller)
            if x0 < sx0 or y0 < sy0 or x1 > sx1 or y1 > sy1:
                continue
        x0, y0, x1, y1 = max(x0, 0) + 3, max(y0, 0) + 3, min(x1, width) - 3, min(y1, height) - 3
        if x1 - x0 < 4 or y1 - y0 < 4:
            continue
        ring = []
        for i in range(21):
            fx, fy = x0 + (x1 - x0) * i / 20, y0 + (y1 - y0) * i / 20
            ring += [(fx, y0), (fx, y1), (x0, fy), (x1, fy)]
        counts = Counter()
        for x, y in ring:
            pixel = image.read_pixel(min(int(x), width - 1), min(height - 1 - int(y), height - 1))
            counts[tuple(round(c * 32) / 32 for c in pixel[:3])] += 1
        background = counts.most_common(1)[0][0]
        r, g, b, a = widget.color
        ink = [c * a + bg * (1 - a) for c, bg in zip((r, g, b), background)]
        ratio = contrast(ink, background)
        if ratio < MIN_CONTRAST:
            found.append(f"contrast {ratio:.1f}:1 (text {tuple(round(c, 2) for c in ink)} on "
                         f"{tuple(round(c, 2) for c in background)}): {describe(widget, ids)}")
    return found


def map_name_problems() -> list[str]:
    """The map's location names fit on the map: each name, where the map placed it (its
    `footprints`, in the map's own coordinates), stays inside the map. The map paints them into
    a texture of its own size, so a name that does not fit is silently cut: only the geometry
    tells."""
    from companion.games.ttr_nyc.ui.board_view import BoardView, name_forms
    ids = _ids()
    found = []
    for widget, _scroller in visible_widgets():
        if not isinstance(widget, BoardView) or widget.board is None or widget.width < 10:
            continue
        names = {form.replace("\n", " ") for location in widget.board.locations.values()
                 for form in name_forms(location.name)}
        cut = [f.name.replace("\n", " ") for f in widget.footprints.texts()
               if f.name.replace("\n", " ") in names and
               (f.x < -2 or f.y < -2 or f.x + f.w > widget.width + 2 or
                f.y + f.h > widget.height + 2)]
        if cut:
            found.append(f"map names cut by the map's edge ({', '.join(cut)}): "
                         f"{describe(widget, ids)}")
    return found


def outside_window() -> list[str]:
    """Visible widgets reaching beyond the window (a ScrollView's content may: it scrolls).

    This is what a too-tall screen looks like on the Pi: the title and Back above the top edge,
    Start below the bottom one."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    ids = _ids()
    win_w, win_h = Window.size
    found = []
    for widget, scroller in visible_widgets(top_only=True):
        if scroller is not None or isinstance(widget, ModalView) or widget.parent is None:
            continue  # a modal view's own rectangle is the whole window
        if widget.width <= 0 or widget.height <= 0:
            continue
        x, y = widget.to_window(widget.x, widget.y)
        if x < -SLACK or y < -SLACK or x + widget.width > win_w + SLACK or \
                y + widget.height > win_h + SLACK:
            found.append(f"beyond the {win_w}×{win_h} window: {describe(widget, ids)}")
    return found


KINDS = ("touch", "outside", "text", "ellipsized", "overlap", "contrast")  # failures
NOTES = ("shortened",)  # worth a look, never a failure


def audit(shot=None) -> dict[str, list[str]]:
    return {"touch": touch_targets(),
            "outside": outside_window(),
            "text": text_problems() + painted_text_problems() + map_name_problems(),
            "ellipsized": ellipsized(),
            "overlap": overlaps(),
            "contrast": contrast_problems(shot) if shot else [],
            "shortened": shortened()}
