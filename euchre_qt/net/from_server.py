"""A table server's message as a client may read it: checked and cleaned before anything
shows or keeps what it says.

A server is somebody else's program. The people's words it passes on (names, chat, the text
of a refusal or an error) are cleaned as the server cleans what clients send
(``protocol.clean_text``: no newline to fake a row of the seat list, no right-to-left
override to turn a name around) and cut to the lengths a client may send, so a name of a
megabyte cannot keep the window laying it out. What the client keeps (a seat key, a join
code) must be one, since a key that is not would spoil the others kept with it; a seat's
wait to come back must be a number of seconds the window can count down. A message that
breaks these is ``WireError``: the server is not one this program can follow.

The flow of messages is bounded too (``Inflow``): a table needs a card player's pace, and a
server that sends far more would keep the window busy taking it in.
"""

from __future__ import annotations

import re
from typing import Any, Final

from . import protocol
from .connection import RateLimit
from .seat_keys import SEAT_KEY_PATTERN

MAX_TEXT: Final = 300  # a refusal's or an error's words (the server's own are under 100)
MAX_WAIT_S: Final = 24 * 3600.0  # a seat's wait for its person (the server's is minutes)
# Messages a second from a server, sustained, and at once. A seat at a busy table hears about
# three for each move, and a table of computers (a person away) plays a whole game in a few
# seconds: about 800 messages. A flood past this is cut off within a second or two.
MESSAGES_PER_S: Final = 250.0
MESSAGES_BURST: Final = 2500

_KEY = re.compile(SEAT_KEY_PATTERN)
_CODE = re.compile(protocol.JOIN_CODE_PATTERN)
_UNFOLLOWABLE = "The table's server sent something this program cannot follow."


class Inflow:
    """How fast a server's messages come: ``take`` one, ``WireError`` past the pace a table needs."""

    def __init__(self, rate: float = MESSAGES_PER_S, burst: int = MESSAGES_BURST) -> None:
        self._limit = RateLimit(rate, burst)

    def take(self) -> None:
        if not self._limit.allow():
            raise WireError("flooding", "The table's server sent far more than a game needs, so the table was left.")


def checked(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` with the people's words cleaned and cut; ``WireError`` where what the
    client would keep or count with is not what it should be."""
    kind = message["type"]
    if kind == "table":
        seats = message.get("seats")
        if not isinstance(seats, list) or len(seats) != 4 or not all(isinstance(s, dict) for s in seats):
            raise WireError("unreadable", _UNFOLLOWABLE)
        message["seats"] = [_seat(s) for s in seats]
    elif kind == "chat":
        message["name"] = _words(message.get("name"), protocol.MAX_NAME)
        message["text"] = _words(message.get("text"), protocol.MAX_CHAT)
    elif kind in ("error", "refused") and "text" in message:
        message["text"] = _words(message["text"], MAX_TEXT)
    elif kind == "welcome":
        _must_match(message.get("key"), _KEY)
        if "name" in message:
            message["name"] = _words(message["name"], protocol.MAX_NAME)
    elif kind == "created":
        _must_match(message.get("code"), _CODE)
    return message


def _seat(seat: dict[str, Any]) -> dict[str, Any]:
    seat["name"] = _words(seat.get("name"), protocol.MAX_NAME)
    wait = seat.get("back_within")
    if wait is not None and (
        isinstance(wait, bool) or not isinstance(wait, int | float) or not 0 <= wait <= MAX_WAIT_S
    ):
        raise WireError("unreadable", _UNFOLLOWABLE)  # (NaN fails the comparison too)
    seat["back_within"] = None if wait is None else float(wait)
    return seat


def _words(text: object, most: int) -> str:
    if text is None:
        return ""
    if not isinstance(text, str):
        raise WireError("unreadable", _UNFOLLOWABLE)
    return protocol.clean_text(text[: most * 4])[:most]  # (cut first: cleaning a megabyte is slow too)


def _must_match(text: object, pattern: re.Pattern[str]) -> None:
    if not isinstance(text, str) or pattern.fullmatch(text) is None:
        raise WireError("unreadable", _UNFOLLOWABLE)


class WireError(RuntimeError):
    """The server broke the protocol, or answered ``error``: ``code`` and ``text`` say which."""

    def __init__(self, code: str, text: str = "") -> None:
        super().__init__(f"{code}: {text}" if text else code)
        self.code = code
        self.text = text


__all__ = ["MAX_TEXT", "MAX_WAIT_S", "MESSAGES_BURST", "MESSAGES_PER_S", "Inflow", "WireError", "checked"]
