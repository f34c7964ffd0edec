"""The computer players, each declared once: its name, its words, how strong it is, where
it thinks and where its code lives. The arena, the settings, the options dialog and the
helper process all read ``COMPUTER_PLAYERS``.

``make_player("novice", seed=3)`` builds one. This module imports no player code until a
player is made: the settings read the names before the window's first frame.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from .player import Player


@dataclass(frozen=True)
class PlayerKind:
    name: str  # as settings, the arena and saved files write it
    label: str  # a person's name for it
    level: int  # strength: a higher level beats a lower one (measured in the arena)
    searches: bool  # thinks for long (searches deals): the window asks the helper process
    seat: bool  # offered for a seat in the options (the Oracle is Advanced with "They see all")
    home: str  # "module:Class" of the player, below euchre_qt.engine.ai
    about: str  # one line for a person


COMPUTER_PLAYERS: tuple[PlayerKind, ...] = (
    PlayerKind("random", "Random", 0, False, False, "player:RandomPlayer", "plays a random legal move"),
    PlayerKind(
        "novice",
        "Novice",
        1,
        False,
        True,
        "novice:NovicePlayer",
        "friendly and beatable, it remembers none of the cards played",
    ),
    PlayerKind(
        "advanced",
        "Advanced",
        2,
        True,
        True,
        "advanced:AdvancedPlayer",
        "remembers every card, reads the bidding and plays with its partner",
    ),
    PlayerKind(
        "oracle",
        "Oracle",
        3,
        True,
        False,
        "advanced:OraclePlayer",
        "Advanced shown every hand (the options' “They see all”): a cheat on purpose, the yardstick",
    ),
)
KINDS: dict[str, PlayerKind] = {kind.name: kind for kind in COMPUTER_PLAYERS}
PLAYER_NAMES: tuple[str, ...] = tuple(KINDS)


def kind_of(name: str) -> PlayerKind:
    """The player called ``name`` (any case); ``ValueError`` for an unknown name."""
    kind = KINDS.get(name.strip().lower())
    if kind is None:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYER_NAMES)}")
    return kind


def make_player(name: str, seed: int = 0, think_ms: int | None = None) -> Player:
    """A new player called ``name`` (one of ``PLAYER_NAMES``, any case).

    ``think_ms`` is the thinking time of the searching players; the others have none.
    Raises ``ValueError`` for an unknown name.
    """
    kind = kind_of(name)
    module_name, class_name = kind.home.split(":")
    cls = getattr(importlib.import_module(f"{__package__}.{module_name}"), class_name)
    if kind.searches:
        return cast("Player", cls(seed=seed, think_ms=think_ms))
    return cast("Player", cls(seed=seed))
