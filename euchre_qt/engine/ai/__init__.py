"""Computer players (pure Python, no Qt): see ``player.py`` for the interface."""

from .player import Decision, Player, RandomPlayer, decision_rng
from .registry import PLAYER_NAMES, make_player

__all__ = ["PLAYER_NAMES", "Decision", "Player", "RandomPlayer", "decision_rng", "make_player"]
