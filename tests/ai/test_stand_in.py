"""The move made for a computer player that could not think (engine/ai/stand_in.py): a
Novice's, never the first legal move's pass, and always a legal one."""

from __future__ import annotations

import pytest

from euchre_qt.engine import PASS, HandState, Seat, order_up
from euchre_qt.engine.ai import novice
from euchre_qt.engine.ai.stand_in import stand_in_move

# East deals the 9 of hearts; South, first to bid, holds both bowers and the ace: a hand any
# Novice orders up (alone, as it happens), where the first legal move is a pass.
STRONG = "S: JH JD AH KC AS  W: 9D TD QD KD 9C  N: AC KH QH 9S TS  E: TC JC QC AD QS  kitty: 9H TH JS KS"


def test_a_strong_hand_is_ordered_up_not_passed() -> None:
    view = HandState.from_text(STRONG, dealer="E").view(Seat.SOUTH)
    assert view.legal_actions[0] == PASS
    for seed in range(5):
        decision = stand_in_move(view, seed)
        assert decision.action == novice.NovicePlayer(seed).decide(view).action
        assert decision.action in (order_up(), order_up(alone=True))


def test_a_failing_novice_leaves_the_first_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: novice.NovicePlayer, view: object) -> object:
        raise RuntimeError("deliberately broken")

    monkeypatch.setattr(novice.NovicePlayer, "decide", broken)
    view = HandState.from_text(STRONG, dealer="E").view(Seat.SOUTH)
    assert stand_in_move(view, 1).action == view.legal_actions[0]
