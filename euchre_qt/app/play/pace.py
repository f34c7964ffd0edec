"""The pace of the table: the table shows each event, then the next beat comes (a trick
lingers or waits for a click, a hand's result is shown, the next seat is asked)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Game, HandState, Trick
from ..storage.settings import Settings
from ..table.durations import duration
from ..table.state import Event, Stage
from .delay import Delay
from .pausing import Pause
from .seating import Seating


class Pace:
    """The table's beat: one event shown at a time, then what comes next. It owns what the
    table is at (``stage``), the deal on show and the trick lying on the table."""

    def __init__(
        self,
        game: Callable[[], Game | None],
        settings: Callable[[], Settings],
        seating: Seating,
        pause: Pause,
        delay: Delay,
        *,
        changed: Callable[[], None],
        game_over: Callable[[Game], None],
        show: Callable[[Event, int], None],
        next_turn: Callable[[], None],
    ) -> None:
        self._game = game
        self._settings = settings
        self._seating = seating
        self._pause = pause
        self._delay = delay
        self._changed = changed
        self._game_over = game_over
        self._show = show  # the table animates the event, then calls ``presented(token)``
        self._next_turn = next_turn  # ask the seat whose turn it is
        self.attached = False  # a table shows the events (else each is "shown" at once)
        self.stage = Stage.IDLE
        self.display: HandState | None = None  # the deal on show (a finished one during its summary)
        self.pending_trick: Trick | None = None  # a finished trick still on the table
        self.last_trick: Trick | None = None  # gathered, but still in view (Instant speed)
        self.game_over_reported = False
        self._token = 0

    def dur(self, name: str) -> int:
        return duration(name, self._settings().speed)

    def present(self, event: Event) -> None:
        """Have the table show ``event``; the next beat comes once it has."""
        self.stage = Stage.ANIMATING
        self._token += 1
        token = self._token
        if self.attached:
            self._show(event, token)
        else:
            self._delay.after(0, lambda: self.presented(token))

    def presented(self, token: int) -> None:
        """The table has finished showing the last event."""
        if token != self._token or self.stage is not Stage.ANIMATING:
            return
        self.beat()

    def beat(self) -> None:
        if self._pause.hold(self.beat):
            return
        game = self._game()
        assert game is not None and self.display is not None
        if self.pending_trick is not None and self._keep_trick_in_view(game):
            # at Instant speed nothing waits: the trick stays in view until the next card is played
            self.last_trick, self.pending_trick = self.pending_trick, None
        if self.pending_trick is not None:
            self.stage = Stage.TRICK
            if self.auto_clear():
                self._delay.after(self.dur("trick_linger"), self.clear_trick)
            self._changed()  # (after the timer is set: waits_for_continue is true on it)
            return
        if game.is_over:
            self.stage = Stage.GAME_OVER
            self._changed()
            if not self.game_over_reported:
                self.game_over_reported = True
                self._game_over(game)
            return
        if self.display is not game.hand:
            self.stage = Stage.HAND_OVER
            result = self.display.result
            if self._seating.autoplay or not self._seating.people():
                self._delay.after(self.dur("hand_over_auto"), self.continue_)
            elif result is not None and not result.outcome.scored:
                self._delay.after(self.dur("passed_out"), self.continue_)
            self._changed()
            return
        self._next_turn()

    def _keep_trick_in_view(self, game: Game) -> bool:
        """Leave the finished trick on the table and play on (rather than gather it at once)?"""
        return self.auto_clear() and self.dur("trick_linger") == 0 and self.display is game.hand

    def auto_clear(self) -> bool:
        """A finished trick is gathered by itself (else it waits for a click)."""
        return self._settings().trick_clearing == "auto" or self._seating.autoplay or not self._seating.people()

    @property
    def waits_for_continue(self) -> bool:
        """A finished trick or a hand's summary stays until the person continues (no timer
        will move the table on)."""
        return self.stage in (Stage.TRICK, Stage.HAND_OVER) and not self._delay.waiting

    def continue_(self) -> bool:
        """Continue (right click, Space): clear a finished trick, or deal the next hand."""
        game = self._game()
        if self.stage is Stage.TRICK:
            self.clear_trick()
            return True
        if self.stage is Stage.HAND_OVER and game is not None:
            self._delay.cancel()
            self.display = game.hand
            self.present(Event("deal"))
            return True
        return False

    def clear_trick(self) -> None:
        if self.stage is not Stage.TRICK or self.pending_trick is None:
            return
        self._delay.cancel()
        self.pending_trick = None
        self.present(Event("collect"))
