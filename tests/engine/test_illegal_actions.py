"""Illegal actions raise IllegalActionError naming the action and the reason, and leave the
state (hand or game) exactly as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest

from euchre_qt.engine import (
    DEFEND_ALONE,
    PASS,
    THROW_IN,
    Action,
    Card,
    Game,
    HandState,
    IllegalActionError,
    Rules,
    Suit,
    call,
    discard,
    order_up,
    play,
)

from .deals import EUCHRE, LEFT_BOWER_DIAMOND_LED, MADE, MADE_PLAY
from .helpers import game_snapshot, snapshot

CASES: list[tuple[str, str, Rules, str, Any, str]] = [
    # (name, deal, rules, moves before, action, reason)
    ("call in round 1", MADE, Rules(), "", call(Suit.SPADES), "South's turn to pass or order up"),
    ("play during bidding", MADE, Rules(), "", play(Card.parse("JH")), "pass or order up"),
    ("discard during bidding", MADE, Rules(), "pass", discard(Card.parse("9D")), "pass or order up"),
    ("order in round 2", EUCHRE, Rules(), "pass, pass, pass, pass", order_up(), "pass or call a suit"),
    ("turned-down suit", EUCHRE, Rules(), "pass, pass, pass, pass", call(Suit.HEARTS), "H was turned down"),
    (
        "dealer's pass, stick the dealer",
        EUCHRE,
        Rules(stick_the_dealer=True),
        "pass, pass, pass, pass, pass, pass, pass",
        PASS,
        "stick the dealer: the dealer must name trump",
    ),
    ("discard a card not held", MADE, Rules(), "order", discard(Card.parse("AC")), "does not hold AC"),
    (
        "discard the up-card, not allowed",
        MADE,
        Rules(dealer_may_discard_up_card=False),
        "order",
        discard(Card.parse("9H")),
        "the up-card may not be discarded",
    ),
    ("play while discarding", MADE, Rules(), "order", play(Card.parse("KH")), "discard a card"),
    ("pass while discarding", MADE, Rules(), "order", PASS, "discard a card"),
    ("play a card not held", MADE, Rules(), "order, discard JS", play(Card.parse("AC")), "South does not hold AC"),
    (
        "not following suit",
        LEFT_BOWER_DIAMOND_LED,
        Rules(),
        "order, discard KS, AD",
        play(Card.parse("9C")),
        "West must follow suit (diamonds)",
    ),
    (
        "the left bower is not a diamond",
        LEFT_BOWER_DIAMOND_LED,
        Rules(),
        "order, discard KS, AD",
        play(Card.parse("JH")),
        "West must follow suit (diamonds)",
    ),
    (
        "not following trump",
        MADE,
        Rules(),
        "order, discard JS, JH, 9D, TS",
        play(Card.parse("JC")),
        "East must follow suit (trump)",
    ),
    ("defend alone without the rule", MADE, Rules(), "order, discard JS", DEFEND_ALONE, "play a card"),
    ("throw in a good hand", MADE, Rules(), "", THROW_IN, "pass or order up"),
    (
        "play while defenders decide",
        MADE,
        Rules(lone_defender=True),
        "order, discard JS",
        play(Card.parse("9D")),
        "defend alone or pass",
    ),
    ("anything after the hand", MADE, Rules(), "order, discard JS, " + MADE_PLAY, PASS, "the hand is over"),
    ("not an action", MADE, Rules(), "", "pass", "that is not an action"),
]


@pytest.mark.parametrize(
    ("deal", "rules", "moves", "action", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_illegal_action_is_refused_and_changes_nothing(
    deal: str, rules: Rules, moves: str, action: Action, reason: str
) -> None:
    state = HandState.from_text(deal, dealer="E", rules=rules).apply_all(moves)
    before = snapshot(state)
    legal_before = state.legal_actions()
    assert action not in legal_before and not state.is_legal(action)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    error = caught.value
    assert error.action == action and reason in error.reason
    assert str(error) == f"illegal action {action}: {error.reason}"
    assert str(action) in str(error)
    assert snapshot(state) == before and state.legal_actions() == legal_before
    if legal_before:  # still usable
        state.apply(legal_before[0])


def test_illegal_action_in_a_game_changes_nothing() -> None:
    game = Game(Rules(), seed=4)
    game.apply(PASS)
    before = game_snapshot(game)
    bad = play(game.hand.hands[game.hand.turn][0])  # type: ignore[index]
    with pytest.raises(IllegalActionError, match=re.escape(f"illegal action {bad}")):
        game.apply(bad)
    assert game_snapshot(game) == before
    game.apply(PASS)
    assert len(game.actions) == 2


def test_illegal_action_text_is_an_error_too() -> None:
    state = HandState.from_text(MADE, dealer="E")
    with pytest.raises(ValueError, match="not an action"):
        state.apply_all("pass, bid seven")
    with pytest.raises(IllegalActionError):
        state.apply_all("pass, pass, play JH")
