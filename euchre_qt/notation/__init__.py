"""Games as records: Euchre Game Notation (EGN) read and written, Qt-free.

    from euchre_qt.notation import egn

    shown = egn.open_game("final.egn")   # a Replay: .record, .game, .problem, .unknown(n)
    text = egn.dumps(game, ["You", "West", "North", "East"])

See ``docs/egn.md`` for what maps to our rules and what does not.
"""

from .egn import EgnError, dumps, load, open_game, parse, read_game, save
from .egn_schema import validation_errors
from .record import Bower, DealRecord, GameRecord
from .replay import Replay, ReplayedPosition, replay

__all__ = [
    "Bower",
    "DealRecord",
    "EgnError",
    "GameRecord",
    "Replay",
    "ReplayedPosition",
    "dumps",
    "load",
    "open_game",
    "parse",
    "read_game",
    "replay",
    "save",
    "validation_errors",
]
