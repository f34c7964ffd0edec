"""The pace of the table: the table shows each beat, then the next comes (a trick lingers
or waits for a click, a hand's result is shown, the next seat is asked). Each of the
session's events is shown with one beat (``SHOWN_AT``), and the presenter hands it to its
spectators then."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from ...engine import Game, HandState, Trick
from ...session import events
from ..storage.settings import Settings
from ..table.durations import duration
from ..table.state import Motion, Shown, Stage, TableState
from .delay import Delay
from .pausing import Pause
from .presenter import TablePresenter
from .seating import Seating


class Beat(Enum):
    """What the table shows at one step of its pace."""

    AFRESH = "the table shown afresh"  # a game started or loaded, an undo, the end of a pause
    DEAL = "a deal"
    MOVE = "a move"  # the move's cards travel; a trick it won stays on the table
    GATHER = "a trick gathered"
    SUMMARY = "a hand's end"
    TURN = "a turn"  # the seat to move is asked
    GAME_OVER = "the game's end"


# the beat that shows each of the session's events
SHOWN_AT: dict[type[events.Event], Beat] = {
    events.TableReset: Beat.AFRESH,
    events.HandDealt: Beat.DEAL,
    events.FarmerDecided: Beat.MOVE,
    events.BidMade: Beat.MOVE,
    events.TrumpMade: Beat.MOVE,
    events.DealerPickedUp: Beat.MOVE,
    events.DealerDiscarded: Beat.MOVE,
    events.DefenceDecided: Beat.MOVE,
    events.CardPlayed: Beat.MOVE,
    events.TrickWon: Beat.MOVE,
    events.HandEnded: Beat.SUMMARY,
    events.TurnStarted: Beat.TURN,
    events.GameEnded: Beat.GAME_OVER,
}

# the events a beat shows: its own, and those of the beats it stands for (a deal shows the
# table afresh and a new game's misdeals, dealt again at once; the game's end all that is left)
SHOWS: dict[Beat, frozenset[Beat]] = {
    Beat.AFRESH: frozenset({Beat.AFRESH}),
    Beat.DEAL: frozenset({Beat.AFRESH, Beat.SUMMARY, Beat.DEAL}),
    Beat.MOVE: frozenset({Beat.MOVE}),
    Beat.GATHER: frozenset(),
    Beat.SUMMARY: frozenset({Beat.SUMMARY}),
    Beat.TURN: frozenset({Beat.TURN}),
    Beat.GAME_OVER: frozenset(Beat),
}

# how the cards move when a beat is presented (a move's own: a discard is laid away)
MOTION: dict[Beat, Motion] = {
    Beat.AFRESH: Motion.PLAY,
    Beat.DEAL: Motion.DEAL,
    Beat.MOVE: Motion.PLAY,
    Beat.GATHER: Motion.GATHER,
}


class Pace:
    """The table's beat: one beat shown at a time, then what comes next. It owns what the
    table is at (``stage``), the deal on show and the trick lying on the table."""

    def __init__(
        self,
        game: Callable[[], Game | None],
        settings: Callable[[], Settings],
        seating: Seating,
        pause: Pause,
        delay: Delay,
        presenter: TablePresenter,
        *,
        picture: Callable[[], TableState | None],
        changed: Callable[[], None],
        game_over: Callable[[Game], None],
        next_turn: Callable[[], None],
    ) -> None:
        self._game = game
        self._settings = settings
        self._seating = seating
        self._pause = pause
        self._delay = delay
        self._presenter = presenter
        self._picture = picture  # the table's picture now
        self._changed = changed
        self._game_over = game_over
        self._next_turn = next_turn  # ask the seat whose turn it is
        self.stage = Stage.IDLE
        self.display: HandState | None = None  # the deal on show (a finished one during its summary)
        self.pending_trick: Trick | None = None  # a finished trick still on the table
        self.last_trick: Trick | None = None  # gathered, but still in view (Instant speed)
        self.game_over_reported = False
        self._token = 0

    def dur(self, name: str) -> int:
        return duration(name, self._settings().speed)

    def show(self, beat: Beat, motion: Motion | None = None, token: int | None = None) -> None:
        """Hand the presenter's spectators the events ``beat`` shows, with the picture now."""
        shows = SHOWS[beat]
        told = self._presenter.take(lambda event: SHOWN_AT[type(event)] in shows)
        state = self._picture()
        if state is not None:
            self._presenter.show(Shown(told, state, motion, token))

    def present(self, beat: Beat, motion: Motion | None = None) -> None:
        """Have the table show ``beat`` (its cards moving); the next beat comes once it has."""
        self.stage = Stage.ANIMATING
        self._token += 1
        token = self._token
        self.show(beat, motion or MOTION[beat], token)
        if not self._presenter.animates:  # nobody moves the cards: shown at once
            self._delay.after(0, lambda: self.presented(token))

    def presented(self, token: int) -> None:
        """The table has finished showing the last beat."""
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
            self.show(Beat.GAME_OVER)
            self._changed()
            if not self.game_over_reported:
                self.game_over_reported = True
                self._game_over(game)
            return
        if self.display is not game.hand:
            self.stage = Stage.HAND_OVER
            self.show(Beat.SUMMARY)  # (what happened is said before the score in the title changes)
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
            self.present(Beat.DEAL)
            return True
        return False

    def clear_trick(self) -> None:
        if self.stage is not Stage.TRICK or self.pending_trick is None:
            return
        self._delay.cancel()
        self.pending_trick = None
        self.present(Beat.GATHER)
