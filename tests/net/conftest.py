"""A real table server process on the loopback address, and real clients to sit at it."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from euchre_qt.engine import Game
from euchre_qt.net.client import TableClient
from euchre_qt.net.serve import BANNER, banner_port
from euchre_qt.net.server import saved_table

T = TypeVar("T")

SEAT_WAIT = 0.5  # seconds a dropped player's seat waits in these tests
HELLO_TIMEOUT = 1.0  # seconds a new connection may stay silent


@dataclass
class ServerProcess:
    process: subprocess.Popen[str]
    port: int
    save_dir: Path
    log: Path
    banner: str = ""  # its first line

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self, kill: bool = False) -> None:
        if self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            self.process.wait(10)


def start_server(save_dir: Path, *extra: str, descriptors: int | None = None) -> ServerProcess:
    """``euchre-qt serve`` in its own process, on a free port; its log goes beside the saves.
    ``descriptors``: the most file descriptors the process may open (its hard limit)."""
    save_dir.mkdir(parents=True, exist_ok=True)
    log = save_dir.parent / f"{save_dir.name}.log"
    command = [sys.executable, "-m", "euchre_qt", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--save-dir", str(save_dir), "--seat-wait", str(SEAT_WAIT), "--workers", "1"]
    command += ["--hello-timeout", str(HELLO_TIMEOUT), "--tables-per-address", "1000", *extra]
    if descriptors is not None:
        command = with_descriptors(descriptors, descriptors, command)
    with log.open("a") as err:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith(BANNER), f"server did not start: {first!r}; see {log}"
    port = banner_port(first)
    return ServerProcess(process, port, save_dir, log, first)


# Sets the descriptor limits, then becomes the command: a process with its own limits, with
# no preexec_fn (which may deadlock a child forked while the test process runs threads).
_WITH_DESCRIPTORS = (
    "import os, resource, sys; "
    "resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[1]), int(sys.argv[2]))); "
    "os.execv(sys.argv[3], sys.argv[3:])"
)


def with_descriptors(soft: int, hard: int, command: list[str]) -> list[str]:
    """``command`` run with ``soft`` and ``hard`` as its file descriptor limits."""
    return [sys.executable, "-c", _WITH_DESCRIPTORS, str(soft), str(hard), *command]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    running = start_server(tmp_path_factory.mktemp("net") / "tables")
    yield running
    running.stop()
    assert running.process.returncode == 0


def run(coro: Awaitable[T], timeout: float = 60.0) -> T:
    """Run a test's conversation with the server; a stuck one fails instead of hanging."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


async def full_table(url: str, people: str = "SWNE", **create: Any) -> tuple[str, dict[str, TableClient]]:
    """A table created by the first of ``people`` with the others joining: (code, clients by seat),
    each keeping the frames it is sent."""
    first, rest = people[0], list(people[1:])
    clients = {first: await TableClient.connect(url, keep_frames=True)}
    code = await clients[first].create(f"Player {first}", first, open_seats=rest, **create)
    for seat in rest:
        clients[seat] = await TableClient.connect(url, keep_frames=True)
        await clients[seat].join(code, f"Player {seat}", seat)
    return code, clients


Chooser = Callable[..., Any]


def saved_game(save_dir: Path, code: str) -> Game:
    """The game the server has on disk for the table with ``code`` (its save and journal)."""
    saved = saved_table(save_dir, code)
    assert saved is not None, "the server has no save for that table"
    return saved.game
