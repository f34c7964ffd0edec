"""The table server at a person's pace (prints figures; not pass/fail).

    python benchmarks/net_pace.py --tables 500,1000,2000 [--servers 1] [--seconds 30] [--client-processes 2]
        [--server-cpus 0 --client-cpus 1] [--metrics 0,1] [--profile FOLDER]

Each table has four scripted people (no computer players). A person answers a turn after a
think time drawn from 1 to 3 seconds, whatever the server's pace (open loop: a slow server
does not slow the people down, so the load it is offered is the tables' alone, about one
move a table every 2 seconds). For each number of tables in ``--tables`` the benchmark
starts ``--servers`` ``euchre-qt serve`` processes on the loopback address (with
``--servers`` above 1, or ``--haproxy``, behind a real HAProxy it starts with a generated
configuration, routing by the join code's first letter in the connection's path: see
docs/protocol.md), seats the tables a few at a time, then measures for ``--seconds``:

- moves a second, and a move's round trip (from sending it to receiving its event):
  median, p95, p99;
- the CPU of the servers (and of HAProxy) and of the client processes over the window, and
  the servers' CPU a move: with the servers near one core each the server is the limit;
  with the clients near theirs, the clients are, and the figure says nothing of the server;
- with ``--metrics 1``, the servers serve ``/metrics`` (``--metrics-port``), scraped every
  second through the window as Prometheus would (more often than its usual 15 s, so that the
  endpoint's cost shows): the event loop's lag (its p50/p99 from the histogram) and the
  server's own share of the round trip; ``--metrics 0,1`` runs both, for the endpoint's cost a
  move (the difference in the servers' CPU a move).

``--server-cpus``/``--client-cpus`` pin the servers and the client processes to those CPUs
(``taskset``; ``sched_setaffinity``). ``--profile FOLDER`` runs the (one) server under
cProfile and writes its profile there when it stops.

Only loopback addresses are used; every run is bounded in tables and seconds. The people are
light on purpose: a message is looked at as text, and only a turn is read as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_qt.engine import Seat
from euchre_qt.net import protocol
from euchre_qt.net.serve import banner_metrics_port, banner_port

SEATS = "SWNE"
THINK_S = (1.0, 3.0)
SEATING_AT_ONCE = 16  # tables seated at a time by each client process


# --- the people (in client processes) --------------------------------------------------------


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)  # seconds, moves made in the window
    moves: int = 0
    errors: int = 0
    measuring: bool = False


async def sit(url: str, code: str | None, seat: str) -> tuple[ClientConnection, str]:
    """A person at ``seat``: creates the table (``code`` None) or joins it; returns (connection, code)."""
    path = "/" if code is None else f"/t/{code[0]}"  # a new table anywhere; a table where its code says
    for attempt in range(20):
        try:
            ws = await connect(url + path, open_timeout=30, compression=None, max_size=2**20, proxy=None)
            break
        except (OSError, TimeoutError):
            await asyncio.sleep(0.2 * (attempt + 1))
    else:
        raise RuntimeError("cannot connect")
    if code is None:
        hello: dict[str, Any] = {
            "type": "create",
            "v": protocol.PROTOCOL_VERSION,
            "name": "Player S",
            "seat": seat,
            "open_seats": list(SEATS[1:]),
        }
        await ws.send(json.dumps(hello))
        while "created" not in (raw := str(await ws.recv())):
            pass
        code = str(json.loads(raw)["code"])
    else:
        await ws.send(json.dumps(protocol.join_message(code, f"Player {seat}", Seat.parse(seat))))
    while '"welcome"' not in str(await ws.recv()):
        pass
    return ws, code


async def person(ws: ClientConnection, seat: str, tally: Tally, rng: random.Random) -> None:
    """Answer each turn after a think time; time each move's round trip (to its event)."""
    sent = 0.0
    loop = asyncio.get_running_loop()
    thinking: set[asyncio.Future[None]] = set()

    async def answer(turn: dict[str, Any]) -> None:
        nonlocal sent
        await asyncio.sleep(rng.uniform(*THINK_S))
        action = rng.choice(turn["view"]["legal_actions"])
        sent = loop.time()
        await ws.send(json.dumps({"type": "move", "action": action, "ticket": turn["ticket"]}))

    try:
        async for raw in ws:
            text = str(raw)
            if sent and ('"type":"event"' in text or '"type":"refused"' in text):
                if tally.measuring:
                    tally.latencies.append(loop.time() - sent)
                    tally.moves += 1
                sent = 0.0
            if '"type":"turn"' in text:
                thought = asyncio.ensure_future(answer(json.loads(text)))
                thinking.add(thought)
                thought.add_done_callback(thinking.discard)
            elif seat == "S" and '"game ended"' in text:
                await ws.send('{"type":"again"}')  # the same people play on
    except ConnectionClosed:
        tally.errors += 1


def client_process(
    url: str, tables: int, seed: int, cpus: set[int] | None, ready: Any, go: Any, stop: Any, results: Any
) -> None:
    if cpus:
        os.sched_setaffinity(0, cpus)
    resource.setrlimit(resource.RLIMIT_NOFILE, resource.getrlimit(resource.RLIMIT_NOFILE)[1:] * 2)
    asyncio.run(people(url, tables, seed, ready, go, stop, results))


async def people(url: str, tables: int, seed: int, ready: Any, go: Any, stop: Any, results: Any) -> None:
    tally = Tally()
    rng = random.Random(seed)
    seating = asyncio.Semaphore(SEATING_AT_ONCE)
    playing: list[asyncio.Future[None]] = []

    async def table() -> None:
        async with seating:
            host, code = await sit(url, None, "S")
            others = [await sit(url, code, seat) for seat in SEATS[1:]]
        for (ws, _), seat in zip([(host, code), *others], SEATS, strict=True):
            playing.append(asyncio.ensure_future(person(ws, seat, tally, random.Random(rng.random()))))

    await asyncio.gather(*(table() for _ in range(tables)))
    ready.put(os.getpid())
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, go.wait)
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    waited = run_queue_wait(os.getpid())
    tally.measuring = True
    await loop.run_in_executor(None, stop.wait)
    tally.measuring = False
    after = resource.getrusage(resource.RUSAGE_SELF)
    used = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime
    waited = run_queue_wait(os.getpid()) - waited
    results.put(
        {"latencies": tally.latencies, "moves": tally.moves, "errors": tally.errors, "cpu": used, "wait": waited}
    )
    for task in playing:
        task.cancel()


# --- the servers and the balancer -------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_wait(pid: int) -> float:
    """Seconds a process's threads have waited for a CPU while ready to run, from /proc (schedstat):
    a server waiting much is short of CPU, whatever it used."""
    return sum(int((task / "schedstat").read_text().split()[1]) for task in Path(f"/proc/{pid}/task").iterdir()) / 1e9


@dataclass
class Options:
    server_cpus: str = ""  # taskset's list, "0"
    client_cpus: set[int] | None = None
    metrics: bool = False
    profile: Path | None = None
    seating_s: float = 600.0  # how long the tables may take to be seated


def start_server(folder: Path, prefix: str, options: Options) -> tuple[subprocess.Popen[str], int, int | None]:
    """A server process: (it, its port, its metrics' port)."""
    command = [sys.executable]
    if options.profile is not None:
        options.profile.mkdir(parents=True, exist_ok=True)
        command += ["-m", "cProfile", "-o", str(options.profile / f"server{prefix}.prof")]
    command += ["-m", "euchre_qt", "serve", "--host", "127.0.0.1", "--port", "0", "--quiet"]
    command += ["--save-dir", str(folder), "--workers", "1", "--max-tables", "100000"]
    command += ["--tables-per-address", "100000", "--connections-per-address", "100000", "--seat-wait", "600"]
    if options.metrics:
        command += ["--metrics-port", "0"]
    if prefix:
        command += ["--code-prefix", prefix, "--trusted-proxy", "127.0.0.1"]
    if options.server_cpus:
        command = ["taskset", "-c", options.server_cpus, *command]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    return process, banner_port(first), banner_metrics_port(first)


def scrape(port: int) -> dict[str, float]:
    """The samples of a server's /metrics page, by name and labels as written."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as answer:
        text = answer.read().decode()
    return {
        line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if not line.startswith("#")
    }


def histogram_ceiling(name: str, now: dict[str, float], then: dict[str, float], labels: str = "{") -> float:
    """The lowest bucket bound of histogram ``name`` (``labels``: its other labels, as written
    before ``le``) that every observation of the window fell under."""
    prefix = f'{name}_bucket{labels}le="'
    count = f"{name}_count{labels[:-1]}}}" if labels != "{" else f"{name}_count"
    total = now.get(count, 0.0) - then.get(count, 0.0)
    counts = {float(key[len(prefix) : -2]): now[key] - then.get(key, 0.0) for key in now if key.startswith(prefix)}
    return min((bound for bound, count in counts.items() if count >= total), default=0.0)


def histogram_quantile(q: float, name: str, now: dict[str, float], then: dict[str, float]) -> float:
    """The ``q`` quantile of histogram ``name`` over the window (from ``then`` to ``now``), as
    Prometheus's histogram_quantile: the upper bound of the bucket it falls in, linearly placed."""
    prefix = f'{name}_bucket{{le="'
    bounds = sorted(
        (float(key[len(prefix) : -2]), now[key] - then.get(key, 0.0)) for key in now if key.startswith(prefix)
    )
    total = bounds[-1][1] if bounds else 0.0
    if total <= 0:
        return 0.0
    below, lower = 0.0, 0.0
    for bound, count in bounds:
        if count >= q * total:
            if bound == float("inf"):
                return lower
            share = (q * total - below) / max(count - below, 1e-9)
            return lower + (bound - lower) * share
        below, lower = count, bound
    return lower


def haproxy_config(port: int, servers: list[tuple[str, int]], connections: int) -> str:
    """HAProxy in front of the servers: ``/t/LETTER...`` to the server whose join codes start
    with LETTER (its table), anything else (a new table) to the server with the fewest connections."""
    lines = [
        "global",
        f"    maxconn {connections}",
        "defaults",
        "    mode http",
        "    option forwardfor",
        "    timeout connect 5s",
        "    timeout client 1h",
        "    timeout server 1h",
        "    timeout tunnel 1h",
        "frontend tables",
        f"    bind 127.0.0.1:{port}",
        f"    maxconn {connections}",
    ]
    lines += [f"    use_backend table_{letter} if {{ path_beg /t/{letter} }}" for letter, _ in servers]
    lines += ["    default_backend new_tables", "backend new_tables", "    balance leastconn"]
    lines += [f"    server s{letter} 127.0.0.1:{p} maxconn {connections}" for letter, p in servers]
    for letter, p in servers:
        lines += [f"backend table_{letter}", f"    server s{letter} 127.0.0.1:{p} maxconn {connections}"]
    return "\n".join(lines) + "\n"


@dataclass
class Run:
    tables: int
    servers: int
    balanced: bool
    moves: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    server_cpu: float = 0.0
    server_wait: float = 0.0  # seconds the servers were ready to run and waited for a CPU
    balancer_cpu: float = 0.0
    metrics: bool = False
    scrapes: int = 0
    loop_lag: tuple[float, float, float] = (0.0, 0.0, 0.0)  # p50, p99, max bucket bound reached (seconds)
    server_share: tuple[float, float] = (0.0, 0.0)  # the server's share of the round trip: p50, p99 (seconds)
    # garbage collections in the window by generation: (how many, the longest's ceiling in seconds)
    collections: tuple[tuple[float, float], ...] = ()
    client_cpu: float = 0.0
    client_wait: float = 0.0
    errors: int = 0
    load: str = ""

    def line(self) -> str:
        ms = sorted(x * 1000 for x in self.latencies) or [0.0]
        p95, p99 = ms[int(len(ms) * 0.95)], ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        where = f"{self.servers} server{'s' if self.servers > 1 else ''}" + (" + HAProxy" if self.balanced else "")
        per_move = self.server_cpu / max(1, self.moves) * 1000
        return (
            f"{self.tables:>5} tables, {where:<20} {self.moves / self.seconds:7.1f} moves/s  round trip median"
            f" {statistics.median(ms):6.1f} p95 {p95:6.1f} p99 {p99:7.1f} ms | CPU: servers"
            f" {self.server_cpu / self.seconds:4.0%} ({per_move:.2f} ms a move; waited for a CPU"
            f" {self.server_wait / self.seconds:4.0%}), HAProxy"
            f" {self.balancer_cpu / self.seconds:4.0%}, clients {self.client_cpu / self.seconds:4.0%}"
            f" (waited {self.client_wait / self.seconds:4.0%})"
            f" | errors {self.errors} | load {self.load}"
            + (
                f" | metrics scraped {self.scrapes} times: loop lag p50 {self.loop_lag[0] * 1000:.1f}"
                f" p99 {self.loop_lag[1] * 1000:.1f} ms (all under {self.loop_lag[2] * 1000:g} ms), the server's"
                f" share of the round trip p50 {self.server_share[0] * 1000:.1f}"
                f" p99 {self.server_share[1] * 1000:.1f} ms; garbage collections by generation "
                + ", ".join(f"{n:.0f} (each under {ceiling * 1000:g} ms)" for n, ceiling in self.collections)
                if self.metrics
                else ""
            )
        )


def measure(
    tables: int, servers: int, balanced: bool, seconds: float, client_processes: int, seed: int, options: Options
) -> Run:
    run = Run(tables, servers, balanced, metrics=options.metrics)
    folder = Path(tempfile.mkdtemp(prefix="net-pace-"))
    started: list[subprocess.Popen[str]] = []
    context = multiprocessing.get_context("spawn")
    clients: list[Any] = []
    try:
        letters = protocol.JOIN_CODE_ALPHABET[:servers] if servers > 1 or balanced else [""]
        ports, watched = [], []
        for letter in letters:
            process, port, metrics_port = start_server(folder / f"server-{letter or 'only'}", letter, options)
            started.append(process)
            ports.append((letter, port))
            if metrics_port is not None:
                watched.append(metrics_port)
        url = f"ws://127.0.0.1:{ports[0][1]}"
        balancer = None
        if balanced:
            port = free_port()
            config = folder / "haproxy.cfg"
            config.write_text(haproxy_config(port, ports, tables * 4 + 200))
            balancer = subprocess.Popen(["haproxy", "-db", "-f", str(config)], stdout=subprocess.DEVNULL, text=True)
            started.append(balancer)
            url = f"ws://127.0.0.1:{port}"
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), 1).close()
                    break
                except OSError:
                    time.sleep(0.1)
        ready, results = context.Queue(), context.Queue()
        go, stop = context.Event(), context.Event()
        shares = [tables // client_processes + (i < tables % client_processes) for i in range(client_processes)]
        for i, share in enumerate(shares):
            client = context.Process(
                target=client_process, args=(url, share, seed + i, options.client_cpus, ready, go, stop, results)
            )
            client.start()
            clients.append(client)
        for _ in clients:
            ready.get(timeout=options.seating_s)
        time.sleep(3.0)  # the last tables seated begin to play
        server_pids = [p.pid for p in started if p is not balancer]
        before = [cpu_seconds(pid) for pid in server_pids], cpu_seconds(balancer.pid) if balancer else 0.0
        waited = sum(run_queue_wait(pid) for pid in server_pids)
        first = [scrape(port) for port in watched]
        began = time.monotonic()
        go.set()
        while time.monotonic() < began + seconds:
            time.sleep(min(1.0, max(0.0, began + seconds - time.monotonic())))
            if watched and time.monotonic() < began + seconds:
                for port in watched:
                    scrape(port)  # as Prometheus would (the page is thrown away)
                run.scrapes += 1
        stop.set()
        if watched:  # (one server's figures: the first)
            last = scrape(watched[0])
            lag = "euchre_event_loop_lag_seconds"
            worst = histogram_ceiling(lag, last, first[0])
            run.loop_lag = (
                histogram_quantile(0.5, lag, last, first[0]),
                histogram_quantile(0.99, lag, last, first[0]),
                worst,
            )
            run.collections = tuple(
                (
                    last.get(f'euchre_gc_pause_seconds_count{{generation="{g}"}}', 0.0)
                    - first[0].get(f'euchre_gc_pause_seconds_count{{generation="{g}"}}', 0.0),
                    histogram_ceiling("euchre_gc_pause_seconds", last, first[0], f'{{generation="{g}",'),
                )
                for g in range(3)
            )
            trip = "euchre_move_round_trip_seconds"
            run.server_share = (
                histogram_quantile(0.5, trip, last, first[0]),
                histogram_quantile(0.99, trip, last, first[0]),
            )
        run.seconds = time.monotonic() - began
        run.server_cpu = sum(cpu_seconds(pid) for pid in server_pids) - sum(before[0])
        run.server_wait = sum(run_queue_wait(pid) for pid in server_pids) - waited
        run.balancer_cpu = (cpu_seconds(balancer.pid) - before[1]) if balancer else 0.0
        run.load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        for _ in clients:
            result = results.get(timeout=120)
            run.latencies += result["latencies"]
            run.moves += result["moves"]
            run.errors += result["errors"]
            run.client_cpu += result["cpu"]
            run.client_wait += result["wait"]
    finally:
        for client in clients:
            client.join(10)
            if client.is_alive():
                client.kill()
        for server in started:
            server.terminate()
        for server in started:
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="500,1000", help="numbers of tables, one run each (comma-separated)")
    parser.add_argument("--servers", default="1", help="numbers of server processes, one run each (comma-separated)")
    parser.add_argument("--haproxy", action="store_true", help="behind HAProxy even with one server")
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window of each run")
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-cpus", default="", help="pin the servers to these CPUs (taskset -c LIST)")
    parser.add_argument("--client-cpus", default="", help="pin the client processes to these CPUs (0,1)")
    parser.add_argument("--metrics", default="0", help="0: no metrics; 1: served and scraped; 0,1: one run of each")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile, its profile written here")
    parser.add_argument("--seating-seconds", type=float, default=600.0, help="seconds seating may take")
    args = parser.parse_args()
    client_cpus = {int(c) for c in args.client_cpus.split(",")} if args.client_cpus else None
    resource.setrlimit(resource.RLIMIT_NOFILE, resource.getrlimit(resource.RLIMIT_NOFILE)[1:] * 2)
    print(f"cores: {os.cpu_count()}, load before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    for servers in (int(s) for s in args.servers.split(",")):
        for tables in (int(t) for t in args.tables.split(",")):
            balanced = servers > 1 or args.haproxy
            for metrics in (m == "1" for m in args.metrics.split(",")):
                options = Options(args.server_cpus, client_cpus, metrics, args.profile, args.seating_seconds)
                run = measure(tables, servers, balanced, args.seconds, args.client_processes, args.seed, options)
                print(run.line(), flush=True)


if __name__ == "__main__":
    main()
