"""The seat keys a player holds, by table and seat: what brings them back to their seats.

The server gives a seat key to the client that sits down, and to nobody else; coming back to
the seat (after a dropped connection, a restart, the next day) takes the key, never the
name. ``euchre-qt join`` keeps them in a small file in the user's data folder, the window in
its settings; both write them the same way, ``CODE:SEAT:KEY`` entries one space apart.
Light on purpose: the window's settings read this before its first frame.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Final

from ..engine import Seat
from ..files import read_file

SEAT_KEY_PATTERN: Final = "^[A-Za-z0-9_-]{22}$"  # 128 random bits, URL-safe base64
KEPT: Final = 20  # the tables remembered, the latest last
MAX_KEYS_BYTES: Final = 64 * 1024  # (20 entries of 36 characters)
_ENTRY = re.compile(r"([A-Z2-9]{4}-[A-Z2-9]{4}):([SWNE]):([A-Za-z0-9_-]{22})")


class SeatKeys:
    """Seat keys by join code and seat. One person may hold several seats at a table: two
    terminals (or windows) of one user account sitting at one table each keep their own key,
    and neither overwrites the other's."""

    def __init__(self, entries: dict[tuple[str, Seat], str] | None = None) -> None:
        self._entries = dict(entries or {})  # the latest last

    @classmethod
    def from_text(cls, text: str) -> SeatKeys:
        """The entries in ``text`` as ``to_text`` writes them; any other word is left out (a
        damaged entry costs its own seat, never the keys kept beside it)."""
        entries: dict[tuple[str, Seat], str] = {}
        for word in text.split():
            match = _ENTRY.fullmatch(word)
            if match is not None:
                entries[match[1], Seat.parse(match[2])] = match[3]
        return cls(entries)

    def to_text(self) -> str:
        return " ".join(f"{code}:{seat.letter}:{key}" for (code, seat), key in self._entries.items())

    def seats(self, code: str) -> list[Seat]:
        """The seats this player holds at the table with ``code``, the latest taken first."""
        return [seat for (held, seat) in reversed(self._entries) if held == code]

    def seat(self, code: str) -> Seat | None:
        """The seat this player took last at the table with ``code``, if any."""
        return next(iter(self.seats(code)), None)

    def key(self, code: str, seat: Seat) -> str | None:
        """The key to ``seat`` at the table with ``code``, if this player holds it."""
        return self._entries.get((code, seat))

    def remember(self, code: str, seat: Seat, key: str) -> SeatKeys:
        """These keys and ``key``, the latest; the tables taken longest ago forgotten past ``KEPT``."""
        entries = {held: k for held, k in self._entries.items() if held != (code, seat)}
        entries[code, seat] = key
        kept = list(dict.fromkeys(held for held, _ in reversed(entries)))[:KEPT]
        return SeatKeys({held: k for held, k in entries.items() if held[0] in kept})


def read_keys(path: Path) -> SeatKeys:
    """The keys kept in ``path``; none when it is missing or unreadable."""
    try:
        return SeatKeys.from_text(read_file(path, MAX_KEYS_BYTES).decode("utf-8"))
    except (OSError, ValueError):  # (ValueError: not UTF-8, or no plain file of ours)
        return SeatKeys()


def write_keys(path: Path, keys: SeatKeys) -> None:
    """Keep ``keys`` in ``path``, readable by this user only (a key is as good as the seat)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(keys.to_text() + "\n")
    os.replace(temp, path)


__all__ = ["KEPT", "SEAT_KEY_PATTERN", "SeatKeys", "read_keys", "write_keys"]
