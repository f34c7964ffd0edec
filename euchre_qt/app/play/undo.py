"""Taking moves back: a hand, or a person's last move (never at a network table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...engine import Seat
from ...session.table import Session


class UndoTable(Protocol):
    """What taking moves back asks of the table (the controller), as it stands when asked."""

    @property
    def session(self) -> Session | None: ...

    @property
    def refereed_here(self) -> bool:
        """Not a network table's game (its server's moves are never taken back)."""
        ...

    def people(self) -> frozenset[Seat]: ...


class Undo:
    """The ``table``'s session moves back, and the table is shown afresh (``restart``)."""

    def __init__(self, table: UndoTable, *, tell: Callable[[str], None], restart: Callable[[], None]) -> None:
        self._table = table
        self._tell = tell  # a message for the person
        self._restart = restart  # the game was moved back: show it as it now stands

    def _no_undo_at_network_table(self) -> bool:
        if self._table.refereed_here:
            return False
        self._tell("Moves cannot be taken back at a network table.")
        return True

    def undo_round(self) -> bool:
        if self._no_undo_at_network_table():
            return False
        session = self._table.session
        game = session.game if session is not None else None
        people = self._table.people()
        # Only computer players have moved in this hand: "the start of this hand" is where the
        # person already stands, so go back to the previous hand, as at a hand's start.
        person_moved = game is not None and (game.is_over or any(seat in people for seat, _ in game.hand.history))
        if game is None or session is None or not session.undo_hand():
            self._tell("There is nothing to undo yet.")
            return False
        if not person_moved and not game.hand_actions and game.records:
            session.undo_hand()
        self._restart()
        return True

    def undo_move(self) -> bool:
        """Take back the person's last move (and the computer players' moves since), so that
        it is theirs to make again; with no person at the table, the last move."""
        if self._no_undo_at_network_table():
            return False
        session = self._table.session
        people = self._table.people()
        if session is None or not session.undo_move(people or None):
            self._tell("There is no move of yours to take back.")
            return False
        self._restart()
        return True
