"""How many connections the server may hold at once: what its file descriptors allow.

Each connection is a descriptor, and so is each save, journal and helper process's pipe.
Past the process's limit, ``accept`` fails (asyncio logs every failure and stops accepting
for a moment), and worse, a table's save cannot be opened: a flood of connections, hostile
or not, would cost the games being played. So the server raises its soft limit to the hard
one at start (most systems start a process at 1,024 of a hard limit of 65,536 or more), and
holds at most that many connections less ``RESERVE``: one more is closed as soon as it is
accepted (``connection.GuardedConnection``), and the descriptors for the saves stay free.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger("euchre_qt.net")

# How many waiting connections the listening socket queues, and so how many asyncio accepts
# in one pass of its loop before the first is told it is made (and can be closed); under a
# steady flood about three passes' worth are open before the refused ones are closed.
ACCEPT_BACKLOG = 64
IN_FLIGHT = 4 * ACCEPT_BACKLOG
# Descriptors kept free of connections: those accepted and not yet closed (``IN_FLIGHT``),
# then the saves and journals being written (one at a time, by one writer thread), the
# computer players' helper processes' pipes, the listening sockets, the log, and Python's
# own (about 20 at rest).
RESERVE = IN_FLIGHT + 128
# Where the hard limit is "unlimited", ask for this many; macOS refuses more than its
# kernel's own limit (OPEN_MAX), so that is asked for next.
UNLIMITED_WANTED = 65_536
MACOS_MOST = 10_240


def raise_limit() -> int | None:
    """Raise this process's soft descriptor limit as far as the hard limit allows; the limit
    now, or None where the system has no such limit to read (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = UNLIMITED_WANTED if hard == resource.RLIM_INFINITY else hard
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return None if soft == resource.RLIM_INFINITY else int(soft)
    refusal: Exception | None = None
    for asked in (wanted, min(wanted, MACOS_MOST)):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (asked, hard))
            return asked
        except (ValueError, OSError) as exc:
            refusal = exc
    log.info("the descriptor limit stays at %d (%s)", soft, refusal, extra={"limit": soft})
    return int(soft)


def most_connections(limit: int | None) -> int | None:
    """The connections a server with ``limit`` descriptors may hold at once (None: no bound),
    never fewer than half of them."""
    if limit is None:
        return None
    return max(limit - RESERVE, limit // 2)


class ConnectionBudget:
    """Connections open now, against the most allowed (``most_connections``); ``on_refused``
    is told the address of each connection refused for it."""

    def __init__(self, most: int, on_refused: Callable[[str], None]) -> None:
        self.most = most
        self.open = 0
        self.on_refused = on_refused

    def take(self) -> bool:
        """Count one more connection; False, and nothing counted, when the budget is spent."""
        if self.open >= self.most:
            return False
        self.open += 1
        return True

    def give_back(self) -> None:
        self.open -= 1
