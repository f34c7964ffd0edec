"""Does the table server leak under hostile traffic? (prints figures; not pass/fail)

    python benchmarks/net_fuzz.py [--rounds 8] [--connections 400] [--seed 1]

Starts ``euchre-qt serve`` in its own process on the loopback address and, round after
round, opens ``--connections`` connections (a hundred at a time) that each do one hostile
thing: a first frame drawn from the fuzz tests' hypothesis strategies (random text and
bytes, wrong JSON, objects shaped like messages with wrong values, deep nesting); a valid
``create`` followed by such frames; frames over the size limit, text and binary; a flood
of chats; illegal and out-of-turn moves at a game it started against computers, then the
connection dropped with no close handshake; joins with wrong codes from thousands of
loopback addresses (127.x.y.z) and with the right code at a taken seat; WebSocket
connections that never say who they are; TCP connections that stop halfway through the
opening handshake or send no HTTP at all.

After each round it waits until the server has closed every connection and put away the
tables nobody sits at, then reads the server's resident memory (``VmRSS``), its open file
descriptors, the established connections to its port and the tables it keeps on disk.
Flat figures after the first rounds (Python keeps the memory it once used) mean no leak.
At the end the server must still play a whole game with four clients, and its log must
hold no error (an exception in a connection's handler is logged, not raised).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient, WireError, play_game
from euchre_qt.net.serve import banner_port
from tests.net.test_fuzz import frames

SETTLE_S = 20.0  # the most a round waits for the server to close its connections and tables
AT_ONCE = 100  # hostile connections open together
HELLO_S = 2.0  # the server's hello timeout here (10 s by default): silent connections go sooner
SEAT_WAIT_S = 1.0
KEEP_FINISHED_S = 2.0  # how long a finished game nobody sits at is kept (5 minutes by default)
OPEN_TIMEOUT_S = 10.0  # the WebSocket library's limit on an opening handshake (its default)


@dataclass
class Server:
    save_dir: Path
    log: Path
    process: subprocess.Popen[str] | None = None
    port: int = 0

    def start(self) -> None:
        command = [sys.executable, "-m", "euchre_qt", "serve", "--host", "127.0.0.1", "--port", "0"]
        command += ["--save-dir", str(self.save_dir), "--seat-wait", str(SEAT_WAIT_S), "--workers", "1"]
        command += ["--hello-timeout", str(HELLO_S), "--keep-finished", str(KEEP_FINISHED_S)]
        command += ["--connections-per-address", "100000"]  # (the cap has its own tests: here, every input)
        with self.log.open("a") as err:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        if "://" not in first:
            raise SystemExit(f"the server did not start (exit code {self.process.wait()}); see {self.log}")
        self.port = banner_port(first)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def fds(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def connections(self) -> int:
        """The server's side of TCP connections on its port that it has not closed: established,
        or closed by the client only (CLOSE_WAIT); not its listening socket nor TIME_WAIT,
        which the kernel holds after the server has let go."""
        port = f"{self.port:04X}"
        count = 0
        for name in ("/proc/net/tcp", "/proc/net/tcp6"):
            try:
                lines = Path(name).read_text().splitlines()[1:]
            except OSError:
                continue
            for line in lines:
                parts = line.split()
                if parts[1].endswith(f":{port}") and parts[3] not in ("0A", "06"):
                    count += 1
        return count

    def tables(self) -> int:
        return len(list(self.save_dir.glob("*.json")))


@dataclass
class Tally:
    frames: int = 0  # hostile frames and handshakes sent
    connections: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)


def draw_frames(count: int, seed: int) -> list[str]:
    """``count`` frames from the fuzz tests' strategy (hypothesis, generation only)."""
    drawn: list[str] = []

    @hypothesis_seed(seed)
    @settings(
        max_examples=count,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(frames)
    def collect(frame: str) -> None:
        drawn.append(frame)

    collect()
    return drawn


async def open_client(url: str, source: str = "127.0.0.1") -> TableClient:
    ws = await connect(
        url, open_timeout=OPEN_TIMEOUT_S, max_size=2**20, compression=None, proxy=None, local_addr=(source, 0)
    )
    return TableClient(ws)


async def drain(client: TableClient, limit: float = 5.0) -> str:
    """Read until the server hangs up (or ``limit`` seconds pass); the close reason, or 'open'."""
    try:
        async with asyncio.timeout(limit):
            async for _ in client.ws:
                pass
    except TimeoutError:
        await client.close()  # the server kept it (the frames were valid messages): let go of it
        return "still open"
    except ConnectionClosed:
        pass
    reason = client.ws.close_reason or ""
    return f"closed {client.ws.close_code} {reason}".strip()


class Attacks:
    """Each attack: one connection (or a few) doing one hostile thing, counting what it sent."""

    def __init__(self, url: str, host: str, port: int, tally: Tally, rng: random.Random, pool: list[str]) -> None:
        self.url, self.host, self.port = url, host, port
        self.tally, self.rng, self.pool = tally, rng, pool

    def frame(self) -> str:
        return self.rng.choice(self.pool)

    async def send(self, client: TableClient, frame: str | bytes) -> None:
        self.tally.frames += 1
        await client.ws.send(frame)

    async def first_frame(self) -> str:
        client = await open_client(self.url)
        await self.send(client, self.frame())
        return await drain(client)

    async def create_then_garbage(self) -> str:
        client = await open_client(self.url)
        await client.create("Mallory", self.rng.choice("SWNE"), open_seats=self.rng.sample("SWNE", 2))
        self.tally.frames += 1
        for _ in range(self.rng.randint(1, 5)):
            await self.send(client, self.frame())
        return await drain(client)

    async def oversized(self) -> str:
        client = await open_client(self.url)
        size = self.rng.choice([protocol.MAX_MESSAGE_BYTES + 1, 64 * 1024, 900 * 1024])
        body: str | bytes = (
            os.urandom(size) if self.rng.random() < 0.5 else json.dumps({"type": "chat", "text": "x" * size})
        )
        with contextlib.suppress(ConnectionClosed):  # it may hang up before reading all of it
            await self.send(client, body)
        return await drain(client)

    async def binary(self) -> str:
        client = await open_client(self.url)
        await self.send(client, os.urandom(self.rng.randint(1, 200)))
        return await drain(client)

    async def flood(self) -> str:
        client = await open_client(self.url)
        await client.create("Flood", "S", open_seats=["N", "E", "W"])
        self.tally.frames += 1
        try:
            for i in range(200):
                await self.send(client, json.dumps({"type": "chat", "text": f"spam {i}"}))
        except ConnectionClosed:
            pass
        return await drain(client)

    async def illegal_moves_then_abort(self) -> str:
        """A game against three computers: moves that are no move, out of turn, for another
        seat, with stale tickets; then the connection dropped with no close handshake (the
        game plays on)."""
        client = await open_client(self.url)
        await client.create("Mallory", "S", open_seats=[])
        self.tally.frames += 1
        await self.send(client, json.dumps({"type": "start"}))
        for _ in range(self.rng.randint(3, 12)):
            action = self.rng.choice(["play JK", "order alone", "pass", "discard 9C", "call spades", "zzz"])
            message: dict[str, Any] = {"type": "move", "action": action}
            if self.rng.random() < 0.7:
                message["ticket"] = self.rng.randint(0, 10**6)
            if self.rng.random() < 0.3:
                message["seat"] = self.rng.choice("WNE")
            await self.send(client, json.dumps(message))
            await asyncio.sleep(0.01)
        replies: Counter[str] = Counter()
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            async with asyncio.timeout(0.5):
                async for raw in client.ws:
                    message = json.loads(raw)
                    replies[message.get("code", message["type"])] += 1
        client.ws.transport.abort()
        return f"answered with {', '.join(sorted(k for k in replies if k not in ('event', 'turn', 'table')))}"

    async def wrong_code(self) -> str:
        """Joins with made-up codes from one of many loopback addresses."""
        source = f"127.{self.rng.randint(1, 254)}.{self.rng.randint(0, 255)}.{self.rng.randint(1, 254)}"
        client = await open_client(self.url, source)
        code = "".join(self.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(8))
        await self.send(
            client, json.dumps({"type": "join", "v": 1, "code": f"{code[:4]}-{code[4:]}", "name": "Eve", "seat": "N"})
        )
        return await drain(client)

    async def taken_seat(self) -> str:
        """The right code, a seat someone sits at; then the creator leaves."""
        host = await open_client(self.url)
        code = await host.create("Host", "S", open_seats=["N"])
        self.tally.frames += 1
        guest = await open_client(self.url)
        await self.send(guest, json.dumps({"type": "join", "v": 1, "code": code, "name": "Eve", "seat": "S"}))
        try:
            reply = json.loads(await guest.ws.recv())
        except ConnectionClosed:
            reply = {"type": "closed"}
        await guest.close()
        await host.close()
        return f"join at a taken seat: {reply.get('code', reply['type'])}"

    async def silent(self) -> str:
        client = await open_client(self.url)
        self.tally.frames += 1
        return await drain(client, HELLO_S + 5)

    async def half_handshake(self) -> str:
        reader, writer = await asyncio.open_connection(self.host, self.port)
        if self.rng.random() < 0.5:
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")  # and no more
        else:
            writer.write(os.urandom(self.rng.randint(1, 300)) + b"\r\n\r\n")
        self.tally.frames += 1
        await writer.drain()
        try:
            async with asyncio.timeout(OPEN_TIMEOUT_S + 5):
                while await reader.read(4096):
                    pass
            outcome = "tcp closed by the server"
        except TimeoutError:
            outcome = "tcp still open"
        except ConnectionError:
            outcome = "tcp reset by the server"
        writer.close()
        return outcome

    def all(self) -> list[tuple[Callable[[], Awaitable[str]], int]]:
        """Each attack with its weight in a round."""
        return [
            (self.first_frame, 30),
            (self.create_then_garbage, 15),
            (self.oversized, 5),
            (self.binary, 5),
            (self.flood, 5),
            (self.illegal_moves_then_abort, 3),
            (self.wrong_code, 15),
            (self.taken_seat, 7),
            (self.silent, 5),
            (self.half_handshake, 5),
        ]


def summarise(outcome: str) -> str:
    """An outcome without the numbers that make each unique."""
    return re.sub(r"\d+ bytes exceeds", "N bytes exceeds", outcome)[:70]


async def one_round(attacks: Attacks, count: int) -> None:
    weighted = attacks.all()
    kinds = attacks.rng.choices([a for a, _ in weighted], [w for _, w in weighted], k=count)
    gate = asyncio.Semaphore(AT_ONCE)

    async def run_one(attack: Callable[[], Awaitable[str]]) -> None:
        async with gate:
            attacks.tally.connections += 1
            try:
                outcome = await attack()
            except (ConnectionClosed, InvalidHandshake, WireError, OSError, TimeoutError) as exc:
                outcome = f"{type(exc).__name__}"
            attacks.tally.outcomes[f"{attack.__name__}: {summarise(outcome)}"] += 1

    await asyncio.gather(*(run_one(kind) for kind in kinds))


async def settle(server: Server) -> float:
    """Wait until the server holds no connection and no table; the seconds it took."""
    started = time.perf_counter()
    while time.perf_counter() - started < SETTLE_S:
        if server.connections() == 0 and server.tables() == 0:
            break
        await asyncio.sleep(0.25)
    return time.perf_counter() - started


async def a_whole_game(url: str) -> dict[str, Any]:
    """Four clients from an address no attack used: create, join, play to the end."""
    source = "127.0.0.2"
    host = await open_client(url, source)
    code = await host.create("Player S", "S", open_seats=["W", "N", "E"])
    clients = [host]
    for seat in "WNE":
        client = await open_client(url, source)
        await client.join(code, f"Player {seat}", seat)
        clients.append(client)
    ended = await asyncio.gather(*(play_game(c, RandomPlayer(seed=i).choose) for i, c in enumerate(clients)))
    for client in clients:
        await client.close()
    return ended[0]


async def main_async(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "tables", Path(folder) / "server.log")
        server.start()
        await asyncio.sleep(0.5)
        tally = Tally()
        rows = [("start", 0, 0, server.rss_kib(), server.fds(), server.connections(), server.tables(), 0.0)]
        started = time.perf_counter()
        for number in range(1, args.rounds + 1):
            pool = draw_frames(args.connections * 2, args.seed * 1000 + number)
            attacks = Attacks(server.url, "127.0.0.1", server.port, tally, rng, pool)
            sent_before = tally.frames
            await one_round(attacks, args.connections)
            waited = await settle(server)
            if not server.alive():
                print(f"round {number}: the server died (exit code {server.process.returncode}); see the log")  # type: ignore[union-attr]
                break
            row = (
                f"round {number}",
                tally.frames - sent_before,
                args.connections,
                server.rss_kib(),
                server.fds(),
                server.connections(),
                server.tables(),
                waited,
            )
            rows.append(row)
            print(
                f"{row[0]}: {row[1]} frames over {row[2]} connections; RSS {row[3] / 1024:.1f} MiB, "
                f"{row[4]} fds, {row[5]} connections, {row[6]} tables (settled in {row[7]:.1f} s)",
                flush=True,
            )
        elapsed = time.perf_counter() - started
        alive = server.alive()
        game = "not tried (the server died)"
        if alive:
            try:
                ended = await asyncio.wait_for(a_whole_game(server.url), 120)
                game = f"finished, {ended['scores']} (winner {ended['winner']})"
            except (WireError, ConnectionClosed, OSError, TimeoutError, InvalidHandshake) as exc:
                game = f"FAILED: {type(exc).__name__} {exc}"
        after_game = (server.rss_kib(), server.fds())
        assert server.process is not None
        server.process.terminate()
        exit_code = server.process.wait()
        log = server.log.read_text(errors="replace")

    errors = [line for line in log.splitlines() if " ERROR " in line or "Traceback" in line]
    warnings = Counter(
        re.sub(r"\('[\d.]+', \d+\)", "ADDR", line.split(" WARNING ", 1)[1])
        for line in log.splitlines()
        if " WARNING " in line
    )
    print()
    print(f"{tally.frames} hostile frames and handshakes over {tally.connections} connections in {elapsed:.0f} s")
    print(f"server: {'alive' if alive else 'DIED'} after every round; exit code on SIGTERM {exit_code}")
    print(f"errors in the server's log (a handler that raised): {len(errors)}")
    for line in errors[:10]:
        print(f"  {line}")
    for text, times in warnings.most_common(5):
        print(f"  warning x{times}: {text}")
    print(f"a whole game afterwards: {game}")
    print()
    print("| after | frames | connections | RSS MiB | open fds | connections left | tables left |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, sent, conns, kib, fds, live, tables, _ in rows:
        print(f"| {name} | {sent} | {conns} | {kib / 1024:.1f} | {fds} | {live} | {tables} |")
    print(f"| the game | | 4 | {after_game[0] / 1024:.1f} | {after_game[1]} | | |")
    if len(rows) > 3:
        warm = rows[2:]  # after the first round's warm-up
        mib = [r[3] / 1024 for r in warm]
        fd_counts = [r[4] for r in warm]
        per_round = statistics.linear_regression(range(len(mib)), mib).slope
        print(
            f"after the first round: RSS {min(mib):.1f} to {max(mib):.1f} MiB"
            f" (trend {per_round * 1024:+.0f} KiB a round), fds {min(fd_counts)} to {max(fd_counts)}"
        )
    print()
    print("what the server did with them (attack: outcome, count):")
    for text, times in sorted(tally.outcomes.items()):
        print(f"  {text}: {times}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--connections", type=int, default=400, help="hostile connections a round")
    parser.add_argument("--seed", type=int, default=1)
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
