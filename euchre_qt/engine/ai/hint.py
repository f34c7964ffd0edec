"""Hints (A4): what the Advanced player would do in a person's place, and why."""

from __future__ import annotations

from ..view import SeatView
from .advanced import AdvancedPlayer
from .player import Decision


def hint(view: SeatView, think_ms: int | None = None) -> Decision:
    """The Advanced player's choice for ``view.seat`` with a short reason a person can read,
    e.g. ``order alone: both bowers, the ace of trump and an off ace; ...``."""
    return AdvancedPlayer(seed=0, think_ms=think_ms).decide(view)
