"""The tile completed a crossing: a taxi or a van on it, or none. Which vehicles may go there is
the engine's (`Traffiq.vehicle_spots`)."""

from __future__ import annotations

from kivy.factory import Factory

from companion.app.i18n import _
from ..engine import Vehicle
from ..engine.moves import VehicleSpot
from .dialog import TraffiqDialog


class VehicleDialog(TraffiqDialog):
    """One completed point lit on the map; another one's question a tap away."""

    def __init__(self, screen, point, spots: list[VehicleSpot]):
        super().__init__("vehicle")
        self.screen, self.point, self.spots = screen, point, spots
        self.heading = self.title("")
        self.taxi = self.button("", lambda: screen.vehicle_chosen(point, Vehicle.TAXI),
                                accent=True)
        self.van = self.button("", lambda: screen.vehicle_chosen(point, Vehicle.VAN),
                               accent=True)
        self.none = self.button("", screen.decline_vehicle)
        self.undo = self.button("", screen.undo)
        self.other = self.button("", self._other)
        more = (self.other,) if len(self.points) > 1 else ()
        for button in (self.taxi, self.van, self.none) + more:
            self.box.add_widget(button)
        self.box.add_widget(Factory.Widget())
        self.box.add_widget(self.undo)
        self.refresh_texts()

    def on_touch_down(self, touch) -> bool:
        """The map beside the question stays live for one thing: a tap on the tile just laid
        corrects it (its turn or sides) before the vehicle is chosen."""
        if not self.collide_point(*touch.pos) and self.screen.laying.tapped_at(touch.pos):
            return True
        return super().on_touch_down(touch)

    @property
    def points(self) -> list:
        """The points the tile completed, each once, as the engine lists them."""
        return list(dict.fromkeys(spot.point for spot in self.spots))

    def refresh_texts(self) -> None:
        table = self.screen.table
        s = table.state
        player = s.seats[s.current]
        self.heading.text = _("{player}: your tile completed a crossing. Put a vehicle on it?"
                              ).format(player=table.header.players[s.current])
        self.taxi.text = _("Taxi ({count} left)").format(count=player.taxis)
        self.van.text = _("Van ({count} left)").format(count=player.vans)
        self.taxi.disabled = VehicleSpot(self.point, Vehicle.TAXI) not in self.spots
        self.van.disabled = VehicleSpot(self.point, Vehicle.VAN) not in self.spots
        self.none.text = _("No vehicle")
        self.undo.text = _("Undo")
        self.other.text = _("Another crossing")

    def _other(self) -> None:
        """The tile completed several crossings: ask about the next one."""
        points = self.points
        here = points.index(self.point) if self.point in points else -1
        self.screen.ask_vehicle(points[(here + 1) % len(points)])
