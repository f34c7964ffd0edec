"""The table server under load and under faults (prints figures; not pass/fail).

    python benchmarks/net_load.py [--tables 50] [--computers 0] [--client-processes 1] [--drop 0.0] [--restart-at 0]

Starts ``euchre-qt serve`` in its own process on the loopback address and plays ``--tables``
whole games at once, each with ``4 - --computers`` scripted clients (random legal moves,
answered as fast as they arrive) and ``--computers`` seats played by the server's computer
players (in its process pool). Prints:

- moves a second over the whole run (every move at every table, computers' included);
- round-trip latency of a client's move: from sending it to receiving its event (median,
  p95, p99);
- the server's CPU seconds and memory (its own process and its thinking workers) per table;
- messages lost or out of order (each server message is numbered per connection; each
  table's events by ``seq``): must be 0;
- faults: ``--drop P`` makes each client drop its connection (no close handshake) after a
  move with probability P and join again with its code and name; ``--restart-at M`` kills
  the server (``SIGKILL``) once M moves have been made and the tables are seated, and
  starts it again on the same saves; the clients come back. Every game must finish, and its result (from the clients'
  ``game ended``) must equal the engine's replay of the server's saved game.

The clients run in this process (one asyncio loop) or, with ``--client-processes N``, are
spread over N processes (each its own loop, every N-th table; one process cannot answer
2,000 clients as fast as the server asks them), the server in another: on a machine with
few cores they compete for them, so the figures are the pair's, not the server's alone.
Tables are seated a few at a time, so that thousands of connections do not open in one
burst; the games then all play at once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient, WireError
from euchre_qt.net.codes import code_digest
from euchre_qt.net.serve import banner_port
from euchre_qt.net.table_file import read_saved_game

SEATS = "SWNE"
SEATING_AT_ONCE = 25  # tables a client process seats at once (their connections opened together)


@dataclass
class Server:
    save_dir: Path
    workers: int
    computer: str
    process: subprocess.Popen[str] | None = None
    port: int = 0
    cpu_before: float = 0.0

    def start(self) -> None:
        command = [sys.executable, "-m", "euchre_qt", "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--save-dir", str(self.save_dir), "--seat-wait", "1", "--quiet", "--workers", str(self.workers)]
        command += ["--max-tables", "100000", "--tables-per-address", "100000", "--connections-per-address", "100000"]
        command += ["--computer", self.computer]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        if "://" not in first:
            raise SystemExit(f"the server did not start (exit code {self.process.wait()})")
        self.port = banner_port(first)

    def kill(self) -> None:
        assert self.process is not None
        self.cpu_before += self.usage()[0]
        self.process.kill()
        self.process.wait()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def usage(self) -> tuple[float, float]:
        """(CPU seconds, resident MiB) of the server and its workers now."""
        assert self.process is not None
        pids = [self.process.pid, *_children(self.process.pid)]
        cpu = rss = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                cpu += (int(fields[11]) + int(fields[12])) / tick
                rss += int(fields[21]) * resource.getpagesize() / 2**20
            except (OSError, IndexError):
                pass
        return cpu, rss


def _children(pid: int) -> list[int]:
    """Every process below ``pid`` (the thinking helpers and their children)."""
    try:
        direct = [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return [grand for child in direct for grand in (child, *_children(child))]


@dataclass
class Tally:
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    out_of_order: int = 0
    reconnects: int = 0
    refused: int = 0
    setup_retries: int = 0
    restart_at: int = 0
    restarted: asyncio.Event = field(default_factory=asyncio.Event)
    seated: int = 0  # tables whose four seats are taken (seating is not played through a restart)


async def seat_player(
    url: Any, code: str, seat: str, tally: Tally, drop: float, seed: int, first: TableClient | None
) -> dict[str, Any] | None:
    """Play ``seat`` to the end of the game, coming back after every dropped connection.
    Returns the ``game ended`` event, or None when the game ended while this seat was away."""
    import random

    rng = random.Random(seed)
    player = RandomPlayer(seed=seed)
    client = first
    key = first.key if first is not None else None  # the seat key: what brings the seat's player back
    last_seq = 0
    while True:
        try:
            if client is None:
                client = await TableClient.connect(url())
                await client.join(code, f"Player {seat}", seat, key)
                tally.reconnects += 1
                last_seq = 0  # a new connection: the events start again from the table's state
            if client.turn is not None:
                turn = client.turn
                await client.move(str(player.choose(protocol.view_from_dict(turn["view"]))), turn["ticket"])
            sent = 0.0
            while True:
                message = await client.receive()
                kind = message["type"]
                if sent and kind in ("event", "refused"):
                    tally.latencies.append(time.perf_counter() - sent)
                    sent = 0.0
                if kind == "event":
                    event = message["event"]
                    if last_seq and event["seq"] != last_seq + 1:
                        tally.out_of_order += 1
                    last_seq = event["seq"]
                    if event["type"] == "game ended":
                        await client.close()
                        return dict(event)
                elif kind == "refused":
                    tally.refused += 1
                    last_seq = 0  # the refusal's number is the seat's alone
                elif kind == "table" and message["over"]:
                    await client.close()
                    return None
                elif kind == "turn":
                    action = str(player.choose(protocol.view_from_dict(message["view"])))
                    sent = time.perf_counter()
                    await client.move(action, message["ticket"])
                    tally.moves += 1
                    if drop and rng.random() < drop:
                        client.ws.transport.abort()
        except WireError as exc:
            if exc.code == "out of order":
                tally.out_of_order += 1
            client = None
        except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
            client = None
        await asyncio.sleep(0.2 + rng.random() * 0.3)


async def connect(url: Any, tally: Tally) -> TableClient:
    """A new connection, tried again (after a pause) when the server's backlog refused it."""
    for attempt in range(20):
        try:
            return await TableClient.connect(url(), timeout=30.0)
        except (OSError, InvalidHandshake, TimeoutError):
            tally.setup_retries += 1
            await asyncio.sleep(0.2 * (attempt + 1))
    return await TableClient.connect(url(), timeout=30.0)


async def table(
    url: Any, people: int, tally: Tally, drop: float, index: int, setting_up: asyncio.Semaphore
) -> tuple[str, list[dict[str, Any] | None]]:
    seats = SEATS[:people]
    # Seating hundreds of tables at once would open thousands of connections in one burst;
    # a few tables are seated at a time (the games then all play at once).
    async with setting_up:
        host = await connect(url, tally)
        code = await host.create("Player S", "S", open_seats=list(seats[1:]))
        clients: dict[str, TableClient | None] = {"S": host}
        for seat in seats[1:]:
            client = await connect(url, tally)
            await client.join(code, f"Player {seat}", seat)
            clients[seat] = client
    tally.seated += 1
    results = await asyncio.gather(
        *(seat_player(url, code, s, tally, drop, index * 4 + i, clients[s]) for i, s in enumerate(seats))
    )
    return code, list(results)


def _tally_fields(tally: Tally) -> dict[str, Any]:
    return {
        "moves": tally.moves,
        "latencies": tally.latencies,
        "out_of_order": tally.out_of_order,
        "reconnects": tally.reconnects,
        "refused": tally.refused,
        "setup_retries": tally.setup_retries,
    }


async def play_share(
    url: Any, people: int, tally: Tally, drop: float, indices: range
) -> list[tuple[str, list[dict[str, Any] | None]]]:
    setting_up = asyncio.Semaphore(SEATING_AT_ONCE)
    return list(await asyncio.gather(*(table(url, people, tally, drop, i, setting_up) for i in indices)))


def helper_process(address: str, people: int, drop: float, indices: range, results: Any) -> None:
    """Another process's share of the tables (its own asyncio loop), for a machine where one
    process cannot keep up with every client; its tally goes back through ``results``."""
    tally = Tally()
    try:
        outcomes = asyncio.run(play_share(lambda: address, people, tally, drop, indices))
    except Exception as exc:  # its tables count as unfinished; the other processes' still count
        print(f"a client process failed: {exc!r}", flush=True)
        outcomes = []
    results.put((_tally_fields(tally), outcomes))


async def main_async(
    args: argparse.Namespace, server: Server, started: float, indices: range, helpers: int, results: Any
) -> tuple[list[tuple[str, list[dict[str, Any] | None]]], Tally, Tally, float, float]:
    """Plays this process's share of the tables; returns every process's outcomes and tallies,
    the wall time and the server's peak memory."""
    tally = Tally(restart_at=args.restart_at)
    beside = Tally()  # the --people-tables: four scripted clients each, timed apart
    people = 4 - args.computers

    def url() -> str:
        return server.url

    async def restarter() -> None:
        if not args.restart_at:
            return
        # the other processes' clients move at about this one's pace; the kill waits for this
        # process's tables to be seated (a client cut off while it creates or joins one stops)
        tables = len(indices) + args.people_tables
        while tally.moves * (helpers + 1) < args.restart_at or tally.seated + beside.seated < tables:
            await asyncio.sleep(0.05)
        server.kill()
        print(f"server killed after about {tally.moves * (helpers + 1)} moves; starting it again", flush=True)
        try:
            server.start()
        except SystemExit as exc:  # the clients would wait for it for ever
            print(exc, flush=True)
            os._exit(1)

    peak = [0.0]

    async def sampler() -> None:
        while True:
            peak[0] = max(peak[0], server.usage()[1])
            await asyncio.sleep(0.5)

    sampling = asyncio.ensure_future(sampler())
    restarting = asyncio.ensure_future(restarter())
    setting_up = asyncio.Semaphore(SEATING_AT_ONCE)
    outcomes = list(
        await asyncio.gather(
            *(table(url, people, tally, args.drop, i, setting_up) for i in indices),
            *(table(url, 4, beside, 0.0, args.tables + i, setting_up) for i in range(args.people_tables)),
        )
    )
    loop = asyncio.get_running_loop()
    for _ in range(helpers):
        fields, more = await loop.run_in_executor(None, results.get)
        outcomes += more
        tally.latencies += fields.pop("latencies")
        for name, value in fields.items():
            setattr(tally, name, getattr(tally, name) + value)
    elapsed = time.perf_counter() - started
    sampling.cancel()
    await restarting
    return outcomes, tally, beside, elapsed, peak[0]


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "tables", args.workers, args.computer)
        server.start()
        cpu0, rss0 = server.usage()
        people = 4 - args.computers
        processes = max(1, args.client_processes)
        # forked before any event loop runs here; each helper plays every processes-th table
        context = multiprocessing.get_context("fork")
        results = context.Queue()
        started = time.perf_counter()
        helpers = [
            context.Process(
                target=helper_process, args=(server.url, people, args.drop, range(k, args.tables, processes), results)
            )
            for k in range(1, processes)
        ]
        try:
            for helper in helpers:
                helper.start()
            outcomes, tally, beside, elapsed, peak = asyncio.run(
                main_async(args, server, started, range(0, args.tables, processes), len(helpers), results)
            )
            for helper in helpers:
                helper.join()
            cpu1, _ = server.usage()
            if args.restart_at:  # the CPU the killed server used is counted too
                cpu0 -= server.cpu_before
            saves = {}
            for path in server.save_dir.glob("*.json"):
                saves[json.loads(path.read_text())["code_digest"]] = read_saved_game(path)
        finally:  # whatever failed: a server left running outlives its folder and writes on
            assert server.process is not None
            server.process.terminate()
            server.process.wait()

    all_moves = sum(len(game.actions) for game in saves.values())
    finished = mismatched = 0
    for code, ends in outcomes:
        game = saves.get(code_digest(code).hex())
        if game is None or not game.is_over:
            continue
        finished += 1
        for end in ends:
            if end is not None and (end["scores"] != list(game.scores) or end["winner"] != game.winner):
                mismatched += 1
    lat = sorted(tally.latencies)

    def pct(p: float, values: list[float] = lat) -> float:
        return 1000 * values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")

    median = 1000 * statistics.median(lat) if lat else float("nan")
    cpu = cpu1 - cpu0
    per_move = 1e6 * cpu / max(all_moves, 1)
    lines = [
        f"{args.tables} tables x {people} scripted clients + {args.computers} seats of {args.computer}"
        f" ({args.workers} thinking workers; clients in {max(1, args.client_processes)} process(es))",
        f"  cores: {os.cpu_count()}, load average before: {args.load_before},"
        f" after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}",
        f"  games finished: {finished}/{args.tables + args.people_tables},"
        f" results differing from the engine replay: {mismatched}",
        f"  moves: {all_moves} in {elapsed:.1f} s = {all_moves / elapsed:.0f} moves/s ({tally.moves} by clients)",
        f"  move round trip: median {median:.1f} ms, p95 {pct(0.95):.1f} ms, p99 {pct(0.99):.1f} ms",
        f"  lost or out of order: {tally.out_of_order}; refused: {tally.refused}; reconnects: {tally.reconnects};"
        f" connections tried again while seating: {tally.setup_retries}",
        f"  server CPU: {cpu:.1f} s ({1000 * cpu / len(outcomes):.0f} ms a table, {per_move:.0f} us a move)",
    ]
    if args.people_tables:
        quiet = sorted(beside.latencies)
        lines.append(
            f"  beside them, {args.people_tables} tables of four scripted clients: move round trip median"
            f" {pct(0.5, quiet):.1f} ms, p95 {pct(0.95, quiet):.1f} ms, p99 {pct(0.99, quiet):.1f} ms"
        )
    print("\n".join(lines))
    grown = (peak - rss0) / len(outcomes)
    print(f"  server memory (with workers): {rss0:.0f} MiB idle, peak {peak:.0f} MiB ({grown:.2f} MiB a table)")
    return 0 if finished == args.tables + args.people_tables and mismatched == 0 and tally.out_of_order == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--computers", type=int, default=0, choices=range(4), help="computer seats per table")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--people-tables", type=int, default=0, help="tables of four clients beside, timed apart")
    parser.add_argument("--computer", default="novice", help="the server's computer player (advanced: the costly one)")
    parser.add_argument("--drop", type=float, default=0.0, help="chance a client drops its connection after a move")
    parser.add_argument("--client-processes", type=int, default=1, help="processes the clients are spread over")
    parser.add_argument("--restart-at", type=int, default=0, help="kill and restart the server after this many moves")
    args = parser.parse_args()
    args.load_before = " ".join(f"{x:.1f}" for x in os.getloadavg())
    # four sockets a table here and four in the server (which inherits this limit)
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    wanted = 8 * (args.tables + args.people_tables) + 256
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
