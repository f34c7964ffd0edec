"""``euchre-qt join``'s command line: a mistake in it is told in one plain line, exit status 2,
before any server is reached (not blamed on the server); what can be read one way only (a join
code in lower case or without its dash, a seat as a word) is taken."""

from __future__ import annotations

import asyncio
import os
import shlex
import sys
from pathlib import Path

import pytest

from euchre_qt.engine import Seat
from euchre_qt.net import join, protocol
from euchre_qt.net.client import TableClient
from tests.player_words import DEVELOPER_TEXT

from .conftest import ServerProcess, run

URL = "{url}"  # the test server's address, filled in by the test


def private(folder: Path) -> dict[str, str]:
    """The environment of a terminal whose home and data folders are in ``folder`` (never the user's own)."""
    return {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder), "EUCHRE_QT_DATA_DIR": str(folder / "data")}


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What ``euchre-qt join argv`` says when it refuses its command line (exit status 2)."""
    with pytest.raises(SystemExit) as ended:
        join.main(argv)
    out, err = capsys.readouterr()
    assert ended.value.code == 2, (out, err)
    assert out == "" and len(err.splitlines()) == 1, err
    assert DEVELOPER_TEXT.search(err) is None, err
    return err.strip()


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ([URL, "ABCDE", "--name", "Bo"], "ABCDE is not a join code: a join code is 8 letters and digits"),
        ([URL, "ABCD-23456", "--name", "Bo"], "ABCD-23456 is not a join code"),
        ([URL, "ABCD-2O45", "--name", "Bo"], "ABCD-2O45 is not a join code"),  # (no O in a join code)
        ([URL, "new", "--name", ""], "Your name is empty"),
        ([URL, "ABCD-2345", "--name", " \t "], "Your name is empty"),
        (
            [URL, "new", "--name", "x" * 5000],
            f"Your name is 5000 characters long; a name at the table has at most {protocol.MAX_NAME}.",
        ),
        (
            ["ws://127.0.0.1:abc", "new", "--name", "Bo"],
            "The port in ws://127.0.0.1:abc is not a number from 1 to 65535",
        ),
        (["ws://127.0.0.1:99999", "new", "--name", "Bo"], "The port in ws://127.0.0.1:99999 is not a number"),
        (["ws://127.0.0.1:0", "ABCD-2345", "--name", "Bo"], "The port in ws://127.0.0.1:0 is not a number"),
        (["127.0.0.1:7654", "new", "--name", "Bo"], "A server's address starts with ws:// or wss://"),
        (["ws://:7654", "new", "--name", "Bo"], "ws://:7654 names no server"),
        ([URL, "new", "--name", "Bo", "--open", "Q,Z"], "--open Q is not a seat: a seat is S, W, N or E"),
        ([URL, "new", "--name", "Bo", "--open", "N,,northeast"], "--open northeast is not a seat"),
        ([URL, "new", "--name", "Bo", "--seat", "Q"], "--seat Q is not a seat: a seat is S, W, N or E"),
        ([URL, "ABCD-2345", "--name", "Bo", "--seat", "Soup"], "--seat Soup is not a seat"),
        ([URL, "new", "--name", "Bo", "--colour", "red"], "unrecognized arguments: --colour red"),
        ([URL, "new"], "the following arguments are required: --name"),
    ],
)
def test_a_mistake_on_the_command_line_is_one_plain_line_and_exit_2(
    words: list[str], said: str, server: ServerProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, these reached the server and were told as its fault or vaguely ("The message
    could not be understood.", "The table's server sent something this program cannot follow",
    "The server closed the connection.")."""
    err = refused([word.replace(URL, server.url) for word in words], capsys)
    assert err.startswith("euchre-qt join: ") and said in err, err
    assert "server sent" not in err and "could not be understood" not in err


@pytest.mark.parametrize(
    ("typed", "code"),
    [("ABCD-2345", "ABCD-2345"), ("abcd2345", "ABCD-2345"), (" wxyz-9876 ", "WXYZ-9876"), ("Ab Cd 23 45", "ABCD-2345")],
)
def test_a_join_code_is_put_in_the_servers_form(typed: str, code: str) -> None:
    assert join.join_code(typed) == code


@pytest.mark.parametrize(("typed", "letter"), [("n", "N"), ("N", "N"), ("north", "N"), (" West ", "W"), ("EAST", "E")])
def test_a_seat_is_a_letter_or_its_name(typed: str, letter: str) -> None:
    assert join.seat_letter(typed, "--seat") == letter


def test_the_open_seats_are_each_named_once_and_never_ones_own(capsys: pytest.CaptureFixture[str]) -> None:
    """(The server takes each once, and not the creator's own: three or more named, or one twice,
    was refused as a message it could not understand.)"""
    args = join.parse_args(["ws://h:1", "new", "--name", "Bo", "--seat", "north", "--open", "n,E,east West,s"])
    assert args.seat == "N" and args.open == ["E", "W", "S"]
    assert join.parse_args(["ws://h:1", "NEW", "--name", "Bo", "--open", "S,W,N,E"]).open == ["W", "N", "E"]


@pytest.mark.parametrize("name", ["Bo", "Bo Ray", "O'Neil", "Ann  \t Lee", "-x", "$HOME;`ls`"])
def test_the_way_back_is_a_command_a_shell_reads_back_whole(name: str) -> None:
    back = join.come_back("ws://127.0.0.1:7654", "ABCD-2345", protocol.clean_text(name), Seat.WEST)
    words = shlex.split(back)
    assert words[:4] == ["euchre-qt", "join", "ws://127.0.0.1:7654", "ABCD-2345"] and words[-2:] == ["--seat", "W"]
    args = join.parse_args(words[2:])
    assert (args.url, args.code, args.name, args.seat) == (
        "ws://127.0.0.1:7654", "ABCD-2345", protocol.clean_text(name), "W"
    )  # fmt: skip


def test_a_code_typed_in_lower_case_without_its_dash_and_a_seat_as_a_word_sit_you_down(
    server: ServerProcess, tmp_path: Path
) -> None:
    """Before, ``abcd2345`` went to the server as it was typed, and it answered "The message
    could not be understood."; ``--seat north`` was refused."""

    async def scenario() -> tuple[str, str, int, str, str]:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["N"])
        terminal = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "euchre_qt", "join", server.url, code.replace("-", "").lower(), "--name", "Bo",
            "--seat", "north", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=private(tmp_path),
        )  # fmt: skip
        out, err = await terminal.communicate(b"")
        await host.close()
        return code, server.url, terminal.returncode or 0, out.decode(), err.decode()

    code, url, status, out, err = run(scenario(), timeout=60)
    assert "You sit North." in out.splitlines(), (out, err)
    assert out.splitlines()[-1] == (
        f"Your input ended, so you left the table; this brings you back to your seat: "
        f"euchre-qt join {url} {code} --name Bo --seat N"
    )
    assert status == 1 and err == ""


def test_open_seats_are_for_a_new_table_only(capsys: pytest.CaptureFixture[str]) -> None:
    """Before, ``--open`` with a join code was ignored without a word."""
    err = refused(["ws://127.0.0.1:7654", "ABCD-2345", "--name", "Bo", "--open", "N"], capsys)
    assert "--open names the seats friends may take at a new table" in err and "ABCD-2345" in err
