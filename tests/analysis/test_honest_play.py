"""Honest play: the rest of a hand played by every seat from its own view."""

from __future__ import annotations

import random
from dataclasses import replace

from euchre_qt.analysis.honest_play import honest_values, world_state
from euchre_qt.engine import Action, HandState, Seat
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.sampler import sample_worlds

# Hearts are trump (South called them in round 2); West leads the KS to the fourth trick
# and South, void in spades, may ruff with the 9H (made for certain) or throw the TD.
MUST_RUFF = "S: AC AD QC 9H TD  W: 9C 9D KC KS JH  N: TC QD JS 9S TH  E: JC KD TS QS AH  kitty: AS JD QH KH"
MOVES = "pass, pass, pass, pass, call H, AC, 9C, TC, JC, AD, 9D, QD, KD, QC, KC, JS, TS, KS, 9S, QS"
# Diamonds ordered up to East, the dealer, who picks up the QD and discards unseen.
ORDERED = "S: AC AD QC 9H TD  W: 9C 9D KC KS JH  N: TC KH JS 9S TH  E: JC KD TS QS AH  kitty: QD JD AS QH"


def test_a_sampled_deal_is_seated_behind_what_the_player_saw() -> None:
    for text, moves, dealer in ((MUST_RUFF, MOVES, "E"), (ORDERED, "order, discard TS, AC, 9C, TC", "E")):
        state = HandState.from_text(text, dealer=dealer).apply_all(moves)
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        knowledge = read_knowledge(view)
        for world in sample_worlds(view, knowledge, random.Random(3), 5):
            world[seat] = knowledge.mine
            seen = world_state(view, world).view(seat)
            assert set(seen.hand) == set(view.hand) and set(seen.legal_actions) == set(view.legal_actions)
            assert replace(seen, hand=view.hand, legal_actions=view.legal_actions) == view  # cards in dealt order


def test_ruffing_is_worth_the_hand_when_everyone_plays_from_what_they_see() -> None:
    view = HandState.from_text(MUST_RUFF, dealer="E").apply_all(MOVES).view(Seat.SOUTH)
    values = honest_values(view, 16)
    assert values.mean(Action.parse("play 9H")) == 1.0  # made for certain
    assert values.mean(Action.parse("play TD")) < 0.0
