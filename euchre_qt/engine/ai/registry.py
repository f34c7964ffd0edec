"""Computer players by name, for the arena, the options dialog and saved settings.

``make_player("novice", seed=3)`` builds a player; ``PLAYER_NAMES`` lists the names.
The Advanced and Oracle players are imported only when asked for, so this module works
(and the cheap players load fast) whether or not their search code is present.
"""

from __future__ import annotations

import importlib
from typing import cast

from .novice import NovicePlayer
from .player import Player, RandomPlayer

PLAYER_NAMES: tuple[str, ...] = ("random", "novice", "advanced", "oracle")

_ADVANCED_CLASSES = {"advanced": "AdvancedPlayer", "oracle": "OraclePlayer"}


def make_player(name: str, seed: int = 0, think_ms: int | None = None) -> Player:
    """A new player called ``name`` (one of ``PLAYER_NAMES``, any case).

    ``think_ms`` is the thinking time of the searching players (advanced, oracle); the
    others ignore it. Raises ``ValueError`` for an unknown name, or when the advanced
    players' module cannot be loaded.
    """
    key = name.strip().lower()
    if key == "random":
        return RandomPlayer(seed=seed)
    if key == "novice":
        return NovicePlayer(seed=seed)
    if key in _ADVANCED_CLASSES:
        class_name = _ADVANCED_CLASSES[key]
        try:
            module = importlib.import_module(f"{__package__}.advanced")
            cls = getattr(module, class_name)
        except (ImportError, AttributeError) as exc:
            raise ValueError(f"the advanced player is not available (asked for {key!r}: {exc})") from exc
        return cast(Player, cls(seed=seed, think_ms=think_ms))
    raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYER_NAMES)}")
