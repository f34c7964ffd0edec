"""The move made for a computer player that could not think (its helper process gone or
failed): a Novice's, which costs well under a millisecond, needs no helper and bids a good
hand. The first legal move, which the window and the server made before, is a pass in
every bid: with stick the dealer off, a table of computers passed every deal out, a game
without end. Should the Novice fail too, the first legal move."""

from __future__ import annotations

import logging

from ..view import SeatView
from .novice import NovicePlayer
from .player import Decision

_log = logging.getLogger(__name__)


def stand_in_move(view: SeatView, seed: int) -> Decision:
    """A Novice's move at ``view`` (seeded by ``seed``), always a legal one."""
    try:
        decision = NovicePlayer(seed=seed).decide(view)
    except Exception:  # the stand-in must never stop a table
        _log.exception("the stand-in Novice failed; the first legal move")
        return Decision(view.legal_actions[0], "")
    if decision.action not in view.legal_actions:
        _log.error("the stand-in Novice chose %s, not a legal move; the first legal move", decision.action)
        return Decision(view.legal_actions[0], "")
    return decision
