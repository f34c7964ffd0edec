"""The table told aloud: every move, trick and result announced in play order, your turn
announced with the focus moved onto it, and any fact of the game spoken on a key.

The narrator listens to the controller (what it presents, when a person's turn starts,
the messages it gives) and speaks through the ``Announcer``. It words nothing itself
beyond joining sentences: moves, cards and results are worded by ``wording``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAccessible

from ..engine import Game, HandRecord, Phase, Seat, Trick
from ..engine.actions import ActionKind
from . import spoken
from .announcer import Announcer
from .table.state import Event, Stage, TableState

if TYPE_CHECKING:
    from .controller import Controller
    from .table.scene import TableScene


class Narrator(QObject):
    def __init__(self, controller: Controller, scene: TableScene, announcer: Announcer) -> None:
        super().__init__(announcer)
        self.controller = controller
        self.scene = scene
        self.announcer = announcer
        self._turn_said: tuple[int, int, Seat] | None = None  # (game id, position, seat) announced
        self._results: list[str] = []  # finished hands, said after their last move
        controller.present.connect(self._presented)
        controller.changed.connect(self._changed)
        controller.hands_finished.connect(self._hands_finished)
        controller.game_finished.connect(self._game_finished)

    # --- what happens -------------------------------------------------------------------

    def _names(self) -> tuple[str, str, str, str]:
        name = self.controller.settings.name
        return (name(Seat.SOUTH), name(Seat.WEST), name(Seat.NORTH), name(Seat.EAST))

    def _you(self) -> frozenset[Seat]:
        return self.controller.people() if len(self.controller.people()) == 1 else frozenset()

    @Slot(object, int)
    def _presented(self, event: Event, _token: int) -> None:
        game = self.controller.game
        if game is None:
            return
        names, you = self._names(), self._you()
        if event.kind == "deal":
            hand = self.controller.display or game.hand
            self.announcer.say(spoken.deal(hand, names, you))
        elif event.kind == "move" and event.seat is not None and event.action is not None and event.before is not None:
            self.announcer.say(spoken.move(event.seat, event.action, event.before, names, you))
            trick = self.controller.pending_trick
            if event.action.kind is ActionKind.PLAY and trick is not None and trick.plays[-1][0] is event.seat:
                self.announcer.say(spoken.trick_won(trick, self._tricks_after(), names, you))
        for result in self._results:
            self.announcer.say(result)
        self._results.clear()

    def _tricks_after(self) -> tuple[int, int]:
        hand = self.controller.display
        if hand is None:
            return (0, 0)
        won = hand.tricks_won
        return (won[0] + won[2], won[1] + won[3])

    @Slot(object)
    def _hands_finished(self, records: list[HandRecord]) -> None:
        game = self.controller.game
        if game is None:
            return
        # the hand's last move is presented after this: its result is said after that move
        self._results.extend(
            spoken.hand_result(record.final, record.scores_after, self._names(), self._you()) for record in records
        )

    @Slot(object)
    def _game_finished(self, game: Game) -> None:
        self.announcer.say(spoken.game_over(game))

    @Slot()
    def _changed(self) -> None:
        """A person's turn began: say so once, and put the focus where they will act."""
        c = self.controller
        game = c.game
        seat = c.human_seat
        if game is None or seat is None or c.stage is not Stage.HUMAN:
            return
        key = (id(game), len(game.actions), seat)
        if key == self._turn_said:
            return
        self._turn_said = key
        state = c.table_state()
        if state is None:
            return
        self.announcer.say(spoken.your_turn(state, self._names(), self._you()))
        if QAccessible.isActive():
            first = self._first_control(state)
            if first is not None:
                self.scene.set_focus(first)

    def _first_control(self, state: TableState) -> object:
        """Your first playable card, or the first bid button."""
        legal = state.legal_cards()
        for card in self.scene.hand_cards():
            if card in legal:
                return card
        keys = [k for k in self.scene.focusables() if isinstance(k, str)]
        return keys[0] if keys else None

    # --- facts on demand ----------------------------------------------------------------

    def speak_fact(self, fact: str) -> bool:
        """Say one fact of the game now (a key was pressed). False if there is no game yet."""
        if fact == "repeat":
            self.announcer.repeat()
            return True
        state = self.controller.table_state()
        if state is None:
            return False
        names, you = self._names(), self._you()
        last = self._last_trick()
        text = {
            "score": lambda: spoken.score(state, names, you),
            "bids": lambda: spoken.bids(state.hand, names, you),
            "trick": lambda: spoken.current_trick(state.hand, state.pending_trick, names, you),
            "last_trick": lambda: spoken.last_trick(last, names, you),
            "turn": lambda: spoken.whose_turn(state, names, you),
        }[fact]()
        self.announcer.say(text)
        return True

    def _last_trick(self) -> Trick | None:
        c = self.controller
        hand = c.display
        if hand is not None and hand.tricks:
            return hand.tricks[-1]
        game = c.game
        if game is not None and game.records and game.hand.phase is not Phase.PLAY:
            tricks = game.records[-1].final.tricks
            return tricks[-1] if tricks else None
        return None
