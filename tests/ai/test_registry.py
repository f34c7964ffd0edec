"""Players by name."""

from __future__ import annotations

import importlib

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


def test_advanced_players_when_their_module_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def without_advanced(name: str, package: str | None = None) -> object:
        if name.endswith(".advanced"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_advanced)
    for name in ("advanced", "oracle"):
        with pytest.raises(ValueError, match="the advanced player is not available"):
            make_player(name)


@pytest.mark.parametrize("name", ["advanced", "oracle"])
def test_advanced_players_when_present(name: str) -> None:
    try:
        player = make_player(name, seed=2, think_ms=5)
    except ValueError as exc:
        assert "not available" in str(exc)
        pytest.skip(str(exc))
    assert isinstance(player, Player)
    assert player.sees_all is (name == "oracle")
