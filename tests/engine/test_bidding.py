"""R2-R6, R13: the deal, both bidding rounds, the dealer's pick-up and discard, going alone
(the dealer sitting out), stick the dealer, the farmer's hand."""

from __future__ import annotations

import pytest

from euchre_qt.engine import (
    DEFEND_ALONE,
    PASS,
    THROW_IN,
    Card,
    FarmersHand,
    HandState,
    IllegalActionError,
    Outcome,
    Phase,
    Rules,
    Seat,
    Suit,
    Why,
    call,
    cards_text,
    discard,
    is_farmers_hand,
    order_up,
    parse_cards,
)
from euchre_qt.session.wording import hand_result

from .deals import EUCHRE, MADE, MARCH
from .helpers import snapshot

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


# --- R2, R14: the deal --------------------------------------------------------------


def test_deal_is_five_each_and_an_up_card_and_reproducible() -> None:
    rules = Rules()
    one = HandState.deal(rules, Seat.NORTH, 1234)
    again = HandState.deal(rules, Seat.NORTH, 1234)
    other = HandState.deal(rules, Seat.NORTH, 1235)
    assert snapshot(one) == snapshot(again)
    assert one.hands != other.hands
    assert all(len(h) == 5 for h in one.hands) and len(one.kitty) == 4
    assert one.up_card is one.kitty[0]
    assert one.phase is Phase.BIDDING_1 and one.turn is Seat.EAST  # the dealer's left bids first
    assert one.dealer is Seat.NORTH and one.bidding_round == 1 and one.trump is None


def test_from_text_fills_the_kitty_and_checks_the_deck() -> None:
    state = HandState.from_text("S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD")
    assert cards_text(state.kitty) == "AC 9H TH AS"  # the rest of the deck, in deck order
    with pytest.raises(ValueError, match="twice: JH"):
        HandState.from_text("S: JH JH AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD")
    with pytest.raises(ValueError, match="four hands"):
        HandState.from_text("S: JH JD AH KH QH  W: 9C TC JC QC KC")
    with pytest.raises(ValueError, match="not in this deck: JK"):
        HandState.from_text("S: JK JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD")


# --- R3: round 1, the dealer picks up and discards -----------------------------------


def test_round_one_bidding_goes_round_from_the_dealers_left() -> None:
    state = HandState.from_text(MADE, dealer="E")
    seen = []
    for _ in range(4):
        seen.append(state.turn)
        assert state.legal_actions() == (PASS, order_up(), order_up(alone=True))
        state = state.apply(PASS)
    assert seen == [S, W, N, E]
    assert state.phase is Phase.BIDDING_2 and state.turn is S and state.up_card_turned_down


def test_ordering_up_makes_the_up_cards_suit_trump_and_the_dealer_picks_it_up() -> None:
    state = HandState.from_text(MADE, dealer="E").apply_all("pass, order")  # W orders
    assert state.trump is Suit.HEARTS and state.maker is W and not state.alone
    assert state.phase is Phase.DISCARD and state.turn is E
    assert cards_text(state.hands[E]) == "KH QH TH JC JS 9H" and state.up_card_taken
    # by default any of the six may go, the up-card included
    assert {a.card for a in state.legal_actions()} == set(parse_cards("KH QH TH JC JS 9H"))
    after = state.apply(discard(Card.parse("JS")))
    assert cards_text(after.hands[E]) == "KH QH TH JC 9H" and after.discarded is Card.parse("JS")
    assert after.phase is Phase.PLAY and after.turn is S and after.leader is S
    up_gone = state.apply(discard(Card.parse("9H")))
    assert cards_text(up_gone.hands[E]) == "KH QH TH JC JS" and up_gone.discarded is Card.parse("9H")


def test_dealer_may_order_himself() -> None:
    state = HandState.from_text(MADE, dealer="E").apply_all("pass, pass, pass, order")
    assert state.maker is E and state.phase is Phase.DISCARD and state.turn is E


def test_option_dealer_may_not_discard_the_up_card() -> None:
    rules = Rules(dealer_may_discard_up_card=False)
    state = HandState.from_text(MADE, dealer="E", rules=rules).apply_all("order")
    assert {a.card for a in state.legal_actions()} == set(parse_cards("KH QH TH JC JS"))
    with pytest.raises(IllegalActionError, match=r"discard 9H: the up-card may not be discarded"):
        state.apply(discard(Card.parse("9H")))


# --- R4, R5: round 2 ---------------------------------------------------------------


def test_round_two_any_other_suit_alone_or_not() -> None:
    state = HandState.from_text(EUCHRE, dealer="E").apply_all("pass, pass, pass, pass")
    assert state.phase is Phase.BIDDING_2 and state.turn is S and state.bidding_round == 2
    calls = {(a.suit, a.alone) for a in state.legal_actions() if a != PASS}
    assert calls == {(s, alone) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) for alone in (False, True)}
    assert PASS in state.legal_actions()
    called = state.apply(call(Suit.SPADES))
    assert called.trump is Suit.SPADES and called.maker is S and called.phase is Phase.PLAY
    assert not called.up_card_taken and cards_text(called.hands[E]) == "AH KH QH JH JD"


def test_turned_down_suit_cannot_be_called() -> None:
    state = HandState.from_text(EUCHRE, dealer="E").apply_all("pass, pass, pass, pass, pass")
    for alone in (False, True):
        assert call(Suit.HEARTS, alone) not in state.legal_actions()
        with pytest.raises(IllegalActionError, match="H was turned down and cannot be called"):
            state.apply(call(Suit.HEARTS, alone))


def test_all_pass_twice_throws_the_hand_in() -> None:
    state = HandState.from_text(EUCHRE, dealer="E").apply_all("pass, " * 8)
    assert state.is_over and state.result is not None
    assert state.result.outcome is Outcome.PASSED_OUT and state.result.points == (0, 0)
    assert state.legal_actions() == () and state.turn is None


def test_stick_the_dealer_forbids_the_dealers_last_pass() -> None:
    rules = Rules(stick_the_dealer=True)
    state = HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all("pass, " * 7)
    assert state.turn is E and state.phase is Phase.BIDDING_2
    assert PASS not in state.legal_actions()
    assert len(state.legal_actions()) == 6  # three suits, alone or not
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="stick the dealer"):
        state.apply(PASS)
    assert snapshot(state) == before
    # the others may still pass in round 2, and the dealer in round 1
    assert PASS in HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all("pass, " * 6).legal_actions()
    assert PASS in HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all("pass, " * 3).legal_actions()


# --- R6: going alone ---------------------------------------------------------------


def test_going_alone_the_partner_sits_out_and_the_dealer_still_picks_up() -> None:
    state = HandState.from_text(MARCH, dealer="E").apply(order_up(alone=True))
    assert state.alone and state.maker is S and state.sitting_out == (N,)
    assert state.phase is Phase.DISCARD and state.turn is E and len(state.hands[E]) == 6


def test_dealer_sitting_out_does_not_pick_up() -> None:
    state = HandState.from_text(MARCH, dealer="N")  # S's partner deals
    state = state.apply_all("pass, order alone")  # E passes, S goes alone
    assert state.sitting_out == (N,) and state.trump is Suit.HEARTS
    assert state.phase is Phase.PLAY  # no discard
    assert not state.up_card_taken and state.discarded is None
    assert cards_text(state.hands[N]) == "9S TS JS QS KS" and state.kitty[0] is Card.parse("9H")
    assert state.turn is E and state.leader is E


def test_lead_passes_to_the_next_active_player() -> None:
    """Dealer W; S goes alone, so N (the dealer's left) sits out and E leads."""
    state = HandState.from_text(MARCH, dealer="W").apply_all("pass, pass, order alone, discard 9C")
    assert state.sitting_out == (N,)
    assert state.leader is E and state.turn is E
    state = state.apply_all("AD, QH")
    assert state.turn is W  # after S comes W; N is skipped in every trick
    state = state.apply_all("KC")
    assert len(state.tricks) == 1 and len(state.tricks[0].plays) == 3
    assert state.tricks[0].winner is S and state.turn is S


def test_going_alone_in_round_two() -> None:
    state = HandState.from_text(EUCHRE, dealer="E").apply_all("pass, pass, pass, pass, call S alone")
    assert state.alone and state.sitting_out == (N,) and state.phase is Phase.PLAY and state.turn is S


# --- R7: lone defender (the bidding side of it) ---------------------------------------


def test_lone_defender_is_offered_to_the_defenders_from_the_dealers_left() -> None:
    rules = Rules(lone_defender=True)
    state = HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all("pass, pass, pass, pass, call S")
    assert state.phase is Phase.DEFEND and state.turn is W  # S (dealer's left) is the maker
    assert state.legal_actions() == (PASS, DEFEND_ALONE)
    state = state.apply(PASS)
    assert state.turn is E and state.phase is Phase.DEFEND
    played_with_partners = state.apply(PASS)
    assert played_with_partners.phase is Phase.PLAY and played_with_partners.turn is S
    assert played_with_partners.lone_defender is None and played_with_partners.sitting_out == ()
    alone = state.apply(DEFEND_ALONE)
    assert alone.lone_defender is E and alone.sitting_out == (W,) and alone.phase is Phase.PLAY


def test_lone_defender_order_when_the_dealers_left_is_a_defender() -> None:
    rules = Rules(lone_defender=True)
    state = HandState.from_text(MADE, dealer="N", rules=rules)  # E bids first
    state = state.apply_all("pass, order, discard TS")  # S orders, N picks up
    assert state.turn is E and state.phase is Phase.DEFEND
    assert state.apply(PASS).turn is W


def test_without_the_rule_nobody_defends_alone() -> None:
    state = HandState.from_text(EUCHRE, dealer="E").apply_all("pass, pass, pass, pass, call S")
    assert state.phase is Phase.PLAY and DEFEND_ALONE not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(DEFEND_ALONE)


# --- R13: farmer's hand ------------------------------------------------------------

FARMER = "S: 9C TC 9D TD 9H  W: JC QC KC AC JD  N: QD KD AD TH JH  E: QH KH AH 9S TS  kitty: JS QS KS AS"
ACE_NO_FACE = "S: AC 9C TC 9D TD  W: JC QC KC JD QD  N: 9H TH 9S TS AS  E: KD AD JH QH KH  kitty: AH JS QS KS"


def test_farmers_hand_may_be_thrown_in_before_bidding() -> None:
    rules = Rules(farmers_hand=FarmersHand.NINES_TENS)
    state = HandState.from_text(FARMER, dealer="E", rules=rules)
    assert state.phase is Phase.FARMER and state.turn is S
    assert state.legal_actions() == (PASS, THROW_IN)
    thrown = state.apply(THROW_IN)
    assert thrown.is_over and thrown.result is not None
    assert thrown.result.outcome is Outcome.THROWN_IN and thrown.result.points == (0, 0)
    kept = state.apply(PASS)
    assert kept.phase is Phase.BIDDING_1 and kept.turn is S
    # off by default
    assert HandState.from_text(FARMER, dealer="E").phase is Phase.BIDDING_1


def test_ace_no_face_option() -> None:
    plain = HandState.from_text(ACE_NO_FACE, dealer="E", rules=Rules(farmers_hand=FarmersHand.NINES_TENS))
    assert plain.phase is Phase.BIDDING_1  # an ace is not a 9 or a 10
    rules = Rules(farmers_hand=FarmersHand.ACE_NO_FACE)
    state = HandState.from_text(ACE_NO_FACE, dealer="E", rules=rules)
    assert state.phase is Phase.FARMER and state.turn is S  # S and N both qualify: S first
    state = state.apply(PASS)
    assert state.phase is Phase.FARMER and state.turn is N
    state = state.apply(PASS)
    assert state.phase is Phase.BIDDING_1 and state.turn is S
    # from the dealer's left: with W dealing, N is asked before S
    assert HandState.from_text(ACE_NO_FACE, dealer="W", rules=rules).turn is N


@pytest.mark.parametrize(
    ("cards", "nines_tens", "ace_no_face"),
    [
        ("9C TC 9D TD 9H", True, True),
        ("AC 9C TC 9D TD", False, True),
        ("AC AD 9C TC 9D", False, False),
        ("JC 9C TC 9D TD", False, False),
        ("KC 9C TC 9D TD", False, False),
        ("JK 9C TC 9D TD", False, False),
    ],
)
def test_is_farmers_hand(cards: str, nines_tens: bool, ace_no_face: bool) -> None:
    hand = parse_cards(cards)
    assert is_farmers_hand(hand, FarmersHand.NINES_TENS) is nines_tens
    assert is_farmers_hand(hand, FarmersHand.ACE_NO_FACE) is ace_no_face
    assert is_farmers_hand(hand, FarmersHand.OFF) is False


# --- R12: a turned-up joker ----------------------------------------------------------


def test_turned_up_joker_is_a_misdeal() -> None:
    deal = "S: AH 9C TC 9D TD  W: JH 9S TS JS QS  N: JD KS AS KC QC  E: KH QH TH QD KD  kitty: JK 9H AC JC AD"
    state = HandState.from_text(deal, dealer="E", rules=Rules(joker=True))
    assert state.is_over and state.result is not None
    assert state.result.outcome is Outcome.MISDEAL and state.result.points == (0, 0)
    assert state.legal_actions() == () and state.history == ()
    assert hand_result(state.result) == "The joker was turned up: redeal."


# --- lead to the left of a lone maker; the Canadian loner ------------------------------


def test_lead_left_of_a_lone_maker() -> None:
    """Dealer E; W calls spades alone, E sits out, and N (W's left) leads, not S."""
    rules = Rules(lead_left_of_loner=True)
    state = HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all("pass, pass, pass, pass, pass, call S alone")
    assert state.maker is W and state.sitting_out == (E,)
    assert state.leader is N and state.turn is N  # the standard lead would be S, the dealer's left
    standard = HandState.from_text(EUCHRE, dealer="E").apply_all("pass, pass, pass, pass, pass, call S alone")
    assert standard.leader is S


def test_lead_left_of_a_loner_changes_nothing_for_a_partnership() -> None:
    rules = Rules(lead_left_of_loner=True)
    state = HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all("pass, pass, pass, pass, pass, call S")
    assert state.maker is W and state.leader is S


def test_lead_left_of_a_lone_maker_passes_over_a_lone_defenders_partner() -> None:
    """Dealer E; S alone (N out), W defends alone (E out): S's left is W, who leads."""
    rules = Rules(lead_left_of_loner=True, lone_defender=True)
    state = HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all("pass, pass, pass, pass, call S alone")
    state = state.apply(DEFEND_ALONE)
    assert state.sitting_out == (N, E) and state.leader is W


def test_canadian_loner_the_dealers_partner_who_orders_must_go_alone() -> None:
    rules = Rules(canadian_loner=True)
    state = HandState.from_text(MARCH, dealer="N", rules=rules).apply(PASS)  # E passes; S is N's partner
    assert state.turn is S and state.legal_actions() == (PASS, order_up(alone=True))
    before = snapshot(state)
    with pytest.raises(
        IllegalActionError, match="Canadian loner: the dealer's partner who orders up must go alone"
    ) as e:
        state.apply(order_up())
    assert e.value.why is Why.MUST_GO_ALONE
    assert snapshot(state) == before
    alone = state.apply(order_up(alone=True))
    assert alone.alone and alone.sitting_out == (N,) and not alone.up_card_taken


def test_canadian_loner_leaves_everyone_else_and_round_two_free() -> None:
    rules = Rules(canadian_loner=True)
    state = HandState.from_text(MARCH, dealer="E", rules=rules)  # S is the dealer's left, not partner
    assert order_up() in state.legal_actions()
    state = state.apply_all("pass, pass, pass, pass")  # W is E's partner; round 2 now
    assert state.turn is S
    state = state.apply_all("pass")
    assert call(Suit.SPADES) in state.legal_actions()  # W, the dealer's partner, may call with partner
