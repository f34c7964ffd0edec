"""The Drills dialog, by keyboard: a number key chooses, the verdict is said and the focus
goes on; Play It Out puts the drill's deal on the table from its position."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from euchre_qt.app.drills.dialog import DrillsDialog
from euchre_qt.app.review.practice_result import PracticeResultDialog
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Seat

from ..conftest import advance, settle


def _open(qtbot: QtBot, window: Any) -> DrillsDialog:
    window.menus.act_drills.trigger()
    dialog: DrillsDialog = window.opened[-1]
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: bool(dialog.choice_buttons) and dialog.choice_buttons[0].hasFocus(), timeout=5000)
    return dialog


def test_a_drill_is_answered_by_its_number_key_and_the_answer_is_said(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    window = make_window(seed=3)
    dialog = _open(qtbot, window)
    drill = dialog.drill
    assert drill is not None and "Your hand:" in dialog.position.toPlainText()
    buttons = dialog.choice_buttons
    assert len(buttons) == len(drill.view().legal_actions)
    assert all(b.accessibleName() for b in buttons) and dialog.answer.accessibleName() == "Answer"
    spoken: list[str] = []
    dialog._announcer.spoken.connect(lambda text, _assertive: spoken.append(text))
    with qtbot.waitSignal(dialog.answered, timeout=5000) as answered:
        qtbot.keyClick(dialog, Qt.Key.Key_1)
    right = drill.view().legal_actions[0] == drill.answer
    assert answered.args == [right]
    shown = dialog.answer.toPlainText()
    assert ("Right" if right else "Not the best") in shown and "4,096 deals" in shown
    assert not any(b.isEnabled() for b in buttons)
    qtbot.waitUntil(lambda: bool(spoken) and ("Right" if right else "Not the best") in spoken[-1], timeout=5000)
    assert (private_folders["data"] / "drills-progress.json").exists()
    assert "1 answered" in dialog.progress_view.toPlainText()

    qtbot.waitUntil(lambda: dialog.next_button.hasFocus(), timeout=5000)
    qtbot.keyClick(dialog.next_button, Qt.Key.Key_Space)
    assert dialog.drill is not None and dialog.drill.id != drill.id
    assert all(b.isEnabled() for b in dialog.choice_buttons)
    assert dialog.choice_buttons[0].hasFocus()  # the next position's first choice, at once
    # Tab reads on from the position through every choice to the answer
    dialog.position.setFocus()
    qtbot.waitUntil(lambda: dialog.position.hasFocus(), timeout=5000)
    reached = []
    for _ in dialog.choice_buttons:
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        reached.append(dialog.focusWidget())
    assert reached == dialog.choice_buttons


def test_a_theme_chosen_gives_drills_of_that_theme(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3)
    dialog = _open(qtbot, window)
    index = next(i for i in range(dialog.theme_box.count()) if dialog.theme_box.itemData(i) == "discard")
    dialog.theme_box.setCurrentIndex(index)
    assert dialog.drill is not None and dialog.drill.theme.value == "discard"
    assert "The dealer's discard" in dialog.position.toPlainText()


def test_play_it_out_puts_the_drill_on_the_table_as_a_practice_hand(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=3)
    c = window.controller
    settle(qtbot, window)
    real = c.game
    dialog = _open(qtbot, window)
    drill = dialog.drill
    assert drill is not None
    with qtbot.waitSignal(dialog.answered, timeout=5000):
        qtbot.keyClick(dialog, Qt.Key.Key_1)
    assert dialog.play_button.isEnabled()
    dialog.play_button.click()
    settle(qtbot, window)
    assert window.kept.practice is not None and window.kept.practice.drill and window.kept.practice.real is real
    hand = c.game.hand
    assert hand.hands[Seat.SOUTH] == drill.state().hands[Seat.SOUTH]
    assert [a for _, a in hand.history] == list(drill.moves)
    assert c.stage is Stage.HUMAN and hand.turn is Seat.SOUTH

    advance(qtbot, window, lambda: window.kept.practice is None)  # South's cards at random, to the end
    result = window.opened[-1]
    assert isinstance(result, PracticeResultDialog)
    assert result.verdict.text().startswith("The drill played out:")
    assert [p.accessibleName() for p in result.plays] == ["Played out"]
    assert c.game is real
