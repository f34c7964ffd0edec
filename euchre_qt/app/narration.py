"""The table told aloud: every move, trick and result announced in play order, your turn
announced with the focus moved onto it, and any fact of the game spoken on a key.

The narrator listens to the table session's events (through the controller) and to the
controller's redraws (when a person's turn starts), and speaks through the ``Announcer``.
It words nothing itself: every sentence comes from ``session.wording``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAccessible

from ..engine import Phase, Seat, Trick
from ..session import events, wording
from .announcer import Announcer
from .table.state import Stage, TableState

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
        controller.table_event.connect(self._on_table_event)
        controller.changed.connect(self._changed)

    # --- what happens -------------------------------------------------------------------

    def _names(self) -> tuple[str, str, str, str]:
        name = self.controller.settings.name
        return (name(Seat.SOUTH), name(Seat.WEST), name(Seat.NORTH), name(Seat.EAST))

    def _you(self) -> Seat | None:
        """The seat spoken to as "you": the one person at this screen (None when several share it)."""
        people = self.controller.people()
        return next(iter(people)) if len(people) == 1 else None

    @Slot(object)
    def _on_table_event(self, event: events.Event) -> None:
        """Say what just happened at the table, as the session tells it, in order.

        A person's turn is said when the table shows it (``_changed``, with the focus), and
        a refused move is said by the window's message for it, so neither is said twice."""
        if isinstance(event, events.TurnStarted | events.MoveRefused):
            return
        names, you = self._names(), self._you()
        text = wording.event_sentence(event, names, you)
        if text is None:
            return
        if isinstance(event, events.TrickWon):
            text += ". " + wording.tricks_so_far(event.tricks_won)
        elif isinstance(event, events.HandEnded):
            text += f". Score: us {event.scores[0]}, them {event.scores[1]}"
        self.announcer.say(text)

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
        self.announcer.say(wording.your_turn(state.hand, state.legal, self._names(), self._you()))
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
        plays = state.pending_trick.plays if state.pending_trick is not None else state.hand.trick
        text = {
            "score": lambda: wording.score_fact(state.scores, state.points_to_win, state.hand, names, you),
            "bids": lambda: wording.bids_fact(state.hand, names, you),
            "trick": lambda: wording.trick_fact(plays, names, you),
            "last_trick": lambda: wording.last_trick_fact(last, names, you),
            "turn": lambda: wording.turn_fact(state.hand, state.thinking, names, you),
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
