"""A Manhattan TraffIQ question beside the map: the map stays in sight, with the cell or point the
question is about lit on it."""

from __future__ import annotations

from companion.app.dialogs import Dialog

RIGHT = {"right": 0.995, "center_y": 0.5}


class TraffiqDialog(Dialog):
    """A question on the right of the screen; each kind takes this share of it."""

    SIZES = {"tile": ((0.55, 0.98), RIGHT), "vehicle": ((0.38, 0.96), RIGHT),
             "compete": ((0.42, 0.9), RIGHT)}
