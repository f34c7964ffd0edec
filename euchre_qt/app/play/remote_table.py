"""What the controller needs of a table refereed elsewhere (the window's network table)."""

from __future__ import annotations

from typing import Protocol

from ...engine import Action, Game, Seat


class RemoteTable(Protocol):
    """A table refereed elsewhere (a network server), seen from South: every move, South's
    too, is made on this screen only once the referee says it was made."""

    version: int  # changes whenever ``game_at`` may place the hidden cards differently

    def moves(self) -> list[Action]: ...
    def game_at(self, moves: int) -> Game: ...
    def send_move(self, action: Action) -> None: ...
    def names(self) -> tuple[str, str, str, str]: ...
    def level(self, seat: Seat) -> str: ...
