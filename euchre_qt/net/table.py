"""A network table: its seats (people, dropped people waiting, computer stand-ins), the
session it referees, what each client is sent, and when its save and journal are written
(what they hold read back: ``table_file``)."""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Action, ActionKind, Card, Game, HandRecord, Rules, Seat, SeatView
from ..session import ComputerSeat, Event, MoveRefused, SeatKind, TableSession, TurnRequest
from ..session.events import GameEnded, HandDealt, HandEnded, TableReset
from ..session.seats import Submit
from ..session.wording import refusal
from . import protocol
from .codes import new_seat_key, seat_key_digest
from .disk import DiskWriter, TableFiles
from .protocol import SeatInfo
from .thinkers import Thinkers

if TYPE_CHECKING:
    from .metrics import ServerMetrics

log = logging.getLogger("euchre_qt.net")

SAVE_FORMAT = "euchre-qt server table"
SAVE_VERSION = 1

_UNSEEN_DISCARD = Action(ActionKind.DISCARD)  # a dealer's discard to those who did not hold the seat


class Client(Protocol):
    """A connection as its table sees it (the server's ``Client``)."""

    table: Table | None
    seat: Seat | None
    name: str

    def send(self, message: dict[str, Any], text: str | None = None) -> None: ...


class TableHost(Protocol):
    """What a table needs of the server that holds it."""

    seat_wait: float
    save_dir: Path | None
    thinkers: Thinkers
    disk: DiskWriter
    metrics: ServerMetrics | None

    def forget_if_empty(self, table: Table) -> None: ...


@dataclass
class SeatState:
    seat: Seat
    name: str = ""
    kind: str = "open"  # "person", "computer", or "open" (nobody yet)
    open: bool = False  # friends may sit here (a computer keeps it warm until one does)
    conn: Client | None = None
    away_since: float | None = None
    timer: asyncio.TimerHandle | None = None
    stand_in: bool = False
    key_digest: bytes | None = None  # the person's seat key, as its digest: what brings them back
    # what a connection at the seat is shown is what its person held (``Table.view_for``), never the seat's history:
    played: bool = False  # the person has held this seat's cards at a deal: it is theirs to see
    since: int = 0  # the game's deal the person first held (the deals before were another's to see)
    waiting: bool = False  # sat down during a hand a computer plays: the person plays from the next deal

    def free(self, started: bool) -> None:
        """Nobody's seat: open to anyone with the join code (a computer plays it once the game is on)."""
        if self.timer is not None:
            self.timer.cancel()
        self.name, self.kind, self.open, self.conn, self.timer = "", "computer" if started else "open", True, None, None
        self.away_since, self.stand_in, self.key_digest, self.played, self.waiting = None, False, None, False, False
        self.since = 0


class RemoteSeat:
    """A seat whose moves come from a client: its turn is sent to that client. It does not
    keep its table alive (the table holds it, through its session): a table put away is
    freed at once, not left for the collector (``Table.discard``)."""

    kind = SeatKind.REMOTE
    sees_all = False

    def __init__(self, table: Table, seat: Seat) -> None:
        self._table = weakref.ref(table)
        self.seat = seat

    def your_turn(self, request: TurnRequest, submit: Submit) -> None:
        table = self._table()
        if table is not None:
            table.send_turn(request)

    def cancel(self) -> None:
        """The client's answer, if it comes, is judged by its ticket: nothing to forget here."""


class Table:
    """One table: its session, its four seats and who sits in them, its save."""

    def __init__(
        self,
        server: TableHost,
        table_id: str,
        digest: bytes,
        rules: Rules,
        computer: str,
        creator: Seat,
        game: Game | None = None,
    ) -> None:
        self.server = server
        self.id = table_id
        self.digest = digest
        self.rules = rules
        self.computer = computer
        self.creator_seat = creator  # where the creator sat down
        # the digest of the seat key the creator was given: its holder has the creator's rights (``creator``)
        self.creator_key: bytes | None = None
        self._creator_to_sit = True  # (the server seats the creator at once; a table read back is told the key)
        self.seed = secrets.randbits(31)
        self.seats = [SeatState(seat) for seat in Seat]
        self.started = False
        self.session = TableSession(game or Game(rules), [RemoteSeat(self, seat) for seat in Seat])
        self._stop_listening: Callable[[], None] | None = self.session.listen(self._on_event)
        self._save_soon = False
        self._saved_ticket = -1
        self._durable = 0  # the game's moves on disk (in the save or its journal)
        folder = server.save_dir
        self._files = TableFiles(folder, table_id) if folder is not None else None
        self._journaling = False  # the journal is started by the first save
        self._writing = 0  # file jobs handed to the writer thread and not yet done
        self._held: list[tuple[Client, dict[str, Any], str | None]] = []  # messages waiting for them
        self.finished_at: float | None = None
        self._moves_counted = len(self.session.game.actions)  # (for the metrics)
        self.started_by = ""  # the address that created the table (not kept: a resumed table counts for nobody)

    # --- who sits where ---------------------------------------------------------------------

    @property
    def creator(self) -> Seat | None:
        """The seat whose person has the creator's rights (``start``, ``free``): the creator's
        seat while the key the creator was given holds it (a creator coming back with it keeps
        them); None once they gave it up: a stranger who sits there after them is no creator."""
        held = self.seats[self.creator_seat].key_digest
        mine = self.creator_key is not None and held is not None and hmac.compare_digest(held, self.creator_key)
        return self.creator_seat if mine else None

    def restore_creator(self, saved: dict[str, Any]) -> None:
        """Who the creator is, as a save (``to_dict``) says, once its seats are read back: the
        creator's key, or none once they gave their seat up. A save from before that held no
        creator's key: the key that holds the creator's seat."""
        self._creator_to_sit = False
        if "creator_key_digest" not in saved:
            self.creator_key = self.seats[self.creator_seat].key_digest
            return
        digest = saved["creator_key_digest"]
        self.creator_key = None if digest is None else bytes.fromhex(str(digest))

    def seat_infos(self) -> list[SeatInfo]:
        now = time.monotonic()
        infos = []
        for s in self.seats:
            back = None
            if s.away_since is not None and not s.stand_in:
                back = max(0.0, self.server.seat_wait - (now - s.away_since))
            infos.append(SeatInfo(s.seat, s.name, s.kind, s.conn is not None, back, s.stand_in, s.open))
        return infos

    def table_message(self) -> dict[str, Any]:
        return {
            "type": "table",
            "seats": [info.to_dict() for info in self.seat_infos()],
            "rules": self.rules.to_dict(),
            "started": self.started,
            "over": self.session.game.is_over,
        }

    def broadcast(self, message: dict[str, Any]) -> None:
        text = protocol.encode(message)  # once for every connection at the table
        for s in self.seats:
            if s.conn is not None:
                self.post(s.conn, message, text)

    def announce_seats(self) -> None:
        self.broadcast(self.table_message())

    def names(self) -> tuple[str, str, str, str]:
        return tuple(s.name or f"Computer {s.seat}" for s in self.seats)  # type: ignore[return-value]

    def computer_occupant(self, seat: Seat) -> ComputerSeat:
        return ComputerSeat(self.server.thinkers.think_for(self.computer, self.seed + int(seat)))

    def sit(self, conn: Client, seat: Seat, name: str, key: str | None = None) -> None:
        """Put ``conn`` in ``seat`` (checked by the caller) and bring it up to date. ``key``: the
        seat's key, which the person came back with; a newcomer is given a new one.

        Nobody sees a hand they were not dealt: a newcomer taking a seat a computer plays during
        a hand sits down from the next deal (the computer finishes this one), so joining, looking
        at a hand and leaving shows nothing. The seat's own person coming back sees it at once."""
        state = self.seats[seat]
        if state.timer is not None:
            state.timer.cancel()
        if key is None:
            key = new_seat_key()
            state.key_digest, state.played = seat_key_digest(key), False
            if self._creator_to_sit and seat is self.creator_seat:  # the table's creator, sitting down at its creation
                self.creator_key, self._creator_to_sit = state.key_digest, False
        game = self.session.game
        held = isinstance(self.session.occupant(seat), RemoteSeat)  # no computer plays the seat now
        at_once = not self.started or game.is_over or held or state.played
        state.name, state.kind, state.conn, state.timer = name, "person", conn, None
        state.away_since, state.stand_in, state.waiting, state.open = None, not at_once, not at_once, False
        conn.table, conn.seat, conn.name = self, seat, name
        self.post(
            conn,
            {
                "type": "welcome",
                "v": protocol.PROTOCOL_VERSION,
                "seat": seat.letter,
                "name": name,
                "creator": seat is self.creator,
                "key": key,
            },
        )
        self.announce_seats()
        if at_once:
            if self.started:
                # the seat's view; a computer handing the seat over on its turn asks the newcomer itself
                self._send_view(state)
            if not held:
                self.session.seat(seat, RemoteSeat(self, seat))
        self.save_soon()
        if not self.started and all(s.kind != "open" for s in self.seats):
            self.start()

    def view_for(self, state: SeatState) -> SeatView:
        """The seat's view as the person sitting there may see it: whole if they held the deal it
        is of (``played``, from deal ``since``); else as the table saw the seat, which is what
        anyone who did not hold it is shown, the game over or not (a newcomer sitting down after
        the end, say): its dealer's discard unknown, its hand only as far as the hand's end showed
        it. Never by what the seat held before them: a computer's cards, or a person's who left."""
        session, seat = self.session, state.seat
        view = session.view(seat)
        game = session.game
        if state.played and game.deal_number >= state.since:
            return view
        shown = self._revealed(game.records[-1]).get(seat, ()) if game.is_over else ()
        return replace(
            view,
            hand=tuple(card for card in view.hand if card in shown),
            history=tuple((who, _UNSEEN_DISCARD if a.kind is ActionKind.DISCARD else a) for who, a in view.history),
            discarded=None,
            legal_actions=(),
            revealed_hands=None,
        )

    def _send_view(self, state: SeatState) -> None:
        """The seat's view (``view_for``) to its person sitting down or coming back: with the
        game's finished deals they held (``played``), which they may have missed while away (a
        hand can end without a seat that has played its last card), and after the game's end
        the cards its last deal's end showed everyone (``reveal``: the view is of it)."""
        if state.conn is None:
            return
        session = self.session
        mine = session.turn is state.seat and isinstance(session.occupant(state.seat), RemoteSeat)  # waiting on them
        message: dict[str, Any] = {
            "type": "turn" if mine else "view",
            "ticket": session.ticket if mine else None,
            "view": protocol.view_to_dict(self.view_for(state)),
            # the game's number of the deal viewed (of its last after the end): a seat that sat down
            # part-way numbers the deals it holds, and those told below, as the game does
            "deal_number": session.game.deal_number,
        }
        game = session.game
        last = game.records[-1] if game.is_over else None  # (the view of a game over is of its last deal)
        if state.played:  # only the deals the person held: none of one who never held the seat's cards
            deals = [
                (record.final.view(state.seat), self._revealed(record))
                for record in game.records  # (a misdeal too: it is a deal of the game, numbered as the save has it)
                if record.deal_number >= state.since and record is not last
            ]
            message["played"] = protocol.played_to_list(deals[-protocol.MAX_PLAYED_DEALS :])
        if last is not None:  # what the last deal's end showed, as to everyone who stayed
            message["reveal"] = protocol.hands_to_dict(self._revealed(last))
        self.post(state.conn, message)

    def start(self) -> None:
        """Deal: open seats nobody took are played by computers until somebody does."""
        if self.started:
            return
        self.started = True
        for s in self.seats:
            if s.kind == "open":
                s.kind = "computer"
            if s.kind == "computer" or (s.kind == "person" and s.stand_in):
                self.session.seat(s.seat, self.computer_occupant(s.seat))
        self.announce_seats()
        self.session.start()

    def drop(self, conn: Client) -> None:
        """``conn`` went away: its seat waits ``seat_wait`` seconds, then a computer takes it."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        state = self.seats[seat]
        state.conn, state.waiting = None, False  # (a newcomer still waiting stays played by the computer)
        state.away_since = time.monotonic()
        loop = asyncio.get_running_loop()
        state.timer = loop.call_later(self.server.seat_wait, self._stand_in, seat)
        self.announce_seats()
        self.server.forget_if_empty(self)

    def leave(self, conn: Client) -> None:
        """``conn``'s person gives the seat up: anyone with the join code may take it."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        self.free(seat)
        self.server.forget_if_empty(self)

    def free(self, seat: Seat) -> None:
        """Make ``seat`` nobody's (its key no longer opens it); a computer plays it meanwhile."""
        self.seats[seat].free(self.started)
        if self.started:
            self.session.seat(seat, self.computer_occupant(seat))
        self.announce_seats()
        self.save_soon()

    def _stand_in(self, seat: Seat) -> None:
        state = self.seats[seat]
        if state.timer is not None:
            state.timer.cancel()
            state.timer = None
        if state.conn is not None or state.stand_in:
            return
        state.stand_in = True
        if self.started:
            self.session.seat(seat, self.computer_occupant(seat))
        self.announce_seats()

    # --- play ------------------------------------------------------------------------------

    def send_turn(self, request: TurnRequest) -> None:
        state = self.seats[request.seat]
        # before the creator deals, a move is refused ('not started'): nobody is asked for
        # one (the deal's views go out at the start, the turn's among them)
        if state.conn is not None and self.started:
            self.post(
                state.conn, {"type": "turn", "ticket": request.ticket, "view": protocol.view_to_dict(request.view)}
            )

    def move(self, conn: Client, message: dict[str, Any]) -> None:
        assert conn.seat is not None
        if not self.started:  # the deal made at creation waits for the creator's start
            self.post(conn, protocol.error("not started"))
            return
        named = message.get("seat")
        if named is not None and named != conn.seat.letter:
            self.post(conn, protocol.error("not your seat"))
            return
        action = protocol.parse_action(message["action"])
        self.session.submit(conn.seat, action, ticket=message.get("ticket"))

    def chat(self, conn: Client, text: str) -> None:
        assert conn.seat is not None
        self.broadcast({"type": "chat", "seat": conn.seat.letter, "name": conn.name, "text": text})

    def again(self, conn: Client) -> None:
        if not self.session.game.is_over:
            self.post(conn, protocol.error("not over"))
            return
        self.finished_at = None
        self.session.new_game(Game(self.rules))

    def _on_event(self, event: Event) -> None:
        metrics = self.server.metrics
        if metrics is not None:
            self._count(metrics, event)
        if self.session.ticket != self._saved_ticket:
            # a move's events go out only once the move is on disk: what a player saw made is never lost
            self._saved_ticket = self.session.ticket
            self.record()
        # the views are of the table now: a misdeal's "hand dealt" (the game has dealt again since) sends none
        current = isinstance(event, HandDealt) and event.deal_number == self.session.game.deal_number
        dealt = current or (isinstance(event, TableReset) and not self.session.game.is_over)
        if dealt:
            self._deal_in(new_game=isinstance(event, TableReset) and event.why == "new game")
        if isinstance(event, MoveRefused):
            conn = self.seats[event.seat].conn
            if conn is not None:
                self.post(conn, {"type": "refused", "event": event.to_dict(), "text": refusal(event, self.names())})
            return
        self.broadcast({"type": "event", "event": event.to_dict()})
        if isinstance(event, HandEnded):
            self._reveal(event.deal_number)
        if current or (isinstance(event, TableReset) and event.why != "new game"):
            for state in self.seats:
                if state.conn is not None:
                    view = protocol.view_to_dict(self.view_for(state))
                    self.post(state.conn, {"type": "view", "ticket": None, "view": view})
        if isinstance(event, GameEnded):
            self.finished_at = time.monotonic()
            self.server.forget_if_empty(self)

    def _count(self, metrics: ServerMetrics, event: Event) -> None:
        made = len(self.session.game.actions)
        if made > self._moves_counted:
            metrics.moves.inc(made - self._moves_counted)
        self._moves_counted = made  # (fewer: a new game)
        if isinstance(event, MoveRefused):
            metrics.refusals.labels(event.why).inc()

    def _deal_in(self, new_game: bool = False) -> None:
        """A new deal: the people waiting for one take their seats from the computers (without
        asking them yet: the session asks whose turn it is once the deal's events are out), and
        every person at a seat now holds its cards (from this deal on: ``since``; a new game's
        from its first, a computer standing in for them or not)."""
        session, waited = self.session, False
        for s in self.seats:
            if new_game:
                s.since = 0
            if s.waiting and s.conn is not None:
                s.waiting = s.stand_in = False
                waited, asking = True, session.auto_ask
                session.auto_ask = False
                try:
                    session.seat(s.seat, RemoteSeat(self, s.seat))
                finally:
                    session.auto_ask = asking
            if s.kind == "person" and isinstance(session.occupant(s.seat), RemoteSeat) and not s.played:
                s.played, s.since = True, session.game.deal_number
        if waited:
            self.announce_seats()

    def _reveal(self, deal_number: int) -> None:
        """The end of a played hand: the cards nobody played (a lone player's partner's). A hand
        thrown in, passed out or misdealt is gathered up unseen."""
        record = next((r for r in reversed(self.session.game.records) if r.deal_number == deal_number), None)
        if record is not None and record.result.outcome.scored:
            self.broadcast(protocol.reveal_message(deal_number, self._revealed(record)))

    @staticmethod
    def _revealed(record: HandRecord) -> dict[Seat, tuple[Card, ...]]:
        """What a played hand's end shows everyone (nothing of one gathered up unseen)."""
        if not record.result.outcome.scored:
            return {}
        return {seat: record.final.hands[seat] for seat in Seat if record.final.hands[seat]}

    # --- saving ----------------------------------------------------------------------------

    def save_soon(self) -> None:
        """Save once the moves in hand are made (at most once a loop pass)."""
        if not self._save_soon:
            self._save_soon = True
            asyncio.get_running_loop().call_soon(self.save)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "table": self.id,
            "code_digest": self.digest.hex(),
            "computer": self.computer,
            "creator": self.creator_seat.letter,
            "creator_key_digest": None if self.creator_key is None else self.creator_key.hex(),
            "seed": self.seed,
            "started": self.started,
            "seats": [
                {
                    "seat": s.seat.letter,
                    "name": s.name,
                    "kind": s.kind,
                    "open": s.open,
                    "key_digest": None if s.key_digest is None else s.key_digest.hex(),
                    "played": s.played,
                    "since": s.since,
                }
                for s in self.seats
            ],
            "game": self.session.game.to_dict(),
        }

    def record(self) -> None:
        """Put the latest moves on disk: appended to the table's journal (one line a move, cheap),
        or the whole save rewritten at a new hand, a new game or an undo."""
        game = self.session.game
        moves = len(game.actions)
        if self._files is None or moves == self._durable:
            return
        if not self._journaling or moves < self._durable or not game.hand_actions or game.is_over:
            self.save()
            return
        lines = "".join(f"{i} {game.actions[i]}\n" for i in range(self._durable, moves))
        self._durable = moves
        self._write(partial(self._files.append, lines))

    def save(self) -> None:
        """Rewrite the table's save (atomically) and start its journal afresh."""
        self._save_soon = False
        if self._files is None:
            return
        data = self.to_dict()  # (as the table stands now: the writer makes it text)
        self._durable, self._journaling = len(self.session.game.actions), True
        files = self._files
        self._write(lambda: files.save(json.dumps(data)))

    def close(self) -> None:
        """Save for the next start and let go of the journal."""
        self.save()
        if self._files is not None:
            self._write(self._files.close)

    def discard(self) -> None:
        """The table is put away: its files go, and it stops hearing its session, whose
        listener (this table's own method) was the last loop through it: nothing is left
        for the collector, whose middle generation comes rarely (``serve.collect_garbage_rarely``)."""
        if self._files is not None:
            self._write(self._files.discard)
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None

    def _write(self, job: Callable[[], None]) -> None:
        """Hand file work to the writer thread; the table's messages wait until it is done, so
        that what a player is told was made is on disk (the journal line of a move, say)."""
        self._writing += 1
        self.server.disk.submit(job, self._written)

    def _written(self) -> None:
        self._writing -= 1
        if not self._writing:
            held, self._held = self._held, []
            for conn, message, text in held:
                conn.send(message, text)

    def post(self, conn: Client, message: dict[str, Any], text: str | None = None) -> None:
        """Send ``message`` (``text``: its encoding, if made) to ``conn`` after everything the
        table sent before it (which waits while its file work is being done)."""
        if self._writing:
            self._held.append((conn, message, text))
        else:
            conn.send(message, text)

    def resume(self) -> None:
        """After a restart: everybody is away; computers play the seats nobody comes back to."""
        now = time.monotonic()
        loop = asyncio.get_running_loop()
        for s in self.seats:
            if s.kind == "person":
                s.away_since = now
                s.timer = loop.call_later(self.server.seat_wait, self._stand_in, s.seat)
            if self.started and (s.kind == "computer" or (s.kind == "person" and not s.played)):
                s.stand_in = s.kind == "person"  # (a newcomer who never held a hand here still waits for one)
                self.session.seat(s.seat, self.computer_occupant(s.seat))
        if self.started:
            self.session.start("loaded")
