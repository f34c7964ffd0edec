"""A table: the engine's game, four seats, and the events everyone at the table may see.

::

    session = TableSession(Game(Rules(), seed=7), [PersonSeat(), west, north, east])
    session.listen(window.on_event)      # every Event, in order, numbered from 1
    session.start()                      # TableReset, HandDealt, TurnStarted; asks the seat
    refused = session.submit(Seat.SOUTH, play(Card.parse("JH")))   # None: made

``submit`` is the only way a move is made. It checks whose turn it is, lets the engine
judge the move (the engine's ``IllegalActionError`` becomes a ``MoveRefused`` event saying
why, and nothing changes), applies it once, and sends the events it caused. Then the
seat whose turn it is now is asked (``Occupant.your_turn``); a seat that answers at once
is handled without recursion, so four computer players can play a whole game inside
``start()``. Nothing here blocks or starts a thread: moves arrive when they arrive.

Listeners may call ``submit`` from inside an event; events are still delivered in
``seq`` order, each once. The state listeners read (``view``, ``game``) is the state after
the latest move, which may be later than the event in hand: draw from the events' own
fields when showing a move.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

from ..engine import Action, ActionKind, Game, HandRecord, HandState, IllegalActionError, Phase, Seat, SeatView, Why
from .events import (
    NOT_YOUR_TURN,
    TOO_LATE,
    BidMade,
    CardPlayed,
    DealerDiscarded,
    DealerPickedUp,
    DefenceDecided,
    Event,
    FarmerDecided,
    GameEnded,
    HandDealt,
    HandEnded,
    MoveRefused,
    TableReset,
    TrickWon,
    TrumpMade,
    TurnStarted,
)
from .listeners import Listener, Listeners
from .seats import Occupant, PersonSeat, TurnRequest

# Tickets are numbered across every table of the program, so that none is given twice: an
# answer to a table that was replaced (a new game, a game loaded) never fits the next one.
_TICKETS = itertools.count(1)


class Session(Protocol):
    """What the owner of a table plays it through: a ``TableSession`` here, or a network
    table's session (``net.remote_session.RemoteTableSession``), which the owner cannot tell
    apart but for ``refereed_here``."""

    refereed_here: bool  # this program judges the moves: it may take them back, and keep the game

    @property
    def ticket(self) -> int:
        """Names the request for the move wanted now (``TurnRequest.ticket``)."""
        ...

    def stale(self, ticket: int | None) -> bool: ...

    @property
    def game(self) -> Game: ...

    @property
    def turn(self) -> Seat | None: ...

    def listen(self, listener: Listener) -> Callable[[], None]: ...
    def occupant(self, seat: Seat) -> Occupant: ...
    def view(self, seat: Seat) -> SeatView: ...
    def legal_actions(self, seat: Seat) -> tuple[Action, ...]: ...
    def start(self, why: str | None = None) -> None: ...
    def seat(self, seat: Seat, occupant: Occupant) -> None: ...
    def submit(self, seat: Seat, action: Action, *, ticket: int | None = None) -> MoveRefused | None: ...
    def ask(self) -> None: ...
    def cancel(self) -> None: ...
    def undo_hand(self, times: int = 1) -> bool: ...
    def undo_move(self, seats: Collection[Seat] | None = None) -> int: ...


class TableSession:
    """Runs one game at one table. Not thread-safe: call it from one thread (the GUI's, or a
    server's event loop) and bring answers from elsewhere back to that thread first."""

    refereed_here = True

    def __init__(self, game: Game, occupants: Sequence[Occupant] | None = None, *, auto_ask: bool = True) -> None:
        """``auto_ask``: ask the seat whose turn it is as soon as the turn starts. Without it
        the owner calls ``ask()`` when it is ready (say, once the table has shown the last move)."""
        self.game = game
        self.auto_ask = auto_ask
        self._occupants: list[Occupant] = list(occupants) if occupants is not None else [PersonSeat() for _ in Seat]
        if len(self._occupants) != 4:
            raise ValueError("a table has four seats")
        self._seq = 0
        # names the request for the move wanted now, and is the one check of an answer's
        # staleness: a new one with every move, undo, load and new game, and whenever the
        # requests out are called off (``cancel``, the seat to move given to another)
        self.ticket = next(_TICKETS)
        self._listeners = Listeners()
        self._queue: deque[Event] = deque()
        self._sending = False
        self._asking = False
        self._ask_again = False
        self._asked: int | None = None  # the ticket the seat to move was last asked in

    # --- listening ----------------------------------------------------------------------

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Send every event from now on to ``listener``; returns the call that stops it."""
        return self._listeners.add(listener)

    # --- reading -----------------------------------------------------------------------

    @property
    def turn(self) -> Seat | None:
        return self.game.turn

    @property
    def hand(self) -> HandState:
        return self.game.hand

    def occupant(self, seat: Seat) -> Occupant:
        return self._occupants[seat]

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may know now (every hand too if its occupant sees all)."""
        return self.game.view(seat, reveal=self._occupants[seat].sees_all)

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        """The moves ``seat`` may make now (none when it is not its turn)."""
        return self.game.legal_actions() if self.game.turn is seat else ()

    # --- starting, seating -----------------------------------------------------------------

    def start(self, why: str | None = None) -> None:
        """Show the table as it stands (a fresh game, or one loaded) and ask for the first move."""
        self._cancel_all()
        game = self.game
        fresh = not game.hand_actions and not game.is_over
        events: list[Event] = [self._reset_event(why or ("new game" if not game.actions else "loaded"))]
        if not game.actions:  # a new game can open with misdeals, dealt again at once
            events.extend(self._finished(game.records, first_dealt=True))
        elif fresh:
            events.append(self._dealt(game.hand, game.deal_number))
        events.extend(self._turn_event())
        self._send(events)
        self._ask_turn()

    def restage(self, game: Game) -> None:
        """Carry on at the same position on another ``Game`` object that has made the same
        moves (a network seat's mirror, its hidden cards placed again, an unseen discard with
        them): nothing is sent and nobody is asked again; a move asked for stays wanted."""
        if len(game.actions) != len(self.game.actions):
            raise ValueError("a restaged game must stand where the table stands")
        self.game = game

    def new_game(self, game: Game) -> None:
        """Seat the same occupants at a new game."""
        self.game = game
        self.start("new game")

    def seat(self, seat: Seat, occupant: Occupant) -> None:
        """Give ``seat`` to ``occupant``; if it is that seat's turn, the newcomer is asked."""
        old = self._occupants[seat]
        old.cancel()
        self._occupants[seat] = occupant
        if self.game.turn is seat:  # (the one asked before is answered no more)
            self.ticket = next(_TICKETS)
            self._asked = None
            if self.auto_ask:
                self._ask_turn()

    # --- moving ------------------------------------------------------------------------

    def submit(self, seat: Seat, action: Action, *, ticket: int | None = None) -> MoveRefused | None:
        """``seat`` makes ``action``. Returns None when made, else the ``MoveRefused`` event
        (also sent to listeners) saying why not. ``ticket``: the request the move answers
        (``TurnRequest.ticket``); a move for a request the table has called off (a position it
        has left) is refused, and that is told (a person elsewhere is to hear it)."""
        if self.stale(ticket):
            return self._refuse(seat, TOO_LATE)
        return self._move(seat, action)

    def _reply(self, seat: Seat, action: Action, *, ticket: int | None = None) -> MoveRefused | None:
        """An occupant's answer to this table's request (``Occupant.your_turn``'s ``submit``):
        one for a request called off (the table moved on, took moves back, or gave the seat to
        another) is dropped, told to nobody: nobody waits to hear of it. Returns the refusal,
        unsent and unnumbered, when dropped."""
        if self.stale(ticket):
            return MoveRefused(0, seat, TOO_LATE)
        return self._move(seat, action)

    def stale(self, ticket: int | None) -> bool:
        """The one check of an answer's staleness: its ticket is not the table's now (None: a
        move nobody was asked for, judged as the table stands)."""
        return ticket is not None and ticket != self.ticket

    def _move(self, seat: Seat, action: Action) -> MoveRefused | None:
        game = self.game
        if game.is_over:
            return self._refuse(seat, Why.GAME_OVER)
        if game.turn is not seat:
            return self._refuse(seat, NOT_YOUR_TURN, turn=game.turn)
        if not isinstance(action, Action):
            return self._refuse(seat, Why.NOT_AN_ACTION)
        before = game.hand
        n_records = len(game.records)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            return self._refuse(seat, exc.why, exc.suit, exc.follow_trump, before.phase)
        self.ticket = next(_TICKETS)
        self._asked = None
        self._send(self._move_events(seat, action, before, n_records))
        self._ask_turn()
        return None

    def ask(self) -> None:
        """Ask the seat whose turn it is for its move (once per position; again after ``seat``)."""
        if self._asking:
            self._ask_again = True
            return
        self._asking = True
        try:
            while True:
                self._ask_again = False
                seat = self.game.turn
                if seat is None or self._asked == self.ticket:
                    break
                self._asked = self.ticket
                occupant = self._occupants[seat]
                occupant.your_turn(TurnRequest(seat, self.ticket, self.view(seat)), self._reply)
                if not self._ask_again:
                    break
        finally:
            self._asking = False

    def _ask_turn(self) -> None:
        if self.auto_ask:
            self.ask()

    # --- undo, save, load ------------------------------------------------------------------

    def undo_hand(self, times: int = 1) -> bool:
        """Back to the start of this hand (``times`` 2: and the one before), as the engine's
        ``Game.undo_hand``. False, and nothing changes, if there is nothing to undo."""
        if not self.game.undo_hand():
            return False
        for _ in range(times - 1):
            if not self.game.undo_hand():
                break
        self._restart("undo hand")
        return True

    def undo_move(self, seats: Collection[Seat] | None = None) -> int:
        """Take back the last move, or with ``seats`` every move back to the last one any of
        them made, as the engine's ``Game.undo_move``. Returns how many moves went (0: none,
        and nothing changes)."""
        taken = self.game.undo_move(seats)
        if taken:
            self._restart("undo move")
        return taken

    def save(self) -> str:
        """The game as the engine's save file text."""
        return self.game.to_json()

    def load(self, text: str | bytes) -> None:
        """Play a saved game from where it stands. A bad file raises the engine's
        ``GameFileError`` and leaves the table as it was."""
        game = Game.from_json(text)
        self.game = game
        self.start("loaded")

    def cancel(self) -> None:
        """Forget the moves being worked out (every occupant is told, and their answers will be
        stale); the seat to move is asked again by the next ``ask``."""
        self._cancel_all()

    def _restart(self, why: str) -> None:
        self._cancel_all()
        self._send([self._reset_event(why), *self._turn_event()])
        self._ask_turn()

    def _cancel_all(self) -> None:
        self.ticket = next(_TICKETS)
        self._asked = None
        for occupant in self._occupants:
            occupant.cancel()

    # --- events --------------------------------------------------------------------------

    def _send(self, events: list[Event]) -> None:
        """Queue a move's events (already numbered) and deliver the queue in order."""
        self._queue.extend(events)
        if self._sending:
            return
        self._sending = True
        try:
            while self._queue:
                # (not kept here: a server holds thousands of sessions, and a list of every
                # event of every game was most of its heap, walked by each full collection)
                self._listeners.send(self._queue.popleft())
        finally:
            self._sending = False

    def _make(self, cls: type[Any], **fields: Any) -> Any:
        # A move's events are all made before any is delivered, so numbering them as they are
        # made is numbering them in delivery order, even when a listener moves in between.
        self._seq += 1
        return cls(seq=self._seq, **fields)

    def _refuse(
        self,
        seat: Seat,
        why: str,
        suit: Any = None,
        follow_trump: bool = False,
        phase: Phase | None = None,
        turn: Seat | None = None,
    ) -> MoveRefused:
        event: MoveRefused = self._make(
            MoveRefused, seat=seat, why=str(why), suit=suit, follow_trump=follow_trump, phase=phase, turn=turn
        )
        self._send([event])
        return event

    def _reset_event(self, why: str) -> TableReset:
        game = self.game
        reset: TableReset = self._make(
            TableReset,
            why=why,
            deal_number=game.deal_number,
            dealer=game.dealer,
            scores=game.scores,
            points_to_win=game.rules.points_to_win,
        )
        return reset

    def _dealt(self, hand: HandState, deal_number: int) -> HandDealt:
        dealt: HandDealt = self._make(
            HandDealt, deal_number=deal_number, dealer=hand.dealer, up_card=hand.up_card, scores=hand.scores
        )
        return dealt

    def _turn_event(self) -> list[Event]:
        game = self.game
        if game.turn is None:
            return []
        return [self._make(TurnStarted, seat=game.turn, phase=game.hand.phase, dealer=game.dealer)]

    def _move_events(self, seat: Seat, action: Action, before: HandState, n_records: int) -> list[Event]:
        """The public events of ``seat`` making ``action`` in ``before``, then what the game did
        on its own: scoring the hand, dealing the next (misdeals included), ending the game."""
        game = self.game
        records = game.records[n_records:]
        after = records[0].final if records else game.hand
        events: list[Event] = []
        kind = action.kind
        phase = before.phase
        if phase is Phase.FARMER:
            events.append(self._make(FarmerDecided, seat=seat, thrown_in=kind is ActionKind.THROW_IN))
        elif phase is Phase.BIDDING_1 or phase is Phase.BIDDING_2:
            events.append(
                self._make(
                    BidMade,
                    seat=seat,
                    action=action,
                    round=before.bidding_round,
                    dealer=seat is before.dealer,
                    trump=after.trump if action.is_bid else None,
                )
            )
            if action.is_bid:
                assert after.trump is not None
                events.append(
                    self._make(
                        TrumpMade, maker=seat, trump=after.trump, alone=after.alone, sitting_out=after.sitting_out
                    )
                )
                if after.up_card_taken:
                    events.append(self._make(DealerPickedUp, dealer=before.dealer, card=before.up_card))
        elif phase is Phase.DISCARD:
            events.append(self._make(DealerDiscarded, dealer=seat))
        elif phase is Phase.DEFEND:
            alone = kind is ActionKind.DEFEND_ALONE
            events.append(self._make(DefenceDecided, seat=seat, alone=alone, sitting_out=after.sitting_out))
        elif phase is Phase.PLAY:
            assert action.card is not None
            number = len(before.tricks) + 1
            events.append(self._make(CardPlayed, seat=seat, card=action.card, trick=number))
            if len(after.tricks) == number:
                trick = after.tricks[-1]
                assert trick.winner is not None
                events.append(
                    self._make(
                        TrickWon, winner=trick.winner, trick=number, plays=trick.plays, tricks_won=after.tricks_won
                    )
                )
        events.extend(self._finished(records, first_dealt=False))
        events.extend(self._turn_event())
        return events

    def _finished(self, records: Sequence[HandRecord], first_dealt: bool) -> list[Event]:
        """The hands just finished (the first one dealt already unless ``first_dealt``; any
        later one a misdeal the game dealt and ended on its own), then the game's end or the
        next deal."""
        game = self.game
        events: list[Event] = []
        for i, record in enumerate(records):
            if i or first_dealt:
                events.append(self._dealt(record.final, record.deal_number))
            result = record.result
            events.append(
                self._make(
                    HandEnded,
                    deal_number=record.deal_number,
                    outcome=result.outcome,
                    maker=result.maker,
                    alone=result.alone,
                    lone_defender=result.lone_defender,
                    tricks=result.tricks,
                    points=result.points,
                    scores=record.scores_after,
                )
            )
        if records or first_dealt:
            winner = game.winner
            if winner is not None:
                events.append(self._make(GameEnded, winner=winner, scores=game.scores, slam=game.is_slam))
            else:
                events.append(self._dealt(game.hand, game.deal_number))
        return events


__all__ = ["Listener", "Session", "TableSession"]
