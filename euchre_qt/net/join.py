"""``euchre-qt join``: sit at a network table from a terminal (no display needed).

    euchre-qt join ws://host:7654 ABCD-2345 --name Ann [--seat N]

The table is told in the same words the window uses (``session.wording``). On your turn
your hand and your moves are listed: type a move's number or its text (``play JH``,
``order alone``). A line starting with ``/say`` goes to the table's chat.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any, TextIO

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine import Card, Seat
from ..session import event_from_dict
from ..session.wording import SEAT_NAMES, card_name, describe_action, event_sentence
from . import protocol
from .client import TableClient, WireError


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="euchre-qt join", description="Sit at a network table from a terminal.")
    parser.add_argument("url", help="the server's address, ws://host:port")
    parser.add_argument("code", help="the table's join code, ABCD-2345")
    parser.add_argument("--name", required=True, help="your name at the table")
    parser.add_argument("--seat", choices=list("SWNE"), help="the seat to take (default: the first free one)")
    return parser.parse_args(argv)


async def play(args: argparse.Namespace, lines: TextIO, out: TextIO) -> int:
    def say(text: str) -> None:
        print(text, file=out, flush=True)

    client = await TableClient.connect(args.url)
    code = args.code.strip().upper()
    table = await client.look(code)
    seat = args.seat or next((s["seat"] for s in table["seats"] if s["kind"] == "open"), None)
    if seat is None:
        say("No seat is free at that table; ask for one with --seat and your name to come back to yours.")
        return 1
    await client.join(code, protocol.clean_text(args.name), seat)
    you = Seat.parse(seat)
    names = list(SEAT_NAMES)
    say(f"You sit {SEAT_NAMES[you]}.")
    loop = asyncio.get_running_loop()
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
        elif kind in ("refused", "error", "chat"):
            say(message["text"] if kind != "chat" else f"{message['name']}: {message['text']}")
        elif kind == "reveal" and message["hands"]:
            for who, cards in message["hands"].items():
                held = ", ".join(card_name(Card.parse(c)) for c in cards)
                say(f"{names[Seat.parse(who)]} held {held}.")
        elif kind == "turn":
            await answer(client, message, lines, say, loop)
    return 0


async def answer(client: TableClient, turn: dict[str, Any], lines: TextIO, say: Any, loop: Any) -> None:
    view = protocol.view_from_dict(turn["view"])
    say("Your hand: " + ", ".join(card_name(c) for c in view.hand))
    dealer = view.dealer is view.seat
    for number, action in enumerate(view.legal_actions, 1):
        say(f"  {number}. {describe_action(action, dealer)}  ({action})")
    while True:
        line = await loop.run_in_executor(None, lines.readline)
        if not line:
            raise EOFError
        text = line.strip()
        if text.startswith("/say "):
            await client.chat(text[5:])
            continue
        if text.isdigit() and 1 <= int(text) <= len(view.legal_actions):
            text = str(view.legal_actions[int(text) - 1])
        try:
            protocol.parse_action(text)
        except protocol.ProtocolError:
            say("Type a move's number or its text (play JH, pass, order alone).")
            continue
        await client.move(text, turn["ticket"])
        return


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
