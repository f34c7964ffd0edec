"""The rules of Euchre, pure Python (no Qt).

The public face::

    from euchre_qt.engine import Card, Game, HandState, Rules, Seat, Action

    game = Game(Rules(stick_the_dealer=True), seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    print(game.scores, game.winner)

See ``docs/engine.md`` for a tour.
"""

from .actions import DEFEND_ALONE, PASS, THROW_IN, Action, ActionKind, call, discard, order_up, play
from .cards import (
    JOKER,
    Card,
    Rank,
    Seat,
    Suit,
    cards_text,
    effective_suit,
    is_trump,
    parse_cards,
    sort_hand,
    strength,
)
from .errors import GameFileError, IllegalActionError
from .game import Deal, Game, HandRecord, Salvaged
from .hand import HandResult, HandState, Outcome, is_farmers_hand
from .rules import FarmersHand, Rules
from .tricks import Trick, winning_index
from .view import Phase, SeatView

__all__ = [
    "DEFEND_ALONE",
    "JOKER",
    "PASS",
    "THROW_IN",
    "Action",
    "ActionKind",
    "Card",
    "Deal",
    "FarmersHand",
    "Game",
    "GameFileError",
    "HandRecord",
    "HandResult",
    "HandState",
    "IllegalActionError",
    "Outcome",
    "Phase",
    "Rank",
    "Rules",
    "Salvaged",
    "Seat",
    "SeatView",
    "Suit",
    "Trick",
    "call",
    "cards_text",
    "discard",
    "effective_suit",
    "is_farmers_hand",
    "is_trump",
    "order_up",
    "parse_cards",
    "play",
    "sort_hand",
    "strength",
    "winning_index",
]
