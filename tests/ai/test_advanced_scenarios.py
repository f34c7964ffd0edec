"""The mistakes players complain about in computer Euchre, each as a position written
like a card table and the decision the Advanced player must make there."""

from __future__ import annotations

import pytest

from euchre_qt.engine import Action, ActionKind, Card, HandState, Rules, Seat
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.hint import hint
from euchre_qt.session.wording import reason_text

SEEDS = (0, 1, 2)


def decide(state: HandState, seed: int) -> Action:
    assert state.turn is not None
    return AdvancedPlayer(seed=seed).choose(state.view(state.turn))


@pytest.mark.parametrize("seed", SEEDS)
def test_does_not_lead_a_lone_off_ace_into_a_lone_maker(seed: int) -> None:
    # North deals, picks up the QS and goes alone; East leads holding one ace and junk.
    state = HandState.from_text(
        "S: JC TS 9D QD KD  W: KC AC JH QH KH  N: JS AS KS AH 9C  E: AD TH 9H TC QC  kitty: QS TD JD 9S",
        dealer="N",
    ).apply_all("pass, pass, pass, order alone, discard 9C")
    assert state.turn is Seat.EAST
    action = decide(state, seed)
    assert action.card != Card.parse("AD"), "held the lone ace back and led from a long suit"


@pytest.mark.parametrize("seed", SEEDS)
def test_does_not_trump_partners_winning_ace(seed: int) -> None:
    # Spades are trump; North's ace of hearts is winning and South plays last, void in hearts.
    state = HandState.from_text(
        "S: 9S AC KC QD KD  W: 9H JS QS KS AS  N: AH JH QH 9C TC  E: TH KH TD JD AD  kitty: 9D JC QC TS",
        dealer="S",
    ).apply_all("pass, pass, pass, pass, call S, 9H, AH, TH")
    assert state.turn is Seat.SOUTH
    action = decide(state, seed)
    assert action.card != Card.parse("9S")


@pytest.mark.parametrize("seed", SEEDS)
def test_leads_trump_to_a_partner_who_called(seed: int) -> None:
    # North called hearts in round 2; South leads holding the right bower.
    state = HandState.from_text(
        "S: JH 9C TC 9S KD  W: AC KC QS JS TD  N: AH KH QH JD AD  E: 9H TH QC KS AS  kitty: 9D JC TS QD",
        dealer="E",
    ).apply_all("pass, pass, pass, pass, pass, pass, call H")
    assert state.turn is Seat.SOUTH
    action = decide(state, seed)
    assert action.card == Card.parse("JH")


@pytest.mark.parametrize("seed", SEEDS)
def test_does_not_order_up_with_only_the_two_bowers_from_first_seat(seed: int) -> None:
    # South sits left of the dealer with both bowers and nothing else; the dealer gets the QH.
    state = HandState.from_text(
        "S: JH JD 9C TC 9S  W: AC KC AS KS AD  N: QC JC TS QS 9D  E: AH KH TH 9H KD  kitty: QH JS TD QD",
        dealer="E",
    )
    action = decide(state, seed)
    assert action.kind is ActionKind.PASS


@pytest.mark.parametrize("seed", SEEDS)
def test_does_not_go_alone_with_a_weak_hand(seed: int) -> None:
    # A fine hand to order up, but not one to play alone.
    state = HandState.from_text(
        "S: JH AH 9C 9S TD  W: AC KC AS KS AD  N: QC JC TS QS 9D  E: JD TH 9H KD QD  kitty: KH JS QH TC",
        dealer="E",
    )
    action = decide(state, seed)
    assert not action.alone


@pytest.mark.parametrize("seed", SEEDS)
def test_goes_alone_with_a_lone_hand(seed: int) -> None:
    # Right, left and ace of hearts, the king behind them and a side ace: the partner
    # can add nothing that these do not take, and alone a march scores 4, not 2.
    state = HandState.from_text(
        "S: JH JD AH KH AS  W: AC KC QS KS AD  N: QC JC TS 9S 9D  E: TH 9H TC KD QD  kitty: QH JS TD 9C",
        dealer="E",
    )
    action = decide(state, seed)
    assert action.kind is ActionKind.ORDER_UP and action.alone


@pytest.mark.parametrize("seed", SEEDS)
def test_does_not_pass_a_bower_when_the_opponents_are_at_nine(seed: int) -> None:
    # South deals with the right bower turned up; West/East need one point to win.
    state = HandState.from_text(
        "S: 9S AH 9C TD QD  W: AC KC AS KS AD  N: QC JC TS QS 9D  E: JH TH 9H KD KH  kitty: JS QH TC JD",
        dealer="S",
        scores=(6, 9),
    ).apply_all("pass, pass, pass")
    assert state.turn is Seat.SOUTH
    action = decide(state, seed)
    assert action.kind is ActionKind.ORDER_UP


@pytest.mark.parametrize("seed", SEEDS)
def test_ducks_when_partners_trick_already_wins(seed: int) -> None:
    # Hearts are trump; North's ace of spades wins; South plays last and must follow spades.
    state = HandState.from_text(
        "S: KS 9S JH 9C TD  W: QS AC KC QD KD  N: AS AH KH TC AD  E: TS JS JC QC 9D  kitty: 9H TH QH JD",
        dealer="S",
    ).apply_all("pass, pass, pass, order, discard TD, QS, AS, TS")
    assert state.turn is Seat.SOUTH
    action = decide(state, seed)
    assert action.card == Card.parse("9S")


def test_hint_gives_a_legal_action_and_a_reason() -> None:
    state = HandState.from_text(
        "S: JH JD AH AS KH  W: AC KC QS KS AD  N: QC JC TS 9S 9D  E: TH 9H TC KD QD  kitty: QH JS TD 9C",
        dealer="E",
    )
    decision = hint(state.view(Seat.SOUTH))
    assert decision.action in state.legal_actions()
    assert decision.action.kind is ActionKind.ORDER_UP
    said = reason_text(decision.reason)
    assert "bowers" in said and "%" in said


def test_oracle_sees_every_hand_and_advanced_does_not() -> None:
    state = HandState.deal(Rules(), Seat.EAST, 5)
    assert state.view(Seat.SOUTH).revealed_hands is None
    assert state.view(Seat.SOUTH, reveal=True).revealed_hands == state.hands


def test_decisions_depend_only_on_what_the_seat_may_see() -> None:
    # Same South hand, bidding and up-card; the other hands and the kitty differ.
    moves = "pass, pass, pass, order, discard TC"
    one = HandState.from_text(
        "S: JH AH 9C KS TD  W: AC KC QS JS AD  N: QC JC TS 9S 9D  E: TH 9H TC KD QD  kitty: QH KH JD AS", dealer="E"
    ).apply_all(moves)
    two = HandState.from_text(
        "S: JH AH 9C KS TD  W: TH 9H JS AD 9S  N: QC KC TS JD 9D  E: AC JC TC KD QD  kitty: QH KH QS AS", dealer="E"
    ).apply_all(moves)
    assert one.view(Seat.SOUTH) == two.view(Seat.SOUTH)
    assert one.hands != two.hands and one.kitty != two.kitty
    for seed in SEEDS:
        player = AdvancedPlayer(seed=seed)
        assert player.decide(one.view(Seat.SOUTH)) == player.decide(two.view(Seat.SOUTH))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_dealer_keeps_its_off_ace_and_voids_a_side_suit(seed: int) -> None:
    # South deals and picks up the TH to three hearts, a lone ace of spades and two
    # singletons: throwing either singleton leaves a void to trump in on; the ace stays.
    state = HandState.from_text(
        "S: AH KH AS 9C QD  W: KC AC JS QS KS  N: TC JC 9S TS 9D  E: JH JD QH 9H AD  kitty: TH KD TD QC",
        dealer="S",
    ).apply_all("pass, pass, pass, order")
    assert state.turn is Seat.SOUTH
    action = decide(state, seed)
    assert action.kind is ActionKind.DISCARD
    assert action.card in (Card.parse("9C"), Card.parse("QD"))


@pytest.mark.parametrize("seed", SEEDS)
def test_how_it_takes_its_opponents_reaches_the_search(seed: int) -> None:
    # Clubs are trump, ordered by South; West leads the third trick holding AD QC JD.
    # Against makers who play by habit the search likes a trump led through them; taken
    # to play well (searched like itself), it cashes the ace.
    state = HandState.from_text(
        "S: KH TH JC 9D 9C  W: QH AD QC JD TC  N: 9S JS TS KC TD  E: AH 9H JH AS KD  kitty: AC KS QS QD",
        dealer="N",
    ).apply_all("pass, order, discard TD, AH, TH, QH, KC, 9S, AS, 9C, TC")
    assert state.turn is Seat.WEST
    view = state.view(Seat.WEST)
    assert AdvancedPlayer(seed=seed).choose(view).card == Card.parse("QC")
    assert AdvancedPlayer(seed=seed, opponents="well").choose(view).card == Card.parse("AD")
