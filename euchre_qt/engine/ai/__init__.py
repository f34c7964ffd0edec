"""Computer players (pure Python, no Qt): see ``player.py`` for the interface and
``registry.py`` for the list. Each name's module loads when it is first used.

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
