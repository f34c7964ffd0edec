"""Taking moves back: a hand, or a person's last move (never at a network table)."""

from __future__ import annotations

from ..table.state import Event
from .part import ControllerPart


class Undo(ControllerPart):
    """The controller's undo: the session moves back, and the table is shown afresh."""

    def _no_undo_at_network_table(self) -> bool:
        if self.remote is None:
            return False
        self.message.emit("info", "Moves cannot be taken back at a network table.")
        return True

    def undo_round(self) -> bool:
        if self._no_undo_at_network_table():
            return False
        game = self.game
        people = self.people()
        # Only computer players have moved in this hand: "the start of this hand" is where the
        # person already stands, so go back to the previous hand, as at a hand's start.
        person_moved = game is not None and (game.is_over or any(seat in people for seat, _ in game.hand.history))
        if game is None or self.session is None or not self.session.undo_hand():
            self.message.emit("info", "There is nothing to undo yet.")
            return False
        if not person_moved and not game.hand_actions and game.records:
            self.session.undo_hand()
        self._restart_from_here()
        return True

    def undo_move(self) -> bool:
        """Take back the person's last move (and the computer players' moves since), so that
        it is theirs to make again; with no person at the table, the last move."""
        if self._no_undo_at_network_table():
            return False
        game = self.game
        people = self.people()
        if game is None or self.session is None or not self.session.undo_move(people or None):
            self.message.emit("info", "There is no move of yours to take back.")
            return False
        self._restart_from_here()
        return True

    def _restart_from_here(self) -> None:
        """The game was moved back: drop what was under way and show it as it now stands."""
        game = self.game
        assert game is not None
        self._cancel()
        self.pending_trick = None
        self.display = game.hand
        self._game_over_reported = game.is_over
        self._present(Event("reset" if game.hand_actions else "deal"))
