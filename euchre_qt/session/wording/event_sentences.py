"""The table's events as short sentences to announce or log ("Wes plays the Nine of
Diamonds", "East wins the trick"), said to the person they are for."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Action, ActionKind, Seat, Suit
from ..events import (
    BACK_AT_THE_TABLE,
    BidMade,
    CardPlayed,
    DealerDiscarded,
    DealerPickedUp,
    DefenceDecided,
    Event,
    FarmerDecided,
    GameEnded,
    HandDealt,
    HandEnded,
    MoveRefused,
    TableReset,
    TrickWon,
    TrumpMade,
    TurnStarted,
)
from .cards import SEAT_NAMES, card_name, sits_out
from .moves import move_sentence, prompt
from .refusals import refusal
from .results import game_result, hand_result, team_result


def sentence(text: str) -> str:
    """``text`` said as a sentence of its own: a full stop after it, unless it ends with one
    already, or is a question ("Your turn: order up or pass?")."""
    return text if text.endswith((".", "?", "!")) else text + "."


def event_sentence(
    event: Event, names: Sequence[str] = SEAT_NAMES, you: Seat | None = None, trump: Suit | None = None
) -> str | None:
    """An event as a short sentence to announce or log ("Wes plays the Nine of Diamonds",
    "East wins the trick"), for the person at ``you``; None for what is not worth saying.
    ``trump``: the hand's trump, once made (a bower is then named as one)."""

    def name(seat: Seat) -> str:
        return "You" if seat is you else names[seat]

    def mine(seat: Seat) -> bool:
        return seat is you

    if isinstance(event, BidMade):
        return move_sentence(
            name(event.seat), event.action, you=mine(event.seat), dealer=event.dealer, up_suit=event.trump
        )
    if isinstance(event, TrumpMade):
        # the bid that made it said so; a lone hand's partner sits out
        return sits_out(event.sitting_out, names, you) if event.sitting_out else None
    if isinstance(event, CardPlayed):
        play = Action(ActionKind.PLAY, card=event.card)
        return move_sentence(name(event.seat), play, you=mine(event.seat), trump=trump)
    if isinstance(event, TrickWon):
        return f"{name(event.winner)} {'win' if mine(event.winner) else 'wins'} the trick"
    if isinstance(event, DealerPickedUp):
        # (the card picked up is the one whose suit was made trump)
        up = card_name(event.card, event.card.suit)
        return f"{name(event.dealer)} {'pick' if mine(event.dealer) else 'picks'} up the {up}"
    if isinstance(event, DealerDiscarded):
        return f"{name(event.dealer)} {'discard' if mine(event.dealer) else 'discards'}"
    if isinstance(event, DefenceDecided):
        if not event.alone:
            return None
        defends = move_sentence(name(event.seat), Action(ActionKind.DEFEND_ALONE), you=mine(event.seat))
        return f"{defends}. {sits_out((event.seat.partner,), names, you)}"
    if isinstance(event, FarmerDecided):
        return (
            move_sentence(name(event.seat), Action(ActionKind.THROW_IN), you=mine(event.seat))
            if event.thrown_in
            else None
        )
    if isinstance(event, HandDealt):
        dealer = "You deal" if mine(event.dealer) else f"{names[event.dealer]} deals"
        return f"{dealer}; the up-card is the {card_name(event.up_card)}"
    if isinstance(event, HandEnded):
        result = event.result
        return team_result(result, you.team) if you is not None else hand_result(result, names)
    if isinstance(event, GameEnded):
        return game_result(event.winner, event.scores, you.team if you is not None else None, event.slam)
    if isinstance(event, TurnStarted):
        if mine(event.seat):
            return prompt(event.phase, event.dealer is event.seat).capitalize()
        return f"{names[event.seat]}'s turn"
    if isinstance(event, MoveRefused):
        return refusal(event, names, you=mine(event.seat)) if you is None or mine(event.seat) else None
    if isinstance(event, TableReset):
        return {
            "new game": "New game",
            "loaded": "Game loaded",
            "undo hand": "Back to the start of the hand",
            "undo move": "Move taken back",
            BACK_AT_THE_TABLE: "Back at the table",
        }.get(event.why)
    return None
