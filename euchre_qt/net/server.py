"""The table server: many tables, each a ``TableSession`` the server referees.

The server is the only referee. Each table runs the engine through the session; a client
sends requests for its own seat and is sent only the session's public events, its own
seat's view and refusals meant for it. Nothing a client sends is trusted: each frame passes
``protocol.parse_client_message`` first, and a client that breaks the wire rules
(malformed, oversized, flooding, silent) is cut off while its table plays on.

Computer players never think in the event loop: their turns go to a process pool sized to
the machine's cores, and the answer comes back to the loop through the session's ticket, so
a slow thought can never land in a position the table has left.

A person who drops keeps the seat for ``seat_wait`` seconds (shown to the table); then a
computer plays it until the person comes back with the same join code and name. Every
table is saved (the engine's own save format inside a small envelope) at each new hand, and
each move in between appended to its journal before the move's events go out; a restarted
server resumes every table it finds.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import hmac
import json
import logging
import multiprocessing
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..engine import Action, Game, GameFileError, Rules, Seat, SeatView
from ..engine.ai.player import Decision
from ..engine.ai.registry import make_player
from ..session import ComputerSeat, Event, MoveRefused, SeatKind, TableSession, TurnRequest
from ..session.events import GameEnded, HandDealt, HandEnded, TableReset
from ..session.seats import Submit
from ..session.wording import refusal
from . import protocol
from .protocol import ProtocolError, SeatInfo

log = logging.getLogger("euchre_qt.net")

WRONG_CODES_A_MINUTE = 30  # from one address; then even the right code is refused for a minute
SAVE_FORMAT = "euchre-qt server table"
SAVE_VERSION = 1


def new_join_code() -> str:
    """A fresh join code, ``ABCD-2345``: 40 random bits from ``secrets``."""
    letters = "".join(secrets.choice(protocol.JOIN_CODE_ALPHABET) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


def code_digest(code: str) -> bytes:
    """What the server keeps of a join code: tables are found by this digest and the digests
    compared in constant time, so neither a lookup's timing nor a saved table gives the code away."""
    return hashlib.sha256(f"euchre-qt join code:{code}".encode()).digest()


# --- computer players, in other processes ---------------------------------------------------

_WORKER_PLAYERS: dict[tuple[str, int], Any] = {}


def _decide(player: str, seed: int, view: SeatView) -> str:
    """In a worker process: the computer player's move for ``view``, as its text."""
    key = (player, seed)
    if key not in _WORKER_PLAYERS:
        _WORKER_PLAYERS[key] = make_player(player, seed=seed)
    return str(_WORKER_PLAYERS[key].decide(view).action)


def _start_worker(server: int) -> None:
    """In a new worker: yield the CPU to the server's event loop (a table of people waits on
    the loop, never on a thought), and end once the server's process is gone (killed, it cannot say so)."""
    with contextlib.suppress(OSError):  # not allowed here: think at the server's priority
        os.nice(10)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # a new process with the server's number: the server is gone
                os._exit(0)

    threading.Thread(target=watch, name="leave-with-server", daemon=True).start()


class Thinkers:
    """The process pool computer players think in (one worker per core by default)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        # "forkserver": a worker is not a fork of the server, so it holds none of its sockets (a
        # worker outliving a killed server would keep its port); each leaves when the server is gone
        self._pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("forkserver"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    def think_for(self, player: str, seed: int) -> Callable[[SeatView, Callable[[Any], None]], None]:
        """A ``ComputerSeat`` think function: starts the thought in the pool and returns at once."""

        def think(view: SeatView, done: Callable[[Any], None]) -> None:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._pool, _decide, player, seed, view)

            def finished(f: asyncio.Future[str]) -> None:
                try:
                    action = Action.parse(f.result())
                except Exception:  # a worker that died or answered nonsense must not stop the table
                    log.exception("a computer player failed; playing its first legal move")
                    action = view.legal_actions[0]
                done(Decision(action, ""))

            future.add_done_callback(finished)

        return think

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


# --- connections -----------------------------------------------------------------------------


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float = protocol.RATE_PER_S, burst: int = protocol.RATE_BURST) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One client: an ordered outbox written by its own task, numbered so a client can
    tell that nothing was lost or reordered (``n`` counts from 1 on each connection)."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.n = 0
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.table: Table | None = None
        self.seat: Seat | None = None
        self.name = ""
        self.limit = RateLimit()
        self.asked = 0  # turns sent and not yet answered: an answer to one is never counted as flooding
        self.dead = False
        self.close_code, self.close_reason = 1000, ""
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        if self.dead:
            return
        if self.outbox.qsize() >= protocol.MAX_OUTBOX:
            log.warning("client %s reads too slowly; disconnecting", self.ws.remote_address)
            self.dead = True
            self.outbox.put_nowait(None)
            return
        self.n += 1
        if message["type"] == "turn":
            self.asked = min(self.asked + 1, 4)
        self.outbox.put_nowait(protocol.encode({**message, "n": self.n}))

    async def _write(self) -> None:
        try:
            while (text := await self.outbox.get()) is not None:
                await self.ws.send(text)
        except ConnectionClosed:
            pass
        finally:
            self.dead = True
            await self.ws.close(self.close_code, self.close_reason)

    async def fail(self, code: str) -> None:
        """Tell the client what it did wrong, then hang up (policy violation)."""
        self.send(protocol.error(code))
        self.dead = True
        self.close_code, self.close_reason = 1008, protocol.ERROR_TEXT[code][:100]
        self.outbox.put_nowait(None)
        try:
            await asyncio.wait_for(asyncio.shield(self.writer), 2.0)
        except TimeoutError:
            await self.ws.close(self.close_code, self.close_reason)


# --- tables ----------------------------------------------------------------------------------


@dataclass
class SeatState:
    seat: Seat
    name: str = ""
    kind: str = "open"  # "person", "computer", or "open" (nobody yet)
    open: bool = False  # friends may sit here (a computer keeps it warm until one does)
    conn: Connection | None = None
    away_since: float | None = None
    timer: asyncio.TimerHandle | None = None
    stand_in: bool = False


class RemoteSeat:
    """A seat whose moves come from a client: its turn is sent to that client."""

    kind = SeatKind.REMOTE
    sees_all = False

    def __init__(self, table: Table, seat: Seat) -> None:
        self.table = table
        self.seat = seat

    def your_turn(self, request: TurnRequest, submit: Submit) -> None:
        self.table.send_turn(request)

    def cancel(self) -> None:
        """The client's answer, if it comes, is judged by its ticket: nothing to forget here."""


class Table:
    """One table: its session, its four seats and who sits in them, its save."""

    def __init__(
        self,
        server: TableServer,
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
        self.creator = creator
        self.seed = secrets.randbits(31)
        self.seats = [SeatState(seat) for seat in Seat]
        self.started = False
        self.session = TableSession(game or Game(rules), [RemoteSeat(self, seat) for seat in Seat])
        self.session.listen(self._on_event)
        self._save_soon = False
        self._saved_ticket = -1
        self._durable = 0  # the game's moves on disk (in the save or its journal)
        self._journal: TextIO | None = None
        self.finished_at: float | None = None

    # --- who sits where ---------------------------------------------------------------------

    def seat_infos(self) -> list[SeatInfo]:
        now = time.monotonic()
        infos = []
        for s in self.seats:
            back = None
            if s.away_since is not None and not s.stand_in:
                back = max(0.0, self.server.seat_wait - (now - s.away_since))
            infos.append(SeatInfo(s.seat, s.name, s.kind, s.conn is not None, back, s.stand_in))
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
        for s in self.seats:
            if s.conn is not None:
                s.conn.send(message)

    def announce_seats(self) -> None:
        self.broadcast(self.table_message())

    def names(self) -> tuple[str, str, str, str]:
        return tuple(s.name or f"Computer {s.seat}" for s in self.seats)  # type: ignore[return-value]

    def computer_occupant(self, seat: Seat) -> ComputerSeat:
        return ComputerSeat(self.server.thinkers.think_for(self.computer, self.seed + int(seat)))

    def sit(self, conn: Connection, seat: Seat, name: str) -> None:
        """Put ``conn`` in ``seat`` (checked by the caller) and bring it up to date."""
        state = self.seats[seat]
        if state.timer is not None:
            state.timer.cancel()
        state.timer = None
        state.name, state.kind, state.conn = name, "person", conn
        state.away_since, state.stand_in = None, False
        conn.table, conn.seat, conn.name = self, seat, name
        conn.send(
            {
                "type": "welcome",
                "v": protocol.PROTOCOL_VERSION,
                "seat": seat.letter,
                "name": name,
                "creator": seat is self.creator,
            }
        )
        self.announce_seats()
        if self.started:
            # the seat's view; a computer handing the seat over on its turn asks the newcomer itself
            self._send_view(state)
        if not isinstance(self.session.occupant(seat), RemoteSeat):
            self.session.seat(seat, RemoteSeat(self, seat))
        self.save_soon()
        if not self.started and all(s.kind != "open" for s in self.seats):
            self.start()

    def _send_view(self, state: SeatState) -> None:
        if state.conn is None:
            return
        session = self.session
        mine = session.turn is state.seat and isinstance(session.occupant(state.seat), RemoteSeat)  # waiting on them
        state.conn.send(
            {
                "type": "turn" if mine else "view",
                "ticket": session.ticket if mine else None,
                "view": protocol.view_to_dict(session.view(state.seat)),
            }
        )

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

    def drop(self, conn: Connection) -> None:
        """``conn`` went away: its seat waits ``seat_wait`` seconds, then a computer takes it."""
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        state = self.seats[seat]
        state.conn = None
        state.away_since = time.monotonic()
        loop = asyncio.get_running_loop()
        state.timer = loop.call_later(self.server.seat_wait, self._stand_in, seat)
        self.announce_seats()
        self.server.forget_if_empty(self)

    def leave(self, conn: Connection) -> None:
        seat = conn.seat
        if seat is None:
            return
        self.drop(conn)
        self._stand_in(seat)

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
        if state.conn is not None:
            state.conn.send({"type": "turn", "ticket": request.ticket, "view": protocol.view_to_dict(request.view)})

    def move(self, conn: Connection, message: dict[str, Any]) -> None:
        assert conn.seat is not None
        named = message.get("seat")
        if named is not None and named != conn.seat.letter:
            conn.send(protocol.error("not your seat"))
            return
        action = protocol.parse_action(message["action"])
        self.session.submit(conn.seat, action, ticket=message.get("ticket"))

    def chat(self, conn: Connection, text: str) -> None:
        assert conn.seat is not None
        self.broadcast({"type": "chat", "seat": conn.seat.letter, "name": conn.name, "text": text})

    def again(self, conn: Connection) -> None:
        if not self.session.game.is_over:
            conn.send(protocol.error("not over"))
            return
        self.finished_at = None
        self.session.new_game(Game(self.rules))

    def _on_event(self, event: Event) -> None:
        if self.session.ticket != self._saved_ticket:
            # a move's events go out only once the move is on disk: what a player saw made is never lost
            self._saved_ticket = self.session.ticket
            self.record()
        if isinstance(event, MoveRefused):
            conn = self.seats[event.seat].conn
            if conn is not None:
                conn.send({"type": "refused", "event": event.to_dict(), "text": refusal(event, self.names())})
            return
        self.broadcast({"type": "event", "event": event.to_dict()})
        if isinstance(event, HandEnded):
            self._reveal(event.deal_number)
        # the views are of the table now: a misdeal's "hand dealt" (the game has dealt again since) sends none
        current = isinstance(event, HandDealt) and event.deal_number == self.session.game.deal_number
        if current or (isinstance(event, TableReset) and event.why != "new game"):
            for state in self.seats:
                if state.conn is not None:
                    state.conn.send(
                        {"type": "view", "ticket": None, "view": protocol.view_to_dict(self.session.view(state.seat))}
                    )
        if isinstance(event, GameEnded):
            self.finished_at = time.monotonic()
            self.server.forget_if_empty(self)

    def _reveal(self, deal_number: int) -> None:
        """The end of a played hand: the cards nobody played (a lone player's partner's). A hand
        thrown in, passed out or misdealt is gathered up unseen."""
        record = next((r for r in reversed(self.session.game.records) if r.deal_number == deal_number), None)
        if record is None or not record.result.outcome.scored:
            return
        hands = {seat.letter: [c.text for c in record.final.hands[seat]] for seat in Seat if record.final.hands[seat]}
        self.broadcast({"type": "reveal", "deal_number": deal_number, "hands": hands})

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
            "creator": self.creator.letter,
            "seed": self.seed,
            "started": self.started,
            "seats": [{"seat": s.seat.letter, "name": s.name, "kind": s.kind, "open": s.open} for s in self.seats],
            "game": self.session.game.to_dict(),
        }

    def record(self) -> None:
        """Put the latest moves on disk: appended to the table's journal (one line a move, cheap),
        or the whole save rewritten at a new hand, a new game or an undo."""
        game = self.session.game
        moves = len(game.actions)
        if moves == self._durable:
            return
        if self._journal is None or moves < self._durable or not game.hand_actions or game.is_over:
            self.save()
            return
        try:
            self._journal.write("".join(f"{i} {game.actions[i]}\n" for i in range(self._durable, moves)))
            self._journal.flush()  # in the kernel's hands: a killed server loses nothing
            self._durable = moves
        except OSError:
            log.exception("could not journal table %s", self.id)

    def save(self) -> None:
        """Rewrite the table's save (atomically) and start its journal afresh."""
        self._save_soon = False
        folder = self.server.save_dir
        if folder is None:
            return
        path = folder / f"{self.id}.json"
        temp = path.with_suffix(".tmp")
        try:
            temp.write_text(json.dumps(self.to_dict()), encoding="utf-8")
            os.replace(temp, path)
            if self._journal is not None:
                self._journal.close()
            # the journal's lines carry move numbers, so lines already in the save are skipped on reading
            self._journal = (folder / f"{self.id}.moves").open("w", encoding="utf-8")
            self._durable = len(self.session.game.actions)
        except OSError:
            log.exception("could not save table %s", self.id)

    def close(self) -> None:
        """Save for the next start and let go of the journal."""
        self.save()
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    def discard(self) -> None:
        """The table is put away: its files go."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        folder = self.server.save_dir
        if folder is not None:
            for suffix in (".json", ".moves"):
                (folder / f"{self.id}{suffix}").unlink(missing_ok=True)

    @classmethod
    def from_dict(cls, server: TableServer, data: Any, journal: str | None = None) -> Table:
        """A saved table and the text of its journal; ``GameFileError`` if the file is not one this server wrote."""
        try:
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("version") != SAVE_VERSION:
                raise GameFileError("not a saved table")
            game = Game.from_dict(data["game"])
            if journal is not None:
                replay_journal(game, journal)
            table = cls(
                server,
                _table_id(data["table"]),
                bytes.fromhex(data["code_digest"]),
                game.rules,
                str(data["computer"]),
                Seat.parse(data["creator"]),
                game,
            )
            make_player(table.computer)  # an unknown player name is a damaged file
            table.seed = int(data["seed"])
            table.started = bool(data["started"])
            for saved in data["seats"]:
                state = table.seats[Seat.parse(saved["seat"])]
                state.name, state.kind, state.open = (
                    str(saved["name"])[: protocol.MAX_NAME],
                    str(saved["kind"]),
                    bool(saved["open"]),
                )
                if state.kind not in ("person", "computer", "open"):
                    raise GameFileError("a seat of an unknown kind")
            return table
        except GameFileError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise GameFileError(f"damaged saved table: {exc}") from exc

    def resume(self) -> None:
        """After a restart: everybody is away; computers play the seats nobody comes back to."""
        now = time.monotonic()
        loop = asyncio.get_running_loop()
        for s in self.seats:
            if s.kind == "person":
                s.away_since = now
                s.timer = loop.call_later(self.server.seat_wait, self._stand_in, s.seat)
            elif s.kind == "computer" and self.started:
                self.session.seat(s.seat, self.computer_occupant(s.seat))
        if self.started:
            self.session.start("loaded")


def replay_journal(game: Game, journal: str) -> None:
    """Make the journal's moves that follow the save's (``"17 play JH"``: move 17). A line cut
    short by a crash, or one the save already holds, is passed over."""
    for line in journal.splitlines():
        number, _, text = line.partition(" ")
        if number.isdigit() and int(number) == len(game.actions):
            try:
                game.apply(Action.parse(text))
            except ValueError:  # IllegalActionError too: a torn line
                return


def read_saved_game(path: Path) -> Game:
    """The game a table's save holds with its journal's moves: what a restarted server resumes."""
    data = json.loads(path.read_text(encoding="utf-8"))
    game = Game.from_dict(data["game"])
    journal = path.with_suffix(".moves")
    if journal.exists():
        replay_journal(game, journal.read_text(encoding="utf-8"))
    return game


def _table_id(text: Any) -> str:
    if not isinstance(text, str) or len(text) != 12 or any(c not in "0123456789abcdef" for c in text):
        raise ValueError("bad table id")
    return text


# --- the server ------------------------------------------------------------------------------


class TableServer:
    """Tables by join code, and the WebSocket endpoint clients talk to."""

    def __init__(
        self,
        save_dir: Path | None = None,
        seat_wait: float = 60.0,
        computer: str = "novice",
        workers: int | None = None,
        max_tables: int = 1000,
        keep_finished: float = 300.0,
        hello_timeout: float = protocol.HELLO_TIMEOUT_S,
    ) -> None:
        self.save_dir = save_dir
        self.hello_timeout = hello_timeout
        self.seat_wait = seat_wait
        self.computer = computer
        self.max_tables = max_tables
        self.keep_finished = keep_finished
        self.thinkers = Thinkers(workers)
        self.tables: dict[bytes, Table] = {}
        self._wrong_codes: dict[str, list[float]] = {}  # by address: when it last gave wrong codes
        self._ws: WsServer | None = None

    # --- running ---------------------------------------------------------------------------

    async def start(self, host: str, port: int, ssl: Any = None) -> int:
        """Listen (``port`` 0: any free port) and resume saved tables; returns the port."""
        if self.save_dir is not None:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            self._resume_all()
        self._ws = await serve(
            self._handle,
            host,
            port,
            ssl=ssl,
            max_size=protocol.MAX_MESSAGE_BYTES,
            max_queue=4,
            close_timeout=2,
            compression=None,  # tiny messages; deflate costs memory per connection and opens compression attacks
        )
        sockets = list(self._ws.sockets)
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def serve_forever(self) -> None:
        assert self._ws is not None
        await self._ws.serve_forever()

    async def close(self) -> None:
        for table in self.tables.values():
            table.close()
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        self.thinkers.close()

    def _resume_all(self) -> None:
        assert self.save_dir is not None
        for path in sorted(self.save_dir.glob("*.json")):
            journal = path.with_suffix(".moves")
            try:
                moves = journal.read_text(encoding="utf-8", errors="replace") if journal.exists() else None
                table = Table.from_dict(self, json.loads(path.read_text(encoding="utf-8")), moves)
            except (OSError, ValueError, RecursionError) as exc:  # GameFileError is a ValueError
                log.warning("skipping saved table %s: %s", path.name, exc)
                continue
            self.tables[table.digest] = table
            table.resume()
            log.info("resumed table %s", table.id)

    # --- one client ------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws)
        try:
            first = await asyncio.wait_for(ws.recv(), self.hello_timeout)
            self._receive(conn, first)
            async for raw in ws:
                self._receive(conn, raw)
        except ProtocolError as exc:
            log.info("client %s cut off: %s", ws.remote_address, exc)
            await conn.fail(exc.code)
        except TimeoutError:
            await conn.fail("timeout")
        except ConnectionClosed as exc:
            if exc.rcvd is None and exc.sent is not None and exc.sent.code == 1009:
                log.info("client %s cut off: message too big", ws.remote_address)
        finally:
            conn.dead = True
            conn.outbox.put_nowait(None)
            if conn.table is not None:
                conn.table.drop(conn)

    def _receive(self, conn: Connection, raw: str | bytes) -> None:
        if conn.asked > 0:
            conn.asked -= 1
        elif not conn.limit.allow():
            raise ProtocolError("flooding")
        message = protocol.parse_client_message(raw)
        kind = message["type"]
        table = conn.table
        if kind in ("create", "look", "join"):
            if table is not None:
                raise ProtocolError("malformed", "already seated")
            getattr(self, f"_{kind}")(conn, message)
            return
        if table is None or conn.seat is None:
            conn.send(protocol.error("not seated"))
            return
        if kind == "move":
            table.move(conn, message)
        elif kind == "chat":
            table.chat(conn, message["text"])
        elif kind == "start":
            if conn.seat is not table.creator:
                conn.send(protocol.error("not creator"))
            elif table.started:
                conn.send(protocol.error("started"))
            else:
                table.start()
        elif kind == "again":
            table.again(conn)
        elif kind == "leave":
            table.leave(conn)
            conn.table, conn.seat = None, None

    def _find(self, conn: Connection, code: str) -> Table:
        """The table with join code ``code``. An address that keeps guessing wrong is refused every
        code for a minute, so nobody can try codes faster than ``WRONG_CODES_A_MINUTE``."""
        address = str(conn.ws.remote_address[0]) if conn.ws.remote_address else "?"
        now = time.monotonic()
        recent = [t for t in self._wrong_codes.get(address, []) if now - t < 60.0]
        digest = code_digest(code)
        table = self.tables.get(digest)
        if len(recent) >= WRONG_CODES_A_MINUTE or table is None or not hmac.compare_digest(table.digest, digest):
            recent.append(now)
            if len(self._wrong_codes) > 10_000:  # forget the addresses that stopped guessing
                self._wrong_codes = {a: ts for a, ts in self._wrong_codes.items() if now - ts[-1] < 60.0}
            self._wrong_codes[address] = recent[-WRONG_CODES_A_MINUTE:]
            raise ProtocolError("bad code")
        return table

    def _create(self, conn: Connection, message: dict[str, Any]) -> None:
        if len(self.tables) >= self.max_tables:
            conn.send(protocol.error("server busy"))
            return
        seat = Seat.parse(message["seat"])
        try:
            rules = Rules.from_dict(message.get("rules", {}))
        except ValueError as exc:  # options the schema lets through one by one but not together
            raise ProtocolError("malformed", str(exc)) from None
        code = new_join_code()
        while code_digest(code) in self.tables:
            code = new_join_code()
        table = Table(
            self, secrets.token_hex(6), code_digest(code), rules, message.get("computer", self.computer), seat
        )
        open_seats = {Seat.parse(s) for s in message["open_seats"]} - {seat}
        for state in table.seats:
            if state.seat in open_seats:
                state.open = True
            elif state.seat is not seat:
                state.kind, state.name = "computer", ""
        self.tables[table.digest] = table
        conn.send({"type": "created", "code": code})
        table.sit(conn, seat, message["name"])

    def _look(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.send(self._find(conn, message["code"]).table_message())

    def _join(self, conn: Connection, message: dict[str, Any]) -> None:
        table = self._find(conn, message["code"])
        seat = Seat.parse(message["seat"])
        name = message["name"]
        state = table.seats[seat]
        if state.conn is not None:
            conn.send(protocol.error("seat taken"))
            return
        if state.kind == "person" and state.name != name:
            conn.send(protocol.error("seat taken"))
            return
        if state.kind == "computer" and not state.open:
            conn.send(protocol.error("seat taken"))
            return
        if any(s.name == name and s.seat is not seat and s.kind == "person" for s in table.seats):
            conn.send(protocol.error("name taken"))
            return
        table.sit(conn, seat, name)

    def forget_if_empty(self, table: Table) -> None:
        """A table nobody sits at any more, finished or never started, is put away (its save
        removed) after a while; a game in progress plays on with computers and waits for its people."""
        if not self._forgettable(table):
            return
        delay = self.keep_finished if table.started else self.seat_wait
        asyncio.get_running_loop().call_later(delay, self._forget, table)

    @staticmethod
    def _forgettable(table: Table) -> bool:
        idle = table.finished_at is not None or not table.started
        return idle and all(s.conn is None for s in table.seats)

    def _forget(self, table: Table) -> None:
        if not self._forgettable(table):
            return
        self.tables.pop(table.digest, None)
        if self.save_dir is not None:
            table.discard()


__all__ = ["SAVE_FORMAT", "TableServer", "code_digest", "new_join_code"]
