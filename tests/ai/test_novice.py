"""Novice scenarios, written as card tables: the complaints a player could make."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_qt.engine import (
    JOKER,
    PASS,
    THROW_IN,
    Action,
    ActionKind,
    Card,
    FarmersHand,
    HandState,
    Phase,
    Rules,
    Seat,
    Suit,
    call,
    discard,
    order_up,
    play,
)
from euchre_qt.engine.ai.masks import mask_of
from euchre_qt.engine.ai.novice import NovicePlayer, choose_discard, is_loner, sure_tricks
from euchre_qt.engine.ai.point_count import hand_points, mask_points
from euchre_qt.engine.cards import JOKER_DECK, parse_cards

SEEDS = range(12)  # every scenario holds whatever the jitter


def choices(state: HandState, seeds: range = SEEDS) -> set[Action]:
    """What Novice does at ``state`` (its turn) over several seeds."""
    seat = state.turn
    assert seat is not None
    found = set()
    for seed in seeds:
        view = state.view(seat)
        action = NovicePlayer(seed).choose(view)
        assert action in view.legal_actions
        found.add(action)
    return found


# Hearts trump; north (partner of south) leads the ace of clubs, east follows low.
#   dealer W, north orders up, W picks up 9H and throws 9D.
FOLLOW = "S: KC TC JH AH QS  W: 9D TD JD QD KD  N: AC KH QH 9S TS  E: 9C JC QC AD AS  kitty: 9H TH JS KS"
# The same, but south has no clubs: north's ace is winning.
VOID = "S: JH AH 9S QS TS  W: 9D TD JD QD KD  N: AC KC TC KH QH  E: 9C JC QC AD AS  kitty: 9H TH JS KS"


def test_follows_suit_and_plays_low_under_partners_winning_ace() -> None:
    state = HandState.from_text(FOLLOW, dealer="W").apply_all("order, discard 9D, AC, 9C")
    assert state.turn is Seat.SOUTH
    assert state.trump is Suit.HEARTS
    # south could follow with either club; it follows, and low (never the king, never a trump)
    assert choices(state) == {play(Card.parse("TC"))}


def test_does_not_trump_partners_winning_ace_when_void() -> None:
    state = HandState.from_text(VOID, dealer="W").apply_all("order, discard 9D, AC, 9C")
    assert state.turn is Seat.SOUTH
    assert {a.card for a in state.legal_actions() if a.card} == set(parse_cards("JH AH 9S QS TS"))
    # partner is winning: throw off the lowest plain card, keep the trumps
    assert choices(state) == {play(Card.parse("9S"))}


def test_trumps_an_opponents_winning_card_as_cheaply_as_it_can() -> None:
    state = HandState.from_text(VOID, dealer="W").apply_all("order, discard 9D, TC, QC")
    assert state.turn is Seat.SOUTH
    # east's queen wins; south is void in clubs: the ace of trump does it, the right bower is kept
    assert choices(state) == {play(Card.parse("AH"))}


def test_takes_a_trick_cheaply_when_following() -> None:
    # east leads the 9 of clubs into south's K and 10: the 10 wins, the king is kept
    text = "S: KC TC JH AH QS  W: 9D TD JD QD KD  N: AC KH QH 9S TS  E: 9C JC QC AD AS  kitty: 9H TH JS KS"
    state = HandState.from_text(text, dealer="N").apply_all("pass, pass, pass, order, discard 9S, 9C")
    assert state.turn is Seat.SOUTH and state.trump is Suit.HEARTS
    assert choices(state) == {play(Card.parse("TC"))}


def test_cannot_win_plays_lowest() -> None:
    state = HandState.from_text(FOLLOW, dealer="W").apply_all("order, discard 9D, 9S, AS")
    assert state.turn is Seat.SOUTH
    # east's ace of spades wins; south must follow with its queen (only spade)
    assert choices(state) == {play(Card.parse("QS"))}


# --- bidding -------------------------------------------------------------------

BOWERS = "S: JH JD AS 9C TC  W: 9D TD QD KD AD  N: AC KC QC JC 9S  E: TS QS KS JS AH  kitty: 9H TH QH KH"
NOTHING = "S: 9C TC 9D QS KS  W: TD QD KD AD JD  N: AC KC QC JC 9S  E: TS AS JS AH KH  kitty: 9H TH QH JH"


def test_orders_up_with_both_bowers_and_an_ace() -> None:
    state = HandState.from_text(BOWERS, dealer="E")  # south bids first; the opponent dealer gets 9H
    assert state.turn is Seat.SOUTH and state.phase is Phase.BIDDING_1
    assert choices(state) == {order_up()}


def test_passes_with_nothing_in_both_rounds() -> None:
    state = HandState.from_text(NOTHING, dealer="E")
    assert choices(state) == {PASS}
    round_2 = state.apply_all("pass, pass, pass, pass")
    assert round_2.phase is Phase.BIDDING_2 and round_2.turn is Seat.SOUTH
    assert choices(round_2) == {PASS}


def test_stuck_dealer_names_its_best_suit() -> None:
    # stick the dealer: south deals, everyone passes twice; south holds three spades
    state = HandState.from_text(NOTHING, dealer="S", rules=Rules(stick_the_dealer=True))
    state = state.apply_all("pass, pass, pass, pass, pass, pass, pass")
    assert state.turn is Seat.SOUTH and PASS not in state.legal_actions()
    assert choices(state) == {call(Suit.SPADES)}


def test_calls_a_strong_suit_in_round_two() -> None:
    # up-card 9H is turned down; south has both black bowers, the ace and king of spades
    text = "S: JS JC AS KS 9D  W: TD QD KD AD JD  N: AC KC QC TC 9C  E: TS QS 9S AH KH  kitty: 9H TH QH JH"
    state = HandState.from_text(text, dealer="E").apply_all("pass, pass, pass, pass")
    assert state.turn is Seat.SOUTH
    found = choices(state)
    assert found <= {call(Suit.SPADES), call(Suit.SPADES, alone=True)}
    assert call(Suit.SPADES, alone=True) in found  # 3 + 2.5 + 2 + 1.75 + void bonus: a monster


def test_goes_alone_only_with_a_monster() -> None:
    monster = "S: JH JD AH KH AS  W: 9D TD QD KD AD  N: AC KC QC JC 9S  E: TS QS KS JS 9C  kitty: 9H TH QH TC"
    found = choices(HandState.from_text(monster, dealer="E"))
    assert order_up(alone=True) in found
    # both bowers and an ace order up, but never alone
    assert order_up(alone=True) not in choices(HandState.from_text(BOWERS, dealer="E"))


def test_dealer_counts_the_up_card() -> None:
    # south deals and would pick up the right bower: with the ace and king of hearts that is plenty
    text = "S: AH KH 9C TC QS  W: 9D TD QD KD AD  N: AC KC QC JC 9S  E: TS KS JS AS JD  kitty: JH TH QH 9H"
    state = HandState.from_text(text, dealer="S").apply_all("pass, pass, pass")
    assert state.turn is Seat.SOUTH
    assert choices(state) == {order_up()}


def test_point_count() -> None:
    assert hand_points(parse_cards("JH JD AS 9C TC"), Suit.HEARTS) == pytest.approx(3 + 2.5 + 1 + 0.5)
    assert hand_points(parse_cards("9C TC 9D QS KS"), Suit.HEARTS) == 0
    assert hand_points(parse_cards("JK 9C TC 9D QS"), Suit.HEARTS) == pytest.approx(3.5)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(JOKER_DECK), max_size=7, unique=True), st.sampled_from(list(Suit)))
def test_the_point_count_of_a_bitmask_is_the_point_count_of_its_cards(hand: list[Card], trump: Suit) -> None:
    assert mask_points(mask_of(hand), trump) == hand_points(hand, trump)


# --- discard -------------------------------------------------------------------


def test_dealer_discards_to_short_suit_itself() -> None:
    # east deals and picks up 9H: it holds TD KD AD (diamonds, JD is the left bower) and a lone 10 of spades
    text = "S: AS 9C TC QD 9D  W: JH AH KH QS KS  N: AC KC QC JC 9S  E: TD JD KD AD TS  kitty: 9H TH QH JS"
    state = HandState.from_text(text, dealer="E").apply_all("pass, order")
    assert state.phase is Phase.DISCARD and state.turn is Seat.EAST
    assert choices(state) == {discard(Card.parse("TS"))}


def test_discard_never_throws_trump_when_it_can_help_it() -> None:
    cards = parse_cards("JH AH KH QH 9H AS")
    assert choose_discard(cards, Suit.HEARTS, cards) is Card.parse("AS")
    cards = parse_cards("JH AH KH QH 9H TH")
    assert choose_discard(cards, Suit.HEARTS, cards) is Card.parse("9H")
    # the up-card may not be discarded: the lowest trump that may go
    assert choose_discard(cards, Suit.HEARTS, parse_cards("JH AH KH QH TH")) is Card.parse("TH")
    # keeps aces: the king of a doubleton goes before a lone ace
    cards = parse_cards("JH AH KH AS KC 9C")
    assert choose_discard(cards, Suit.HEARTS, cards) is Card.parse("9C")


def test_discard_respects_the_no_up_card_rule() -> None:
    text = "S: AS 9C TC QD 9D  W: JH AH KH QS KS  N: AC KC QC JC 9S  E: TH JD KD AD TS  kitty: 9H TD QH JS"
    state = HandState.from_text(text, dealer="E", rules=Rules(dealer_may_discard_up_card=False))
    state = state.apply_all("pass, order")
    found = choices(state)
    assert discard(Card.parse("9H")) not in found and found == {discard(Card.parse("TS"))}


# --- leads ---------------------------------------------------------------------


def test_leads_an_ace() -> None:
    text = "S: AS 9C TC QD 9D  W: JH AH KH QS KS  N: AC KC QC JC 9S  E: TD JD KD AD TS  kitty: 9H TH QH JS"
    state = HandState.from_text(text, dealer="E").apply_all("pass, order, discard TS")
    assert state.turn is Seat.SOUTH and state.phase is Phase.PLAY
    assert choices(state) == {play(Card.parse("AS"))}


def test_maker_leads_the_right_bower() -> None:
    state = HandState.from_text(BOWERS, dealer="E").apply_all("order, discard TS")
    assert state.turn is Seat.SOUTH and state.maker is Seat.SOUTH
    assert choices(state) == {play(Card.parse("JH"))}


def test_defender_does_not_lead_trump() -> None:
    text = "S: 9H TH 9C TC QD  W: JH AH KH QS KS  N: AC KC QC JC 9S  E: TD JD KD AD TS  kitty: QH AS 9D JS"
    state = HandState.from_text(text, dealer="E").apply_all("pass, order, discard TS")
    assert state.turn is Seat.SOUTH
    (action,) = choices(state)
    assert action.card is not None and action.card.suit is not Suit.HEARTS


# --- the joker, the farmer's hand, lone defence ------------------------------------


def test_joker_is_top_trump_in_bidding_and_play() -> None:
    rules = Rules(joker=True)
    text = "S: JK JH AH 9C TC  W: 9D TD QD KD AD  N: AC KC QC JC 9S  E: TS QS KS JS AS  kitty: 9H TH QH KH JD"
    state = HandState.from_text(text, dealer="E", rules=rules)
    assert choices(state) <= {order_up(), order_up(alone=True)}
    played = state.apply_all("order, discard TS")
    assert choices(played) == {play(JOKER)}


def test_throws_in_a_farmers_hand() -> None:
    for variant, hand in ((FarmersHand.NINES_TENS, "9C TC 9D TD 9S"), (FarmersHand.ACE_NO_FACE, "AC TC 9D TD 9S")):
        rest = {
            "9C TC 9D TD 9S": "W: JC QC KC AC JD  N: QD KD AD 9H TH  E: JH QH KH AH TS  kitty: JS QS KS AS",
            "AC TC 9D TD 9S": "W: JC QC KC 9C JD  N: QD KD AD 9H TH  E: JH QH KH AH TS  kitty: JS QS KS AS",
        }[hand]
        state = HandState.from_text(f"S: {hand}  {rest}", dealer="E", rules=Rules(farmers_hand=variant))
        assert state.phase is Phase.FARMER and state.turn is Seat.SOUTH
        assert choices(state) == {THROW_IN}


def test_lone_defence_only_with_a_monster() -> None:
    rules = Rules(lone_defender=True)
    # west orders clubs; south (a defender) holds the top three hearts... and nothing in clubs
    text = "S: JH JD AH KH AS  W: 9C TC JC QC KC  N: 9D TD QD KD AD  E: TS QS KS JS 9S  kitty: AC 9H TH QH"
    state = HandState.from_text(text, dealer="E", rules=rules).apply_all("pass, order, discard 9S")
    assert state.phase is Phase.DEFEND and state.turn is Seat.SOUTH
    assert choices(state) == {PASS}
    # ...but with the right bower, left bower, ace and king of their trump, south goes it alone
    text = "S: JC JS AC KC AH  W: 9C TC QC 9H TH  N: 9D TD QD KD AD  E: TS QS KS 9S JD  kitty: AS JH QH KH"
    state = HandState.from_text(text, dealer="E", rules=rules).apply_all("pass, pass, pass, pass, pass, call C")
    assert state.phase is Phase.DEFEND and state.turn is Seat.SOUTH
    assert choices(state) == {Action(ActionKind.DEFEND_ALONE)}


def test_reasons_are_given() -> None:
    state = HandState.from_text(BOWERS, dealer="E")
    decision = NovicePlayer(3).decide(state.view(Seat.SOUTH))
    assert decision.action is order_up() and isinstance(decision.reason, str) and "points" in decision.reason


# --- going alone: a bar a club player would recognise ----------------------------------------
# The complaint: partner Novice went alone with two trumps (the right bower and the 9 of clubs
# it picked up); after Undo Round it did the same again. Alone needs the top trump, three
# trumps or more and four tricks the hand can count on by itself.

CANADIAN = Rules(canadian_loner=True)
# S deals and turns up 9C; N (S's partner) holds the right bower, the ten and two red aces.
TWO_TRUMPS = "S: AC QC 9D TD QH  W: KC JD QD KD 9S  N: JC TC AH AD KS  E: JH 9H TH KH AS  kitty: 9C TS JS QS"
# N deals and picks up 9C, holding the right bower and three aces: five cards, two trumps.
DEALER_TWO_TRUMPS = "S: AC QC 9D TD QH  W: KC JD QD KD 9S  N: JC AH AD AS KH  E: JH 9H TH TC KS  kitty: 9C TS JS QS"
# E deals and turns up 9C; N holds the three top clubs and two red aces.
TOP_THREE = "S: QC KC 9D TD QH  W: TC JD QD KD 9S  N: JC JS AC AH AD  E: JH 9H TH KH AS  kitty: 9C TS KS QS"


def test_the_dealers_partner_never_goes_alone_with_two_trumps_under_the_canadian_loner() -> None:
    # ordering up would be going alone (Canadian loner): with two trumps it passes
    state = HandState.from_text(TWO_TRUMPS, dealer="S", rules=CANADIAN).apply(PASS)  # W passes
    assert state.turn is Seat.NORTH and order_up() not in state.legal_actions()
    assert choices(state) == {PASS}


def test_the_dealer_with_two_trumps_orders_up_but_never_alone() -> None:
    state = HandState.from_text(DEALER_TWO_TRUMPS, dealer="N").apply_all("pass, pass, pass")
    assert state.turn is Seat.NORTH
    assert choices(state) == {order_up()}


def test_the_three_top_trumps_and_two_aces_always_go_alone() -> None:
    state = HandState.from_text(TOP_THREE, dealer="E").apply_all("pass, pass")  # S, W pass
    assert state.turn is Seat.NORTH
    assert choices(state) == {order_up(alone=True)}


@pytest.mark.parametrize(
    ("cards", "trump", "tricks", "alone"),
    [
        ("JC JS AC AH AD", Suit.CLUBS, 5, True),  # the top three trumps and two aces
        ("JC JS AC KC 9H", Suit.CLUBS, 4, True),  # four trumps, the top three among them
        ("JC AC KC QC AH", Suit.CLUBS, 5, True),  # four trumps (the left out) and an ace
        ("JC 9C AH AD AS", Suit.CLUBS, 4, False),  # four sure tricks, but two trumps
        ("JC TC 9C AH AD", Suit.CLUBS, 3, False),  # the right, two low trumps, two aces
        ("JC AC KC AH 9D", Suit.CLUBS, 2, False),  # three trumps, the left outstanding
        ("JS AC KC QC AH", Suit.CLUBS, 5, False),  # four trumps and an ace, but not the right bower
        ("JK JC JS AH 9D", Suit.CLUBS, 4, True),  # the joker, both bowers and an ace
    ],
)
def test_sure_tricks_and_the_loner_bar(cards: str, trump: Suit, tricks: int, alone: bool) -> None:
    joker = "JK" in cards
    assert sure_tricks(parse_cards(cards), trump, joker) == tricks
    assert is_loner(parse_cards(cards), trump, joker) is alone
