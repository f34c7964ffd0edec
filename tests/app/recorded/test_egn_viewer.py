"""A recorded game (EGN) opened in the real window: stepped through with buttons and keys,
unknown cards face down, the game in progress paused and back afterwards; saving as EGN."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Card, Seat
from euchre_qt.notation import egn, validation_errors

from ..conftest import click_item, settle

DATA = Path(__file__).resolve().parents[2] / "data" / "egn"
SIX = DATA / "six_points_in_two_hands.egn"


def open_in(qtbot: Any, window: Any, path: Path) -> Any:
    with qtbot.waitSignal(window.statusBar().messageChanged, timeout=10000, raising=False):
        window.recorded.open_game_file(path)
    qtbot.waitUntil(lambda: window.recorded.viewer is not None, timeout=10000)
    return window.recorded.viewer


def test_open_step_through_and_close(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    settle(qtbot, window)
    playing = window.controller.game
    actions_before = list(playing.actions)
    viewer = open_in(qtbot, window, SIX)
    bar = window.recorded._viewer_bar
    assert bar.isVisible() and "Deal 1 of 2, move 0" in bar.caption.text()
    state = window.scene.state
    assert state.viewing and state.names[0] == "Florida" and state.scores == (4, 9)
    # South sat out (North alone): South's cards, and the kitty's, are face down
    south = window.scene.cards[viewer.shown.game.dealt(0).hands[Seat.SOUTH][0]]
    assert not south.face_up and viewer.shown.game.dealt(0).hands[Seat.SOUTH][0] in state.unknown
    west_card = window.scene.cards[Card.parse("9S")]  # West leads it in trick 1: known, face up
    assert west_card.face_up
    # the buttons step a move at a time; the keys too
    qtbot.mouseClick(bar.forward, Qt.MouseButton.LeftButton)
    assert viewer.index == 1 and "Florida-" not in bar.caption.text()
    assert "24wil (West) chose to pass" in bar.caption.text()
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert viewer.index == 2
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert viewer.index == 1
    qtbot.keyClick(window, Qt.Key.Key_PageDown)
    assert viewer.position.deal == 1 and viewer.position.move == 0
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert window.scene.state.stage is Stage.GAME_OVER and window.scene.state.scores == (10, 9)
    assert not bar.forward.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert viewer.index == 0 and not bar.back.isEnabled()
    # the game being played waited, untouched, and comes back
    assert window.menus.act_hint.isEnabled() is False and window.menus.act_undo.isEnabled() is False
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.recorded.viewer is None and not bar.isVisible()
    settle(qtbot, window)
    assert window.controller.game is playing and playing.actions[: len(actions_before)] == actions_before
    assert not window.scene.state.viewing


def test_a_finished_trick_lies_on_the_table(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    settle(qtbot, window)
    viewer = open_in(qtbot, window, SIX)
    viewer.go(6 + 3)  # six calls, then trick 1's three cards
    state = window.scene.state
    assert state.stage is Stage.TRICK and state.pending_trick is not None
    assert [c.text for c in state.pending_trick.cards] == ["9S", "AS", "JS"]
    assert window.scene.cards[Card.parse("AS")].isVisible()


def test_a_broken_record_opens_up_to_the_bad_move(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    data = json.loads(SIX.read_text(encoding="utf-8"))
    tricks = data["deals"][1]["phases"][1]["tricks"]
    tricks[1][3], tricks[3][3] = "9h", "Qd"
    path = tmp_path / "renege.egn"
    path.write_text(json.dumps(data), encoding="utf-8")
    window = make_window()
    settle(qtbot, window)
    viewer = open_in(qtbot, window, path)
    assert any("must follow suit" in text for _, text in window.notices.messages)
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert "must follow suit (trump)" in window.recorded._viewer_bar.caption.text()
    assert len(viewer.position.hand.tricks) == 1


def test_a_file_that_is_not_a_game_says_so(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    path = tmp_path / "junk.egn"
    path.write_bytes(b"\x00\x01 not json")
    window = make_window()
    settle(qtbot, window)
    window.recorded.open_game_file(path)
    qtbot.waitUntil(
        lambda: any("junk.egn cannot be shown" in text for _, text in window.notices.messages), timeout=10000
    )
    assert window.recorded.viewer is None


def test_dropping_an_egn_file_on_the_window_opens_it(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    settle(qtbot, window)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(SIX))])
    drop = QDropEvent(
        QPointF(QPoint(200, 200)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(drop)
    qtbot.waitUntil(lambda: window.recorded.viewer is not None, timeout=10000)
    assert window.recorded.viewer.title == "Six Points in Two Hands"


def test_save_game_as_egn_writes_a_valid_file(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window(name_south="Ann")
    settle(qtbot, window)
    game = window.controller.game
    path = tmp_path / "mine.egn"
    window.recorded.write_egn(game, path)
    assert window.files.writer.flush()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert validation_errors(data) == [] and data["metadata"]["players"][0] == "Ann"
    shown = egn.open_game(path)
    assert shown.problem is None and shown.game.actions == game.actions


def test_the_summary_shows_no_game_buttons_and_a_right_click_goes_on(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    settle(qtbot, window)
    viewer = open_in(qtbot, window, SIX)
    viewer.go(6 + 15)  # the first deal over: the summary
    assert window.scene.state.stage is Stage.HAND_OVER
    assert not any(b.isVisible() for b in window.scene.buttons.values())  # the viewer's own buttons step
    click_item(qtbot, window, window.scene.cards[Card.parse("9S")], Qt.MouseButton.RightButton)
    qtbot.waitUntil(lambda: viewer.index == 6 + 15 + 1)  # a right click goes on, as in a game


def test_a_file_named_on_the_command_line_is_the_one_shown() -> None:
    from euchre_qt.__main__ import _args

    assert _args(["game.egn"]).file == "game.egn"
    assert _args(["--new"]).file is None


def test_a_screen_reader_hears_each_step(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    settle(qtbot, window)
    viewer = open_in(qtbot, window, SIX)
    said: list[str] = []
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    qtbot.keyClick(window, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: any("24wil (West) chose to pass" in text for text in said))
    assert viewer.index == 1


def test_a_recorded_game_is_reviewed_and_analysed_for_every_player(qtbot: Any, make_window: Any) -> None:
    window = make_window(seed=4)
    settle(qtbot, window)
    viewer = open_in(qtbot, window, SIX)
    assert window.menus.act_review.isEnabled()
    window.dialogs.show_review()
    review = window.opened[-1]
    assert review.analysis.game.actions == viewer.shown.game.actions and review.analysis.game.actions
    assert set(review.analysis.seats) == set(Seat)  # every player of the record, not only South
    assert not review.analysis.again_button.isVisibleTo(review)  # practice is for games played here


def test_the_review_opens_on_the_deal_the_viewer_shows(qtbot: Any, make_window: Any) -> None:
    window = make_window(seed=4)
    settle(qtbot, window)
    viewer = open_in(qtbot, window, SIX)
    for deal in (0, 1):
        viewer.go(next(i for i, p in enumerate(viewer.positions) if p.deal == deal) + 3)
        window.dialogs.show_review()
        review = window.opened[-1]
        assert review.list.currentItem().text().startswith(f"Hand {deal + 1}:")
        assert review.analysis.hand == review.list.currentRow()
