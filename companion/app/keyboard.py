"""The on-screen keyboard: docked at the bottom, every letter of the five languages, and the
field being typed into always in sight above it.

In the kiosk (`--fullscreen`) nobody has a keyboard, so a focused text field opens Kivy's own
`VKeyboard` (Settings can ask for it off the kiosk too). A hardware keyboard still types as
well. Kivy's `softinput_mode` pans by the keyboard's whole height or works from the field's
position inside its parent, so the field may end up off the screen; this module moves the
screens up by exactly as much as the focused field needs, and back when the keyboard goes.
"""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.vkeyboard import VKeyboard

from companion.resources import kv_file

GAP = 8  # dp between the field and the keyboard


class DockedKeyboard(VKeyboard):
    """Kivy's keyboard in our layout, keys big enough for a finger (about 50 px at 800×480).

    Shift works as on a phone: one tap, then the next letter is a capital. (Kivy's own shift
    is held down while the letter is tapped: two fingers at once, which nobody expects.) The
    layout's ⇧ key is therefore Kivy's capslock, released after one letter."""

    def __init__(self, **kwargs):
        kwargs.setdefault("size", (800, 260))
        kwargs.setdefault("margin_hint", [.02, .01, .02, .01])
        kwargs.setdefault("font_size", 24)
        # the app's flat dark look: Kivy's light glossy keys darkened to the panel's colours
        kwargs.setdefault("background_color", (0.11, 0.13, 0.16, 1))
        kwargs.setdefault("key_background_color", (0.42, 0.45, 0.52, 1))
        kwargs.setdefault("layout", layout_for())
        super().__init__(**kwargs)
        self.bind(on_textinput=self._one_capital)

    def follow_language(self) -> None:
        """The layout of the language chosen now (the window keeps one keyboard)."""
        wanted = layout_for()
        if self.layout != wanted:
            self.layout = wanted

    def _one_capital(self, _keyboard, _text) -> None:
        self.have_capslock = False


QWERTZ = ("de", "hu")  # German and Hungarian keyboards swap Y and Z


def layout_for(language: str | None = None) -> str:
    """The keyboard's layout file: QWERTZ for German and Hungarian, as their keyboards are;
    QWERTY for the others (every layout has every letter of the five languages)."""
    if language is None:
        from .i18n import tr
        language = tr.language
    return kv_file("app/keyboard-qwertz.json" if language in QWERTZ else "app/keyboard.json")


def configure(config) -> None:
    """Before the window exists: our layout file, so that every keyboard made loads it."""
    config.set("kivy", "keyboard_layout", kv_file("app/keyboard.json"))


SETTING = "on_screen_keyboard"  # "1": the keyboard opens off the kiosk too


def wanted(store, kiosk: bool) -> bool:
    """In the kiosk always; elsewhere when Settings asks for it."""
    return kiosk or store.setting(SETTING, "0") == "1"


def enable(window, on: bool) -> None:
    """Turn the on-screen keyboard on or off for the fields focused from now on; a hardware
    keyboard types either way."""
    window.set_vkeyboard_class(DockedKeyboard if on else None)
    window.allow_vkeyboard = on
    window.single_vkeyboard = True
    window.docked_vkeyboard = on
    window.use_syskeyboard = True


def keep_in_sight(field, focused: bool) -> None:
    """Called when a text field gains or loses focus: lift the screens just enough for the
    field to sit above the docked keyboard, or put them back."""
    from kivy.app import App
    from kivy.clock import Clock
    root = App.get_running_app().root
    if not focused:
        root.y = 0
        return
    Clock.schedule_once(lambda _dt: _lift(root, field), 0)  # after the keyboard is docked


def next_field(field) -> None:
    """⏎ in a field goes on to the next field of the screen, top to bottom, as on a phone:
    with the keyboard docked, the fields below the one typed into lie under it and can't be
    tapped. After the last field the keyboard goes."""
    from kivy.clock import Clock
    following = _fields_after(field)
    if following is not None:  # after the field's own unfocus (text_validate_unfocus)
        Clock.schedule_once(lambda _dt: setattr(following, "focus", True), 0)


def _fields_after(field):
    from kivy.uix.screenmanager import Screen
    from kivy.uix.textinput import TextInput
    holder = field
    while holder.parent is not None and not isinstance(holder, Screen) \
            and holder.parent is not holder:
        holder = holder.parent
    fields = [w for w in holder.walk(restrict=True) if isinstance(w, TextInput)
              and not w.disabled and w.get_root_window() is not None]
    fields.sort(key=lambda w: (-round(w.to_window(w.x, w.top)[1]), w.to_window(w.x, w.y)[0]))
    after = fields[fields.index(field) + 1:] if field in fields else []
    return after[0] if after else None


def _lift(root, field) -> None:
    keyboard = _docked(field.get_root_window())
    if keyboard is None or field.get_root_window() is None:
        return
    if isinstance(keyboard, DockedKeyboard):
        keyboard.follow_language()
    top = keyboard.y + keyboard.height * keyboard.scale
    _x, bottom = field.to_window(field.x, field.y)
    bottom -= root.y  # where the field is with the screens in their place
    root.y = max(0, top + dp(GAP) - bottom)


def _docked(window):
    if window is None:
        return None
    return next((w for w in window.children if isinstance(w, VKeyboard) and w.docked), None)
