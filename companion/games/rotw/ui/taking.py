"""Taking cards: the display, the draw pile and the discard pile as buttons, lit while the engine
lets them be taken (or reads them out during the action: a card taken then says the player
passed), saying why not when they are tapped."""

from __future__ import annotations

from companion.app.i18n import _
from companion.app.scanning import scanner_configured
from ..engine import Card, TakeDeck, TakeDiscard, TakeDisplay
from .actions import on_grey_tap
from .widgets import CardPicker
from .words import card_name

SLOTS = ("slot0", "slot1", "slot2")
TAKES = ("take_deck", "take_display", "take_discard")
# A reason that changes within the turn: the cards stay lit, as they are read all turn.
LATER = "take_after_action"


class Taking:
    def __init__(self, screen):
        self.screen = screen

    @property
    def ids(self):
        return self.screen.ids

    def bind_cards(self) -> None:
        """A grey pile or face-up card tapped says why it cannot be taken."""
        for wid, kind in (*((slot, "take_display") for slot in SLOTS), ("deck", "take_deck"),
                          ("discard", "take_discard")):
            button = self.ids[wid]
            on_grey_tap(button, lambda button=button, kind=kind:
                        button.text and self.screen.open_move(kind))

    def refresh(self) -> None:
        s = self.screen.table.state
        for slot, wid in enumerate(SLOTS):
            card = s.display[slot] if slot < len(s.display) else None
            key = Card(card).key if card is not None else ""
            self.ids[wid].card = key
            self._show(wid, "take_display", bool(key), card_name(key) if key else "")
        self._show("deck", "take_deck", bool(s.deck), _("Draw pile") + f"\n{s.deck}")
        top = s.discard_top
        key = Card(top).key if top is not None else ""
        self.ids.discard.card = key
        self._show("discard", "take_discard", bool(key),
                   _("Discard pile") + "\n" + (card_name(key) if key else "–"))

    def _show(self, wid: str, kind: str, has_card: bool, text: str) -> None:
        """A card is lit while the engine lets it be taken, or only asks for the action first."""
        button = self.ids[wid]
        button.text = text
        move = self.screen.moves.get(kind)
        lit = move is not None and (move.open or move.reason.code == LATER)
        button.disabled = not (has_card and lit)

    # ---- the taps ----------------------------------------------------------------------

    def display(self, slot: int) -> None:
        s = self.screen.table.state
        card = s.display[slot]
        if card is not None and self.screen.may_take("take_display"):
            self.screen.take(TakeDisplay(self.screen.seat, slot, Card(card).key))

    def deck(self) -> None:
        """The top card of the draw pile; where every card drawn is scanned, which one it was
        (tapped, or scanned: a scan with no question open takes it at once, scanned.py)."""
        if not self.screen.may_take("take_deck"):
            return
        if not self.screen.table.state.scanned_draws:
            self.screen.take(TakeDeck(self.screen.seat))
            return
        ask_drawn(self.screen, self.drawn)

    def drawn(self, key: str) -> None:
        """The card taken from the draw pile, tapped or scanned."""
        self.screen.close_dialog()
        self.screen.take(TakeDeck(self.screen.seat, key))

    def discard(self) -> None:
        s = self.screen.table.state
        if s.discard_top is not None and self.screen.may_take("take_discard"):
            self.screen.take(TakeDiscard(self.screen.seat, Card(s.discard_top).key))


def ask_drawn(screen, on_card) -> None:
    """Which card came off the draw pile, where every card drawn is scanned: tapped, or scanned
    (scanned.py answers with `on_card` too)."""
    picker = screen.open_dialog(CardPicker("take_deck", on_card))
    picker.set_buttons(picker.button(_("Cancel"), screen.close_dialog))
    table = screen.table
    allowed = {card.key for card in table.rules.reportable_cards(table.state)}
    picker.show(_("Which card did you take from the draw pile? Tap it (or scan it).")
                if scanner_configured() else
                _("Which card did you take from the draw pile? Tap it."), [], allowed)


def moves_of_last_tap(actions) -> int:
    """How many of the last stored moves one tap made: a card taken right after its taker's Pass
    is the card that said the pass (the screen stores both at once, `RotwPlayScreen.take`), so
    the two are named and taken back together; any other move stands alone."""
    if len(actions) >= 2:
        before, last = actions[-2], actions[-1]
        if last.type in TAKES and before.type == "pass" and before.seat == last.seat:
            return 2
    return 1
