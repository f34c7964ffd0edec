"""Why a move was not made, as a sentence to its player: "You must follow Clubs."."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Why
from ...engine.legality import WANTED
from ..events import NOT_YOUR_TURN, TOO_LATE, MoveRefused
from .cards import SEAT_NAMES, SUIT_NAMES

WAIT_FOR_TURN = "Please wait for your turn."  # a computer player is thinking
TURN_NOT_YOURS = "It is not your turn."
ANSWER_THE_NOTE = "First answer the coach's note beside the table: Take It Back or Go On."  # your turn waits for it


def refusal(refused: MoveRefused, names: Sequence[str] = SEAT_NAMES, you: bool = True) -> str:
    """Why a move was not made, as a sentence to its player: "You must follow Clubs."."""
    who = "You" if you else names[refused.seat]
    why = refused.why
    if why == NOT_YOUR_TURN:
        if you:
            return TURN_NOT_YOURS
        return f"It is not {names[refused.seat]}'s turn."
    if why == TOO_LATE:
        return "That move came too late: the table has moved on."
    if why in (Why.GAME_OVER, Why.HAND_OVER):
        return "The game is over." if why == Why.GAME_OVER else "The hand is over."
    if why == Why.NO_MORE_DEALS:
        return "The recorded game has no more deals."
    if why == Why.MUST_FOLLOW:
        led = "trump" if refused.follow_trump or refused.suit is None else SUIT_NAMES[refused.suit]
        return f"{who} must follow {led}."
    if why == Why.NOT_HELD:
        return f"{who} {'do' if you else 'does'} not hold that card."
    if why == Why.KEEP_UP_CARD:
        return "The up-card may not be discarded (house rule)."
    if why == Why.TURNED_DOWN and refused.suit is not None:
        return f"{SUIT_NAMES[refused.suit]} was turned down and cannot be called."
    if why == Why.MUST_CALL:
        return f"Stick the dealer: {'you' if you else who} must name trump."
    if why == Why.MUST_GO_ALONE:
        return "Canadian loner: the dealer's partner who orders up must go alone."
    if refused.phase in WANTED:
        return f"It is time to {WANTED[refused.phase]}."
    return "That move is not allowed now."
