"""``euchre-qt join``: sit at a network table from a terminal (no display needed).

    euchre-qt join ws://host:7654 ABCD-2345 --name Ann [--seat N]
    euchre-qt join ws://host:7654 new --name Ann [--seat S] [--open N,E]

``new`` starts a table and prints its join code to pass on; the seats in ``--open`` wait for
friends (``/start`` deals at once, computers in the seats nobody took; ``/free N`` gives the
seat of a friend who is away, and lost its key, to whoever sits there next). The seat key
the server gives is kept in the user's data folder (``seat keys.txt``): the same command
brings you back to your seat after a drop. The table is told
in the same words the window uses (``session.wording``). On your turn
your hand and your moves are listed: type a move's number or its text (``play JH``,
``order alone``). A line starting with ``/say`` goes to the table's chat.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any, TextIO

from platformdirs import user_data_dir
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine import Seat
from ..session import event_from_dict
from ..session.wording import SEAT_NAMES, card_name, describe_action, event_sentence
from . import protocol
from .client import TableClient, WireError, table_route
from .seat_keys import read_keys, write_keys


def keys_file() -> Path:
    """Where ``euchre-qt join`` keeps its seat keys."""
    return Path(user_data_dir("euchre-qt", appauthor=False)) / "seat keys.txt"


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


async def play(args: argparse.Namespace, lines: TextIO, out: TextIO) -> int:
    def say(text: str) -> None:
        print(text, file=out, flush=True)

    keys = read_keys(keys_file())
    new = args.code.strip().lower() == "new"
    client = await TableClient.connect(args.url if new else table_route(args.url, args.code))
    if new:
        seat = args.seat or "S"
        open_seats = [Seat.parse(s).letter for s in args.open.replace(",", " ").split()]
        code = await client.create(protocol.clean_text(args.name), seat, open_seats=open_seats)
        say(f"Your table's join code is {code}." + (" Type /start to deal now." if open_seats else ""))
    else:
        code = args.code.strip().upper()
        table = await client.look(code)
        mine = keys.seat(code)
        free = (s["seat"] for s in table["seats"] if s["kind"] == "open" or s["open"])
        seat = args.seat or (mine.letter if mine is not None else next(free, None))
        if seat is None:
            say("No seat is free at that table.")
            return 1
        await client.join(code, protocol.clean_text(args.name), seat, keys.key(code, Seat.parse(seat)))
    you = Seat.parse(seat)
    assert client.key is not None
    write_keys(keys_file(), keys.remember(code, you, client.key))
    say(f"You sit {SEAT_NAMES[you]}.")
    turn: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    typing = asyncio.ensure_future(type_moves(client, turn, lines, say))
    showing = asyncio.ensure_future(show_table(client, you, turn, say))
    await asyncio.wait((typing, showing), return_when=asyncio.FIRST_COMPLETED)  # the game's end, or no more input
    for task in (typing, showing):
        task.cancel()
    return showing.result() if showing.done() and not showing.cancelled() else 1


async def show_table(client: TableClient, you: Seat, turn: asyncio.Queue[dict[str, Any]], say: Any) -> int:
    """Tell the table as it plays, until the game ends; each turn goes to the typist."""
    names = list(SEAT_NAMES)
    asked: dict[str, Any] | None = None
    async for message in client.messages():
        kind = message["type"]
        if kind == "table":
            names = [s["name"] or f"{SEAT_NAMES[i]} (computer)" for i, s in enumerate(message["seats"])]
            names[you] = "You"
        elif kind == "event":
            event = event_from_dict(message["event"])
            sentence = event_sentence(event, names, you)
            if sentence:
                say(sentence + ".")
            if message["event"]["type"] == "game ended":
                return 0
        elif kind in ("refused", "error"):
            say(message["text"])
            if kind == "refused" and asked is not None:
                turn.put_nowait(asked)  # the move was not made: the same turn stands
        elif kind == "chat":
            say(f"{message['name']}: {message['text']}")
        elif kind == "reveal":
            for who, cards in protocol.revealed_hands(message).items():
                say(f"{names[who]} held {', '.join(card_name(c) for c in cards)}.")
        elif kind == "turn":
            view = protocol.view_from_dict(message["view"])
            say("Your hand: " + ", ".join(card_name(c) for c in view.hand))
            dealer = view.dealer is view.seat
            for number, action in enumerate(view.legal_actions, 1):
                say(f"  {number}. {describe_action(action, dealer)}  ({action})")
            asked = message
            turn.put_nowait(message)
    return 1


async def type_moves(client: TableClient, turns: asyncio.Queue[dict[str, Any]], lines: TextIO, say: Any) -> None:
    """The person's lines: ``/say`` and ``/start`` at any time; a move (typed ahead, too) answers the next turn."""
    loop = asyncio.get_running_loop()
    turn: dict[str, Any] | None = None
    while True:
        line = await loop.run_in_executor(None, lines.readline)
        if not line:
            return
        text = line.strip()
        if text.startswith("/say "):
            await client.chat(text[5:])
            continue
        if text == "/start":
            await client.send({"type": "start"})
            continue
        if text.startswith("/free ") and text[6:].strip().upper() in ("S", "W", "N", "E"):
            await client.send({"type": "free", "seat": text[6:].strip().upper()})
            continue
        if turn is None or not turns.empty():
            turn = await turns.get()  # the latest turn: an older one was answered or is gone
            while not turns.empty():
                turn = turns.get_nowait()
        legal = protocol.view_from_dict(turn["view"]).legal_actions
        if text.isdigit() and 1 <= int(text) <= len(legal):
            text = str(legal[int(text) - 1])
        try:
            protocol.parse_action(text)
        except protocol.ProtocolError:
            say("Type a move's number or its text (play JH, pass, order alone).")
            continue
        await client.move(text, turn["ticket"])
        turn = None


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    try:
        return asyncio.run(play(args, sys.stdin, sys.stdout))
    except WireError as exc:
        print(exc.text or exc.code, file=sys.stderr)
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError):
        print(f"Cannot reach a table server at {args.url}.", file=sys.stderr)
    except ConnectionClosed:
        print("The server closed the connection.", file=sys.stderr)
    except (EOFError, KeyboardInterrupt):
        pass
    return 1
