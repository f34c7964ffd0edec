"""Players by name."""

from __future__ import annotations

import pytest

from euchre_qt.engine.ai import PLAYER_NAMES, Player, RandomPlayer, make_player
from euchre_qt.engine.ai.novice import NovicePlayer


def test_names() -> None:
    assert PLAYER_NAMES == ("random", "novice", "advanced", "oracle")
    assert isinstance(make_player("random", seed=4), RandomPlayer)
    novice = make_player(" Novice ", seed=4, think_ms=50)
    assert isinstance(novice, NovicePlayer) and novice.seed == 4
    assert isinstance(novice, Player) and novice.name == "novice" and not novice.sees_all


def test_unknown_name() -> None:
    with pytest.raises(ValueError, match=r"unknown player 'expert'.*random, novice, advanced, oracle"):
        make_player("expert")


@pytest.mark.parametrize("name", ["advanced", "oracle"])
def test_advanced_players(name: str) -> None:
    player = make_player(name, seed=2, think_ms=5)
    assert isinstance(player, Player)
    assert player.sees_all is (name == "oracle")
