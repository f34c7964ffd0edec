"""Computer players (pure Python, no Qt): see ``player.py`` for the interface and
``registry.py`` for the list. Each name's module loads when it is first used."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .player import Decision as Decision
    from .player import Player as Player
    from .player import RandomPlayer as RandomPlayer
    from .player import decision_rng as decision_rng
    from .registry import COMPUTER_PLAYERS as COMPUTER_PLAYERS
    from .registry import PLAYER_NAMES as PLAYER_NAMES
    from .registry import PlayerKind as PlayerKind
    from .registry import make_player as make_player
else:
    from ..lazy import exports

    __getattr__, __dir__, __all__ = exports(
        __name__,
        {
            "player": ("Decision", "Player", "RandomPlayer", "decision_rng"),
            "registry": ("COMPUTER_PLAYERS", "PLAYER_NAMES", "PlayerKind", "make_player"),
        },
    )
