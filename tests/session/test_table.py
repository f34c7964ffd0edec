"""The table session, dealt like a card table: who may move, what is applied (once), and the
events everyone at the table sees."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from euchre_qt.engine import (
    PASS,
    Action,
    Card,
    Game,
    GameFileError,
    HandState,
    Rules,
    Seat,
    SeatView,
    Suit,
    order_up,
    play,
)
from euchre_qt.engine.actions import discard
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.session import ComputerSeat, PersonSeat, TableSession, TurnRequest, event_from_dict, immediate
from euchre_qt.session.events import (
    BidMade,
    CardPlayed,
    DealerDiscarded,
    DealerPickedUp,
    Event,
    GameEnded,
    HandDealt,
    HandEnded,
    TableReset,
    TrickWon,
    TrumpMade,
    TurnStarted,
)

# S orders hearts (9H up, dealer E) with JH JD AH and two low cards and takes exactly 3 tricks;
# E picks up the 9H and lays away JS.
MADE = "S: JH JD AH 9C 9S  W: AC KC QC TC 9D  N: TD QD KD AD TS  E: KH QH TH JC JS  kitty: 9H QS KS AS"
MADE_PLAY = "JH, 9D, TS, 9H, JD, TC, TD, TH, AH, QC, QD, QH, 9C, AC, KD, JC, KC, AD, KH, 9S"

S, W, N, E = Seat


def table(
    deal: str = MADE, dealer: str = "E", rules: Rules | None = None, occupants: Any = None
) -> tuple[TableSession, list[Event]]:
    """A session whose first hand is ``deal``; the events it sends are gathered in the list."""
    game = Game(rules or Rules(), seed=1, first_dealer=Seat.parse(dealer))
    game.hand = HandState.from_text(deal, dealer=dealer, rules=game.rules)
    session = TableSession(game, occupants)
    heard: list[Event] = []
    session.listen(heard.append)
    return session, heard


def moves(session: TableSession, text: str) -> None:
    """Make the moves written like ``"pass, order, discard 9C, JH"``, each by the seat to move."""
    for word in text.split(","):
        seat = session.turn
        assert seat is not None
        refused = session.submit(seat, Action.parse(word))
        assert refused is None, refused


def kinds(events: list[Event]) -> list[str]:
    return [e.TYPE for e in events]


def test_start_shows_the_deal_and_whose_turn() -> None:
    session, heard = table()
    session.start()
    assert kinds(heard) == ["table reset", "hand dealt", "turn started"]
    assert heard[1] == HandDealt(seq=2, deal_number=0, dealer=E, up_card=Card.parse("9H"), scores=(0, 0))
    assert isinstance(heard[2], TurnStarted)
    assert heard[2] == TurnStarted(seq=3, seat=S, phase=heard[2].phase, dealer=E)


def test_ordering_up_makes_trump_and_the_dealer_picks_up_and_discards_in_secret() -> None:
    session, heard = table()
    session.start()
    del heard[:]
    moves(session, "order, discard JS")
    bid, trump, picked, turn, discarded, play_turn = heard
    assert bid == BidMade(seq=4, seat=S, action=order_up(), round=1, dealer=False, trump=Suit.HEARTS)
    assert trump == TrumpMade(seq=5, maker=S, trump=Suit.HEARTS, alone=False, sitting_out=())
    assert picked == DealerPickedUp(seq=6, dealer=E, card=Card.parse("9H"))
    assert isinstance(turn, TurnStarted) and turn.seat is E
    assert discarded == DealerDiscarded(seq=8, dealer=E)
    assert "JS" not in json.dumps(discarded.to_dict())
    assert isinstance(play_turn, TurnStarted) and play_turn.seat is S
    # the dealer alone knows the discard
    assert session.view(E).discarded == Card.parse("JS") and session.view(S).discarded is None


def test_a_trick_is_played_won_and_counted() -> None:
    session, heard = table()
    session.start()
    moves(session, "order, discard JS")
    del heard[:]
    moves(session, "JH, 9D, TS, 9H")
    played = [e for e in heard if isinstance(e, CardPlayed)]
    assert [(e.seat, e.card.text, e.trick) for e in played] == [(S, "JH", 1), (W, "9D", 1), (N, "TS", 1), (E, "9H", 1)]
    (won,) = [e for e in heard if isinstance(e, TrickWon)]
    assert won.winner is S and won.trick == 1 and won.tricks_won == (1, 0, 0, 0)
    assert [c.text for _, c in won.plays] == ["JH", "9D", "TS", "9H"]
    assert isinstance(heard[-1], TurnStarted)
    assert heard[-1] == TurnStarted(seq=heard[-1].seq, seat=S, phase=heard[-1].phase, dealer=E)


def test_the_hand_ends_scored_and_the_next_is_dealt() -> None:
    session, heard = table()
    session.start()
    moves(session, "order, discard JS, " + MADE_PLAY)
    ended = [e for e in heard if isinstance(e, HandEnded)]
    assert len(ended) == 1
    (end,) = ended
    assert end.maker is S and end.points == (1, 0) and end.scores == (1, 0) and end.tricks == (3, 2)
    after = heard[heard.index(end) + 1 :]
    assert kinds(after) == ["hand dealt", "turn started"]
    assert isinstance(after[0], HandDealt) and after[0].deal_number == 1 and after[0].dealer is S
    assert session.game.scores == (1, 0)


def test_out_of_turn_and_illegal_moves_are_refused_with_the_reason_and_change_nothing() -> None:
    session, heard = table()
    session.start()
    moves(session, "order, discard JS, JH")
    before = session.game.to_json()
    refused = session.submit(N, play(Card.parse("TS")))
    assert refused is not None and refused.why == "not your turn" and refused.turn is W
    moves(session, "9D")
    refused = session.submit(N, play(Card.parse("TD")))  # N holds TD QD KD AD TS: no heart, any card goes
    assert refused is None
    refused = session.submit(E, play(Card.parse("JC")))  # E holds KH TH: must follow hearts
    assert refused is not None and refused.why == "must follow suit" and refused.suit is Suit.HEARTS
    assert refused.follow_trump and heard[-1] is refused
    refused = session.submit(E, play(Card.parse("AS")))
    assert refused is not None and refused.why == "not held"
    assert session.game.actions[-1] == play(Card.parse("TD"))
    assert before != session.game.to_json()  # (the two legal moves were made) ...
    assert len(session.game.actions) == 5  # ... and nothing else


def test_a_refusal_in_the_bidding_says_what_the_table_waits_for() -> None:
    session, _ = table()
    session.start()
    refused = session.submit(S, discard(Card.parse("9C")))
    assert refused is not None and refused.why == "wrong move" and str(refused.phase) == "round 1"


def test_each_move_is_applied_once() -> None:
    session, _ = table()
    calls: list[Action] = []
    real_apply = session.game.apply

    def counting(action: Action) -> None:
        calls.append(action)
        real_apply(action)

    session.game.apply = counting  # type: ignore[method-assign]
    session.start()
    moves(session, "pass, order, discard JS")
    assert calls == [PASS, order_up(), discard(Card.parse("JS"))]


class Waiting:
    """A computer seat that thinks later: its ``done`` calls are kept for the test to make."""

    def __init__(self) -> None:
        self.asked: list[tuple[SeatView, Any]] = []

    def think(self, request: TurnRequest, done: Any) -> None:
        self.asked.append((request.view, done))


class Answer:
    def __init__(self, action: Action) -> None:
        self.action = action


def test_a_computer_seat_is_asked_with_its_own_view_and_its_late_answer_is_applied() -> None:
    slow = Waiting()
    session, _ = table(occupants=[PersonSeat(), ComputerSeat(slow.think), PersonSeat(), PersonSeat()])
    session.start()
    moves(session, "pass")
    ((view, done),) = slow.asked
    assert view.seat is W and view.my_turn and view.revealed_hands is None
    assert session.turn is W
    done(Answer(PASS))
    assert session.turn is N


def test_an_answer_to_a_position_undone_is_dropped() -> None:
    slow = Waiting()
    session, heard = table(occupants=[PersonSeat(), ComputerSeat(slow.think), PersonSeat(), PersonSeat()])
    session.start()
    moves(session, "pass")
    ((_, done),) = slow.asked
    assert session.undo_hand()
    assert isinstance(heard[-2], TableReset) and heard[-2].why == "undo hand"
    told = len(heard)
    done(Answer(PASS))  # the request was called off: dropped, and nobody is told
    assert session.game.actions == [] and session.turn is S and len(heard) == told
    ticket = session.ticket
    refused = session.submit(S, PASS, ticket=ticket - 1)
    assert refused is not None and refused.why == "too late"
    assert session.submit(S, PASS, ticket=ticket) is None


def test_an_answer_to_a_request_called_off_at_the_same_position_is_dropped() -> None:
    """South passes; West is asked, play is called off (new players, Auto Play), and West is
    asked again with the same cards: the first answer is stale by its ticket alone."""
    slow = Waiting()
    session, heard = table(occupants=[PersonSeat(), ComputerSeat(slow.think), PersonSeat(), PersonSeat()])
    session.start()
    moves(session, "pass")
    session.cancel()
    session.ask()
    (first_view, first), (again_view, again) = slow.asked
    assert first_view == again_view
    told = len(heard)
    first(Answer(PASS))
    assert session.game.actions == [PASS] and len(heard) == told  # dropped, told to nobody
    again(Answer(PASS))
    assert session.game.actions == [PASS, PASS] and session.turn is N


def test_a_computer_seat_given_to_somebody_on_its_turn_answers_no_more() -> None:
    slow = Waiting()
    session, heard = table(occupants=[PersonSeat(), ComputerSeat(slow.think), PersonSeat(), PersonSeat()])
    session.start()
    moves(session, "pass")
    ((_, done),) = slow.asked
    asked: list[TurnRequest] = []

    class Newcomer(PersonSeat):
        def your_turn(self, request: TurnRequest, submit: Any) -> None:
            asked.append(request)

    session.seat(W, Newcomer())
    told = len(heard)
    done(Answer(PASS))  # the computer's answer, late
    assert session.game.actions == [PASS] and len(heard) == told
    (request,) = asked
    assert request.seat is W and request.ticket == session.ticket
    assert session.submit(W, PASS, ticket=request.ticket) is None


def test_no_two_tables_give_the_same_ticket() -> None:
    """(An answer to a table replaced by another, a new game or a game loaded, never fits it.)"""
    first, _ = table()
    second, _ = table()
    seen: list[int] = []
    for session in (first, second, first, second):
        session.start()
        moves(session, "pass")
        seen.append(session.ticket)
        session.undo_move()
    assert len(set(seen)) == len(seen)
    assert first.submit(S, PASS, ticket=second.ticket) is not None


def test_undo_move_takes_back_to_a_seats_last_move() -> None:
    session, heard = table()
    session.start()
    moves(session, "pass, pass, order")  # S, W, N
    assert session.undo_move({S}) == 3
    assert session.game.actions == [] and session.turn is S
    assert isinstance(heard[-2], TableReset) and heard[-2].why == "undo move"
    assert session.undo_move() == 0 and session.game.actions == []


def test_requests_carry_a_ticket_per_position() -> None:
    got: list[TurnRequest] = []

    class Recorder(PersonSeat):
        def your_turn(self, request: TurnRequest, submit: Any) -> None:
            got.append(request)

    session, _ = table(occupants=[Recorder() for _ in Seat])
    session.start()
    moves(session, "pass, pass")
    assert [r.seat for r in got] == [S, W, N]
    assert len({r.ticket for r in got}) == 3


def test_four_computer_players_play_a_whole_game_inside_start() -> None:
    occupants = [ComputerSeat(immediate(NovicePlayer(seed=s))) for s in range(4)]
    game = Game(Rules(), seed=5)
    session = TableSession(game, occupants)
    heard: list[Event] = []
    session.listen(heard.append)
    session.start()
    assert game.is_over
    assert isinstance(heard[-1], GameEnded) and heard[-1].scores == game.scores
    assert [e.seq for e in heard] == list(range(1, len(heard) + 1))


def test_save_and_load_pass_through_the_engine() -> None:
    session, _ = table()
    session.start()
    moves(session, "pass, order")
    text = session.save()
    other = TableSession(Game(seed=99))
    other_heard: list[Event] = []
    other.listen(other_heard.append)
    other.load(text)
    assert other.game.actions == session.game.actions
    assert isinstance(other_heard[0], TableReset) and other_heard[0].why == "loaded"
    with pytest.raises(GameFileError):
        other.load("{not json")
    assert other.game.actions == session.game.actions


def test_listeners_may_move_inside_an_event_and_still_hear_everything_in_order() -> None:
    session, heard = table()

    def pass_when_asked(event: Event) -> None:
        if isinstance(event, TurnStarted) and event.seat is not S and str(event.phase) == "round 1":
            session.submit(event.seat, PASS)

    session.listen(pass_when_asked)
    session.start()
    session.submit(S, PASS)
    assert [e.seq for e in heard] == list(range(1, len(heard) + 1))
    bids = [(e.seat, e.round) for e in heard if isinstance(e, BidMade)]
    assert bids == [(S, 1), (W, 1), (N, 1), (E, 1)]


def test_events_travel_as_json_and_come_back_equal() -> None:
    occupants = [ComputerSeat(immediate(NovicePlayer(seed=s))) for s in range(4)]
    session = TableSession(Game(Rules(lone_defender=True, stick_the_dealer=True), seed=3), occupants)
    heard: list[Event] = []
    session.listen(heard.append)
    session.start()
    for event in heard:
        wire = json.loads(json.dumps(event.to_dict()))
        assert event_from_dict(wire) == event


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"type": "no such"},
        {"type": "card played", "seq": 1, "seat": "X", "card": "JH", "trick": 1},
        {"type": "card played", "seq": 1, "seat": "S", "card": "ZZ", "trick": 1},
        {"type": "card played", "seq": "1", "seat": "S", "card": "JH", "trick": 1},
        {"type": "card played", "seq": 1, "seat": "S", "card": "JH"},
        {"type": "card played", "seq": 1, "seat": "S", "card": "JH", "trick": 1, "extra": 2},
        {"type": "trick won", "seq": 1, "winner": "S", "trick": 1, "plays": [["S"]], "tricks_won": [1, 0, 0, 0]},
        {
            "type": "hand ended",
            "seq": 1,
            "deal_number": 0,
            "outcome": "won",
            "maker": None,
            "alone": False,
            "lone_defender": None,
            "tricks": [0, 0],
            "points": [0, 0],
            "scores": [0, 0],
        },
    ],
)
def test_a_malformed_event_is_a_value_error(bad: Any) -> None:
    with pytest.raises(ValueError):
        event_from_dict(bad)


def test_a_random_seat_of_random_moves_never_breaks_the_table() -> None:
    """Any request from anyone, legal or not: the game only ever moves by legal moves."""
    rng = random.Random(4)
    session = TableSession(Game(Rules(), seed=11))
    session.start()
    made = 0
    for _ in range(3000):
        if session.game.is_over:
            break
        seat = Seat(rng.randrange(4))
        legal = session.game.legal_actions()
        action = (
            rng.choice(legal)
            if rng.random() < 0.5
            else Action.parse(rng.choice(["pass", "order", "call S", "JH", "9C", "discard TD"]))
        )
        before = len(session.game.actions)
        refused = session.submit(seat, action)
        if refused is None:
            made += 1
            assert len(session.game.actions) == before + 1 and session.game.actions[-1] == action
        else:
            assert len(session.game.actions) == before
    assert made > 50
