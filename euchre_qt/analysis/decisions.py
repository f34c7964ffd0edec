"""Which moves of a game are decisions to grade, found by replaying it: light enough for the
window, which lists a hand's decisions while the grading runs in its helper process (the
judge and the search core under it load only there)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.cards import Card, Seat
from ..engine.game import Game
from ..engine.hand import HandState
from ..engine.view import Phase, SeatView
from .replay import position_before

# The decisions there is something to grade in; a farmer's hand thrown in or not is not
# judged (what a kept farmer's hand is worth depends on a whole bidding not modelled here).
GRADED_PHASES = frozenset({Phase.BIDDING_1, Phase.BIDDING_2, Phase.DISCARD, Phase.DEFEND, Phase.PLAY})

ALL_SEATS: tuple[Seat, ...] = tuple(Seat)


def is_decision(view: SeatView) -> bool:
    """A graded decision: a real choice (more than one legal move) in a graded phase."""
    return view.phase in GRADED_PHASES and len(view.legal_actions) > 1


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """A decision found in a game: the hand state before the move, and the move made.
    ``deal_known``: every card in the players' hands is known (a record may seat cards it
    never names as stand-ins: then there is no real deal to look back on); ``inferred``:
    the record does not state the move (``stated.inferred_moves``)."""

    hand: int
    move: int
    state: HandState
    action: Action
    deal_known: bool = True
    inferred: bool = False


def decision_points(
    game: Game, seats: Iterable[Seat] = ALL_SEATS, inferred: frozenset[int] = frozenset()
) -> Iterator[DecisionPoint]:
    """Every graded decision of ``seats`` in ``game``, replayed from its start. A decision
    made from a hand the record does not fully know is left out; ``inferred``: the moves
    the record does not state."""
    wanted = set(seats)
    replay = position_before(game, 0)
    unknown: dict[int, frozenset[Card]] = {}
    for move, action in enumerate(game.actions):
        state = replay.hand
        seat = state.turn
        if seat in wanted and is_decision(state.view(seat)):
            hidden = unknown.get(replay.deal_number)
            if hidden is None:
                hidden = unknown[replay.deal_number] = game.dealt(replay.deal_number).unknown
            if not hidden.intersection(state.hands[seat]):
                known = not any(hidden.intersection(held) for held in state.hands)
                yield DecisionPoint(len(replay.records), move, state, action, known, move in inferred)
        replay.apply(action)
