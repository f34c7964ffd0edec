"""Who hears a table's events: listeners added (each with the call that stops it) and every
event sent to those listening at that moment."""

from __future__ import annotations

from collections.abc import Callable

from .events import Event

Listener = Callable[[Event], None]


class Listeners:
    def __init__(self) -> None:
        self._listening: list[Listener] = []

    def add(self, listener: Listener) -> Callable[[], None]:
        """Send every event from now on to ``listener``; returns the call that stops it."""
        self._listening.append(listener)

        def stop() -> None:
            if listener in self._listening:
                self._listening.remove(listener)

        return stop

    def send(self, event: Event) -> None:
        for listener in list(self._listening):  # (a listener may stop listening, or add one)
            listener(event)
