"""The marks on a card of a picker that is in the answer: tapped by the player (a white outline
and a white count badge) or pre-selected by the app (a gold outline and badge, as the cheapest
payment is), so a glance at the grid tells what is paid and whose choice it was."""

from __future__ import annotations

from collections import Counter

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp, sp

TAPPED_RGBA = (1, 1, 1, 1)
KEPT_RGBA = (0.98, 0.78, 0.22, 1)  # gold: the app's pre-selection, not a tap
INK = (0.08, 0.08, 0.1, 1)  # the count on either badge, and the outline's dark edge


def split_marks(collected: list[str], tapped: list[str]) -> dict[str, tuple[int, int]]:
    """Per card in the answer: (times tapped, times pre-selected). A card counts as tapped as
    often as it was tapped on the picker (or scanned into it) and is still in the answer; the
    rest of the answer is the app's pre-selection."""
    answer, taps = Counter(collected), Counter(tapped)
    return {key: (min(count, taps[key]), count - min(count, taps[key]))
            for key, count in answer.items()}


def draw_marks(button, taken: int, kept: int) -> None:
    """An outline along the card's edge (a dark rim under it, so it shows on a white card
    too) and a badge in its top-right corner with the count; nothing where neither."""
    canvas = button.canvas.after
    canvas.clear()
    count = taken + kept
    if not count:
        return
    rgba = TAPPED_RGBA if taken else KEPT_RGBA
    x, y, w, h = button.x, button.y, button.width, button.height
    # on the card's edge, in the grid's gap: the card's own colour stays around its name
    inset, radius = -dp(1), dp(8)
    badge = dp(24)
    label = CoreLabel(text=str(count), font_size=sp(15), bold=True, color=INK)
    label.refresh()
    bx, by = x + w - badge - dp(2), y + h - badge - dp(2)
    with canvas:
        Color(*INK)
        Line(rounded_rectangle=(x + inset, y + inset, w - 2 * inset, h - 2 * inset, radius),
             width=dp(3.2))
        Color(*rgba)
        Line(rounded_rectangle=(x + inset, y + inset, w - 2 * inset, h - 2 * inset, radius),
             width=dp(2))
        Color(*INK)
        Ellipse(pos=(bx - dp(1.5), by - dp(1.5)), size=(badge + dp(3), badge + dp(3)))
        Color(*rgba)
        Ellipse(pos=(bx, by), size=(badge, badge))
        Color(1, 1, 1, 1)
        tw, th = label.texture.size
        Rectangle(texture=label.texture, pos=(bx + (badge - tw) / 2, by + (badge - th) / 2),
                  size=(tw, th))
