"""What an operator watches of a table server: ``/metrics`` in Prometheus's text format (with
``prometheus-client``) and ``/healthz``, on a port of their own (``euchre-qt serve
--metrics-port``), served from the server's event loop so that what is read of the tables is
never read while the loop changes it.

Counters and histograms are counted as things happen; what the tables hold now (tables, seats
by kind) is read when Prometheus asks, so a table's play costs nothing for them. The names are
listed in ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import gc
import http
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response


class SeatCounted(Protocol):
    """What the metrics read of a table's seat (``table.SeatState``)."""

    @property
    def kind(self) -> str: ...
    @property
    def conn(self) -> object | None: ...


class TableCounted(Protocol):
    """What the metrics read of a table (``table.Table``, which counts its moves here: a
    protocol, so that the two modules do not import each other)."""

    @property
    def started(self) -> bool: ...
    @property
    def finished_at(self) -> float | None: ...
    @property
    def seats(self) -> Sequence[SeatCounted]: ...


LAG_EVERY_S = 0.25  # how often the loop's lag is sampled
# round trips and lags of a loop that serves people: a millisecond is good, a second is a fault
SECONDS_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class TablesNow(Collector):
    """The tables and their seats as they stand when Prometheus asks."""

    def __init__(self, tables: Callable[[], Iterable[TableCounted]]) -> None:
        self.tables = tables

    def collect(self) -> Iterator[Metric]:
        states = {"waiting": 0, "playing": 0, "finished": 0}
        seats = {"person": 0, "away": 0, "computer": 0, "open": 0}
        for table in self.tables():
            state = "waiting" if not table.started else "finished" if table.finished_at is not None else "playing"
            states[state] += 1
            for seat in table.seats:
                kind = "away" if seat.kind == "person" and seat.conn is None else seat.kind
                seats[kind] = seats.get(kind, 0) + 1
        yield _gauge(
            "euchre_tables_open",
            "Tables the server holds, by state (waiting for the creator to deal, playing, finished)",
            "state",
            states,
        )
        yield _gauge(
            "euchre_seats",
            "Seats at the server's tables, by who sits there (person: connected; away: a person whose "
            "connection dropped; computer; open: waiting for a friend before the deal)",
            "kind",
            seats,
        )


def _gauge(name: str, documentation: str, label: str, values: dict[str, int]) -> GaugeMetricFamily:
    family = GaugeMetricFamily(name, documentation, labels=[label])
    for value, count in values.items():
        family.add_metric([value], count)
    return family


class ServerMetrics:
    """A table server's counters, in a registry of its own (a test may run several servers)."""

    def __init__(self, tables: Callable[[], Iterable[TableCounted]]) -> None:
        # a ``_created`` series beside each counter would double the page for nothing here
        disable_created_metrics()  # type: ignore[no-untyped-call]
        self.registry = CollectorRegistry()
        registry = self.registry
        registry.register(TablesNow(tables))
        self.connections = Gauge("euchre_connections", "WebSocket connections open", registry=registry)
        self.tables_created = Counter("euchre_tables_created", "Tables created", registry=registry)
        self.moves = Counter("euchre_moves", "Moves made at the tables (people's and computers')", registry=registry)
        self.round_trip = Histogram(
            "euchre_move_round_trip_seconds",
            "From a person's move read off the socket to the first answer to it (its event, or the refusal) "
            "written to that socket: the server's share of the round trip, the journal's write included",
            buckets=SECONDS_BUCKETS,
            registry=registry,
        )
        self.loop_lag = Histogram(
            "euchre_event_loop_lag_seconds",
            f"How late the event loop ran a timer due every {LAG_EVERY_S:g} s: how long every connection waited",
            buckets=SECONDS_BUCKETS,
            registry=registry,
        )
        self.refusals = Counter(
            "euchre_refusals", "Moves refused by the rules, by reason", ["reason"], registry=registry
        )
        self.errors = Counter(
            "euchre_errors", "Requests answered 'error', by the protocol's code", ["code"], registry=registry
        )
        self.wrong_codes = Counter(
            "euchre_wrong_join_codes",
            "Join codes refused, by reason (no table: no such code; locked out: the address's budget of wrong "
            "codes was spent, the right code refused too)",
            ["reason"],
            registry=registry,
        )
        self.cut_off = Counter(
            "euchre_connections_cut_off",
            "Connections the server closed for breaking the wire rules, by reason",
            ["reason"],
            registry=registry,
        )
        self.gc_pause = Histogram(
            "euchre_gc_pause_seconds",
            "Garbage collections, how long each held the event loop, by generation (2: the whole heap)",
            ["generation"],
            buckets=SECONDS_BUCKETS,
            registry=registry,
        )
        self._gc_began = 0.0
        self._lag_task: asyncio.Task[None] | None = None
        self._http: Server | None = None

    async def start(self, host: str, port: int) -> int:
        """Serve ``/metrics`` and ``/healthz`` on ``port`` (0: any free one); returns the port."""
        self._lag_task = asyncio.get_running_loop().create_task(self._sample_lag())
        gc.callbacks.append(self._on_gc)
        self._http = await serve(_no_websocket, host, port, process_request=self._answer)
        sockets = list(self._http.sockets)
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def close(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._lag_task is not None:
            self._lag_task.cancel()
        if self._http is not None:
            self._http.close()
            await self._http.wait_closed()

    def _answer(self, connection: ServerConnection, request: Request) -> Response:
        path = request.path.split("?", 1)[0]
        if path == "/metrics":
            return _response(http.HTTPStatus.OK, CONTENT_TYPE_LATEST, generate_latest(self.registry))
        if path == "/healthz":
            return _response(http.HTTPStatus.OK, "text/plain; charset=utf-8", b"ok\n")
        return _response(http.HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found: /metrics, /healthz\n")

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_began = time.perf_counter()
        else:
            self.gc_pause.labels(str(info["generation"])).observe(time.perf_counter() - self._gc_began)

    async def _sample_lag(self) -> None:
        while True:
            due = time.perf_counter() + LAG_EVERY_S
            await asyncio.sleep(LAG_EVERY_S)
            self.loop_lag.observe(max(0.0, time.perf_counter() - due))


def _response(status: http.HTTPStatus, content_type: str, body: bytes) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))), ("Connection", "close")])
    return Response(status.value, status.phrase, headers, body)


async def _no_websocket(connection: ServerConnection) -> None:
    """Every request is answered by ``_answer``: no WebSocket is ever opened here."""
    await connection.close()


__all__ = ["LAG_EVERY_S", "ServerMetrics"]
