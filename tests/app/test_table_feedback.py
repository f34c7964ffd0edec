"""What a player sees of the play as it happens: each computer seat's level, the winning
card of a trick, the last trick at Instant speed, a partner sitting out, the game's end."""

from __future__ import annotations

import pytest

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Seat
from euchre_qt.engine.actions import ActionKind

from .conftest import advance, settle


def test_each_computer_seat_says_its_level(qtbot, make_window) -> None:
    window = make_window(seed=3, player_north="advanced")
    settle(qtbot, window)
    badges = window.scene.badges
    assert badges[Seat.NORTH].toolTip() == "Nell — computer player: Advanced"
    assert badges[Seat.WEST].toolTip() == "Wes — computer player: Novice"
    assert "computer" not in badges[Seat.SOUTH].toolTip()
    window.change_settings(they_see_all=True)
    assert badges[Seat.EAST].toolTip() == "Ed — computer player: Novice, sees every card"


def _lose(game, legal, rng):
    """Both of us pass every bid and play at random: they soon win, often without our scoring."""
    passes = [a for a in legal if a.kind is ActionKind.PASS]
    return passes[0] if passes else rng.choice(legal)


@pytest.mark.parametrize("size", [(1, 1), (800, 600)], ids=["minimum", "800x600"])
def test_the_game_over_headline_stays_on_one_line(qtbot, make_window, size) -> None:
    window = make_window(seed=2, size=size, points_to_win=5, player_north="person")
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.GAME_OVER and c.game.is_slam, new_games=True, choose=_lose)
    qtbot.waitUntil(lambda: window.scene.summary_panel.isVisible())
    first = window.scene.summary_panel.text.document().firstBlock()
    assert first.text() == "Slam! They win"
    assert first.layout().lineCount() == 1
