"""The controller paces a table session for the window: when the table has shown the
last move, it asks the session for the next one (``TableSession.ask``); a person's move
comes from a click or a key, a computer player's from a worker thread (or the helper
process); every move goes through ``TableSession.submit``, which applies it once, and the
table shows it at its pace. The session's events reach their subscribers through the
controller's ``TablePresenter``: at once as they come (the window's keeping, the
controller's own bookkeeping), and as the table shows them, beat by beat (``Pace``: the
scene's animator, the sound, the narrator).

Threading: computer players (and hints) run in one worker ``QThread``. Requests go
out through a signal, answers come back through the worker's ``answered`` signal,
connected to a slot of this object, so they are queued onto the GUI thread. Every
request carries the session's *ticket* (``TableSession.ticket``), which names the request
for the move wanted now: a move, an undo, a new game, a game loaded, play called off (Auto
Play, new players, a recorded game shown, the window closing) each make a new one, so an
answer whose ticket is not the session's is stale, and is dropped: the one check.

The controller is composed of objects that own their state, one concern each, in
``app/play/``: the pause (``Pause``), the table's one delay (``Delay``), the seats
(``Seating``), the beat (``Pace``), a computer seat's turn (``ComputerTurn``), hints
(``Hints``) and undo (``Undo``); what the table shows is ``showing.table_state``.

A network table is one more session (``net.remote_session.RemoteTableSession``, handed to
``play``): its server makes every move, its events come when they come, and the controller
shows each move once the session tells of it, whoever made it.
"""

from __future__ import annotations

import random
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QObject, Signal, Slot

from ...engine import Action, Card, Game, HandState, Phase, Seat, Trick
from ...engine.actions import ActionKind, discard, play
from ...engine.ai.player import Decision
from ...session import SeatKind, TableSession, wording
from ...session import events as table_events
from ...session.seats import Done
from ...session.table import Session
from ..storage.settings import Settings, SettingsSource
from ..table.state import Motion, Stage, TableState
from ..thinking.think_thread import Answer, ThinkThread, WarmUp
from .computer_turn import ComputerTurn
from .delay import Delay
from .hints import Hints
from .pace import Pace
from .pausing import Pause
from .presenter import TablePresenter, ends_a_move
from .seating import Decider, Seating, SeatsShown
from .showing import table_state
from .undo import Undo

THINK_MS = 600  # the most a searching computer player may think per move
MOVES = (
    table_events.FarmerDecided,
    table_events.BidMade,
    table_events.DealerDiscarded,
    table_events.DefenceDecided,
    table_events.CardPlayed,
)  # the events that tell of a move (each a move's first)


@dataclass(frozen=True, slots=True)
class PersonMove:
    """A move a person made at this table: ``before``, the hand as it stood when they chose;
    ``hand``, its index into ``Game.records`` (the hand under way then); ``move``, the
    move's index into ``Game.actions``."""

    game: Game
    hand: int
    move: int
    before: HandState
    action: Action


class Controller(QObject):
    """Paces a table session for the window; composed of the objects in ``app/play/``."""

    changed = Signal()  # redraw the table (no animation)
    message = Signal(str, str)  # (kind, text): kind is "illegal", "info" or "note"
    game_finished = Signal(object)  # the Game, once, when someone reaches the target
    hint_ready = Signal(object)  # a Decision, or a str when no hint can be given
    person_moved = Signal(object)  # a PersonMove, made at a table refereed here (for the coach)
    _ask = Signal(object)  # ThinkJob -> the worker

    def __init__(self, settings: SettingsSource, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings  # (read each time: the player may change them)
        self.session: Session | None = None
        # counts the table's restarts (a game started or loaded, an undo, play called off): what
        # waits for a pause's end from before one is dropped (``Pause``). Not the session's
        # ticket, a different concern: that moves on with every move too, and a beat held
        # while a dialog is open at a network table must outlast the server's moves meanwhile
        self.gen = 0
        self._show_all = False  # Show Computer Cards
        self.seats_shown: SeatsShown | None = None  # who sits where, when the table tells it (a network table)
        self._shut = False
        self._refused: table_events.MoveRefused | None = None  # the session's last refusal
        self._told_end: HandState | None = None  # the hand the move being made finished, as the session told
        self._moved: Action | None = None  # the move the session's events tell of, not yet shown
        self._applying = False  # a move of this controller's is being made (else it came from elsewhere)
        self.presenter = TablePresenter()  # the session's events, for whoever keeps or shows them
        self.presenter.at_once(self._on_table_event)
        self.pausing = Pause(self, owner=self)
        # a person's turn held while a note beside the table waits for them (the coach's):
        # the computer players play on meanwhile
        self.person_turns = Pause(self, owner=self)
        self.delay = Delay(self.pausing, self)
        self.seating = Seating(settings, self._think_ms)
        self.pace = Pace(
            self,
            settings=settings,
            seating=self.seating,
            pause=self.pausing,
            delay=self.delay,
            presenter=self.presenter,
            changed=self.changed.emit,
            game_over=self.game_finished.emit,
        )
        self.hints = Hints(
            self,
            ask=self._ask.emit,
            stop=self.seating.stop,
            think_ms=self._think_ms,
            ready=self.hint_ready.emit,
            changed=self.changed.emit,
        )
        self.undo = Undo(self, tell=partial(self.message.emit, "info"), restart=self._restart_from_here)
        self.computer = ComputerTurn(
            self,
            ask=self._ask.emit,
            seating=self.seating,
            pace=self.pace,
            delay=self.delay,
            note=partial(self.message.emit, "note"),
        )
        self.think_thread = ThinkThread(self._ask, self._on_answer)

    # --- what the parts own, as the window and the narrator read it -----------------------

    @property
    def settings(self) -> Settings:
        return self._settings.settings

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    @property
    def refereed_here(self) -> bool:
        """The game on the table is this program's: its moves may be taken back, and it is
        kept here (not a network table's, whose server judges and keeps it)."""
        return self.session is None or self.session.refereed_here

    @property
    def stage(self) -> Stage:
        return self.pace.stage

    @property
    def display(self) -> HandState | None:
        return self.pace.display

    @property
    def pending_trick(self) -> Trick | None:
        return self.pace.pending_trick

    @property
    def thinking_seat(self) -> Seat | None:
        return self.computer.seat

    @property
    def waits_for_continue(self) -> bool:
        return self.pace.waits_for_continue

    @property
    def show_all(self) -> bool:
        """Show Computer Cards: every hand is drawn face up."""
        return self._show_all

    def show_computer_cards(self, on: bool) -> None:
        """Draw every hand face up (or only the people's), from the table's next redraw."""
        self._show_all = on

    @property
    def autoplay(self) -> bool:
        return self.seating.autoplay

    @property
    def hint_action(self) -> Action | None:
        return self.hints.action

    @property
    def hint_pending(self) -> bool:
        return self.hints.pending

    def paused(self) -> AbstractContextManager[None]:
        """Nobody moves while this lasts (a dialog is open over the table)."""
        return self.pausing.paused()

    def table_state(self) -> TableState | None:
        game = self.game
        if game is None:
            return None
        return table_state(
            game,
            self.pace,
            self.seating,
            self.hints,
            interactive=self.human_seat,
            thinking=self.thinking_seat,
            names=self.names(),
            level=self.level,
            show_all=self.show_all,
            sort_by_trump=self.settings.sort_by_trump,
        )

    def is_person(self, seat: Seat) -> bool:
        return self.seating.is_person(seat)

    def people(self) -> frozenset[Seat]:
        return self.seating.people()

    def player_for(self, seat: Seat) -> Decider:
        return self.seating.player_for(seat)

    def level(self, seat: Seat) -> str:
        """The computer player's level at ``seat`` in a player's words ("" for a person)."""
        return self.seats_shown.level(seat) if self.seats_shown is not None else self.seating.level(seat)

    def names(self) -> tuple[str, str, str, str]:
        if self.seats_shown is not None:
            return self.seats_shown.names()
        s = self.settings
        return (s.name(0), s.name(1), s.name(2), s.name(3))

    # --- the seats ---------------------------------------------------------------------

    def setup_players(self) -> None:
        """(Re)build the computer players from the settings."""
        self.seating.make_players(self.game.seed if self.game is not None else 0, self._elsewhere())
        self._seat_occupants()

    def _elsewhere(self) -> frozenset[Seat]:
        """The seats somebody elsewhere fills (a network table's others): they stay theirs."""
        session = self.session
        return frozenset(s for s in Seat if session is not None and session.occupant(s).kind is SeatKind.REMOTE)

    def _seat_occupants(self) -> None:
        if self.session is not None:
            self.seating.seat_occupants(self.session, self.computer.thinker)

    def warm_helper(self) -> None:
        """Start the helper process now, if the players need it and nobody has started it."""
        if self.seating.take_warm_up():
            self._ask.emit(WarmUp())

    def _think_ms(self) -> int:
        """How long a search may think, read when asked (a test may change ``THINK_MS``)."""
        return THINK_MS

    def set_autoplay(self, on: bool) -> None:
        if on == self.autoplay:
            return
        self.seating.set_autoplay(on)
        self._seat_occupants()
        stage = self.stage
        if stage is Stage.HUMAN and on:
            self._cancel()
            self.ask_turn()
        elif stage is Stage.THINKING and not on and self.thinking_seat is not None:
            if self.thinking_seat in self.people():
                self._cancel()
                self.ask_turn()
        elif on:
            self.pace.autoplay_on()
        self.changed.emit()

    def players_changed(self) -> None:
        """Seats or "They see all" changed in the options: new players from the next move."""
        self.setup_players()
        if self.stage in (Stage.HUMAN, Stage.THINKING):
            self._cancel()
            self.ask_turn()
        else:
            self.changed.emit()

    # --- starting and stopping ---------------------------------------------------------

    def new_game(self, seed: int | None = None, first_dealer: Seat | None = None) -> None:
        """A new game; from ``seed``, its deals are those of every game dealt from it, but it is
        a game of its own (``Game.game_id``)."""
        game_id = None if seed is None else random.SystemRandom().randrange(2**53)
        self.start(Game(self.settings.rules, seed=seed, first_dealer=first_dealer, game_id=game_id))

    def start(self, game: Game) -> None:
        """Play ``game`` from where it stands (a new one, or one loaded from a save)."""
        self.seats_shown = None
        self._follow(TableSession(game, auto_ask=False))

    def play(self, session: Session, seats: SeatsShown) -> None:
        """Play a table whose game is kept elsewhere (a network table's session, made with
        ``auto_ask`` off) from where it stands; ``seats`` tells who sits where."""
        self.seats_shown = seats
        self._follow(session)

    def _follow(self, session: Session) -> None:
        self._cancel()
        self.session = session
        self.presenter.follow(session)
        self.seating.new_table()
        # who sits where is known before the table is shown: the save made as it starts says so
        self.seating.sit(self._elsewhere())
        session.start()
        self.setup_players()  # (once started: a network table knows its game from then)
        self.pace.table_reset(session.game)

    def pause(self) -> None:
        """Stop the game where it stands (a recorded game is on the table): no thinking, no timers."""
        self._cancel()
        self.pace.set_aside()

    def resume(self) -> None:
        """Carry on after ``pause``: the table is shown the game again, and play goes on."""
        self.pace.resumed()

    def shutdown(self) -> None:
        """Stop thinking and end the worker thread (the window is closing)."""
        if self._shut:
            return
        self._shut = True
        self.seating.stop.set()
        self._cancel()
        self.think_thread.stop()

    def _cancel(self) -> None:
        self.gen += 1
        self.computer.forget()
        if self.session is not None:
            self.session.cancel()
        self.pace.moved_on()
        self.delay.cancel()
        self.hints.forget()

    def _restart_from_here(self) -> None:
        """The game was moved back: drop what was under way and show it as it now stands."""
        game = self.game
        assert game is not None
        self._cancel()
        self.pace.table_reset(game)

    # --- moves -------------------------------------------------------------------------

    def _on_table_event(self, event: table_events.Event) -> None:
        """What the table is to show after a move, from the session's own account of it (the
        presenter's first subscriber at once: the others find the hint gone)."""
        if isinstance(event, table_events.MoveRefused):
            self._refused = event
            if not self._applying:
                self._refused_elsewhere(event)
            return
        if isinstance(event, table_events.TableReset):
            self._moved = None
        elif isinstance(event, MOVES) and self.game is not None:
            self._moved = self.game.actions[-1]
        # the table moved on: the trick gathered before, a hint, a seat thinking are gone
        self.pace.moved_on()
        self.hints.forget()
        self.computer.forget()
        game = self.game
        assert game is not None
        if isinstance(event, table_events.TrickWon):
            # the hand under way, or the one this trick finished (a network table's next deal
            # may come later, without an event)
            hands = (game.hand, *(r.final for r in reversed(game.records)))
            won = next((t for hand in hands for t in hand.tricks if t.plays == event.plays), None)
            assert won is not None, "a trick the session told of is in the game"
            self.pace.trick_taken(won)
        elif isinstance(event, table_events.HandEnded) and self._told_end is None:
            # its summary (not that of a misdeal dealt after it)
            self._told_end = next(r.final for r in reversed(game.records) if r.deal_number == event.deal_number)
        elif ends_a_move(event) and self._moved is not None and not self._applying:
            self._show_move()  # made elsewhere (a network table's server), once this table asked for it

    def _show_move(self) -> None:
        """Show the move the session has just told of (the trick it won is ``pending_trick`` already)."""
        game, action = self.game, self._moved
        assert game is not None and action is not None
        self._moved = None
        shown = self._told_end if self._told_end is not None else game.hand
        self._told_end = None
        self.pace.move_made(shown, Motion.DISCARD if action.kind is ActionKind.DISCARD else Motion.PLAY)

    def _refused_elsewhere(self, refused: table_events.MoveRefused) -> None:
        """A move sent elsewhere was refused there: say why, and it is the person's move again."""
        if self.stage is Stage.THINKING and self.is_person(refused.seat):
            self.pace.move_refused()
            self.changed.emit()
        self.message.emit("illegal", wording.refusal(refused, self.names(), you=True))

    @Slot(int)
    def presented(self, token: int) -> None:
        """The table has finished showing the last event."""
        self.pace.presented(token)

    def ask_turn(self) -> None:
        """Ask the seat whose turn it is: a person at this screen, or a computer player (the
        pace asks, once it has shown the table)."""
        game = self.game
        assert game is not None
        seat = game.turn
        if seat is not None and self.is_person(seat) and self.person_turns.hold(self._turn_after_note):
            self.pace.turn_held()  # (the turn comes, and is said, once the note is answered)
            self.changed.emit()
            return
        if seat is None:  # cannot happen: do not spin
            self.pace.nobody_to_move()
            self.changed.emit()
            return
        if self.is_person(seat):
            self.pace.human_to_move()
            self.changed.emit()
            assert self.session is not None
            self.session.ask()  # (a network table makes the person's move here once its server has)
            self.warm_helper()
            legal = game.legal_actions()
            if self.settings.quickplay and len(legal) == 1 and legal[0].kind is ActionKind.PLAY:
                gen = self.gen
                only = legal[0]
                self.delay.after(self.pace.dur("play") // 2, lambda: self._quickplay(gen, seat, only))
            return
        self._think(seat)

    def hold_person_turn(self) -> None:
        """A note beside the table has opened (``person_turns`` is paused): a person's turn
        under way waits for it too, and comes again once it is answered."""
        if self.stage is Stage.HUMAN and self.person_turns.hold(self._turn_after_note):
            self.pace.turn_held()
            self.hints.forget()
            self.changed.emit()

    def _turn_after_note(self) -> None:
        if self.stage is Stage.NOTE:  # (else the table moved on meanwhile: an undo, a new game)
            self.ask_turn()

    def _quickplay(self, gen: int, seat: Seat, action: Action) -> None:
        if gen == self.gen and self.stage is Stage.HUMAN and self.game is not None and self.game.turn is seat:
            self.act(action)

    def _think(self, seat: Seat) -> None:
        session = self.session
        assert session is not None
        self.pace.computer_to_move()
        self.computer.begin(seat)
        self.changed.emit()
        if session.occupant(seat).kind is SeatKind.REMOTE:  # somebody elsewhere: shown after the usual pause
            self.delay.after(self.pace.dur("computer_pause"), session.ask)
        else:
            session.ask()  # the seat's ComputerSeat hands the job to the worker

    @Slot(object)
    def _on_answer(self, answer: Answer) -> None:
        if self.pausing.hold(lambda: self._on_answer(answer)):
            return
        job = answer.job
        if self.session is None or self.session.stale(job.ticket):
            return  # asked for a request the session has moved past (see the module's docstring)
        if job.kind in ("hint", "decide"):
            self.hints.answered(answer)
        else:
            self.computer.answered(answer)

    def apply(self, seat: Seat, action: Action, done: Done | None = None) -> table_events.MoveRefused | None:
        """Make the move through the session (a computer seat's through its ``done``), then
        show it. Returns the session's refusal, if it refused. A network table's session sends
        it on: it is shown when the server has made it (or its refusal is said)."""
        session = self.session
        assert session is not None
        self._refused = None
        self._told_end = None
        self._moved = None
        self._applying = True
        try:
            if done is not None:
                done(Decision(action))  # the player's, or the first legal one when the player failed
            else:
                session.submit(seat, action)
        finally:
            self._applying = False
        if self._moved is not None:  # made (at a network table, maybe a move its server made meanwhile)
            self._show_move()
            return None
        if self._refused is not None:
            return self._refused
        self.pace.move_sent()
        self.changed.emit()
        return None

    # --- what a person does ------------------------------------------------------------

    @property
    def ticket(self) -> int:
        """The session's ticket for the position the table stands at (0 with no session)."""
        return self.session.ticket if self.session is not None else 0

    @property
    def human_seat(self) -> Seat | None:
        """The seat a person is to move for now, if any."""
        if self.stage is Stage.HUMAN and self.game is not None:
            return self.game.turn
        return None

    def act(self, action: Action) -> str | None:
        """A person's move. Returns None if made, else why not (for the message)."""
        game = self.game
        seat = self.human_seat
        if game is None or seat is None:
            if self.stage is Stage.NOTE:
                return wording.ANSWER_THE_NOTE
            return wording.WAIT_FOR_TURN if self.stage is Stage.THINKING else wording.TURN_NOT_YOURS
        before, hand, move = game.hand, len(game.records), len(game.actions)
        refused = self.apply(seat, action)
        if refused is None:
            made = self.refereed_here and len(game.actions) > move and game.actions[move] == action
            if made and self.game is game:
                self.person_moved.emit(PersonMove(game, hand, move, before, action))
            return None
        you = seat is Seat.SOUTH or len(self.people()) == 1
        return wording.refusal(refused, self.names(), you=you)

    def card_action(self, card: Card) -> Action | None:
        """The move clicking ``card`` means now (play, or the dealer's discard)."""
        if self.game is None:
            return None
        phase = self.game.hand.phase
        if phase is Phase.PLAY:
            return play(card)
        if phase is Phase.DISCARD:
            return discard(card)
        return None

    def click_card(self, card: Card) -> str | None:
        action = self.card_action(card)
        if action is None:
            return "Choose with the buttons: it is not time to play a card."
        return self.act(action)

    def continue_(self) -> bool:
        """Continue (right click, Space): clear a finished trick, or deal the next hand."""
        return self.pace.continue_()

    def request_hint(self, decide: bool = False) -> None:
        """Ask the hint player about the person's move; with ``decide``, make that move."""
        self.hints.request(decide)

    def undo_round(self) -> bool:
        return self.undo.undo_round()

    def undo_move(self) -> bool:
        return self.undo.undo_move()
