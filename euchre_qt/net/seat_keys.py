"""The seat keys a player holds, by table: what brings them back to their seats.

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

SEAT_KEY_PATTERN: Final = "^[A-Za-z0-9_-]{22}$"  # 128 random bits, URL-safe base64
KEPT: Final = 20  # the tables remembered, the latest last
_ENTRY = re.compile(r"([A-Z2-9]{4}-[A-Z2-9]{4}):([SWNE]):([A-Za-z0-9_-]{22})")


class SeatKeys:
    """Seat keys by join code (a player sits at most once at a table)."""

    def __init__(self, entries: dict[str, tuple[Seat, str]] | None = None) -> None:
        self._entries = dict(entries or {})

    @classmethod
    def from_text(cls, text: str) -> SeatKeys:
        """``ValueError`` for anything but entries as ``to_text`` writes them."""
        entries: dict[str, tuple[Seat, str]] = {}
        for word in text.split():
            match = _ENTRY.fullmatch(word)
            if match is None:
                raise ValueError("not a seat key")
            entries[match[1]] = (Seat.parse(match[2]), match[3])
        return cls(entries)

    def to_text(self) -> str:
        return " ".join(f"{code}:{seat.letter}:{key}" for code, (seat, key) in self._entries.items())

    def seat(self, code: str) -> Seat | None:
        """The seat this player holds at the table with ``code``, if any."""
        held = self._entries.get(code)
        return None if held is None else held[0]

    def key(self, code: str, seat: Seat) -> str | None:
        """The key to ``seat`` at the table with ``code``, if this player holds it."""
        held = self._entries.get(code)
        return held[1] if held is not None and held[0] is seat else None

    def remember(self, code: str, seat: Seat, key: str) -> SeatKeys:
        """These keys and ``key``, the latest; the oldest forgotten past ``KEPT``."""
        entries = {c: held for c, held in self._entries.items() if c != code}
        entries[code] = (seat, key)
        return SeatKeys(dict(list(entries.items())[-KEPT:]))


def read_keys(path: Path) -> SeatKeys:
    """The keys kept in ``path``; none when it is missing or unreadable."""
    try:
        return SeatKeys.from_text(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
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
