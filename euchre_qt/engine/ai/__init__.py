"""Computer players (pure Python, no Qt): see ``player.py`` for the interface."""

from .player import Decision, Player, RandomPlayer, decision_rng

__all__ = ["Decision", "Player", "RandomPlayer", "decision_rng"]
