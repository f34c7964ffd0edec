"""The learned opening-lead figures: how the model reads a hand (suits by their part, so
every trump suit is one position), what it says at a card table, and that a player told
to break its opening-lead ties by it does so whatever its seed."""

from __future__ import annotations

import pytest

from euchre_qt.engine import Card, HandState, Seat
from euchre_qt.engine.actions import play
from euchre_qt.engine.ai import opening_values
from euchre_qt.engine.ai.advanced import AdvancedPlayer, OraclePlayer
from euchre_qt.engine.ai.opening_values import CARDS, INPUTS, OpeningFacts, card_numbers, inputs
from euchre_qt.engine.cards import JOKER_DECK, Suit, parse_cards
from euchre_qt.engine.view import SeatView


def facts(hand: str, up: str, trump: Suit, round_two: bool = False, joker: bool = False) -> OpeningFacts:
    return OpeningFacts(
        hand=parse_cards(hand),
        up_card=Card.parse(up),
        joker=joker,
        round_two=round_two,
        trump=trump,
        maker=2,
        dealer=3,
        alone=False,
        defending_alone=False,
        stuck_dealer=False,
        our_score=0.3,
        their_score=0.8,
    )


def test_every_card_of_the_jokers_deck_has_its_own_number() -> None:
    numbers = card_numbers(facts("JH 9C TC 9S KD", "QH", Suit.HEARTS, joker=True))
    assert sorted(numbers[c] for c in JOKER_DECK) == list(range(CARDS))


def test_the_bowers_and_the_joker_lead_trumps_numbers() -> None:
    numbers = card_numbers(facts("JH 9C TC 9S KD", "QH", Suit.HEARTS))
    assert [numbers[Card.parse(c)] for c in ("JK", "JH", "JD", "AH", "9H")] == [0, 1, 2, 3, 7]
    # the suit of trump's colour comes next, without its jack (the left bower)
    assert [numbers[Card.parse(c)] for c in ("AD", "9D")] == [8, 12]


def test_a_position_is_the_same_whatever_the_trump_suit() -> None:
    # the same hand with hearts and spades exchanged, and diamonds and clubs
    hearts = inputs(facts("JH AH 9C TC KD", "QH", Suit.HEARTS))
    spades = inputs(facts("JS AS 9D TD KC", "QS", Suit.SPADES))
    assert hearts == spades


def test_the_turned_down_suit_comes_first_of_the_other_two() -> None:
    # hearts turned down, spades named (clubs are trump's colour): the hand holds more
    # diamonds than hearts
    numbers = card_numbers(facts("JS 9D TD QD AH", "QH", Suit.SPADES, round_two=True))
    assert numbers[Card.parse("AH")] < numbers[Card.parse("AD")]
    # in round 1 the suit the hand holds more of comes first
    numbers = card_numbers(facts("JS 9D TD QD AH", "QS", Suit.SPADES))
    assert numbers[Card.parse("AD")] < numbers[Card.parse("AH")]


def test_the_inputs_are_the_five_cards_the_up_card_and_the_facts() -> None:
    ones, scores = inputs(facts("JH 9C TC 9S KD", "QH", Suit.HEARTS))
    assert len(ones) == 5 + 1 + 2  # the cards, the up-card, the maker and the dealer
    assert all(0 <= i < INPUTS for i in ones)
    assert [v for _, v in scores] == [0.3, 0.8]


# East orders diamonds up to the dealer, West. North leads, holding the ace, king and queen
# of spades (equals: nothing lies between them).
DEAL = "S: KH TC QH 9C JC  W: 9S TS 9D AD KC  N: AS KS QS AH TH  E: 9H JH JS JD QD  kitty: TD AC KD QC"


def north_leads_after_east_ordered_up() -> SeatView:
    state = HandState.from_text(DEAL, dealer="W").apply_all("pass, order, discard KC")
    assert state.turn is Seat.NORTH
    return state.view(Seat.NORTH)


def test_the_figures_are_the_hands_cards_less_their_average() -> None:
    view = north_leads_after_east_ordered_up()
    figures = opening_values.lead_values(view)
    assert figures is not None
    assert set(figures) == set(view.hand)
    assert sum(figures.values()) == pytest.approx(0.0, abs=1e-9)


def test_touching_cards_share_their_best_figure() -> None:
    view = north_leads_after_east_ordered_up()
    order = opening_values.tie_order(view)
    assert order is not None
    spades = {order[Card.parse(c)] for c in ("AS", "KS", "QS")}
    assert len(spades) == 1
    figures = opening_values.lead_values(view)
    assert figures is not None
    assert spades == {max(figures[Card.parse(c)] for c in ("AS", "KS", "QS"))}


def test_only_the_opening_lead_is_read() -> None:
    view = north_leads_after_east_ordered_up()
    state = HandState.from_text(DEAL, dealer="W").apply_all("pass, order, discard KC, play AS")
    assert opening_values.lead_values(state.view(Seat.EAST)) is None
    assert OpeningFacts.of(view) is not None


def test_learned_ties_lead_the_same_card_under_every_seed() -> None:
    view = north_leads_after_east_ordered_up()

    def player(seed: int) -> AdvancedPlayer:
        return AdvancedPlayer(seed=seed, opening_tie_errors=3, opening_ties="learned")

    leads = {player(seed).decide(view).action for seed in range(1, 5)}
    assert len(leads) == 1
    # equals go by habit: the ace, not the queen beneath it
    assert leads <= {play(Card.parse(c)) for c in ("AS", "AH", "TH", "9H")}


def test_a_player_that_sees_every_hand_breaks_ties_by_habit() -> None:
    assert AdvancedPlayer(opening_ties="learned").opening_ties == "learned"
    assert OraclePlayer(opening_ties="learned").opening_ties == "habit"
