"""``euchre-qt join``: sit at a network table from a terminal (no display needed).

    euchre-qt join ws://host:7654 ABCD-2345 --name Ann [--seat N]
    euchre-qt join ws://host:7654 new --name Ann [--seat S] [--open N,E]

``new`` starts a table and prints its join code to pass on; the seats in ``--open`` wait for
friends (``/start`` deals at once, computers in the seats nobody took; ``/free N`` gives the
seat of a friend who is away, and lost its key, to whoever sits there next). The seat keys
the server gives are kept in the data folder (``seat keys.txt``; ``EUCHRE_QT_DATA_DIR``
moves it, as it moves the window's files), one for each table and seat: the same command
brings you back to your seat after a drop, and two terminals of one account at one table
keep a key each. The table is told in the same words the window
uses (``session.wording``). Lines are read at any time (commands at once); on your turn your
hand and your moves are listed: type a move's number or its text (``play JH``, ``order
alone``); typed sooner, a move waits for your turn.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import collections
import contextlib
import io
import os
import signal
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine import Seat
from ..folders import data_dir
from ..session import event_from_dict
from ..session.wording import SEAT_NAMES, card_name, describe_action, event_sentence, sentence
from . import protocol
from .client import TableClient, WireError, table_route
from .seat_keys import SeatKeys, read_keys, write_keys


def keys_file() -> Path:
    """Where ``euchre-qt join`` keeps its seat keys: in the data folder, as the window keeps its files."""
    return data_dir() / "seat keys.txt"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="euchre-qt join", description="Sit at a network table from a terminal.")
    parser.add_argument("url", help="the server's address, ws://host:port")
    parser.add_argument("code", help="the table's join code, ABCD-2345; or new, to start a table")
    parser.add_argument("--name", required=True, help="your name at the table")
    parser.add_argument(
        "--seat",
        choices=list("SWNE"),
        help="the seat to take (default: yours at that table, else the first free one; new: S)",
    )
    parser.add_argument("--open", default="", help="new: the seats friends may take, such as N,E (default: none)")
    return parser.parse_args(argv)


HELP = (
    "Type a move's number or its text (play JH, pass, order alone) on your turn; typed sooner, it waits for your turn.",
    "/say TEXT talks to the table; /start deals now (the table's creator); "
    "/free N frees the seat of a friend who is away and lost the key (the creator); /help shows this.",
)
NOT_A_MOVE = "Type a move's number or its text (play JH, pass, order alone)."
CREATOR_STARTS = "Only the player who created the table can start it."
CREATOR_FREES = "Only the player who created the table can free a seat."
SERVER_GONE = (
    "The table's server has closed the connection; once it is back, the same command brings you back to your seat."
)


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


async def play(args: argparse.Namespace, lines: TextIO, out: TextIO) -> int:
    def say(text: str) -> None:
        print(for_terminal(text), file=out, flush=True)

    leave_on_ctrl_c()
    new = args.code.strip().lower() == "new"
    name = protocol.clean_text(args.name)
    client = await TableClient.connect(args.url if new else table_route(args.url, args.code))
    if new:
        seat = args.seat or "S"
        open_seats = [Seat.parse(s).letter for s in args.open.replace(",", " ").split()]
        code = await client.create(name, seat, open_seats=open_seats)
        creator = True
        say(f"Your table's join code is {code}." + (" Type /start to deal now." if open_seats else ""))
    else:
        code = args.code.strip().upper()
        table = await client.look(code)
        keys = read_keys(keys_file())
        seat = args.seat or my_seat(keys, code, name, table["seats"])
        if seat is None:
            say("No seat is free at that table.")
            return 1
        creator = bool((await client.join(code, name, seat, keys.key(code, Seat.parse(seat))))["creator"])
    you = Seat.parse(seat)
    assert client.key is not None
    say(f"You sit {SEAT_NAMES[you]}.")
    try:  # read again: another terminal of this account may have kept a key since
        write_keys(keys_file(), read_keys(keys_file()).remember(code, you, client.key))
    except OSError:  # the seat is ours all the same: play on, and say what is lost
        say("Your seat's key cannot be kept on this computer, so after leaving you cannot come back to this seat.")
    return await Terminal(client, you, creator, say).run(typed_lines(lines))


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

    def __init__(self, client: TableClient, you: Seat, creator: bool, say: Callable[[str], None]) -> None:
        self.client = client
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
        the server goes away (1)."""
        showing = asyncio.ensure_future(self.show())
        typing = asyncio.ensure_future(self.type(typed))
        await asyncio.wait((typing, showing), return_when=asyncio.FIRST_COMPLETED)
        for task in (typing, showing):
            task.cancel()
        await asyncio.gather(typing, showing, return_exceptions=True)
        if showing.done() and not showing.cancelled() and showing.exception() is None:
            return showing.result()
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
            self.say(SERVER_GONE)

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
    try:
        return asyncio.run(play(args, sys.stdin, sys.stdout))
    except WireError as exc:
        print(for_terminal(exc.text or exc.code), file=sys.stderr)
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError):
        print(f"Cannot reach a table server at {args.url}.", file=sys.stderr)
    except ConnectionClosed:
        print("The server closed the connection.", file=sys.stderr)
    except (KeyError, TypeError, ValueError):  # a frame that is JSON but not the message it should be
        print("The table's server sent something this program cannot follow, so you left the table.", file=sys.stderr)
    except KeyboardInterrupt:  # Ctrl+C: the seat waits, as after a dropped connection
        print("\nYou left the table; the same command brings you back to your seat.", file=sys.stderr)
        return 130
    except EOFError:
        pass
    return 1
