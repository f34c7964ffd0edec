"""The table's rough edges a new player found: each one driven through the real window."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import PASS, Phase, Seat

from .conftest import advance, settle


def _always_pass(game: Any, legal: Any, rng: Any) -> Any:
    return PASS if PASS in legal else rng.choice(legal)


def test_the_stuck_dealer_is_not_offered_a_pass_and_p_says_why(qtbot, make_window) -> None:
    window = make_window(
        seed=5,
        stick_the_dealer=True,
        player_west="person",
        player_north="person",
        player_east="person",
    )
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_2 and c.game.turn is c.game.dealer,
        choose=_always_pass,
    )
    seat = c.game.turn
    prompt = window.scene.badges[seat].note
    assert "pass" not in prompt and "name trump" in prompt
    assert "pass" not in window.scene.describe().split("Your hand:")[-1].lower()
    n = len(c.game.actions)
    qtbot.keyClick(window.view, Qt.Key.Key_P)
    assert len(c.game.actions) == n  # nothing was played
    kind, text = window.messages[-1]
    assert kind == "illegal" and "must name trump" in text, text
    assert "the dealer must" not in text  # said to the dealer, in person


def test_a_dealer_who_may_pass_is_told_so(qtbot, make_window) -> None:
    window = make_window(seed=5, player_west="person", player_north="person", player_east="person")
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_2, choose=_always_pass)
    assert "name trump or pass" in window.scene.badges[c.game.turn].note
    assert Seat.SOUTH in c.people()
    settle(qtbot, window)
