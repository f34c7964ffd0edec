"""The controller paces a table session for the window: when the table has shown the
last move, it asks the session for the next one (``TableSession.ask``); a person's move
comes from a click or a key, a computer player's from a worker thread (or the helper
process); every move goes through ``TableSession.submit``, which applies it once, and the
controller tells the table what changed so it can animate. The session's events reach
their subscribers (the narrator, the window's keeping) through the controller's
``TablePresenter`` as they come.

Threading: computer players (and hints) run in one worker ``QThread``. Requests go
out through a signal, answers come back through the worker's ``answered`` signal,
connected to a slot of this object, so they are queued onto the GUI thread. Every
request carries the *generation* it was asked in and the position (number of moves):
New Game, Undo and loading bump the generation, so a stale answer is dropped.

The controller is made of parts, one concern each, in ``app/play/``: pausing, the pace of
the table, hints, undo, the network table's play and what the table shows.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from ...engine import Action, Card, Game, HandState, Phase, Seat, Trick
from ...engine.actions import discard, play
from ...engine.ai.player import Decision
from ...engine.ai.registry import PlayerKind, kind_of, make_player
from ...engine.view import SeatView
from ...session import ComputerSeat, Occupant, PersonSeat, SeatKind, TableSession, wording
from ...session import events as table_events
from ...session.seats import Think
from ..storage import problems
from ..storage.settings import Settings
from ..table.durations import duration
from ..table.state import Event, Stage
from ..thinking import thinker
from ..thinking.think_thread import Answer, Job, ThinkThread, WarmUp
from .hints import Hints
from .network_table import NetworkTable
from .pace import Pace
from .pausing import Pausing
from .presenter import TablePresenter
from .remote_table import RemoteTable
from .seating import Player, Sitter, sitter
from .showing import Showing
from .undo import Undo

THINK_MS = 600  # the most a searching computer player may think per move


class Controller(Pausing, Pace, Hints, Undo, NetworkTable, Showing, QObject):
    """Paces a table session for the window; made of the parts in ``app/play/``."""

    changed = Signal()  # redraw the table (no animation)
    present = Signal(object, int)  # (Event, token): animate, then call presented(token)
    message = Signal(str, str)  # (kind, text): kind is "illegal", "info" or "note"
    game_finished = Signal(object)  # the Game, once, when someone reaches the target
    hint_ready = Signal(object)  # a Decision, or a str when no hint can be given
    _ask = Signal(object)  # Job -> the worker

    def __init__(self, settings: Callable[[], Settings], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self.session: TableSession | None = None
        self.gen = 0
        self.stage = Stage.IDLE
        self.display: HandState | None = None
        self.pending_trick: Trick | None = None
        self.last_trick: Trick | None = None  # gathered, but still in view (Instant speed)
        self.autoplay = False
        self.show_all = False
        self.hint_action: Action | None = None
        self.hint_reason = ""
        self.hint_pending = False  # a hint (or "decide for me") is being worked out
        self.thinking_seat: Seat | None = None
        self.presenter_attached = False
        self.think_times: list[float] = []
        self._token = 0
        self._kinds: list[Sitter] = [SeatKind.PERSON, *[kind_of("novice")] * 3]
        self._players: list[Player | None] = [None] * 4
        self._auto_player: Player | None = None
        self._think_started = 0.0
        self._game_over_reported = False
        self._wait = QTimer(self)
        self._wait.setSingleShot(True)
        self._wait.timeout.connect(self._on_wait)
        self._wait_fn: Callable[[], object] | None = None
        self._stop = threading.Event()  # set at shutdown: a player waiting on the helper gives up
        self.think_thread = ThinkThread(self._ask, self._on_answer)
        self._shut = False
        self._pause_depth = 0
        self._held: list[tuple[int, Callable[[], object]]] = []  # (generation, what waits for the pause's end)
        self._done: Callable[[Decision], None] | None = None  # the asked computer seat's answer hook
        self._refused: table_events.MoveRefused | None = None  # the session's last refusal
        self._told_end: HandState | None = None  # the hand the move being made finished, as the session told
        self._seated: list[tuple[bool, Player | None] | None] = [None] * 4  # (a person?, the player) per seat
        self._warm_wanted = False  # the helper process is to be started at the first person's turn
        self.remote: RemoteTable | None = None  # a network table: the referee is elsewhere
        self._remote_version = -1
        self.presenter = TablePresenter()  # the session's events, for whoever keeps or shows them
        self.presenter.at_once(self._on_table_event)

    # --- settings and players ----------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self._settings()

    def _dur(self, name: str) -> int:
        return duration(name, self.settings.speed)

    def setup_players(self) -> None:
        """(Re)build the computer players from the settings."""
        s = self.settings
        seed = self.game.seed if self.game is not None else 0
        self._kinds = [sitter(s.player(i)) for i in range(4)]
        if self.remote is not None:  # the others play at their own screens, or the server's computers
            self._kinds = [SeatKind.PERSON, SeatKind.REMOTE, SeatKind.REMOTE, SeatKind.REMOTE]
        for seat in Seat:
            kind = self._kinds[seat]
            if not isinstance(kind, PlayerKind):
                self._players[seat] = None
                continue
            if s.they_see_all and kind.name == "advanced":
                kind = kind_of("oracle")
            self._players[seat] = self._make_player(kind, (seed * 7 + seat) % 2**31)
        # Auto Play and "decide for me" play a person's seat as the partner's computer player would
        # (Advanced when the partner is a person too).
        partner = self._kinds[Seat.NORTH]
        auto_kind = partner if isinstance(partner, PlayerKind) else kind_of("advanced")
        self._auto_player = self._make_player(auto_kind, seed % 2**31 + 99)
        # the helper process is started once the table has shown its deal and waits for a person
        # (a computer's first move starts it anyway): starting it while the first deal is dealt
        # out made that animation's longest frame 60-110 ms (benchmarks/ui_startup.py)
        self._warm_wanted = any(isinstance(p, thinker.RemotePlayer) for p in (*self._players, self._auto_player))
        self._seat_occupants()

    def _seat_occupants(self) -> None:
        """Who the session asks for each seat's move: a person at this screen, or the seat's
        computer player (the partner's player for a person's seat during Auto Play)."""
        session = self.session
        if session is None:
            return
        for seat in Seat:
            person = self.is_person(seat)
            player = None if person else self.player_for(seat)
            key = (person, player)
            if self._seated[seat] == key:
                continue  # the same occupant: a move it is working out stays wanted
            self._seated[seat] = key
            occupant: Occupant
            if self.remote is not None:
                occupant = ComputerSeat(self._remote_thinker())
            elif person:
                occupant = PersonSeat()
            else:
                sees_all = self._kinds[seat] is not SeatKind.PERSON and (
                    self.settings.they_see_all or bool(player is not None and player.sees_all)
                )
                occupant = ComputerSeat(self._thinker(seat), sees_all=sees_all)
            session.seat(seat, occupant)

    def _thinker(self, seat: Seat) -> Think:
        """How a computer seat thinks: a job for the worker thread; the answer comes back
        through ``_on_answer``, which makes the move when the table is ready for it."""

        def think(view: SeatView, done: Callable[[Decision], None]) -> None:
            game = self.game
            assert game is not None
            self._done = done
            self._ask.emit(Job(self.gen, "move", seat, len(game.actions), view, self.player_for(seat).decide))

        return think

    def _make_player(self, kind: PlayerKind, seed: int) -> Player:
        """Searching players decide in the helper process; the others in the worker thread."""
        if kind.searches and thinker.USE_HELPER:
            return thinker.RemotePlayer(kind.name, seed, THINK_MS, self._stop)
        return make_player(kind.name, seed=seed, think_ms=THINK_MS)

    def warm_helper(self) -> None:
        """Start the helper process now, if the players need it and nobody has started it."""
        if self._warm_wanted:
            self._warm_wanted = False
            self._ask.emit(WarmUp())

    def _think_ms(self) -> int:
        """How long a search may think, read when asked (a test may change ``THINK_MS``)."""
        return THINK_MS

    def is_person(self, seat: Seat) -> bool:
        """A person makes this seat's moves now (not during Auto Play)."""
        return self._kinds[seat] is SeatKind.PERSON and not self.autoplay

    def people(self) -> frozenset[Seat]:
        return frozenset(s for s in Seat if self._kinds[s] is SeatKind.PERSON)

    def player_for(self, seat: Seat) -> Player:
        player = self._players[seat] or self._auto_player
        assert player is not None, "the players are made when a game starts"
        return player

    # --- starting --------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    def new_game(self, seed: int | None = None, first_dealer: Seat | None = None) -> None:
        self.start(Game(self.settings.rules, seed=seed, first_dealer=first_dealer))

    def start(self, game: Game) -> None:
        """Play ``game`` from where it stands (a new one, or one loaded from a save)."""
        self._cancel()
        self.session = TableSession(game, auto_ask=False)
        self.presenter.follow(self.session)
        self._seated = [None] * 4
        self.setup_players()
        self.session.start()
        self.pending_trick = None
        self._game_over_reported = game.is_over
        if game.is_over:
            self.display = game.records[-1].final if game.records else game.hand
            self.stage = Stage.GAME_OVER
            self.changed.emit()
            return
        self.display = game.hand
        self._present(Event("deal" if not game.hand_actions else "reset"))

    def pause(self) -> None:
        """Stop the game where it stands (a recorded game is on the table): no thinking, no timers."""
        self._cancel()
        self.stage = Stage.IDLE

    def resume(self) -> None:
        """Carry on after ``pause``: the table is shown the game again, and play goes on."""
        if self.game is not None and self.display is not None:
            self._present(Event("reset"))

    def shutdown(self) -> None:
        """Stop thinking and end the worker thread (the window is closing)."""
        if self._shut:
            return
        self._shut = True
        self._stop.set()
        self._cancel()
        self.think_thread.stop()

    # --- the beat (its steps are the Pace part's; Qt's slots stay on the QObject) -----------

    def _on_table_event(self, event: table_events.Event) -> None:
        """What the table is to show after a move, from the session's own account of it (the
        presenter's first subscriber at once: the others find the hint gone)."""
        if isinstance(event, table_events.MoveRefused):
            self._refused = event
            return
        # the table moved on: the trick gathered before, a hint, a seat thinking are gone
        self.last_trick = None
        self.hint_action = None
        self.hint_reason = ""
        self.hint_pending = False
        self.thinking_seat = None
        game = self.game
        assert game is not None
        if isinstance(event, table_events.TrickWon):
            # the hand under way, or the one this trick finished (a network table's next deal
            # may come later, without an event)
            hands = (game.hand, *(r.final for r in reversed(game.records)))
            won = next((t for hand in hands for t in hand.tricks if t.plays == event.plays), None)
            assert won is not None, "a trick the session told of is in the game"
            self.pending_trick = won
        elif isinstance(event, table_events.HandEnded) and self._told_end is None:
            # its summary (not that of a misdeal dealt after it)
            self._told_end = next(r.final for r in reversed(game.records) if r.deal_number == event.deal_number)

    def _cancel(self) -> None:
        self.gen += 1
        self._done = None
        if self.session is not None:
            self.session.cancel()
        self.last_trick = None
        self._wait.stop()
        self._wait_fn = None
        self.hint_action = None
        self.hint_reason = ""
        self.hint_pending = False
        self.thinking_seat = None

    @Slot(int)
    def presented(self, token: int) -> None:
        """The table has finished showing the last event."""
        if token != self._token or self.stage is not Stage.ANIMATING:
            return
        self._beat()

    def _think(self, seat: Seat) -> None:
        assert self.session is not None
        self.stage = Stage.THINKING
        self.thinking_seat = seat
        self._think_started = time.perf_counter()
        self.changed.emit()
        self.session.ask()  # the seat's ComputerSeat hands the job to the worker

    @Slot(object)
    def _on_answer(self, answer: Answer) -> None:
        job = answer.job
        game = self.game
        if game is None or job.gen != self.gen or job.position != len(game.actions):
            return  # asked about a position that is gone (New Game, Undo, ...)
        if self._hold(lambda: self._on_answer(answer)):
            return
        if job.kind in ("hint", "decide"):
            self._on_hint(answer)
            return
        if self.stage is not Stage.THINKING or game.turn is not job.seat:
            return
        self.think_times.append(answer.elapsed_ms)
        action = answer.decision.action if answer.decision is not None else None
        legal = game.legal_actions()
        if answer.error is not None or action not in legal:
            name = self.settings.name(job.seat)
            problems.record(f"{name}'s computer player failed", answer.error or f"it chose {action}")
            self.message.emit("note", f"{name}'s computer player could not decide, so it makes the first move allowed.")
            action = legal[0]
        waited = (time.perf_counter() - self._think_started) * 1000
        remaining = self._dur("computer_pause") - waited
        seat = job.seat
        done = self._done
        if remaining > 1:
            self._after(int(remaining), lambda: self._apply(seat, action, done))
        else:
            self._apply(seat, action, done)

    def _apply(
        self, seat: Seat, action: Action, done: Callable[[Decision], None] | None = None
    ) -> table_events.MoveRefused | None:
        """Make the move through the session (a computer seat's through its ``done``), then
        show it. Returns the session's refusal, if it refused."""
        game = self.game
        assert game is not None and self.session is not None
        n_moves = len(game.actions)
        self._refused = None
        self._told_end = None
        if done is not None:
            self._done = None
            done(Decision(action))  # the player's, or the first legal one when the player failed
        else:
            self.session.submit(seat, action)
        if len(game.actions) == n_moves:  # refused: nothing changed
            assert self._refused is not None
            return self._refused
        # (the trick it won is ``pending_trick`` already)
        self.display = self._told_end if self._told_end is not None else game.hand
        self._present(Event("move", action))
        return None

    # --- what a person does ------------------------------------------------------------

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
            return wording.WAIT_FOR_TURN if self.stage is Stage.THINKING else wording.TURN_NOT_YOURS
        if self.remote is not None and self.session is not None:
            # the referee makes it (``remote_moved``), or says why not (``remote_refused``)
            self.remote.send_move(action)
            self.stage = Stage.THINKING
            self._think_started = time.perf_counter()
            self.changed.emit()
            self.session.ask()
            return None
        refused = self._apply(seat, action)
        if refused is None:
            return None
        you = seat is Seat.SOUTH or len(self.people()) == 1
        return wording.refusal(refused, self.names(), you=you)

    def names(self) -> tuple[str, str, str, str]:
        if self.remote is not None:
            return self.remote.names()
        s = self.settings
        return (s.name(0), s.name(1), s.name(2), s.name(3))

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

    # --- Auto Play and the seats ------------------------------------------------------------

    def set_autoplay(self, on: bool) -> None:
        if on == self.autoplay or (on and self.remote is not None):  # at a network table you play your seat
            return
        self.autoplay = on
        self._seat_occupants()
        if self.stage is Stage.HUMAN and on:
            self._cancel()
            self._next_turn()
        elif self.stage is Stage.THINKING and not on and self.thinking_seat is not None:
            if self._kinds[self.thinking_seat] is SeatKind.PERSON:
                self._cancel()
                self._next_turn()
        elif on and self.stage is Stage.TRICK and self._wait_fn is None:
            self._after(self._dur("trick_linger"), self.clear_trick)
        elif on and self.stage is Stage.HAND_OVER and self._wait_fn is None:
            self._after(self._dur("hand_over_auto"), self.continue_)
        self.changed.emit()

    def players_changed(self) -> None:
        """Seats or "They see all" changed in the options: new players from the next move."""
        if self.remote is not None:  # the network table's seats are the server's to fill
            self.changed.emit()
            return
        self.setup_players()
        if self.stage in (Stage.HUMAN, Stage.THINKING):
            self._cancel()
            self._next_turn()
        else:
            self.changed.emit()
