"""Reading a file the program keeps or is handed: a plain file only, never more than asked.

Anything may lie where a file is looked for: a named pipe (whose opening waits for a writer
for ever, and which SIGTERM does not end, since Python opens again after the signal), a
device (``/dev/zero`` never ends), a file grown past reason (which would be read whole, on
the window's thread). ``read_file`` opens without waiting, reads only a plain file, and at
most ``most`` bytes; anything else is ``UnfitFile``, which a caller treats as a damaged file.

No Qt: the notation and the server read through it too.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class UnfitFile(ValueError):
    """Not a plain file (a pipe, a device), or larger than any such file of ours."""


class NotAPlainFile(UnfitFile):
    pass


class TooLarge(UnfitFile):
    pass


def read_file(path: str | Path, most: int, *, last: bool = False) -> bytes:
    """The bytes of the plain file at ``path``; ``UnfitFile`` past ``most`` of them (or, with
    ``last``, its last ``most`` bytes). ``OSError`` where it cannot be opened at all."""
    waits = not hasattr(os, "O_NONBLOCK")  # (Windows: no pipe lies among a user's files there)
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(descriptor, "rb") as stream:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise NotAPlainFile(f"{path} is not a plain file")
        if not waits:
            os.set_blocking(descriptor, True)
        if last and status.st_size > most:
            stream.seek(status.st_size - most)
        data = stream.read(most + 1)
    if len(data) > most:
        if last:
            return data[-most:]  # (it grew while read)
        raise TooLarge(f"{path} is larger than {most} bytes")
    return data


__all__ = ["NotAPlainFile", "TooLarge", "UnfitFile", "read_file"]
