"""A turn's course: whose move it is and at which step, and how the turn moves on after a move."""

from __future__ import annotations

from companion.core.rules import Phase, RuleViolation, next_seat
from .box import LOCO, Box, Card
from .refusals import check_seat
from .state import EndReason, RotwState, Step

PLAYING = (Phase.PLAY, Phase.FINAL_ROUND)


def check_turn(s: RotwState, seat: int, step: Step) -> int:
    """The seat is to move, at this step, with nothing waiting for the table."""
    if (seat == s.current and s.step is step and s.phase in PLAYING
            and not s.pending_slots and s.pending_goods is None):
        return seat  # the usual case, checked first
    check_seat(s, seat)
    if s.pending_slots:
        raise RuleViolation("turn_up_first", "First say which cards were turned face up.")
    if s.pending_goods is not None:
        raise RuleViolation("goods_first", "First say which cubes were drawn from the bag.")
    if s.phase is Phase.SETUP:  # the display is turned up: only dealt cards are left unnamed
        raise RuleViolation("show_cards_first", "Every card is scanned in this game: first "
                            "name the cards dealt to each player at setup.")
    if s.phase not in PLAYING:
        raise RuleViolation("not_playing", "That move is made during play; the game is in "
                            "{phase}.", phase=s.phase.value)
    if seat != s.current:
        raise RuleViolation("not_your_turn", "It is {player}'s turn, not {other}'s.",
                            player=s.players[s.current], other=s.players[seat])
    if step is Step.TAKE and s.step is Step.ACTION:
        raise RuleViolation("take_after_action", "First choose your action; cards are taken "
                            "after it.")
    raise RuleViolation("wrong_step", "That move does not fit now: {player} is at the step "
                        "'{step}'.", player=s.players[seat], step=s.step.value)


def final_deliveries(s: RotwState) -> bool:
    """After the last round: one delivery (or none) each."""
    return s.step is Step.FINAL_DELIVERY and s.phase is Phase.FINAL_ROUND


def delivery_step(s: RotwState) -> Step:
    """The step a delivery or a pass belongs to now."""
    return Step.FINAL_DELIVERY if final_deliveries(s) else Step.ACTION


def check_not_family(s: RotwState) -> None:
    if s.family:
        raise RuleViolation("family_no_goods", "The family game has no goods: no deliveries, "
                            "no Locomotive upgrades, no restocking.")


def can_take(s: RotwState) -> bool:
    """Some card can be taken: the draw pile, the display or the discard pile has one (as
    the second card, where the table takes a face-up Locomotive only first, not one)."""
    def takeable(card) -> bool:
        return card is not None and (first or Card(card) is not LOCO)
    first = s.taken == 0 or s.table.locomotive_second
    return (s.deck > 0 or bool(s.discard) and takeable(s.discard[-1])
            or any(takeable(c) for c in s.display))


def unseen_seat(s: RotwState) -> int | None:
    """Where the dealt cards are scanned (`scanned_setup`), the first seat from the start player
    on still holding a dealt card nobody named (None: none, or the option is off)."""
    if not s.scanned_setup:
        return None
    count = len(s.players)
    return next((seat for seat in ((s.first + i) % count for i in range(count))
                 if s.seats[seat].hand.unknown), None)


def end_setup(s: RotwState) -> None:
    """Play begins once the display is turned up and, where the dealt cards are scanned, every
    one of them is named; until then the seat asked for its cards is the one to move."""
    if s.phase is not Phase.SETUP or s.pending_slots:
        return
    seat = unseen_seat(s)
    if seat is not None:
        s.current = seat
        return
    s.phase = Phase.PLAY
    s.current = s.first


# ---- the turn moves on --------------------------------------------------------------------

def trigger(s: RotwState, reason: EndReason) -> None:
    if s.triggered is None:
        s.triggered = reason
        s.phase = Phase.FINAL_ROUND


def off_the_deck(s: RotwState, count: int) -> None:
    s.deck -= count
    if s.deck == 0:
        trigger(s, EndReason.DECK_EMPTY)


def check_scanned(s: RotwState, card: str | None) -> None:
    """Where every card drawn is scanned, a card from the draw pile is named (taken after the
    action, or after a discard: action D)."""
    if s.scanned_draws and card is None:
        raise RuleViolation("scan_the_card", "Every card drawn is scanned in this game: scan "
                            "the card from the draw pile.")


def empty_slot(s: RotwState, slot: int) -> None:
    """A card taken from the display is replaced at once, while the draw pile lasts."""
    s.display[slot] = None
    if s.deck:
        s.pending_slots = (slot,)


def after_action(box: Box, s: RotwState) -> None:
    s.step = Step.TAKE
    s.taken = 0
    settle(box, s)


def settle(box: Box, s: RotwState) -> None:
    """When the table has reported: end a take step that has no card left to take."""
    if s.pending_slots or s.pending_goods is not None:
        return
    if s.step is Step.TAKE and s.phase in PLAYING and not can_take(s):
        end_taking(box, s)


def card_taken(box: Box, s: RotwState, ends_taking: bool) -> None:
    s.taken += 1
    if ends_taking or s.taken == box.cards_per_turn:
        end_taking(box, s)
    else:
        settle(box, s)


def end_taking(box: Box, s: RotwState) -> None:
    s.taken = 0
    if s.seats[s.current].hand.size > box.hand_limit:
        s.step = Step.HAND_LIMIT
        return
    end_turn(s)


def end_turn(s: RotwState) -> None:
    if s.triggered is not None and s.current == s.last_seat:
        _start_final_deliveries(s)
        return
    s.current = next_seat(s.current, len(s.players))
    s.step = Step.ACTION


def _start_final_deliveries(s: RotwState) -> None:
    """After the last round each player, the start player first, may make one delivery."""
    if s.family:
        s.phase = Phase.OVER
        return
    s.step = Step.FINAL_DELIVERY
    s.current = s.first
    s.final_left = len(s.players)


def next_final_delivery(s: RotwState) -> None:
    s.final_left -= 1
    if s.final_left == 0:
        s.phase = Phase.OVER
        return
    s.current = next_seat(s.current, len(s.players))
