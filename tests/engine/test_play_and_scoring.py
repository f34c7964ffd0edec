"""R1, R7-R10, R12 in play: following suit (the left bower and the joker are trump), who wins
a trick, and every way a hand can score."""

from __future__ import annotations

import pytest

from euchre_qt.engine import JOKER, Card, HandState, Outcome, Phase, Rules, Seat, Suit, play
from euchre_qt.session.wording import hand_result

from .deals import (
    EUCHRE,
    EUCHRE_PLAY,
    EUCHRE_PLAY_HEAD_TO_HEAD,
    EUCHRE_PLAY_S_ALONE,
    EUCHRE_PLAY_W_DEFENDS_ALONE,
    JOKER_DEAL,
    LEFT_BOWER_DIAMOND_LED,
    LEFT_BOWER_TRUMP_LED,
    MADE,
    MADE_PLAY,
    MARCH,
    MARCH_PLAY,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def plays(state: HandState) -> set[str]:
    return {a.card.text for a in state.legal_actions() if a.card is not None}


# --- following suit ------------------------------------------------------------------


def test_left_bower_must_follow_a_trump_lead() -> None:
    state = HandState.from_text(LEFT_BOWER_TRUMP_LED, dealer="E").apply_all("order, discard KS")
    assert state.trump is Suit.HEARTS and state.turn is S
    state = state.apply_all("AH")
    assert plays(state) == {"JD"}  # W's only trump is the left bower, a diamond by print
    state = state.apply_all("JD")
    assert plays(state) == {"JH"}
    state = state.apply_all("JH")
    assert plays(state) == {"9H", "TH"}
    state = state.apply_all("9H")
    trick = state.tricks[0]
    assert trick.winner is N  # right bower > left bower > ace
    assert state.turn is N and state.leader is N and state.tricks_won == (0, 0, 1, 0)


def test_left_bower_does_not_follow_its_printed_suit() -> None:
    state = HandState.from_text(LEFT_BOWER_DIAMOND_LED, dealer="E").apply_all("order, discard KS, AD")
    assert plays(state) == {"9D", "TD"}  # W's JH is trump: it cannot follow diamonds
    state = state.apply_all("9D")
    assert plays(state) == {"JD", "9S", "TS", "JS", "QS"}  # N's JD is no diamond: N is void
    state = state.apply_all("JD, KC")
    assert state.tricks[0].winner is N  # the left bower trumped the ace of diamonds


def test_left_bower_led_calls_for_trump() -> None:
    """Spades trump: W leads JC (the left bower); S must answer with trump, not a club."""
    state = HandState.from_text(EUCHRE, dealer="E").apply_all("pass, pass, pass, pass, call S")
    state = state.apply_all("9C, AC, TD, JD")  # trick 1 to W
    assert state.turn is W
    state = state.apply_all("JS")  # the right bower
    assert plays(state) == {"TS"}  # N's only spade
    state = state.apply_all("TS, AH, 9S, JC")  # trick 2 to W, who leads the left bower
    assert plays(state) == {"QD", "KD", "AD"}  # N has no trump left: anything
    state = state.apply_all("QD, KH")
    assert plays(state) == {"QS"}  # S holds QS TC 9D: TC is no answer to the left bower


def test_joker_is_top_trump_and_must_be_followed_to() -> None:
    rules = Rules(joker=True)
    state = HandState.from_text(JOKER_DEAL, dealer="E", rules=rules)
    assert len(state.kitty) == 5
    state = state.apply_all("order, discard TD")
    assert state.trump is Suit.HEARTS
    state = state.apply(play(JOKER))
    assert plays(state) == {"JH"}  # the joker led calls for trump
    state = state.apply_all("JH")
    assert plays(state) == {"JD"}
    state = state.apply_all("JD, 9H")
    assert state.tricks[0].winner is S  # joker > right bower > left bower


def test_joker_follows_as_trump_not_as_a_plain_suit() -> None:
    rules = Rules(joker=True)
    deal = "S: JK AH 9C TC 9D  W: JH 9S TS JS QS  N: JD KS AS KC QC  E: KH QH TD QD KD  kitty: 9H TH AC JC AD"
    state = HandState.from_text(deal, dealer="W", rules=rules)  # N leads
    state = state.apply_all("order, discard 9S")  # N orders hearts; W discards
    state = state.apply_all("KC")  # N leads clubs
    assert plays(state) == {"QD", "TD", "KD", "QH", "KH"}  # E is void in clubs
    state = state.apply_all("TD")
    assert plays(state) == {"9C", "TC"}  # S must follow clubs: the joker is not a club
    state = state.apply_all("9C")
    state = state.apply_all("TS")
    assert state.tricks[0].winner is N


def test_play_order_and_leader() -> None:
    state = HandState.from_text(MADE, dealer="E").apply_all("order, discard JS")
    order = []
    while len(state.tricks) < 1:
        order.append(state.turn)
        state = state.apply(state.legal_actions()[0])
    assert order == [S, W, N, E]


# --- R9: scoring ----------------------------------------------------------------------


def finish(deal: str, moves: str, dealer: str = "E", rules: Rules | None = None) -> HandState:
    state = HandState.from_text(deal, dealer=dealer, rules=rules).apply_all(moves)
    assert state.is_over and state.phase is Phase.OVER and state.result is not None
    assert len(state.tricks) == 5 and sum(state.tricks_won) == 5
    for seat in Seat:  # every card played, except by a seat that sat out
        assert len(state.hands[seat]) == (5 if seat in state.sitting_out else 0)
    return state


def test_made_scores_one() -> None:
    state = finish(MADE, "order, discard JS, " + MADE_PLAY)
    result = state.result
    assert result is not None
    assert [t.winner for t in state.tricks] == [S, S, S, W, E]
    assert result.outcome is Outcome.MADE and result.maker is S and not result.alone
    assert result.tricks == (3, 2) and result.points == (1, 0) and result.scoring_team == 0
    assert hand_result(result) == "South made trump, took 3 tricks: South/North score 1."


def test_march_scores_two() -> None:
    state = finish(MARCH, "order, discard 9D, " + MARCH_PLAY)
    assert state.result is not None
    assert state.result.outcome is Outcome.MARCH and state.result.points == (2, 0) and state.result.tricks == (5, 0)


def test_alone_march_scores_four() -> None:
    moves = "order alone, discard 9D, JH, 9C, 9H, JD, TC, TD, AH, JC, QD, KH, QC, KD, QH, KC, AD"
    state = finish(MARCH, moves)
    assert state.result is not None
    assert state.result.outcome is Outcome.MARCH and state.result.alone and state.result.points == (4, 0)
    assert "went alone" in hand_result(state.result)


def test_alone_march_with_the_dealer_sitting_out() -> None:
    moves = "pass, order alone, AD, QH, 9C, KH, TC, KD, AH, JC, QD, JD, QC, TD, JH, KC, 9D"
    state = finish(MARCH, moves, dealer="N")
    assert state.result is not None and state.result.points == (4, 0)
    assert all(seat is not N for t in state.tricks for seat, _ in t.plays)


def test_alone_making_three_or_four_scores_one() -> None:
    moves = "order alone, discard JS, JH, 9D, 9H, JD, TC, TH, AH, QC, QH, 9C, AC, JC, KC, KH, 9S"
    state = finish(MADE, moves)
    assert state.result is not None
    assert state.result.outcome is Outcome.MADE and state.result.alone and state.result.points == (1, 0)


def test_euchre_scores_two_for_the_defenders() -> None:
    state = finish(EUCHRE, "pass, pass, pass, pass, call S, " + EUCHRE_PLAY)
    result = state.result
    assert result is not None
    assert result.outcome is Outcome.EUCHRE and result.maker is S
    assert result.tricks == (0, 5) and result.points == (0, 2) and result.scoring_team == 1
    assert hand_result(result) == "South made trump, euchred with 0 tricks: West/East score 2."


@pytest.mark.parametrize(("doubled", "points"), [(False, 2), (True, 4)])
def test_lone_maker_euchred_and_the_doubled_alone_euchre_option(doubled: bool, points: int) -> None:
    """R9/R10: a euchred loner gives 2, or 4 with doubled alone euchre."""
    rules = Rules(doubled_alone_euchre=doubled)
    state = finish(EUCHRE, "pass, pass, pass, pass, call S alone, " + EUCHRE_PLAY_S_ALONE, rules=rules)
    assert state.result is not None
    assert state.result.outcome is Outcome.EUCHRE and state.result.alone
    assert state.result.points == (0, points)


def test_doubled_alone_euchre_does_not_touch_a_plain_euchre() -> None:
    rules = Rules(doubled_alone_euchre=True)
    state = finish(EUCHRE, "pass, pass, pass, pass, call S, " + EUCHRE_PLAY, rules=rules)
    assert state.result is not None and state.result.points == (0, 2)


def test_lone_defender_who_euchres_scores_four() -> None:
    rules = Rules(lone_defender=True)
    moves = "pass, pass, pass, pass, call S, defend alone, " + EUCHRE_PLAY_W_DEFENDS_ALONE
    state = finish(EUCHRE, moves, rules=rules)
    result = state.result
    assert result is not None
    assert result.lone_defender is W and state.sitting_out == (E,)
    assert all(len(t.plays) == 3 for t in state.tricks)
    assert result.outcome is Outcome.EUCHRE and result.points == (0, 4)
    assert "West defended alone" in hand_result(result)


def test_lone_defender_against_a_loner() -> None:
    rules = Rules(lone_defender=True)
    moves = "pass, pass, pass, pass, call S alone, defend alone, " + EUCHRE_PLAY_HEAD_TO_HEAD
    state = finish(EUCHRE, moves, rules=rules)
    assert state.sitting_out == (N, E) and all(len(t.plays) == 2 for t in state.tricks)
    assert state.result is not None and state.result.points == (0, 4)


def test_makers_beating_a_lone_defender_score_as_usual() -> None:
    rules = Rules(lone_defender=True)
    moves = "order, discard JS, pass, defend alone, JH, TS, 9H, JD, TD, TH, AH, QD, QH, 9C, KD, JC, KH, 9S, AD"
    state = finish(MADE, moves, rules=rules)
    assert state.result is not None
    assert state.result.lone_defender is E and state.sitting_out == (W,)
    assert state.result.outcome is Outcome.MADE and state.result.points == (1, 0)


def test_cards_leave_the_hands_as_they_are_played() -> None:
    state = HandState.from_text(MADE, dealer="E").apply_all("order, discard JS, JH, 9D")
    assert Card.parse("JH") not in state.hands[S] and Card.parse("9D") not in state.hands[W]
    assert state.trick == ((S, Card.parse("JH")), (W, Card.parse("9D")))
    assert state.leader is S and state.turn is N
