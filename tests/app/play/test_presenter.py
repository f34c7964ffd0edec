"""The table presenter hands the table session's events, in order, to its subscribers."""

from __future__ import annotations

from collections.abc import Callable

from euchre_qt.app.play.presenter import TablePresenter, ends_a_move
from euchre_qt.app.table.state import Motion, Shown, Stage, TableState
from euchre_qt.engine import Card, Game, Phase, Rules, Seat, play
from euchre_qt.session import TableSession, events


class FakeSession:
    """A table that tells what the test says happened."""

    def __init__(self) -> None:
        self.listeners: list[Callable[[events.Event], None]] = []

    def listen(self, listener: Callable[[events.Event], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def tell(self, *told: events.Event) -> None:
        for event in told:
            for listener in list(self.listeners):
                listener(event)


def played(seq: int, seat: Seat, card: str) -> events.CardPlayed:
    return events.CardPlayed(seq=seq, seat=seat, card=Card.parse(card), trick=1)


def test_every_subscriber_hears_each_event_at_once_in_order() -> None:
    presenter, session = TablePresenter(), FakeSession()
    first: list[events.Event] = []
    second: list[tuple[str, int]] = []
    presenter.at_once(first.append)
    presenter.at_once(lambda e: second.append(("heard", e.seq)))
    presenter.follow(session)
    session.tell(played(1, Seat.SOUTH, "JH"), played(2, Seat.WEST, "TD"), played(3, Seat.NORTH, "9C"))
    assert [(e.seat, str(e.card)) for e in first if isinstance(e, events.CardPlayed)] == [
        (Seat.SOUTH, "JH"),
        (Seat.WEST, "TD"),
        (Seat.NORTH, "9C"),
    ]
    assert second == [("heard", 1), ("heard", 2), ("heard", 3)]


def test_a_new_session_is_followed_and_the_old_one_heard_no_more() -> None:
    presenter, old, new = TablePresenter(), FakeSession(), FakeSession()
    heard: list[int] = []
    presenter.at_once(lambda e: heard.append(e.seq))
    presenter.follow(old)
    old.tell(played(1, Seat.SOUTH, "AS"))
    presenter.follow(new)  # New Game: the same subscribers, another table
    old.tell(played(2, Seat.WEST, "KS"))
    new.tell(played(1, Seat.EAST, "QS"))
    assert heard == [1, 1]
    assert old.listeners == []


def test_a_moves_events_end_with_the_next_turn_or_the_games_end() -> None:
    session = TableSession(Game(Rules(), seed=7), auto_ask=False)
    presenter = TablePresenter()
    heard: list[events.Event] = []
    presenter.at_once(heard.append)
    presenter.follow(session)
    session.start()
    for _ in range(8):  # bids, the dealer's discard, the defenders' choice
        if session.game.hand.phase is Phase.PLAY:
            break
        seat = session.turn
        assert seat is not None
        session.submit(seat, session.legal_actions(seat)[-1])  # (the last bid: trump is made at once)
    assert session.game.hand.phase is Phase.PLAY
    del heard[:]
    seat = session.turn
    assert seat is not None
    card = next(a.card for a in session.legal_actions(seat) if a.card is not None)
    session.submit(seat, play(card))
    assert [ends_a_move(e) for e in heard] == [False, True]  # CardPlayed, then TurnStarted
    assert not ends_a_move(
        events.TableReset(seq=1, why="undo move", deal_number=1, dealer=Seat.SOUTH, scores=(0, 0), points_to_win=10)
    )
    assert ends_a_move(events.GameEnded(seq=1, winner=0, scores=(10, 4), slam=False))


def picture() -> TableState:
    game = Game(Rules(), seed=7)
    return TableState(
        hand=game.hand, stage=Stage.ANIMATING, scores=(0, 0), points_to_win=10, names=("S", "W", "N", "E"),
        people=frozenset({Seat.SOUTH}), show_all=False, sort_by_trump=False, pending_trick=None, interactive=None,
        legal=(), thinking=None, result=None, winner=None, slam=False, hint=None, hint_reason="", autoplay=False,
        wait_for_click=False, deal_number=0,
    )  # fmt: skip


def test_a_spectator_sees_only_what_a_beat_shows_each_once_in_order() -> None:
    presenter, session = TablePresenter(), FakeSession()
    seen: list[tuple[int, ...]] = []
    presenter.as_shown(lambda shown: seen.append(tuple(e.seq for e in shown.events)))
    presenter.follow(session)
    session.tell(played(1, Seat.SOUTH, "JH"), played(2, Seat.WEST, "TD"))
    assert seen == []  # told, not yet shown
    beat = presenter.take(lambda e: e.seq == 1)
    presenter.show(Shown(beat, picture(), Motion.PLAY, token=1))
    presenter.show(Shown(presenter.take(lambda e: True), picture()))
    presenter.show(Shown(presenter.take(lambda e: True), picture()))  # nothing left, nothing moves: not handed on
    assert seen == [(1,), (2,)]


def test_what_the_table_never_showed_is_dropped_when_it_is_shown_afresh() -> None:
    presenter, session = TablePresenter(), FakeSession()
    presenter.follow(session)
    session.tell(played(1, Seat.SOUTH, "JH"), played(2, Seat.WEST, "TD"))
    reset = events.TableReset(seq=3, why="undo move", deal_number=0, dealer=Seat.EAST, scores=(0, 0), points_to_win=10)
    session.tell(reset, played(4, Seat.SOUTH, "9C"))
    assert presenter.take(lambda e: True) == (reset, played(4, Seat.SOUTH, "9C"))
    session.tell(played(5, Seat.WEST, "AC"))
    presenter.follow(FakeSession())  # New Game: the old table's unshown events go with it
    assert presenter.take(lambda e: True) == ()
