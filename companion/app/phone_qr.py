"""The play sent to a phone: the results screens' QR code of BG Stats' "create play" link.

The results screen's "To a phone" button opens the code over the whole window, as large as
the window allows in whole pixels per module (a module drawn over a fractional number of
pixels blurs, and a phone reads sharp modules from further away): at 800x480 that is 3 px a
module (about 0.6 mm on the Pi's 7" screen, some 65 mm for the whole code), a caption says
what to do, and Back returns to the results (docs/records.md).
"""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from .i18n import _
from .theme import BACKGROUND, touch

QUIET_ZONE = 4  # modules of white round the code, as the QR standard asks
ERROR_LEVEL = "l"  # a screen does not smudge: the lowest correction keeps the code smallest


def phone_code(link: str):
    """The QR code of a link (segno's; raised to a higher error correction when that costs
    no size)."""
    import segno
    return segno.make(link, error=ERROR_LEVEL, micro=False)


def module_px(modules: int, room: float) -> int:
    """Whole pixels per module for a code `modules` wide (with its quiet zone) in `room` px."""
    return max(1, int(room // modules))


def code_texture(code, scale: int):
    """The code as a texture, `scale` px a module, black on white with its quiet zone."""
    rows = [bytes(0 if dark else 255 for dark in row for _ in range(4))
            for row in code.matrix_iter(scale=scale, border=QUIET_ZONE)]
    side = len(rows)
    texture = Texture.create(size=(side, side), colorfmt="rgba")
    texture.mag_filter = texture.min_filter = "nearest"
    texture.blit_buffer(b"".join(reversed(rows)), colorfmt="rgba", bufferfmt="ubyte")
    return texture


class CodeView(Widget):
    """A QR code drawn pixel for pixel in the middle of its box, as large as fits."""

    def __init__(self, code, **kwargs):
        super().__init__(**kwargs)
        self.code = code
        self.scale = 0
        self.side = 0
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_args) -> None:
        modules = self.code.symbol_size(border=QUIET_ZONE)[0]
        self.scale = module_px(modules, min(self.width, self.height))
        texture = code_texture(self.code, self.scale)
        self.side = texture.width
        x = int(self.center_x - self.side / 2)
        y = int(self.center_y - self.side / 2)
        self.canvas.clear()
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, pos=(x, y), size=texture.size)


class PhoneCode(ModalView):
    """The code over the whole window: Back, the caption, the code."""

    def __init__(self, link: str, **kwargs):
        super().__init__(auto_dismiss=False, size_hint=(1, 1), background_color=(0, 0, 0, 0),
                         overlay_color=BACKGROUND, **kwargs)
        self.link = link
        room = BoxLayout(orientation="vertical", padding=dp(4), spacing=dp(4))
        bar = BoxLayout(size_hint_y=None, height=touch(), spacing=dp(8))
        self.caption = Label(text=_("Scan with your phone to add this play to BG Stats"),
                             font_size=sp(17), halign="left", valign="middle")
        self.caption.bind(size=lambda label, size: setattr(label, "text_size", size))
        bar.add_widget(self.caption)
        self.back = Factory.QuietButton(text=_("Back"), size_hint_x=None, width=touch(64))
        self.back.bind(on_release=lambda *_: self.dismiss(animation=False))
        bar.add_widget(self.back)
        room.add_widget(bar)
        self.view = CodeView(phone_code(link))
        room.add_widget(self.view)
        self.add_widget(room)


def open_phone_code(game_id: int) -> PhoneCode | None:
    """The finished game's BG Stats link as a QR code over the results (none: not finished)."""
    from companion.records import bgstats
    try:
        link = bgstats.play_link(App.get_running_app().store, game_id)
    except bgstats.NotFinished:
        return None
    view = PhoneCode(link)
    view.open(animation=False)
    return view
