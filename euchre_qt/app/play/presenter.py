"""The table presenter: the window's one listener to the table session. It takes the
session's events in order and hands each to its subscribers twice over.

Subscribers *at once* hear an event while the session sends it, before the table has
shown anything: what must survive the program stopping right after a move (the autosave,
the game log, the statistics) and the controller's own bookkeeping.

Subscribers *as shown* (the scene's animator, the sound, the narrator) hear each event
when the table shows it, paced by the controller's beat (``pace.py``): a move's events
with the move, a hand's end with its summary, the next deal when the table deals it, the
next turn when it starts. Each hears a ``Shown`` (the events of that beat and the
table's picture then), every event once, in the order told, the next beat only after
the last was shown. Events the table never showed because it was shown afresh (an undo,
a new game) are dropped.

The presenter outlives each session: a new game, a loaded one or a practice deal is a new
session it follows, and its subscribers stay.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Protocol

from ...session import events
from ..table.state import Shown

Subscriber = Callable[[events.Event], None]
Spectator = Callable[[Shown], None]


class EventSource(Protocol):
    """What the presenter needs of a table session: its events, in order."""

    def listen(self, listener: Subscriber) -> Callable[[], None]: ...


def ends_a_move(event: object) -> bool:
    """The last of a move's events: the next turn, or the game's end (no seat moves then)."""
    return isinstance(event, events.TurnStarted | events.GameEnded)


class TablePresenter:
    """Hands a table session's events, in order, to its subscribers: at once, and as shown."""

    def __init__(self) -> None:
        self._at_once: list[Subscriber] = []
        self._as_shown: list[Spectator] = []
        self._animates = False
        self._unshown: deque[events.Event] = deque()  # told, not yet shown
        self._stop_listening: Callable[[], None] | None = None

    def follow(self, session: EventSource) -> None:
        """Hear ``session`` from now on, and the session followed before no more (what it
        told and the table did not show is dropped)."""
        if self._stop_listening is not None:
            self._stop_listening()
        self._unshown.clear()
        self._stop_listening = session.listen(self._deliver)

    def at_once(self, subscriber: Subscriber) -> None:
        """Hand ``subscriber`` every event as the session sends it (subscribers in the order
        they subscribed)."""
        self._at_once.append(subscriber)

    def as_shown(self, spectator: Spectator, *, animates: bool = False) -> None:
        """Hand ``spectator`` every beat as the table shows it. One that ``animates`` moves
        the cards and says when they are in place (the controller's ``presented``)."""
        self._as_shown.append(spectator)
        self._animates = self._animates or animates

    @property
    def animates(self) -> bool:
        """A spectator moves the cards (else each beat counts as shown at once)."""
        return self._animates

    def take(self, shows: Callable[[events.Event], bool]) -> tuple[events.Event, ...]:
        """The events told and not yet shown, from the first, while ``shows`` says the beat
        now shown shows them (they are shown with it: ``show``)."""
        taken: list[events.Event] = []
        while self._unshown and shows(self._unshown[0]):
            taken.append(self._unshown.popleft())
        return tuple(taken)

    def show(self, shown: Shown) -> None:
        """Hand a beat to every spectator (one that moves no card and shows no event: to none)."""
        if shown.token is None and not shown.events:
            return
        for spectator in list(self._as_shown):
            spectator(shown)

    def _deliver(self, event: events.Event) -> None:
        for subscriber in list(self._at_once):
            subscriber(event)
        if isinstance(event, events.MoveRefused):
            return  # for the seat that asked, said by the window's message: never on the table
        if isinstance(event, events.TableReset):
            self._unshown.clear()  # the table is shown afresh: what came before it never will be
        self._unshown.append(event)


__all__ = ["EventSource", "Spectator", "Subscriber", "TablePresenter", "ends_a_move"]
