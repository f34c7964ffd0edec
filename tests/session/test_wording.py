"""How moves, results and refusals are said to people."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from euchre_qt.engine import (
    PASS,
    Action,
    ActionKind,
    Card,
    HandResult,
    HandState,
    IllegalActionError,
    Outcome,
    Phase,
    Seat,
    Suit,
    call,
    order_up,
    parse_cards,
    play,
)
from euchre_qt.engine.actions import DEFEND_ALONE, THROW_IN, discard
from euchre_qt.engine.ai import reasons
from euchre_qt.session import wording
from euchre_qt.session.events import (
    BidMade,
    CardPlayed,
    DealerDiscarded,
    Event,
    GameEnded,
    HandEnded,
    MoveRefused,
    TrickWon,
    TurnStarted,
)

S, W, N, E = Seat
NAMES = ("You", "Wes", "Nell", "Ed")
JH = Card.parse("JH")


def card(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [("JH", "Jack of Hearts"), ("9D", "Nine of Diamonds"), ("TC", "Ten of Clubs"), ("AS", "Ace of Spades")],
)
def test_cards_are_named_in_full(text: str, name: str) -> None:
    assert wording.card_name(card(text)) == name


@pytest.mark.parametrize(
    ("who", "action", "kwargs", "said"),
    [
        ("Nell", PASS, {}, "Nell passes"),
        ("Ed", order_up(alone=True), {"up_suit": Suit.DIAMONDS}, "Ed orders up Diamonds, alone"),
        ("Ed", order_up(), {"dealer": True}, "Ed picks it up"),
        ("Wes", play(card("9D")), {}, "Wes plays the Nine of Diamonds"),
        ("Wes", call(Suit.SPADES), {}, "Wes calls Spades"),
        ("Ed", Action(ActionKind.DISCARD), {}, "Ed discards"),
        ("Ed", discard(card("9C")), {}, "Ed discards the Nine of Clubs"),
        ("", discard(card("9C")), {"you": True}, "You discard the Nine of Clubs"),
        ("", PASS, {"you": True}, "You pass"),
        ("Nell", DEFEND_ALONE, {}, "Nell defends alone"),
        ("Nell", THROW_IN, {}, "Nell throws in a farmer's hand"),
    ],
)
def test_moves_are_said_of_their_player(who: str, action: Action, kwargs: dict[str, object], said: str) -> None:
    assert wording.move_sentence(who, action, **kwargs) == said  # type: ignore[arg-type]


def test_a_sentence_ends_once() -> None:
    """A question keeps its question mark (a terminal's prompt read "or pass?.")."""
    assert wording.sentence("Your turn: order up or pass?") == "Your turn: order up or pass?"
    assert wording.sentence("Wes plays the Nine of Diamonds") == "Wes plays the Nine of Diamonds."
    assert wording.sentence("Back to the start of the hand.") == "Back to the start of the hand."


def test_events_are_said_for_the_person_at_the_screen() -> None:
    say: Callable[[Event], str | None] = lambda e: wording.event_sentence(e, NAMES, you=S)  # noqa: E731
    assert say(BidMade(seq=1, seat=E, action=order_up(alone=True), round=1, dealer=False, trump=Suit.DIAMONDS)) == (
        "Ed orders up Diamonds, alone"
    )
    assert say(CardPlayed(seq=2, seat=W, card=card("9D"), trick=1)) == "Wes plays the Nine of Diamonds"
    assert say(CardPlayed(seq=2, seat=S, card=card("9D"), trick=1)) == "You play the Nine of Diamonds"
    assert say(TrickWon(seq=3, winner=E, trick=1, plays=(), tricks_won=(0, 0, 0, 1))) == "Ed wins the trick"
    assert say(DealerDiscarded(seq=4, dealer=E)) == "Ed discards"
    assert say(TurnStarted(seq=5, seat=S, phase=Phase.PLAY, dealer=E)) == "Your turn: play a card"
    assert say(TurnStarted(seq=5, seat=S, phase=Phase.BIDDING_1, dealer=S)) == "Your turn: pick it up or pass?"
    made = HandEnded(
        seq=6,
        deal_number=0,
        outcome=Outcome.MADE,
        maker=N,
        alone=False,
        lone_defender=None,
        tricks=(3, 2),
        points=(1, 0),
        scores=(1, 0),
    )
    assert say(made) == "We made 3 tricks: 1 point"
    euchred = HandEnded(
        seq=6,
        deal_number=0,
        outcome=Outcome.EUCHRE,
        maker=E,
        alone=False,
        lone_defender=None,
        tricks=(4, 1),
        points=(2, 0),
        scores=(2, 0),
    )
    assert say(euchred) == "They were euchred with 1 trick: we score 2 points"
    assert say(GameEnded(seq=7, winner=1, scores=(6, 10), slam=False)) == "They win the game, 10 to 6"


def test_refusals_say_what_is_wrong_in_a_players_words() -> None:
    hand = HandState.from_text(
        "S: JH JD AH 9C 9S  W: AC KC QC TC 9D  N: TD QD KD AD TS  E: KH QH TH JC JS  kitty: 9H", dealer="E"
    ).apply_all("order, discard JS, 9C")
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(play(card("9D")))
    error = caught.value
    refused = MoveRefused(seq=1, seat=W, why=error.why, suit=error.suit, follow_trump=error.follow_trump)
    assert wording.refusal(refused) == "You must follow Clubs."
    assert wording.refusal(refused, NAMES, you=False) == "Wes must follow Clubs."
    trump = MoveRefused(seq=1, seat=S, why="must follow suit", suit=Suit.HEARTS, follow_trump=True)
    assert wording.refusal(trump) == "You must follow trump."
    assert wording.refusal(MoveRefused(seq=1, seat=S, why="not your turn", turn=W)) == "It is not your turn."
    wrong = MoveRefused(seq=1, seat=S, why="wrong move", phase=Phase.BIDDING_1)
    assert wording.refusal(wrong) == "It is time to pass or order up."
    canadian = MoveRefused(seq=1, seat=S, why="must go alone", phase=Phase.BIDDING_1)
    assert wording.refusal(canadian) == "Canadian loner: the dealer's partner who orders up must go alone."


def test_the_end_of_hand_sentence_names_maker_and_defender() -> None:
    result = HandResult(Outcome.EUCHRE, S, True, W, (1, 4), (0, 4))
    assert (
        wording.hand_result(result)
        == "South made trump and went alone; West defended alone, euchred with 1 trick: West/East score 4."
    )
    assert wording.hand_result(result, NAMES).startswith("You made trump and went alone; Wes defended alone")


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        (reasons.OnlyMove(), "the only legal move"),
        (reasons.ThrowIn(), "a farmer's hand: nothing but nines and tens, so throw it in"),
        (
            reasons.PlayChoice(card("QC"), reasons.PlayWhy.PARTNER_WINNING, -0.25, 9, 16),
            "partner is winning this trick, so play low (best in 9 of 16 likely deals, -0.25 points expected)",
        ),
        (
            reasons.PlayChoice(card("QC"), reasons.PlayWhy.LEAD, 0.31, 90, 160, close=True),
            "lead it (no card does clearly better over 160 likely deals, +0.31 points expected)",
        ),
        (
            reasons.PassChoice(call(Suit.HEARTS, alone=True), 0.4, -0.3, 0.1),
            "call hearts and go alone would be made in 40% of likely deals (-0.30 points expected), "
            "passing is worth +0.10",
        ),
        (
            reasons.DiscardChoice(card("9C"), parse_cards("JH JD AH AS"), Suit.HEARTS),
            "that keeps both bowers, the ace of trump, an off ace and two voids",
        ),
        (reasons.DefenceChoice(alone=False), "not strong enough to defend alone"),
        (
            reasons.DefenceChoice(True, 1.5, 0.5),
            "a lone defender who euchres the makers scores 4 (+1.50 points expected against +0.50 with partner)",
        ),
        (
            reasons.DefenceChoice(False, 0.2, 0.5),
            "two defenders take more tricks than one (+0.50 points expected with partner, +0.20 alone)",
        ),
        ("picked at random", "picked at random"),
    ],
)
def test_a_computer_players_reason_is_worded_here(reason: reasons.Reason | str, said: str) -> None:
    assert wording.reason_text(reason) == said


def test_a_hint_says_the_move_then_why() -> None:
    lead = reasons.PlayChoice(card("QC"), reasons.PlayWhy.LEAD, 0.5, 14, 16)
    assert wording.hint_text(play(card("QC")), lead).startswith("Hint: play the Queen of Clubs — lead it (best in 14")
    bid = reasons.BidChoice(order_up(), Suit.HEARTS, parse_cards("JH JD 9C 9S TC"), 2.1, 0.8, 0.9, None)
    assert wording.hint_text(order_up(), bid, dealer=True).startswith("Hint: pick it up — both bowers and a void;")
    assert wording.hint_text(PASS, "") == "Hint: pass"


def test_a_hand_is_summed_up_by_what_makes_it_strong_in_trump() -> None:
    assert wording.hand_strength(parse_cards("JH JD AH AS KH"), Suit.HEARTS) == (
        "both bowers, two other trumps, an off ace and two voids"
    )
    assert wording.hand_strength(parse_cards("9C TC 9D TD 9S"), Suit.HEARTS) == "no trump to speak of"
    # no bower: the trumps are not "other" than anything
    assert wording.hand_strength(parse_cards("AS KS 9S QC 9C"), Suit.SPADES) == "three trumps and two voids"


def test_your_turn_after_clubs_were_led_names_clubs() -> None:
    """Clubs is suit 0: it is named, never "no suit"."""
    hand = HandState.from_text(
        "S: JH JD AH KH QH  W: 9S TS JS QS KS  N: 9D TD QD KD AD  E: 9C TC JC QC KC  kitty: 9H TH AC AS",
        dealer="N",
    )
    hand = hand.apply(order_up()).apply(discard(Card.parse("9D"))).apply(play(Card.parse("9C")))
    said = wording.your_turn(hand, hand.legal_actions(), NAMES, Seat.SOUTH)
    assert said == "Your turn: no Clubs, play any card. The Nine of Clubs was led"
