"""Two checks on whatever the window shows now: touch targets are big enough, and text fits.

Runs inside the app's process (the driver's scenarios call it); the results are plain dicts so
that they can be written to the scenario's report and asserted by the pytest process.

* touch targets: every visible, enabled widget with ButtonBehavior (buttons, toggle buttons,
  card buttons, colour chips, arrows) is at least 48 × 48 px;
* text fits: no visible Label's text is cut or spills out of its label (unless the label is
  `shorten=True`, which shortens with an ellipsis on purpose), no word is broken in the middle
  by wrapping, and no label reaches beyond the window (labels in a ScrollView may: they scroll).
  Text a widget paints itself stays inside that widget, and so do the map's location names.

A third check reads the screenshot: text that can hardly be told from what is behind it
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


def shortened() -> list[str]:
    """Labels allowed to shorten (`shorten=True`) that do cut their text now: not a failure,
    but worth a look (a name or a heading that ends in "…")."""
    from kivy.uix.label import Label
    ids = _ids()
    found = []
    for widget, _scrolled in visible_widgets():
        if isinstance(widget, Label) and widget.shorten and widget.text.strip() and \
                widget.width > 0:
            probe_width = natural_size(widget, unwrapped=True)[0]
            room = widget.text_size[0] if widget.text_size[0] is not None else widget.width
            if probe_width > room + SLACK:
                found.append(f"shortened ({probe_width:.0f} > {room:.0f} px): "
                             f"{describe(widget, ids)}")
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
    """The map's location names fit on the map: each name (in the map's label font, 10 sp
    bold, centred under its location) stays between the map's left and right edges and above
    its bottom. The map paints them into a texture of its own size, so a name that does not
    fit is silently cut: only the geometry tells."""
    from kivy.core.text import Label as CoreLabel
    from kivy.metrics import dp, sp
    from companion.games.ttr_nyc.ui.board_view import BoardView
    ids = _ids()
    found = []
    for widget, _scroller in visible_widgets():
        if not isinstance(widget, BoardView) or widget.board is None or widget.width < 10:
            continue
        x0, y0, x1, _y1 = _window_rect(widget)
        cut = []
        for location_id, location in widget.board.locations.items():
            x, y = widget.to_window(*widget.location_pos(location_id))
            w, h = CoreLabel(text=location.name, font_size=sp(10), bold=True).get_extents(
                location.name)
            bottom = y - dp(7) - sp(7) - h / 2  # at least this low: the smallest dot
            if x - w / 2 < x0 - 2 or x + w / 2 > x1 + 2 or bottom < y0 - 2:
                cut.append(location.name)
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


def audit(shot=None) -> dict[str, list[str]]:
    return {"touch": touch_targets(),
            "outside": outside_window(),
            "text": text_problems() + painted_text_problems() + map_name_problems(),
            "contrast": contrast_problems(shot) if shot else [],
            "shortened": shortened()}
