"""``euchre-qt join``: a person at a terminal plays a whole game at a real server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import signal
import sys
import unicodedata
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve

from euchre_qt.engine import Seat
from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import join
from euchre_qt.net.client import TableClient, WireError, play_game
from euchre_qt.session.wording import game_result
from tests.player_words import DEVELOPER_TEXT

from .conftest import ServerProcess, run, start_server
from .test_played import coming_back


def private_data(folder: Path) -> dict[str, str]:
    """The environment of a terminal whose seat keys go to ``folder`` (never the user's own data folder)."""
    return {**os.environ, "XDG_DATA_HOME": str(folder), "EUCHRE_QT_DATA_DIR": str(folder / "euchre-qt")}


def test_a_person_at_a_terminal_plays_a_whole_game_in_words(server: ServerProcess, tmp_path: Path) -> None:
    async def scenario() -> tuple[int, str, dict[str, object]]:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["N"], rules={"points_to_win": 5})
        terminal = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, code.lower(), "--name", "Bo",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=private_data(tmp_path),
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
    assert "Your turn: " in out and not [line for line in out.splitlines() if line.endswith(("?.", "!."))]
    assert "?." not in out  # a question ends with its question mark ("order up or pass?")
    scores = ended["scores"]
    assert isinstance(scores, list)
    said = game_result(int(str(ended["winner"])), (scores[0], scores[1]), Seat.NORTH.team, bool(ended["slam"]))
    assert out.splitlines()[-1] == said + "."


def test_a_person_at_a_terminal_starts_a_table_of_computers(server: ServerProcess, tmp_path: Path) -> None:
    async def scenario() -> tuple[int, str]:
        terminal = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, "new", "--name", "Cy", "--seat", "E",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=private_data(tmp_path),
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
    """The seat key is kept in the data folder (EUCHRE_QT_DATA_DIR, as the window's files): the
    same command brings the player back."""
    home = {**os.environ, "EUCHRE_QT_DATA_DIR": str(tmp_path / "data")}

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
        kept = (tmp_path / "data" / "seat keys.txt").read_text()
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
        assert kept.startswith(f"{code}:N:") and (tmp_path / "data" / "seat keys.txt").stat().st_mode & 0o077 == 0
        return first, again

    first, again = run(scenario(), timeout=120)
    assert "You sit North." in first
    assert "You sit North." in again and "Your hand: " in again, again


class Terminal:
    """``euchre-qt join`` in a process of its own, typed at line by line as a person would."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.said: list[str] = []

    @classmethod
    async def open(cls, url: str, code: str, *options: str, data: Path) -> Terminal:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", url, code, *options,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env=private_data(data),
        )  # fmt: skip
        return cls(process)

    async def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode())
        await self.process.stdin.drain()

    async def read_until(self, wanted: str) -> str:
        """Read what the terminal says up to a line starting with ``wanted``; that line."""
        assert self.process.stdout is not None
        while line := (await self.process.stdout.readline()).decode():
            self.said.append(line.rstrip("\n"))
            if line.startswith(wanted):
                return line.rstrip("\n")
        raise AssertionError(f"the terminal ended without saying {wanted!r}: {self.said[-20:]}")

    async def end(self) -> tuple[int, list[str]]:
        """Close its input and wait for it: (exit status, everything it said)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        rest = (await self.process.stdout.read()).decode()
        self.said += rest.splitlines()
        return await self.process.wait(), self.said


def test_the_creator_types_anything_before_the_deal_and_then_starts(server: ServerProcess, tmp_path: Path) -> None:
    async def scenario() -> tuple[int, list[str]]:
        ann = await Terminal.open(server.url, "new", "--name", "Ann", "--open", "N", data=tmp_path)
        await ann.read_until("You sit South.")
        await ann.type("/help\nhello\n")
        await ann.read_until("Type a move's number or its text (play JH, pass, order alone).")  # (hello)
        await ann.type("/start\n")  # read while no turn is asked
        await ann.read_until("New game.")
        await ann.type("1\n" * 400)
        return await ann.end()

    code, said = run(scenario(), timeout=120)
    assert code == 0, said[-20:]
    assert "/say TEXT talks to the table; /start deals now" in "\n".join(said)  # /help
    assert re.fullmatch(r"(We|They) win the game, \d+ to \d+( \(a slam\))?\.", said[-1])


def test_two_terminals_of_one_account_keep_their_own_seat_keys(server: ServerProcess, tmp_path: Path) -> None:
    """Ann creates, Nia joins from another terminal of the same account (one data folder);
    Ann leaves and comes back to South with --seat S, and the two play the game out."""

    async def scenario() -> tuple[tuple[int, list[str]], tuple[int, list[str]], str]:
        ann = await Terminal.open(server.url, "new", "--name", "Ann", "--open", "N", data=tmp_path)
        told = re.search(r"[A-Z2-9]{4}-[A-Z2-9]{4}", await ann.read_until("Your table's join code is "))
        assert told is not None
        code = told[0]
        await ann.read_until("You sit South.")
        nia = await Terminal.open(server.url, code, "--name", "Nia", data=tmp_path)
        await nia.read_until("You sit North.")
        await nia.type("/free S\n")
        await nia.read_until("Only the player who created the table can free a seat.")
        await ann.read_until("Nia sits North.")
        status, said = await ann.end()  # Ctrl+D before the deal: the seat waits, and Ann is told how to come back
        assert status == 1 and said[-1] == (
            "Your input ended, so you left the table; this brings you back to your seat: "
            f"euchre-qt join {server.url} {code} --name Ann --seat S"
        ), said[-3:]
        await nia.read_until("Ann has gone away")  # told at once
        kept = (tmp_path / "euchre-qt" / "seat keys.txt").read_text()
        ann = await Terminal.open(*shlex.split(said[-1].rpartition(": ")[2])[2:], data=tmp_path)  # as told
        await ann.read_until("You sit South.")
        await nia.read_until("Ann is back.")
        await ann.type("/start\n" + "1\n" * 400)
        await nia.type("1\n" * 400)
        return await ann.end(), await nia.end(), kept

    (ann_code, ann_said), (nia_code, nia_said), kept = run(scenario(), timeout=180)
    assert kept.count(":S:") == 1 and kept.count(":N:") == 1  # one key a seat, neither written over
    assert ann_code == nia_code == 0, (ann_said[-10:], nia_said[-10:])
    assert ann_said[-1] == nia_said[-1]  # the same result: they are partners


def test_the_others_are_told_at_once_when_the_server_goes_away(tmp_path: Path) -> None:
    own = start_server(tmp_path / "tables")

    async def scenario() -> tuple[int, list[str]]:
        host = await TableClient.connect(own.url)
        code = await host.create("Ann", "S", open_seats=["N"])
        nia = await Terminal.open(own.url, code, "--name", "Nia", data=tmp_path)
        await nia.read_until("You sit North.")
        own.stop()  # nothing typed: Nia is told without pressing a key
        told = await nia.read_until("The table's server has closed the connection")
        assert told == (
            "The table's server has closed the connection; once it is back, this brings you back to your seat: "
            f"euchre-qt join {own.url} {code} --name Nia --seat N"
        )
        assert nia.process.stdin is not None
        return await asyncio.wait_for(nia.process.wait(), 30), nia.said

    try:
        code, said = run(scenario(), timeout=60)
    finally:
        own.stop()
    assert code == 1, said
    assert not [line for line in said if line.startswith("Your input ended")], said  # (the input had not)


def test_ctrl_c_on_ones_turn_leaves_at_once(server: ServerProcess, tmp_path: Path) -> None:
    async def scenario() -> int:
        cy = await Terminal.open(server.url, "new", "--name", "Cy", data=tmp_path)
        await cy.read_until("You sit South.")
        await cy.read_until("  1. ")  # asked to move at a table of computers, nothing typed
        cy.process.send_signal(signal.SIGINT)
        return await asyncio.wait_for(cy.process.wait(), 30)

    assert run(scenario(), timeout=60) == 130


def test_ctrl_c_at_a_new_table_tells_the_command_that_brings_you_back(server: ServerProcess, tmp_path: Path) -> None:
    """The same command (``new``) would start another table: the player is told the one that
    brings them back to this table's seat, and it does."""

    async def scenario() -> tuple[int, str, str, str]:
        bo = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, "new", "--name", "Bo  Ray", "--seat", "E",
            "--open", "N", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=private_data(tmp_path),
        )  # fmt: skip
        terminal = Terminal(bo)
        told = re.search(r"[A-Z2-9]{4}-[A-Z2-9]{4}", await terminal.read_until("Your table's join code is "))
        assert told is not None
        await terminal.read_until("You sit East.")
        ann = await TableClient.connect(server.url)
        await ann.join(told[0], "Ann", "N")  # to see when the server has seen Bo go
        bo.send_signal(signal.SIGINT)
        assert bo.stderr is not None
        err = (await bo.stderr.read()).decode()
        status = await asyncio.wait_for(bo.wait(), 30)
        while not ((m := await ann.receive())["type"] == "table" and not m["seats"][3]["connected"]):
            pass
        back = err.strip().rpartition(": ")[2]
        again = await Terminal.open(*shlex.split(back)[2:], data=tmp_path)
        await again.read_until("You sit East.")
        await again.end()
        await ann.close()
        return status, told[0], err, "\n".join(again.said)

    status, code, err, again = run(scenario(), timeout=60)
    assert status == 130
    assert err.strip() == (
        f"You left the table; this brings you back to your seat: euchre-qt join {server.url} {code} "
        "--name 'Bo Ray' --seat E"
    ), err
    assert DEVELOPER_TEXT.search(err) is None
    assert "Your table's join code" not in again and "Bo Ray sits" not in again  # the same table, the same seat


def hostile_answers(*frames: str | bytes) -> Callable[[], Awaitable[tuple[int, str, str]]]:
    """A terminal joining a server that answers its first message with ``frames``."""

    async def scenario() -> tuple[int, str, str]:
        async def answer(ws: ServerConnection) -> None:
            await ws.recv()
            for frame in frames:
                await ws.send(frame)
            await ws.wait_closed()

        async with serve(answer, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            terminal = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "euchre_qt", "join", f"ws://127.0.0.1:{port}", "abcd-2345", "--name", "Bo",
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            )  # fmt: skip
            out, err = await terminal.communicate(b"")
            return terminal.returncode or 0, out.decode(), err.decode()

    return scenario


def test_a_hostile_servers_text_cannot_drive_the_terminal() -> None:
    refusal = json.dumps({"type": "error", "n": 1, "code": "bad code", "text": "\x1b[2J\x1b[31mNo such\x07 table."})
    code, out, err = run(hostile_answers(refusal)(), timeout=60)
    assert code == 1
    assert "No such table." in err
    assert not any(unicodedata.category(ch)[0] == "C" for ch in (out + err).replace("\n", ""))


@pytest.mark.parametrize(
    "frame",
    ["\x00 not json", "[1, 2]", json.dumps({"type": "table", "n": 1}), "[" * 100_000 + "]" * 100_000, b"\xff\xfe"],
    ids=["not json", "a list", "a table without its parts", "nested deep", "not utf-8"],
)
def test_a_broken_servers_frame_is_a_sentence_not_a_traceback(frame: str | bytes) -> None:
    code, _out, err = run(hostile_answers(frame)(), timeout=60)
    assert code == 1
    assert "Traceback" not in err and "The table's server sent something" in err, err


def test_a_terminal_back_at_its_seat_reads_past_the_finished_deals_it_is_told() -> None:
    """A ``view`` or ``turn`` to a person coming back carries ``played`` (the game's finished
    deals): the terminal, which keeps no game, tells the hand and the moves as on any turn."""
    said: list[str] = []
    terminal = join.Terminal(None, Seat.EAST, False, said.append)  # type: ignore[arg-type]  # (no move is sent)
    back = coming_back(Seat.EAST)
    assert back["played"]

    async def told() -> None:
        assert not await terminal.on_message(back)
        assert not await terminal.on_message({**back, "type": "turn", "ticket": 7})

    run(told(), timeout=30)
    hand = [line for line in said if line.startswith("Your hand: ")]
    assert len(hand) == 1 and terminal.turn is not None and terminal.turn["ticket"] == 7


def test_a_data_folder_that_cannot_be_written_does_not_stop_the_game(server: ServerProcess, tmp_path: Path) -> None:
    """The seat key cannot be kept (the data folder is a file): the terminal says so and
    plays on, instead of leaving the table it has just sat at as if the server were gone."""
    blocked = tmp_path / "data-is-a-file"
    blocked.write_text("not a folder")

    async def scenario() -> tuple[int, str]:
        terminal = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, "new", "--name", "Cy", "--seat", "E",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "XDG_DATA_HOME": str(tmp_path), "EUCHRE_QT_DATA_DIR": str(blocked)},
        )  # fmt: skip
        out, _ = await terminal.communicate(("1\n" * 400).encode())
        return terminal.returncode or 0, out.decode()

    code, out = run(scenario(), timeout=120)
    assert code == 0, out[-2000:]
    lines = out.splitlines()
    assert lines[1] == "You sit East." and "cannot come back to this seat" in lines[2]
    assert re.fullmatch(r"(We|They) win the game, \d+ to \d+( \(a slam\))?\.", lines[-1])
    assert blocked.read_text() == "not a folder"


# (past the burst however slowly they are sent)
_FLOOD = [json.dumps({"type": "chat", "n": n, "seat": "W", "name": "W", "text": "x"}) for n in range(3, 10_003)]


@pytest.mark.parametrize(
    ("frames", "said"),
    [
        (["\x00 not json"], join.NOT_FOLLOWED),
        ([json.dumps({"type": "event", "n": 9})], join.NOT_FOLLOWED),
        ([json.dumps({"type": "event", "n": 3})], join.NOT_FOLLOWED),
        (_FLOOD, join.FLOODED),
    ],
    ids=["not json", "out of order", "an event without its parts", "a flood"],
)
def test_a_broken_frame_after_sitting_down_is_a_sentence_with_the_way_back(
    frames: list[str], said: str, tmp_path: Path
) -> None:
    """Before, the terminal ended with exit status 1 and said nothing at all (and of a flood,
    that the server sent something it cannot follow)."""

    async def scenario() -> tuple[int, str, str, str]:
        async def answer(ws: ServerConnection) -> None:
            await ws.recv()  # create
            await ws.send(json.dumps({"type": "created", "n": 1, "code": "ABCD-2345"}))
            await ws.send(json.dumps({"type": "welcome", "n": 2, "key": "k" * 22, "seat": "S", "creator": True}))
            for frame in frames:
                await ws.send(frame)
            await ws.wait_closed()

        async with serve(answer, "127.0.0.1", 0) as server:
            url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"
            terminal = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "euchre_qt", "join", url, "new", "--name", "Bo",
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
                env={**os.environ, "HOME": str(tmp_path), "EUCHRE_QT_DATA_DIR": str(tmp_path / "data")},
            )  # fmt: skip
            out, err = await terminal.communicate()
            return terminal.returncode or 0, out.decode(), err.decode(), url

    code, out, err, url = run(scenario(), timeout=60)
    assert code == 1
    assert "Traceback" not in out + err and DEVELOPER_TEXT.search(out + err) is None, out + err
    assert (out + err).strip().splitlines()[-1] == (
        f"{said}; this brings you back to your seat: euchre-qt join {url} ABCD-2345 --name Bo --seat S"
    ), out + err
