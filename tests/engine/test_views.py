"""A3 and the views: each seat sees its own cards and the public play, nothing more.
(The property tests check every field on random hands; these are the table-side cases.)"""

from __future__ import annotations

from euchre_qt.engine import ActionKind, Card, HandState, Rules, Seat, Suit

from .deals import EUCHRE, MADE

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def test_only_the_dealer_sees_the_discard() -> None:
    state = HandState.from_text(MADE, dealer="E").apply_all("order, discard JS, JH")
    for seat in Seat:
        view = state.view(seat)
        kinds = [a.kind for _, a in view.history]
        assert kinds == [ActionKind.ORDER_UP, ActionKind.DISCARD, ActionKind.PLAY]
        shown = view.history[1][1]
        if seat is E:
            assert view.discarded is Card.parse("JS") and shown.card is Card.parse("JS")
        else:
            assert view.discarded is None and shown.card is None and str(shown) == "discard ??"
        assert view.up_card is Card.parse("9H") and view.up_card_taken
        assert view.trick == ((S, Card.parse("JH")),) and view.trump is Suit.HEARTS and view.maker is S


def test_own_hand_only_and_legal_moves_only_on_your_turn() -> None:
    state = HandState.from_text(MADE, dealer="E").apply_all("order, discard JS")
    for seat in Seat:
        view = state.view(seat)
        assert view.hand == state.hands[seat] and view.revealed_hands is None
        assert view.my_turn is (seat is S)
        assert view.legal_actions == (state.legal_actions() if seat is S else ())
    assert state.view(W, reveal=True).revealed_hands == state.hands


def test_view_sees_the_score_and_who_sits_out() -> None:
    rules = Rules(lone_defender=True)
    state = HandState.from_text(EUCHRE, dealer="E", rules=rules, scores=(3, 7))
    state = state.apply_all("pass, pass, pass, pass, call S alone, defend alone")
    view = state.view(N)
    assert view.sitting_out == (N, E) and view.alone and view.lone_defender is W
    assert view.our_score == 3 and view.their_score == 7
    assert view.hand == state.hands[N] and not view.my_turn
    assert [(s, str(a), r) for s, a, r in view.bids][-2:] == [(E, "pass", 1), (S, "call S alone", 2)]
