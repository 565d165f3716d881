"""Before competing: who would lose which vehicles (marked on the map); compete, or not, or
back. What competing removes is the engine's (`Traffiq.preview`)."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import sp
from kivy.utils import escape_markup

from companion.app.i18n import _
from ..engine import Competition, Vehicle
from .dialog import TraffiqDialog
from .words import vehicle_name


class CompeteDialog(TraffiqDialog):
    """The losses, player by player, and the three answers."""

    def __init__(self, screen, action, outcome: Competition, back):
        super().__init__("compete")
        self.screen, self.action, self.outcome = screen, action, outcome
        self.heading = self.title("")
        self.losses = Factory.Note(font_size=sp(16), markup=True)
        self.box.add_widget(self.losses)
        self.box.add_widget(Factory.Widget())
        self.yes = self.button("", lambda: screen.compete(action, True), accent=True)
        self.no = self.button("", lambda: screen.compete(action, False))
        self.back = self.button("", lambda: screen.back_from_compete(back))
        for button in (self.yes, self.no, self.back):
            self.box.add_widget(button)
        self.refresh_texts()

    def refresh_texts(self) -> None:
        players = self.screen.table.header.players
        lost: dict[int, list[int]] = {}
        for _point, standing in self.outcome.removed:
            counts = lost.setdefault(standing.seat, [0, 0])
            counts[0 if standing.vehicle is Vehicle.TAXI else 1] += 1
        lines = []
        for seat, counts in sorted(lost.items()):
            vehicles = ", ".join(f"{n} × {vehicle_name(kind)}"
                                 for n, kind in zip(counts, (Vehicle.TAXI, Vehicle.VAN)) if n)
            lines.append(_("{player} loses: {vehicles}").format(
                player=escape_markup(players[seat]), vehicles=vehicles))
        self.heading.text = _("Compete? On the streets through this crossing, weaker players "
                              "take their vehicles back:")
        self.losses.text = "\n".join(lines)
        self.yes.text = _("Compete")
        self.no.text = _("Don't compete")
        self.back.text = _("Back")
