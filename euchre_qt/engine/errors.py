"""The engine's error types: one for a move that is not allowed, one for a bad game file."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Why(StrEnum):
    """Why a move is not allowed, as a value a program can act on (``IllegalActionError.why``);
    the people-facing words come from ``euchre_qt.session.wording``."""

    GAME_OVER = "game over"
    NO_MORE_DEALS = "no more deals"  # a recorded game replayed past its last recorded deal
    HAND_OVER = "hand over"
    NOT_AN_ACTION = "not an action"
    WRONG_MOVE = "wrong move"  # a move of another kind than the phase asks for
    NOT_HELD = "not held"
    MUST_FOLLOW = "must follow suit"
    KEEP_UP_CARD = "keep the up-card"  # house rule: the dealer may not discard the up-card
    TURNED_DOWN = "turned down"  # round 2: the turned-down suit cannot be called
    MUST_CALL = "must call"  # stick the dealer
    MUST_GO_ALONE = "must go alone"  # the Canadian loner: the dealer's partner orders up only alone


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the state it was tried on is unchanged.

    ``reason`` is the engine's sentence; ``why`` the same as a ``Why`` value, with
    ``suit`` (the suit to follow, or the suit turned down) where it applies and
    ``follow_trump`` when the suit to follow is trump."""

    def __init__(
        self,
        action: Any,
        reason: str,
        why: Why = Why.WRONG_MOVE,
        suit: Any = None,
        follow_trump: bool = False,
    ) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason
        self.why = why
        self.suit = suit
        self.follow_trump = follow_trump


class GameFileError(ValueError):
    """A saved game that cannot be read: damaged, foreign, or from a newer version."""
