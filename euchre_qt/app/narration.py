"""The table told aloud: every move, trick and result announced in play order, your turn
announced with the focus moved onto it, and any fact of the game spoken on a key.

The narrator listens to the controller (what it presents, when a person's turn starts,
the messages it gives) and speaks through the ``Announcer``. It words nothing itself:
every sentence comes from ``session.wording``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAccessible

from ..engine import Game, HandRecord, Phase, Seat, Trick
from ..engine.actions import ActionKind
from ..session import wording
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

    def _you(self) -> Seat | None:
        """The seat spoken to as "you": the one person at this screen (None when several share it)."""
        people = self.controller.people()
        return next(iter(people)) if len(people) == 1 else None

    @Slot(object, int)
    def _presented(self, event: Event, _token: int) -> None:
        game = self.controller.game
        if game is None:
            return
        names, you = self._names(), self._you()
        if event.kind == "deal":
            hand = self.controller.display or game.hand
            dealer = "You deal" if hand.dealer is you else f"{names[hand.dealer]} deals"
            up = f". The up-card is the {wording.card_name(hand.up_card)}" if hand.kitty else ""
            self.announcer.say(dealer + up)
        elif event.kind == "move" and event.seat is not None and event.action is not None and event.before is not None:
            self.announcer.say(wording.move_made(event.seat, event.action, event.before, names, you))
            trick = self.controller.pending_trick
            if event.action.kind is ActionKind.PLAY and trick is not None and trick.plays[-1][0] is event.seat:
                assert trick.winner is not None
                won = "You win" if trick.winner is you else f"{names[trick.winner]} wins"
                tricks = self.controller.display.tricks_won if self.controller.display is not None else (0, 0, 0, 0)
                self.announcer.say(f"{won} the trick. {wording.tricks_so_far(tricks)}")
        for result in self._results:
            self.announcer.say(result)
        self._results.clear()

    @Slot(object)
    def _hands_finished(self, records: list[HandRecord]) -> None:
        game = self.controller.game
        if game is None:
            return
        # the hand's last move is presented after this: its result is said after that move
        you = self._you()
        for record in records:
            result = record.result
            said = (
                wording.team_result(result, you.team) if you is not None else wording.hand_result(result, self._names())
            )
            us, them = record.scores_after
            self._results.append(f"{said}. Score: us {us}, them {them}")

    @Slot(object)
    def _game_finished(self, game: Game) -> None:
        assert game.winner is not None
        you = self._you()
        self.announcer.say(wording.game_result(game.winner, game.scores, you.team if you else None, game.is_slam))

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
