"""The engine's error types: one for a move that is not allowed, one for a bad game file."""

from __future__ import annotations

from typing import Any


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the state it was tried on is unchanged."""

    def __init__(self, action: Any, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


class GameFileError(ValueError):
    """A saved game that cannot be read: damaged, foreign, or from a newer version."""
