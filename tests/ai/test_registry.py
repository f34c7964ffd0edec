"""Players by name."""

from __future__ import annotations

import pytest

from euchre_qt.engine.ai import COMPUTER_PLAYERS, PLAYER_NAMES, Player, RandomPlayer, make_player
from euchre_qt.engine.ai.novice import NovicePlayer


def test_names() -> None:
    assert PLAYER_NAMES == ("random", "novice", "advanced", "oracle")
    assert isinstance(make_player("random", seed=4), RandomPlayer)
    novice = make_player(" Novice ", seed=4, think_ms=50)
    assert isinstance(novice, NovicePlayer) and novice.seed == 4
    assert isinstance(novice, Player) and novice.name == "novice" and not novice.sees_all


def test_every_player_is_made_by_its_name_and_knows_it() -> None:
    for kind in COMPUTER_PLAYERS:
        player = make_player(kind.name.upper(), seed=1, think_ms=5)
        assert player.name == kind.name
    levels = [kind.level for kind in COMPUTER_PLAYERS]
    assert levels == sorted(set(levels))  # listed weakest first, no two alike
    assert [kind.name for kind in COMPUTER_PLAYERS if kind.searches] == ["advanced", "oracle"]


def test_unknown_name() -> None:
    with pytest.raises(ValueError, match=r"unknown player 'expert'.*random, novice, advanced, oracle"):
        make_player("expert")


@pytest.mark.parametrize("name", ["advanced", "oracle"])
def test_advanced_players_when_present(name: str) -> None:
    player = make_player(name, seed=2, think_ms=5)
    assert isinstance(player, Player)
    assert player.sees_all is (name == "oracle")
