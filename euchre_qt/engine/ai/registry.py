"""Computer players by name, for the arena, the options dialog and saved settings.

``make_player("novice", seed=3)`` builds a player; ``PLAYER_NAMES`` lists the names.
The Advanced and Oracle players are imported only when asked for, so the cheap players
load fast without their search code.
"""

from __future__ import annotations

from .novice import NovicePlayer
from .player import Player, RandomPlayer

PLAYER_NAMES: tuple[str, ...] = ("random", "novice", "advanced", "oracle")


def make_player(name: str, seed: int = 0, think_ms: int | None = None) -> Player:
    """A new player called ``name`` (one of ``PLAYER_NAMES``, any case).

    ``think_ms`` is the thinking time of the searching players (advanced, oracle); the
    others ignore it. Raises ``ValueError`` for an unknown name.
    """
    key = name.strip().lower()
    if key == "random":
        return RandomPlayer(seed=seed)
    if key == "novice":
        return NovicePlayer(seed=seed)
    if key in ("advanced", "oracle"):
        from .advanced import AdvancedPlayer, OraclePlayer

        return (OraclePlayer if key == "oracle" else AdvancedPlayer)(seed=seed, think_ms=think_ms)
    raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYER_NAMES)}")
