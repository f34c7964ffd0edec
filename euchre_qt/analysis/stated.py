"""Which moves of a recorded game the record states, and which the replay worked out.

An EGN record may leave the dealer's discard unwritten; the replay then works out what
it must have been (the up-card, when the dealer never played it), or seats a stand-in.
A review shows such a move as inferred and does not count it against the player.
"""

from __future__ import annotations

from ..engine.actions import ActionKind
from ..engine.game import Game
from ..notation.record import GameRecord


def inferred_moves(game: Game, record: GameRecord | None) -> frozenset[int]:
    """Indices into ``game.actions`` of the moves ``record`` does not state (none for our
    own saves, ``record`` None, which hold every move)."""
    if record is None:
        return frozenset()
    found: set[int] = set()
    for index, deal in enumerate(record.deals):
        if deal.discard is not None or index > len(game.records):
            continue
        if index < len(game.records):
            start, moves = game.records[index].first_action, [a for _, a in game.records[index].final.history]
        else:
            start, moves = len(game.actions) - len(game.hand_actions), list(game.hand_actions)
        found.update(start + i for i, action in enumerate(moves) if action.kind is ActionKind.DISCARD)
    return frozenset(found)
