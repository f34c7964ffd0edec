"""The pace of the table: the table shows each beat, then the next comes (a trick lingers
or waits for a click, a hand's result is shown, the next seat is asked). Each of the
session's events is shown with one beat (``SHOWN_AT``), and the presenter hands it to its
spectators then."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

from ...engine import Game, HandState, Trick
from ...session import events
from ..storage.settings import SettingsSource
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


class PacedTable(Protocol):
    """The table the pace shows (the controller): its game and its picture, read as each beat
    is shown, and who the pace hands the table to once it has shown a beat and play goes on."""

    @property
    def game(self) -> Game | None: ...

    def table_state(self) -> TableState | None:
        """The table's picture now."""
        ...

    def ask_turn(self) -> None:
        """Ask the seat whose turn it is (which tells the pace who is to move: ``human_to_move``...)."""


class Pace:
    """The table's beat: one beat shown at a time, then what comes next. It owns what the
    table is at (``stage``), the deal on show and the trick lying on the table; the others
    tell it what happened (``trick_taken``, ``move_made``, ``human_to_move``...) and read the
    rest."""

    def __init__(
        self,
        table: PacedTable,
        *,
        settings: SettingsSource,
        seating: Seating,
        pause: Pause,
        delay: Delay,
        presenter: TablePresenter,
        changed: Callable[[], None],
        game_over: Callable[[Game], None],
    ) -> None:
        self._table = table
        self._settings = settings
        self._seating = seating
        self._pause = pause
        self._delay = delay
        self._presenter = presenter
        self._changed = changed
        self._game_over = game_over
        self._stage = Stage.IDLE
        self._display: HandState | None = None  # the deal on show (a finished one during its summary)
        self._pending_trick: Trick | None = None  # a finished trick still on the table
        self._last_trick: Trick | None = None  # gathered, but still in view (Instant speed)
        self._game_over_reported = False
        # names the beat being shown, which the animating table hands back once its cards are in
        # place (``presented``): not the session's ticket, which names a position, since one
        # position is shown in several beats (a move, its trick gathered, the next deal)
        self._token = 0

    # --- what the table is at, as the others read it --------------------------------------

    @property
    def stage(self) -> Stage:
        return self._stage

    @property
    def display(self) -> HandState | None:
        """The deal on show (a finished one during its summary)."""
        return self._display

    @property
    def pending_trick(self) -> Trick | None:
        """A finished trick still on the table."""
        return self._pending_trick

    @property
    def last_trick(self) -> Trick | None:
        """At Instant speed, the trick just gathered: in view until the next card."""
        return self._last_trick

    def dur(self, name: str) -> int:
        return duration(name, self._settings.settings.speed)

    @property
    def waits_for_continue(self) -> bool:
        """A finished trick or a hand's summary stays until the person continues (no timer
        will move the table on)."""
        return self._stage in (Stage.TRICK, Stage.HAND_OVER) and not self._delay.waiting

    def auto_clear(self) -> bool:
        """A finished trick is gathered by itself (else it waits for a click)."""
        return self._settings.settings.trick_clearing == "auto" or self._seating.autoplay or not self._seating.people()

    # --- what happened, as the others tell it -----------------------------------------------

    def table_reset(self, game: Game) -> None:
        """The table is shown afresh as ``game`` stands: a game started or loaded, or moves
        taken back (a finished game is shown over, and not reported again)."""
        self._pending_trick = None
        self._game_over_reported = game.is_over
        if game.is_over:
            self._display = game.records[-1].final if game.records else game.hand
            self._stage = Stage.GAME_OVER
            self._show(Beat.GAME_OVER)
            self._changed()
            return
        self._display = game.hand
        self._present(Beat.AFRESH if game.hand_actions else Beat.DEAL)

    def set_aside(self) -> None:
        """The game stops where it stands (a recorded game is on the table): nothing moves on."""
        self._stage = Stage.IDLE

    def resumed(self) -> None:
        """The game set aside is back: shown afresh, and play goes on."""
        if self._table.game is not None and self._display is not None:
            self._present(Beat.AFRESH)

    def moved_on(self) -> None:
        """The table moved on (a move told, play called off): the trick gathered before is out of view."""
        self._last_trick = None

    def trick_taken(self, trick: Trick) -> None:
        """``trick`` was won: it lies on the table once its last card is shown, until gathered."""
        self._pending_trick = trick

    def move_made(self, shown: HandState, motion: Motion) -> None:
        """A move was made: the table shows it, its cards moving as ``motion`` says, on
        ``shown`` (the deal it was made in, finished if it finished it)."""
        self._display = shown
        self._present(Beat.MOVE, motion)

    def turn_held(self) -> None:
        """A person's turn waits for the note beside the table (and is said once it is answered)."""
        self._stage = Stage.NOTE

    def human_to_move(self) -> None:
        """The turn is shown: a person at this screen is to move."""
        self._show(Beat.TURN)
        self._stage = Stage.HUMAN

    def computer_to_move(self) -> None:
        """The turn is shown: a computer player (or somebody elsewhere) is to move."""
        self._show(Beat.TURN)
        self._stage = Stage.THINKING

    def nobody_to_move(self) -> None:
        """The turn is shown, and nobody has it (cannot happen: the table does not spin)."""
        self._show(Beat.TURN)
        self._stage = Stage.IDLE

    def move_sent(self) -> None:
        """A move is on its way elsewhere: the server's word makes it, or refuses it."""
        self._stage = Stage.THINKING

    def move_refused(self) -> None:
        """A person's move sent elsewhere was refused: it is theirs to make again."""
        self._stage = Stage.HUMAN

    def autoplay_on(self) -> None:
        """Auto Play was turned on: a trick or a hand's summary waiting for a click goes on by itself."""
        if self._delay.waiting:
            return
        if self._stage is Stage.TRICK:
            self._delay.after(self.dur("trick_linger"), self.clear_trick)
        elif self._stage is Stage.HAND_OVER:
            self._delay.after(self.dur("hand_over_auto"), self.continue_)

    def presented(self, token: int) -> None:
        """The table has finished showing the beat ``token`` names."""
        if token != self._token or self._stage is not Stage.ANIMATING:
            return
        self._beat()

    def continue_(self) -> bool:
        """Continue (right click, Space): clear a finished trick, or deal the next hand."""
        game = self._table.game
        if self._stage is Stage.TRICK:
            self.clear_trick()
            return True
        if self._stage is Stage.HAND_OVER and game is not None:
            self._delay.cancel()
            self._display = game.hand
            self._present(Beat.DEAL)
            return True
        return False

    def clear_trick(self) -> None:
        """Gather the finished trick on the table."""
        if self._stage is not Stage.TRICK or self._pending_trick is None:
            return
        self._delay.cancel()
        self._pending_trick = None
        self._present(Beat.GATHER)

    # --- the beats ------------------------------------------------------------------------------

    def _show(self, beat: Beat, motion: Motion | None = None, token: int | None = None) -> None:
        """Hand the presenter's spectators the events ``beat`` shows, with the picture now."""
        shows = SHOWS[beat]
        told = self._presenter.take(lambda event: SHOWN_AT[type(event)] in shows)
        state = self._table.table_state()
        if state is not None:
            self._presenter.show(Shown(told, state, motion, token))

    def _present(self, beat: Beat, motion: Motion | None = None) -> None:
        """Have the table show ``beat`` (its cards moving); the next beat comes once it has."""
        self._stage = Stage.ANIMATING
        self._token += 1
        token = self._token
        self._show(beat, motion or MOTION[beat], token)
        if not self._presenter.animates:  # nobody moves the cards: shown at once
            self._delay.after(0, lambda: self.presented(token))

    def _beat(self) -> None:
        if self._pause.hold(self._beat):
            return
        game = self._table.game
        assert game is not None and self._display is not None
        if self._pending_trick is not None and self._keep_trick_in_view(game):
            # at Instant speed nothing waits: the trick stays in view until the next card is played
            self._last_trick, self._pending_trick = self._pending_trick, None
        if self._pending_trick is not None:
            self._stage = Stage.TRICK
            if self.auto_clear():
                self._delay.after(self.dur("trick_linger"), self.clear_trick)
            self._changed()  # (after the timer is set: waits_for_continue is true on it)
            return
        if game.is_over:
            self._stage = Stage.GAME_OVER
            self._show(Beat.GAME_OVER)
            self._changed()
            if not self._game_over_reported:
                self._game_over_reported = True
                self._game_over(game)
            return
        if self._display is not game.hand:
            self._stage = Stage.HAND_OVER
            self._show(Beat.SUMMARY)  # (what happened is said before the score in the title changes)
            result = self._display.result
            if self._seating.autoplay or not self._seating.people():
                self._delay.after(self.dur("hand_over_auto"), self.continue_)
            elif result is not None and not result.outcome.scored:
                self._delay.after(self.dur("passed_out"), self.continue_)
            self._changed()
            return
        self._table.ask_turn()

    def _keep_trick_in_view(self, game: Game) -> bool:
        """Leave the finished trick on the table and play on (rather than gather it at once)?"""
        return self.auto_clear() and self.dur("trick_linger") == 0 and self._display is game.hand
