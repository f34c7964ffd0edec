"""Who sits in each seat, and the computer player the controller asks for a seat's move."""

from __future__ import annotations

from typing import Literal, Protocol

from ...engine.ai.player import Decision
from ...engine.ai.registry import PlayerKind, kind_of
from ...engine.view import SeatView
from ...session import SeatKind
from ..storage.settings import PERSON

# A person at this screen, somebody at a network table, or a computer player of a kind
Sitter = PlayerKind | Literal[SeatKind.PERSON, SeatKind.REMOTE]


class Player(Protocol):
    """A seat's computer player as the controller asks it: one of the engine's players, or
    ``thinker.RemotePlayer`` deciding in the helper process (None: it gave up, the window
    is closing)."""

    sees_all: bool

    def decide(self, view: SeatView) -> Decision | None: ...


def sitter(name: str) -> Sitter:
    """Who the settings' name for a seat's player ("person", or a computer player's name) is."""
    return SeatKind.PERSON if name == PERSON else kind_of(name)
