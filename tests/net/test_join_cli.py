"""``euchre-qt join``: a person at a terminal plays a whole game at a real server."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pytest

from euchre_qt.engine import Seat
from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net.client import TableClient, WireError, play_game
from euchre_qt.session.wording import game_result

from .conftest import ServerProcess, run


def test_a_person_at_a_terminal_plays_a_whole_game_in_words(server: ServerProcess) -> None:
    async def scenario() -> tuple[int, str, dict[str, object]]:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["N"], rules={"points_to_win": 5})
        terminal = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, code.lower(), "--name", "Bo",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        # "I don't know" first, then a chat line, then always the first move offered
        moves = "what now\n/say hello partner\n" + "1\n" * 400
        host_game = asyncio.ensure_future(play_game(host, RandomPlayer(seed=1).choose))
        out, _ = await terminal.communicate(moves.encode())
        ended = await host_game
        return terminal.returncode or 0, out.decode(), ended

    code, out, ended = run(scenario(), timeout=120)
    assert code == 0, out[-2000:]
    assert "You sit North." in out
    assert "Type a move's number or its text" in out
    assert "Bo: hello partner" in out
    assert "Your hand: " in out and "  1. " in out
    scores = ended["scores"]
    assert isinstance(scores, list)
    said = game_result(int(str(ended["winner"])), (scores[0], scores[1]), Seat.NORTH.team, bool(ended["slam"]))
    assert out.splitlines()[-1] == said + "."


def test_a_person_at_a_terminal_starts_a_table_of_computers(server: ServerProcess) -> None:
    async def scenario() -> tuple[int, str]:
        terminal = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, "new", "--name", "Cy", "--seat", "E",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, _ = await terminal.communicate(("play 9Z\n" + "1\n" * 400).encode())
        return terminal.returncode or 0, out.decode()

    code, out = run(scenario(), timeout=120)
    assert code == 0, out[-2000:]
    lines = out.splitlines()
    assert lines[0].startswith("Your table's join code is ") and lines[1] == "You sit East."
    assert "Type a move's number or its text" in out  # 9Z is no card
    assert re.fullmatch(r"(We|They) win the game, \d+ to \d+( \(a slam\))?\.", lines[-1])


def test_a_terminal_comes_back_to_its_seat_with_the_key_it_kept(server: ServerProcess, tmp_path: Path) -> None:
    """The seat key is kept in the user's data folder: the same command brings the player back."""
    home = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}

    async def terminal(code: str, lines: str) -> str:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, code, "--name", "Bo",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=home,
        )  # fmt: skip
        out, _ = await process.communicate(lines.encode())
        return out.decode()

    async def scenario() -> tuple[str, str]:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["N", "E"])
        first = await terminal(code, "")  # sits at the first free seat, then its input ends: a drop
        kept = (tmp_path / "data" / "euchre-qt" / "seat keys.txt").read_text()
        thief = await TableClient.connect(server.url)
        with pytest.raises(WireError, match="seat taken"):
            await thief.join(code, "Bo", "N")  # the name alone opens nothing
        while not ((m := await host.receive())["type"] == "table" and m["seats"][2]["name"] == "Bo"):
            pass
        while not ((m := await host.receive())["type"] == "table" and not m["seats"][2]["connected"]):
            pass  # the server has seen the terminal go
        await host.send({"type": "start"})
        host_game = asyncio.ensure_future(play_game(host, RandomPlayer(seed=1).choose))
        again = await terminal(code, "1\n" * 400)
        await host_game
        assert (
            kept.startswith(f"{code}:N:")
            and (tmp_path / "data" / "euchre-qt" / "seat keys.txt").stat().st_mode & 0o077 == 0
        )
        return first, again

    first, again = run(scenario(), timeout=120)
    assert "You sit North." in first
    assert "You sit North." in again and "Your hand: " in again
