"""``euchre-qt join``: sit at a network table from a terminal (no display needed).

    euchre-qt join ws://host:7654 ABCD-2345 --name Ann [--seat N]
    euchre-qt join ws://host:7654 new --name Ann [--seat S] [--open N,E]

``new`` starts a table and prints its join code to pass on; the seats in ``--open`` wait for
friends (``/start`` deals at once, computers in the seats nobody took; ``/free N`` gives the
seat of a friend who is away, and lost its key, to whoever sits there next). The seat keys
the server gives are kept in the data folder (``seat keys.txt``; ``EUCHRE_QT_DATA_DIR``
moves it, as it moves the window's files), one for each table and seat: the command with the
table's code (not ``new``), printed on leaving, brings you back to your seat after a drop,
and two terminals of one account at one table keep a key each. The table is told in the same words the window
uses (``session.wording``). Lines are read at any time (commands at once); on your turn your
hand and your moves are listed: type a move's number or its text (``play JH``, ``order
alone``); typed sooner, a move waits for your turn.

What is typed on the command line is checked before the server is reached (a join code may be
typed in lower case or without its dash; a seat as S or South): a mistake is one line, exit 2.
Leaving says how to come back (the whole command, with the table's code and your seat); the
exit status is 0 when the game was played to its end, 130 after Ctrl+C, and 1 otherwise (the
input ended, the server went away, or it could not be reached or followed).
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import collections
import contextlib
import io
import os
import shlex
import signal
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TextIO
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine import Seat
from ..folders import data_dir
from ..session import event_from_dict
from ..session.wording import SEAT_NAMES, card_name, describe_action, event_sentence, sentence
from . import protocol
from .client import MALFORMED, TableClient, WireError, table_route, why_not_connected
from .seat_keys import SeatKeys, read_keys, write_keys


def keys_file() -> Path:
    """Where ``euchre-qt join`` keeps its seat keys: in the data folder, as the window keeps its files."""
    return data_dir() / "seat keys.txt"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not the usage and then the error
        self.exit(2, f"{self.prog}: {message} ({self.prog} --help lists the options)\n")


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line, checked and put in the server's form (``code``: ``ABCD-2345`` or
    ``new``; ``name`` as the table shows it; ``seat``: a letter or None; ``open``: letters);
    a mistake in it ends the program with one line and exit status 2."""
    parser = _Parser(prog="euchre-qt join", description="Sit at a network table from a terminal.")
    parser.add_argument("url", help="the server's address, ws://host:port")
    parser.add_argument("code", help="the table's join code, ABCD-2345; or new, to start a table")
    parser.add_argument(
        "--name", required=True, help=f"your name at the table ({protocol.MAX_NAME} characters at most)"
    )
    parser.add_argument(
        "--seat",
        help="the seat to take, S, W, N or E (default: yours at that table, else the first free one; new: S)",
    )
    parser.add_argument("--open", default="", help="new: the seats friends may take, such as N,E (default: none)")
    args = parser.parse_args(argv)
    try:
        args.url = server_address(args.url)
        args.code = "new" if args.code.strip().lower() == "new" else join_code(args.code)
        args.name = player_name(args.name)
        args.seat = None if args.seat is None else seat_letter(args.seat, "--seat")
        args.open = [seat_letter(text, "--open") for text in args.open.replace(",", " ").split()]
    except ValueError as exc:
        parser.exit(2, f"{parser.prog}: {for_terminal(str(exc))}\n")
    if args.open and args.code != "new":
        parser.exit(
            2,
            f"{parser.prog}: --open names the seats friends may take at a new table; "
            f"the table {args.code} has its seats already, so leave --open out.\n",
        )
    own = args.seat or "S"  # (the server leaves your own seat out of the open ones, and each once)
    args.open = [letter for letter in dict.fromkeys(args.open) if letter != own]
    return args


def server_address(text: str) -> str:
    """``text`` if it can be a table server's address (``ws://`` or ``wss://``, a host, a port
    from 1 to 65535 if one is given); ``ValueError`` saying what is wrong, in words."""
    url = text.strip()
    example = "such as ws://HOST:7654"
    try:
        parts = urlsplit(url)
    except ValueError:  # (an unclosed [ of an IPv6 address)
        raise ValueError(f"{url} is not a server's address, {example}.") from None
    if parts.scheme.lower() not in ("ws", "wss"):
        raise ValueError(f"A server's address starts with ws:// or wss://, {example}; {url} does not.")
    if not parts.hostname:
        raise ValueError(f"{url} names no server: a server's address is {example}.")
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or parts.netloc.endswith(":"):
        raise ValueError(f"The port in {url} is not a number from 1 to 65535, {example}.")
    return url


def join_code(text: str) -> str:
    """A table's join code in the server's form, ``ABCD-2345``, from what was typed: in any case,
    with or without its dash (or with spaces); ``ValueError`` when it cannot be one."""
    letters = "".join(text.split()).replace("-", "").upper()
    if len(letters) != 8 or any(ch not in protocol.JOIN_CODE_ALPHABET for ch in letters):
        shown = text.strip() or "''"
        raise ValueError(
            f"{shown} is not a join code: a join code is 8 letters and digits, such as ABCD-2345 "
            "(or new, to start a table)."
        )
    return f"{letters[:4]}-{letters[4:]}"


def player_name(text: str) -> str:
    """``text`` as the table shows a name (``protocol.clean_text``); ``ValueError`` when it is
    empty or longer than the server takes."""
    name = protocol.clean_text(text)
    if not name:
        raise ValueError("Your name is empty: give the one to show at the table, such as --name Ann.")
    if len(name) > protocol.MAX_NAME:
        raise ValueError(
            f"Your name is {len(name)} characters long; a name at the table has at most {protocol.MAX_NAME}."
        )
    return name


def seat_letter(text: str, option: str) -> str:
    """The letter of the seat ``text`` names (``N``, ``n`` or ``North``); ``ValueError`` otherwise."""
    word = text.strip().lower()
    for seat in Seat:
        if word in (seat.letter.lower(), SEAT_NAMES[seat].lower()):
            return seat.letter
    shown = text.strip() or "''"
    raise ValueError(f"{option} {shown} is not a seat: a seat is S, W, N or E (South, West, North or East).")


def come_back(url: str, code: str, name: str, seat: Seat) -> str:
    """The command that brings this player back to ``seat`` (with the key kept for it), as it
    would be typed in a shell."""
    named = [f"--name={name}"] if name.startswith("-") else ["--name", name]  # (-x alone reads as an option)
    words = ["euchre-qt", "join", url, code, *named, "--seat", seat.letter]
    return " ".join(shlex.quote(word) for word in words)


@dataclass
class Visit:
    """What a person who leaves is told: ``back`` is the command that brings them back to their
    seat, once they have one and its key is kept."""

    seated: bool = False
    back: str | None = None

    def left(self, why: str = "You left the table", how: str = "this brings you back to your seat") -> str:
        if not self.seated:
            return "You left before taking a seat."
        if self.back is None:
            return f"{why}."
        return f"{why}; {how}: {self.back}"


HELP = (
    "Type a move's number or its text (play JH, pass, order alone) on your turn; typed sooner, it waits for your turn.",
    "/say TEXT talks to the table; /start deals now (the table's creator); "
    "/free N frees the seat of a friend who is away and lost the key (the creator); /help shows this.",
)
NOT_A_MOVE = "Type a move's number or its text (play JH, pass, order alone)."
CREATOR_STARTS = "Only the player who created the table can start it."
CREATOR_FREES = "Only the player who created the table can free a seat."
SERVER_GONE = "The table's server has closed the connection"  # (Visit.left adds how to come back)
SERVER_BACK = "once it is back, this brings you back to your seat"
INPUT_ENDED = "Your input ended, so you left the table"
NOT_FOLLOWED = "The table's server sent something this program cannot follow, so you left the table"
FLOODED = "The table's server sent far more than a game needs, so you left the table"


def for_terminal(text: str) -> str:
    """``text`` without control or format characters: names and chat come from the server, and
    a hostile one could otherwise clear the screen or rewrite what was said (escape sequences)."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")


def leave_on_ctrl_c() -> None:
    """Ctrl+C ends the program at once. ``asyncio.run``'s own handler is a plain signal handler:
    a Ctrl+C delivered to another thread (the one reading typed lines, or the pool's that looked
    up the address) left the event loop asleep in select() until its next timer, up to the 20 s
    keep-alive. The loop's own handler wakes it through its wake-up descriptor, whichever thread
    the signal reaches."""

    def interrupted() -> None:
        raise KeyboardInterrupt

    with contextlib.suppress(NotImplementedError, RuntimeError):  # (no such handlers on Windows)
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, interrupted)


async def play(args: argparse.Namespace, lines: TextIO, out: TextIO, visit: Visit | None = None) -> int:
    """Sit at the table ``args`` (from ``parse_args``) name and play; ``visit`` is told the
    seat's way back as soon as there is one."""

    def say(text: str) -> None:
        print(for_terminal(text), file=out, flush=True)

    visit = Visit() if visit is None else visit
    leave_on_ctrl_c()
    new = args.code == "new"
    name = args.name
    client = await TableClient.connect(args.url if new else table_route(args.url, args.code))
    if new:
        seat = args.seat or "S"
        open_seats = args.open
        code = await client.create(name, seat, open_seats=open_seats)
        creator = True
        say(f"Your table's join code is {code}." + (" Type /start to deal now." if open_seats else ""))
    else:
        code = args.code
        table = await client.look(code)
        keys = read_keys(keys_file())
        seat = args.seat or my_seat(keys, code, name, table["seats"])
        if seat is None:
            say("No seat is free at that table.")
            return 1
        creator = bool((await client.join(code, name, seat, keys.key(code, Seat.parse(seat))))["creator"])
    you = Seat.parse(seat)
    assert client.key is not None
    visit.seated = True
    say(f"You sit {SEAT_NAMES[you]}.")
    try:  # read again: another terminal of this account may have kept a key since
        write_keys(keys_file(), read_keys(keys_file()).remember(code, you, client.key))
        visit.back = come_back(args.url, code, name, you)
    except OSError:  # the seat is ours all the same: play on, and say what is lost
        say("Your seat's key cannot be kept on this computer, so after leaving you cannot come back to this seat.")
    return await Terminal(client, you, creator, say, visit).run(typed_lines(lines))


def my_seat(keys: SeatKeys, code: str, name: str, seats: list[dict[str, Any]]) -> str | None:
    """The seat to take when none is named: one this player holds a key to and nobody is at
    (the one under ``name`` first), else the first free one."""
    away = [s.letter for s in keys.seats(code) if seats[s]["kind"] == "person" and not seats[s]["connected"]]
    named = (letter for letter in away if seats[Seat.parse(letter)]["name"] == name)
    free = (s["seat"] for s in seats if s["kind"] == "open" or s["open"])
    return next(named, None) or next(iter(away), None) or next(free, None)


def typed_lines(lines: TextIO) -> asyncio.Queue[str | None]:
    """The person's lines as they are typed (None once the input ends), read by a thread of
    their own: the table is told while nobody types, and Ctrl+C ends the program at once
    (a thread of the event loop's pool, blocked in ``readline``, held it until Enter)."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def put(line: str | None) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, line)

    def read() -> None:
        try:
            for line in read_raw(lines):
                put(line)
        except (OSError, ValueError, RuntimeError):  # (RuntimeError: the loop has closed)
            pass
        with contextlib.suppress(RuntimeError):
            put(None)

    threading.Thread(target=read, name="typed lines", daemon=True).start()
    return queue


def read_raw(lines: TextIO) -> Iterator[str]:
    """Lines from ``lines``, read straight from its file descriptor where it has one: a daemon
    thread blocked inside a buffered reader could stop the interpreter from ending."""
    try:
        fd = lines.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        yield from iter(lines.readline, "")
        return
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending = ""
    while chunk := os.read(fd, 4096):
        pending += decoder.decode(chunk)
        *whole, pending = pending.split("\n")
        yield from whole
    if pending + decoder.decode(b"", final=True):
        yield pending


class Terminal:
    """One person at a terminal: the table told as it plays, their lines read at any time
    (commands at once, a move typed ahead kept for their turn)."""

    def __init__(
        self, client: TableClient, you: Seat, creator: bool, say: Callable[[str], None], visit: Visit | None = None
    ) -> None:
        self.client = client
        self.visit = Visit(seated=True) if visit is None else visit
        self.you = you
        self.creator = creator
        self.say = say
        self.names = list(SEAT_NAMES)
        self.seats: list[dict[str, Any]] | None = None  # as the server last told them
        self.turn: dict[str, Any] | None = None  # the turn asked and not yet answered
        self.asked: dict[str, Any] | None = None  # the latest turn asked: a refused move's stands again
        self.ahead: collections.deque[str] = collections.deque()  # moves typed before the turn
        self.made = asyncio.Event()  # a move typed ahead was made
        self.gone = False  # the server has gone away, and the person was told

    async def run(self, typed: asyncio.Queue[str | None]) -> int:
        """Until the game ends (0), or the input ends with no move typed ahead left (1), or
        the server goes away (1); leaving, the person is told how to come back."""
        showing = asyncio.ensure_future(self.show())
        typing = asyncio.ensure_future(self.type(typed))
        await asyncio.wait((typing, showing), return_when=asyncio.FIRST_COMPLETED)
        for task in (typing, showing):
            task.cancel()
        await asyncio.gather(typing, showing, return_exceptions=True)
        if showing.done() and not showing.cancelled():
            problem = showing.exception()
            if problem is None:
                return showing.result()
            if not isinstance(problem, (WireError, *MALFORMED)):
                raise problem
            # a frame out of order or not a table message, or one that is not what its type
            # says: said as one sentence, with the way back (it was an exit 1 and no word)
            self.gone = True
            flooded = isinstance(problem, WireError) and problem.code == "flooding"
            self.say(self.visit.left(FLOODED if flooded else NOT_FOLLOWED))
            return 1
        if typing.done() and not typing.cancelled() and not self.gone:  # (the input ended)
            self.gone = True
            self.say(self.visit.left(INPUT_ENDED))
        return 1

    async def show(self) -> int:
        """Tell the table as it plays, until the game ends."""
        try:
            async for message in self.client.messages():
                if await self.on_message(message):
                    return 0
        except ConnectionClosed:
            self.server_gone()
        return 1

    async def type(self, typed: asyncio.Queue[str | None]) -> None:
        try:
            while (line := await typed.get()) is not None:
                await self.on_line(line.strip())
            while self.ahead:  # the input has ended: the moves typed ahead are still made, each on its turn
                self.made.clear()
                await self.made.wait()
        except ConnectionClosed:
            self.server_gone()

    def server_gone(self) -> None:
        if not self.gone:
            self.gone = True
            self.say(self.visit.left(SERVER_GONE, SERVER_BACK))

    async def on_line(self, text: str) -> None:
        if not text:
            return
        if text.startswith("/"):
            await self.command(text)
            return
        if not text.isdigit():
            try:
                protocol.parse_action(text)
            except protocol.ProtocolError:
                self.say(NOT_A_MOVE)
                return
        self.ahead.append(text)
        await self.answer()

    async def command(self, text: str) -> None:
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        if word == "/say" and rest:
            await self.client.chat(rest[: protocol.MAX_CHAT])
        elif word == "/start":
            if self.creator:
                await self.client.send({"type": "start"})
            else:
                self.say(CREATOR_STARTS)
        elif word == "/free" and rest.upper() in ("S", "W", "N", "E"):
            if self.creator:
                await self.client.send({"type": "free", "seat": rest.upper()})
            else:
                self.say(CREATOR_FREES)
        else:
            for line in HELP:
                self.say(line)

    async def answer(self) -> None:
        """Make the move typed ahead, if the turn has come."""
        while self.turn is not None and self.ahead:
            text = self.ahead.popleft()
            self.made.set()
            legal = protocol.view_from_dict(self.turn["view"]).legal_actions
            if text.isdigit():
                if not 1 <= int(text) <= len(legal):
                    self.say(NOT_A_MOVE)
                    continue
                text = str(legal[int(text) - 1])
            ticket = self.turn["ticket"]
            self.turn = None
            await self.client.move(text, ticket)

    async def on_message(self, message: dict[str, Any]) -> bool:
        """Say what ``message`` tells; True at the game's end."""
        kind = message["type"]
        if kind == "table":
            self.tell_seats(message["seats"])
        elif kind == "event":
            event = event_from_dict(message["event"])
            said = event_sentence(event, self.names, self.you)
            if said:
                self.say(sentence(said))
            if message["event"]["type"] == "game ended":
                return True
        elif kind in ("refused", "error"):
            self.say(message["text"])
            if kind == "refused" and self.asked is not None:
                self.turn = self.asked  # the move was not made: the same turn stands
                await self.answer()
        elif kind == "chat":
            self.say(f"{message['name']}: {message['text']}")
        elif kind == "reveal":
            for who, cards in protocol.revealed_hands(message).items():
                self.say(f"{self.names[who]} held {', '.join(card_name(c) for c in cards)}.")
        elif kind == "turn":
            view = protocol.view_from_dict(message["view"])
            self.say("Your hand: " + ", ".join(card_name(c) for c in view.hand))
            dealer = view.dealer is view.seat
            for number, action in enumerate(view.legal_actions, 1):
                self.say(f"  {number}. {describe_action(action, dealer)}  ({action})")
            self.turn = self.asked = message
            await self.answer()
        return False

    def tell_seats(self, seats: list[dict[str, Any]]) -> None:
        """The names to tell the table with; and who came, went away or came back, said once."""
        self.names = [s["name"] or f"{SEAT_NAMES[i]} (computer)" for i, s in enumerate(seats)]
        self.names[self.you] = "You"
        before, self.seats = self.seats, seats
        if before is None:
            return
        for seat, (was, now) in enumerate(zip(before, seats, strict=True)):
            name = now["name"]
            if seat == self.you:
                continue
            if was["kind"] == "person" and now["kind"] != "person":
                self.say(f"{was['name']}'s seat, {SEAT_NAMES[seat]}, is free now.")
            elif now["kind"] != "person":
                continue
            elif was["kind"] != "person" or was["name"] != name:
                self.say(f"{name} sits {SEAT_NAMES[seat]}.")
            elif was["connected"] and not now["connected"]:
                wait = now.get("back_within")
                stand_in = f"; a computer plays the seat in {wait:.0f} s unless they come back" if wait else ""
                self.say(f"{name} has gone away{stand_in}.")
            elif not was["connected"] and now["connected"]:
                self.say(f"{name} is back.")
            elif now["stand_in"] and not was["stand_in"] and not now["connected"]:
                self.say(f"A computer plays for {name} until they come back.")


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    visit = Visit()
    try:
        return asyncio.run(play(args, sys.stdin, sys.stdout, visit))
    except WireError as exc:
        print(for_terminal(exc.text or exc.code), file=sys.stderr)
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
        print(for_terminal(why_not_connected(args.url, exc)), file=sys.stderr)
    except ConnectionClosed:
        print("The server closed the connection.", file=sys.stderr)
    except MALFORMED:  # a frame that is JSON but not the message it should be
        print(for_terminal(visit.left(NOT_FOLLOWED) if visit.seated else f"{NOT_FOLLOWED}."), file=sys.stderr)
    except KeyboardInterrupt:  # Ctrl+C: the seat waits, as after a dropped connection
        print("\n" + for_terminal(visit.left()), file=sys.stderr)
        return 130
    except EOFError:
        pass
    return 1
