"""Differential test: our engine against OpenSpiel's Euchre, the same deal and moves.

For every rule combination both implement (stick the dealer on/off, lone defender on/off,
the up-card never discardable), random hands are played move by move in both engines:
at every decision the same player must be to move with the same choices (ours projected
onto OpenSpiel's move numbers), and at the end the points (and trick winners) must match.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from euchre_qt.engine import Action, ActionKind, HandState, Outcome, Phase, Rules, Seat

pyspiel = pytest.importorskip("pyspiel")

from euchre_qt.tools.openspiel_bridge import load_game, os_card, os_deal, os_seat, our_card, our_seat  # noqa: E402

from .openspiel_bridge import play_duel  # noqa: E402

HANDS_PER_RULES = 1000  # x 4 rule sets = 4,000 hands in the default run

RULE_SETS = [
    Rules(stick_the_dealer=stick, lone_defender=lone, dealer_may_discard_up_card=False)
    for stick in (False, True)
    for lone in (False, True)
]


def chooser(rng: random.Random) -> object:
    """Random legal play, biased so every path turns up often: passing is likely (round 2
    and passed-out hands happen), going and defending alone are common."""

    def choose(state: HandState) -> Action:
        legal = state.legal_actions()
        if state.phase in (Phase.BIDDING_1, Phase.BIDDING_2, Phase.DEFEND):
            passes = [a for a in legal if a.kind is ActionKind.PASS]
            if passes and rng.random() < 0.6:
                return passes[0]
            others = [a for a in legal if a.kind is not ActionKind.PASS]
            return rng.choice(others)
        return rng.choice(legal)

    return choose


def test_bridge_conventions() -> None:
    """The mapping facts the bridge relies on, checked against pyspiel itself."""
    game = pyspiel.load_game("euchre")
    state = game.new_initial_state()
    assert [state.action_to_string(-1, a) for a in range(4)] == ["N", "E", "S", "W"]
    state.apply_action(0)
    assert state.action_to_string(-1, 0) == "C9"
    assert state.action_to_string(-1, 5) == "DT"
    assert state.action_to_string(-1, 23) == "SA"
    for number in range(24):
        card = our_card(number)
        assert os_card(card) == number
        assert state.action_to_string(-1, number) == card.suit.letter + card.rank.letter  # type: ignore[union-attr]
    for seat in Seat:
        assert our_seat(os_seat(seat)) is seat
    assert os_seat(Seat.SOUTH) == 2 and os_seat(Seat.EAST) == 1
    # Dealing: card i goes to (dealer + i) % 4, the dealer first.
    rules = Rules(dealer_may_discard_up_card=False)
    hand = HandState.deal(rules, Seat.WEST, 1)
    os_state = os_deal(load_game(rules), hand)
    holders = os_state.card_holder()
    for seat in Seat:
        for card in hand.hands[seat]:
            assert holders[os_card(card)] == os_seat(seat)
    assert our_seat(os_state.current_player()) is Seat.WEST.left
    assert os_state.upcard() == os_card(hand.up_card)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe())
def test_same_moves_and_points_as_openspiel(rules: Rules) -> None:
    game = load_game(rules)
    outcomes: Counter[str] = Counter()
    decisions = 0
    for i in range(HANDS_PER_RULES):
        rng = random.Random(f"differential {rules} {i}")
        hand = HandState.deal(rules, Seat(rng.randrange(4)), rng)
        duel = play_duel(rules, hand, chooser(rng), game)  # type: ignore[arg-type]
        decisions += duel.decisions
        result = duel.hand.result
        assert result is not None
        outcomes[str(result.outcome)] += 1
        if result.alone:
            outcomes["alone"] += 1
        if result.lone_defender is not None:
            outcomes["lone defender"] += 1
            if result.outcome is Outcome.EUCHRE:
                outcomes["lone defender euchre"] += 1
        if duel.hand.bidding_round == 2 and result.maker is not None:
            outcomes["called in round 2"] += 1
        if result.alone and result.maker is not None and result.maker.partner is duel.hand.dealer:
            outcomes["dealer sat out"] += 1
    # The random play must have reached every path, or the comparison proves little.
    for path in ("made", "march", "euchre", "alone", "called in round 2", "dealer sat out"):
        assert outcomes[path] > 0, (path, outcomes)
    if rules.lone_defender:
        assert outcomes["lone defender euchre"] > 0, outcomes
    if not rules.stick_the_dealer:
        assert outcomes["passed out"] > 0, outcomes
    else:
        assert outcomes["passed out"] == 0, outcomes
    assert decisions > HANDS_PER_RULES * 10
