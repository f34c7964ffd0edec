"""``euchre-qt serve``: a dedicated table server, no display needed.

    euchre-qt serve --port 7654

Each table is created by its first player, who is given a join code to pass on. Tables are
saved as they are played and resumed when the server starts again.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import math
import re
import signal
import sys
from pathlib import Path

from ..engine.ai.registry import PLAYER_NAMES
from ..folders import data_dir
from . import descriptors, logs
from .client import DEFAULT_PORT
from .protocol import HELLO_TIMEOUT_S, JOIN_CODE_ALPHABET, SEND_TIMEOUT_S
from .server import CONNECTIONS_PER_ADDRESS, KEEP_FINISHED_S, TABLES_PER_ADDRESS, UNSEATED_TIMEOUT_S, TableServer
from .start_checks import StartError, listen, prepare_save_dir, proxy_network, tls_context


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="euchre-qt serve", description="Run a table server friends can join.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every IPv4 address)")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free port)"
    )
    parser.add_argument(
        "--save-dir",
        type=Path,
        default=data_dir() / "server tables",
        help="where tables are saved and resumed from",
    )
    parser.add_argument(
        "--seat-wait", type=float, default=60.0, help="seconds a dropped player's seat waits (default 60)"
    )
    parser.add_argument("--computer", choices=PLAYER_NAMES, default="novice", help="computer player for empty seats")
    parser.add_argument(
        "--workers", type=int, default=None, help="processes computer players think in (default: cores)"
    )
    parser.add_argument("--max-tables", type=int, default=1000, help="tables at once (default 1000)")
    parser.add_argument(
        "--tables-per-address",
        type=int,
        default=TABLES_PER_ADDRESS,
        help=f"tables started from one address at once (default {TABLES_PER_ADDRESS})",
    )
    parser.add_argument(
        "--connections-per-address",
        type=int,
        default=CONNECTIONS_PER_ADDRESS,
        help=f"connections open from one address at once (default {CONNECTIONS_PER_ADDRESS})",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy's address or network (10.0.0.0/8): its connections' clients are told by "
        "X-Forwarded-For (may be repeated)",
    )
    parser.add_argument("--certfile", type=Path, help="TLS certificate (PEM): serve wss:// instead of ws://")
    parser.add_argument("--keyfile", type=Path, help="TLS private key (PEM), with --certfile")
    parser.add_argument(
        "--hello-timeout", type=float, default=HELLO_TIMEOUT_S, help=argparse.SUPPRESS
    )  # seconds a new connection may stay silent (tests shorten it)
    parser.add_argument(
        "--unseated-timeout", type=float, default=UNSEATED_TIMEOUT_S, help=argparse.SUPPRESS
    )  # seconds a connection not seated at a table (it looked, was refused, left) stays open (tests shorten it)
    parser.add_argument(
        "--send-timeout", type=float, default=SEND_TIMEOUT_S, help=argparse.SUPPRESS
    )  # seconds a frame may wait for a client that does not read (tests shorten it)
    parser.add_argument(
        "--keep-finished", type=float, default=KEEP_FINISHED_S, help=argparse.SUPPRESS
    )  # seconds a finished game nobody sits at is kept (the fuzz benchmark shortens it)
    parser.add_argument(
        "--code-prefix",
        choices=list(JOIN_CODE_ALPHABET),
        default="",
        metavar="LETTER",
        help="the first letter of every join code this server gives: a load balancer in front of several "
        "servers routes /t/LETTER... to it (docs/protocol.md)",
    )
    parser.add_argument(
        "--metrics-port",
        type=int,
        metavar="PORT",
        help="serve /metrics (Prometheus) and /healthz over HTTP on this port (0: any free one; default: none)",
    )
    parser.add_argument(
        "--metrics-host", default="127.0.0.1", help="address the metrics listen on (default 127.0.0.1: this machine)"
    )
    parser.add_argument("--log-json", action="store_true", help="log one JSON object a line (for a log collector)")
    parser.add_argument("--quiet", action="store_true", help="log warnings only")
    parser.add_argument("--verbose", action="store_true", help="log every connection, too")
    args = parser.parse_args(argv)
    for option, port in (("--port", args.port), ("--metrics-port", args.metrics_port)):
        if port is not None and not 0 <= port <= 65535:
            parser.error(f"{option} must be a number from 0 to 65535")
    if args.keyfile is not None and args.certfile is None:
        parser.error("--keyfile needs --certfile")
    for option, count in (
        ("--max-tables", args.max_tables),
        ("--tables-per-address", args.tables_per_address),
        ("--connections-per-address", args.connections_per_address),
        ("--workers", args.workers),
    ):
        if count is not None and count < 1:
            parser.error(f"{option} must be at least 1")
    if not (math.isfinite(args.seat_wait) and args.seat_wait >= 0):
        parser.error("--seat-wait must be a number of seconds, 0 or more")
    try:
        args.trusted_proxy = [proxy_network(text) for text in args.trusted_proxy]
    except ValueError as exc:
        parser.error(str(exc))
    return args


log = logging.getLogger("euchre_qt.net")


BANNER = "euchre-qt serving on"  # the first line printed: launchers read the port from it


def banner_port(line: str) -> int:
    """The port in the server's first line (``euchre-qt serving on ws://0.0.0.0:7654 (...)``);
    ``ValueError`` for any other line."""
    if not line.startswith(BANNER):
        raise ValueError(f"not the server's first line: {line!r}")
    try:
        return int(line.split("://", 1)[1].split()[0].rsplit(":", 1)[1])
    except (IndexError, ValueError) as exc:
        raise ValueError(f"no port in {line!r}") from exc


def banner_metrics_port(line: str) -> int | None:
    """The metrics' port in the server's first line, if it serves them."""
    found = re.search(r"metrics on http://\S+:(\d+)/metrics", line)
    return int(found[1]) if found else None


async def run(args: argparse.Namespace) -> int:
    context = tls_context(args.certfile, args.keyfile)
    prepare_save_dir(args.save_dir)
    server = TableServer(
        save_dir=args.save_dir,
        seat_wait=args.seat_wait,
        computer=args.computer,
        workers=args.workers,
        max_tables=args.max_tables,
        hello_timeout=args.hello_timeout,
        send_timeout=args.send_timeout,
        tables_per_address=args.tables_per_address,
        trusted_proxies=tuple(args.trusted_proxy),
        code_prefix=args.code_prefix,
        keep_finished=args.keep_finished,
        connections_per_address=args.connections_per_address,
        unseated_timeout=args.unseated_timeout,
        max_connections=descriptors.most_connections(descriptors.raise_limit()),
    )
    scheme = "wss" if context is not None else "ws"
    watched, metrics_port = "", None
    try:
        port = await listen(server.start(args.host, args.port, ssl=context), args.host, args.port, "--port", "--host")
        if args.metrics_port is not None:
            metrics = server.start_metrics(args.metrics_host, args.metrics_port)
            metrics_port = await listen(
                metrics, args.metrics_host, args.metrics_port, "--metrics-port", "--metrics-host"
            )
            watched = f"; metrics on http://{args.metrics_host}:{metrics_port}/metrics"
    except StartError:
        await server.close()  # (the tables it resumed are saved again)
        raise
    # the first line of output names the port (tests and scripts read it when --port is 0)
    resumed = len(server.tables)
    print(f"{BANNER} {scheme}://{args.host}:{port} ({resumed} saved tables resumed{watched})", flush=True)
    most = server.connections.most if server.connections is not None else None
    log.info(
        "serving on %s://%s:%d, %d saved tables resumed%s; room for %s clients at once",
        scheme,
        args.host,
        port,
        resumed,
        watched,
        "any number" if most is None else most,
        extra={"port": port, "tables": resumed, "metrics_port": metrics_port, "most_connections": most},
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.close()
    return 0


def collect_garbage_rarely() -> None:
    """A server holds thousands of long-lived connections, tables and games (about 480,000
    tracked objects at 1,000 tables), and Python's collector stops the event loop while it
    walks a generation, about a microsecond an object (benchmarks/net_pace.py, gc.callbacks,
    docs/protocol.md). What was loaded to start is frozen out of every collection. The young
    generation is collected every 2,000 allocations: a pause of 2 ms (at most 20), where every
    50,000 it held the connections' in-flight objects of the last seconds and took 150 ms at
    1,000 tables, 300 at 2,000. Its survivors are walked again only every 10,000 young
    collections (tens of minutes), since that walk covers most of the heap, half a second
    at 1,000 tables; the whole heap as Python would after ten of those.

    So nothing the server lets go of may wait in a reference cycle: it would stay there for
    those tens of minutes (hostile clients opening and dropping connections grew the server by
    1.4 MiB every 400, benchmarks/net_fuzz.py). A closed connection (``ReleasingConnection``)
    and a table put away (``Table.discard``) break theirs, and reference counting frees them at
    once (tests/net/test_freed.py). Collecting the middle generation more often would collect
    such cycles too, but each time it moves what survives into the oldest generation, and
    Python walks the whole heap whenever that has grown by a quarter (docs/protocol.md)."""
    gc.freeze()
    gc.set_threshold(2_000, 10_000, 10)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    level = logging.WARNING if args.quiet else logging.DEBUG if args.verbose else logging.INFO
    logs.configure(level, as_json=args.log_json)
    # the WebSocket layer says every connection's opening and closing at INFO: a line per connection only when asked
    logging.getLogger("websockets").setLevel(level if args.verbose else max(level, logging.WARNING))
    collect_garbage_rarely()
    try:
        return asyncio.run(run(args))
    except StartError as exc:  # the port is taken, the certificate unreadable ...
        print(f"euchre-qt serve: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # anything else the system refused
        log.debug("cannot start: %s", exc)
        print("euchre-qt serve: The server cannot start on this computer.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C before the server listens (resuming many tables, say)
        return 130
