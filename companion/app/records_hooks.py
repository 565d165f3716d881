"""Where the play records are reached from: the buttons the results screens, a game's History
page and the records screen add (each screen calls one function: its layout stays its own)."""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import sp

from companion.store import GameRecord
from .i18n import _, ngettext


def record_buttons(record: GameRecord, finished: bool) -> list:
    """The records screen's own buttons for this game: its export once it is finished."""
    from kivy.factory import Factory
    statistics = Factory.QuietButton(text=_("Statistics"))
    statistics.bind(on_release=lambda *_: open_stats(record.game, "game_record"))
    buttons = [statistics]
    if finished:
        export = Factory.QuietButton(text=_("Export for BG Stats"))
        export.bind(on_release=lambda *_: export_play(record.id))
        buttons.append(export)
    return buttons


def export_play(game_id: int) -> None:
    """The finished game as BG Stats' JSON and as CSV, on the USB stick when one is plugged in
    (else in the exports folder beside the database); a notice says where."""
    from .widgets import Question
    try:
        path = write_play(game_id)
        text = saved_where(path, game_id)
    except (OSError, ValueError) as error:
        text = _("The game could not be exported: {error}").format(error=error)
    Question(text, _("OK"), lambda: None, None).open(animation=False)


def saved_where(folder, game_id: int) -> str:
    """Where the export went, as a table says it: the USB stick by its name and the folder on
    it, or this device (a file-system path means nothing at a table)."""
    from companion.records.backup import usb_sticks
    files = f"play-{game_id}.bgstats.json, play-{game_id}.csv"
    stick = next((s for s in usb_sticks() if s in folder.parents), None)
    if stick is not None:
        return _("Saved for BG Stats and as a spreadsheet on the USB stick \u201c{stick}\u201d, "
                 "in its folder {folder}: {files}").format(stick=stick.name, folder=folder.name,
                                                           files=files)
    return _("Saved for BG Stats and as a spreadsheet on this device, in its exports folder "
             "(no USB stick is plugged in; plug one in and export again to take it away): "
             "{files}").format(files=files)


def write_play(game_id: int):
    """play-N.bgstats.json and play-N.csv; the folder they went to."""
    import json
    from pathlib import Path
    from companion.records import bgstats
    from .unreadable import EXPORTS
    from companion.records.backup import usb_sticks
    store = App.get_running_app().store
    sticks = usb_sticks()  # on the stick when one is plugged in: the kiosk has no other way out
    folder = sticks[0] / "companion-exports" if sticks else Path(store.path).parent / EXPORTS
    folder.mkdir(parents=True, exist_ok=True)
    play = bgstats.play_json(store, game_id)
    (folder / f"play-{game_id}.bgstats.json").write_text(
        json.dumps(play, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (folder / f"play-{game_id}.csv").write_text(bgstats.csv_text(store, [game_id]),
                                                encoding="utf-8")
    return folder


def open_live_record(back: str) -> None:
    """The results screens' "Chart & times": the live game's record, Back to the results."""
    from .records_screen import open_record
    table = App.get_running_app().table
    if table is not None:
        open_record(table.game_id, back)


def open_record(game_id: int, back: str) -> None:
    """A stored game's record (History's "Chart & times")."""
    from .records_screen import open_record as show
    show(game_id, back)


def open_stats(game: str, back: str) -> None:
    """One game's statistics (History, and a game's record)."""
    from .records_stats import open_stats as show
    show(game, back)


def stats_button(game: str):
    """History's way to a game's statistics: a button under the game's name."""
    from kivy.factory import Factory
    button = Factory.QuietButton(text=_("Statistics and head to head"), font_size=sp(15))
    button.bind(on_release=lambda *_: open_stats(game, "history"))
    return button


def show_screen(name: str, make, back: str, **facts) -> None:
    """A records screen (made the first time), told what to show and where Back goes."""
    app = App.get_running_app()
    if not app.root.has_screen(name):
        app.root.add_widget(make(name=name))
    screen = app.root.get_screen(name)
    for key, value in facts.items():
        setattr(screen, key, value)
    screen.back = back
    app.go(name)


def title_bar(screen):
    """A records screen's top: its title (returned, to be filled in) and Back."""
    from kivy.factory import Factory
    from kivy.metrics import dp
    from kivy.uix.boxlayout import BoxLayout
    top = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(8))
    title = Factory.Title(text="")
    back = Factory.QuietButton(text=_("Back"), size_hint_x=None, width=dp(140))
    back.bind(on_release=lambda *_: App.get_running_app().go(screen.back))
    top.add_widget(title)
    top.add_widget(back)
    return top, title


def backup_button():
    """Settings' "Back up to a USB stick": the database and every game as a log file."""
    from kivy.factory import Factory
    button = Factory.BigButton(text=_("Back up to a USB stick"), font_size=sp(16))
    button.bind(on_release=lambda *_: back_up())
    return button


def back_up() -> None:
    """A backup onto the plugged-in stick, off the UI thread (a slow stick must not stop the
    screen, nor the watchdog's pings, which come from the UI's own loop): a notice shows how
    far it is, then says where it went (or what to do); its OK waits for the end."""
    import threading
    from pathlib import Path
    from kivy.clock import Clock
    from .widgets import Question
    store = App.get_running_app().store
    notice = Question(_("Backing up: copying the database…"), _("OK"), lambda: None, None)
    notice.yes_button.disabled = True
    notice.open(animation=False)

    def show(text: str, over: bool = False) -> None:
        def now(_dt) -> None:
            notice.note.text = text
            notice.yes_button.disabled = not over
        Clock.schedule_once(now)

    def progress(done: int, total: int) -> None:
        show(ngettext("Backing up: {done} of {total} game written…",
                      "Backing up: {done} of {total} games written…", total).format(
                          done=done, total=total))

    def run() -> None:
        show(_backed_up(Path(store.path), progress), over=True)

    threading.Thread(target=run, name="backup", daemon=True).start()


def _backed_up(source, progress) -> str:
    """The backup (on its own thread) and what the notice says after it."""
    from companion.records.backup import to_stick
    try:
        done = to_stick(source, progress=progress)
    except Exception as error:  # a full or pulled stick, a database that cannot be read
        return _("The backup failed: {error}").format(error=error)
    if done is None:
        return _("No USB stick found: plug one in, wait a moment, then tap again.")
    return ngettext("Backed up to {folder}: the database and {count} game as a log file.",
                    "Backed up to {folder}: the database and {count} games as log files.",
                    done.games).format(folder=done.folder, count=done.games)