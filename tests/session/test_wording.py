"""How moves, results and refusals are said to people."""

from __future__ import annotations

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
    play,
)
from euchre_qt.engine.actions import DEFEND_ALONE, THROW_IN, discard
from euchre_qt.session import wording
from euchre_qt.session.events import (
    BidMade,
    CardPlayed,
    DealerDiscarded,
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


def test_events_are_said_for_the_person_at_the_screen() -> None:
    say = lambda e: wording.event_sentence(e, NAMES, you=S)  # noqa: E731
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
    assert wording.refusal(refused) == "You must follow suit: clubs."
    assert wording.refusal(refused, NAMES, you=False) == "Wes must follow suit: clubs."
    trump = MoveRefused(seq=1, seat=S, why="must follow suit", suit=Suit.HEARTS, follow_trump=True)
    assert wording.refusal(trump) == "You must follow suit: trump."
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


def test_a_hint_drops_the_players_own_short_form_of_the_move() -> None:
    assert wording.hint_text(play(card("QC")), "play QC: lead it") == "Hint: play the Queen of Clubs — lead it"
    assert wording.hint_text(order_up(), "order up: two bowers", dealer=True) == "Hint: pick it up — two bowers"
    assert wording.hint_text(PASS, "") == "Hint: pass"
