"""Computer players (pure Python, no Qt): see ``player.py`` for the interface and
``registry.py`` for the list.

The players: ``player`` (the interface, ``RandomPlayer``), ``novice`` (a point counter),
``advanced`` (the searching player, and ``OraclePlayer`` who sees every hand), found by
name through ``registry``; ``hint`` asks the Advanced player on a person's behalf.

The Advanced player's rooms, each one concept (``advanced`` composes them):

- ``knowledge``: what a seat knows for certain; ``sampler``: deals of the unseen cards,
  weighted by how well they explain the bidding (``bidding_model``) and the play
  (``habits``: a plain player's habits, read and played);
- ``solver``: double-dummy search over card masks; ``masks``: cards as bitmasks and the
  per-trump tables everything shares;
- ``card_search``: the card to play; ``bid_weighing`` (over ``bid_search``'s play-outs
  and ``score_worth``): a bid or a pass; ``discard``: the dealer's discard;
  ``lone_defence``: defending alone; ``settling``: when a search has seen enough deals;
- ``evaluation``: quick judgements of a hand; ``point_count``: the point count Novice
  bids by and ``bidding_model`` reads others with; ``explanation``: the reasons in words.
"""

from .player import Decision, Player, RandomPlayer, decision_rng
from .registry import COMPUTER_PLAYERS, PLAYER_NAMES, PlayerKind, make_player

__all__ = [
    "COMPUTER_PLAYERS",
    "PLAYER_NAMES",
    "Decision",
    "Player",
    "PlayerKind",
    "RandomPlayer",
    "decision_rng",
    "make_player",
]
