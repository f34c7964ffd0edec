"""``euchre-qt join``: a person at a terminal plays a whole game at a real server."""

from __future__ import annotations

import asyncio
import re
import sys

from euchre_qt.engine import Seat
from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net.client import TableClient, play_game
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
