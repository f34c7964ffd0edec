"""A network table as a table session: ``TableSession``'s interface, fed by the server.

The server is the referee; this is one seat's table, turned so that the seat sits South::

    session = RemoteTableSession(Seat.NORTH, send=link.send, auto_ask=False)
    session.listen(window.on_event)      # every Event, in order, numbered from 1, in local seats
    session.told(message)                # each "event", "view", "turn", "reveal" or "refused" from the server
    if session.ready:                    # a deal this seat holds is known: there is a table to show
        session.start()                  # TableReset, HandDealt, TurnStarted, as a local table says them
    session.submit(Seat.SOUTH, play(Card.parse("JH")))   # sent to the server: None, or refused here

What the server says goes into a ``TableMirror``, which places the cards this seat cannot see
as stand-ins. The events listeners hear are a local ``TableSession``'s, on the mirror's game:
a move is made here (and told) only once the server has made it and the seat to move has been
asked (``ask``), so the table's owner paces the play exactly as at a local table. South's own
move goes to the server; it is made here when the server says it was made, or a
``MoveRefused`` says why not. The other seats are the server's (``SeatKind.REMOTE``).

The hidden cards may be placed afresh as the server tells more (``TableSession.restage``):
only just before a move is made here, so the state listeners read changes only with a move.
A hand's last move waits until the server has told the hand's end: the cards it reveals (a
lone player's partner's: known from then on, as at a local table), then the game's end or
this seat's cards of the next deal, so the game here never runs out of deals and never deals
this seat stand-ins. A new game at the table, or sitting down
again after the connection dropped, makes the session not ``ready`` until the next view; its
owner then calls ``start`` again and listeners hear a ``TableReset``. Pure Python, no Qt: call
it from one thread.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from ..engine import Action, Game, HandState, IllegalActionError, Seat, SeatView
from ..session import Event, MoveRefused, Occupant, PersonSeat, SeatKind, TableSession, TurnRequest, event_from_dict
from ..session.events import BACK_AT_THE_TABLE, TOO_LATE, TableReset
from ..session.listeners import Listener, Listeners
from ..session.seats import Submit
from . import protocol
from .mirror import MirrorError, TableMirror

_E = TypeVar("_E", bound=Event)

HERE = Seat.SOUTH  # where this window's seat sits on its own table


class ServerSeat:
    """A seat the server fills (a person elsewhere, or its computer): asked for a move, it is
    made as soon as the server has made it."""

    kind = SeatKind.REMOTE
    sees_all = False

    def __init__(self, wanted: Callable[[TurnRequest], None]) -> None:
        self._wanted = wanted

    def your_turn(self, request: TurnRequest, submit: Submit) -> None:
        self._wanted(request)

    def cancel(self) -> None:
        """The server's move is not worked out here: nothing to forget (the next ask asks again)."""


class _ThisSeat:
    """This window's seat as the local table asks it: the owner's occupant is asked, and its
    move goes to the server (``RemoteTableSession.submit``), not straight onto the table."""

    def __init__(self, occupant: Occupant, wanted: Callable[[TurnRequest], None], submit: Submit) -> None:
        self.occupant = occupant
        self.kind = occupant.kind
        self.sees_all = False  # (the server shows this seat only its own cards)
        self._wanted = wanted
        self._submit = submit

    def your_turn(self, request: TurnRequest, submit: Submit) -> None:
        self._wanted(request)  # (the server may have played the seat itself: a stand-in's move)
        self.occupant.your_turn(request, self._submit)

    def cancel(self) -> None:
        self.occupant.cancel()


class RemoteTableSession:
    """One seat at a table refereed by a server, with ``TableSession``'s interface."""

    refereed_here = False  # the server judges the moves: none is taken back, and it keeps the game

    def __init__(self, seat: Seat, send: Callable[[dict[str, Any]], None], *, auto_ask: bool = True) -> None:
        """``seat``: this window's seat at the server; ``send``: hands a message to the server."""
        self.server_seat = seat  # this window's seat as the server names it
        self.auto_ask = auto_ask
        self._send = send
        self.mirror = TableMirror(seat)
        self._table: TableSession | None = None  # the table here, on the mirror's game
        self._stop_hearing: Callable[[], None] = lambda: None  # (from the table here before)
        self._fresh = True  # the mirror tells of a table the one here is not (yet): ``start`` it
        self._why = "loaded"  # why it starts afresh: the server's new game, or the table as it stands
        self._placing = -1  # the mirror's placing of the hidden cards the table here stands on
        self._occupant: Occupant = PersonSeat()  # who plays this seat, as its owner seated it
        self._server = ServerSeat(self._asked)  # who plays the others
        self._wanted: TurnRequest | None = None  # the seat the table here asked for a move
        self._server_ticket: int | None = None  # the server's position, when it asked this seat
        self._sent: int | None = None  # the position (moves made) this seat's move was sent at
        self._making = False
        self._listeners = Listeners()
        self.events: list[Event] = []
        self._seq = 0

    # --- listening, reading (as ``TableSession``) ----------------------------------------------

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Send every event from now on to ``listener``; returns the call that stops it."""
        return self._listeners.add(listener)

    @property
    def ready(self) -> bool:
        """There is a table to show (``start``): this seat's cards of a deal are known."""
        return self.mirror.started

    @property
    def started(self) -> bool:
        """``start`` has shown the table as the mirror tells it, and it is still that table."""
        return self._table is not None and not self._fresh

    @property
    def ticket(self) -> int:
        """The table here's ticket: the request for the move wanted now (0 before it is started)."""
        return self._table.ticket if self._table is not None else 0

    def stale(self, ticket: int | None) -> bool:
        """An answer with ``ticket`` answers no request of the table here (``TableSession.stale``)."""
        return self._table is None or self._table.stale(ticket)

    @property
    def server_waits(self) -> bool:
        """The server has asked this seat for its move (its ``turn`` is the latest word)."""
        return self._server_ticket is not None

    @property
    def game(self) -> Game:
        return self._local().game

    @property
    def turn(self) -> Seat | None:
        return self._local().turn

    @property
    def hand(self) -> HandState:
        return self._local().hand

    def occupant(self, seat: Seat) -> Occupant:
        return self._occupant if seat is HERE else self._server

    def view(self, seat: Seat) -> SeatView:
        return self._local().view(seat)

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        return self._local().legal_actions(seat)

    def _local(self) -> TableSession:
        if self._table is None:
            raise RuntimeError("the network table has not been started")
        return self._table

    # --- starting, seating ----------------------------------------------------------------------

    def start(self, why: str | None = None) -> None:
        """Show the table as the server has it now (every move it told made here at once) and
        ask for the next move. Call it once ``ready``, and again after it is ``ready`` afresh."""
        if not self.ready:
            raise RuntimeError("no deal of this seat is known yet")
        self._forget_asks()
        if self._table is not None:
            self._table.cancel()
            self._stop_hearing()
        self._placing = self.mirror.placing
        table = TableSession(self.mirror.game_at(len(self.mirror.moves())), self._seats(), auto_ask=self.auto_ask)
        self._stop_hearing = table.listen(self._relay)
        self._table, self._fresh = table, False
        table.start(why or self._why)  # (its tickets are new: an answer to the table before stays too late)
        self._catch_up()

    def seat(self, seat: Seat, occupant: Occupant) -> None:
        """Give this window's seat (South) to ``occupant``; the others are the server's to fill."""
        if seat is not HERE:
            raise ValueError("the server fills the other seats")
        self._occupant = occupant
        if self._table is not None:
            self._table.seat(HERE, self._this_seat())

    def _seats(self) -> list[Occupant]:
        return [self._this_seat() if seat is HERE else self._server for seat in Seat]

    def _this_seat(self) -> _ThisSeat:
        return _ThisSeat(self._occupant, self._asked, self.submit)

    # --- moving -----------------------------------------------------------------------------------

    def submit(self, seat: Seat, action: Action, *, ticket: int | None = None) -> MoveRefused | None:
        """This window's move: checked here (the refusal is told, as at a local table), then sent to
        the server, which makes it (told once it has) or refuses it (told as ``MoveRefused``).
        Returns None when sent."""
        table = self._local()
        behind = len(table.game.actions) < len(self.mirror.moves())
        if self._fresh or behind or table.stale(ticket):
            if behind and seat is HERE and table.turn is HERE:  # the server played the seat meanwhile
                self._want(table)
            return self._tell(MoveRefused(0, seat, TOO_LATE))
        if seat is not HERE or action not in table.legal_actions(seat):
            refused = table.submit(seat, action, ticket=ticket)  # the engine says why; nothing is made
            assert refused is not None
            return refused
        # a second click while the first is on its way is not sent: keyed on the position, not the
        # ticket, which a call-off (a dialog opened meanwhile) renews at the same position
        if self._sent != len(table.game.actions):
            self._sent = len(table.game.actions)
            self.mirror.sent(action)
            self._send(protocol.move_message(action, self._server_ticket))
        self._want(table)  # made here once the server says it was made
        return None

    def _want(self, table: TableSession) -> None:
        """The table here waits for the server's move for the seat to move (this one's own)."""
        assert table.turn is not None
        self._wanted = TurnRequest(table.turn, table.ticket, table.view(table.turn))
        self._catch_up()

    def ask(self) -> None:
        """Ask the seat whose turn it is for its move: the server's move is made now if it is known."""
        if self._table is not None and not self._fresh:
            self._table.ask()
            self._catch_up()

    def cancel(self) -> None:
        """Forget the moves being worked out here; the seat to move is asked again by the next ``ask``."""
        self._wanted = None
        if self._table is not None:
            self._table.cancel()

    def undo_hand(self, times: int = 1) -> bool:
        """Nothing is taken back at a network table."""
        return False

    def undo_move(self, seats: Collection[Seat] | None = None) -> int:
        """Nothing is taken back at a network table."""
        return 0

    def save(self) -> str:
        return self._local().save()

    # --- what the server says ---------------------------------------------------------------------

    def told(self, message: dict[str, Any]) -> None:
        """A message from the server about the play (``event``, ``view``, ``turn``, ``reveal``, ``refused``;
        others are not this session's). ``MirrorError`` when what it says cannot be; ``ValueError``,
        ``KeyError``, ``TypeError`` when it is malformed."""
        kind = message["type"]
        if kind == "event":
            event = event_from_dict(message["event"])
            self._server_ticket = None  # the server's position moved on
            self.mirror.event(event)
            if isinstance(event, TableReset):
                self._fresh, self._why = True, event.why  # a new game, or a resumed one: the next view starts it
        elif kind in ("view", "turn"):
            if "played" in message:  # back at the table: the deals it may have missed come first
                played = message["played"]
                if len(played) > protocol.MAX_PLAYED_DEALS:  # (each is placed here, which takes a while)
                    raise MirrorError("The server sent more finished deals than a game has.")
                self.mirror.played(protocol.played_from_list(played))
            number = message.get("deal_number")  # (sitting down or coming back; an older server does not say)
            self.mirror.view(protocol.view_from_dict(message["view"]), None if number is None else int(number))
            if "reveal" in message:  # back after the game's end: what the deal viewed showed at its end
                self.mirror.reveal(protocol.hands_from_dict(message["reveal"]))
            if kind == "turn":
                self._server_ticket = int(message["ticket"])
        elif kind == "reveal":
            self.mirror.reveal(protocol.revealed_hands(message))
        elif kind == "refused":
            refused = event_from_dict(message["event"])
            if not isinstance(refused, MoveRefused):
                raise ValueError("a refusal is a move refused")
            self._sent = None  # this seat's to make again
            turn = None if refused.turn is None else self.mirror.local(refused.turn)
            self._tell(dataclasses.replace(refused, seat=self.mirror.local(refused.seat), turn=turn))
            return
        else:
            return
        self.mirror.moves()  # placed now, so that a deal that cannot be is found here (``MirrorError``)
        self._catch_up()

    def sat_down_again(self) -> None:
        """A new connection to the same seat: what the server says next tells the table afresh."""
        # the same game goes on, unless the one known had ended (another may have begun meanwhile)
        game_id = None if self.mirror.game_ended else self.mirror.game_id
        self.mirror = TableMirror(self.server_seat, game_id)
        self._why = "loaded" if game_id is None else BACK_AT_THE_TABLE
        self._fresh, self._server_ticket, self._sent = True, None, None

    # --- making the server's moves here ----------------------------------------------------------

    def _asked(self, request: TurnRequest) -> None:
        self._wanted = request

    def _forget_asks(self) -> None:
        self._wanted, self._sent = None, None

    def _catch_up(self) -> None:
        """Make the server's moves the table here has asked for and not yet made."""
        if self._making:
            return
        self._making = True
        try:
            while self._make_next():
                pass
        finally:
            self._making = False

    def _make_next(self) -> bool:
        table, wanted = self._table, self._wanted
        if table is None or self._fresh or wanted is None or wanted.ticket != table.ticket:
            return False
        made = len(table.game.actions)
        moves = self.mirror.moves()
        if made >= len(moves):
            return False
        if self.mirror.placing != self._placing:  # the hidden cards lie elsewhere now
            self._placing = self.mirror.placing
            table.restage(self.mirror.game_at(made))
        action = moves[made]
        try:
            ends_hand = table.hand.apply(action).is_over
        except IllegalActionError as exc:  # (cannot be with a sound mirror: the table here is left)
            raise MirrorError("The server made a move this table cannot follow.") from exc
        if ends_hand and not self._end_told(made + 1):
            return False
        self._wanted = None
        table.submit(wanted.seat, action, ticket=wanted.ticket)
        return True

    def _end_told(self, moves: int) -> bool:
        """The server has told all it will of the hand its ``moves``-th move ends: the cards it
        reveals (a lone player's partner's), and then the game's end or the next deal with this
        seat's cards (its view comes just after its "hand dealt"). The table here ends the hand
        only then, so that it shows the hand's end as a local table does and never deals this
        seat stand-ins."""
        after = self.mirror.game_at(moves)
        if after.is_over:
            return self.mirror.game_ended
        return self.mirror.started and not after.out_of_deals

    # --- events --------------------------------------------------------------------------------

    def _relay(self, event: Event) -> None:
        self._tell(event)

    def _tell(self, event: _E) -> _E:
        """Send an event of the table here, numbered in this session's sequence (which outlives
        each table here); returns it so numbered."""
        self._seq += 1
        event = dataclasses.replace(event, seq=self._seq)
        self.events.append(event)
        self._listeners.send(event)
        return event


__all__ = ["HERE", "RemoteTableSession", "ServerSeat"]
