"""The table presenter: the window's one listener to the table session. It takes the
session's events in order and hands each to its subscribers.

Subscribers *at once* hear an event while the session sends it, before the table has
shown anything: what must survive the program stopping right after a move (the autosave,
the game log, the statistics) and the controller's own bookkeeping. The presenter
outlives each session: a new game, a loaded one or a practice deal is a new session it
follows, and its subscribers stay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...session import events

Subscriber = Callable[[events.Event], None]


class EventSource(Protocol):
    """What the presenter needs of a table session: its events, in order."""

    def listen(self, listener: Subscriber) -> Callable[[], None]: ...


def ends_a_move(event: object) -> bool:
    """The last of a move's events: the next turn, or the game's end (no seat moves then)."""
    return isinstance(event, events.TurnStarted | events.GameEnded)


class TablePresenter:
    """Hands a table session's events, in order, to its subscribers."""

    def __init__(self) -> None:
        self._at_once: list[Subscriber] = []
        self._stop_listening: Callable[[], None] | None = None

    def follow(self, session: EventSource) -> None:
        """Hear ``session`` from now on, and the session followed before no more."""
        if self._stop_listening is not None:
            self._stop_listening()
        self._stop_listening = session.listen(self._deliver)

    def at_once(self, subscriber: Subscriber) -> None:
        """Hand ``subscriber`` every event as the session sends it (subscribers in the order
        they subscribed)."""
        self._at_once.append(subscriber)

    def _deliver(self, event: events.Event) -> None:
        for subscriber in list(self._at_once):
            subscriber(event)


__all__ = ["EventSource", "Subscriber", "TablePresenter", "ends_a_move"]
