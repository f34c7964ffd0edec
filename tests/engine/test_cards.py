"""R1 and R12: cards, their text forms, and the trump-aware order. Also the action texts."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_qt.engine import (
    DEFEND_ALONE,
    JOKER,
    PASS,
    THROW_IN,
    Action,
    Card,
    Rank,
    Seat,
    Suit,
    call,
    cards_text,
    discard,
    effective_suit,
    is_trump,
    order_up,
    parse_cards,
    play,
    sort_hand,
    strength,
    winning_index,
)
from euchre_qt.engine.cards import JOKER_DECK, STANDARD_DECK

from .helpers import ref_power, ref_suit, ref_trick_winner


def test_text_forms_round_trip() -> None:
    for card in JOKER_DECK:
        assert Card.parse(card.text) is card
        assert str(card) == card.text
    assert cards_text(parse_cards("9C TD JH QS KC AD JK")) == "9C TD JH QS KC AD JK"
    assert Card.parse("10d") is Card.parse("TD") is Card(Suit.DIAMONDS, Rank.TEN)
    assert Card.parse("joker") is JOKER and JOKER.is_joker and JOKER.suit is None
    assert parse_cards("JH, JD") == (Card.parse("JH"), Card.parse("JD"))
    assert len(STANDARD_DECK) == 24 and len(set(STANDARD_DECK)) == 24
    assert len(JOKER_DECK) == 25 and JOKER in JOKER_DECK


@pytest.mark.parametrize("bad", ["", "J", "1H", "JX", "HJ", "AA", "11S"])
def test_bad_card_text_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


def test_cards_are_interned_and_immutable() -> None:
    assert Card(Suit.HEARTS, Rank.JACK) is Card.parse("JH")
    with pytest.raises(AttributeError):
        Card.parse("JH").rank = Rank.ACE
    with pytest.raises(ValueError):
        Card(None, Rank.ACE)


def test_seats_go_clockwise() -> None:
    assert [s.letter for s in Seat] == ["S", "W", "N", "E"]
    assert Seat.SOUTH.left is Seat.WEST and Seat.EAST.left is Seat.SOUTH
    assert Seat.SOUTH.partner is Seat.NORTH and Seat.WEST.partner is Seat.EAST
    assert Seat.SOUTH.right is Seat.EAST
    assert Seat.SOUTH.team == Seat.NORTH.team == 0 and Seat.WEST.team == Seat.EAST.team == 1
    assert Seat.parse("north") is Seat.NORTH
    assert Suit.parse("h") is Suit.HEARTS and Suit.HEARTS.same_colour is Suit.DIAMONDS


def test_trump_order_hearts() -> None:
    """R1: right bower > left bower > A K Q T 9 of trump > any plain card."""
    order = parse_cards("JH JD AH KH QH TH 9H")
    powers = [strength(c, Suit.HEARTS) for c in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 7
    assert min(powers) > max(strength(c, Suit.HEARTS) for c in parse_cards("AS AC AD KD"))
    # plain suits: A K Q J T 9 (the jack is an ordinary card in a suit of the other colour)
    plain = parse_cards("AS KS QS JS TS 9S")
    assert [strength(c, Suit.HEARTS) for c in plain] == sorted((strength(c, Suit.HEARTS) for c in plain), reverse=True)


def test_left_bower_is_trump_not_its_printed_suit() -> None:
    jd = Card.parse("JD")
    assert effective_suit(jd, Suit.HEARTS) is Suit.HEARTS
    assert is_trump(jd, Suit.HEARTS)
    assert effective_suit(jd, Suit.DIAMONDS) is Suit.DIAMONDS  # the right bower
    assert effective_suit(jd, Suit.SPADES) is Suit.DIAMONDS  # just a jack
    assert effective_suit(jd, None) is Suit.DIAMONDS
    assert not is_trump(Card.parse("JC"), Suit.HEARTS)


def test_joker_is_top_trump_of_every_suit() -> None:
    """R12: the joker ("benny") is always trump and beats the right bower."""
    for trump in Suit:
        assert effective_suit(JOKER, trump) is trump
        assert is_trump(JOKER, trump)
        right = Card(trump, Rank.JACK)
        assert strength(JOKER, trump) > strength(right, trump)
    assert winning_index(parse_cards("JH JK AH 9H"), Suit.HEARTS) == 1


@pytest.mark.parametrize("trump", list(Suit))
def test_tables_agree_with_a_reference_ranking(trump: Suit) -> None:
    """Every card, every trump, every led suit: the engine's tables against ref_* in helpers."""
    for card in JOKER_DECK:
        assert effective_suit(card, trump) is ref_suit(card, trump)
    for led in JOKER_DECK:
        for other in JOKER_DECK:
            if other is led:
                continue
            assert winning_index([led, other], trump) == ref_trick_winner([led, other], trump), (led, other, trump)
            led_suit = ref_suit(led, trump)
            if ref_power(other, trump, led_suit) and ref_power(led, trump, led_suit):
                assert (strength(other, trump) > strength(led, trump)) == (
                    ref_power(other, trump, led_suit) > ref_power(led, trump, led_suit)
                )


def test_trick_winner_examples() -> None:
    hearts = Suit.HEARTS
    assert winning_index(parse_cards("AS KS 9H QS"), hearts) == 2  # trumped
    assert winning_index(parse_cards("AS JD 9H QS"), hearts) == 1  # left bower over 9 of trump
    assert winning_index(parse_cards("KC AC JC 9C"), hearts) == 1  # plain suit: ace high
    assert winning_index(parse_cards("KC AD AS TC"), hearts) == 0  # off-suit aces never win
    assert winning_index(parse_cards("JD JH"), hearts) == 1  # right over left
    assert winning_index(parse_cards("JD AD"), hearts) == 0  # left bower led is trump, not a diamond


def test_sort_hand_groups_by_effective_suit_trump_first() -> None:
    hand = parse_cards("9C JD AH 9S JH KD")
    assert cards_text(sort_hand(hand, Suit.HEARTS)) == "JH JD AH 9S KD 9C"
    assert cards_text(sort_hand(hand)) == "9S AH JH 9C KD JD"  # spades, hearts, clubs, diamonds


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", PASS),
        ("order", order_up()),
        ("order alone", order_up(alone=True)),
        ("call H", call(Suit.HEARTS)),
        ("call s alone", call(Suit.SPADES, alone=True)),
        ("discard 9C", discard(Card.parse("9C"))),
        ("defend alone", DEFEND_ALONE),
        ("throw in", THROW_IN),
        ("play JH", play(Card.parse("JH"))),
        ("JH", play(Card.parse("JH"))),
        ("play JK", play(JOKER)),
    ],
)
def test_action_text_forms(text: str, action: Action) -> None:
    assert Action.parse(text) == action
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("bad", ["", "bid", "pass alone", "call", "call X", "order H", "discard", "play", "ZZ"])
def test_bad_action_text_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(bad)


def test_a_sorted_hand_alternates_colours_around_a_missing_suit() -> None:
    # spades trump and no hearts: clubs next to spades would put two black groups together
    assert cards_text(sort_hand(parse_cards("9C AS KD JS TC QD"), Suit.SPADES)) == "JS AS KD QD TC 9C"
    # no trump named yet, no spades: hearts, clubs, diamonds alternate
    assert cards_text(sort_hand(parse_cards("9D AH KC TD QH"))) == "AH QH KC TD 9D"
    # bidding (no trump), spades and clubs and diamonds: spades, diamonds, clubs
    assert cards_text(sort_hand(parse_cards("9S TC AD KS JC"))) == "KS 9S AD JC TC"


@given(st.lists(st.sampled_from(JOKER_DECK), min_size=1, max_size=6, unique=True), st.sampled_from([None, *Suit]))
def test_sorted_suit_groups_clash_in_colour_only_where_they_must(cards: list[Card], trump: Suit | None) -> None:
    groups = list(dict.fromkeys(effective_suit(c, trump) for c in sort_hand(cards, trump)))
    suits = [s for s in groups if s is not None]
    reds = sum(s.is_red for s in suits)
    blacks = len(suits) - reds
    clashes = sum(a.is_red == b.is_red for a, b in itertools.pairwise(suits))
    # trump first may cost one clash more than the colours' counts force
    assert clashes <= max(0, abs(reds - blacks) - 1) + (1 if trump in suits else 0)
    if trump in suits:
        assert suits[0] is trump
