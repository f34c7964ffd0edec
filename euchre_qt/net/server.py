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
computer plays it until the person comes back with the join code and the seat key. Every
table is saved (the engine's own save format inside a small envelope) at each new hand, and
each move in between appended to its journal before the move's events go out; a restarted
server resumes every table it finds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..engine import Game, GameFileError, Rules, Seat
from . import protocol
from .codes import code_digest, key_opens, new_join_code
from .connection import Connection, GuardedConnection, RateLimit, guarded_connections
from .descriptors import ACCEPT_BACKLOG, ConnectionBudget
from .disk import DiskWriter
from .protocol import ProtocolError
from .start_checks import Network, is_trusted
from .table import Table
from .table_file import load_table, read_saved_game, read_table_file
from .thinkers import Thinkers

if TYPE_CHECKING:
    from .metrics import ServerMetrics

log = logging.getLogger("euchre_qt.net")

KEEP_FINISHED_S = 300.0  # a finished game nobody sits at any more is kept this long, for its players to look at
WRONG_CODES_A_MINUTE = 30  # from one address, at once; then one every 2 s (even the right code waits for it)
TABLES_PER_ADDRESS = 20  # tables started from one address at once: one address cannot fill the server
# Connections open from one address at once: each holds a descriptor, and one address must not
# take them all (new players then could not connect, nor tables be saved). A household or a club
# behind one NAT address seats 32 people: eight full tables.
CONNECTIONS_PER_ADDRESS = 32
CROWDED_WAIT_S = 1.0  # how long a connection refused so is kept for its first message (below)
CROWDED_TEXT = protocol.ERROR_TEXT["too many connections"]
# A connection that is not seated (it looked at a table, was refused a seat, or left its own) has
# this long to sit down, and is closed then: time for a person to choose a seat in the window's dialog.
UNSEATED_TIMEOUT_S = 300.0


class LogTally:
    """A warning said at most once a ``period``, with how often it happened since the last one:
    someone trying codes by the thousand must not fill the log."""

    def __init__(self, text: str, period: float = 60.0) -> None:
        self.text = text  # with %d for the count and %s for the latest detail
        self.period = period
        self.count = 0
        self.said = -period

    def note(self, detail: str) -> None:
        self.count += 1
        now = time.monotonic()
        if now - self.said >= self.period:
            log.warning(self.text, self.count, detail)
            self.count, self.said = 0, now


@dataclass(frozen=True, slots=True)
class SavedTable:
    """A table a server saved: its game (journal included) and who sat where."""

    game: Game
    names: tuple[str, str, str, str]


def saved_table(save_dir: Path, code: str) -> SavedTable | None:
    """The table saved in ``save_dir`` under join code ``code``, if there is one that reads."""
    digest = code_digest(code).hex()
    for path in sorted(save_dir.glob("*.json")):
        try:
            data = json.loads(read_table_file(path))
            if not isinstance(data, dict) or data.get("code_digest") != digest:
                continue
            names = [str(seat["name"]) for seat in data["seats"]][:4]
            return SavedTable(read_saved_game(path), (names[0], names[1], names[2], names[3]))
        except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError, GameFileError):
            continue  # unreadable: the server passes it over too
    return None


# --- computer players, in other processes ---------------------------------------------------


class TableServer:
    """Tables by join code, and the WebSocket endpoint clients talk to."""

    def __init__(
        self,
        save_dir: Path | None = None,
        seat_wait: float = 60.0,
        computer: str = "novice",
        workers: int | None = None,
        max_tables: int = 1000,
        keep_finished: float = KEEP_FINISHED_S,
        hello_timeout: float = protocol.HELLO_TIMEOUT_S,
        send_timeout: float = protocol.SEND_TIMEOUT_S,
        tables_per_address: int = TABLES_PER_ADDRESS,
        trusted_proxies: tuple[Network, ...] = (),
        code_prefix: str = "",
        connections_per_address: int = CONNECTIONS_PER_ADDRESS,
        unseated_timeout: float = UNSEATED_TIMEOUT_S,
        max_connections: int | None = None,
    ) -> None:
        self.code_prefix = code_prefix
        # connections at once, all addresses together (``descriptors``; None: no bound)
        self.connections = None if max_connections is None else ConnectionBudget(max_connections, self._full)
        self.save_dir = save_dir
        self.hello_timeout = hello_timeout
        self.unseated_timeout = unseated_timeout
        self.connections_per_address = connections_per_address
        self.send_timeout = send_timeout
        self.seat_wait = seat_wait
        self.computer = computer
        self.max_tables = max_tables
        self.keep_finished = keep_finished
        self.thinkers = Thinkers(workers)
        self.disk = DiskWriter()  # the tables' saves and journals, written off the event loop
        self.tables_per_address = tables_per_address
        self.trusted_proxies = trusted_proxies
        self.tables: dict[bytes, Table] = {}
        self._started_by: Counter[str] = Counter()  # tables at once, by the address that created them
        self._open_from: Counter[str] = Counter()  # connections open at once, by address
        self._wrong_codes: dict[str, RateLimit] = {}  # by address: what is left of its wrong-code budget
        self._bad_codes = LogTally("%d wrong join codes since the last such line, the latest from %s")
        self._cut_offs: dict[str, LogTally] = {}  # by reason
        self._ws: WsServer | None = None
        self.metrics: ServerMetrics | None = None

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
            write_limit=protocol.SEND_BUFFER_BYTES,
            close_timeout=2,
            compression=None,  # tiny messages; deflate costs memory per connection and opens compression attacks
            create_connection=guarded_connections(self.send_timeout, self.connections),
            backlog=ACCEPT_BACKLOG,
        )
        sockets = list(self._ws.sockets)
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def start_metrics(self, host: str, port: int) -> int:
        """Count what an operator watches, and serve it as ``/metrics`` and ``/healthz`` on
        ``port`` (0: any free one); returns the port."""
        from .metrics import ServerMetrics  # (prometheus-client: loaded only by a server that is watched)

        self.metrics = ServerMetrics(self.tables.values)
        return await self.metrics.start(host, port)

    async def serve_forever(self) -> None:
        assert self._ws is not None
        await self._ws.serve_forever()

    async def close(self) -> None:
        log.info("stopping: %d tables saved", len(self.tables), extra={"tables": len(self.tables)})
        for table in self.tables.values():
            table.close()
        if self.metrics is not None:
            await self.metrics.close()
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        self.thinkers.close()
        self.disk.close()  # (every save handed over is written before the server ends)

    def _resume_all(self) -> None:
        assert self.save_dir is not None
        for path in sorted(self.save_dir.glob("*.json")):
            journal = path.with_suffix(".moves")
            try:
                moves = read_table_file(journal) if journal.exists() else None
                table = load_table(self, json.loads(read_table_file(path)), moves)
            except (OSError, ValueError, RecursionError) as exc:  # GameFileError is a ValueError
                # plain words first; the system's own after them, for the operator
                why = "it cannot be read" if isinstance(exc, OSError) else "it is damaged or not a saved table"
                fields = {"file": path.name, "detail": str(exc)}
                log.warning("skipping the saved table %s: %s (%s)", path.name, why, exc, extra=fields)
                continue
            self.tables[table.digest] = table
            table.resume()
            log.info("resumed table %s", table.id, extra={"table": table.id})

    # --- one client ------------------------------------------------------------------------

    def address_of(self, ws: ServerConnection) -> str:
        """The client's address. Behind a trusted proxy (``--trusted-proxy``), the one the proxy
        saw: the last ``X-Forwarded-For`` entry (the ones before it are the client's own say)."""
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        if ws.request is None or not is_trusted(peer, self.trusted_proxies):
            return peer
        hops = [hop.strip() for line in ws.request.headers.get_all("X-Forwarded-For") for hop in line.split(",")]
        return hops[-1][:64] if hops and hops[-1] else peer

    async def _handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.address_of(ws), self.send_timeout, self.metrics)
        if self._open_from[conn.address] >= self.connections_per_address:
            self._cut_off("too many connections", conn.address)
            await self._refuse_crowd(conn)
            return
        self._open_from[conn.address] += 1
        log.debug("client %s connected", conn.address)
        if self.metrics is not None:
            self.metrics.connections.inc()
        try:
            # any message may come first, but only a create, look or join says who is there
            async with asyncio.timeout(self.hello_timeout):
                while not conn.introduced:
                    self._receive(conn, await ws.recv())
            await self._converse(conn)
        except ProtocolError as exc:
            if exc.code == "bad code":
                self._bad_codes.note(conn.address)
            else:
                self._cut_off(exc.code, conn.address)
            log.debug("client %s cut off: %s", conn.address, exc)
            await conn.fail(exc.code)
        except TimeoutError:
            self._cut_off("timeout", conn.address)
            await conn.fail("timeout")
        except ConnectionClosed as exc:
            if isinstance(ws, GuardedConnection) and ws.gave_up:
                self._cut_off("not reading", conn.address)
                log.debug("client %s cut off: does not read (%s)", conn.address, ws.gave_up)
            elif exc.rcvd is None and exc.sent is not None and exc.sent.code == 1009:
                self._cut_off("too big", conn.address)
        finally:
            log.debug("client %s gone", conn.address)
            if self.metrics is not None:
                self.metrics.connections.dec()
            conn.dead = True
            conn.finish()
            if conn.table is not None:
                conn.table.drop(conn)
            self._open_from[conn.address] -= 1
            if not self._open_from[conn.address]:
                del self._open_from[conn.address]

    async def _converse(self, conn: Connection) -> None:
        """Every message after the hello. A connection not seated at a table (it looked, was
        refused a seat, or left its own) is timed out ``unseated_timeout`` seconds after it was
        first found so: looking again, or being refused, does not keep it open."""
        ws, loop = conn.ws, asyncio.get_running_loop()
        deadline: float | None = None
        while True:
            if conn.table is not None:
                deadline = None
                raw = await ws.recv()
            else:
                if deadline is None:
                    deadline = loop.time() + self.unseated_timeout
                async with asyncio.timeout_at(deadline):
                    raw = await ws.recv()
            self._receive(conn, raw)

    @staticmethod
    async def _refuse_crowd(conn: Connection) -> None:
        """One connection too many from its address: said in plain words (the code every client
        knows to end on), then closed as a refused ``create`` is. The client's first message is
        waited for, a second at most: closed before it came, the client's sending it failed
        (the connection closed), and it never read why."""
        conn.send(protocol.error("too many connections"))
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            async with asyncio.timeout(CROWDED_WAIT_S):
                await conn.ws.recv()
        conn.dead = True
        conn.close_code, conn.close_reason = 1008, CROWDED_TEXT[:100]
        conn.finish()
        try:
            await asyncio.wait_for(asyncio.shield(conn.writer), 2.0)
        except TimeoutError:
            await conn.ws.close(conn.close_code, conn.close_reason)

    def _receive(self, conn: Connection, raw: str | bytes) -> None:
        if conn.asked > 0:
            conn.asked -= 1
        elif not conn.limit.allow():
            raise ProtocolError("flooding")
        message = protocol.parse_client_message(raw)
        kind = message["type"]
        table = conn.table
        if kind in ("create", "look", "join"):
            conn.introduced = True
            if table is not None:
                raise ProtocolError("malformed", "already seated")
            getattr(self, f"_{kind}")(conn, message)
            return
        if table is None or conn.seat is None:
            conn.send(protocol.error("not seated"))
            return
        if kind == "move":
            conn.read_move()
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
        elif kind == "free":
            self._free(conn, table, Seat.parse(message["seat"]))

    def _find(self, conn: Connection, code: str) -> Table:
        """The table with join code ``code``. Each address has a budget of wrong codes (a token
        bucket: ``WRONG_CODES_A_MINUTE`` at once, refilled at that rate a minute); while it is
        spent every code is refused, the right one too, and a refused try costs nothing, so
        nobody guesses faster than the budget, and retrying never keeps an address locked out."""
        budget = self._wrong_codes.get(conn.address)
        if budget is not None and not budget.ready():
            self._wrong_code("locked out")
            raise ProtocolError("bad code")
        digest = code_digest(code)
        table = self.tables.get(digest)
        if table is None or not hmac.compare_digest(table.digest, digest):
            if budget is None:
                if len(self._wrong_codes) > 10_000:  # forget the addresses whose budget is whole again
                    self._wrong_codes = {a: b for a, b in self._wrong_codes.items() if not b.whole()}
                budget = self._wrong_codes[conn.address] = RateLimit(WRONG_CODES_A_MINUTE / 60, WRONG_CODES_A_MINUTE)
            budget.allow()
            self._wrong_code("no table")
            raise ProtocolError("bad code")
        return table

    def _create(self, conn: Connection, message: dict[str, Any]) -> None:
        # A refused create ends the connection as other refusals do: left open, it counted as
        # introduced and was never timed out (benchmarks/net_fuzz.py: 100 connections a round
        # stayed open once one address reached its cap).
        if len(self.tables) >= self.max_tables:
            raise ProtocolError("server busy")
        if self._started_by[conn.address] >= self.tables_per_address:
            raise ProtocolError("too many tables")
        seat = Seat.parse(message["seat"])
        try:
            rules = Rules.from_dict(message.get("rules", {}))
        except ValueError as exc:  # options the schema lets through one by one but not together
            raise ProtocolError("malformed", str(exc)) from None
        code = new_join_code(self.code_prefix)
        while code_digest(code) in self.tables:
            code = new_join_code(self.code_prefix)
        table = Table(
            self, secrets.token_hex(6), code_digest(code), rules, message.get("computer", self.computer), seat
        )
        open_seats = {Seat.parse(s) for s in message["open_seats"]} - {seat}
        for state in table.seats:
            if state.seat in open_seats:
                state.open = True
            elif state.seat is not seat:
                state.kind, state.name = "computer", ""
        table.started_by = conn.address
        self._started_by[conn.address] += 1
        self.tables[table.digest] = table
        conn.send({"type": "created", "code": code})
        fields = {"table": table.id, "address": conn.address}
        log.info("table %s created (%d tables)", table.id, len(self.tables), extra=fields)
        if self.metrics is not None:
            self.metrics.tables_created.inc()
        table.sit(conn, seat, message["name"])

    def _look(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.send(self._find(conn, message["code"]).table_message())

    def _join(self, conn: Connection, message: dict[str, Any]) -> None:
        """A free seat to anyone with the join code; a person's seat only to its key (the name
        is public: anyone who looked at the table knows it)."""
        table = self._find(conn, message["code"])
        seat = Seat.parse(message["seat"])
        name = message["name"]
        state = table.seats[seat]
        if state.conn is not None:
            conn.send(protocol.error("seat taken"))
            return
        if state.kind == "person":
            key = message.get("key")
            if key_opens(state.key_digest, key):
                table.sit(conn, seat, state.name, key)
            else:
                conn.send(protocol.error("seat taken"))
            return
        if state.kind == "computer" and not state.open:
            conn.send(protocol.error("seat taken"))
            return
        if any(s.name == name and s.seat is not seat and s.kind == "person" for s in table.seats):
            conn.send(protocol.error("name taken"))
            return
        table.sit(conn, seat, name)

    @staticmethod
    def _free(conn: Connection, table: Table, seat: Seat) -> None:
        """The table's creator frees the seat of a person who is away (who lost the seat key,
        say): the key no longer opens it, and anyone with the join code may sit there."""
        state = table.seats[seat]
        if conn.seat is not table.creator:
            conn.send(protocol.error("not creator"))
        elif state.kind != "person" or state.conn is not None:
            conn.send(protocol.error("not away"))
        else:
            table.free(seat)

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

    def _cut_off(self, why: str, address: str) -> None:
        """A client broke the wire rules (``why``: the error's code): counted, and logged at most once
        a minute for each reason (someone flooding must not fill the log)."""
        if self.metrics is not None:
            self.metrics.cut_off.labels(why).inc()
        tally = self._cut_offs.get(why)
        if tally is None:
            text = f"%d clients cut off ({why}) since the last such line, the latest %s"
            tally = self._cut_offs[why] = LogTally(text)
        tally.note(address)

    def _full(self, address: str) -> None:
        """A connection closed as soon as it came: the server holds as many as its descriptors allow."""
        self._cut_off("server full", address)

    def _wrong_code(self, why: str) -> None:
        if self.metrics is not None:
            self.metrics.wrong_codes.labels(why).inc()

    def _forget(self, table: Table) -> None:
        if not self._forgettable(table):
            return
        if self.tables.pop(table.digest, None) is not None and table.started_by:
            self._started_by[table.started_by] -= 1
            if not self._started_by[table.started_by]:
                del self._started_by[table.started_by]
        log.info("table %s put away (%d tables)", table.id, len(self.tables), extra={"table": table.id})
        table.discard()


__all__ = [
    "CONNECTIONS_PER_ADDRESS",
    "CROWDED_TEXT",
    "KEEP_FINISHED_S",
    "TABLES_PER_ADDRESS",
    "UNSEATED_TIMEOUT_S",
    "WRONG_CODES_A_MINUTE",
    "SavedTable",
    "TableServer",
    "code_digest",
    "new_join_code",
    "saved_table",
]
