"""The pace of the table: the table shows each event, then the next beat comes (a trick
lingers or waits for a click, a hand's result is shown, the next seat is asked)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Action, Game, Seat
from ...engine.actions import ActionKind
from ..table.state import Event, Stage
from .part import ControllerPart


class Pace(ControllerPart):
    """The controller's beat: one event shown at a time, then what comes next."""

    def _after(self, ms: int, fn: Callable[[], object]) -> None:
        self._wait_fn = fn
        self._wait.start(max(0, ms))

    def _on_wait(self) -> None:
        fn, self._wait_fn = self._wait_fn, None
        if fn is not None and not self._hold(fn):
            fn()

    def _present(self, event: Event) -> None:
        self.stage = Stage.ANIMATING
        self._token += 1
        token = self._token
        if self.presenter_attached:
            self.present.emit(event, token)
        else:
            self._after(0, lambda: self.presented(token))

    def _beat(self) -> None:
        if self._hold(self._beat):
            return
        game = self.game
        assert game is not None and self.display is not None
        if self.pending_trick is not None and self._keep_trick_in_view(game):
            # at Instant speed nothing waits: the trick stays in view until the next card is played
            self.last_trick, self.pending_trick = self.pending_trick, None
        if self.pending_trick is not None:
            self.stage = Stage.TRICK
            if self._auto_clear():
                self._after(self._dur("trick_linger"), self.clear_trick)
            self.changed.emit()  # (after the timer is set: waits_for_continue is true on it)
            return
        if game.is_over:
            self.stage = Stage.GAME_OVER
            self.changed.emit()
            if not self._game_over_reported:
                self._game_over_reported = True
                self.game_finished.emit(game)
            return
        if self.display is not game.hand:
            self.stage = Stage.HAND_OVER
            result = self.display.result
            if self.autoplay or not self.people():
                self._after(self._dur("hand_over_auto"), self.continue_)
            elif result is not None and not result.outcome.scored:
                self._after(self._dur("passed_out"), self.continue_)
            self.changed.emit()
            return
        self._next_turn()

    def _keep_trick_in_view(self, game: Game) -> bool:
        """Leave the finished trick on the table and play on (rather than gather it at once)?"""
        return self._auto_clear() and self._dur("trick_linger") == 0 and self.display is game.hand

    def _auto_clear(self) -> bool:
        return self.settings.trick_clearing == "auto" or self.autoplay or not self.people()

    @property
    def waits_for_continue(self) -> bool:
        """A finished trick or a hand's summary stays until the person continues (no timer
        will move the table on)."""
        return self.stage in (Stage.TRICK, Stage.HAND_OVER) and self._wait_fn is None

    def continue_(self) -> bool:
        """Continue (right click, Space): clear a finished trick, or deal the next hand."""
        if self.stage is Stage.TRICK:
            self.clear_trick()
            return True
        if self.stage is Stage.HAND_OVER and self.game is not None:
            self._wait.stop()
            self._wait_fn = None
            self.display = self.game.hand
            self._present(Event("deal"))
            return True
        return False

    def clear_trick(self) -> None:
        if self.stage is not Stage.TRICK or self.pending_trick is None:
            return
        self._wait.stop()
        self._wait_fn = None
        self.pending_trick = None
        self._present(Event("collect"))

    def _next_turn(self) -> None:
        game = self.game
        assert game is not None
        seat = game.turn
        if seat is None:  # a network table waits for the next deal; else cannot happen: do not spin
            self.stage = Stage.IDLE
            self.changed.emit()
            if self.remote is not None:
                self.remote_moved()  # it may have come while the last trick was shown
            return
        if self.is_person(seat):
            self.stage = Stage.HUMAN
            self.changed.emit()
            self.warm_helper()
            legal = game.legal_actions()
            if self.settings.quickplay and len(legal) == 1 and legal[0].kind is ActionKind.PLAY:
                gen = self.gen
                only = legal[0]
                self._after(self._dur("play") // 2, lambda: self._quickplay(gen, seat, only))
            return
        self._think(seat)

    def _quickplay(self, gen: int, seat: Seat, action: Action) -> None:
        if gen == self.gen and self.stage is Stage.HUMAN and self.game is not None and self.game.turn is seat:
            self.act(action)
